// The page's catalogue loader in node: fetch reads frontend/ from disk, the document and the
// browser's languages are stubbed, and the English catalogue is loaded. Import this before
// any module of the page that says something.
import { readFile } from 'node:fs/promises';

globalThis.fetch = async (url) => {
  const text = await readFile(new URL(`../../frontend/${url}`, import.meta.url), 'utf8');
  return { ok: true, json: async () => JSON.parse(text) };
};
globalThis.document = { documentElement: {}, getElementById: () => null };
globalThis.navigator = { languages: ['en'] };

const i18n = await import('../../frontend/js/i18n.js');
await i18n.loadLanguage('en');
