// Dialogs (real <dialog> elements: Escape closes them) and the toast that
// carries refusal reminders and errors.

import { t, applyDom, errorText, LANGUAGES, SYSTEM, systemLanguage } from './i18n.js';
import * as help from './help.js';
import { say } from './announce.js';
import { renderKeyList } from './keyhelp.js';
import * as choices from './choices.js';
import { difficultyArg, syncDifficulty, syncWinnable, winnableArg, winnableSetting } from './choices.js';
import * as looks from './looks.js';
import { formatDuration } from './header.js';

/** @typedef {import('./view-model').ViewModel} ViewModel */
/** @typedef {import('./view-model').Answer} Answer */

const $ = (id) => document.getElementById(id);
// {newGame(arg) → Promise<answer>, settings(change), state() → view model,
//  leaveExample() → Promise (back to the player's game first; the Examples sandbox)}
/** @type {{newGame(arg: object): Promise<Answer>, settings(change: object): unknown,
 *   state(): ViewModel | null, leaveExample(): Promise<unknown>,
 *   readCode(text: string, game?: string, variant?: string): Promise<Answer>}} */
let actions = null;
let toastTimer = null;

export function init(callbacks) {
  actions = callbacks;
  initNewGame();
  initSettings();
  $('dlg-win').addEventListener('close', () => {
    const choice = (/** @type {HTMLDialogElement} */ ($('dlg-win'))).returnValue;
    if (choice === 'new') openNewGame();
    if (choice === 'same') actions.newGame({ mode: 'same' });   // the game is won: nothing to ask
  });
  $('toast').addEventListener('click', hideToast);
}

/** True when any dialog is open (the table then ignores shortcuts). */
export function anyOpen() {
  return Boolean(document.querySelector('dialog[open]'));
}

/** @param {HTMLDialogElement} dlg */
function open(dlg) {
  if (!dlg.open) dlg.showModal();
}

/* ---------- toast ---------- */

export function showToast(text, kind = 'refusal') {
  const el = $('toast');
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  el.classList.remove('leaving');
  say(text);   // screen readers hear the toast through the live region (issue 10)
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideToast, Math.min(9000, 3000 + text.length * 45));
}

export function hideToast() {
  const el = $('toast');
  clearTimeout(toastTimer);
  if (el.hidden) return;
  el.classList.add('leaving');
  toastTimer = setTimeout(() => { el.hidden = true; el.textContent = ''; }, 180);
}

/* ---------- confirmation ---------- */

/** Ask before leaving a game in progress; resolves true to go ahead. With `code` (a
 * pasted deal) the question names the deal and is always asked. */
export function confirmLeave(code = null) {
  const state = actions.state();
  const started = Boolean(state && !state.won && state.moves > 0);
  if (!code && !started) return Promise.resolve(true);
  const dlg = /** @type {HTMLDialogElement} */ ($('dlg-confirm'));
  applyDom(dlg);
  if (code) {
    dlg.querySelector('[data-testid="confirm-title"]').textContent = t('paste.title', { code });
    dlg.querySelector('[data-testid="confirm-text"]').textContent =
      t(started ? 'paste.text_leave' : 'paste.text');
    dlg.querySelector('[value="yes"]').textContent = t('paste.open');
  }
  return new Promise((resolve) => {
    dlg.returnValue = '';
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'yes'), { once: true });
    open(dlg);
    /** @type {HTMLElement} */ (dlg.querySelector('[value="yes"]')).focus();
  });
}

/* ---------- new game ---------- */

function catalogue() {
  return (actions.state() || {}).catalogue || [];
}

let codeError = null;   // the error shown under the code field, re-translated on a language change

function showCodeError(error) {
  codeError = error || null;
  const el = /** @type {HTMLElement} */ ($('dlg-new').querySelector('[data-testid="code-error"]'));
  el.textContent = !error ? '' : error.key ? t(error.key) : errorText(error);
  el.hidden = !error;
}

/**
 * A new game from an example first leaves it: the sandbox never replaces the player's game.
 * Resolves true when it left one.
 */
async function leaveExample() {
  const state = actions.state();
  if (!(state && state.example && actions.leaveExample)) return false;
  await actions.leaveExample();
  return true;
}

async function start(arg) {
  showCodeError(null);
  if (await leaveExample() && arg.mode === 'same') {
    // "Same deal" from an example means the player's own deal, not the example's game.
    const own = actions.state();
    if (own) arg = { game: own.game, variant: own.variant, mode: 'same' };
  }
  if (arg.code) {   // a code is read first: a bad one is said before any question
    const read = await actions.readCode(arg.code, arg.game, arg.variant);
    if (!read || !read.ok) {
      if (read && read.error) showCodeError(read.error);
      return;
    }
  }
  if (!(await confirmLeave())) return;
  const answer = await actions.newGame(arg);
  if (answer && answer.ok) (/** @type {HTMLDialogElement} */ ($('dlg-new'))).close('done');
  else if (answer && answer.error) showCodeError(answer.error);
}

function initNewGame() {
  const dlg = $('dlg-new');
  dlg.addEventListener('change', (/** @type {Event & {target: HTMLInputElement}} */ e) => {
    if (e.target.name === 'game') choices.fillVariants(dlg, catalogue(), e.target.value);
    if (e.target.name === 'game' || e.target.name === 'variant') {
      syncWinnable(dlg, catalogue(), (actions.state() || {}).settings);
      choices.exampleCode(dlg, catalogue());
    }
    if (e.target.name === 'winnable_only') actions.settings(winnableSetting(dlg, catalogue()));
    if (e.target.name !== 'difficulty') syncDifficulty(dlg, catalogue());
  });
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (dlg.querySelectorAll('[data-mode]'))) {
    button.addEventListener('click', () => {
      const { game, variant } = choices.chosen(dlg, catalogue());
      start({ game, variant, mode: button.dataset.mode, ...winnableArg(dlg, button.dataset.mode),
        ...difficultyArg(dlg, button.dataset.mode) });
    });
  }
  const input = /** @type {HTMLInputElement} */ ($('code-input'));
  const openCode = () => {
    if (!input.value.trim()) {   // say what is missing rather than nothing (issue 16)
      showCodeError({ key: 'new.code_empty' });
      input.focus();
      return;
    }
    // a bare number means a deal of the game and variant chosen in this window
    const { game, variant } = choices.chosen(dlg, catalogue());
    start({ code: input.value, game, variant });
  };
  dlg.querySelector('.code-open').addEventListener('click', openCode);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); openCode(); }
  });
}

/** Open the New game window, preset to the game being played. */
export function openNewGame(prefillCode = '') {
  const dlg = /** @type {HTMLDialogElement} */ ($('dlg-new'));
  const state = actions.state();
  if (state) choices.fill(dlg, catalogue(), state.game, state.variant);
  /** @type {HTMLInputElement} */ ($('code-input')).value = prefillCode;
  showCodeError(null);
  syncWinnable(dlg, catalogue(), state && state.settings);
  syncDifficulty(dlg, catalogue());
  open(dlg);
  if (prefillCode) $('code-input').focus();
}

/** A code arrived by paste (Ctrl+V): Python reads it (`readCode`), the question names the
 * deal found; a text with no code opens the New game window with the reason. */
export async function openCode(text) {
  const read = await actions.readCode(text);
  if (!read || !read.ok) {
    openNewGame(text);
    if (read && read.error) showCodeError(read.error);
    return;
  }
  if (!(await confirmLeave(read.code))) return;
  await openDeal(read.code, { asked: true });
}

/** The deal of the day of `day` (ISO) for `key` ("<game>/<variant>"), from the calendar;
 * asked first when a game is in progress. Python finds the deal. */
export async function openDaily(key, day) {
  const [game, variant] = key.split('/');
  await leaveExample();
  if (!(await confirmLeave())) return;
  const answer = await actions.newGame({ mode: 'daily', game, variant, day });
  if (answer && !answer.ok && answer.error) showToast(errorText(answer.error), 'error');
}

/** Open the deal `code` (Statistics' "Play this deal again"), asking first when a game is
 * in progress (not again when `asked`). */
export async function openDeal(code, { asked = false } = {}) {
  await leaveExample();
  if (!asked && !(await confirmLeave())) return;
  const answer = await actions.newGame({ code });
  if (answer && !answer.ok && answer.error) {
    openNewGame(code);
    showCodeError(answer.error);
  }
}

/* ---------- settings ---------- */

function initSettings() {
  const dlg = $('dlg-settings');
  const select = /** @type {HTMLSelectElement} */ (dlg.querySelector('select[name="language"]'));
  select.add(new Option('', SYSTEM));   // follow the system locale; its text is set by translate()
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code);
    option.lang = code;
    select.add(option);
  }
  nameSystemOption();
  looks.buildSettings(dlg);
  applyDom(dlg);
  dlg.addEventListener('change', (/** @type {Event & {target: HTMLInputElement}} */ e) => {
    const { name } = e.target;
    if (!name) return;
    const value = e.target.type === 'checkbox' ? e.target.checked : e.target.value;
    actions.settings({ [name]: value });
  });
}

/** The theme setting the page knows ("light", "dark"), else "system". */
export function themeOf(settings) {
  return ['light', 'dark'].includes(settings.theme) ? settings.theme : 'system';
}

export function openSettings() {
  const dlg = /** @type {HTMLDialogElement} */ ($('dlg-settings'));
  /** @type {Partial<import('./view-model').PageSettings>} */
  const settings = (actions.state() || {}).settings || {};
  for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (dlg.querySelectorAll('input[type="checkbox"]'))) box.checked = Boolean(settings[box.name]);
  /** @type {HTMLSelectElement} */ (dlg.querySelector('select[name="language"]')).value =
    LANGUAGES[settings.language] ? settings.language : SYSTEM;
  /** @type {HTMLSelectElement} */ (dlg.querySelector('select[name="theme"]')).value = themeOf(settings);
  looks.syncSettings(dlg, settings);
  open(dlg);
}

function nameSystemOption() {
  const option = $('dlg-settings').querySelector(`option[value="${SYSTEM}"]`);
  if (option) option.textContent = t('settings.language_system', { name: LANGUAGES[systemLanguage()] });
}

/* ---------- help, about, win ---------- */

/** The Help window (help.js) on `page`; by default the Rules of the game being played (F1). */
export function openHelp(page) {
  const state = actions && actions.state();
  // the rules of the game being played: its page is named by the catalogue
  const played = catalogue().find((g) => state && g.game === state.game);
  help.open(page || (played && played.rules));
}

export function openAbout(version) {
  $('dlg-about').querySelector('[data-testid="version"]').textContent = version || '';
  renderKeyList($('dlg-about').querySelector('.about-keys'), { short: true, heading: 'h3' });
  open(/** @type {HTMLDialogElement} */ ($('dlg-about')));
}

/** fn() once, when the win window closes (whichever way). */
export function onWinClosed(fn) {
  const dlg = /** @type {HTMLDialogElement} */ ($('dlg-win'));
  if (!dlg.open) { fn(); return; }
  dlg.addEventListener('close', () => fn(), { once: true });
}

/** The win window; its time is the one the statistics recorded (state.elapsed_ms).
 * @param {{state: ViewModel}} won */
export function openWin({ state }) {
  const dlg = /** @type {HTMLDialogElement} */ ($('dlg-win'));
  dlg.querySelector('[data-testid="win-text"]').textContent =
    t('win.text', { game: t(`game.${state.game}`), code: state.code });
  dlg.querySelector('[data-testid="win-score"]').textContent = String(state.score);
  dlg.querySelector('[data-testid="win-moves"]').textContent = String(state.moves);
  dlg.querySelector('[data-testid="win-time"]').textContent =
    formatDuration((Number(state.elapsed_ms) || 0) / 1000);
  const hintsUsed = dlg.querySelector('[data-testid="win-hints"]');
  if (hintsUsed) hintsUsed.textContent = String(state.hints || 0);
  showRecords(dlg, state.new_records || []);
  for (const other of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll('dialog[open]'))) other.close();
  open(dlg);
  /** @type {HTMLElement} */ (dlg.querySelector('[value="new"]')).focus();
}

/** The records this win set, as Python decided them ("best_time", "fewest_moves").
 * @param {HTMLElement} dlg @param {string[]} records */
function showRecords(dlg, records) {
  const list = /** @type {HTMLElement} */ (dlg.querySelector('[data-testid="win-records"]'));
  list.replaceChildren(...records.map((r) => {
    const li = document.createElement('li');
    li.dataset.record = r;
    li.textContent = t(`win.record_${r}`);
    return li;
  }));
  list.hidden = !records.length;
}

/** Re-translate every static text (after a language change). */
export function translate() {
  applyDom(document);
  if (actions) nameSystemOption();
  if (codeError) showCodeError(codeError);
  const win = /** @type {HTMLDialogElement} */ ($('dlg-win'));
  const state = actions && actions.state();
  if (win.open && state) {
    win.querySelector('[data-testid="win-text"]').textContent =
      t('win.text', { game: t(`game.${state.game}`), code: state.code });
    showRecords(win, state.new_records || []);
  }
}
