// The game page: /game/{id}?seat=N (a person's seat, its token kept in this browser) or /game/{id} (a spectator).
// Before a game begins it may wait for its people to choose their characters (see choose.js).

import { api, Live, saveToken, tokenFor } from './api.js';
import { boardBox, drawBoard, layoutBoard, optionSpace, spaceCentre } from './board.js';
import { choosePanel, choosers } from './choose.js';
import { adventurePanel, drawLegendary, drawnPanel, heroSheets, isLegendary, legendaryBox, resultText, travelTargets } from './legendary.js';
import { pacePanel } from './pace.js';
import { clear, h, ownerOf, s } from './dom.js';
import { allowMotion, tumble } from './motion.js';
import { lastRoll, logLine, sheet } from './sheet.js';
import { Zoom } from './zoom.js';

const LOG_SHOWN = 400;
const DRAW_LATEST_MS = 200;   // a state is drawn this long after it came at the latest (see drawSoon)
// The standing answers that cover a kind of question: shown beside it (talisman/engine/standing.py).
const STANDING_FOR = {
  fate: ['fate-beside-die', 'no-fate'], 'others-turn': ['spells-that-matter', 'spells-own-turn'], counterspell: ['spells-own-turn'],
};
const TUTORIAL_KEY = 'talisman.tutorial';
const HINT_FOCUS = '(hint)';   // the Hint button, as the focus kept across drawings names it
// On a narrow screen the board starts zoomed in on the seat's piece, so that its names can be read.
const PHONE = 600;
const PHONE_ZOOM = 2.2;

/** The page for a link that opens no seat: why, and the ways on from here. */
async function badLink(root, gameId, seat, { message = '', stored = false } = {}) {
  const id = encodeURIComponent(gameId);
  let game = null;
  try {
    game = await api(`/api/games/${id}`);
  } catch {
    // no such game: said below
  }
  const why = game
    ? `The link is not the key to seat ${seat + 1} of “${game.title}”: it may be mistyped, cut short, or from an older invitation.`
    : 'There is no such game on this server: the link may be mistyped or cut short, or the game was removed.';
  clear(root, h('div', { class: 'panel bad-link' },
    h('h1', {}, 'This link does not open a seat'),
    h('p', {}, why),
    message ? h('p', { class: 'muted' }, message) : null,
    h('ul', { class: 'ways' },
      stored ? h('li', {}, h('a', { href: `/game/${id}?seat=${seat}`, 'data-way': 'stored' }, `Open seat ${seat + 1} with the key this browser already has`)) : null,
      game ? h('li', {}, h('a', { href: `/game/${id}`, 'data-way': 'watch' }, 'Watch the game as a spectator')) : null,
      h('li', {}, h('a', { href: '/', 'data-way': 'lobby' }, 'Back to the lobby')))));
}

export async function gamePage(root, gameId) {
  const params = new URLSearchParams(location.search);
  const seat = params.has('seat') ? Number(params.get('seat')) : null;
  if (params.get('invite') && seat !== null) {
    // An invitation link: claim the seat with it; the seat's token, made now, is kept in this browser.
    try {
      const claimed = await api(`/api/games/${encodeURIComponent(gameId)}/seats/${seat}/claim`,
        { method: 'POST', body: { invite: params.get('invite') } });
      saveToken(gameId, seat, claimed.token);
    } catch (err) {
      if (!tokenFor(gameId, seat)) {
        clear(root, h('div', { class: 'panel error' },
          h('p', {}, `This invitation does not open seat ${seat + 1}: ${err.message} `),
          h('a', { href: `/game/${encodeURIComponent(gameId)}` }, 'Watch as a spectator.')));
        return;
      }
    }
    history.replaceState(null, '', `/game/${encodeURIComponent(gameId)}?seat=${seat}`);
  }
  const stored = seat === null ? null : tokenFor(gameId, seat);
  // A join link's token is kept in this browser only once the server has taken it: a wrong link
  // must not replace the good key this browser may already hold for the seat.
  const offered = seat === null ? null : params.get('token');
  if (offered) history.replaceState(null, '', `/game/${encodeURIComponent(gameId)}?seat=${seat}`);
  const token = offered || stored;
  if (seat !== null && (!Number.isInteger(seat) || seat < 0)) {
    badLink(root, gameId, 0, { message: `“${params.get('seat')}” is not a seat.` });
    return;
  }
  if (seat !== null && !token) {
    clear(root, h('div', { class: 'panel bad-link' },
      h('h1', {}, 'No key for this seat here'),
      h('p', {}, `This browser has no key for seat ${seat + 1} of this game. Open your join link again.`),
      h('ul', { class: 'ways' },
        h('li', {}, h('a', { href: `/game/${encodeURIComponent(gameId)}`, 'data-way': 'watch' }, 'Watch the game as a spectator')),
        h('li', {}, h('a', { href: '/', 'data-way': 'lobby' }, 'Back to the lobby')))));
    return;
  }

  const board = await api(`/api/games/${encodeURIComponent(gameId)}/board`);
  const layout = layoutBoard(board);
  const el = {
    banner: h('div', { class: 'banner', role: 'status', 'aria-live': 'polite' }),
    connection: h('span', { class: 'connection' }),
    svg: s('svg', { class: 'board', role: 'img', 'aria-label': 'the board' }),
    tutorial: h('section', { class: 'tutorial', role: 'note', 'aria-label': 'tutorial', hidden: true }),
    decision: h('section', { class: 'decision', id: 'choice', 'aria-label': 'your choice', tabindex: -1 }),
    dice: h('section', { class: 'dice' }),
    adventure: h('div', { class: 'adventure-wrap', hidden: true }),
    sheets: h('div', { class: 'sheets' }),
    log: h('ol', { class: 'log' }),
    title: h('h1', { class: 'game-title' }),
    choose: h('div', { class: 'choose-wrap', hidden: true }),
  };
  const pace = pacePanel(gameId, seat, token);
  const zoom = new Zoom(el.svg, boardBox(layout));
  const page = h('div', { class: 'game', 'data-step': '' },
    h('a', { class: 'skip-link', href: '#choice' }, 'Skip to your choice'),
    h('div', { class: 'game-head' }, el.title, el.connection),
    el.banner,
    el.choose,
    h('div', { class: 'board-wrap' }, el.svg, zoom.controls()),
    h('aside', { class: 'side' }, el.tutorial, el.decision, el.dice, pace.el, el.adventure),
    h('section', { class: 'log-wrap' }, h('h2', {}, 'Log'), el.log),
    el.sheets);
  clear(root, page);

  const state = { game: null, view: null, step: 0, events: [], sending: false, error: '', cards: null, tutorial: null, hint: null, hinting: false };
  const tutorial = tutorialTips(gameId);

  // Bots at "instant" speed (or a reconnection catching up) send states faster than the page can draw
  // them: the page is drawn once per animation frame, from the newest state however many came since.
  // A tab in the background gets no frames: a timer draws it instead, so that its title still says
  // when it is this seat's turn.
  let drawing = false;
  function drawSoon() {
    if (drawing) return;
    drawing = true;
    const draw = () => { if (drawing) render(); };   // (render clears it: one drawing, whichever comes first)
    requestAnimationFrame(draw);
    setTimeout(draw, DRAW_LATEST_MS);
  }

  const live = new Live(gameId, seat, token, {
    eventsSeen: () => state.events.length,
    onStatus: (st) => {
      el.connection.textContent = { online: '● connected', offline: '○ reconnecting…', refused: '× refused' }[st];
      el.connection.className = `connection ${st}`;
    },
    onMessage: (msg) => {
      if (msg.type === 'state') {
        if (offered && !state.view) saveToken(gameId, seat, offered);
        if (msg.events_from === 0) state.events = msg.events;
        else if (msg.events_from === state.events.length) state.events = state.events.concat(msg.events);
        else state.events = state.events.slice(0, msg.events_from).concat(msg.events);
        Object.assign(state, { game: msg.game, view: msg.view, step: msg.step, sending: false, settings: msg.settings, tutorial: msg.tutorial || null });
        if (msg.events.length || msg.events_from === 0) state.error = '';
        drawSoon();
      } else if (msg.type === 'game') {
        state.game = msg.game;
        drawSoon();
      } else if (msg.type === 'error') {
        state.sending = false;
        state.error = msg.message;
        if (msg.error === 'replaced') {   // the creator invited this seat anew: this browser's key is void
          live.close();
          badLink(root, gameId, seat, { message: msg.message });
        } else if (state.view) {
          render();
        } else {           // refused before the first state: a bad or outdated link
          live.close();
          const message = msg.error === 'forbidden' ? '' : msg.message;
          badLink(root, gameId, seat, { message, stored: Boolean(stored && stored !== token) });
        }
      }
    },
  });

  function choose(option) {
    if (state.sending) return;
    if (option.warn && state.armed !== `${state.step}:${option.id}`) {   // a move into certain death: ask again
      state.armed = `${state.step}:${option.id}`;
      render();
      return;
    }
    if (live.send({ type: 'act', option: option.id, step: state.step })) {
      state.sending = true;
      render();
    }
  }

  /** Ask what the rule-aware bot would do at this seat's decision, and why (the server's hint): shown
   *  beside the decision, its option marked, until play moves on. It answers nothing. */
  async function askHint() {
    const d = state.view && state.view.decision;
    if (state.hinting || seat === null || !d || !d.options || d.player !== seat) return;
    if (state.hint && state.hint.step === state.step) return;
    const step = state.step;
    state.hinting = true;
    render();
    try {
      state.hint = await api(`/api/games/${encodeURIComponent(gameId)}/seats/${seat}/hint`, { token });
    } catch (e) {
      state.hint = { step, error: e.message };
    }
    state.hinting = false;
    render();
  }

  /** The Hint button, and the hint once given (for the state on screen only). */
  function hintPanel() {
    const found = state.hint && state.hint.step === state.step ? state.hint : null;
    const button = h('button', {
      type: 'button', class: 'small hint-button', 'data-hint': 'ask', 'aria-keyshortcuts': 'h',
      'aria-disabled': state.hinting || found ? 'true' : null, title: 'What would the rule-aware bot do here, and why? (key H)',
      onclick: askHint,
    }, state.hinting ? 'Thinking…' : 'Hint (H)');
    let said = null;
    if (found && found.error) said = h('p', { class: 'bot-hint error', id: 'bot-hint', role: 'status' }, `No hint: ${found.error}`);
    else if (found) {
      said = h('p', { class: 'bot-hint', id: 'bot-hint', role: 'status' },
        h('strong', {}, `The rule-aware bot would choose “${found.label}”. `), found.reason);
    }
    return h('div', { class: 'hint-wrap' }, button, said);
  }

  /** Mark the option the hint names, wherever its button is (the decision, or beside the die). */
  function markHint() {
    const found = state.hint && state.hint.step === state.step && !state.hint.error ? state.hint : null;
    if (!found) return;
    for (const b of page.querySelectorAll(`button.option[data-option="${CSS.escape(found.option)}"]`)) {
      b.classList.add('hinted');
      b.setAttribute('aria-describedby', 'bot-hint');
    }
  }

  async function pick(character) {
    if (state.sending) return;
    Object.assign(state, { sending: true, error: '' });
    render();
    try {
      const game = await api(`/api/games/${encodeURIComponent(gameId)}/seats/${seat}/character`,
        { method: 'POST', body: { character: character.key }, token });
      if (game.status === 'choosing') state.game = game;   // else the game's first state comes by the socket
    } catch (e) {
      state.error = e.message;
    }
    state.sending = false;
    render();
  }

  function renderChoosing() {
    const { game } = state;
    el.title.textContent = game.title;
    if (!state.cards) {
      state.cards = [];
      api(`/api/games/${encodeURIComponent(gameId)}/characters`).then((cards) => { state.cards = cards; render(); });
    }
    const mine = seat !== null && game.seats[seat].choosing;
    const others = game.seats.filter((st) => st.choosing && st.seat !== seat).length;
    el.banner.textContent = mine ? 'Choose your character: the game begins once everyone has chosen.'
      : `Waiting for ${choosers(game)} to choose ${others > 1 ? 'their characters' : 'a character'}…`;
    el.banner.className = `banner ${mine ? 'yours' : 'waiting'}`;
    document.title = `${mine ? '▶ ' : ''}Talisman – ${game.title}`;
    clear(el.choose, choosePanel(game, state.cards, seat, { onPick: pick, sending: state.sending, error: state.error }));
  }

  /** A Fate reroll this seat's standing answers show beside the die: it stops nothing, and the roll is kept
   *  when the time is up (talisman/server/autopilot.py, "beside"). */
  function besideTheDie(d, mine) {
    const standing = (state.settings && state.settings.standing) || [];
    return Boolean(mine && d.kind === 'fate' && standing.includes('fate-beside-die') && !standing.includes('no-fate'));
  }

  /** The die of the last roll, and beside it the ways to roll again for a moment, with a fuse burning down. */
  function renderBeside(d) {
    const t = state.game.timer;
    const left = t && t.reason === 'beside' && t.step === state.step ? Math.max(0, t.ends_at - Date.now() / 1000) : null;
    const fuse = h('div', { class: 'fuse', role: 'presentation' }, h('span', { class: 'fuse-burn', style: left === null ? null : `animation-duration:${left.toFixed(2)}s` }));
    const button = (o, cls) => h('button', { class: `option beside ${cls}`, 'data-option': o.id, 'aria-disabled': state.sending ? 'true' : null, onclick: () => choose(o) }, o.label);
    clear(el.dice, h('h2', {}, 'Dice'), lastRoll(state.events),
      h('div', { class: 'beside-die', role: 'group', 'aria-label': 'roll again with Fate' },
        d.options.map((o) => button(o, o.verb === 'keep' ? 'keep' : 'again')), fuse));
  }

  /** The tutorial's tip for this moment (each shown once; the last, once all were), with "Got it". */
  function renderTutorial() {
    const tip = tutorial.pick(state.tutorial, state.step);
    el.tutorial.hidden = !tip;
    if (!tip) return;
    clear(el.tutorial, h('h2', {}, `Tutorial: ${tip.title}`), h('p', {}, tip.text),
      h('button', { type: 'button', class: 'small', 'data-tutorial': 'got-it', onclick: () => { tutorial.dismiss(); render(); } }, 'Got it'));
  }

  /** The decision as buttons (this seat's), or what the game waits for; a link to the replay once it is over. */
  function renderDecision(d, mine, targets) {
    const { view } = state;
    if (mine && besideTheDie(d, mine)) {
      clear(el.decision,
        h('h2', {}, rolledText(d.prompt)),
        h('p', { class: 'hint' }, 'Roll again with Fate beside the die, or let it be: the roll is kept in a moment and play goes on.'),
        hintPanel(),
        pace.toggles(STANDING_FOR.fate),
        state.error ? h('p', { class: 'error' }, state.error) : null);
      return;
    }
    if (mine) {
      const armed = (o) => state.armed === `${state.step}:${o.id}`;
      const button = (o) => h('button', {
        class: `option ${o.group}${o.warn ? ' deadly' : ''}`, 'data-option': o.id, 'aria-disabled': state.sending ? 'true' : null, onclick: () => choose(o),
        title: o.warn || null,
      }, armed(o) ? `☠ Really? ${o.label}` : (o.warn ? `☠ ${o.label}` : o.label));
      const deadly = d.options.filter((o) => o.warn);
      const warning = deadly.length ? h('div', { class: 'warning', role: 'alert' },
        deadly.map((o) => h('p', {}, `${o.label}: ${o.warn}`)),
        h('p', {}, 'Choose it twice to go anyway.')) : null;
      const main = d.options.filter((o) => o.group !== 'free');
      const free = d.options.filter((o) => o.group === 'free');
      clear(el.decision,
        h('h2', {}, d.prompt),
        targets.size ? h('p', { class: 'hint' }, 'Choose below, or pick a highlighted space on the board (on a touch screen: tap it, then choose).') : null,
        warning,
        hintPanel(),
        h('div', { class: 'options' }, main.map(button)),
        free.length ? h('div', { class: 'free' }, h('h3', {}, 'You may also'), h('div', { class: 'options' }, free.map(button))) : null,
        STANDING_FOR[d.kind] ? pace.toggles(STANDING_FOR[d.kind]) : null,
        state.error ? h('p', { class: 'error' }, state.error) : null);
    } else {
      clear(el.decision,
        view.result ? h('p', {}, h('a', { href: `/replay/${encodeURIComponent(gameId)}` }, 'Replay this game step by step')) : null,
        d ? h('p', { class: 'muted' }, seat === null ? `You are watching. ${d.prompt}` : d.prompt) : null,
        state.error ? h('p', { class: 'error' }, state.error) : null);
    }
  }

  function render() {
    drawing = false;
    const { game, view } = state;
    remember();
    if (game) allowMotion(game.bot_speed !== 'instant');
    const waiting = Boolean(game && game.status === 'choosing');
    page.classList.toggle('choosing', waiting);
    el.choose.hidden = !waiting;
    if (waiting) return renderChoosing();
    if (!game || !view) return;
    pace.update(state);
    if (isLegendary(view)) return renderLegendary();
    const seatInfo = (i) => game.seats[i];
    const who = (p) => `${seatInfo(ownerOf(p)).name} (${p.name})`;
    const d = view.decision;
    const mine = d && d.options && d.player === seat;
    el.title.textContent = game.title;
    page.dataset.step = String(state.step);

    // who is to act
    let banner;
    if (view.result) {
      const winners = view.result.winners.map((w) => who(view.players[w])).join(' and ');
      banner = `Game over: ${winners || 'nobody'} ${view.result.winners.length === 1 ? 'wins' : 'win'}: ${view.result.how}.`;
      el.banner.className = 'banner over';
    } else if (mine) {
      banner = yourBanner(d, view, besideTheDie(d, mine));
      el.banner.className = 'banner yours';
    } else if (d) {
      banner = waitingBanner(seatInfo(d.player), view.players[d.character ?? d.player].name);
      el.banner.className = 'banner waiting';
    }
    el.banner.textContent = banner;
    document.title = `${mine ? '▶ ' : ''}Talisman – ${game.title}`;

    // the decision as buttons, and the board's clickable destinations
    const targets = new Map();
    if (mine) {
      for (const o of d.options) {
        const sp = optionSpace(o, board);
        if (sp && !targets.has(sp)) targets.set(sp, o);
      }
    }
    drawBoard(el.svg, board, layout, view, { targets, onPick: choose, zoom, seatName: (p) => seatInfo(ownerOf(p)).name });
    if (!state.zoomed) {   // the first drawing: on a phone, zoom in on this seat's piece (or the acting one)
      state.zoomed = true;
      if (window.innerWidth < PHONE) {
        const me = view.players.find((p) => ownerOf(p) === seat && p.alive) || view.players[view.active];
        const at = me && spaceCentre(layout, me.space);
        zoom.setScale(PHONE_ZOOM);
        if (at) zoom.centre(...at);
      }
    }
    renderDecision(d, mine, targets);
    if (mine && besideTheDie(d, mine)) renderBeside(d);
    else clear(el.dice, h('h2', {}, 'Dice'), lastRoll(state.events));
    const roll = el.dice.querySelector('.dice-row[data-roll]');
    tumble(roll, roll ? Number(roll.dataset.roll) : -1);
    renderTutorial();
    markHint();
    restoreFocus();

    // sheets: this seat's first, then the acting character's, then the others
    const order = [...view.players].sort((a, b) => rank(a) - rank(b));
    function rank(p) {
      if (ownerOf(p) === seat) return p.seat / 100;
      if (p.seat === view.active) return 1;
      return 2 + p.seat;
    }
    clear(el.sheets, order.map((p) => sheet(p, seatInfo(ownerOf(p)), {
      full: ownerOf(p) === seat, acting: !view.result && p.seat === view.active,
    })));

    renderLog();
  }

  function renderLog() {
    const nearBottom = el.log.scrollHeight - el.log.scrollTop - el.log.clientHeight < 60;
    clear(el.log, state.events.slice(-LOG_SHOWN).map(logLine));
    if (nearBottom) el.log.scrollTop = el.log.scrollHeight;
  }

  /** A game of Legendary Tales: its map, the adventure and time, the heroes' bags (legendary.js). */
  function renderLegendary() {
    const { game, view } = state;
    const seatInfo = (i) => game.seats[i];
    const d = view.decision;
    const mine = Boolean(d && d.options && d.player === seat);
    el.title.textContent = game.title;
    page.dataset.step = String(state.step);
    page.classList.add('legendary');
    if (view.result) {
      el.banner.textContent = resultText(view.result);
      el.banner.className = `banner over ${view.result.won ? 'won' : 'lost'}`;
    } else if (mine) {
      el.banner.textContent = `Your turn: ${d.prompt}`;
      el.banner.className = 'banner yours';
    } else if (d) {
      el.banner.textContent = waitingBanner(seatInfo(d.player), view.heroes[d.player].name);
      el.banner.className = 'banner waiting';
    }
    document.title = `${mine ? '▶ ' : ''}Legendary Tales – ${game.title}`;
    const targets = mine ? travelTargets(view, d.options) : new Map();
    if (state.zoomed !== view.adventure.number) {   // the zoom frames this adventure's map (a campaign goes on to others)
      state.zoomed = view.adventure.number;
      zoom.reframe(legendaryBox(view));
    }
    drawLegendary(el.svg, view, { targets, onPick: choose, board, zoom, seatName: (x) => seatInfo(x.seat).name });
    renderDecision(d, mine, targets);
    el.adventure.hidden = false;
    clear(el.adventure, adventurePanel(view));
    clear(el.dice, h('h2', {}, 'Travel die'), lastRoll(state.events, 'Not rolled yet.'), h('h2', {}, 'Drawn this turn'), drawnPanel(view));
    const roll = el.dice.querySelector('.dice-row[data-roll]');
    tumble(roll, roll ? Number(roll.dataset.roll) : -1);
    clear(el.sheets, heroSheets(view, seatInfo, seat));
    renderLog();
    markHint();
    restoreFocus();
  }

  /** The page is drawn afresh for each new state: keyboard focus on an option (or where one was) stays there. */
  function restoreFocus() {
    const was = state.focused;
    state.focused = null;
    if (!was) return;
    const same = was === HINT_FOCUS ? page.querySelector('button[data-hint]')
      : page.querySelector(`button.option[data-option="${CSS.escape(was)}"]`);
    const first = page.querySelector('button.option.main, button.option.beside, button.option');
    (same || first)?.focus();
  }

  // Keyboard play: Tab and Enter on the options and the lit spaces; a number key picks that option of
  // the main ones (1 to 9); H asks for a hint; focus on an option is kept when the page is drawn again.
  const remember = () => {
    const b = document.activeElement && document.activeElement.closest && document.activeElement.closest('button.option, button[data-hint]');
    if (b && page.contains(b)) state.focused = b.dataset.hint ? HINT_FOCUS : b.dataset.option;
  };
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    const d = state.view && state.view.decision;
    if (!d || !d.options || d.player !== seat || e.ctrlKey || e.altKey || e.metaKey) return;
    if (e.key === 'h' || e.key === 'H') {
      e.preventDefault();
      askHint();
      return;
    }
    if (!/^[1-9]$/.test(e.key)) return;
    const buttons = [...el.decision.querySelectorAll('button.option.main'), ...el.dice.querySelectorAll('button.option.beside')];
    const b = buttons[Number(e.key) - 1];
    if (b) {
      e.preventDefault();
      state.focused = b.dataset.option;
      b.click();
    }
  });
}

/** "You rolled 4 (movement)." from a Fate question's prompt. */
function rolledText(prompt) {
  return prompt.replace(/\s*(Spend 1 Fate to roll again|Roll again)\?$/, '');
}

/** The banner of this seat's question: its turn's, or an answer asked in another's turn. */
function yourBanner(d, view, beside) {
  if (beside) return `Your turn: ${rolledText(d.prompt)} Roll again beside the die, or play on.`;
  const own = view.players[view.active] && ownerOf(view.players[view.active]) === d.player;
  return `${own ? 'Your turn' : 'Your answer'}: ${d.prompt}`;
}

/** Whom the game waits for, and why it may wait: a bot thinking, a person not there (or never come). */
function waitingBanner(waiting, character) {
  let how = '';
  if (waiting.controller !== 'human') how = ' (a bot, thinking…)';
  else if (!waiting.joined) how = ': they have not opened their invitation yet';
  else if (!waiting.online) how = ' (not connected)';
  return `Waiting for ${waiting.name} (${character})${how}…`;
}

/** The tutorial's tips already shown in this browser, by game; pick() the one to show now. */
function tutorialTips(gameId) {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(TUTORIAL_KEY) || '{}');
  } catch {
    stored = {};
  }
  const shown = new Set(stored[gameId] || []);
  let current = null;
  const save = () => {
    stored[gameId] = [...shown];
    localStorage.setItem(TUTORIAL_KEY, JSON.stringify(stored));
  };
  return {
    /** The tip to show at `step`: the one still open, until it is dismissed or play has moved on; then a new
     *  one this moment calls for; the last once all were shown. */
    pick(tutorial, step) {
      if (!tutorial) return null;
      if (current && current.step === step) return current.tip;
      const fresh = tutorial.tips.find((t) => !shown.has(t.key))
        || (tutorial.all.every((k) => shown.has(k)) && !shown.has(tutorial.done.key) ? tutorial.done : null);
      if (fresh) {
        current = { tip: fresh, step };
        shown.add(fresh.key);
        save();
      }
      return current ? current.tip : null;
    },
    dismiss() { current = null; },
  };
}
