// Small helpers to build HTML and SVG without a framework.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An HTML element: h('button', {class: 'x', onclick: f}, 'label'). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el, ...children) {
  el.replaceChildren();
  return fill(el, {}, children);
}

/** The seat that plays a character of the view (a seat may play two: a Mirror Image). */
export const ownerOf = (p) => (p.controller ?? p.seat);

/** The colour of a seat's piece, the same everywhere. */
export const SEAT_COLOURS = ['#c0392b', '#2874a6', '#239b56', '#8e44ad', '#d68910', '#17a2b8'];
