// The sentences a screen reader hears after an action (frontend/js/announce.js), built from
// the structured action of the bridge answer and the English catalogue.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

const en = JSON.parse(await readFile(new URL('../../frontend/i18n/en.json', import.meta.url), 'utf8'));
await import('./english.mjs');
const i18n = await import('../../frontend/js/i18n.js');
const { describe } = await import('../../frontend/js/announce.js');

const up = (id) => ({ id: `${id}.0`, card: id, up: true });
function state(piles, extra = {}) {
  return { game: 'easy-harp', score: 5, moves: 1, passes: 0, won: false, piles, ...extra };
}

test('a move names the card, where it went, the card turned up and the points', () => {
  const before = state([{ id: 't3', kind: 'column', cards: [{ id: 'x1', up: false }, up('9C')] },
    { id: 't1', kind: 'column', cards: [up('TH')] }], { score: 0, moves: 0 });
  const after = state([{ id: 't3', kind: 'column', cards: [up('KC')] },
    { id: 't1', kind: 'column', cards: [up('TH'), up('9C')] }]);
  const action = { move: 't3-t1', from: 't3', to: 't1', count: 1, cards: ['9C.0'], points: 5,
    turned: 'KC', turned_id: 'KC.0', undo: false };
  const text = describe('play', { ok: true, action, state: after }, before);
  for (const part of ['Nine of Clubs', 'King of Clubs', '5']) assert.ok(text.includes(part), `${part} in "${text}"`);
  assert.ok(text.includes(i18n.t('announce.place.column', { n: 1 })), text);
});

test('a draw names the card drawn and the cards left; a redeal says so', () => {
  const after = state([{ id: 's', kind: 'stock', cards: [{ id: 'x1', up: false }] },
    { id: 'w', kind: 'waste', cards: [up('7H')] }]);
  const draw = { move: 's', from: 's', to: 'w', count: 1, cards: ['7H.0'], recycle: false, points: 0, undo: false };
  assert.equal(describe('stock', { ok: true, action: draw, state: after }, after),
    i18n.t('announce.drew', { name: 'Seven of Hearts', count: 1 }));
  const redeal = { ...draw, from: 'w', to: 's', recycle: true };
  const empty = state([{ id: 's', kind: 'stock', cards: [{ id: 'x1', up: false }, { id: 'x2', up: false }] },
    { id: 'w', kind: 'waste', cards: [] }]);
  assert.equal(describe('stock', { ok: true, action: redeal, state: empty }, after),
    i18n.t('announce.recycled', { count: 2 }));
  assert.ok(en.announce.recycled);
});
