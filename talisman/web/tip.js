// The rules at hand: a card's or a space's text in a small panel, opened by hovering with a mouse
// and by a tap (or a click) on a touch screen. One panel for the page; a tap elsewhere or Escape closes it.

import { h } from './dom.js';

let panel = null;
let owner = null;
let pinned = false;

function ensurePanel() {
  if (panel) return panel;
  panel = h('div', { class: 'tip', role: 'tooltip', hidden: true });
  document.body.append(panel);
  document.addEventListener('pointerdown', (e) => {
    if (pinned && !panel.contains(e.target) && !(owner && owner.contains(e.target))) hideTip();
  });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hideTip(); });
  return panel;
}

function place(anchor) {
  const r = anchor.getBoundingClientRect();
  const w = Math.min(320, window.innerWidth - 16);
  panel.style.width = `${w}px`;
  const left = Math.max(8, Math.min(r.left + r.width / 2 - w / 2, window.innerWidth - w - 8));
  panel.style.left = `${left + window.scrollX}px`;
  const below = r.bottom + 6;
  const height = panel.offsetHeight;
  const top = below + height > window.innerHeight && r.top - height - 6 > 0 ? r.top - height - 6 : below;
  panel.style.top = `${top + window.scrollY}px`;
}

/** Open the panel by `anchor` with `content` (nodes or text); `pin` keeps it open until closed. */
export function showTip(anchor, content, pin = false) {
  ensurePanel();
  owner = anchor;
  pinned = pin;
  panel.replaceChildren(...[content].flat(Infinity).filter(Boolean));
  panel.hidden = false;
  place(anchor);
}

/**
 * After a part of the page is drawn again: an open tip follows the new element with the same key
 * (the same space or card), with its new content, or closes when there is none.
 */
export function tidyTip() {
  if (!panel || panel.hidden || !owner || owner.isConnected) return;
  const key = owner.dataset.tip;
  const next = key ? document.querySelector(`[data-tip="${CSS.escape(key)}"]`) : null;
  if (next && next.tipContent) showTip(next, next.tipContent(), pinned);
  else hideTip();
}

export function hideTip() {
  if (!panel) return;
  panel.hidden = true;
  owner = null;
  pinned = false;
}

/**
 * Give `el` a tip: `content()` builds what it shows. A mouse opens it on hover; a tap or a click
 * opens it and keeps it open (a second tap closes it). `onTap(event)` may take the tap instead,
 * returning true (a highlighted board space picked with a mouse).
 */
export function withTip(el, content, { onTap = null, key = null } = {}) {
  let pointer = 'mouse';
  el.tipContent = content;
  if (key) el.dataset.tip = key;
  el.addEventListener('pointerdown', (e) => { pointer = e.pointerType || 'mouse'; });
  el.addEventListener('pointerenter', (e) => {
    if (e.pointerType === 'mouse' && !pinned) showTip(el, content());
  });
  el.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'mouse' && !pinned && owner === el) hideTip();
  });
  el.addEventListener('click', (e) => {
    if (onTap && onTap(e, pointer)) return;
    if (pinned && owner === el) hideTip();
    else showTip(el, content(), true);
  });
  return el;
}

/** A place of a board that may be picked: its tip as withTip gives it (``key`` names it), and, when ``pick`` is
 * given, a click (a touch opens the tip) or Enter or Space calls pick(target). */
export function withPick(el, content, key, pick, target) {
  withTip(el, content, {
    key,
    onTap: (e, pointer) => {
      if (!pick || pointer === 'touch') return false;
      pick(target);
      return true;
    },
  });
  if (pick) el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') pick(target); });
}

/** What a card says: its name, type and text. */
export function cardTip(card) {
  const kind = [card.type, card.subtype].filter(Boolean).join(', ').replaceAll('-', ' ');
  const stats = [card.strength ? `Strength ${card.strength}` : '', card.craft ? `Craft ${card.craft}` : ''].filter(Boolean);
  return [
    h('strong', {}, card.name),
    h('span', { class: 'tip-kind' }, ` ${kind}${stats.length ? ` · ${stats.join(', ')}` : ''}`),
    card.text ? h('p', {}, card.text) : null,
  ];
}

/** A card's name on a sheet or in a list, with its text on hover and tap. */
export function cardChip(card) {
  const label = card.name + (card.holds ? ` (${card.holds})` : '');
  const chip = h('button', { type: 'button', class: `chip card-${card.type}`, 'data-card': card.name }, label);
  return withTip(chip, () => cardTip(card), { key: `card:${card.id}` });
}
