// What keyboard play (keyboard.js) reads of the table: the piles as stops, in rows (the top
// row by position, the columns) and regions, the foundations one stop while a card is held;
// the key names; which cards a screen reader may skip. No rule.

import { drawnPiles, AREA } from './layout.js';
import * as render from './render.js';

const REGION_KINDS = ['stock', 'waste', 'foundation', 'cell', 'column'];

/** The stops of the view model `getState()` on the layout `getLayout()`; `holding()` is
 * true while cards are picked up. */
export function stops(getState, getLayout, holding) {
  function piles() {
    const state = getState();
    return state ? drawnPiles(state) : [];
  }

  function pileOf(id) {
    return piles().find((p) => p.id === id) || null;
  }

  function kindOf(id) {
    if (id === AREA) return 'area';
    const p = pileOf(id);
    return p ? p.kind : null;
  }

  function firstUp(p) {
    const i = p.cards.findIndex((c) => c.up);
    return i < 0 ? p.cards.length - 1 : i;
  }

  /** The stop a pile is while a card is held (foundations → the area). */
  function stopOf(id) {
    return holding() && kindOf(id) === 'foundation' ? AREA : id;
  }

  function xOf(id) {
    const lay = getLayout();
    if (!lay) return 0;
    if (id === AREA) return lay.foundationArea ? lay.foundationArea.x + lay.foundationArea.w / 2 : 0;
    const r = lay.piles.get(id);
    return r ? r.x + r.w / 2 : 0;
  }

  function collapse(ids) {
    if (!holding()) return ids;
    const out = [];
    for (const id of ids) {
      const stop = stopOf(id);
      if (!out.includes(stop)) out.push(stop);
    }
    return out;
  }

  function topRow() {
    const ids = piles().filter((p) => p.kind !== 'column').map((p) => p.id);
    return collapse(ids.sort((a, b) => xOf(a) - xOf(b)));
  }

  function columns() {
    return piles().filter((p) => p.kind === 'column').map((p) => p.id);
  }

  function rowOf(id) {
    return kindOf(id) === 'column' ? columns() : topRow();
  }

  function regions() {
    const ps = piles();
    return REGION_KINDS.map((k) => collapse(ps.filter((p) => p.kind === k).map((p) => p.id)))
      .filter((r) => r.length);
  }

  /** The focus frame's rectangle: the card under the cursor and the run on it. */
  function frameRect(lay, cursor) {
    if (cursor.pile === AREA) return lay.foundationArea;
    const r = lay.piles.get(cursor.pile);
    if (!r) return null;
    const p = pileOf(cursor.pile);
    if (r.kind === 'column' && p && cursor.index >= 0 && p.cards[cursor.index]) {
      const c = lay.cards.get(p.cards[cursor.index].id);
      if (c) return { x: c.x, y: c.y, w: lay.cw, h: Math.max(lay.ch, r.y + r.h - c.y) };
    }
    return { x: r.x, y: r.y, w: lay.cw, h: lay.ch };
  }

  return { piles, pileOf, kindOf, firstUp, stopOf, xOf, topRow, columns, rowOf, regions,
    frameRect };
}

/** A layout-independent name: ASCII keys as typed, other scripts by key position. */
export function keyName(e) {
  if (e.key && e.key.length === 1 && /[\x21-\x7e]/.test(e.key)) return e.key.toLowerCase();
  if (e.code && /^Key[A-Z]$/.test(e.code)) return e.code.slice(3).toLowerCase();
  if (e.code === 'Period' || e.code === 'NumpadDecimal') return '.';
  return e.key;
}

export const NAV = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
export const ACTION = new Set(['Enter', ' ', 'f', '.', 'd', 's', 'Escape']);

/** Cards nobody can act on stay out of the accessibility tree (face-down, under a stack's top). */
export function quietCards(piles) {
  for (const p of piles) {
    const els = render.cardElements(p.id, 0);
    const last = els.length - 1;
    els.forEach((el, i) => {
      const mute = el.dataset.face !== 'up' || (p.kind !== 'column' && i !== last);
      if (mute === el.hasAttribute('aria-hidden')) return;   // unchanged: no DOM write
      if (mute) el.setAttribute('aria-hidden', 'true');
      else el.removeAttribute('aria-hidden');
    });
  }
}
