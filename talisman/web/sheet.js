// Character sheets, the dice and the log. Every card on a sheet opens its text on hover and tap;
// the seat's own sheet lists its character's abilities, the others show them in the name's tip.

import { h, ownerOf, SEAT_COLOURS } from './dom.js';
import { cardChip, withTip } from './tip.js';

function chips(cards) {
  return cards.length ? cards.map(cardChip) : '—';
}

function abilityList(p) {
  return h('ul', { class: 'ability-list' }, p.abilities.map((a) => h('li', {}, a)), p.ability_cards.map((c) => h('li', {}, cardChip(c))));
}

/** A character sheet; `full` for the seat's own (its Spells by name, its abilities), else the public side. */
export function sheet(p, seatInfo, { full = false, acting = false } = {}) {
  const colour = SEAT_COLOURS[ownerOf(p) % SEAT_COLOURS.length];
  const stat = (label, value, note) => h('div', { class: 'stat' },
    h('span', { class: 'stat-label' }, label), h('span', { class: 'stat-value' }, String(value)),
    note ? h('span', { class: 'stat-note' }, note) : null);
  const row = (label, ...value) => h('div', { class: 'row' }, h('span', { class: 'row-label' }, label), h('span', { class: 'row-value' }, ...value));
  const states = [...p.notes];
  if (!p.alive && !p.notes.some((n) => n.startsWith('Dead'))) states.unshift('Dead.');
  if (p.toad) states.push(`A Toad for ${p.toad} more turn${p.toad > 1 ? 's' : ''}.`);
  if (p.lost_turns) states.push(`Loses ${p.lost_turns} turn${p.lost_turns > 1 ? 's' : ''}.`);
  const spells = p.spells ? chips(p.spells) : `${p.spell_count} (hidden)`;
  const trophyValue = p.trophies.reduce((t, c) => t + (c.strength || 0) + (c.craft || 0), 0);
  const name = h('strong', { class: 'character-name' }, p.name);
  if (!full) withTip(name, () => [h('strong', {}, `The ${p.name}`), abilityList(p)], { key: `abilities:${p.seat}` });
  return h('section', { class: `sheet${acting ? ' acting' : ''}${full ? ' mine' : ''}`, 'data-seat': p.seat, style: `--seat:${colour}` },
    h('header', {},
      h('span', { class: 'swatch' }),
      name,
      h('span', { class: 'muted' }, ` · ${seatInfo ? seatInfo.name : `seat ${ownerOf(p) + 1}`}`),
      acting ? h('span', { class: 'badge' }, 'acting') : null),
    h('div', { class: 'stats' },
      stat('Strength', p.strength, p.strength !== p.strength_counters ? `${p.strength_counters} counters` : ''),
      stat('Craft', p.craft, p.craft !== p.craft_counters ? `${p.craft_counters} counters` : ''),
      stat('Lives', p.lives),
      stat('Gold', p.gold),
      stat('Fate', p.fate),
      stat('Alignment', p.alignment)),
    states.length ? h('ul', { class: 'notes' }, states.map((n) => h('li', {}, n))) : null,
    row('Objects', chips(p.objects)),
    p.packed.length ? row('On the Mule', chips(p.packed)) : null,
    row('Followers', chips(p.followers)),
    row('Spells', spells),
    p.scrolls ? row('Scrolls', chips(p.scrolls)) : (p.scroll_count ? row('Scrolls', `${p.scroll_count} (hidden)`) : null),
    row('Trophies', ...(p.trophies.length ? [chips(p.trophies), ` (worth ${trophyValue})`] : ['—'])),
    p.titles.length ? row('Titles', chips(p.titles)) : null,
    full ? h('details', { class: 'abilities', open: true }, h('summary', {}, 'Abilities'), abilityList(p)) : null);
}

const PIPS = {
  1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[25, 25], [50, 50], [75, 75]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

/** One die face: pips up to 6, the number beyond. */
export function die(value) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', 'die');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `a die showing ${value}`);
  const ns = svg.namespaceURI;
  const rect = document.createElementNS(ns, 'rect');
  Object.entries({ x: 4, y: 4, width: 92, height: 92, rx: 16 }).forEach(([k, v]) => rect.setAttribute(k, v));
  svg.append(rect);
  if (PIPS[value]) {
    for (const [cx, cy] of PIPS[value]) {
      const c = document.createElementNS(ns, 'circle');
      Object.entries({ cx, cy, r: 9 }).forEach(([k, v]) => c.setAttribute(k, v));
      svg.append(c);
    }
  } else {
    const t = document.createElementNS(ns, 'text');
    Object.entries({ x: 50, y: 66, 'text-anchor': 'middle', 'font-size': 48 }).forEach(([k, v]) => t.setAttribute(k, v));
    t.textContent = String(value);
    svg.append(t);
  }
  return svg;
}

/** The most recent roll in the log, drawn as dice with its sentence. */
export function lastRoll(events, none = 'No dice rolled yet.') {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.data && Array.isArray(e.data.dice) && e.data.dice.length) {
      return h('div', { class: 'dice-row', 'data-roll': i }, h('div', { class: 'dice-faces' }, e.data.dice.map(die)),
        h('span', { class: 'dice-text' }, e.text));
    }
  }
  return h('div', { class: 'dice-row muted' }, none);
}

/** A log line. */
export function logLine(e) {
  const colour = e.seat !== undefined ? SEAT_COLOURS[e.seat % SEAT_COLOURS.length] : null;
  return h('li', { class: `ev ev-${e.type}`, style: colour ? `--seat:${colour}` : null }, e.text);
}
