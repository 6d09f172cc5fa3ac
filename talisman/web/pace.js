// The game's pace and a seat's own settings (talisman/server/autopilot.py): the countdown of a question
// asked in another player's turn, "skip to my turn", the seat's standing answers, who is away (a bot plays
// their seat), and, for the game's creator, a new invitation for a person's seat.

import { api, stored } from './api.js';
import { clear, h } from './dom.js';
import { motionWanted, setMotion } from './motion.js';

const CREATOR_KEY = 'talisman.creator';

/** Keep the creator's token of a game in this browser (the lobby calls this when it makes a game). */
export function saveCreator(gameId, token) {
  const all = stored(CREATOR_KEY);
  all[gameId] = token;
  localStorage.setItem(CREATOR_KEY, JSON.stringify(all));
}

/** The pace panel of the game page: call update(state) at each drawing of the page. */
export function pacePanel(gameId, seat, token) {
  const el = h('section', { class: 'pace', 'aria-label': 'pace and settings' });
  const clock = h('p', { class: 'countdown', role: 'timer', hidden: true });
  const body = h('div', {});
  el.append(clock, body);
  const creator = stored(CREATOR_KEY)[gameId] || null;
  const links = {};            // seat -> an invitation link this page has just made
  let last = null;
  let problem = '';
  let timer = null;
  // Which panels the person has opened: the panel is drawn afresh for every new state (a bot's move too),
  // and must not fold up under their hand.
  const opened = { settings: false, links: false };
  const remember = (key) => (e) => { opened[key] = e.target.open; };

  const path = (tail) => `/api/games/${encodeURIComponent(gameId)}/seats/${seat}/${tail}`;

  async function send(fn) {
    try {
      const settings = await fn();
      if (settings && last) last.settings = settings;
      problem = '';
    } catch (e) {
      problem = e.message;
    }
    if (last) update(last);
  }

  function tick() {
    const t = last && last.game && last.game.timer;
    if (!t) {
      clock.hidden = true;
      return;
    }
    const left = Math.max(0, Math.ceil(t.ends_at - Date.now() / 1000));
    const name = last.game.seats[t.seat].name;
    if (t.reason === 'beside') {
      clock.textContent = t.seat === seat ? `The roll is kept in ${left} s unless you roll again.` : `${name} may roll again with Fate: ${left} s.`;
    } else if (t.reason === 'absent') {
      clock.textContent = t.unopened
        ? `${name} has not opened their invitation yet: a bot plays their seat in ${left} s, until they come.`
        : `${name} is not connected: a bot plays their seat in ${left} s, until they come back.`;
    } else {
      clock.textContent = `${t.seat === seat ? 'You have' : `${name} has`} ${left} s to answer, then it passes.`;
    }
    clock.hidden = false;
  }

  /** Checkboxes for some of the seat's standing answers, where a question they cover is asked
   *  (visible at the first prompt, not only in the folded settings). */
  function toggles(names) {
    const settings = last && last.settings;
    if (!settings || seat === null) return null;
    const known = names.filter((n) => n in settings.choices);
    if (!known.length) return null;
    return h('fieldset', { class: 'standing-here' }, h('legend', {}, 'Answer these for me from now on'),
      known.map((name) => standingBox(name, settings)));
  }

  function standingBox(name, settings) {
    return h('label', { class: 'check' },
      h('input', {
        type: 'checkbox', name: `standing-${name}`, checked: settings.standing.includes(name),
        onchange: (e) => {
          const standing = settings.standing.filter((n) => n !== name).concat(e.target.checked ? [name] : []);
          send(() => api(path('settings'), { method: 'PUT', body: { standing }, token }));
        },
      }), ` ${settings.choices[name]}`);
  }

  function update(state) {
    last = state;
    const { game, settings } = state;
    if (!game || game.status === 'choosing') {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    tick();
    if (timer === null) timer = setInterval(tick, 250);
    const away = game.seats.filter((st) => st.stood_in);
    const mine = seat !== null && settings;
    const over = game.status === 'finished';
    clear(body,
      away.length ? h('p', { class: 'away muted' },
        `${away.map((st) => st.name).join(' and ')} ${away.length > 1 ? 'are' : 'is'} away: a bot plays for them until they come back.`) : null,
      mine && !over ? h('button', {
        type: 'button', class: 'small skip', 'aria-pressed': String(settings.skipping),
        onclick: () => send(() => api(path('skip'), { method: 'POST', body: { on: !settings.skipping }, token })),
      }, settings.skipping ? 'Stop skipping' : 'Skip to my turn') : null,
      mine ? h('details', { class: 'settings', open: opened.settings, ontoggle: remember('settings') }, h('summary', {}, 'Settings'),
        h('p', { class: 'muted' }, `Bots play at ${game.bot_speed} speed. Answer these for me, always:`),
        Object.keys(settings.choices).map((name) => standingBox(name, settings)),
        h('p', { class: 'muted' }, 'In this browser:'),
        h('label', { class: 'check' }, h('input', {
          type: 'checkbox', name: 'motion', checked: motionWanted(), onchange: (e) => setMotion(e.target.checked),
        }), ' Show the dice rolling and the pieces moving')) : null,
      creator ? creatorLinks(game) : null,
      problem ? h('p', { class: 'error' }, problem) : null);
  }

  function creatorLinks(game) {
    const people = game.seats.filter((st) => st.controller === 'human');
    return h('details', { class: 'seat-links', open: opened.links, ontoggle: remember('links') }, h('summary', {}, 'Seat invitations (you made this game)'),
      h('p', { class: 'muted' }, 'A new invitation replaces a lost link: the seat is free until someone opens it, and its old link stops working.'),
      h('ul', { class: 'links' }, people.map((st) => {
        const known = links[st.seat] || '';
        return h('li', {},
          h('span', {}, `${st.seat + 1}. ${st.name}${st.joined ? '' : ' (not taken yet)'} `),
          known ? h('input', { class: 'link', readonly: true, value: known, 'aria-label': `invitation link of seat ${st.seat + 1}`, onclick: (e) => e.target.select() }) : null,
          h('button', {
            type: 'button', class: 'small', 'data-reissue': st.seat,
            onclick: () => send(async () => {
              const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/seats/${st.seat}/link`,
                { method: 'POST', headers: { 'X-Creator-Token': creator } });
              const data = await res.json().catch(() => ({}));
              if (!res.ok) throw new Error(data.message || res.statusText);
              links[st.seat] = data.link;
            }),
          }, 'New invitation'));
      })));
  }

  return { el, update, toggles };
}
