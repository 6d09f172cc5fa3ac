// Labels that can be read: every text drawn on a board is at least MIN_PX screen pixels high, on a laptop
// and on a phone, at every zoom. A label is drawn once in board units (fitText marks it with its text, the
// room it may take and its size as designed); legible() then sets each one's size for the board's present
// scale (never smaller than designed), wraps it into the lines its room allows and, where even one word
// cannot fit at a readable size (the whole board on a phone), hides it until the board is zoomed in: the
// space's tip still names it. Called after each drawing and each zoom.

import { s } from './dom.js';

export const MIN_PX = 11;
const CHAR = 0.58;        // the width of a character of the boards' bold sans-serif, in ems (a little generous)
const OVERFLOW = 1.3;     // a single long word may run this much past its room (into the gap beside its cell)

/**
 * Mark a <text> to be fitted: `text` its words; `width` the board units it may take; `lines` the most lines;
 * `size` its font size as designed; `at`: 'top' (y is the top of its room), 'middle' (y is its centre line)
 * or 'baseline' (y is the first baseline); `clip` true: one line cut with "…" rather than hidden.
 */
export function fitText(el, text, { width, lines = 1, size, at = 'baseline', clip = false }) {
  Object.assign(el.dataset, { fit: text, w: width, lines, size, at, clip: clip ? '1' : '' });
  el.dataset.y = el.getAttribute('y');
  return el;
}

function wrap(words, perLine) {
  const out = [];
  let line = '';
  // a word too long for a line, even running a little past it, is broken with a hyphen (a building's
  // long name in a small cell)
  const most = Math.floor(perLine * OVERFLOW);
  const pieces = perLine >= 5 ? words.flatMap((w) => (w.length <= most ? [w]
    : w.match(new RegExp(`.{1,${perLine - 1}}`, 'g')).map((part, i, all) => (i < all.length - 1 ? `${part}-` : part)))) : words;
  for (const word of pieces) {
    if (line && (line.endsWith('-') || (line + ' ' + word).length > perLine)) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  return out;
}

/** Fit every marked label of the board `svg` to its present scale (screen pixels per board unit). */
export function legible(svg) {
  const ctm = svg.getScreenCTM && svg.getScreenCTM();
  if (!ctm || !ctm.a) return;
  const scale = Math.hypot(ctm.a, ctm.b);
  for (const t of svg.querySelectorAll('text[data-fit]')) {
    const d = t.dataset;
    if (d.scale === scale.toFixed(4)) continue;   // fitted at this scale already (a pan, not a zoom)
    d.scale = scale.toFixed(4);
    const size = Math.max(Number(d.size), (MIN_PX + 0.05) / scale);
    const width = Number(d.w);
    const perLine = Math.max(1, Math.floor(width / (size * CHAR)));
    const words = d.fit.split(/\s+/).filter(Boolean);
    let lines = wrap(words, perLine);
    const most = Number(d.lines);
    if (d.clip) {
      const all = lines.join(' ');
      lines = [all.length > perLine ? `${all.slice(0, Math.max(1, perLine - 1))}…` : all];
    }
    const fits = lines.length <= most && lines.every((l) => l.length * size * CHAR <= width * OVERFLOW);
    t.classList.toggle('unfit', !fits);
    t.setAttribute('font-size', size.toFixed(2));
    const y = Number(d.y);
    const first = d.at === 'top' ? y + size * 0.95 : d.at === 'middle' ? y + size * 0.35 - (lines.length - 1) * size * 0.525 : y;
    t.setAttribute('y', first.toFixed(2));
    t.replaceChildren(...lines.map((line, i) => s('tspan', { x: t.getAttribute('x'), dy: i ? '1.05em' : null }, line)));
  }
}
