// The table's geometry (frontend/js/layout.js) is pure: tested here with node --test.
import test from 'node:test';
import assert from 'node:assert/strict';
import { computeLayout, overlap, areaOf, AREA, pileAt, basisOf } from '../../frontend/js/layout.js';

function seahaven() {
  const card = (id, text) => ({ id, card: text, up: true });
  const piles = [{ id: 's', kind: 'stock', cards: [] }];
  'SHDC'.split('').forEach((suit, i) => piles.push({ id: `f${i + 1}`, kind: 'foundation', suit, cards: [] }));
  for (let i = 1; i <= 4; i += 1) piles.push({ id: `c${i}`, kind: 'cell', cards: [] });
  const ranks = 'A23456789TJQK';
  for (let i = 1; i <= 10; i += 1) {
    piles.push({ id: `t${i}`, kind: 'column', cards: [0, 1, 2, 3, 4].map((k) => card(`${i}.${k}`, `${ranks[(i + k) % 13]}${'SHDC'[k % 4]}`)) });
  }
  return { game: 'seahaven-towers', settings: {}, piles };
}

test('overlap is the area of the intersection', () => {
  assert.equal(overlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 5, y: 5, w: 10, h: 10 }), 25);
  assert.equal(overlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 10, y: 0, w: 5, h: 5 }), 0);
});

test('every pile fits the table and no two piles overlap', () => {
  for (const [w, h] of [[1280, 720], [1152, 720], [800, 600], [1920, 1080]]) {
    const lay = computeLayout(seahaven(), w, h);
    const rects = [...lay.piles.values()];
    for (const r of rects) {
      assert.ok(r.x >= 0 && r.x + r.w <= w, `${r.id} inside the width at ${w}`);
      assert.ok(r.y >= 0 && r.y + r.h <= h, `${r.id} inside the height at ${h}`);
    }
    for (let i = 0; i < rects.length; i += 1) {
      for (let j = i + 1; j < rects.length; j += 1) {
        const a = rects[i];
        const b = rects[j];
        if (a.kind === 'stock' || b.kind === 'stock') continue;   // Seahaven's empty stock is not drawn
        assert.equal(overlap(a, b), 0, `${a.id} and ${b.id} at ${w}×${h}`);
      }
    }
  }
});

test('a column fans its cards downwards, each covering the one below', () => {
  const lay = computeLayout(seahaven(), 1280, 720);
  const ys = seahaven().piles.find((p) => p.id === 't3').cards.map((c) => lay.cards.get(c.id).y);
  for (let i = 1; i < ys.length; i += 1) assert.ok(ys[i] > ys[i - 1]);
});

test('the foundations are one drop area; other piles are their own', () => {
  const lay = computeLayout(seahaven(), 1280, 720);
  assert.equal(areaOf(lay, 'f3'), AREA);
  assert.equal(areaOf(lay, AREA), AREA);
  assert.equal(areaOf(lay, 't4'), 't4');
  assert.equal(areaOf(lay, 'c2'), 'c2');
  const f2 = lay.piles.get('f2');
  assert.equal(pileAt(lay, f2.x + 5, f2.y + 5), AREA);
  const t7 = lay.piles.get('t7');
  assert.equal(pileAt(lay, t7.x + t7.w / 2, t7.y + 3), 't7');
});

test('a press is on what the layout puts there: a column card, a stacked top, an empty pile', async () => {
  const { hitAt } = await import('../../frontend/js/layout.js');
  const s = seahaven();
  const lay = computeLayout(s, 1280, 720);
  const t3 = s.piles.find((p) => p.id === 't3').cards;
  const third = lay.cards.get(t3[2].id);
  // on the uncovered strip of the third card: that card; on the top card's face: the top card
  assert.deepEqual(hitAt(lay, s, third.x + 5, third.y + 2), { pile: 't3', index: 2 });
  const top = lay.cards.get(t3[4].id);
  assert.deepEqual(hitAt(lay, s, top.x + 5, top.y + lay.ch - 2), { pile: 't3', index: 4 });
  const c2 = lay.piles.get('c2');
  assert.deepEqual(hitAt(lay, s, c2.x + 3, c2.y + 3), { pile: 'c2', index: -1 });
  assert.equal(hitAt(lay, s, top.x + 5, top.y + lay.ch + 40), null);   // below the column
});

// issue 16: a new deal uses the table's height; a covered card never shows part of a pip.
function easyHarpStart() {
  const piles = [{ id: 's', kind: 'stock', cards: [{ id: 'x', up: false }] }, { id: 'w', kind: 'waste', cards: [] }];
  'SSHHDDCC'.split('').forEach((suit, i) => piles.push({ id: `f${i + 1}`, kind: 'foundation', suit, cards: [] }));
  for (let i = 1; i <= 9; i += 1) {
    const cards = [];
    for (let k = 0; k < i - 1; k += 1) cards.push({ id: `d${i}.${k}`, up: false });
    cards.push({ id: `u${i}`, card: 'KS', up: true });
    piles.push({ id: `t${i}`, kind: 'column', cards });
  }
  return { game: 'easy-harp', settings: {}, piles };
}

function emptyBelow(lay, h) {
  let bottom = 0;
  for (const c of lay.cards.values()) bottom = Math.max(bottom, c.y + lay.ch);
  return (h - bottom) / h;
}

test('a new deal leaves at most 15 % of the table empty below its longest column', () => {
  // table heights: the window less the header and the status line (about 80 px)
  for (const make of [easyHarpStart, seahaven]) {
    for (const large of [false, true]) {
      for (const [w, h] of [[1152, 640], [1920, 1000]]) {
        const state = make();
        state.settings = { large_cards: large };
        const share = emptyBelow(computeLayout(state, w, h), h);
        assert.ok(share >= 0 && share <= 0.15, `${state.game} ${w}×${h} large=${large}: ${share}`);
      }
    }
  }
});

test('a covered face-up card shows its index row and no part of a pip', () => {
  // the top pips of the home deck begin 0.275 card heights down (cards.js: PIP_TOP − PIP_SIZE / 2)
  const pipTop = (47 - 17 / 2) / 140;
  for (const make of [easyHarpStart, seahaven]) {
    for (const large of [false, true]) {
      for (const [w, h] of [[1152, 640], [1920, 1000], [800, 520], [1280, 720]]) {
        const state = make();
        state.settings = { large_cards: large };
        const lay = computeLayout(state, w, h);
        for (const p of state.piles.filter((q) => q.kind === 'column')) {
          for (let i = 0; i + 1 < p.cards.length; i += 1) {
            if (!p.cards[i].up) continue;
            const shown = (lay.cards.get(p.cards[i + 1].id).y - lay.cards.get(p.cards[i].id).y) / lay.ch;
            const whole = pipTop + 17 / 140;
            assert.ok(shown <= pipTop + 0.005 || shown >= whole, `${p.id} at ${w}×${h} large=${large}: ${shown}`);
          }
        }
      }
    }
  }
});

test('the card size stays that of the deal as it began while a column grows', () => {
  const start = easyHarpStart();
  const basis = basisOf(start);
  const later = easyHarpStart();
  later.piles.find((p) => p.id === 't2').cards.push({ id: 'q', card: 'QH', up: true });
  const a = computeLayout(start, 1152, 640, basis);
  const b = computeLayout(later, 1152, 640, basis);
  assert.equal(a.cw, b.cw);
  assert.equal(a.cards.get('u5').y, b.cards.get('u5').y);   // another column does not move
});

test('long columns still compress inside the table down to 800×600', () => {
  const state = seahaven();
  const t1 = state.piles.find((p) => p.id === 't1');
  for (let k = 0; k < 14; k += 1) t1.cards.push({ id: `extra${k}`, card: 'QS', up: true });
  for (const [w, h] of [[800, 520], [1152, 640], [1920, 1000]]) {
    const lay = computeLayout(state, w, h, basisOf(seahaven()));
    const top = lay.cards.get('extra13');
    assert.ok(top.y + lay.ch <= h, `the top card inside the table at ${w}×${h}`);
    assert.ok(top.x >= 0 && top.x + lay.cw <= w);
  }
});
