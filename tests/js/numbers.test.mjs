// Numbers in the player's language (frontend/js/i18n.js formatNumber): the page formats small
// whole numbers without Intl.NumberFormat (its first use costs 17-33 ms at start-up), which
// is right only while every language writes them as plain digits. Intl decides here.
import test from 'node:test';
import assert from 'node:assert/strict';

await import('./english.mjs');
const i18n = await import('../../frontend/js/i18n.js');

test('every language writes 0-999 as plain digits, as formatNumber does without Intl', async () => {
  for (const code of Object.keys(i18n.LANGUAGES)) {
    await i18n.loadLanguage(code);
    assert.equal(i18n.language(), code);
    const intl = new Intl.NumberFormat(code);
    for (let n = 0; n < 1000; n += 1) {
      assert.equal(intl.format(n), String(n), `${code} ${n}`);
      assert.equal(i18n.formatNumber(n), intl.format(n), `${code} ${n}`);
    }
  }
  await i18n.loadLanguage('en');
});

test('larger, negative and fractional numbers go through the language\'s own format', async () => {
  for (const code of Object.keys(i18n.LANGUAGES)) {
    await i18n.loadLanguage(code);
    const intl = new Intl.NumberFormat(code);
    for (const n of [1000, 12345, 1234567, -5, -1500, 2.5]) {
      assert.equal(i18n.formatNumber(n), intl.format(n), `${code} ${n}`);
    }
  }
  await i18n.loadLanguage('ca');
  assert.equal(i18n.formatNumber(12345), '12.345');   // Catalan groups with a dot
  await i18n.loadLanguage('en');
  assert.equal(i18n.formatNumber(12345), '12,345');
});
