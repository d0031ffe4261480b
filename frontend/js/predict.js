// What the table shows before Python answers (issue 19): an action the view model already
// allows — a card's destination (`to`), the stock's `tap` — applied to a copy of it. Pure: no
// DOM, and no rule of its own (Python said the action is legal and what it moves). Python's
// answer then reconciles score, counter and the card a face-down card turns up as.

/** @typedef {import('./view-model').ViewModel} ViewModel */
/** @typedef {import('./view-model').PileView} PileView */
/** @typedef {import('./view-model').CardView} CardView */

/** @param {CardView[]} cards @returns {CardView[]} */
function plain(cards) {
  // destinations are Python's answer for the old position: none until it answers again
  return cards.map(({ id, card, up }) => (card === undefined ? { id, up } : { id, card, up }));
}

/** A copy of `state` with the piles of `change` (id → cards). It leaves out the piles' `tap`
 * and `taps` and the view model's `undo` (Python says them again), so it is cast to what it is
 * drawn as. @param {ViewModel} state @param {Record<string, CardView[]>} change
 * @returns {ViewModel} */
function withPiles(state, change) {
  const piles = state.piles.map((p) => {
    const cards = change[p.id];
    const { tap, taps, ...rest } = p;   // what a tap does is said again below, or not at all
    return { ...rest, cards: plain(cards || p.cards) };
  });
  const { undo, ...rest } = state;   // what undo does is Python's to say again
  return /** @type {ViewModel} */ (/** @type {unknown} */ ({ ...rest, piles, predicted: true }));
}

/** `state` after the card at `index` of `from` (and those above it) went to `to`, or null
 * when the view model does not list `to` among that card's destinations.
 * @param {ViewModel} state @param {string} from @param {number} index @param {string} to
 * @returns {ViewModel | null} */
export function move(state, from, index, to) {
  const src = state.piles.find((p) => p.id === from);
  const dst = state.piles.find((p) => p.id === to);
  const card = src && src.cards[index];
  if (!dst || !card || !(card.to || []).includes(to)) return null;
  return withPiles(state, {
    [from]: src.cards.slice(0, index),
    [to]: [...dst.cards, ...src.cards.slice(index)],
  });
}

/** What the stock's taps are after one more, from the runs Python listed (`taps`: [kind,
 * taps, cards a tap moves] — draws, a redeal, draws), with `tap` describing the next one; {}
 * when the list says no more. @param {PileView['taps']} taps @returns {Partial<PileView>} */
function nextTaps(taps) {
  const rest = taps.map(([kind, n, cards]) => /** @type {[string, number, number]} */ ([kind, n, cards]));
  rest[0][1] -= 1;
  if (!rest[0][1]) rest.shift();
  if (!rest.length) return {};
  const [kind, , cards] = rest[0];
  const tap = kind === 'recycle'
    ? { from: 'w', to: 's', count: cards, recycle: true }
    : { from: 's', to: 'w', count: cards };
  return { tap, taps: rest };
}

/** `state` after a tap on the stock as the view model describes it (a draw: the `count` top
 * cards go to the waste, the top one first, face down until Python shows them; a redeal: the
 * waste, turned over, becomes the stock), or null when the tap does nothing or is not
 * described. The stock of the state returned describes the tap after it, so taps faster than
 * the answers are drawn ahead too. @param {ViewModel} state @returns {ViewModel | null} */
export function stockTap(state) {
  const stock = state.piles.find((p) => p.id === 's');
  const waste = state.piles.find((p) => p.id === 'w');
  const tap = stock && stock.tap;
  if (!tap || !waste) return null;
  let s;
  let w;
  if (tap.recycle) {
    s = [...stock.cards, ...[...waste.cards].reverse().map((c) => ({ id: c.id, up: false }))];
    w = [];
  } else {
    const n = stock.cards.length;
    const k = Math.min(tap.count || 1, n);
    if (!k) return null;
    s = stock.cards.slice(0, n - k);
    w = [...waste.cards, ...stock.cards.slice(n - k).reverse()];
  }
  const next = withPiles(state, { s, w });
  if (stock.taps && stock.taps.length) {
    const i = next.piles.findIndex((p) => p.id === 's');
    next.piles[i] = { ...next.piles[i], ...nextTaps(stock.taps) };
  }
  return next;
}

/** `state` after the undo the view model describes (`undo`: `count` cards from `from` back onto
 * `to`, face down with `down`; with `hide` the card they go back onto turns face down first,
 * as it was before the move turned it up), or null when no undo is described.
 * @param {ViewModel} state @returns {ViewModel | null} */
export function undo(state) {
  const u = state.undo;
  const src = u && state.piles.find((p) => p.id === u.from);
  const dst = u && state.piles.find((p) => p.id === u.to);
  if (!src || !dst || src.cards.length < u.count) return null;
  const back = src.cards.slice(src.cards.length - u.count);
  const onto = dst.cards.map((c, i) => (u.hide && i === dst.cards.length - 1 ? { id: c.id, up: false } : c));
  return withPiles(state, {
    [u.from]: src.cards.slice(0, src.cards.length - u.count),
    [u.to]: [...onto, ...(u.down ? back.map((c) => ({ id: c.id, up: false })) : back)],
  });
}
