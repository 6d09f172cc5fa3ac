// Our own icons: line drawings on a 24-unit square, round caps, one stroke width, in the colour of the text
// around them. One for each family of spaces (the kinds of every module map onto them), each kind of card
// (creatures, Strangers, Followers, Objects, magic, Places, Events, Spells, Scrolls) and the die. Drawn once
// per page as <symbol>s and used wherever they are needed: on the board (spaces and the cards lying there),
// on the sheets' chips and the option buttons.

import { s } from './dom.js';

const PATHS = {
  // places
  tree: 'M12 3 L5 14 H9 L6 19 H18 L15 14 H19 Z M12 19 V22',
  field: 'M3 21 H21 M8 21 V11 M8 11 l-2 -3 M8 11 l2 -3 M8 15 l-2 -3 M8 15 l2 -3 M16 21 V11 M16 11 l-2 -3 M16 11 l2 -3 M16 15 l-2 -3 M16 15 l2 -3',
  hills: 'M2 19 L8 10 L12 15 L15 11 L22 19 Z',
  crag: 'M2 20 L9 5 L13 13 L16 9 L22 20 Z M7 9 L9 10.5 L11 9.5',
  house: 'M4 11 L12 4 L20 11 V20 H4 Z M10 20 V15 H14 V20',
  city: 'M2 20 H22 M3 20 V10 L7 7 L11 10 V20 M11 20 V5 H17 V20 M17 20 V12 H21 V20 M13 8 H15 M13 11 H15',
  tower: 'M6 21 V8 H8 V5.5 H10 V8 H14 V5.5 H16 V8 H18 V21 Z M10 21 V16 a2 2 0 0 1 4 0 V21 M11 11 H13',
  temple: 'M12 2 V6 M10 4 H14 M5 21 V11 L12 6 L19 11 V21 Z M10 21 V15 H14 V21',
  grave: 'M7 21 V10 a5 5 0 0 1 10 0 V21 Z M12 11 V17 M9.5 13.5 H14.5 M4 21 H20',
  mug: 'M6 8 H15 V20 H6 Z M15 11 H18 a2 2 0 0 1 2 2 V14 a2 2 0 0 1 -2 2 H15 M6 8 C6 5 9 4 10.5 5.5 C12 4 15 5 15 8',
  ruins: 'M3 21 H21 M6 21 V9 M10 21 V12 M14 21 V7 M18 21 V14 M4.5 9 H7.5 M12.5 7 H15.5',
  rune: 'M8 21 V6 L12 3 L16 6 V21 Z M12 8 V17 M12 10 L14.5 8 M12 13.5 L9.5 11.5',
  cave: 'M2 20 C4 8 8 4 12 4 C16 4 20 8 22 20 Z M8 20 C8 14 10 11 12 11 C14 11 16 14 16 20',
  chasm: 'M2 9 H8 L10 21 M22 9 H16 L14 21 M5 13 L8 12 M19 13 L16 12',
  desert: 'M16 4 a3 3 0 1 1 0 6 a3 3 0 1 1 0 -6 M2 19 C6 14 10 14 13 17 C16 14 19 14 22 17',
  palm: 'M12 21 C12 16 13 11 12 8 M12 8 C9 5 6 6 4 8 M12 8 C15 5 18 6 20 8 M12 8 C11 5 9 3 7 3 M12 8 C13 5 15 3 17 3 M4 21 H20',
  water: 'M2 9 q2.5 -3 5 0 t5 0 t5 0 t5 0 M2 14 q2.5 -3 5 0 t5 0 t5 0 t5 0 M2 19 q2.5 -3 5 0 t5 0 t5 0 t5 0',
  portal: 'M6 21 V10 a6 6 0 0 1 12 0 V21 M12 16 a3 3 0 1 1 0 -6 a2 2 0 1 1 0 4',
  flame: 'M12 22 C7 22 5 18 6 14 C7 11 9 10 9 7 C11 9 12 10 12 12 C13 9 14 6 13 3 C17 6 19 10 18 15 C17 19 15 22 12 22 Z',
  crown: 'M3 18 L5 8 L9 12 L12 5 L15 12 L19 8 L21 18 Z M3 21 H21',
  beast: 'M4 4 L8 9 H16 L20 4 L19 12 L14 20 H10 L5 12 Z M9 13 h.5 M14.5 13 h.5 M11 17 H13',
  skull: 'M6 11 a6 6 0 0 1 12 0 V15 H15.5 V19 H8.5 V15 H6 Z M9.5 11 h.5 M14 11 h.5 M11 19 V17 M13 19 V17',
  shield: 'M12 3 L20 6 V12 C20 17 16 20 12 22 C8 20 4 17 4 12 V6 Z M12 7 V18 M8 11 H16',
  helm: 'M6 20 V11 a6 6 0 0 1 12 0 V20 Z M6 13 H18 M10 13 V16 M14 13 V16',
  gate: 'M5 21 V6 L12 3 L19 6 V21 M9 21 V11 H15 V21 M12 11 V21',
  bag: 'M6 9 H18 L19 21 H5 Z M9 9 V7 a3 3 0 0 1 6 0 V9',
  coin: 'M12 4 a8 8 0 1 1 0 16 a8 8 0 1 1 0 -16 M12 7 V17 M14.5 9.5 H11 a1.8 1.8 0 0 0 0 3.5 H13 a1.8 1.8 0 0 1 0 3.5 H9.5',
  swords: 'M4 4 L15 15 M20 4 L9 15 M13 17 L17 13 M7 13 L11 17 M15 15 L20 20 M9 15 L4 20',
  star: 'M12 3 L14 10 L21 10 L15.5 14 L17.5 21 L12 17 L6.5 21 L8.5 14 L3 10 L10 10 Z',
  book: 'M4 5 a2 2 0 0 1 2 -2 H20 V19 H6 a2 2 0 0 0 -2 2 Z M4 21 a2 2 0 0 1 2 -2 M9 7 H16 M9 10 H14',
  // cards
  enemy: 'M4 8 L7 4 L9 8 H15 L17 4 L20 8 V14 C20 18 16 21 12 21 C8 21 4 18 4 14 Z M8.5 11.5 L10.5 12.5 M15.5 11.5 L13.5 12.5 M9 16 L10.5 18 L12 16 L13.5 18 L15 16',
  stranger: 'M12 3 C8 3 6 7 6 11 L4 21 H20 L18 11 C18 7 16 3 12 3 Z M9.5 11 a2.5 3 0 0 0 5 0',
  follower: 'M12 3.5 a3.5 3.5 0 1 1 0 7 a3.5 3.5 0 1 1 0 -7 M5 21 C5 15 8 12.5 12 12.5 C16 12.5 19 15 19 21 Z',
  object: 'M18 3 H21 V6 L10 17 L7 14 Z M4 15 L9 20 M6.5 17.5 L3 21',
  gem: 'M7 4 H17 L21 9 L12 21 L3 9 Z M3 9 H21 M9 4 L12 9 L15 4 M12 9 V21',
  place: 'M6 21 V3 M6 4 H17 L15 7.5 L17 11 H6',
  event: 'M13 2 L5 13 H11 L9 22 L19 9 H13 Z',
  spell: 'M12 2 L13.8 9.2 L21 11 L13.8 12.8 L12 20 L10.2 12.8 L3 11 L10.2 9.2 Z M19 17 l.8 2.2 l2.2 .8 l-2.2 .8 l-.8 2.2 l-.8 -2.2 l-2.2 -.8 l2.2 -.8 Z',
  scroll: 'M7 4 H19 V18 a3 3 0 0 1 -3 3 H6 a3 3 0 0 1 -3 -3 V17 H15 V19 M7 4 a2 2 0 0 0 -2 2 V17 M10 8 H16 M10 12 H16',
  die: 'M7 4 H17 a3 3 0 0 1 3 3 V17 a3 3 0 0 1 -3 3 H7 a3 3 0 0 1 -3 -3 V7 a3 3 0 0 1 3 -3 Z M8.5 8.5 h.5 M15 15 h.5 M11.75 11.75 h.5',
};

// The kinds of spaces of every module, by the family whose icon they take; a kind not named here is matched
// by a word it contains, then by its region's icon.
const FAMILIES = {
  tree: ['woods', 'forest', 'cursed-glade', 'glade'],
  field: ['fields', 'plains'],
  hills: ['hills', 'hidden-valley', 'valley'],
  crag: ['crags', 'mountains'],
  house: ['village', 'hovel', 'slums', 'west-side', 'street', 'town-square', 'stables', 'doctor'],
  city: ['city', 'city-center', 'wizards-quarter', 'temple-district'],
  tower: ['castle', 'royal-castle', 'palace', 'vampires-tower', 'tower-crown', 'space-fortress', 'sentinel-outpost'],
  temple: ['chapel', 'temple', 'high-temple'],
  grave: ['graveyard', 'crypt'],
  mug: ['tavern', 'six-fates-inn', 'kitchen'],
  ruins: ['ruins'],
  rune: ['runes', 'summoning-circle'],
  cave: ['warlocks-cave', 'cave', 'cavern', 'mines', 'tunnel', 'passage', 'corridor', 'chamber', 'antechamber', 'catacombs', 'dungeon-entrance'],
  chasm: ['chasm', 'pits', 'pit-trap', 'monster-pit', 'well', 'magical-trap'],
  desert: ['desert', 'rad-zone', 'dead-star'],
  palm: ['oasis'],
  water: ['water', 'harbour', 'wharf', 'pool'],
  portal: ['portal', 'warp-gate', 'vortex', 'nexus', 'time-loop', 'fourth-dimension', 'astral-plane', 'the-void', 'limbo', 'planetfall', 'space-port'],
  flame: ['valley-of-fire', 'plain-of-peril', 'hall-of-darkness', 'chamber-of-darkness'],
  crown: ['crown', 'treasure-chamber'],
  beast: ['werewolf-den', 'warp-demon', 'dragon-prince'],
  skull: ['death', 'dice-with-death', 'death-world', 'torture-chamber'],
  shield: ['sentinel', 'guard-room', 'donjon', 'gaol', 'cell', 'judgement-square'],
  helm: ['black-knight', 'arena'],
  gate: ['city-gate', 'palace-gate', 'tower-door'],
  bag: ['bazaar', 'apothecary', 'armoury', 'magic-emporium', 'anarchists-guild', 'enchantress'],
  coin: ['bank', 'vault'],
  book: ['library'],
};
const BY_KIND = Object.fromEntries(Object.entries(FAMILIES).flatMap(([icon, kinds]) => kinds.map((k) => [k, icon])));
const BY_WORD = [[/wood|forest|glade/, 'tree'], [/tower|castle|palace|fort/, 'tower'], [/temple|chapel|shrine/, 'temple'],
  [/grave|crypt|tomb/, 'grave'], [/inn|tavern/, 'mug'], [/cave|tunnel|mine|chamber|corridor|passage/, 'cave'],
  [/gate|door/, 'gate'], [/shop|market|emporium|guild/, 'bag'], [/water|river|lake|sea|harbour/, 'water'],
  [/fire|flame/, 'flame'], [/death|skull/, 'skull'], [/portal|warp|void|gate/, 'portal'], [/hill|valley/, 'hills'],
  [/crag|mountain|peak/, 'crag'], [/field|plain|meadow/, 'field'], [/desert|sand/, 'desert'], [/town|village|street/, 'house']];

const CARD_ICONS = {
  enemy: 'enemy', stranger: 'stranger', follower: 'follower', object: 'object', 'magic-object': 'gem', 'magic-item': 'gem',
  place: 'place', event: 'event', spell: 'spell', scroll: 'scroll',
};

/** The icon of a kind of space. */
export function spaceIcon(kind) {
  if (BY_KIND[kind]) return BY_KIND[kind];
  const hit = BY_WORD.find(([re]) => re.test(kind || ''));
  return hit ? hit[1] : 'star';
}

/** The icon of a kind of card (its type). */
export function cardIcon(type) {
  return CARD_ICONS[type] || 'place';
}

/** The <defs> of every icon, for an <svg> that uses them (the board adds it once each drawing). */
export function iconDefs() {
  return s('defs', {}, Object.entries(PATHS).map(([name, d]) => s('symbol', { id: `icon-${name}`, viewBox: '0 0 24 24' },
    s('path', { d, class: 'icon-line' }))));
}

/** An icon placed in an <svg> that has the defs: its top-left corner, its size and a CSS class. */
export function useIcon(name, x, y, size, cls = '') {
  return s('use', { href: `#icon-${name}`, x, y, width: size, height: size, class: `icon ${cls}`.trim(), 'aria-hidden': 'true' });
}

/** An icon as an inline <svg> of its own, for HTML (a chip, a button): in the colour of its text. */
export function inlineIcon(name, label = '') {
  return s('svg', { viewBox: '0 0 24 24', class: `inline-icon icon-${name}`, role: label ? 'img' : null, 'aria-label': label || null, 'aria-hidden': label ? null : 'true' },
    s('path', { d: PATHS[name], class: 'icon-line' }));
}

/** Every icon's name (for the look's test and documentation). */
export const ICON_NAMES = Object.keys(PATHS);
