// Draws a view model: pile slots and card elements keyed by card id, reused
// between renders and moved by anim.js. No rule lives here.

import { computeLayout, drawnPiles, basisOf } from './layout.js';
import { frontSvg, backSvg, suitMark, setBuried } from './cards.js';
import * as anim from './anim.js';
import { t, cardLabel } from './i18n.js';
import { pileName } from './announce.js';

/** @typedef {import('./view-model').ViewModel} ViewModel */
/** @typedef {import('./view-model').PileView} PileView */
/** @typedef {import('./view-model').CardView} CardView */

const table = document.getElementById('table');
const cardEls = new Map();   // card id → element
const pileEls = new Map();   // pile id → element
let foundationEl = null;
let stockInfoEl = null;
let layout = null;
/** @type {ViewModel | null} */
let state = null;
let basis = null;            // the deal's longest column as it began: sizes the cards (layout.js)

let drawnSize = '';           // the table's size the last render was laid out for

export function currentLayout() { return layout; }
/** Whether the table's size differs from the one the last render was laid out for. */
export function resized() { return drawnSize !== `${table.clientWidth}x${table.clientHeight}`; }
/** The view model drawn now (the layout's). */
export function currentState() { return state; }

const renderListeners = [];
/** fn(state) runs after every render (keyboard.js keeps its focus on the right element). */
export function onRender(fn) { renderListeners.push(fn); }
export function pileElement(id) { return pileEls.get(id) || null; }

/** The element of the card with this id, or null. */
export function cardElement(id) { return cardEls.get(id) || null; }

/** The piles the card at `index` of `pileId` (with those above it) may go to now: the view
 * model's destinations, decided by Python. */
export function destinations(pileId, index) {
  const pile = state && state.piles.find((p) => p.id === pileId);
  const card = pile && pile.cards[index];
  return (card && card.to) || [];
}

/** Card elements of `pileId` from `index` up to the top, in order. */
export function cardElements(pileId, index) {
  const pile = state && state.piles.find((p) => p.id === pileId);
  if (!pile) return [];
  return pile.cards.slice(index).map((c) => cardEls.get(c.id)).filter(Boolean);
}

/** The pile's accessible name: "Column 3, 5 cards, 2 face down" (announce.js). */
/** @param {PileView} pile */
function pileLabel(r, pile) {
  return pileName(pile, r.n, state.passes || 0);
}

function ensurePile(r) {
  let el = pileEls.get(r.id);
  if (!el) {
    el = document.createElement('div');
    el.className = `pile kind-${r.kind}`;
    el.dataset.pile = r.id;
    el.setAttribute('role', 'group');
    const slot = document.createElement('div');
    slot.className = 'slot';
    el.append(slot);
    table.append(el);
    pileEls.set(r.id, el);
  }
  // The same pile id can change its suit between games (f2: ♠ in Easy Harp, ♥ in Seahaven).
  if (r.kind === 'foundation' && el.dataset.suit !== (r.suit || '')) {
    el.dataset.suit = r.suit || '';
    el.firstElementChild.innerHTML = r.suit ? suitMark(r.suit) : '';
  }
  return el;
}

/** @param {PileView[]} piles */
function renderPiles(piles) {
  const keep = new Set();
  for (const pile of piles) {
    const r = layout.piles.get(pile.id);
    const el = ensurePile(r);
    keep.add(pile.id);
    el.style.transform = `translate(${r.x}px, ${r.y}px)`;
    el.style.height = `${r.h}px`;
    el.classList.toggle('empty', pile.cards.length === 0);
    setAttr(el, 'data-count', String(pile.cards.length));
    setAttr(el, 'aria-label', pileLabel(r, pile));
  }
  for (const [id, el] of pileEls) {
    if (!keep.has(id)) { el.remove(); pileEls.delete(id); }
  }
  const fa = layout.foundationArea;
  if (!foundationEl) {
    foundationEl = document.createElement('div');
    foundationEl.className = 'foundation-area';
    foundationEl.dataset.pile = 'f';
    table.prepend(foundationEl);
  }
  foundationEl.hidden = !fa;
  if (fa) {
    foundationEl.style.transform = `translate(${fa.x}px, ${fa.y}px)`;
    foundationEl.style.width = `${fa.w}px`;
    foundationEl.style.height = `${fa.h}px`;
    foundationEl.setAttribute('aria-label', t('table.foundations'));
    foundationEl.setAttribute('role', 'group');
  }
}

/** @param {PileView[]} piles */
function renderStockInfo(piles) {
  const stock = piles.find((p) => p.kind === 'stock');
  if (!stockInfoEl) {
    stockInfoEl = document.createElement('div');
    stockInfoEl.className = 'stock-info';
    stockInfoEl.innerHTML = '<span class="count" data-testid="stock-count"></span>'
      + '<span class="passes"><span class="passes-mark" aria-hidden="true">\u21BB</span>'
      + '<span data-testid="passes"></span></span>';
    table.append(stockInfoEl);
  }
  stockInfoEl.hidden = !stock;
  if (!stock) return;
  const r = layout.piles.get(stock.id);
  stockInfoEl.style.transform = `translate(${r.x}px, ${r.y + r.h + 3}px)`;
  stockInfoEl.style.width = `${r.w}px`;
  stockInfoEl.querySelector('[data-testid="stock-count"]').textContent = String(stock.cards.length);
  stockInfoEl.querySelector('[data-testid="passes"]').textContent = String(state.passes || 0);
  stockInfoEl.querySelector('.passes').title = t('table.passes');
}

function createCard(id) {
  const el = document.createElement('div');
  el.className = 'card down';
  el.dataset.id = id;
  el.innerHTML = `<div class="card-inner">${backSvg()}</div>`;
  table.append(el);
  cardEls.set(id, el);
  return el;
}

// A card's face is made once and kept (issue 18): a face taken off a card that turned face
// down (an undone draw, a redeal) waits here, out of the document, for the next card of that
// code to turn up, instead of new markup being parsed for every flip.
const spareFronts = new Map();   // card code → detached face elements
let facesMade = 0;               // faces of an earlier deck are not kept (refaces)

function takeFront(code) {
  const spare = spareFronts.get(code);
  if (spare && spare.length) return spare.pop();
  const box = document.createElement('div');
  box.innerHTML = frontSvg(code);
  const front = /** @type {Element & {_code?: string, _deck?: number}} */ (box.firstElementChild);
  front._code = code;
  front._deck = facesMade;
  return front;
}

function putFrontAway(el) {
  const front = el.firstElementChild.querySelector(':scope > .front');
  if (!front) return;
  front.remove();
  if (!front._code || front._deck !== facesMade) return;
  if (!spareFronts.has(front._code)) spareFronts.set(front._code, []);
  spareFronts.get(front._code).push(front);
}

function setAttr(el, name, value) {   // writes only a change: no style work for nothing
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** @param {HTMLElement} el @param {CardView} c */
function dressCard(el, c, pos) {
  setAttr(el, 'data-in', pos.pile);
  setAttr(el, 'data-index', String(pos.index));
  if (c.up) {
    if (el.dataset.card !== c.card) {
      putFrontAway(el);
      el.firstElementChild.prepend(takeFront(c.card));
      el.dataset.card = c.card;
      el.classList.add(`suit-${c.card[1]}`);
    }
    setAttr(el, 'data-face', 'up');
    setAttr(el, 'aria-label', cardLabel(c.card));
  } else {
    if (el.dataset.card) {
      el.classList.remove(`suit-${el.dataset.card[1]}`);
      delete el.dataset.card;
    }
    setAttr(el, 'data-face', 'down');
    setAttr(el, 'aria-label', t('table.face_down'));
  }
  setAttr(el, 'role', 'img');
}

// A face-down card right under another at the very same place (the stock: 50-odd backs, a
// pixel step every 8 cards) shows nothing of its back: css/table.css leaves its art out
// (data-buried), keeping its shadow, so the first frame does not paint 50 lattices over
// each other (~45 ms of a software raster). Set once the cards over it have landed, taken
// off as soon as it is uncovered.
let renders = 0;

/** @param {CardView} c */
function buriedUnder(c, above) {
  if (c.up || !above) return false;
  const a = layout.cards.get(c.id);
  const b = layout.cards.get(above.id);
  return Boolean(a && b) && a.x === b.x && a.y === b.y;
}

function buryAll(els) {
  for (const el of els) {
    if (el.isConnected && el.dataset.face === 'down') setBuried(el, true);
  }
}

/** The deck changed (looks.js): every face-up card takes its new face at the next render. */
export function refaces() {
  facesMade += 1;
  spareFronts.clear();
  for (const el of cardEls.values()) {
    if (el.dataset.card) delete el.dataset.card;
  }
}

/**
 * A card whose id changes keeps its element (issue 18): a card drawn or turned up (its
 * face-down id becomes its own), a redeal (the waste's cards become face-down stock cards).
 * New ids take the elements of gone ids at the same place first, then in order; the element
 * is re-keyed, dressed anew, and flips and moves from where it is.
 */
function rekey(fresh, gone) {
  const byPlace = new Map(gone.map((id) => {
    const el = cardEls.get(id);
    return [`${el.dataset.in}:${el.dataset.index}`, id];
  }));
  const used = new Set();
  const pairs = [];
  const rest = [];
  for (const id of fresh) {
    const pos = layout.cards.get(id);
    const old = byPlace.get(`${pos.pile}:${pos.index}`);
    if (old && !used.has(old)) { pairs.push([id, old]); used.add(old); } else rest.push(id);
  }
  const spare = gone.filter((id) => !used.has(id));
  rest.forEach((id, i) => { if (spare[i]) pairs.push([id, spare[i]]); });
  for (const [id, old] of pairs) {
    const el = cardEls.get(old);
    cardEls.delete(old);
    cardEls.set(id, el);
    el.dataset.id = id;
  }
}

const RIDE_MIN = 6;   // this many cards going from one stacked pile to another move as one

/**
 * A whole stacked pile going over to another (a redeal turns the waste's 58 cards into the
 * stock, issue 18) moves as one pile: the card that was on top flies, the others ride with
 * it (anim.run: step.ride), so one card is animated instead of 58 at once. Returns the ids of
 * the riders. Columns fan their cards, so a run moved between columns is not a pile here.
 */
function pileRiders(was) {
  const groups = new Map();   // "from>to" → ids
  for (const [id, [from, index]] of was) {
    const pos = layout.cards.get(id);
    if (!pos || pos.pile === from || from[0] === 't' || pos.pile[0] === 't') continue;
    const key = `${from}>${pos.pile}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push([id, index]);
  }
  const riders = new Set();
  for (const ids of groups.values()) {
    if (ids.length < RIDE_MIN) continue;
    const top = ids.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    for (const [id] of ids) if (id !== top) riders.add(id);
  }
  return riders;
}

function dealOrigin() {
  const stock = [...layout.piles.values()].find((p) => p.kind === 'stock');
  if (stock) return { x: stock.x, y: stock.y };
  return { x: Math.round(table.clientWidth / 2 - layout.cw / 2), y: -layout.ch - 20 };
}

/**
 * Draw `next`. opts.animate (default true) slides cards to their places;
 * opts.deal deals every card from the stock (a new game); opts.ms sets the
 * length of the move animation (the Examples replay).
 * @param {ViewModel} next @param {{animate?: boolean, deal?: boolean, ms?: number}} [opts]
 */
export function render(next, opts = {}) {
  const animate = opts.animate !== false;
  const first = !state;
  if (first || opts.deal || state.code !== next.code || state.game !== next.game) basis = basisOf(next);
  state = next;
  drawnSize = `${table.clientWidth}x${table.clientHeight}`;
  layout = computeLayout(next, table.clientWidth, table.clientHeight, basis);
  table.dataset.game = next.game;
  table.style.setProperty('--cw', `${layout.cw}px`);
  table.style.setProperty('--ch', `${layout.ch}px`);

  const piles = drawnPiles(next);
  renderPiles(piles);
  renderStockInfo(piles);

  const seen = new Set(piles.flatMap((p) => p.cards.map((c) => c.id)));
  const bury = [];
  const gone = [...cardEls.keys()].filter((id) => !seen.has(id));
  if (!opts.deal) rekey([...seen].filter((id) => !cardEls.has(id)), gone);
  const was = new Map();   // card id → [pile, index] before this render
  for (const pile of piles) {
    pile.cards.forEach((c, i) => {
      const el = cardEls.get(c.id) || createCard(c.id);
      if (el.dataset.in) was.set(c.id, [el.dataset.in, Number(el.dataset.index)]);
      dressCard(el, c, layout.cards.get(c.id));
      // a card under another shows only its top strip (a hook for styles and tests)
      const covered = i < pile.cards.length - 1;
      if (el.hasAttribute('data-covered') !== covered) el.toggleAttribute('data-covered', covered);
      if (buriedUnder(c, pile.cards[i + 1])) bury.push(el);
      else setBuried(el, false);
    });
  }
  const riders = opts.deal ? new Set() : pileRiders(was);
  for (const id of gone) {
    if (seen.has(id) || !cardEls.has(id)) continue;   // re-keyed to a card still on the table
    cardEls.get(id).remove();
    cardEls.delete(id);
  }

  const origin = opts.deal ? dealOrigin() : null;
  const order = [...layout.cards.entries()]
    .sort((a, b) => (a[1].index - b[1].index) || a[1].x - b[1].x);
  const dealStep = order.length ? Math.min(14, 650 / order.length) : 0;
  const steps = [];
  order.forEach(([id, pos], i) => {
    const el = cardEls.get(id);
    const step = { el, x: pos.x, y: pos.y, z: pos.z, down: !pos.up, ride: riders.has(id) };
    if (origin) {
      Object.assign(step, { from: origin, fromDown: true, fromZ: 5, delay: Math.round(i * dealStep) });
    }
    steps.push(step);
  });
  const moveMs = opts.ms !== undefined ? opts.ms : anim.MOVE_MS;   // opts.ms: a faster replay
  const ms = anim.run(steps, { ms: first || !animate ? 0 : opts.deal ? anim.DEAL_MS : moveMs });
  // A face-down element that borrowed a face for its flip gives it back.
  const drawn = ++renders;
  if (!ms) buryAll(bury);
  setTimeout(() => {
    for (const el of cardEls.values()) {
      if (el.dataset.face === 'down') putFrontAway(el);
    }
    if (drawn === renders) buryAll(bury);   // once whatever flew over them has landed
  }, ms + 40);
  for (const fn of renderListeners) fn(next);
  return ms;
}

/** Show the drop targets of a drag; foundations light up as one area. */
export function highlight(targets) {
  const set = new Set(targets);
  for (const [id, el] of pileEls) el.classList.toggle('target', set.has(id) && id[0] !== 'f');
  if (foundationEl) foundationEl.classList.toggle('target', targets.some((id) => id[0] === 'f'));
}

export function clearHighlight() {
  highlight([]);
}
