// Player text: every string lives in i18n/<lang>.json (APP-13).
//
// Message syntax, kept small so translators can read it:
//   "{card}"          a parameter (cards like "7H" print as "7♥")
//   "{count:cards}"   a counted phrase: the plural object units.cards
//                     ({one, few, other…}) chosen by Intl.PluralRules for count,
//                     with {n} inside it replaced by the number
//   {"one": "…", "other": "…"} as a whole message: chosen by params.count.
// Missing keys fall back to English, then to the key itself.
// A language may add its own units (units.cards_acc …) for its grammar; the
// placeholder names ({count}, {card} …) stay those of English
// (tools/i18n_check.py checks every catalogue).

/** Languages the page can offer, each with its i18n/<code>.json, named in its own language. */
export const LANGUAGES = { en: 'English', ca: 'Català', hr: 'Hrvatski', th: 'ไทย' };
/** The "language" setting that means: follow the system locale (storage's default). */
export const SYSTEM = 'auto';

const SUIT_SYMBOL = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };
const PLURAL_KEYS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const CARD_PARAMS = new Set(['card', 'onto', 'need']);

let current = 'en';
let strings = {};
let english = {};
let pluralRules = new Intl.PluralRules('en');
// Made when a number first needs it: a first Intl.NumberFormat costs 17-33 ms in a new page
// (ICU's number data), and the first frame shows only small counts (formatNumber).
/** @type {Intl.NumberFormat | null} */
let numberFormat = null;

const given = new Map();   // catalogues that came with the page (seed): no fetch for them

/** Catalogues written into the page with the first view model (issue 18): `{code: strings}`. */
export function seed(catalogues) {
  for (const [code, table] of Object.entries(catalogues || {})) {
    if (LANGUAGES[code] && table && typeof table === 'object') given.set(code, table);
  }
}

async function fetchStrings(code) {
  if (given.has(code)) return given.get(code);
  const response = await fetch(`i18n/${code}.json`);
  if (!response.ok) throw new Error(`i18n/${code}.json: ${response.status}`);
  return response.json();
}

const listeners = new Set();

/** Call `fn(code)` after every language change (views that build their own text). */
export function onChange(fn) {
  listeners.add(fn);
}

/** The system's language among LANGUAGES (navigator.languages, then English). */
export function systemLanguage() {
  const tags = (navigator.languages && navigator.languages.length)
    ? navigator.languages : [navigator.language || 'en'];
  for (const tag of tags) {
    const base = String(tag).toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES[base]) return base;
  }
  return 'en';
}

/** The language a "language" setting asks for: a known code, else the system's. */
export function resolveLanguage(setting) {
  return setting && LANGUAGES[setting] ? setting : systemLanguage();
}

/** Load a language (and English as the fallback). Unknown codes load English. */
export async function loadLanguage(code) {
  if (!Object.keys(english).length) english = await fetchStrings('en');
  const wanted = LANGUAGES[code] ? code : 'en';
  strings = wanted === 'en' ? english : await fetchStrings(wanted).catch(() => english);
  const changed = (strings === english ? 'en' : wanted) !== current;
  current = strings === english ? 'en' : wanted;
  pluralRules = new Intl.PluralRules(current);
  numberFormat = null;
  document.documentElement.lang = current;
  if (changed) for (const fn of listeners) fn(current);
  return current;
}

export function language() {
  return current;
}

function lookup(table, key) {
  let node = table;
  for (const part of key.split('.')) {
    if (node == null || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

function raw(key) {
  const own = lookup(strings, key);
  return own !== undefined ? own : lookup(english, key);
}

/** True when the key exists (in this language or in English). */
export function has(key) {
  return raw(key) !== undefined;
}

function isPluralObject(value) {
  return value && typeof value === 'object' && !Array.isArray(value)
    && 'other' in value && Object.keys(value).every((k) => PLURAL_KEYS.has(k));
}

function pick(forms, n) {
  const form = pluralRules.select(Number(n) || 0);
  return forms[form] !== undefined ? forms[form] : forms.other;
}

function formatValue(name, value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value);
  if (CARD_PARAMS.has(name) && typeof value === 'string') return cardText(value);
  return String(value);
}

function fill(template, params) {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, unit) => {
    if (!(name in params)) return whole;
    if (!unit) return formatValue(name, params[name]);
    const forms = raw(`units.${unit}`);
    if (!isPluralObject(forms)) return formatValue(name, params[name]);
    return pick(forms, params[name]).replace('{n}', formatNumber(params[name]));
  });
}

/** Translate `key`, substituting `params`. */
export function t(key, params = {}) {
  let value = raw(key);
  if (isPluralObject(value)) value = pick(value, params.count);
  if (typeof value !== 'string') return key;
  return fill(value, params);
}

/** Raw structured value (arrays/objects) for texts like the help pages. */
export function data(key) {
  return raw(key);
}

/** A number in the player's language (Intl.NumberFormat). A whole number from 0 to 999 is
 * its digits in every language here (no grouping, Latin digits), so it needs no formatter. */
export function formatNumber(n) {
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  if (!numberFormat) numberFormat = new Intl.NumberFormat(current);
  return numberFormat.format(n);
}

/** ["a", "b", "c"] → "a, b and c" in the player's language (Intl.ListFormat). */
export function listText(items) {
  try {
    return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** The player's text for an error answer {code, message, reason?, part?} (APP-07, APP-13). */
/** @type {() => {tag: string, game: string, title: string}[]} */
let games = () => [];

/** Where the registered games come from (the view model's catalogue): the error texts name
 * the games a deal code may start with. */
export function setGames(catalogue) {
  games = catalogue;
}

/** "EH (Easy Harp), SH (Seahaven Towers) or FC (FreeCell)", in the page's language. */
function gameList() {
  const items = games().map((g) => `${g.tag.toUpperCase()} (${has(`game.${g.game}`) ? t(`game.${g.game}`) : g.title})`);
  return new Intl.ListFormat(current, { type: 'disjunction' }).format(items);
}

export function errorText(error) {
  const code = (error && error.code) || 'default';
  const params = { message: (error && error.message) || code, part: (error && error.part) || '',
    min: 1, max: 999999, games: gameList() };
  let node = raw(`error.${code}`);
  if (node && typeof node === 'object') {
    node = (error.reason && node[error.reason] !== undefined) ? node[error.reason] : node.default;
  }
  if (typeof node !== 'string') node = raw('error.default');
  return fill(node, params);
}

/** "7H" → "7♥", "TD" → "10♦" (short form used in sentences). */
export function cardText(code) {
  if (typeof code !== 'string' || code.length !== 2) return String(code);
  const rank = t(`cards.rank_short.${code[0]}`);
  return `${rank}${SUIT_SYMBOL[code[1]] || code[1]}`;
}

/** "7H" → "Seven of Hearts" (aria labels). */
export function cardLabel(code) {
  return t('cards.label', {
    rank: t(`cards.rank_name.${code[0]}`),
    suit: t(`cards.suit_name.${code[1]}`),
  });
}

/** The reminder text for a refusal {rule, params} (APP-03, APP-13). */
export function refusalText(refusal) {
  const rule = refusal.rule;
  const params = refusal.params || {};
  let variant = null;
  if (typeof params.reason === 'string') variant = params.reason;
  else if ('to_empty' in params) variant = params.to_empty ? 'to-empty' : 'occupied';
  else if ('need' in params && params.need == null) variant = 'none';
  let node = raw(`refusal.${rule}`);
  if (node && typeof node === 'object' && !isPluralObject(node)) {
    node = (variant && node[variant] !== undefined) ? node[variant] : node.default;
  }
  if (node === undefined) return t('refusal.unknown', { rule });
  if (isPluralObject(node)) node = pick(node, params.count);
  return typeof node === 'string' ? fill(node, params) : t('refusal.unknown', { rule });
}

/** Apply data-i18n (text) and data-i18n-title / -aria-label / -placeholder (attributes).
 * @param {ParentNode} [root] */
export function applyDom(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n]'))) el.textContent = t(el.dataset.i18n);
  for (const attr of ['title', 'aria-label', 'placeholder']) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
    }
  }
}
