// The board as SVG, drawn from the board's own data (GET /api/games/{id}/board):
// regions with their spaces in path order, and links between spaces.
//
// The layout knows shapes, not boards, so every board of every module draws
// with the same code:
// - a ring region of 8 spaces or more is a square track; linked rings nest
//   inside each other, largest outside (the main board's Outer, Middle and
//   Inner Regions). A ring of N spaces has ceil(N/4) + 1 cells a side, so rings of
//   24, 16 and 8 spaces are the borders of 7x7, 5x5 and 3x3 grids and their
//   corners line up. A ring that does not fit inside another (a City) is a
//   square of its own below, titled with its region's name;
// - the spaces a region keeps off its ring (its `aside`: the City's buildings,
//   Gate and Donjon) fill the middle of its square in a grid of smaller cells;
// - a region of a single space reached from the innermost ring sits in the
//   middle (the Crown of Command);
// - a grid region (a City's districts) keeps its rows and columns, below the
//   squares: a district leads to those beside it;
// - a line region (a path with two ends, such as a Dungeon), and any other
//   region, is a winding strip of cells below the squares;
// - links (bridge, portal, gate, ferry, or any other kind) are paths between
//   the centres of the spaces they join; the Timescape's warp lines in their colour
//   (its White line is its ring, clockwise);
// - hex regions (Talisman Worlds) are tiles laid out anew in each game: the view's
//   `layout` gives each tile's axial place [q, r, space id]; they are drawn as
//   pointy-top hexagons round the centre of a square at the top, coloured by
//   region (Water and Desert by their own colours), the ending face down (named
//   "Ending") until the view's `layout.face_down` no longer holds it.

import { h, ownerOf, s, SEAT_COLOURS } from './dom.js';
import { cardIcon, iconDefs, spaceIcon, useIcon } from './icons.js';
import { fitText, legible } from './legible.js';
import { moved } from './motion.js';
import { cardTip, tidyTip, withPick } from './tip.js';

const SIZE = 1000;
const GAP = 26;
const LINE_ROW = 8;
// Each region in a colour of its own: the Outer Region's meadows, the Middle's ripe fields, the Inner's dusk,
// the Crown's gold, a Dungeon's stone, a City's brick, the Timescape's cold light; others from the palette.
const REGION_COLOURS = {
  outer: '#cfe0a8', middle: '#e8cf8c', inner: '#dc9f8c', crown: '#f2c94c', dungeon: '#bdb6aa', 'dungeon-4e': '#bdb6aa',
  city: '#e0b79c', 'city-districts': '#e0b79c', timescape: '#a6d3d8', catacombs: '#b0a495', 'wizards-tower': '#cbb7e3',
};
const REGION_FILLS = ['#e8dcb5', '#b7c9a8', '#a9bcd0', '#d4b0c8', '#e3c05c', '#c8c8c8', '#d9c08e', '#c99a74'];
const HEX_FILLS = {
  outer: '#a5d6a7', river: '#90caf9', middle: '#b3c7f7', inner: '#ce93d8', crown: '#ffd700', 'worlds-dungeon': '#9e9e9e',
};
const KIND_FILLS = { water: '#42a5f5', desert: '#e6c88a', mountains: '#5d5d5d' };
const CARD_FILLS = {
  enemy: '#b03a2e', stranger: '#7d3c98', follower: '#1e8449', object: '#b9770e', 'magic-object': '#2e86c1',
  'magic-item': '#2e86c1', place: '#5d6d7e', event: '#616a6b',
};

/** Where a point lies at distance d along the border of a square of side L, clockwise from its top-left corner. */
function alongSquare(d, L) {
  const k = Math.min(Math.floor(d / L + 1e-9), 3);
  const t = d - k * L;
  return [[t, 0], [L, t], [L - t, L], [0, L - t]][k];
}

/** Cell rectangles for every space: {width, height, cells: {id: {x, y, w, h, region}}, frames, lineLabels, titles}. */
export function layoutBoard(board) {
  const cells = {};
  const frames = [];
  const lineLabels = [];
  const titles = [];
  const linked = (a, b) => board.links.some((l) => (a.has(l.a) && b.has(l.b)) || (a.has(l.b) && b.has(l.a)));
  const spacesOf = (r) => new Set(r.spaces);

  // Rings of 8 spaces or more are squares. One nests inside another when it
  // is linked to it and leaves a cell's width all round (24 > 16 > 8);
  // otherwise it starts a square of its own (another board: a City).
  const rings = board.regions.filter((r) => r.shape === 'ring' && r.spaces.length >= 8)
    .sort((a, b) => b.spaces.length - a.spaces.length);
  const chains = [];
  for (const r of rings) {
    const chain = chains.find((ch) => {
      const inner = ch[ch.length - 1];
      return inner.spaces.length >= r.spaces.length + 8 && linked(spacesOf(r), spacesOf(inner));
    });
    if (chain) chain.push(r);
    else chains.push([r]);
  }
  const placed = new Set(rings.map((r) => r.id));
  const unit = SIZE / 7; // the cell of a 24-space ring as wide as the board: every square uses this scale
  let height = 0;
  // hex tiles (a world): their places come with the view (placeHexes); here, the room they take
  let hex = null;
  const hexes = board.regions.filter((r) => r.shape === 'hex');
  if (hexes.length) {
    // room for the largest world the board allows (a fifth ring when it has a Dungeon ring)
    const rings = hexes.some((r) => r.id === 'worlds-dungeon') ? 5 : 4;
    const R = SIZE / (Math.sqrt(3) * (2 * rings + 1));
    hex = { R, cx: SIZE / 2, cy: R * (1.5 * rings + 1) };
    hexes.forEach((r) => placed.add(r.id));
    height = R * (3 * rings + 2);
  }
  for (const chain of chains) {
    const top = height ? height + GAP * 2.5 : 0;
    if (height) titles.push({ region: chain[0].id, x: 0, y: top - GAP * 0.6 });
    const outer = Math.min(SIZE, unit * (Math.ceil(chain[0].spaces.length / 4) + 1));
    let side = outer;
    let origin = 0;
    for (const r of chain) {
      // ceil(N/4) cells from each corner to the next; when N is not a multiple
      // of 4, the last sides have one cell fewer and a gap before the corner.
      const n = r.spaces.length;
      const c = side / (Math.ceil(n / 4) + 1);
      const track = side - c;
      let i = 0;
      for (let edge = 0; edge < 4; edge++) {
        const count = Math.floor(n / 4) + (edge < n % 4 ? 1 : 0);
        for (let j = 0; j < count; j++, i++) {
          const [px, py] = alongSquare(edge * track + j * c, track);
          cells[r.spaces[i]] = { x: origin + px, y: top + origin + py, w: c, h: c, region: r.id };
        }
      }
      frames.push({ region: r.id, x: origin, y: top + origin, size: side });
      origin += c + GAP;
      side -= 2 * (c + GAP);
    }
    // single spaces reached from the innermost ring sit in its middle
    const inner = spacesOf(chain[chain.length - 1]);
    const middle = board.regions.filter((r) => !placed.has(r.id) && r.shape === 'ring' && r.spaces.length === 1
      && linked(spacesOf(r), inner));
    if (middle.length && side > 0) {
      // (a single space, the Crown, takes most of the gap round it too: room for its name)
      const c = middle.length === 1 ? side + GAP * 1.5 : Math.min(side, (side - GAP * (middle.length - 1)) / middle.length);
      const left = origin + (side - (c * middle.length + GAP * (middle.length - 1))) / 2;
      middle.forEach((r, i) => {
        cells[r.spaces[0]] = { x: left + i * (c + GAP), y: top + origin + (side - c) / 2, w: c, h: c, region: r.id };
        placed.add(r.id);
      });
    }
    // the spaces kept off the rings (a City's buildings) in a grid in the middle
    // (each as near as may be to the space its passage opens on: a building by its street)
    const aside = chain.flatMap((r) => (r.aside || []).map((id) => [id, r.id]));
    if (aside.length && side > 0 && !middle.length) {
      const k = Math.ceil(Math.sqrt(aside.length));
      const g = GAP / 3;
      const c = (side - g * (k - 1)) / k;
      const slots = [...Array(k * k).keys()].map((i) => ({ x: origin + (i % k) * (c + g), y: top + origin + Math.floor(i / k) * (c + g) }));
      const doorOf = (id) => {
        const ends = (l) => (l.a === id && cells[l.b]) || (l.b === id && cells[l.a]);
        const ln = board.links.find((l) => l.kind === 'passage' && ends(l)) || board.links.find(ends);
        return ln ? cells[ln.a === id ? ln.b : ln.a] : null;
      };
      const pairs = [];
      aside.forEach(([id], i) => {
        const door = doorOf(id);
        slots.forEach((slot, j) => {
          const d = door ? Math.hypot(door.x + door.w / 2 - slot.x - c / 2, door.y + door.h / 2 - slot.y - c / 2) : 1e9 + j;
          pairs.push([d, i, j]);
        });
      });
      pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2]);
      const taken = new Set();
      const done = new Set();
      for (const [, i, j] of pairs) {
        if (done.has(i) || taken.has(j)) continue;
        const [id, region] = aside[i];
        cells[id] = { x: slots[j].x, y: slots[j].y, w: c, h: c, region };
        done.add(i);
        taken.add(j);
      }
    }
    height = top + outer;
  }
  // everything else (lines, small regions) is a winding strip below
  for (const r of board.regions.filter((x) => !placed.has(x.id))) {
    const top = height + (height ? GAP * 2.5 : GAP);
    if (r.shape === 'grid') {
      const cols = Math.max(...r.grid.map((row) => row.length));
      const c = Math.min(unit, (SIZE - GAP * (cols - 1)) / cols);
      const left = (SIZE - (cols * c + (cols - 1) * GAP)) / 2;
      r.grid.forEach((row, y) => row.forEach((id, x) => {
        if (id) cells[id] = { x: left + x * (c + GAP), y: top + y * (c + GAP), w: c, h: c, region: r.id };
      }));
      frames.push({ region: r.id, x: left - GAP / 2, y: top - GAP / 2, size: null,
        w: cols * c + cols * GAP, h: r.grid.length * (c + GAP) });
      lineLabels.push({ region: r.id, x: left, y: top - GAP * 0.8, grid: true });
      height = top + r.grid.length * (c + GAP) - GAP;
      continue;
    }
    const c = (SIZE - GAP * (LINE_ROW - 1)) / LINE_ROW;
    lineLabels.push({ region: r.id, x: 0, y: top - GAP * 0.6 });
    [...r.spaces, ...(r.aside || [])].forEach((id, i) => {
      const row = Math.floor(i / LINE_ROW);
      const col = row % 2 === 0 ? i % LINE_ROW : LINE_ROW - 1 - (i % LINE_ROW);
      cells[id] = { x: col * (c + GAP), y: top + row * (c + GAP), w: c, h: c, region: r.id };
    });
    height = top + Math.ceil((r.spaces.length + (r.aside || []).length) / LINE_ROW) * (c + GAP) - GAP;
  }
  return { width: SIZE, height, cells, frames, lineLabels, titles, hex };
}

/** Put each tile of a world where the view's layout says (idempotent; nothing on other boards). */
export function placeHexes(layout, view) {
  const laid = view && view.layout;
  if (!layout.hex || !laid || laid.shape !== 'hex') return;
  const { R, cx, cy } = layout.hex;
  for (const [q, r, id] of laid.tiles) {
    const x = cx + R * Math.sqrt(3) * (q + r / 2);
    const y = cy + R * 1.5 * r;
    const w = R * Math.sqrt(3);
    layout.cells[id] = { x: x - w / 2, y: y - R * 0.78, w, h: R * 1.56, region: null, hex: { x, y, R, q, r } };
  }
}

function hexPoints({ x, y, R }) {
  return [...Array(6).keys()].map((i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${(x + R * 0.97 * Math.cos(a)).toFixed(1)},${(y + R * 0.97 * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}

function centre(cell) {
  return [cell.x + cell.w / 2, cell.y + cell.h / 2];
}

function linkPath(a, b, kind) {
  const [x1, y1] = centre(a);
  const [x2, y2] = centre(b);
  if (kind === 'ferry') return `M${x1},${y1} L${x2},${y2}`;
  // other links bend a little, so that they stay visible when they cross the board
  const mx = (x1 + x2) / 2 + (y2 - y1) * 0.15;
  const my = (y1 + y2) / 2 - (x2 - x1) * 0.15;
  return `M${x1},${y1} Q${mx},${my} ${x2},${y2}`;
}

/** The space an option leads to, if its arguments name one (a move, a retreat, a raft, a Portal...). */
export function optionSpace(option, board) {
  const space = option.args && option.args.space;
  return space && board.spaces[space] ? space : null;
}

/** The whole board's box in board units, [x, y, width, height] (for the viewBox and the zoom). */
export function boardBox(layout) {
  return [-8, -8, layout.width + 16, layout.height + 16];
}

/** The centre of a space's cell, in board units. */
export function spaceCentre(layout, id) {
  const cell = layout.cells[id];
  return cell ? centre(cell) : null;
}

/** What a space holds and says, for its tip; with the option a highlighted space stands for. */
function spaceTip(board, space, cards, players, gold, realm, target, onPick, seatName, markers = []) {
  const region = board.regions.find((r) => r.id === space.region);
  return [
    target && onPick ? h('button', { type: 'button', class: 'primary tip-pick', onclick: () => onPick(target) }, target.label) : null,
    h('strong', {}, space.label || space.name),
    region ? h('span', { class: 'tip-kind' }, ` ${region.name}`) : null,
    space.text ? h('p', {}, space.text) : null,
    players.length ? h('p', { class: 'tip-here' }, `Here: ${players.map((p) => `${p.name} (${seatName(p)})`).join(', ')}`) : null,
    gold ? h('p', {}, `${gold} gold lies here.`) : null,
    realm ? h('p', {}, `${realm.title}: a realm.`) : null,
    markers.map((m) => h('p', { class: `tip-marker marker-${m.kind}` }, m.kind === 'emperors-guard' ? `An ${m.name} stands here.` : `${m.name}.`)),
    cards.map((c) => h('div', { class: 'tip-card' }, cardTip(c))),
  ];
}

/**
 * Draw the board into an <svg>.
 * view: a Game.view dict; targets: Map(spaceId -> option) the player may click; onPick(option);
 * zoom: the board's Zoom, whose view is kept; seatName(p): who plays a character, for the tips.
 * A highlighted space is picked by a click with a mouse; a tap on a touch screen opens its tip,
 * which offers the pick, so that a tap meant to read a space does not move there.
 */
export function drawBoard(svg, board, layout, view, { targets = new Map(), onPick = null, zoom = null, seatName = (p) => `seat ${ownerOf(p) + 1}` } = {}) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', boardBox(layout).join(' '));
  placeHexes(layout, view);
  const faceDown = new Set((view.layout && view.layout.face_down) || []);
  const revealed = (view.layout && view.layout.labels) || {};
  const regionIndex = Object.fromEntries(board.regions.map((r, i) => [r.id, i]));
  const regionFill = (id) => REGION_COLOURS[id] || REGION_FILLS[regionIndex[id] % REGION_FILLS.length];
  svg.append(iconDefs());

  for (const f of layout.frames) {
    svg.append(s('rect', { x: f.x - 4, y: f.y - 4, width: (f.w ?? f.size) + 8, height: (f.h ?? f.size) + 8, rx: 10, class: 'frame' }));
  }
  for (const l of [...layout.lineLabels, ...(layout.titles || [])]) {
    const region = board.regions.find((r) => r.id === l.region);
    svg.append(fitText(s('text', { x: l.x, y: l.y, class: 'region-label' }, region.name), region.name,
      { width: SIZE, size: 22, at: 'baseline' }));
  }
  const links = s('g', { class: 'links' });
  for (const l of layout.lineLabels.filter((x) => !x.grid)) {   // a strip's path, space after space
    const region = board.regions.find((r) => r.id === l.region);
    const points = region.spaces.map((id) => centre(layout.cells[id]).join(',')).join(' ');
    links.append(s('polyline', { points, class: 'track' }));
  }
  for (const ln of board.links) {
    const a = layout.cells[ln.a];
    const b = layout.cells[ln.b];
    if (!a || !b) continue;
    // a warp line of the Timescape carries its colour (its name) and runs one way, a to b
    const named = ln.kind === 'warp' && ln.name ? ` link-${ln.name.toLowerCase()}` : '';
    const what = ln.kind === 'warp' ? `${ln.name} warp line` : ln.kind;
    links.append(s('path', { d: linkPath(a, b, ln.kind), class: `link link-${ln.kind}${named}` },
      s('title', {}, `${what}${ln.guard ? ` (${ln.guard})` : ''}: ${board.spaces[ln.a].name} ${ln.kind === 'warp' ? '→' : '–'} ${board.spaces[ln.b].name}`)));
  }
  svg.append(links);

  const here = {};
  for (const p of view.players) {
    if (p.alive) (here[p.space] ||= []).push(p);
  }
  const realms = Object.fromEntries((view.realms || []).map((r) => [r.space, r]));

  for (const [id, cell] of Object.entries(layout.cells)) {
    const printed = board.spaces[id];
    // the ending tile face down shows nothing of itself; turned over, the ending drawn
    const space = faceDown.has(id)
      ? { ...printed, name: 'Ending', label: 'Ending (face down)', text: 'A face-down ending: turned over when a character first steps on it.' }
      : revealed[id] ? { ...printed, name: revealed[id], label: revealed[id], text: '' } : printed;
    const target = targets.get(id);
    const g = s('g', {
      class: `space${target ? ' target' : ''}`, 'data-space': id,
      tabindex: target ? 0 : null, role: target ? 'button' : null,
      'aria-label': target ? target.label : (space.label || space.name),
    });
    const cards = view.board[id] || [];
    // A Disaster (000) lies on its space for good: the space is drawn struck, under the Disaster's name.
    const disaster = cards.find((c) => c.subtype === 'disaster');
    if (disaster) g.classList.add('struck');
    const title = space.name;
    if (cell.hex) {
      const fill = faceDown.has(id) ? '#5d4037' : (KIND_FILLS[space.kind] || HEX_FILLS[space.region] || regionFill(space.region));
      g.setAttribute('data-q', cell.hex.q);
      g.setAttribute('data-r', cell.hex.r);
      if (faceDown.has(id)) g.setAttribute('data-face-down', '');
      g.append(s('polygon', { points: hexPoints(cell.hex), fill, class: 'cell hex' }));
    } else {
      g.append(s('rect', { x: cell.x, y: cell.y, width: cell.w, height: cell.h, rx: 6, fill: regionFill(cell.region), class: 'cell' }));
    }
    const fs = Math.max(cell.w * 0.115, 9);
    const icon = faceDown.has(id) ? 'portal' : spaceIcon(space.kind);
    const isize = cell.hex ? cell.w * 0.34 : cell.w * 0.34;
    g.append(cell.hex ? useIcon(icon, cell.hex.x - isize / 2, cell.hex.y - isize * 0.15, isize, 'space-icon')
      : useIcon(icon, cell.x + cell.w * 0.6, cell.y + cell.h * 0.4, isize, 'space-icon'));
    if (disaster) {
      g.append(fitText(s('text', { x: cell.x + cell.w / 2, y: cell.y + cell.h * 0.42, 'font-size': fs * 0.9, class: 'disaster-name', 'data-disaster': disaster.name }, `⚠ ${disaster.name}`),
        `⚠ ${disaster.name}`, { width: cell.w - 6, lines: 2, size: fs * 0.9, at: 'baseline' }));
    }
    g.append(fitText(s('text', { x: cell.x + cell.w / 2, y: cell.hex ? cell.hex.y - cell.hex.R * 0.62 : cell.y + 2, 'font-size': fs, class: 'space-name' }, title),
      title, { width: cell.hex ? cell.w * 0.88 : cell.w - 6, lines: 3, size: fs, at: 'top' }));
    drawCards(g, cell, cards);
    const gold = (view.gold_on || {})[id];
    if (gold) {
      g.append(s('circle', { cx: cell.x + cell.w - 16, cy: cell.y + cell.h - 16, r: 13, class: 'gold' }));
      g.append(fitText(s('text', { x: cell.x + cell.w - 16, y: cell.y + cell.h - 16, class: 'gold-text' }, String(gold)),
        String(gold), { width: 30, size: 14, at: 'middle' }));
    }
    if (realms[id]) {
      g.append(s('path', {
        d: `M${cell.x + 6},${cell.y + 22} l4,-12 l6,8 l6,-8 l4,12 z`,
        fill: SEAT_COLOURS[realms[id].owner % SEAT_COLOURS.length], class: 'realm',
      }));
    }
    const markers = (view.pieces || {})[id] || [];
    drawMarkers(g, cell, markers);
    drawPieces(g, cell, here[id] || [], view.active);
    const pick = target && onPick ? onPick : null;
    const tip = () => spaceTip(board, space, cards, here[id] || [], gold, realms[id], target, pick, seatName, markers);
    withPick(g, tip, `space:${id}`, pick, target);
    svg.append(g);
  }
  if (zoom) zoom.apply();
  else legible(svg);
  moved(svg);
  tidyTip();
}

function drawCards(g, cell, cards) {
  if (!cards.length) return;
  const h = Math.max(cell.h * 0.16, 12);
  const y = cell.y + cell.h - h - 4;
  const first = cards[0];
  const fs = h * 0.62;
  const label = cards.length > 1 ? `${first.name} +${cards.length - 1}` : first.name;
  g.append(s('rect', { x: cell.x + 4, y, width: cell.w - 8, height: h, rx: 3, fill: CARD_FILLS[first.type] || '#555', class: 'card' }));
  g.append(useIcon(cardIcon(first.type), cell.x + 6, y + h * 0.1, h * 0.8, 'card-icon'));
  g.append(fitText(s('text', { x: cell.x + 8 + h * 0.8, y: y + h / 2, 'font-size': fs, class: 'card-text', 'data-card': first.name }, label),
    label, { width: cell.w - 14 - h * 0.8, size: fs, at: 'middle', clip: true }));
}

/** Markers of the modules (``view.pieces``): an Emperor's Guard, a card turned face down; in a column at the right. */
function drawMarkers(g, cell, markers) {
  const size = Math.min(cell.w * 0.2, 22);
  markers.forEach((m, i) => {
    const x = cell.x + cell.w - size - 4;
    const y = cell.y + cell.h * 0.3 + i * (size + 3);
    const guard = m.kind === 'emperors-guard';
    g.append(s('g', { class: `marker marker-${m.kind}`, 'data-marker': m.kind },
      s('rect', { x, y, width: size, height: size, rx: guard ? size / 2 : 2, class: 'marker-shape' }),
      fitText(s('text', { x: x + size / 2, y: y + size / 2, 'font-size': size * 0.5, class: 'marker-text' }, guard ? 'EG' : '?'),
        guard ? 'EG' : '?', { width: size * 1.6, size: size * 0.5, at: 'middle' }),
      s('title', {}, m.name)));
  });
}

function drawPieces(g, cell, players, active) {
  const r = Math.min(cell.w * 0.13, 18);
  players.forEach((p, i) => {
    const cx = cell.x + r + 6 + (i % 3) * (r * 2.1);
    const cy = cell.y + cell.h * 0.55 + Math.floor(i / 3) * (r * 2.1) - (players.length > 3 ? r : 0);
    const colour = SEAT_COLOURS[ownerOf(p) % SEAT_COLOURS.length];
    const piece = s('g', {
      class: `piece${p.seat === active ? ' active' : ''}${p.toad ? ' toad' : ''}`, 'data-seat': ownerOf(p), 'data-piece': p.seat,
      'data-x': cx, 'data-y': cy,
    },
    s('circle', { cx, cy, r, fill: colour }),
    fitText(s('text', { x: cx, y: cy, 'font-size': r * 1.05 }, p.name.slice(0, 2)), p.name.slice(0, 2), { width: r * 2.1, size: r * 1.05, at: 'middle' }),
    s('title', {}, p.name));
    g.append(piece);
  });
}
