// What the table draws before Python answers (frontend/js/predict.js): only what the view
// model allows, applied exactly.
import test from 'node:test';
import assert from 'node:assert/strict';
import { move, stockTap, undo } from '../../frontend/js/predict.js';

const up = (id, to) => (to ? { id, card: id.slice(0, 2), up: true, to } : { id, card: id.slice(0, 2), up: true });
const down = (id) => ({ id, up: false });

function easyHarp({ stock, waste, tap }) {
  return {
    rev: 3,
    piles: [
      { id: 's', kind: 'stock', cards: stock, ...(tap ? { tap } : {}) },
      { id: 'w', kind: 'waste', cards: waste },
      { id: 't1', kind: 'column', cards: [up('TH.0')] },
      { id: 't3', kind: 'column', cards: [down('x1'), down('x2'), up('9C.1', ['t1'])] },
    ],
  };
}

const ids = (state, pile) => state.piles.find((p) => p.id === pile).cards.map((c) => c.id);

test('a listed destination moves the card and leaves the rest', () => {
  const s = easyHarp({ stock: [], waste: [] });
  const next = move(s, 't3', 2, 't1');
  assert.deepEqual(ids(next, 't1'), ['TH.0', '9C.1']);
  assert.deepEqual(ids(next, 't3'), ['x1', 'x2']);     // the turned card is Python's to show
  assert.equal(next.piles.find((p) => p.id === 't3').cards[1].up, false);
  assert.ok(next.piles.every((p) => p.cards.every((c) => !('to' in c))));   // no stale destinations
  assert.deepEqual(ids(s, 't1'), ['TH.0']);              // the view model itself is untouched
});

test('a pile the view model does not list is no prediction', () => {
  const s = easyHarp({ stock: [], waste: [] });
  assert.equal(move(s, 't3', 2, 't4'), null);
  assert.equal(move(s, 't1', 0, 't3'), null);
});

test('a stock tap draws the top card, or turns the waste over into the stock', () => {
  const draw = stockTap(easyHarp({ stock: [down('a'), down('b')], waste: [up('7H.0')],
    tap: { from: 's', to: 'w', count: 1 } }));
  assert.deepEqual(ids(draw, 's'), ['a']);
  assert.deepEqual(ids(draw, 'w'), ['7H.0', 'b']);
  const redeal = stockTap(easyHarp({ stock: [], waste: [up('7H.0'), up('2C.1'), up('KD.0')],
    tap: { from: 'w', to: 's', count: 3, recycle: true } }));
  assert.deepEqual(ids(redeal, 's'), ['KD.0', '2C.1', '7H.0']);
  assert.ok(redeal.piles.find((p) => p.id === 's').cards.every((c) => !c.up));
  assert.deepEqual(ids(redeal, 'w'), []);
  assert.equal(stockTap(easyHarp({ stock: [], waste: [] })), null);   // no tap described
});

test('taps faster than the answers: each drawn state says what the next tap does', () => {
  // two cards in the stock, one in the waste: two draws, a redeal of three, three draws
  let s = easyHarp({ stock: [down('a'), down('b')], waste: [up('7H.0')],
    tap: { from: 's', to: 'w', count: 1 } });
  s.piles[0].taps = [['draw', 2, 1], ['recycle', 1, 3], ['draw', 3, 1]];
  const seen = [];
  for (let i = 0; i < 6; i += 1) {
    s = stockTap(s);
    seen.push(`${ids(s, 's').join('')}|${ids(s, 'w').join(',')}`);
  }
  assert.deepEqual(seen, ['a|7H.0,b', '|7H.0,b,a', 'ab7H.0|', 'ab|7H.0', 'a|7H.0,b', '|7H.0,b,a']);
  assert.equal(stockTap(s), null);                  // the list ends: the next tap waits for Python
  const redeal = s.piles.find((p) => p.id === 's');
  assert.ok(!('tap' in redeal) && !('taps' in redeal));
});

test('a stock that draws three: each tap moves the cards the list says, the top one first', () => {
  // five cards: a tap of three, a tap of the two left, the redeal of five, a tap of three
  let s = easyHarp({ stock: [down('a'), down('b'), down('c'), down('d'), down('e')], waste: [],
    tap: { from: 's', to: 'w', count: 3 } });
  s.piles[0].taps = [['draw', 1, 3], ['draw', 1, 2], ['recycle', 1, 5], ['draw', 1, 3]];
  const seen = [];
  for (let i = 0; i < 4; i += 1) {
    s = stockTap(s);
    seen.push(`${ids(s, 's').join('')}|${ids(s, 'w').join('')}`);
  }
  assert.deepEqual(seen, ['ab|edc', '|edcba', 'abcde|', 'ab|edc']);
  assert.equal(stockTap(s), null);
});

test('a stock without a list of taps draws one tap ahead only', () => {
  const once = stockTap(easyHarp({ stock: [down('a'), down('b')], waste: [],
    tap: { from: 's', to: 'w', count: 1 } }));
  assert.equal(stockTap(once), null);
});

test('undo as Python describes it: the cards go back, the card they turned goes face down', () => {
  const s = easyHarp({ stock: [down('a')], waste: [up('7H.0')] });
  s.piles[2].cards.push(up('9C.1'));                   // 9C went from t3 onto TH and turned 8D
  s.piles[3].cards = [down('x1'), up('8D.0')];
  s.undo = { from: 't1', to: 't3', count: 1, down: false, hide: true };
  const back = undo(s);
  assert.deepEqual(ids(back, 't1'), ['TH.0']);
  assert.deepEqual(ids(back, 't3'), ['x1', '8D.0', '9C.1']);
  assert.deepEqual(back.piles[3].cards.map((c) => c.up), [false, false, true]);
  assert.ok(!('undo' in back));                         // the next undo waits for Python
  assert.equal(undo(back), null);
});

test('a draw taken back goes face down onto the stock; no undo described, none drawn', () => {
  const s = easyHarp({ stock: [down('a')], waste: [up('7H.0'), up('2C.1')] });
  s.undo = { from: 'w', to: 's', count: 1, down: true, hide: false };
  const back = undo(s);
  assert.deepEqual(ids(back, 's'), ['a', '2C.1']);
  assert.ok(back.piles[0].cards.every((c) => !c.up));
  assert.deepEqual(ids(back, 'w'), ['7H.0']);
  assert.equal(undo(easyHarp({ stock: [], waste: [] })), null);
  const drawn = stockTap({ ...s, piles: s.piles.map((p) => (p.id === 's' ? { ...p, tap: { from: 's', to: 'w', count: 1 } } : p)) });
  assert.ok(!('undo' in drawn));                        // drawn ahead: the old undo is stale
});
