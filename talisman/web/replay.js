// A finished game, step by step: /replay/{id}. The spectator's view of each position, and what each step did.

import { api } from './api.js';
import { drawBoard, layoutBoard } from './board.js';
import { clear, h, ownerOf, s } from './dom.js';
import { lastRoll, logLine, sheet } from './sheet.js';

export async function replayPage(root, gameId) {
  const id = encodeURIComponent(gameId);
  const [game, board] = await Promise.all([api(`/api/games/${id}`), api(`/api/games/${id}/board`)]);
  const layout = layoutBoard(board);
  const el = {
    svg: s('svg', { class: 'board', role: 'img', 'aria-label': 'the board' }),
    slider: h('input', { type: 'range', min: 0, max: game.step, value: 0, 'aria-label': 'step' }),
    counter: h('span', { class: 'counter' }),
    action: h('section', { class: 'decision' }),
    dice: h('section', { class: 'dice' }),
    sheets: h('div', { class: 'sheets' }),
    log: h('ol', { class: 'log' }),
  };
  let step = 0;
  let loading = 0;
  const go = (n) => show(Math.max(0, Math.min(game.step, n)));
  const controls = h('div', { class: 'replay-controls' },
    h('button', { type: 'button', onclick: () => go(0), 'aria-label': 'first step' }, '|◀'),
    h('button', { type: 'button', onclick: () => go(step - 1), 'aria-label': 'previous step', 'data-step': 'prev' }, '◀'),
    el.counter,
    h('button', { type: 'button', onclick: () => go(step + 1), 'aria-label': 'next step', 'data-step': 'next' }, '▶'),
    h('button', { type: 'button', onclick: () => go(game.step), 'aria-label': 'last step' }, '▶|'),
    el.slider);
  el.slider.addEventListener('change', () => go(Number(el.slider.value)));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight') go(step + 1);
    if (e.key === 'ArrowLeft') go(step - 1);
  });
  if (game.status !== 'finished') {
    clear(root, h('div', { class: 'panel error' }, 'Only a finished game can be replayed. ',
      h('a', { href: `/game/${id}` }, 'Watch it instead.')));
    return;
  }
  clear(root, h('div', { class: 'game' },
    h('div', { class: 'game-head' }, h('h1', { class: 'game-title' }, `${game.title} – replay`)),
    controls,
    h('div', { class: 'board-wrap' }, el.svg),
    h('aside', { class: 'side' }, el.action, el.dice, el.sheets,
      h('section', { class: 'log-wrap' }, h('h2', {}, 'What this step did'), el.log))));

  async function show(n) {
    const ticket = ++loading;
    const r = await api(`/api/games/${id}/replay/${n}`);
    if (ticket !== loading) return;
    step = n;
    el.slider.value = String(n);
    el.counter.textContent = `step ${n} of ${r.steps}`;
    drawBoard(el.svg, board, layout, r.view);
    const a = r.action;
    clear(el.action, h('h2', {}, a ? `${game.seats[a.seat].name} (${r.view.players[a.seat].name}): ${a.label}` : 'The game begins'),
      r.result ? h('p', {}, `The game is over: ${r.result.how}.`) : null);
    clear(el.dice, h('h2', {}, 'Dice'), lastRoll(r.events, 'No dice at this step.'));
    clear(el.sheets, r.view.players.map((p) => sheet(p, game.seats[ownerOf(p)], { acting: !r.view.result && p.seat === r.view.active })));
    clear(el.log, r.events.map(logLine));
  }
  show(0);
}
