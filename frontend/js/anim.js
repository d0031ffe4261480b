// Moving card elements: every state change animates the same way (undo too).
// Positions are CSS transforms; the browser interpolates them (CSS
// transitions), which keeps this file small and the frames smooth.

const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');

export const MOVE_MS = 210;
export const DEAL_MS = 380;
const FLIGHT_Z = 600;   // moving cards fly above every resting card
const LEAD_MS = 16;     // a transition starts this far in: one frame at 60 Hz (see run)

// The "anim_speed" setting (issue 16): how long animations take, as a share of normal.
const SPEED = { normal: 1, fast: 0.45, off: 0 };
let speed = 1;

export function setSpeed(name) {
  speed = SPEED[name] === undefined ? 1 : SPEED[name];
}

/** Milliseconds for an animation of nominal length `ms` (0 with reduced motion or speed off). */
export function duration(ms = MOVE_MS) {
  return reduced.matches ? 0 : Math.round(ms * speed);
}

/** True when nothing should move on its own: reduced motion, or the speed setting "off". */
export function reducedMotion() {
  return reduced.matches || speed === 0;
}

/** Put every card in flight where it is going at once (a deal skipped with a click or key). */
export function finish() {
  const els = [.../** @type {NodeListOf<HTMLElement & {_zTimer?: number, _z?: number}>} */ (document.querySelectorAll('.card.flying'))];
  if (!els.length) return;
  for (const el of els) {
    clearTimeout(el._zTimer);
    endTurn(el);
    el.classList.add('no-anim');
    el.classList.remove('flying');
    el.style.zIndex = String(el._z);
  }
  flushStyle();
  for (const el of els) el.classList.remove('no-anim');
}

/** Compute styles now, so that what changes next is a transition from them. A property
 * that needs no layout (opacity) flushes style only, not a layout of the whole table. */
function flushStyle() {
  void getComputedStyle(document.body).opacity;
}

// A 2D translation: a 3D one (translate3d) gave every resting card a composited layer.
function setTransform(el, x, y) {
  el.style.transform = `translate(${x}px, ${y}px)`;
  el._pos = { x, y };
}

/** A card that turned over lies flat again, showing one face (css/table.css: .turning). */
function endTurn(el) {
  clearTimeout(el._turnTimer);
  el._turnTimer = null;
  el.classList.remove('turning');
}

/** Whether the step turns the card over while it moves: it has both faces in 3D meanwhile. */
function turns(s, ms) {
  const from = s.fromDown !== undefined ? s.fromDown : s.el.classList.contains('down');
  return Boolean(ms) && !s.ride && from !== s.down;
}

/** A card that rode with a pile (run: step.ride) is shown again. */
function endRide(el) {
  if (!el._rideTimer) return;
  clearTimeout(el._rideTimer);
  el._rideTimer = null;
  el.style.visibility = '';
  el.classList.remove('no-anim');
}

/** Where an element currently is (its last target). */
export function positionOf(el) {
  return el._pos || null;
}

/**
 * Apply a batch of placements.
 * Each step: {el, x, y, z, down, from?: {x, y}, fromDown?: bool, delay?: ms, ride?: bool}
 *   from / fromDown: start there (and with that face) before moving, used for
 *   cards that are new elements (a card turned up, a deal).
 *   ride: the card goes with a whole pile that moves as one (a redeal): it is put in
 *   place at once, hidden, and shown when the pile's top card, the one that flies, lands.
 * opts.ms: duration (0 = jump).
 */
export function run(steps, opts = {}) {
  const ms = duration(opts.ms === undefined ? MOVE_MS : opts.ms);
  // A card about to turn over first takes its 3D start pose without a transition (.turning,
  // .turn-start); a card already on its way keeps moving.
  const turning = steps.filter((s) => turns(s, ms) && !s.el.classList.contains('turning'));
  for (const s of turning) s.el.classList.add('turning', 'turn-start');
  const starts = steps.filter((s) => s.from || s.fromDown !== undefined);
  for (const s of starts) {
    s.el.classList.add('no-anim');
    if (s.from) setTransform(s.el, s.from.x, s.from.y);
    if (s.fromDown !== undefined) s.el.classList.toggle('down', s.fromDown);
    if (s.fromZ !== undefined) s.el.style.zIndex = String(s.fromZ);
  }
  if (ms === 0) for (const s of steps) s.el.classList.add('no-anim');
  if (starts.length || turning.length || ms === 0) flushStyle();  // commit the start frame
  for (const s of turning) s.el.classList.remove('turn-start');

  for (const s of steps) {
    const { el } = s;
    const old = el._pos;
    const moved = !old || old.x !== s.x || old.y !== s.y;
    // A card that stays as it is is not touched: no style work for the 100 others.
    if (!moved && !s.from && s.fromDown === undefined && ms && el._z === s.z && !el.classList.contains('flying')
        && el.classList.contains('down') === s.down) continue;
    el._z = s.z;
    endRide(el);
    if (s.ride && ms) {   // rides with the pile's top card: in place at once, shown when it lands
      clearTimeout(el._zTimer);
      endTurn(el);
      el.classList.add('no-anim');
      el.classList.remove('flying');
      el.style.visibility = 'hidden';
      el.style.zIndex = String(s.z);
      setTransform(el, s.x, s.y);
      el.classList.toggle('down', s.down);
      el._rideTimer = setTimeout(() => endRide(el), ms + 30);
      continue;
    }
    const delay = ms ? Math.round((s.delay || 0) * speed) : 0;
    el.classList.remove('no-anim');
    el.style.setProperty('--dur', `${ms}ms`);
    // Started one frame in: the first frame after the change already shows the card on
    // its way (at progress 0 it would look unmoved, and the move would show a frame later).
    el.style.setProperty('--delay', `${ms > LEAD_MS ? delay - LEAD_MS : delay}ms`);
    clearTimeout(el._zTimer);
    if (ms && (moved || s.from)) {
      // A card in flight takes no clicks: a fast second click on the stock must draw
      // again, not tap the card still flying to the waste (.flying: pointer-events none).
      el.style.zIndex = String(FLIGHT_Z + s.z);
      el.classList.add('flying');
      el._zTimer = setTimeout(() => {
        el.style.zIndex = String(s.z);
        el.classList.remove('flying');
      }, ms + delay + 30);
    } else {
      el.style.zIndex = String(s.z);
      el.classList.remove('flying');
    }
    if (turns(s, ms)) {
      el.classList.add('turning');
      clearTimeout(el._turnTimer);
      el._turnTimer = setTimeout(() => endTurn(el), ms + delay + 30);
    } else if (!ms) {
      endTurn(el);
    }
    setTransform(el, s.x, s.y);
    el.classList.toggle('down', s.down);
  }
  if (ms === 0) {
    flushStyle();
    for (const s of steps) s.el.classList.remove('no-anim');
  }
  const longest = steps.reduce((m, s) => Math.max(m, Math.round((s.delay || 0) * speed)), 0);
  return ms ? ms + longest : 0;
}

/** Place dragged elements under the pointer at once (no transition). */
export function dragTo(el, x, y, z) {
  el.classList.add('dragging');
  clearTimeout(el._zTimer);
  el.style.zIndex = String(z);
  el._z = undefined;        // the next run() sets its resting z again
  setTransform(el, x, y);
}

/** End a drag: the next run() animates the cards from where they are now. */
export function endDrag(els) {
  for (const el of els) el.classList.remove('dragging');
}
