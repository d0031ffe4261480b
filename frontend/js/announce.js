// What a screen reader hears (issue 10): the accessible names of piles, and
// the polite live region (data-testid="announce") that reports each accepted
// action with its points, each refusal with its reminder (the toast's text),
// the stock count after a draw, undo and the win.
//
// Everything is built from the view model and the bridge answer; nothing here
// knows a rule. Texts come from i18n ("announce.*", "table.*").

import { t, cardLabel } from './i18n.js';

/** @typedef {import('./view-model').ViewModel} ViewModel */
/** @typedef {import('./view-model').PileView} PileView */
/** @typedef {import('./view-model').CardView} CardView */
/** @typedef {import('./view-model').ActionView} ActionView */

const DELAY_MS = 60;      // empty first, then fill: the same text twice is spoken twice
let region = null;
let timer = null;

function regionEl() {
  if (!region || !region.isConnected) region = document.getElementById('announce');
  return region;
}

/** Speak `text` through the polite live region (the last call within DELAY_MS wins). */
export function say(text) {
  const el = regionEl();
  if (!el || !text) return;
  clearTimeout(timer);
  el.textContent = '';
  timer = setTimeout(() => { el.textContent = text; }, DELAY_MS);
}

/** The text the region shows now (or is about to show). */
export function current() {
  const el = regionEl();
  return el ? el.textContent : '';
}

/** @param {ViewModel | null} state @param {string} id @returns {PileView | null} */
function pileOf(state, id) {
  return state && state.piles ? state.piles.find((p) => p.id === id) || null : null;
}

function number(id) {
  const n = Number(String(id).slice(1));
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/**
 * The accessible name of a pile, e.g. "Column 3, 5 cards, 2 face down",
 * "Foundation 1 for Spades, up to Four", "Stock, 12 cards, passes: 0".
 * `n` is the pile's number in its row (1-based); `passes` the redeal count.
 * @param {PileView} pile @param {number} n @param {number} [passes]
 */
export function pileName(pile, n, passes = 0) {
  const count = pile.cards.length;
  const top = count ? pile.cards[count - 1] : null;
  const topName = top && top.up ? cardLabel(top.card) : t('table.face_down');
  switch (pile.kind) {
    case 'stock':
      return t('table.stock_info', { count, passes });
    case 'waste':
      return top ? t('table.waste_info', { count, top: topName }) : t('table.waste_empty');
    case 'foundation': {
      const suit = t(`cards.suit_name.${pile.suit}`);
      if (!top || !top.up) return t('table.foundation_empty', { n, suit });
      return t('table.foundation_info', { n, suit, rank: t(`cards.rank_name.${top.card[0]}`) });
    }
    case 'cell':
      return top ? t('table.cell_info', { n, top: topName }) : t('table.cell_empty', { n });
    default: {
      if (!count) return t('table.column_empty', { n });
      const down = pile.cards.filter((c) => !c.up).length;
      return down ? t('table.column_info_down', { n, count, down })
        : t('table.column_info', { n, count });
    }
  }
}

/** "column 5", "the Diamonds foundation", "cell 2", "the waste" (where a card went).
 * @param {ViewModel | null} state @param {string} id */
export function placeName(state, id) {
  const pile = pileOf(state, id);
  const kind = pile ? pile.kind : ({ s: 'stock', w: 'waste', f: 'foundation', c: 'cell' }[id[0]] || 'column');
  if (kind === 'foundation') {
    const suit = pile && pile.suit ? t(`cards.suit_name.${pile.suit}`) : '';
    return suit ? t('announce.place.foundation', { suit }) : t('announce.place.foundations');
  }
  return t(`announce.place.${kind}`, { n: number(id) });
}

/** "Seven of Hearts", or "3 cards from Nine of Clubs" for a run. @param {CardView[]} cards */
export function cardsName(cards) {
  const first = cards[0];
  const name = first && first.up ? cardLabel(first.card) : t('table.face_down');
  return t('announce.cards', { count: cards.length, name });
}

/** @param {ActionView} action @param {ViewModel | null} before @param {ViewModel} after */
function describeMove(action, before, after) {
  const { from: src, to: dst, count } = action;
  if (action.undo) {
    // The cards went back from dst to src: they are on top of src now.
    const home = pileOf(after, src);
    if (!home || home.cards.length < count) return t('announce.undone_plain', { score: after.score });
    return t('announce.undone', { cards: cardsName(home.cards.slice(-count)),
      pile: placeName(after, src), score: after.score });
  }
  const from = pileOf(before, src);
  const moved = from ? from.cards.slice(-count) : [];
  const parts = [t('announce.move', { cards: moved.length ? cardsName(moved) : '', pile: placeName(after, dst) })];
  if (action.turned) parts.push(t('announce.turned', { name: cardLabel(action.turned) }));
  if (action.points) parts.push(t('announce.points', { count: action.points }));
  return parts.join(' ');
}

/** @param {ActionView} action @param {ViewModel | null} before @param {ViewModel} after */
function describeStock(action, before, after) {
  if (action.undo) return t('announce.undone_plain', { score: after.score });
  const stock = pileOf(after, 's');
  const waste = pileOf(after, 'w');
  const left = stock ? stock.cards.length : 0;
  if (action.recycle || !waste || !waste.cards.length) return t('announce.recycled', { count: left });
  const top = waste.cards[waste.cards.length - 1];
  return t('announce.drew', { name: top.up ? cardLabel(top.card) : '', count: left });
}

/**
 * The sentence for an accepted answer of `method` (ok: true), given the view
 * model before it. Returns '' when there is nothing worth saying.
 * @param {string} method @param {import('./view-model').Answer} answer @param {ViewModel | null} before
 */
export function describe(method, answer, before) {
  const after = answer && answer.state;
  if (!after) return '';
  const parts = [];
  if (method === 'new_game' || method === 'open_example' || method === 'leave_example') {
    parts.push(t('announce.new_game', { game: t(`game.${after.game}`), code: after.code }));
  }
  const action = answer.action;
  if (action) {
    parts.push(action.from === 's' || action.recycle ? describeStock(action, before, after)
      : describeMove(action, before, after));
  }
  if (after.won && !(before && before.won) && action && !action.undo) {
    parts.push(t('announce.won', { score: after.score, count: after.moves }));
  }
  return parts.filter(Boolean).join(' ');
}

/** Announce an accepted answer (see describe).
 * @param {string} method @param {import('./view-model').Answer} answer @param {ViewModel | null} before */
export function accepted(method, answer, before) {
  const text = describe(method, answer, before);
  if (text) say(text);
}
