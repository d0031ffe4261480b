// The hint said in words (frontend/js/hint.js `describe`), from the structured fields of the
// bridge answer and the English catalogue.
import test from 'node:test';
import assert from 'node:assert/strict';

await import('./english.mjs');
const { describe, sayVerdict } = await import('../../frontend/js/hint.js');

const stock = { from: 's', index: null, to: null, card: null, count: 0, place: 'stock',
  onto: null, turns: false };

test('a move onto a card that turns one, and a guess, are said as such', () => {
  const move = { from: 't7', index: 6, to: 't4', card: 'Q♥', count: 1, place: 'column',
    onto: 'K♠', turns: true };
  assert.equal(describe(move), 'Hint: Q♥ onto K♠: turns a card.');
  assert.equal(describe({ ...move, guess: true }),
    'Hint (no sure win found yet): Q♥ onto K♠: turns a card.');
});

test('before the first redeal the stock hint says why: see the whole stock first', () => {
  assert.equal(describe(stock), 'Hint: draw a card from the stock.');
  assert.equal(describe({ ...stock, guess: true, first_pass: true }),
    'Hint: draw a card from the stock. Go through the whole stock once first: after that '
    + 'the hints know every card in it.');
});

test('a hint without a move says why: a dead end for every deal tried is not "no hint in time"', () => {
  assert.equal(sayVerdict('lost'), 'No win found from here: with every deal of the face-down '
    + 'cards tried, the game is lost. Undo some moves, or start a new game.');
  assert.equal(sayVerdict('unwinnable'), 'No win is possible from here.');
  assert.equal(sayVerdict('unknown'), 'No hint found in time.');
});
