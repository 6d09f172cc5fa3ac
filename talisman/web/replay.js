// A finished game, step by step: /replay/{id}[?seat=N]. Each position as a spectator saw it, or as
// seat N did (its own Spells; the game is over, so nothing is secret any more), and what each step did.
// Jumps by step and by turn, a slider, and autoplay at a chosen speed.

import { api, mySeats } from './api.js';
import { boardBox, drawBoard, layoutBoard, spaceCentre } from './board.js';
import { clear, h, ownerOf, s } from './dom.js';
import { adventurePanel, drawLegendary, drawnPanel, heroSheets, isLegendary, legendaryBox, resultText } from './legendary.js';
import { lastRoll, logLine, sheet } from './sheet.js';
import { Zoom } from './zoom.js';

const SPEEDS = [['slow', 1500], ['normal', 700], ['fast', 250], ['very fast', 60]];
const PHONE = 600;
const PHONE_ZOOM = 2.2;

export async function replayPage(root, gameId) {
  const id = encodeURIComponent(gameId);
  const game = await api(`/api/games/${id}`);
  if (game.status !== 'finished') {
    clear(root, h('div', { class: 'panel bad-link' }, h('h1', {}, 'Not finished yet'),
      h('p', {}, 'Only a finished game can be replayed: the record of a game in play would give away its dice and decks.'),
      h('ul', { class: 'ways' }, h('li', {}, h('a', { href: `/game/${id}` }, 'Watch it instead')),
        h('li', {}, h('a', { href: '/' }, 'Back to the lobby')))));
    return;
  }
  const [board, index] = await Promise.all([api(`/api/games/${id}/board`), api(`/api/games/${id}/replay`)]);
  const params = new URLSearchParams(location.search);
  const mine = mySeats(gameId);
  let seat = params.has('seat') ? Number(params.get('seat')) : (mine.length ? mine[0] : null);
  if (!(seat >= 0 && seat < game.seats.length)) seat = null;
  const layout = layoutBoard(board);
  const turns = index.turns;
  const el = {
    svg: s('svg', { class: 'board', role: 'img', 'aria-label': 'the board' }),
    slider: h('input', { type: 'range', min: 0, max: game.step, value: 0, 'aria-label': 'step' }),
    counter: h('span', { class: 'counter' }),
    turn: h('select', { 'aria-label': 'turn', name: 'turn' },
      turns.map((t, i) => h('option', { value: i }, `Turn ${t.turn}`))),
    play: h('button', { type: 'button', 'data-play': '', 'aria-label': 'play' }, '▶ Play'),
    speed: h('select', { 'aria-label': 'speed', name: 'speed' },
      SPEEDS.map(([name, ms]) => h('option', { value: ms, selected: name === 'normal' }, name))),
    seen: h('select', { 'aria-label': 'seen by', name: 'seen' },
      h('option', { value: '' }, 'as a spectator saw it'),
      game.seats.map((st) => h('option', { value: st.seat, selected: st.seat === seat }, `as seat ${st.seat + 1} (${st.name}) saw it`))),
    action: h('section', { class: 'decision' }),
    dice: h('section', { class: 'dice' }),
    adventure: h('div', { class: 'adventure-wrap', hidden: true }),
    sheets: h('div', { class: 'sheets' }),
    log: h('ol', { class: 'log' }),
  };
  const zoom = new Zoom(el.svg, boardBox(layout));
  let zoomed = false;
  let step = 0; // the step last asked for, set at once: quick clicks count on from it, not from a step still loading
  let loading = 0;
  let timer = null;
  const go = (n) => {
    step = Math.max(0, Math.min(game.step, n));
    return show(step);
  };
  /** The index in `turns` of the turn that step n belongs to. */
  const turnOf = (n) => {
    let i = 0;
    while (i + 1 < turns.length && turns[i + 1].step <= n) i++;
    return i;
  };
  const button = (label, name, f, data) => h('button', { type: 'button', onclick: f, 'aria-label': name, 'data-step': data }, label);
  const controls = h('div', { class: 'replay-controls' },
    button('|◀', 'first step', () => go(0), 'first'),
    button('◀◀ turn', 'previous turn', () => {
      const i = turnOf(step);
      go(turns[step > turns[i].step ? i : Math.max(0, i - 1)].step);
    }, 'prev-turn'),
    button('◀', 'previous step', () => go(step - 1), 'prev'),
    el.counter,
    button('▶', 'next step', () => go(step + 1), 'next'),
    button('turn ▶▶', 'next turn', () => {
      const i = turnOf(step);
      go(i + 1 < turns.length ? turns[i + 1].step : game.step);
    }, 'next-turn'),
    button('▶|', 'last step', () => go(game.step), 'last'),
    el.turn, el.play, el.speed, el.seen, el.slider);
  el.slider.addEventListener('change', () => go(Number(el.slider.value)));
  el.turn.addEventListener('change', () => go(turns[Number(el.turn.value)].step));
  el.play.addEventListener('click', () => (timer ? stop() : play()));
  el.speed.addEventListener('change', () => { if (timer) { stop(); play(); } });
  el.seen.addEventListener('change', () => {
    seat = el.seen.value === '' ? null : Number(el.seen.value);
    history.replaceState(null, '', `/replay/${id}${seat === null ? '' : `?seat=${seat}`}`);
    show(step);
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('select, input')) return;
    if (e.key === 'ArrowRight') go(step + 1);
    if (e.key === 'ArrowLeft') go(step - 1);
    if (e.key === ' ') { e.preventDefault(); el.play.click(); }
  });

  function play() {
    if (step >= game.step) go(0);
    el.play.textContent = '⏸ Pause';
    el.play.setAttribute('aria-label', 'pause');
    const tick = async () => {
      if (step >= game.step) return stop();
      await go(step + 1);
      if (timer) timer = setTimeout(tick, Number(el.speed.value));
    };
    timer = setTimeout(tick, Number(el.speed.value));
  }

  function stop() {
    clearTimeout(timer);
    timer = null;
    el.play.textContent = '▶ Play';
    el.play.setAttribute('aria-label', 'play');
  }

  clear(root, h('div', { class: 'game replay', 'data-step': '0' },
    h('div', { class: 'game-head' }, h('h1', { class: 'game-title' }, `${game.title} – replay`)),
    controls,
    h('div', { class: 'board-wrap' }, el.svg, zoom.controls()),
    h('aside', { class: 'side' }, el.action, el.adventure, el.dice),
    h('section', { class: 'log-wrap' }, h('h2', {}, 'What this step did'), el.log),
    el.sheets));

  async function show(n) {
    const ticket = ++loading;
    const r = await api(`/api/games/${id}/replay/${n}${seat === null ? '' : `?seat=${seat}`}`);
    if (ticket !== loading) return;
    root.querySelector('.game').dataset.step = String(n);
    el.slider.value = String(n);
    const t = turns[turnOf(n)];
    el.turn.value = String(turnOf(n));
    el.counter.textContent = `step ${n} of ${r.steps} · turn ${t.turn}`;
    if (isLegendary(r.view)) return showLegendary(r);
    const seatName = (p) => game.seats[ownerOf(p)].name;
    drawBoard(el.svg, board, layout, r.view, { zoom, seatName });
    if (!zoomed) {   // on a phone, as in a game, the first drawing zooms in on the acting piece: its names can be read
      zoomed = true;
      const p = r.view.players[r.view.active];
      const at = p && spaceCentre(layout, p.space);
      if (window.innerWidth < PHONE) {
        zoom.setScale(PHONE_ZOOM);
        if (at) zoom.centre(...at);
      }
    }
    const a = r.action;
    clear(el.action, h('h2', {}, a ? `${game.seats[a.seat].name} (${r.view.players[a.seat].name}): ${a.label}` : 'The game begins'),
      r.result ? h('p', {}, `The game is over: ${r.result.how}.`) : null);
    clear(el.dice, h('h2', {}, 'Dice'), lastRoll(r.events, 'No dice at this step.'));
    clear(el.sheets, r.view.players.map((p) => sheet(p, game.seats[ownerOf(p)], {
      full: seat !== null && ownerOf(p) === seat, acting: !r.view.result && p.seat === r.view.active,
    })));
    clear(el.log, r.events.map(logLine));
  }
  let framed = null;   // the adventure whose map the zoom frames (a campaign goes on to others)
  /** A step of a game of Legendary Tales (legendary.js): the map, the adventure, the heroes' bags. */
  function showLegendary(r) {
    const view = r.view;
    root.querySelector('.game').classList.add('legendary');
    if (framed !== view.adventure.number) {
      framed = view.adventure.number;
      zoom.reframe(legendaryBox(view));
    }
    drawLegendary(el.svg, view, { board, zoom, seatName: (x) => game.seats[x.seat].name });
    const a = r.action;
    clear(el.action, h('h2', {}, a ? `${game.seats[a.seat].name} (${view.heroes[a.seat].name}): ${a.label}` : 'The game begins'),
      view.result ? h('p', { class: `result ${view.result.won ? 'won' : 'lost'}` }, resultText(view.result)) : null);
    el.adventure.hidden = false;
    clear(el.adventure, adventurePanel(view));
    clear(el.dice, h('h2', {}, 'Travel die'), lastRoll(r.events, 'Not rolled yet.'), h('h2', {}, 'Drawn this turn'), drawnPanel(view));
    clear(el.sheets, heroSheets(view, (i) => game.seats[i], seat));
    clear(el.log, r.events.map(logLine));
  }

  await show(0);
}
