// The lobby: play at once ("Play now": you and three rule-aware bots, characters dealt), or make a game
// (Talisman with its modules, or a game of its own on the same engine such as Legendary Tales with its
// options; seats of people and bots, characters or heroes dealt or chosen), hand out one link per person's
// seat, and list open, running and finished games. Each person's seat begins with a new player's standing
// answers (the catalog's standing.new_player: only real questions; each can be turned off in the game).

import { api, mySeats } from './api.js';
import { clear, h } from './dom.js';
import { saveCreator } from './pace.js';

const REFRESH_MS = 5000;
const DEFAULT_SEATS = ['human', 'heuristic', 'heuristic', 'heuristic'];   // you and three rule-aware bots
const PLAY_NOW = { seats: DEFAULT_SEATS.map((controller) => ({ controller })), bot_speed: 'normal' };
// a guided first game (talisman/tutorial.py): the server sets its character, bot and seed
const TUTORIAL = { tutorial: true, seats: [{ controller: 'human' }], bot_speed: 'normal' };
const CHOOSE = '?choose';      // a person's seat whose player picks the character when the game begins
const TALISMAN = 'talisman';
const GAME_NAMES = { talisman: 'Talisman', 'legendary-tales': 'Legendary Tales' };

/** The module a game is made with: Talisman's core, or the module of a game of its own. */
function baseModule(game, modules) {
  if (game === TALISMAN) return 'core';
  const own = modules.find((m) => m.game === game && m.name === game) || modules.find((m) => m.game === game);
  return own.name;
}

/** A character or a hero in the seat's list: a Talisman character with its attributes, a hero by name. */
function characterLabel(c) {
  return c.strength === undefined ? c.name : `${c.name} (S${c.strength} C${c.craft}, ${c.alignment})`;
}

function controllerLabel(c) {
  return c === 'human' ? 'Person' : `${c[0].toUpperCase()}${c.slice(1)} bot`;
}

function optionLabel(v) {
  if (v === true) return 'yes';
  if (v === false) return 'no';
  return String(v);
}

/** Make a game of one person and bots, and open its seat at once (a new player's standing answers given). */
export async function playAt(body, standing) {
  const seats = body.seats.map((st) => (st.controller === 'human' ? { ...st, standing } : st));
  const res = await api('/api/games', { method: 'POST', body: { ...body, seats } });
  saveCreator(res.game.id, res.creator);
  location.href = res.seats[0].link;   // the invitation link: the game page opens the seat with it
}

export async function lobbyPage(root) {
  const created = h('section', { class: 'panel created', hidden: true });
  const form = h('form', { class: 'panel new-game', 'aria-label': 'new game' });
  const quick = h('section', { class: 'panel quick', 'aria-label': 'play now' });
  const lists = h('section', { class: 'games' });
  clear(root, h('div', { class: 'lobby' }, h('div', { class: 'lobby-left' }, quick, created, form), lists));

  const chosen = new Set(['core']);
  let game = TALISMAN;
  let catalog = await api('/api/catalog?modules=core');
  const newPlayer = catalog.standing.new_player;
  const quickProblem = h('p', { class: 'error', role: 'alert', hidden: true });
  const start = (body) => async (e) => {
    e.target.disabled = true;
    try {
      await playAt(body, newPlayer);
    } catch (err) {
      quickProblem.textContent = err.message;
      quickProblem.hidden = false;
      e.target.disabled = false;
    }
  };
  clear(quick,
    h('h2', {}, 'Play now'),
    h('p', {}, 'You and three rule-aware bots, characters dealt, the base game: one click and you are playing.'),
    h('div', { class: 'quick-buttons' },
      h('button', { type: 'button', class: 'primary big', 'data-quick': 'play', onclick: start(PLAY_NOW) }, 'Play now'),
      h('button', { type: 'button', class: 'big', 'data-quick': 'tutorial', onclick: start(TUTORIAL) }, 'Learn to play (a guided first game)')),
    quickProblem);
  const seats = DEFAULT_SEATS.map((controller) => ({ controller, character: '', name: '' }));
  let options = {};
  const extra = { title: '', seed: '', open: false, botSpeed: 'normal' };

  function chooseGame(next) {
    game = next;
    chosen.clear();
    chosen.add(baseModule(game, catalog.modules));
    options = {};
    reloadCatalog();
  }

  let asked = 0;   // only the catalogue last asked for counts: an earlier answer may come later
  async function reloadCatalog() {
    const ticket = ++asked;
    try {
      const next = await api(`/api/catalog?modules=${[...chosen].join(',')}`);
      if (ticket !== asked) return;
      catalog = next;
      renderForm();
    } catch (e) {
      if (ticket === asked) renderForm(e.message);
    }
  }

  function renderForm(problem = '') {
    const keys = new Set(catalog.characters.map((c) => c.key));
    for (const seat of seats) {
      if (seat.character === CHOOSE ? seat.controller !== 'human' : !keys.has(seat.character)) seat.character = '';
    }
    options = Object.fromEntries(Object.entries(catalog.options).map(([k, spec]) => [k, k in options ? options[k] : spec.default]));
    const games = [...new Set(catalog.modules.map((m) => m.game))];
    const base = baseModule(game, catalog.modules);
    // Talisman's modules are offered with Talisman only: a game of its own takes none of them
    const modules = catalog.modules.filter((m) => m.game === game && (game === TALISMAN || m.name !== base));
    const who = game === TALISMAN ? 'Character' : 'Hero';
    const optionFields = Object.entries(catalog.options).map(([k, spec]) => h('label', { class: 'opt', 'data-option': k },
      h('span', { class: 'opt-title' }, spec.title || k),
      h('select', { name: `option-${k}`, onchange: (e) => { options[k] = spec.choices[Number(e.target.value)]; } },
        spec.choices.map((c, i) => h('option', { value: i, selected: c === options[k] }, (spec.labels || [])[i] || optionLabel(c)))),
      h('small', {}, spec.help)));
    const seatRow = (seat, i) => h('div', { class: 'seat-row', 'data-seat': i },
      h('span', { class: 'seat-no' }, `${i + 1}`),
      h('input', {
        name: `name-${i}`, placeholder: seat.controller === 'human' ? `Player ${i + 1}` : controllerLabel(seat.controller),
        value: seat.name, maxlength: 60, 'aria-label': `seat ${i + 1} name`,
        oninput: (e) => { seat.name = e.target.value; },
      }),
      h('select', { name: `controller-${i}`, 'aria-label': `seat ${i + 1} player`, title: (catalog.controller_texts || {})[seat.controller] || null, onchange: (e) => { seat.controller = e.target.value; renderForm(); } },
        catalog.controllers.map((c) => h('option', { value: c, selected: c === seat.controller, title: (catalog.controller_texts || {})[c] || null }, controllerLabel(c)))),
      h('select', { name: `character-${i}`, 'aria-label': `seat ${i + 1} character`, onchange: (e) => { seat.character = e.target.value; } },
        h('option', { value: '' }, `${who} dealt at random`),
        seat.controller === 'human' ? h('option', { value: CHOOSE, selected: seat.character === CHOOSE }, 'Chosen by the player') : null,
        catalog.characters.map((c) => h('option', { value: c.key, selected: c.key === seat.character, title: (c.abilities || []).join(' ') || null },
          characterLabel(c)))));
    clear(form,
      h('h2', {}, 'New game'),
      h('label', {}, 'Title ', h('input', { name: 'title', placeholder: 'Friday night', maxlength: 200, value: extra.title, oninput: (e) => { extra.title = e.target.value; } })),
      games.length > 1 ? h('label', { class: 'game-choice' }, 'Game ',
        h('select', { name: 'game', 'aria-label': 'game', onchange: (e) => chooseGame(e.target.value) },
          games.map((g) => h('option', { value: g, selected: g === game }, GAME_NAMES[g] || g)))) : null,
      modules.length ? h('fieldset', { class: 'modules' }, h('legend', {}, 'Modules'),
        modules.map((m) => h('label', { class: 'check' },
          h('input', {
            type: 'checkbox', name: `module-${m.name}`, checked: chosen.has(m.name), disabled: m.name === base,
            onchange: (e) => { if (e.target.checked) chosen.add(m.name); else chosen.delete(m.name); reloadCatalog(); },
          }), ` ${m.title}`))) : null,
      game !== TALISMAN ? h('fieldset', { class: 'game-options', 'data-game': game },
        h('legend', {}, `${GAME_NAMES[game] || game}: the adventure`), optionFields) : null,
      h('fieldset', {}, h('legend', {}, 'Seats'),
        h('div', { class: 'seats' }, seats.map(seatRow)),
        h('div', { class: 'seat-buttons' },
          h('button', { type: 'button', class: 'small', disabled: seats.length >= catalog.seats.max, onclick: () => { seats.push({ controller: 'heuristic', character: '', name: '' }); renderForm(); } }, '+ seat'),
          h('button', { type: 'button', class: 'small', disabled: seats.length <= catalog.seats.min, onclick: () => { seats.pop(); renderForm(); } }, '− seat'))),
      h('details', { open: extra.open, ontoggle: (e) => { extra.open = e.target.open; } },
        h('summary', {}, game === TALISMAN ? 'Options and seed' : 'Seed'),
        game === TALISMAN ? optionFields : null,
        h('label', {}, 'Seed ', h('input', { name: 'seed', type: 'number', min: 0, placeholder: 'random', value: extra.seed, oninput: (e) => { extra.seed = e.target.value; } }))),
      h('label', { class: 'bot-speed' }, 'Bot speed ',
        h('select', { name: 'bot-speed', onchange: (e) => { extra.botSpeed = e.target.value; } },
          [['instant', 'instant (no pause)'], ['fast', 'fast (0.2 s a move)'], ['normal', 'normal (0.6 s a move)']]
            .map(([v, label]) => h('option', { value: v, selected: v === extra.botSpeed }, label)))),
      problem ? h('p', { class: 'error' }, problem) : null,
      h('button', { type: 'submit', class: 'primary' }, 'Create game'));
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const seed = extra.seed;
    const body = {
      title: extra.title,
      modules: [...chosen],
      options,
      bot_speed: extra.botSpeed,
      seats: seats.map((seat) => ({
        controller: seat.controller, name: seat.name,
        character: seat.character && seat.character !== CHOOSE ? seat.character : null, choose: seat.character === CHOOSE,
        standing: seat.controller === 'human' ? newPlayer : [],
      })),
      ...(seed !== '' ? { seed: Number(seed) } : {}),
    };
    try {
      const res = await api('/api/games', { method: 'POST', body });
      saveCreator(res.game.id, res.creator);
      showCreated(res);
      refresh();
    } catch (err) {
      renderForm(err.message);
    }
  });

  function showCreated(res) {
    const g = res.game;
    const character = (st) => st.character || (st.choosing ? 'chooses' : 'dealt when play starts');
    created.hidden = false;
    clear(created,
      h('h2', {}, `“${g.title}” is ready`),
      res.seats.length ? h('p', {}, 'Give each person their seat’s invitation link. The first to open it takes that seat (on that browser); the link then no longer works, so play your own seat from its link too.') : h('p', {}, 'Only bots play: watch them.'),
      g.status === 'choosing' ? h('p', {}, 'Whoever chooses picks a character on opening their link, first come, first served; the game begins once all have chosen.') : null,
      h('ul', { class: 'links' }, res.seats.map((link) => h('li', {},
        h('span', { class: 'seat-no' }, String(link.seat + 1)),
        h('span', {}, `${g.seats[link.seat].name} (${character(g.seats[link.seat])}) `),
        h('input', { class: 'link', readonly: true, value: link.link, 'aria-label': `join link of seat ${link.seat + 1}`, onclick: (e) => e.target.select() }),
        h('button', { type: 'button', class: 'small', onclick: (e) => copy(link.link, e.target) }, 'Copy'),
        h('a', { class: 'button small', href: link.link, 'data-play': link.seat }, 'Play this seat')))),
      h('a', { class: 'button small', href: `/game/${g.id}` }, 'Watch'));
  }

  async function copy(text, button) {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select and copy';
    }
  }

  function gameRow(g) {
    const mine = mySeats(g.id);
    const who = g.seats.map((st) => `${st.name}${st.character ? ` (${st.character})` : (st.choosing ? ' (choosing)' : '')}`).join(', ');
    const actions = [];
    for (const seat of mine) actions.push(h('a', { class: 'button small', href: `/game/${g.id}?seat=${seat}` }, `Play seat ${seat + 1}`));
    if (g.status === 'finished') actions.push(h('a', { class: 'button small', href: `/replay/${g.id}` }, 'Replay'));
    actions.push(h('a', { class: 'button small', href: `/game/${g.id}` }, g.status === 'finished' ? 'Final position' : 'Watch'));
    let where = g.status === 'choosing' ? 'characters being chosen' : `turn ${g.turn}, step ${g.step}`;
    if (g.result && 'won' in g.result) {   // a cooperative game (Legendary Tales): the party won or lost
      where = `${g.result.won ? 'won' : 'lost'} adventure ${g.result.adventure} at ${'★'.repeat(g.result.stars || 0) || 'no stars'} in turn ${g.result.turn}`;
    } else if (g.result) where = `won by ${g.result.winners.map((w) => g.characters[w]).join(' and ') || 'nobody'} in turn ${g.result.turn}`;
    const own = catalog.modules.find((m) => g.modules.includes(m.name) && m.game !== TALISMAN);
    return h('li', { class: 'game-row', 'data-game': g.id },
      h('div', {}, h('strong', {}, g.title), own ? h('span', { class: 'game-name' }, ` · ${GAME_NAMES[own.game] || own.game}`) : null,
        h('span', { class: 'muted' }, ` · ${where}`)),
      h('div', { class: 'muted' }, who),
      h('div', { class: 'row-actions' }, actions));
  }

  async function refresh() {
    let games;
    try {
      games = await api('/api/games');
    } catch {
      return;
    }
    const section = (title, status) => {
      const rows = games.filter((g) => g.status === status);
      if (status === 'choosing' && !rows.length) return null;   // shown only while a game waits for choices
      return h('section', { class: `panel list-${status}` }, h('h2', {}, `${title} (${rows.length})`),
        rows.length ? h('ul', { class: 'game-list' }, rows.map(gameRow)) : h('p', { class: 'muted' }, 'None.'));
    };
    clear(lists, section('Waiting for players to choose', 'choosing'), section('Waiting for players', 'open'), section('In play', 'running'), section('Finished', 'finished'));
  }

  renderForm();
  refresh();
  const timer = setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
  window.addEventListener('pagehide', () => clearInterval(timer), { once: true });
}
