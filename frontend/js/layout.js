// Where every pile and card goes, from the view model and the table size.
// Pure geometry: no DOM, no rules. Units are CSS pixels relative to the table.

const RATIO = 1.4;          // card height / width
const GAP = 0.18;           // between piles, in card widths
const FAN_UP = 0.27;        // face-up offset in a column, in card heights
const FAN_DOWN = 0.11;      // face-down offset
const MIN_DOWN = 0.04;      // tightest face-down offset before face-up ones shrink
const READABLE = 0.175;     // face-up offset that still shows the whole corner index
const MAX_SHRINK = 0.8;     // cards may shrink to this share to keep long columns readable
const MAX_WIDTH = 170;      // cards stop growing on very large windows

// The "Large cards" setting (issue 10): narrower gaps so the cards take more of
// the width, a bigger corner index (table.css/a11y.css), hence a wider fan.
// A covered face-up card shows its index row and no part of a pip (the top pips begin at
// 0.275 card heights): its offset is at most FAN_UP, or at least WHOLE_PIPS when the table
// has height to spare, which shows the top row of pips whole.
const NORMAL = { gap: GAP, fanUp: FAN_UP, readable: READABLE, maxWidth: MAX_WIDTH };
const LARGE = { gap: 0.07, fanUp: FAN_UP, readable: 0.25, maxWidth: 260 };
const WHOLE_PIPS = 0.41;    // a stretched face-up offset: the top pips show whole
const MAX_UP = 0.5;         // the widest stretched face-up offset
const MAX_DOWN = 0.3;       // the widest stretched face-down offset
const MIN_BASIS = 1.0;      // the shortest fan the card size is chosen for, in card heights

function sizesFor(state) {
  return state.settings && state.settings.large_cards ? LARGE : NORMAL;
}

/** Which piles the page draws, in the order given (APP: only the game's own piles). */
export function drawnPiles(state) {
  const hasWaste = state.piles.some((p) => p.kind === 'waste');
  return state.piles.filter((p) => p.kind !== 'stock' || hasWaste);
}

function cardWidth(width, height, units, extra, k, need) {
  const byWidth = (width - 24) / (units + (units - 1) * k.gap + extra);
  // top margin, top row, row gap, the column's first card and its fan, bottom margin
  const byHeight = (height - 28) / (0.48 + RATIO * (2 + Math.max(need, MIN_BASIS)));
  return Math.max(24, Math.floor(Math.min(byWidth, byHeight, k.maxWidth)));
}

/**
 * Shrink the cards (a little) when the longest column would otherwise have
 * to squeeze its face-up cards below a readable corner index.
 */
function fitLongest(cw, height, columns, k = NORMAL) {
  let need = 0;
  for (const p of columns) {
    const faces = p.cards.slice(0, -1);
    const nUp = faces.filter((c) => c.up).length;
    need = Math.max(need, nUp * k.readable + (faces.length - nUp) * MIN_DOWN);
  }
  // Height in card widths: top margin, top row, row gap, a card and the fan.
  const perWidth = 0.2 + RATIO + 0.22 + RATIO * (1 + need) + 0.06;
  const fits = Math.floor((height - 6) / perWidth);
  return Math.max(Math.floor(cw * MAX_SHRINK), Math.min(cw, fits));
}

/** Offsets between successive cards of a column, squeezed to fit `avail` px. */
function fanOffsets(cards, ch, avail, k = NORMAL, stretch = null) {
  const n = cards.length;
  if (n < 2) return [];
  const faces = cards.slice(0, -1).map((c) => c.up);
  const nUp = faces.filter(Boolean).length;
  const nDown = faces.length - nUp;
  let up = (stretch ? stretch.up : k.fanUp) * ch;
  let down = (stretch ? stretch.down : FAN_DOWN) * ch;
  if (nUp * up + nDown * down > avail) {
    down = nDown ? Math.max(MIN_DOWN * ch, Math.min(down, (avail - nUp * up) / nDown)) : 0;
    up = nUp ? (avail - nDown * down) / nUp : 0;
    if (up < down) {            // extreme: give every card the same share
      up = avail / (n - 1);
      down = up;
    }
  }
  return faces.map((isUp) => Math.max(0, isUp ? up : down));
}

/** Small up-left shift that makes a stacked pile look thick. */
function stackShift(index) {
  return Math.min(Math.floor(index / 8), 7);
}

/**
 * How far the fans may open so that the deal's longest column reaches the table's bottom
 * (issue 16): `avail` card heights below the first card, for a deal whose natural fan is
 * `basis` ({up, down}: its counts of covered face-up and face-down cards).
 */
function stretchFor(basis, avail, k) {
  const natural = basis.up * k.fanUp + basis.down * FAN_DOWN;
  if (!natural || avail <= natural) return null;
  let down = basis.down ? Math.min(MAX_DOWN, FAN_DOWN * (avail / natural)) : FAN_DOWN;
  let up = k.fanUp;
  if (basis.up) {
    const wanted = Math.min(MAX_UP, (avail - basis.down * down) / basis.up);
    up = wanted >= WHOLE_PIPS ? wanted : k.fanUp;
    if (basis.down) down = Math.min(MAX_DOWN, Math.max(FAN_DOWN, (avail - basis.up * up) / basis.down));
  }
  return { up, down };
}

/** The longest column's covered cards ({up, down} counts, the largest natural fan). */
export function basisOf(state) {
  const k = sizesFor(state);
  let best = { up: 0, down: 0 };
  let most = -1;
  for (const p of drawnPiles(state)) {
    if (p.kind !== 'column') continue;
    const faces = p.cards.slice(0, -1);
    const up = faces.filter((c) => c.up).length;
    const need = up * k.fanUp + (faces.length - up) * FAN_DOWN;
    if (need > most) { most = need; best = { up, down: faces.length - up }; }
  }
  return best;
}

/**
 * Compute the layout. `basis` (basisOf the deal as it began, kept by render.js) sizes the
 * cards and their fans so that a new deal uses the table's height; by default the state's
 * own columns.
 * @param {import('./view-model').ViewModel} state
 * @returns {{cw, ch, gap, piles: Map, cards: Map, foundationArea, bottom, stretch}}
 *   piles: id → {id, kind, suit, n, x, y, w, h, slotX, slotY, dropH}
 *   cards: card id → {x, y, z, pile, index, up, card}
 */
export function computeLayout(state, width, height, basis = null) {
  const piles = drawnPiles(state);
  const columns = piles.filter((p) => p.kind === 'column');
  const foundations = piles.filter((p) => p.kind === 'foundation');
  const cells = piles.filter((p) => p.kind === 'cell');
  const hasStock = piles.some((p) => p.kind === 'stock');

  // Easy Harp: stock, waste, a small gap, 8 foundations. Seahaven: 10 columns.
  const topSlots = (hasStock ? 2 : 0) + foundations.length + cells.length;
  const extra = hasStock ? 0.35 : 0;
  const units = Math.max(columns.length, hasStock ? topSlots : 0, 4);
  const k = sizesFor(state);
  const base = basis || basisOf(state);
  const need = base.up * k.fanUp + base.down * FAN_DOWN;
  const cw = fitLongest(cardWidth(width, height, units, extra, k, need), height, columns, k);
  const ch = Math.round(cw * RATIO);
  const gap = cw * k.gap;
  const gridW = units * cw + (units - 1) * gap + extra * cw;
  const x0 = Math.round((width - gridW) / 2);
  const topY = Math.round(Math.max(8, 0.2 * cw));
  // Room under the stock for its count and passes (.stock-info, about 18 px high).
  const rowGap = hasStock ? (k === LARGE ? 26 : 22) : 10;
  const colY = Math.round(topY + ch + Math.max(rowGap, 0.22 * cw));
  const bottom = height - Math.max(6, Math.round(0.06 * cw));
  const step = cw + gap;

  const out = new Map();
  const place = (p, x, n) => out.set(p.id, {
    id: p.id, kind: p.kind, suit: p.suit || null, n,
    x: Math.round(x), y: topY, w: cw, h: ch, slotX: Math.round(x), slotY: topY, dropH: ch,
  });

  if (hasStock) {
    const stock = piles.find((p) => p.kind === 'stock');
    const waste = piles.find((p) => p.kind === 'waste');
    place(stock, x0, 1);
    if (waste) place(waste, x0 + step, 1);
    foundations.forEach((p, i) => place(p, x0 + (2 + i) * step + extra * cw, i + 1));
  } else {
    foundations.forEach((p, i) => place(p, x0 + i * step, i + 1));
    cells.forEach((p, i) => place(p, x0 + (units - cells.length + i) * step, i + 1));
  }

  // Columns spread over the full grid width, so the first lines up with the
  // stock and the last with the last foundation.
  const colStep = columns.length > 1 ? (gridW - cw) / (columns.length - 1) : 0;
  const stretch = stretchFor(base, (bottom - colY - ch) / ch, k);
  const cards = new Map();
  columns.forEach((p, i) => {
    const x = Math.round(x0 + i * colStep);
    const offsets = fanOffsets(p.cards, ch, bottom - colY - ch, k, stretch);
    let y = colY;
    p.cards.forEach((c, index) => {
      cards.set(c.id, { x, y: Math.round(y), z: 10 + index, pile: p.id, index, up: c.up, card: c.card });
      y += offsets[index] || 0;
    });
    const lastBottom = p.cards.length ? Math.round(y) + ch : colY + ch;
    out.set(p.id, {
      id: p.id, kind: p.kind, suit: null, n: i + 1, x, y: colY, w: cw,
      h: lastBottom - colY, slotX: x, slotY: colY, dropH: Math.max(bottom - colY, ch),
    });
  });

  for (const p of piles) {
    if (p.kind === 'column') continue;
    const r = out.get(p.id);
    p.cards.forEach((c, index) => {
      const s = stackShift(index);
      cards.set(c.id, { x: r.x - s, y: r.y - s, z: 10 + index, pile: p.id, index, up: c.up, card: c.card });
    });
  }

  let foundationArea = null;
  if (foundations.length) {
    const rs = foundations.map((p) => out.get(p.id));
    const pad = Math.round(gap / 2);
    const left = Math.min(...rs.map((r) => r.x)) - pad;
    const right = Math.max(...rs.map((r) => r.x + r.w)) + pad;
    foundationArea = { x: left, y: topY - pad, w: right - left, h: ch + 2 * pad };
  }

  return { cw, ch, gap, piles: out, cards, foundationArea, bottom, stretch };
}

/** Area of the intersection of two rectangles {x, y, w, h}. */
export function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The rectangle a pile answers drops on (columns reach down to the bottom). */
export function dropRect(pile) {
  return { x: pile.x, y: pile.y, w: pile.w, h: pile.kind === 'column' ? pile.dropH : pile.h };
}

/** The id of the foundation area: the foundations take drops as one target. */
export const AREA = 'f';

/** The drop area a pile id belongs to: AREA for a foundation (the table shows them as one
 * area), else the pile itself. */
export function areaOf(layout, id) {
  const pile = layout && layout.piles.get(id);
  return id === AREA || (pile && pile.kind === 'foundation') ? AREA : id;
}

/**
 * What a press at (x, y) is on, from the layout alone (never from the element that happens
 * to be under the pointer while cards fly): {pile, index} — the card's index in its pile,
 * the top card of a stacked pile, -1 on an empty pile — or null. `state` is the view model
 * the layout was computed from.
 */
export function hitAt(layout, state, x, y) {
  for (const p of state.piles) {
    const r = layout.piles.get(p.id);
    if (!r || x < r.x || x > r.x + r.w) continue;
    if (p.kind !== 'column') {
      if (y >= r.y && y <= r.y + r.h) return { pile: p.id, index: p.cards.length - 1 };
      continue;
    }
    // the highest card whose face covers the point: later cards lie on earlier ones
    for (let i = p.cards.length - 1; i >= 0; i -= 1) {
      const c = layout.cards.get(p.cards[i].id);
      if (c && y >= c.y && y <= c.y + layout.ch) return { pile: p.id, index: i };
    }
    if (!p.cards.length && y >= r.y && y <= r.y + layout.ch) return { pile: p.id, index: -1 };
  }
  return null;
}

/** Pile under a point, or 'f' for the foundation area; null when none. */
export function pileAt(layout, x, y) {
  const fa = layout.foundationArea;
  if (fa && x >= fa.x && x <= fa.x + fa.w && y >= fa.y && y <= fa.y + fa.h) return 'f';
  for (const p of layout.piles.values()) {
    const r = dropRect(p);
    const pad = layout.gap / 2;
    if (x >= r.x - pad && x <= r.x + r.w + pad && y >= r.y - pad && y <= r.y + r.h + pad) return p.id;
  }
  return null;
}
