// Motion: a piece slides from the space it left to the one it reached, and a die tumbles when it is rolled.
// Short (under half a second), skipped by Escape or a click on the board or the dice, and none at all in a
// game played at "instant" speed, where the person turned it off (the game's settings) or asks the system
// for reduced motion. The board is drawn afresh for each new state (at most once a frame): a slide under
// way goes on in the new drawing from where it was.

export const MOVE_MS = 450;
export const ROLL_MS = 500;
const KEY = 'talisman.motion';

let wanted = localStorage.getItem(KEY) !== 'off';
let allowed = true;   // the game's pace allows it (not "instant")
const reduced = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

/** Whether pieces and dice move now. */
export function motionOn() {
  return wanted && allowed && !(reduced && reduced.matches);
}

/** The person's own choice, kept in this browser. */
export function setMotion(on) {
  wanted = on;
  localStorage.setItem(KEY, on ? 'on' : 'off');
  if (!on) skip();
}

export function motionWanted() {
  return wanted;
}

/** The game's pace: none at "instant". */
export function allowMotion(on) {
  allowed = on;
}

/** End every motion at once: the pieces where they are going, the dice as they fell. */
export function skip() {
  for (const a of document.getAnimations ? document.getAnimations() : []) {
    if (a.id === 'move' || a.id === 'roll') a.finish();
  }
}

document.addEventListener('keydown', (e) => { if (e.key === 'Escape') skip(); });

const where = new WeakMap();  // a board's <svg> -> Map(piece -> {x, y, from, at}) as last drawn

/** After a board was drawn: slide each piece that changed space from where it was (or goes on sliding). */
export function moved(svg) {
  const before = where.get(svg) || new Map();
  const now = new Map();
  const t = performance.now();
  for (const p of svg.querySelectorAll('g.piece[data-piece]')) {
    const key = p.dataset.piece;
    const x = Number(p.dataset.x);
    const y = Number(p.dataset.y);
    const was = before.get(key);
    let slide = null;
    if (was && (was.x !== x || was.y !== y)) slide = { from: [was.x, was.y], at: t };
    else if (was && was.slide && t - was.slide.at < MOVE_MS) slide = was.slide;   // redrawn while sliding
    now.set(key, { x, y, slide });
    if (slide && motionOn()) {
      const [fx, fy] = slide.from;
      const a = p.animate([{ transform: `translate(${fx - x}px, ${fy - y}px)` }, { transform: 'translate(0px, 0px)' }],
        { duration: MOVE_MS, easing: 'ease-in-out' });
      a.id = 'move';
      a.currentTime = Math.max(0, t - slide.at);
    }
  }
  where.set(svg, now);
  if (!svg.dataset.skips) {
    svg.dataset.skips = '1';
    svg.addEventListener('pointerdown', skip);
  }
}

let rolled = -1;   // the index of the last roll event whose dice tumbled
let drawn = false;   // whether the page has drawn the dice once

/** At each drawing of the dice: tumble those of `row` (null: none shown) when `index` is a roll not
 *  shown before. The page's first drawing shows the dice as they lie; a roll after it tumbles, even
 *  the game's first (several states drawn at once in one frame must not hide it). */
export function tumble(row, index) {
  const first = !drawn;
  drawn = true;
  if (!row || index === rolled || index < 0) return;
  rolled = index;
  if (first || !motionOn()) return;
  for (const die of row.querySelectorAll('svg.die')) {
    const a = die.animate([
      { transform: 'rotate(-300deg) scale(.55)', opacity: 0.4 },
      { transform: 'rotate(-90deg) scale(1.1)', opacity: 1, offset: 0.7 },
      { transform: 'rotate(0deg) scale(1)' },
    ], { duration: ROLL_MS, easing: 'ease-out' });
    a.id = 'roll';
  }
  row.addEventListener('pointerdown', skip, { once: true });
}
