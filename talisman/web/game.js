// The game page: /game/{id}?seat=N (a person's seat, its token kept in this browser) or /game/{id} (a spectator).
// Before a game begins it may wait for its people to choose their characters (see choose.js).

import { api, Live, saveToken, tokenFor } from './api.js';
import { drawBoard, layoutBoard, optionSpace } from './board.js';
import { choosePanel, choosers } from './choose.js';
import { clear, h, ownerOf, s } from './dom.js';
import { lastRoll, logLine, sheet } from './sheet.js';

const LOG_SHOWN = 400;

export async function gamePage(root, gameId) {
  const params = new URLSearchParams(location.search);
  let seat = params.has('seat') ? Number(params.get('seat')) : null;
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
  if (params.get('token') && seat !== null) {
    // A join link: keep the token here and take it out of the address bar.
    saveToken(gameId, seat, params.get('token'));
    history.replaceState(null, '', `/game/${encodeURIComponent(gameId)}?seat=${seat}`);
  }
  const token = seat === null ? null : tokenFor(gameId, seat);
  if (seat !== null && !token) {
    clear(root, h('div', { class: 'panel error' },
      h('p', {}, `This browser has no token for seat ${seat + 1} of this game. Open your join link, or `),
      h('a', { href: `/game/${encodeURIComponent(gameId)}` }, 'watch as a spectator.')));
    return;
  }

  const board = await api(`/api/games/${encodeURIComponent(gameId)}/board`);
  const layout = layoutBoard(board);
  const el = {
    banner: h('div', { class: 'banner', role: 'status', 'aria-live': 'polite' }),
    connection: h('span', { class: 'connection' }),
    svg: s('svg', { class: 'board', role: 'img', 'aria-label': 'the board' }),
    decision: h('section', { class: 'decision' }),
    dice: h('section', { class: 'dice' }),
    sheets: h('div', { class: 'sheets' }),
    log: h('ol', { class: 'log' }),
    title: h('h1', { class: 'game-title' }),
    choose: h('div', { class: 'choose-wrap', hidden: true }),
  };
  const page = h('div', { class: 'game', 'data-step': '' },
    h('div', { class: 'game-head' }, el.title, el.connection),
    el.banner,
    el.choose,
    h('div', { class: 'board-wrap' }, el.svg),
    h('aside', { class: 'side' },
      el.decision,
      el.dice,
      el.sheets,
      h('section', { class: 'log-wrap' }, h('h2', {}, 'Log'), el.log)));
  clear(root, page);

  const state = { game: null, view: null, step: 0, events: [], sending: false, error: '', cards: null };

  const live = new Live(gameId, seat, token, {
    eventsSeen: () => state.events.length,
    onStatus: (st) => {
      el.connection.textContent = { online: '● connected', offline: '○ reconnecting…', refused: '× refused' }[st];
      el.connection.className = `connection ${st}`;
    },
    onMessage: (msg) => {
      if (msg.type === 'state') {
        if (msg.events_from === 0) state.events = msg.events;
        else if (msg.events_from === state.events.length) state.events = state.events.concat(msg.events);
        else state.events = state.events.slice(0, msg.events_from).concat(msg.events);
        Object.assign(state, { game: msg.game, view: msg.view, step: msg.step, sending: false });
        if (msg.events.length || msg.events_from === 0) state.error = '';
        render();
      } else if (msg.type === 'game') {
        state.game = msg.game;
        render();
      } else if (msg.type === 'error') {
        state.sending = false;
        state.error = msg.message;
        if (state.view) {
          render();
        } else {           // refused before the first state: a bad or outdated link
          el.banner.textContent = msg.message;
          el.banner.className = 'banner refused';
        }
      }
    },
  });

  function choose(option) {
    if (state.sending) return;
    if (live.send({ type: 'act', option: option.id, step: state.step })) {
      state.sending = true;
      render();
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

  function render() {
    const { game, view } = state;
    const waiting = Boolean(game && game.status === 'choosing');
    page.classList.toggle('choosing', waiting);
    el.choose.hidden = !waiting;
    if (waiting) return renderChoosing();
    if (!game || !view) return;
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
      banner = `Your turn: ${d.prompt}`;
      el.banner.className = 'banner yours';
    } else if (d) {
      const waiting = seatInfo(d.player);
      const how = waiting.controller === 'human' ? (waiting.online ? '' : ' (not connected)') : ' (a bot, thinking…)';
      banner = `Waiting for ${waiting.name} (${view.players[d.character ?? d.player].name})${how}…`;
      el.banner.className = 'banner waiting';
    }
    el.banner.textContent = banner;
    document.title = `${mine ? '▶ ' : ''}Talisman – ${game.title}`;

    // the decision as buttons, and the board's clickable destinations
    const targets = new Map();
    if (mine) {
      for (const o of d.options) {
        const sp = optionSpace(o.id, board);
        if (sp && !targets.has(sp)) targets.set(sp, o);
      }
    }
    drawBoard(el.svg, board, layout, view, { targets, onPick: choose });
    if (mine) {
      const button = (o) => h('button', {
        class: `option ${o.group}`, 'data-option': o.id, disabled: state.sending, onclick: () => choose(o),
      }, o.label);
      const main = d.options.filter((o) => o.group !== 'free');
      const free = d.options.filter((o) => o.group === 'free');
      clear(el.decision,
        h('h2', {}, d.prompt),
        targets.size ? h('p', { class: 'hint' }, 'Choose below, or click a highlighted space on the board.') : null,
        h('div', { class: 'options' }, main.map(button)),
        free.length ? h('div', { class: 'free' }, h('h3', {}, 'You may also'), h('div', { class: 'options' }, free.map(button))) : null,
        state.error ? h('p', { class: 'error' }, state.error) : null);
    } else {
      clear(el.decision,
        view.result ? h('p', {}, h('a', { href: `/replay/${encodeURIComponent(gameId)}` }, 'Replay this game step by step')) : null,
        d ? h('p', { class: 'muted' }, seat === null ? `You are watching. ${d.prompt}` : d.prompt) : null,
        state.error ? h('p', { class: 'error' }, state.error) : null);
    }

    clear(el.dice, h('h2', {}, 'Dice'), lastRoll(state.events));

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

    const nearBottom = el.log.scrollHeight - el.log.scrollTop - el.log.clientHeight < 60;
    clear(el.log, state.events.slice(-LOG_SHOWN).map(logLine));
    if (nearBottom) el.log.scrollTop = el.log.scrollHeight;
  }
}
