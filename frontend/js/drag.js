// Pointer input on the table: drag and drop, taps and double taps (APP-11).
// It only turns gestures into questions for Python; the answers are handled
// by the callbacks main.js passes in.

import * as render from './render.js';
import * as anim from './anim.js';
import { overlap, dropRect, pileAt, areaOf, hitAt, AREA } from './layout.js';

const THRESHOLD = 5;        // px a press travels before it becomes a drag
export const DOUBLE_MS = 400;
const DRAG_Z = 2000;

let table = null;
let handlers = null;
let press = null;           // the pointer currently down on the table
let gesture = null;         // APP-11: the clicks of one gesture (see tapped)

/**
 * handlers: {play(from, index, to) → Promise, restore() (re-render, cards go home),
 *            tap(pile, index) → Promise<answer>, doubleTap(pile, index) → Promise<answer>,
 *            stock() → Promise, showRefusal(answer)}
 */
export function init(tableEl, callbacks) {
  table = tableEl;
  handlers = callbacks;
  table.addEventListener('pointerdown', onDown);
  table.addEventListener('pointermove', onMove);
  table.addEventListener('pointerup', onUp);
  table.addEventListener('pointercancel', onCancel);
  table.addEventListener('lostpointercapture', (e) => { if (press && press.id === e.pointerId) onCancel(e); });
  table.addEventListener('dragstart', (e) => e.preventDefault());
}

/** True while a card is being dragged (renders must wait). */
export function dragging() {
  return Boolean(press && press.dragging);
}

function tablePoint(e) {
  const box = table.getBoundingClientRect();
  return { x: e.clientX - box.left, y: e.clientY - box.top };
}

function onDown(e) {
  if (press || (e.pointerType === 'mouse' && e.button !== 0) || !e.isPrimary) return;
  const start = tablePoint(e);
  // What was pressed comes from the layout (where every card is going), not from the
  // element under the pointer: a card still flying to the waste is no target, the stock is.
  const view = render.currentState();
  const hit = view && hitAt(render.currentLayout(), view, start.x, start.y);
  if (!hit) return;
  const pile = view.piles.find((p) => p.id === hit.pile);
  const stock = pile.kind === 'stock';
  if (!stock && (hit.index < 0 || !pile.cards[hit.index].up)) return;   // empty, face down
  e.preventDefault();
  table.setPointerCapture(e.pointerId);
  press = { id: e.pointerId, kind: stock ? 'stock' : 'card', pile: hit.pile, index: hit.index,
    start, dragging: false };
}

function onMove(e) {
  if (!press || press.id !== e.pointerId) return;
  const p = tablePoint(e);
  const dx = p.x - press.start.x;
  const dy = p.y - press.start.y;
  if (!press.dragging) {
    if (Math.hypot(dx, dy) < THRESHOLD) return;
    press.moved = true;                 // no longer a tap
    if (press.kind !== 'card') return;
    startDrag();
  }
  press.last = p;
  press.els.forEach((el, i) => {
    const o = press.origins[i];
    anim.dragTo(el, o.x + dx, o.y + dy, DRAG_Z + i);
  });
}

function startDrag() {
  press.dragging = true;
  press.els = render.cardElements(press.pile, press.index);
  press.origins = press.els.map((el) => ({ ...anim.positionOf(el) }));
  press.targets = render.destinations(press.pile, press.index);
  render.highlight(press.targets);
}

async function onUp(e) {
  if (!press || press.id !== e.pointerId) return;
  const done = press;
  press = null;
  if (table.hasPointerCapture(e.pointerId)) table.releasePointerCapture(e.pointerId);
  if (!done.dragging) {
    if (done.moved) return;
    if (done.kind === 'stock') await handlers.stock();
    else await tapped(done.pile, done.index);
    return;
  }
  await drop(done, tablePoint(e));
}

function onCancel(e) {
  if (!press || press.id !== e.pointerId) return;
  const done = press;
  press = null;
  if (!done.dragging) return;
  render.clearHighlight();
  anim.endDrag(done.els);
  handlers.restore();
}

/** The pile a drag ends on: the allowed one with the largest overlap (the foundations count
 * as one area), else the one under the pointer. */
function chooseTarget(done, point) {
  const layout = render.currentLayout();
  const lead = done.els[0] && anim.positionOf(done.els[0]);
  if (!layout || !lead) return null;
  const rect = { x: lead.x, y: lead.y, w: layout.cw, h: layout.ch };
  let best = null;
  let bestArea = 0;
  for (const id of done.targets) {
    const pile = layout.piles.get(id);
    const area = areaOf(layout, id) === AREA ? overlap(rect, layout.foundationArea)
      : pile ? overlap(rect, dropRect(pile)) : 0;
    if (area > bestArea) { best = id; bestArea = area; }
  }
  if (best) return best;
  // Nothing allowed under the cards: still ask Python about the pile under
  // the pointer, so the refusal (and its reminder) comes from the rules.
  return pileAt(layout, point.x, point.y);
}

async function drop(done, point) {
  render.clearHighlight();
  anim.endDrag(done.els);
  const to = chooseTarget(done, point);
  const layout = render.currentLayout();
  // Back where it came from (the foundations are one area on the table) is no move.
  if (!to || areaOf(layout, to) === areaOf(layout, done.pile)) {
    handlers.restore();
    return;
  }
  await handlers.play(done.pile, done.index, to, done.targets.includes(to));
}

/**
 * APP-11, with bursts: clicks on one pile, each within DOUBLE_MS of the one before, are one
 * gesture. The first is a tap, at once; the second is a double tap of the same card when the
 * tap moved nothing, and nothing when it did; every later click is swallowed.
 */
async function tapped(pile, index) {
  const now = performance.now();
  const g = gesture;
  if (g && g.pile === pile && now - g.last < DOUBLE_MS) {
    g.last = now;
    g.clicks += 1;
    if (g.clicks !== 2) return;
    const first = await g.answer;
    if (first && first.ok) return;                      // it moved: the second tap is ignored
    clearTimeout(g.timer);
    const answer = await handlers.doubleTap(g.pile, g.index);
    handlers.showRefusal(answer);
    return;
  }
  if (g) clearTimeout(g.timer);                         // another pile: a fresh gesture
  const entry = { pile, index, last: now, clicks: 1, timer: null };
  entry.answer = handlers.tap(pile, index);
  gesture = entry;
  const answer = await entry.answer;
  if (answer && !answer.ok) {
    // the reminder waits for a possible second click (then the double tap speaks instead)
    const wait = Math.max(0, DOUBLE_MS - (performance.now() - entry.last));
    entry.timer = setTimeout(() => {
      if (entry.clicks === 1 && gesture === entry) handlers.showRefusal(answer);
    }, wait);
  }
}
