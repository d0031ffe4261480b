// Pointer input on the table: drag and drop, taps and double taps (APP-11).
// It only turns gestures into questions for Python; the answers are handled
// by the callbacks main.js passes in.

import * as render from './render.js';
import * as anim from './anim.js';
import { overlap, dropRect, pileAt } from './layout.js';

const THRESHOLD = 5;        // px a press travels before it becomes a drag
export const DOUBLE_MS = 400;
const DRAG_Z = 2000;
const STACKED = new Set(['waste', 'foundation', 'cell', 'stock']);

let table = null;
let handlers = null;
let press = null;           // the pointer currently down on the table
let lastTap = null;         // APP-11 bookkeeping

/**
 * handlers: {targets(pile, index) → Promise<string[]>,
 *            play(from, index, to) → Promise, restore() (re-render, cards go home),
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
  const hit = e.target.closest('.card, .pile');
  if (!hit) return;
  const pileId = hit.classList.contains('card') ? hit.dataset.in : hit.dataset.pile;
  const pileEl = render.pileElement(pileId);
  if (!pileEl) return;
  const count = Number(pileEl.dataset.count || 0);
  const kind = pileEl.classList.contains('kind-stock') ? 'stock' : null;
  let index = hit.classList.contains('card') ? Number(hit.dataset.index) : -1;
  if (!kind) {
    if (index < 0 || hit.dataset.face !== 'up') return;   // empty slot or face-down card
    const stacked = [...STACKED].some((k) => pileEl.classList.contains(`kind-${k}`));
    if (stacked) index = count - 1;                        // a stack shows only its top card
  }
  e.preventDefault();
  table.setPointerCapture(e.pointerId);
  const start = tablePoint(e);
  press = { id: e.pointerId, kind: kind || 'card', pile: pileId, index, start, dragging: false };
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
  const mine = press;
  press.targets = handlers.targets(press.pile, press.index).then((list) => {
    if (press === mine) render.highlight(list);
    return list;
  });
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

/** The pile a drag ends on: the allowed one with the largest overlap, else the one under the pointer. */
function chooseTarget(done, point, targets) {
  const layout = render.currentLayout();
  const lead = done.els[0] && anim.positionOf(done.els[0]);
  if (!layout || !lead) return null;
  const rect = { x: lead.x, y: lead.y, w: layout.cw, h: layout.ch };
  let best = null;
  let bestArea = 0;
  const foundationAllowed = targets.some((id) => id[0] === 'f');
  if (foundationAllowed && layout.foundationArea) {
    bestArea = overlap(rect, layout.foundationArea);
    if (bestArea > 0) best = 'f';
  }
  for (const id of targets) {
    const pile = layout.piles.get(id);
    if (!pile || id[0] === 'f') continue;
    const area = overlap(rect, dropRect(pile));
    if (area > bestArea) { best = id; bestArea = area; }
  }
  if (best) return best;
  // Nothing allowed under the cards: still ask Python about the pile under
  // the pointer, so the refusal (and its reminder) comes from the rules.
  return pileAt(layout, point.x, point.y);
}

async function drop(done, point) {
  const targets = await done.targets.catch(() => []);
  render.clearHighlight();
  anim.endDrag(done.els);
  const to = chooseTarget(done, point, targets || []);
  const sourceIsFoundation = done.pile[0] === 'f';
  if (!to || to === done.pile || (to === 'f' && sourceIsFoundation)) {
    handlers.restore();
    return;
  }
  await handlers.play(done.pile, done.index, to);
}

/** APP-11: the first tap acts at once; a second one within DOUBLE_MS is a double tap or ignored. */
async function tapped(pile, index) {
  const now = performance.now();
  const prev = lastTap;
  if (prev && now - prev.time < DOUBLE_MS) {
    const first = await prev.answer;
    if (first && first.ok) return;                      // it moved: the second tap is ignored
    if (prev.pile === pile && prev.index === index) {
      clearTimeout(prev.timer);
      lastTap = null;
      const answer = await handlers.doubleTap(pile, index);
      handlers.showRefusal(answer);
      return;
    }
    clearTimeout(prev.timer);                           // another card: a fresh first tap
  }
  const entry = { time: now, pile, index, timer: null };
  entry.answer = handlers.tap(pile, index);
  lastTap = entry;
  const answer = await entry.answer;
  if (answer && !answer.ok) {
    const wait = Math.max(0, DOUBLE_MS - (performance.now() - entry.time));
    entry.timer = setTimeout(() => {
      if (lastTap === entry) lastTap = null;
      handlers.showRefusal(answer);
    }, wait);
  }
}
