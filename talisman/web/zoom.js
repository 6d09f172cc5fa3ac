// Zoom and pan for the board's <svg>, by moving its viewBox: buttons (+, −, whole board), the mouse
// wheel, a drag with one finger or the mouse, a pinch with two fingers. A drag does not count as a
// click on the space under it. The view stays where it is when the board is drawn again.

import { h } from './dom.js';
import { legible } from './legible.js';

const MAX = 5;
const DRAG = 6; // pixels a pointer must move before a press becomes a drag

export class Zoom {
  /** `svg`: the board; `box`: [x, y, w, h] of the whole board; `scale`: the starting zoom (1: all of it). */
  constructor(svg, box, scale = 1) {
    Object.assign(this, { svg, box, scale: 1, cx: box[0] + box[2] / 2, cy: box[1] + box[3] / 2 });
    this.pointers = new Map();
    this.dragged = false;
    window.addEventListener('resize', () => legible(svg));
    this.setScale(scale);
    svg.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    svg.addEventListener('pointerdown', (e) => this.down(e));
    svg.addEventListener('pointermove', (e) => this.move(e));
    for (const type of ['pointerup', 'pointercancel']) svg.addEventListener(type, (e) => this.up(e));
    // a drag is not a click: stop it before the spaces see it
    svg.addEventListener('click', (e) => {
      if (this.dragged) {
        e.stopPropagation();
        e.preventDefault();
        this.dragged = false;
      }
    }, true);
  }

  /** The +, − and whole-board buttons. */
  controls() {
    const button = (label, name, f) => h('button', { type: 'button', class: 'small', 'aria-label': name, 'data-zoom': name, onclick: f }, label);
    return h('div', { class: 'zoom-controls' },
      button('+', 'zoom in', () => this.setScale(this.scale * 1.5)),
      button('−', 'zoom out', () => this.setScale(this.scale / 1.5)),
      button('⤢', 'whole board', () => { this.cx = this.box[0] + this.box[2] / 2; this.cy = this.box[1] + this.box[3] / 2; this.setScale(1); }));
  }

  setScale(scale, at = null) {
    const next = Math.max(1, Math.min(MAX, scale));
    if (at) { // keep the board point under the pointer where it is
      this.cx = at[0] + (this.cx - at[0]) * (this.scale / next);
      this.cy = at[1] + (this.cy - at[1]) * (this.scale / next);
    }
    this.scale = next;
    this.apply();
  }

  /** Show another board's box whole (a game of its own's map, known once its view has come). */
  reframe(box) {
    Object.assign(this, { box, cx: box[0] + box[2] / 2, cy: box[1] + box[3] / 2 });
    this.setScale(1);
  }

  /** Centre the view on a board point. */
  centre(x, y) {
    Object.assign(this, { cx: x, cy: y });
    this.apply();
  }

  apply() {
    const [x0, y0, w0, h0] = this.box;
    const w = w0 / this.scale;
    const hh = h0 / this.scale;
    this.cx = Math.max(x0 + w / 2, Math.min(x0 + w0 - w / 2, this.cx));
    this.cy = Math.max(y0 + hh / 2, Math.min(y0 + h0 - hh / 2, this.cy));
    this.svg.setAttribute('viewBox', `${this.cx - w / 2} ${this.cy - hh / 2} ${w} ${hh}`);
    this.svg.classList.toggle('zoomed', this.scale > 1);
    legible(this.svg);   // the labels' sizes follow the zoom: never under 11 screen pixels
  }

  /** Board units per screen pixel. */
  unit() {
    return this.box[2] / this.scale / (this.svg.getBoundingClientRect().width || 1);
  }

  toBoard(e) {
    const r = this.svg.getBoundingClientRect();
    const u = this.unit();
    const w = this.box[2] / this.scale;
    const hh = this.box[3] / this.scale;
    return [this.cx - w / 2 + (e.clientX - r.left) * u, this.cy - hh / 2 + (e.clientY - r.top) * u];
  }

  wheel(e) {
    e.preventDefault();
    this.setScale(this.scale * (e.deltaY < 0 ? 1.2 : 1 / 1.2), this.toBoard(e));
  }

  down(e) {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    this.dragged = false;
    if (this.pointers.size === 2) this.pinch = this.spread();
  }

  spread() {
    const [a, b] = [...this.pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    Object.assign(p, { x: e.clientX, y: e.clientY });
    if (Math.hypot(e.clientX - p.x0, e.clientY - p.y0) > DRAG) {
      if (!this.dragged) this.svg.setPointerCapture?.(e.pointerId);
      this.dragged = true;
    }
    if (!this.dragged) return;
    if (this.pointers.size === 2) {
      const now = this.spread();
      if (this.pinch) this.setScale(this.scale * (now / this.pinch));
      this.pinch = now;
      return;
    }
    const u = this.unit();
    this.cx -= dx * u;
    this.cy -= dy * u;
    this.apply();
  }

  up(e) {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
  }
}
