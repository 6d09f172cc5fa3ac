// Legendary Tales (module legendary-tales), a game of its own on the engine, drawn from its view alone
// (talisman/modules/legendary_tales/view.py): the adventure's locations as pointy-top hexes at their
// axial places with their paths, the heroes on them in their seats' colours, the tokens (face down as
// their back, "?"; face up with name, icons and Health left); beside the map the adventure, its task and
// story, the time track up to the crescent moon, the scroll's items, the Reward bag and the tokens drawn;
// and each hero's sheet: the bag's count and contents sorted (a bag has no order to show), the tokens
// in front of the hero, its ability. game.js and replay.js call it when the view's "game" says so.

import { h, s, SEAT_COLOURS } from './dom.js';
import { iconDefs, spaceIcon, useIcon } from './icons.js';
import { fitText, legible } from './legible.js';
import { moved } from './motion.js';
import { tidyTip, withPick } from './tip.js';

export const LEGENDARY = 'legendary-tales';

/** Whether a view is of a game of Legendary Tales. */
export const isLegendary = (view) => Boolean(view && view.game === LEGENDARY);

const R = 100;            // a hex's radius, in board units
const MARGIN = 12;
const TILE = 0.86;        // a hex drawn a little smaller than its place: the paths show in the gaps
const SQ3 = Math.sqrt(3);
// the catalogue's icons as a symbol or two each (as on the terminal's board, but the hourglass a clock face:
// common fonts have one)
const ICONS = {
  sword: '⚔', hat: '✦', sword2: '⚔⚔', hat2: '✦✦', 'sword/hat': '⚔/✦', hourglass: '◷', 'hourglass-back': '◷←',
  'no-hourglass': '◷✗', fate: '☘', fate2: '☘☘', 'magic-bag': '◈',
};
const ICON_WORDS = {
  sword: 'sword', hat: 'magic hat', sword2: 'double sword', hat2: 'double hat', 'sword/hat': 'sword or hat',
  hourglass: 'hourglass', 'hourglass-back': 'hourglass back', 'no-hourglass': 'crossed hourglass', fate: 'fate',
  fate2: 'double fate', 'magic-bag': 'magic bag',
};
const KIND_FILLS = {
  enemy: '#b03a2e', chest: '#b9770e', 'locked-chest': '#8a5a0b', item: '#1e8449', person: '#2e6fa6', toad: '#4c8c2f',
  hero: '#6c5a45', reward: '#7d3c98',
};
// a face-down token's back: the usual one, or a villager's (adventure 5) or a Toad's (adventure 4)
const BACK_FILLS = { regular: '#4a3b2c', villager: '#5b4a7a', toad: '#3d6b2a' };
const LEGEND = '⚔ sword · ✦ magic hat · ◷ hourglass · ◷← back · ◷✗ crossed · ☘ fate · ◈ magic bag · ♥ Health · ★ rewards';

export const iconText = (icons) => (icons || []).map((i) => ICONS[i] || i).join('');

/** A token in a few words: "?" and its back when face down; else its name, icons, Health left, rewards. */
export function tokenLabel(t) {
  if (!t.face_up) return `? (${t.back || 'face down'})`;
  const parts = [t.name];
  if (t.icons && t.icons.length) parts.push(iconText(t.icons));
  if (t.health) parts.push(`♥${t.health}`);
  if (['enemy', 'chest', 'locked-chest'].includes(t.kind) && t.rewards) parts.push(`★${t.rewards}`);
  return parts.join(' ');
}

function tokenWords(t) {
  if (!t.face_up) return `A face-down token (its back: ${t.back || 'plain'}).`;
  const icons = (t.icons || []).map((i) => ICON_WORDS[i] || i).join(', ');
  return [`${t.name}: ${(t.kind || 'token').replace('-', ' ')}`, icons ? `icons ${icons}` : '',
    t.health ? `${t.health} Health left` : '', t.kind === 'enemy' && t.rewards ? `${t.rewards} reward${t.rewards > 1 ? 's' : ''}` : '']
    .filter(Boolean).join(', ') + '.';
}

/** Tokens as chips, the same ones counted, sorted by what they show (never in the order they lie). */
export function tokenChips(tokens, cls = 'token-list') {
  const counts = new Map();
  for (const t of tokens) {
    const label = tokenLabel(t);
    const seen = counts.get(label);
    if (seen) seen.n += 1;
    else counts.set(label, { t, n: 1 });
  }
  const sorted = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!sorted.length) return h('span', { class: `${cls} muted` }, 'none');
  return h('ul', { class: cls }, sorted.map(([label, { t, n }]) => h('li', {
    class: `token kind-${t.face_up ? t.kind : 'back'}`, 'data-token': label, 'data-count': n, title: tokenWords(t),
  }, h('span', { class: 'token-label' }, label), n > 1 ? h('span', { class: 'token-count' }, ` ×${n}`) : null)));
}

function centreOf(loc) {
  return [R * SQ3 * (loc.q + loc.r / 2), R * 1.5 * loc.r];
}

/** The map's box in board units, [x, y, width, height], for the viewBox and the zoom. */
export function legendaryBox(view) {
  const cs = view.locations.map(centreOf);
  if (!cs.length) return [0, 0, 100, 100];
  const x0 = Math.min(...cs.map((c) => c[0])) - R * SQ3 / 2 - MARGIN;
  const x1 = Math.max(...cs.map((c) => c[0])) + R * SQ3 / 2 + MARGIN;
  const y0 = Math.min(...cs.map((c) => c[1])) - R - MARGIN;
  const y1 = Math.max(...cs.map((c) => c[1])) + R + MARGIN;
  return [x0, y0, x1 - x0, y1 - y0];
}

/** A location's centre in board units (for the phone's first zoom). */
export function locationCentre(view, index) {
  const loc = view.locations.find((l) => l.index === index);
  return loc ? centreOf(loc) : null;
}

function hexPoints(x, y) {
  return [...Array(6).keys()].map((i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${(x + R * TILE * Math.cos(a)).toFixed(1)},${(y + R * TILE * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}


/** Where each travel option leads: Map(location id -> option), from the `move` options' spaces. */
export function travelTargets(view, options) {
  const ids = new Set(view.locations.map((l) => l.id));
  const out = new Map();
  for (const o of options || []) {
    const id = o.verb === 'move' && o.args ? o.args.space : null;
    if (id && ids.has(id) && !out.has(id)) out.set(id, o);
  }
  return out;
}

function locationTip(loc, view, board, target, onPick, seatName) {
  const printed = board && board.spaces ? board.spaces[loc.id] : null;
  const heroes = loc.heroes.map((seat) => view.heroes.find((x) => x.seat === seat)).filter(Boolean);
  return [
    target && onPick ? h('button', { type: 'button', class: 'primary tip-pick', onclick: () => onPick(target) }, target.label) : null,
    h('strong', {}, loc.name),
    printed && printed.text ? h('p', {}, printed.text) : null,
    heroes.length ? h('p', { class: 'tip-here' }, `Here: ${heroes.map((x) => `${x.name} (${seatName(x)})`).join(', ')}`) : null,
    loc.tokens.length ? h('ul', { class: 'tip-tokens' }, loc.tokens.map((t) => h('li', {}, tokenWords(t)))) : h('p', { class: 'muted' }, 'No tokens here.'),
  ];
}

/**
 * Draw the map into an <svg>. targets: Map(location id -> option) a person may click; onPick(option);
 * board: the served board (its locations' texts, for the tips); seatName(hero): who plays a hero.
 * As on Talisman's board, a click with a mouse picks a highlighted hex; a tap opens its tip, which offers it.
 */
export function drawLegendary(svg, view, { targets = new Map(), onPick = null, board = null, zoom = null,
  seatName = (x) => `seat ${x.seat + 1}` } = {}) {
  svg.replaceChildren(iconDefs());
  svg.classList.add('legendary');
  if (!zoom) svg.setAttribute('viewBox', legendaryBox(view).join(' '));
  const byIndex = Object.fromEntries(view.locations.map((l) => [l.index, l]));
  const paths = s('g', { class: 'paths' });
  for (const loc of view.locations) {
    for (const other of loc.paths) {
      if (other < loc.index || !byIndex[other]) continue;
      const [x1, y1] = centreOf(loc);
      const [x2, y2] = centreOf(byIndex[other]);
      paths.append(s('line', { x1, y1, x2, y2, class: 'lt-path', 'data-path': `${loc.id}-${byIndex[other].id}` },
        s('title', {}, `path: ${loc.name} – ${byIndex[other].name}`)));
    }
  }
  const hexes = s('g', { class: 'locations' });
  for (const loc of view.locations) {
    const [x, y] = centreOf(loc);
    const target = targets.get(loc.id);
    const g = s('g', {
      class: `space loc${target ? ' target' : ''}`, 'data-space': loc.id, 'data-q': loc.q, 'data-r': loc.r,
      tabindex: target ? 0 : null, role: target ? 'button' : null, 'aria-label': target ? target.label : loc.name,
    });
    g.append(s('polygon', { points: hexPoints(x, y), class: 'cell hex' }));
    g.append(useIcon(spaceIcon(loc.id.replace(/-\d+$/, '')), x - R * 0.3, y - R * 0.12, R * 0.6, 'space-icon'));
    g.append(fitText(s('text', { x, y: y - R * 0.74, 'font-size': 22, class: 'space-name' }, loc.name), loc.name,
      { width: R * 1.4, lines: 2, size: 22, at: 'top' }));
    drawTokens(g, x, y, loc.tokens);
    drawHeroes(g, x, y, loc.heroes.map((seat) => view.heroes.find((x2) => x2.seat === seat)).filter(Boolean), view.active);
    const pick = target && onPick ? onPick : null;
    withPick(g, () => locationTip(loc, view, board, target, pick, seatName), `loc:${loc.id}`, pick, target);
    hexes.append(g);
  }
  svg.append(paths, hexes);
  if (zoom) zoom.apply();
  else legible(svg);
  moved(svg);
  tidyTip();
}

const TOKENS_SHOWN = 3;

function drawTokens(g, x, y, tokens) {
  const w = R * 1.3;
  const th = 21;
  const top = y - R * 0.3;
  tokens.slice(0, TOKENS_SHOWN).forEach((t, i) => {
    const ty = top + i * (th + 3);
    const shown = t.face_up ? tokenLabel(t) : '?';
    const tok = s('g', {
      class: `lt-token${t.face_up ? ' up' : ' down'}`, 'data-token-id': t.id, 'data-face-up': String(Boolean(t.face_up)),
      'data-kind': t.face_up ? t.kind : null, 'data-back': t.face_up ? null : t.back,
    },
    s('rect', { x: x - w / 2, y: ty, width: w, height: th, rx: t.face_up ? 5 : 12, fill: t.face_up ? (KIND_FILLS[t.kind] || '#555') : (BACK_FILLS[t.back] || BACK_FILLS.regular), class: 'token-shape' }),
    fitText(s('text', { x, y: ty + th / 2, 'font-size': 15, class: 'token-text' }, shown), shown,
      { width: w - 6, size: 15, at: 'middle', clip: true }),
    s('title', {}, tokenWords(t)));
    g.append(tok);
  });
  if (tokens.length > TOKENS_SHOWN) {
    g.append(fitText(s('text', { x: x + w / 2, y: top + TOKENS_SHOWN * (th + 3) + 12, 'font-size': 15, class: 'token-more' },
      `+${tokens.length - TOKENS_SHOWN}`), `+${tokens.length - TOKENS_SHOWN}`, { width: 40, size: 15, at: 'baseline' }));
  }
}

/** The heroes on a location in the lower part of its hex: one row of up to 3, or smaller in rows of 4 and 2. */
function drawHeroes(g, x, y, heroes, active) {
  const n = heroes.length;
  const r = n > 3 ? 11 : 14;
  const perRow = n > 3 ? 4 : 3;
  heroes.forEach((hero, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, n - row * perRow);
    const cx = x + ((i % perRow) - (inRow - 1) / 2) * r * 2.2;
    const cy = y + R * 0.52 + row * r * 2.1;
    g.append(s('g', { class: `piece hero${hero.seat === active ? ' active' : ''}`, 'data-seat': hero.seat, 'data-piece': hero.seat, 'data-x': cx, 'data-y': cy },
      s('circle', { cx, cy, r, fill: SEAT_COLOURS[hero.seat % SEAT_COLOURS.length] }),
      fitText(s('text', { x: cx, y: cy, 'font-size': r * 1.05 }, hero.name.slice(0, 2)), hero.name.slice(0, 2), { width: r * 2.1, size: r * 1.05, at: 'middle' }),
      s('title', {}, hero.name)));
  });
}

/** The time track: each space, the counter's one marked, the crescent moon (the limit) last. */
export function timeTrack(view) {
  const t = view.time;
  const left = t.moon - t.at;
  return h('div', { class: 'time', 'data-at': t.at, 'data-moon': t.moon },
    h('ol', { class: 'time-track', 'aria-label': 'time track' }, t.track.map((label, i) => h('li', {
      class: `time-space${i === t.at ? ' now' : ''}${i === t.moon ? ' moon' : ''}${i < t.at ? ' past' : ''}`,
      'data-time': i, title: i === t.moon ? 'the crescent moon: night falls' : `time ${label}`,
    }, i === t.moon ? '☾' : String(label)))),
    h('p', { class: 'time-left' }, left > 0 ? `${left} space${left > 1 ? 's' : ''} to the crescent moon.` : 'Night has fallen.'));
}

const stars = (n) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 3 - n));

/** The adventure: its chapter and stars, task and story, the time track, the scroll's items and the Reward bag. */
export function adventurePanel(view) {
  const a = view.adventure;
  const board = Object.entries(view.scoreboard || {});
  return h('section', { class: 'adventure', 'data-adventure': a.number },
    h('h2', {}, `Adventure ${a.number}: ${a.title}`),
    h('p', { class: 'adventure-facts' }, `Chapter ${a.chapter} · `, h('span', { class: 'stars', title: `${a.difficulty} star${a.difficulty > 1 ? 's' : ''}` }, stars(a.difficulty))),
    h('p', { class: 'task' }, h('strong', {}, 'Task: '), a.task || '—'),
    a.story ? h('p', { class: 'story' }, a.story) : null,
    timeTrack(view),
    h('div', { class: 'row scroll-items' }, h('span', { class: 'row-label' }, 'On the scroll'), tokenChips(view.scroll)),
    h('div', { class: 'row reward-bag', 'data-count': view.reward_bag }, h('span', { class: 'row-label' }, 'Reward bag'),
      `${view.reward_bag} token${view.reward_bag === 1 ? '' : 's'}`),
    board.length ? h('div', { class: 'row' }, h('span', { class: 'row-label' }, 'Talismans won'),
      board.sort().map(([n, st]) => `adventure ${n} ${'★'.repeat(st)}`).join(', ')) : null,
    h('p', { class: 'legend muted' }, LEGEND));
}

/** The tokens drawn this turn, in the order drawn (they are on the table, not in a bag). */
export function drawnPanel(view) {
  return h('div', { class: 'drawn' }, view.drawn.length
    ? h('ol', { class: 'token-list drawn-list' }, view.drawn.map((t) => h('li', { class: `token kind-${t.kind}`, title: tokenWords(t) }, tokenLabel(t))))
    : h('p', { class: 'muted' }, 'Nothing drawn this turn yet.'));
}

/** A hero's sheet: where it stands, its bag (count, and contents sorted), the tokens in front of it, its ability. */
export function heroSheet(hero, view, seatInfo, { mine = false, acting = false } = {}) {
  const colour = SEAT_COLOURS[hero.seat % SEAT_COLOURS.length];
  const at = view.locations.find((l) => l.index === hero.location);
  const row = (label, ...value) => h('div', { class: 'row' }, h('span', { class: 'row-label' }, label), h('span', { class: 'row-value' }, ...value));
  return h('section', { class: `sheet hero-sheet${acting ? ' acting' : ''}${mine ? ' mine' : ''}`, 'data-seat': hero.seat, style: `--seat:${colour}` },
    h('header', {},
      h('span', { class: 'swatch' }),
      h('strong', { class: 'hero-name' }, hero.name),
      h('span', { class: 'muted' }, ` · ${seatInfo ? seatInfo.name : `seat ${hero.seat + 1}`}`),
      acting ? h('span', { class: 'badge' }, 'acting') : null),
    row('At', at ? at.name : '?'),
    h('div', { class: 'row bag', 'data-bag-count': hero.bag_count },
      h('span', { class: 'row-label' }, 'Bag'),
      h('span', { class: 'bag-count' }, `${hero.bag_count} token${hero.bag_count === 1 ? '' : 's'}`),
      tokenChips(hero.bag, 'token-list bag-contents')),
    h('div', { class: 'row front' }, h('span', { class: 'row-label' }, 'In front'), tokenChips(hero.front, 'token-list front-tokens')),
    hero.ability ? h('p', { class: 'ability muted' }, hero.ability) : null);
}

/** The end in one sentence: won or lost, the adventure and its stars (and a campaign's rank). */
export function resultText(result) {
  const won = Boolean(result.won ?? (result.winners && result.winners.length));
  const n = Number(result.stars || 0);
  let line = `The party ${won ? 'won' : 'lost'} adventure ${result.adventure ?? '?'} at ${n} star${n === 1 ? '' : 's'} (${'★'.repeat(n)}): ${result.how}.`;
  const board = result.scoreboard ? Object.values(result.scoreboard) : [];
  const total = board.reduce((a, b) => a + Number(b), 0);
  if (board.length) line += ` Talismans: ${total} star${total === 1 ? '' : 's'} in all${result.rank ? `, rank ${result.rank}` : ''}.`;
  return line;
}

/** The heroes' sheets: this seat's hero first, then the acting one, then the others. */
export function heroSheets(view, seatInfo, seat) {
  const rank = (x) => (x.seat === seat ? -1 : x.seat === view.active ? 0 : 1 + x.seat);
  return [...view.heroes].sort((a, b) => rank(a) - rank(b)).map((x) => heroSheet(x, view, seatInfo(x.seat), {
    mine: x.seat === seat, acting: !view.result && x.seat === view.active,
  }));
}
