// The Examples sandbox (APP-04, APP-05): open an example's deal, replay its
// recorded moves with quick animations, then say in words what to try (from
// state.example.key), light up the run and the target pile, and hand the table
// to the player. "Back to my game" returns to the player's game as it was.
// Python decides everything; this file only paces the calls and writes text.

import { t, cardText, listText, onChange } from './i18n.js';
import * as anim from './anim.js';
import * as render from './render.js';
import { fitHeader } from './header.js';

const STOCK_MS = 50;     // a stock tap during a replay (wall-clock time per move)
const MOVE_MS = 100;     // any other replayed move
const $ = (sel) => document.querySelector(sel);

/** @typedef {import('./view-model').ViewModel} ViewModel */
/** @typedef {import('./view-model').ExampleView} ExampleView */
/** @typedef {import('./view-model').ExampleKey} ExampleKey */
/** @typedef {import('./view-model').Text} Text */

/** @type {{call(method: string, arg?: unknown): Promise<import('./view-model').Answer>,
 *   show(state: ViewModel, opts?: object): Promise<void>, view(): ViewModel | null,
 *   beforeOpen(): unknown, hideToast(): void, notify(text: string, kind: string): void}} */
let hooks = null;   // {call(method, arg), show(state, opts), view(), beforeOpen(), hideToast(), notify(text, kind)}
let run = 0;        // bumped to stop a replay in progress
let replaying = false;
let fast = false;   // "Skip ahead": no animation, no pauses
/** @type {{name: string, key: ExampleKey, state: ViewModel, ids: string[], text: string} | null} */
let snapshot = null; // the key position as first reached: {name, key, text, ids}
let failure = '';

export function init(callbacks) {
  hooks = callbacks;
  $('#example-banner').addEventListener('click', (e) => {
    const button = e.target.closest('[data-example]');
    if (!button) return;
    const what = button.dataset.example;
    if (what === 'skip') fast = true;
    else if (what === 'again') { const v = hooks.view(); if (v && v.example) start(v.example.name); }
    else if (what === 'leave') leave();
  });
  onChange(() => {
    if (snapshot) snapshot.text = keyText(snapshot.key);
    const v = hooks.view();
    if (v) sync(v);
  });
}

/** True while recorded moves are being replayed (the table is not the player's yet). */
export function busy() {
  return replaying;
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Open example `name` (a name the examples() answer lists) and replay it up to its key position. */
export async function start(name) {
  const me = ++run;
  hooks.hideToast();
  replaying = true;
  fast = false;
  snapshot = null;
  failure = '';
  $('#example-banner').dataset.phase = 'opening';
  await hooks.beforeOpen();
  const opened = await hooks.call('open_example', { name });
  if (me !== run) return;
  if (!opened.ok || !opened.state) {
    replaying = false;
    hooks.notify(t('example.failed', { message: (opened.error && opened.error.message) || '' }), 'error');
    if (opened.state) await hooks.show(opened.state);
    return;
  }
  await hooks.show(opened.state, { deal: true });
  await sleep(fast ? 0 : anim.duration(anim.DEAL_MS + 650));
  await replay(me);
}

async function replay(me) {
  let state = hooks.view();
  let unseen = null;   // "Skip ahead" draws only the last position
  for (;;) {
    const ex = state && state.example;
    if (me !== run || !ex || ex.key || ex.step >= ex.total) break;
    const started = performance.now();
    const answer = await hooks.call('example_step');
    if (me !== run) return;
    if (!answer.ok || !answer.state) {
      failure = t('example.failed', { message: (answer.error && answer.error.message) || '' });
      if (answer.state) await hooks.show(answer.state);
      break;
    }
    state = answer.state;
    const done = !state.example || state.example.key || state.example.step >= state.example.total;
    if (fast && !done) {
      unseen = state;
      showProgress(state.example);
      continue;
    }
    const ms = answer.action && answer.action.from === 's' ? STOCK_MS : MOVE_MS;
    // The last move is drawn with the table already the player's: the moment the move
    // counter shows the total, the banner says what to try and the cards take input.
    if (done) { replaying = false; unseen = null; }
    await hooks.show(state, { ms: fast ? 0 : ms });
    if (done) break;
    // The pace is wall-clock time per move: the bridge call and the drawing count in it.
    const wait = anim.duration(ms) - (performance.now() - started);
    if (wait > 0) await sleep(wait);
  }
  if (me !== run) return;
  replaying = false;
  if (unseen) await hooks.show(unseen);
  const v = hooks.view();
  if (v) sync(v);
}

/** Leave the example: stop any replay, then back to the player's own game. */
export async function leave() {
  run += 1;
  replaying = false;
  snapshot = null;
  hooks.hideToast();
  const answer = await hooks.call('leave_example');
  if (answer.state) await hooks.show(answer.state, { animate: false });
  return answer;
}

/** After a page reload in the middle of a replay: carry on. @param {ViewModel} state */
export function resume(state) {
  const ex = state.example;
  if (ex && !ex.key && ex.step < ex.total && !replaying) {
    replaying = true;
    replay(++run);
  }
}

/* ---------- words ---------- */

/** @param {ViewModel} state @param {string} id */
function pileOf(state, id) {
  return state.piles.find((p) => p.id === id) || { cards: [] };
}

/** One text of the key's `says` in the player's language: a string param is a card (t()
 * writes the card params as cards), a list of strings a run of cards, a list of texts a list
 * said in words, a number a number. @param {Text} text @returns {string} */
function say(text) {
  const params = {};
  for (const [name, value] of Object.entries(text.params || {})) {
    if (!Array.isArray(value)) params[name] = value;
    else if (value.every((v) => typeof v === 'string')) params[name] = value.map(cardText).join(' ');
    else params[name] = listText(value.map(say));
  }
  return t(text.key, params);
}

// The words of the example's situation come with it (each game says its own).
/** @param {ExampleKey} key */
function keyText(key) {
  return (key.says || []).map(say).join(' ');
}

/* ---------- the banner, the badge and the highlights ---------- */

/** @param {ExampleView} ex @param {ViewModel} state */
function takeSnapshot(ex, state) {
  const key = ex.key;
  const ids = pileOf(state, key.from).cards.slice(key.index).map((c) => c.id);
  snapshot = { name: ex.name, key, state, ids, text: keyText(key) };
}

/** @param {ExampleView | null} ex */
function highlight(ex) {
  for (const el of document.querySelectorAll('.example-run')) el.classList.remove('example-run');
  for (const el of document.querySelectorAll('.example-target')) el.classList.remove('example-target');
  if (!ex || !snapshot || replaying) return;
  let left = 0;
  for (const id of snapshot.ids) {
    const el = /** @type {HTMLElement} */ (document.querySelector(`.card[data-id="${CSS.escape(id)}"]`));
    if (el && el.dataset.in === snapshot.key.from) { el.classList.add('example-run'); left += 1; }
  }
  const target = render.pileElement(snapshot.key.to);
  if (target && left) target.classList.add('example-target');
}

/** @param {ExampleView} ex */
function showProgress(ex) {
  const progress = $('[data-testid="example-progress"]');
  progress.textContent = replaying ? t('example.replaying', { step: ex.step, total: ex.total }) : '';
  progress.hidden = !replaying;
  const meter = $('#example-banner progress');
  meter.hidden = !replaying;
  meter.value = ex.total ? ex.step / ex.total : 0;
}

/** Paint the banner, the header badge and the highlights for `state` (after every render).
 * @param {ViewModel} state */
export function sync(state) {
  const ex = state.example || null;
  const banner = $('#example-banner');
  const badge = $('[data-testid="example-badge"]');
  if (badge.hidden !== !ex) { badge.hidden = !ex; fitHeader(); }
  document.body.classList.toggle('in-example', Boolean(ex));
  document.body.classList.toggle('example-replaying', Boolean(ex) && replaying);
  banner.hidden = !ex;
  if (!ex) {
    delete banner.dataset.phase;
    snapshot = null;
    highlight(null);
    return;
  }
  if (snapshot && snapshot.name !== ex.name) snapshot = null;
  if (ex.key && !snapshot && !replaying) takeSnapshot(ex, state);
  $('[data-testid="example-title"]').textContent = t(`example.${ex.name}.title`);
  showProgress(ex);
  $('[data-action="undo"]').disabled = replaying || !state.can_undo;   // the replay owns the table
  $('[data-action="redo"]').disabled = replaying || !state.can_redo;
  banner.querySelector('[data-example="skip"]').hidden = !replaying;
  banner.querySelector('[data-example="again"]').hidden = replaying;
  const text = $('[data-testid="example-text"]');
  if (failure) text.textContent = failure;
  else if (snapshot && !replaying) text.textContent = `${snapshot.text} ${t('example.yours')}`;
  else text.textContent = t(`example.${ex.name}.text`);
  // data-phase: "opening" → "replay" → "key" (the table is the player's), or "open"
  banner.dataset.phase = replaying ? 'replay' : (snapshot ? 'key' : 'open');
  highlight(ex);
}
