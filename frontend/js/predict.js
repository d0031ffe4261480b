// What the table shows before Python answers (issue 19): an action the view model already
// allows — a card's destination (`to`), the stock's `tap` — applied to a copy of it. Pure: no
// DOM, and no rule of its own (Python said the action is legal and what it moves). Python's
// answer then reconciles score, counter and the card a face-down card turns up as.

function plain(cards) {
  // destinations are Python's answer for the old position: none until it answers again
  return cards.map(({ id, card, up }) => (card === undefined ? { id, up } : { id, card, up }));
}

function withPiles(state, change) {
  const piles = state.piles.map((p) => {
    const cards = change[p.id];
    const { tap, ...rest } = p;
    return { ...rest, cards: plain(cards || p.cards) };
  });
  return { ...state, piles, predicted: true };
}

/** `state` after the card at `index` of `from` (and those above it) went to `to`, or null
 * when the view model does not list `to` among that card's destinations. */
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

/** `state` after a tap on the stock as the view model describes it (a draw: the top card
 * goes to the waste, face down until Python shows it; a redeal: the waste, turned over,
 * becomes the stock), or null when the tap does nothing or is not described. */
export function stockTap(state) {
  const stock = state.piles.find((p) => p.id === 's');
  const waste = state.piles.find((p) => p.id === 'w');
  const tap = stock && stock.tap;
  if (!tap || !waste) return null;
  if (tap.recycle) {
    const turned = [...waste.cards].reverse().map((c) => ({ id: c.id, up: false }));
    return withPiles(state, { s: [...stock.cards, ...turned], w: [] });
  }
  const n = stock.cards.length;
  if (!n) return null;
  return withPiles(state, { s: stock.cards.slice(0, n - 1), w: [...waste.cards, stock.cards[n - 1]] });
}
