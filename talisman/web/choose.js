// Before a game begins (status 'choosing'): the cards of its characters, each free or taken, a button on
// every free one for a seat whose player still chooses, and who the game is waiting for.
// Picks are first come, first served; the server refuses a character someone took a moment earlier.
// A card's Lives are left out: everyone starts on 4 unless the printed-lives option is on (000).

import { h } from './dom.js';

/** The seats still choosing, as "Ann and Bob". */
export function choosers(game) {
  return game.seats.filter((st) => st.choosing).map((st) => st.name).join(' and ');
}

function seatLine(st, you) {
  let what = st.character;
  if (!what) what = st.choosing ? 'choosing…' : 'dealt at random when play starts';
  return h('li', { 'data-seat': st.seat },
    h('span', { class: 'seat-no' }, String(st.seat + 1)), ` ${st.name}${st.seat === you ? ' (you)' : ''}: `,
    h('strong', {}, what));
}

function card(c, holder, { canPick, sending, onPick }) {
  return h('article', { class: `character-card${holder ? ' taken' : ''}`, 'data-character': c.key },
    h('h3', {}, c.name),
    // a hero of a game of its own (Legendary Tales) has no attributes: its name and ability only
    c.strength === undefined ? null : h('p', { class: 'card-stats' },
      `Strength ${c.strength} · Craft ${c.craft} · Fate ${c.fate}`),
    c.alignment === undefined ? null : h('p', { class: 'card-facts' }, `${c.alignment[0].toUpperCase()}${c.alignment.slice(1)} · starts at the ${c.start}`),
    h('ul', { class: 'abilities' }, c.abilities.map((a) => h('li', {}, a))),
    holder ? h('p', { class: 'muted' }, `Taken by ${holder.name}`)
      : (canPick ? h('button', { type: 'button', class: 'primary pick', 'data-pick': c.key, disabled: sending, onclick: () => onPick(c) }, `Play the ${c.name}`) : null));
}

/** The waiting game as one seat (or a spectator, seat null) sees it. */
export function choosePanel(game, cards, seat, { onPick, sending = false, error = '' }) {
  const you = seat === null ? null : game.seats[seat];
  const canPick = Boolean(you && you.choosing);
  const holderOf = (c) => game.seats.find((st) => st.character === c.name);
  return h('section', { class: 'choose' },
    h('h2', {}, canPick ? 'Choose your character' : 'The characters'),
    h('ul', { class: 'seat-list' }, game.seats.map((st) => seatLine(st, seat))),
    error ? h('p', { class: 'error' }, error) : null,
    h('div', { class: 'character-cards' }, cards.map((c) => card(c, holderOf(c), { canPick, sending, onPick }))));
}
