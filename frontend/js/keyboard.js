// Keyboard play (issue 10): a roving focus over the table's piles and cards.
//
// The keys only choose what to ask Python. Every action is the bridge call the
// mouse makes (play, tap, double_tap, stock), through the handlers
// main.js passes in, so no rule lives here.
//
//   ← →            piles of a row (Home / End: first / last)
//   ↑ ↓            a column's face-up cards; at the ends, top row ⇄ columns
//   Tab, ⇧Tab      regions: stock, waste, foundations, cells, columns
//   Enter, Space   pick up the card (and the cards on it) / drop it; stock: draw
//   Escape         put the picked-up cards back
//   F or .         tap (to a foundation)      D  double tap (look for a place)
//   S              the stock
//
// One element of the table has tabindex="0" at a time: a column's card, or a
// pile (stock, waste, foundation, cell, empty column; while a card is held the
// foundations are one stop, the foundation area, `to: "f"`). The cursor is
// kept as {pile, index}, so it survives re-renders, undo and new deals.

import * as render from './render.js';
import { areaOf, AREA } from './layout.js';
import { stops, keyName, NAV, ACTION, quietCards } from './kbmap.js';
import { t } from './i18n.js';
import * as announce from './announce.js';
import * as focus from './focus.js';

const FRAME_PAD = 5;

let table = null;
let handlers = null;
let state = null;
let cursor = { pile: null, index: -1 };
let currentEl = null;
let held = null;              // {pile, index, els, list}
// the piles as keyboard stops, read from the view model and layout drawn now
const nav = stops(() => state, () => render.currentLayout(), () => Boolean(held));
let wantFocus = false;        // the focus was in the table last time it was anywhere
let frame = null;
let byPointer = false;        // the last input was a pointer, not a keyboard walk
let busy = false;
let hinted = false;
let navCount = 0;             // cursor moves by key; an answer arriving later does not undo them
const lastInRegion = new Map();

/* ---------- the cursor ---------- */

function normalize(c) {
  const ps = nav.piles();
  if (!ps.length) return { pile: null, index: -1 };
  let id = c && c.pile;
  if (id === AREA && !held) id = (ps.find((p) => p.kind === 'foundation') || {}).id;
  if (id !== AREA && !nav.pileOf(id)) id = (ps.find((p) => p.kind === 'column') || ps[0]).id;
  if (id === AREA) return { pile: AREA, index: -1 };
  const p = nav.pileOf(id);
  if (p.kind !== 'column' || !p.cards.length) return { pile: id, index: -1 };
  const hi = p.cards.length - 1;
  const lo = Math.min(nav.firstUp(p), hi);
  const want = c && c.pile === id && Number.isInteger(c.index) && c.index >= 0 ? c.index : hi;
  return { pile: id, index: Math.min(hi, Math.max(lo, want)) };
}

function elementFor(c) {
  if (!c.pile) return null;
  if (c.pile === AREA) return table.querySelector('.foundation-area');
  if (c.index >= 0) return render.cardElements(c.pile, c.index)[0] || render.pileElement(c.pile);
  return render.pileElement(c.pile);
}

function canDropHere() {
  if (!held || !held.list) return false;
  if (cursor.pile === AREA) return held.list.some((id) => areaOf(render.currentLayout(), id) === AREA);
  return held.list.includes(cursor.pile);
}

/** aria-describedby: a card says which pile it is in; a held card's destination whether it fits. */
function describeCurrent() {
  const el = currentEl;
  if (!el) return;
  const ids = [];
  if (el.classList.contains('card')) {
    const pileEl = render.pileElement(cursor.pile);
    if (pileEl) {
      if (!pileEl.id) pileEl.id = `pile-${cursor.pile}`;
      ids.push(pileEl.id);
    }
  }
  if (canDropHere()) ids.push('kb-can-drop');
  if (ids.length) el.setAttribute('aria-describedby', ids.join(' '));
  else el.removeAttribute('aria-describedby');
}

function setCursor(c, opts = {}) {
  cursor = normalize(c);
  const el = elementFor(cursor);
  if (currentEl && currentEl !== el) {
    currentEl.removeAttribute('tabindex');
    currentEl.removeAttribute('aria-describedby');
  }
  currentEl = el;
  if (el) {
    el.tabIndex = 0;
    describeCurrent();
    if (opts.focus && document.activeElement !== el) el.focus({ preventScroll: true });
  }
  const kind = nav.kindOf(cursor.pile);
  if (kind) lastInRegion.set(kind === 'area' ? 'foundation' : kind, cursor.pile);
  placeFrame();
}

function go(id, index = null) {
  setCursor({ pile: id, index }, { focus: true });
}

/** The pile of `row` whose centre is nearest to pile `from`. */
function nearest(row, from) {
  const x = nav.xOf(from);
  let best = row[0];
  for (const id of row) if (Math.abs(nav.xOf(id) - x) < Math.abs(nav.xOf(best) - x)) best = id;
  return best;
}

/* ---------- the focus frame (drawn above the cards, around the card and the run on it) ---------- */

function placeFrame() {
  if (!frame) return;
  const lay = render.currentLayout();
  const r = lay && cursor.pile ? nav.frameRect(lay, cursor) : null;
  frame.hidden = !r;
  if (!r) return;
  frame.style.transform = `translate(${Math.round(r.x - FRAME_PAD)}px, ${Math.round(r.y - FRAME_PAD)}px)`;
  frame.style.width = `${Math.round(r.w + 2 * FRAME_PAD)}px`;
  frame.style.height = `${Math.round(r.h + 2 * FRAME_PAD)}px`;
  frame.classList.toggle('holding', Boolean(held));
}

/* ---------- picking up and dropping ---------- */

function clearHold() {
  if (!held) return;
  for (const el of held.els) el.classList.remove('held');
  held = null;
  table.classList.remove('holding');
  render.clearHighlight();
}

function cancelHold(speak, focusIt = true) {
  const h = held;
  if (!h) return;
  clearHold();
  if (speak) announce.say(t('announce.put_back'));
  setCursor({ pile: h.pile, index: h.index }, { focus: focusIt });
}

function pick() {
  const kind = nav.kindOf(cursor.pile);
  const p = nav.pileOf(cursor.pile);
  const index = kind === 'column' ? cursor.index : (p ? p.cards.length - 1 : -1);
  if (!p || index < 0 || !p.cards[index] || !p.cards[index].up) {
    announce.say(t('announce.nothing'));
    return;
  }
  const els = render.cardElements(p.id, index);
  for (const el of els) el.classList.add('held');
  // Where these cards may go: the view model's destinations, as a drag shows them.
  held = { pile: p.id, index, els, list: render.destinations(p.id, index) };
  table.classList.add('holding');
  render.highlight(held.list);
  describeCurrent();
  announce.say(t('announce.picked', { cards: announce.cardsName(p.cards.slice(index)) }));
  setCursor(cursor, { focus: true });
}

async function drop() {
  const h = held;
  const to = cursor.pile;
  // As a drag does: back onto its own pile (or a foundation card onto the foundations) is no move.
  if (to === h.pile || (to === AREA && nav.kindOf(h.pile) === 'foundation')) {
    cancelHold(true);
    return;
  }
  clearHold();
  const mark = navCount;
  // the foundation area: the foundation that takes the cards, when one does
  const dest = to === AREA ? (h.list.find((id) => areaOf(render.currentLayout(), id) === AREA) || AREA) : to;
  const answer = await run(() => handlers.play(h.pile, h.index, dest, h.list.includes(dest)));
  if (navCount !== mark) return;          // the player has moved on meanwhile
  if (answer && answer.ok) {
    go(answer.action ? answer.action.to : dest);
  } else {
    go(h.pile, h.index);
  }
}

/* ---------- single-key actions ---------- */

/** One bridge call from a key; #table[data-kb-busy] meanwhile (tests wait on it). */
async function run(fn) {
  busy = true;
  table.dataset.kbBusy = '1';
  try {
    return await fn();
  } finally {
    busy = false;
    delete table.dataset.kbBusy;
  }
}

async function tapKey(double) {
  if (held) cancelHold(false);
  const kind = nav.kindOf(cursor.pile);
  if (kind === 'stock') { await stockKey(); return; }
  const p = nav.pileOf(cursor.pile);
  const index = kind === 'column' ? cursor.index : (p ? p.cards.length - 1 : -1);
  if (!p || index < 0) { announce.say(t('announce.nothing')); return; }
  await run(async () => {
    const answer = await (double ? handlers.doubleTap : handlers.tap)(p.id, index);
    // A key is never half of a double tap (APP-11 is about pointer taps): say why at once.
    if (answer && !answer.ok && answer.state) handlers.showRefusal(answer);
  });
}

async function stockKey() {
  if (held) cancelHold(false);
  if (!nav.pileOf('s')) return;             // Seahaven Towers: no stock on the table
  await run(() => handlers.stock());
}

function activate() {
  if (held) return drop();
  if (nav.kindOf(cursor.pile) === 'stock') return stockKey();
  return pick();
}

/* ---------- moving the cursor ---------- */

function horizontal(dir, toEnd = false) {
  const row = nav.rowOf(cursor.pile);
  const i = row.indexOf(nav.stopOf(cursor.pile));
  const j = toEnd ? (dir < 0 ? 0 : row.length - 1) : i + dir;
  if (j < 0 || j >= row.length || j === i) return;
  go(row[j]);
}

function vertical(dir) {
  const kind = nav.kindOf(cursor.pile);
  if (kind === 'column') {
    const p = nav.pileOf(cursor.pile);
    if (!held && p.cards.length) {
      const i = cursor.index + dir;
      if (i >= nav.firstUp(p) && i <= p.cards.length - 1) {
        go(p.id, i);
        return;
      }
    }
    if (dir < 0) go(nearest(nav.topRow(), cursor.pile));
    return;
  }
  if (dir > 0) go(nearest(nav.columns(), cursor.pile));
}

/** Tab / Shift+Tab: the next region; false at the ends (the focus leaves the table). */
function region(dir) {
  const regs = nav.regions();
  const here = regs.findIndex((r) => r.includes(nav.stopOf(cursor.pile)));
  const j = here + dir;
  if (here < 0 || j < 0 || j >= regs.length) return false;
  const r = regs[j];
  const kind = nav.kindOf(r[0]);
  const remembered = lastInRegion.get(kind === 'area' ? 'foundation' : kind);
  go(r.includes(nav.stopOf(remembered)) ? nav.stopOf(remembered) : r[0]);
  return true;
}

/* ---------- keys ---------- */

function onKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  if (document.querySelector('dialog[open]')) return;
  if (document.body.classList.contains('example-replaying')) return;   // the replay owns the table
  const target = e.target;
  if (target && target.closest && target.closest('input, textarea, select, [contenteditable="true"]')) return;
  const key = keyName(e);
  const active = document.activeElement;
  const inTable = Boolean(active && table.contains(active) && active !== table);
  const onBody = !active || active === document.body || active === document.documentElement || active === table;

  if (!inTable) {
    if (key === 's' && !e.repeat && !busy
        && !document.body.classList.contains('example-replaying')) {   // S draws from anywhere
      e.preventDefault();
      stockKey();
      return;
    }
    // From nowhere, a table key brings the focus to the table first.
    if (onBody && (NAV.has(key) || ACTION.has(key)) && key !== 'Escape') {
      e.preventDefault();
      table.classList.add('kb-active');
      setCursor(cursor, { focus: true });
    }
    return;
  }

  table.classList.add('kb-active');
  if (NAV.has(key)) {
    e.preventDefault();
    navCount += 1;
    if (key === 'ArrowLeft') horizontal(-1);
    else if (key === 'ArrowRight') horizontal(1);
    else if (key === 'Home') horizontal(-1, true);
    else if (key === 'End') horizontal(1, true);
    else vertical(key === 'ArrowUp' ? -1 : 1);
    return;
  }
  if (key === 'Tab') {
    navCount += 1;
    if (region(e.shiftKey ? -1 : 1)) e.preventDefault();
    else if (held) cancelHold(false, false);
    return;
  }
  if (key === 'Escape') {
    if (held) { e.preventDefault(); cancelHold(true); }
    return;
  }
  if (!ACTION.has(key)) return;
  e.preventDefault();
  // A bridge call still out, or the Examples page replaying its moves: the table is not free.
  if (e.repeat || busy || document.body.classList.contains('example-replaying')) return;
  if (key === 'Enter' || key === ' ') activate();
  else if (key === 'f' || key === '.') tapKey(false);
  else if (key === 'd') tapKey(true);
  else if (key === 's') stockKey();
}

/* ---------- wiring ---------- */

/** After every render (render.onRender): a new view model, or the same one redrawn (resize). */
export function update(next) {
  if (held && next !== state) clearHold();   // the table changed under the held cards
  // A new deal: the same pile, but its top card (the old index means nothing there).
  if (state && next.code !== state.code) cursor = { pile: cursor.pile, index: null };
  state = next;
  quietCards(nav.piles());
  const active = document.activeElement;
  const free = !active || active === document.body || table.contains(active);
  setCursor(cursor, { focus: wantFocus && free && !document.querySelector('dialog[open]') });
}

/** Put the focus on the table's cursor (a dialog closed and its opener is gone). */
export function focusTable() {
  if (!state) return;
  setCursor(cursor, { focus: true });
}

const walks = (e) => e.key === 'Tab' || NAV.has(keyName(e)) || (ACTION.has(keyName(e)) && e.key !== 'Escape');
/**
 * handlers: {play(from, index, to, legal) → Promise<answer>,
 *            tap(pile, index) → Promise<answer>, doubleTap(pile, index) → Promise<answer>,
 *            stock() → Promise, showRefusal(answer)} — the same ones drag.js gets.
 */
export function init(tableEl, callbacks) {
  table = tableEl;
  handlers = callbacks;
  frame = document.createElement('div');
  frame.className = 'kb-focus';
  frame.setAttribute('aria-hidden', 'true');
  frame.hidden = true;
  const canDrop = document.createElement('span');
  canDrop.id = 'kb-can-drop';
  canDrop.hidden = true;
  canDrop.dataset.i18n = 'announce.can_drop';
  canDrop.textContent = t('announce.can_drop');
  table.append(frame, canDrop);

  document.addEventListener('keydown', onKey);
  // the frame is for keyboard use only, not a focus given back after Escape (issue 42)
  window.addEventListener('pointerdown', () => { byPointer = true; }, true);
  window.addEventListener('keydown', (e) => { if (walks(e)) byPointer = false; }, true);
  document.addEventListener('focusin', (e) => {
    wantFocus = table.contains(e.target) && e.target !== table;
    if (!wantFocus || byPointer || !/** @type {Element} */ (e.target).matches(':focus-visible')) return;
    table.classList.add('kb-active');
    if (!hinted) {
      hinted = true;
      announce.say(t('announce.hint'));
    }
  });
  table.addEventListener('pointerdown', () => {
    table.classList.remove('kb-active');
    if (held) cancelHold(false, false);
    if (!table.contains(document.activeElement)) focusTable();   // drag.js keeps the focus away
  }, true);
  let pending = null;
  new ResizeObserver(() => {
    cancelAnimationFrame(pending);
    // After main.js's own re-render, which also waits for a frame.
    pending = requestAnimationFrame(() => { pending = requestAnimationFrame(placeFrame); });
  }).observe(table);
  focus.setFallback(focusTable);
  render.onRender(update);
}
