// Times on the Statistics page and in the win window: m:ss under an hour, h:mm:ss above.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDuration } from '../../frontend/js/header.js';

test('under an hour a time reads m:ss, seconds cut down, never 0:00 for 58 s', () => {
  assert.equal(formatDuration(58), '0:58');
  assert.equal(formatDuration(58.9), '0:58');
  assert.equal(formatDuration(0), '0:00');
  assert.equal(formatDuration(605), '10:05');
  assert.equal(formatDuration(3599.99), '59:59');
});

test('from an hour on a time reads h:mm:ss', () => {
  assert.equal(formatDuration(3600), '1:00:00');
  assert.equal(formatDuration(3725), '1:02:05');
  assert.equal(formatDuration(36000 + 59 * 60 + 9), '10:59:09');
});

test('no time is a dash', () => {
  assert.equal(formatDuration(null), '–');
  assert.equal(formatDuration(undefined), '–');
  assert.equal(formatDuration(Number.NaN), '–');
});
