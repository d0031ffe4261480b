// Dialogs (real <dialog> elements: Escape closes them) and the toast that
// carries refusal reminders and errors.

import { t, data, applyDom, LANGUAGES } from './i18n.js';

const $ = (id) => document.getElementById(id);
let actions = null;   // {newGame(arg) → Promise<answer>, settings(change), state() → view model}
let toastTimer = null;

export function init(callbacks) {
  actions = callbacks;
  initNewGame();
  initSettings();
  $('dlg-win').addEventListener('close', () => {
    if ($('dlg-win').returnValue === 'new') openNewGame();
  });
  $('toast').addEventListener('click', hideToast);
}

/** True when any dialog is open (the table then ignores shortcuts). */
export function anyOpen() {
  return Boolean(document.querySelector('dialog[open]'));
}

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

/** Ask before leaving a game in progress; resolves true to go ahead. */
export function confirmLeave() {
  const state = actions.state();
  if (!state || state.won || !(state.moves > 0)) return Promise.resolve(true);
  const dlg = $('dlg-confirm');
  return new Promise((resolve) => {
    dlg.returnValue = '';
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'yes'), { once: true });
    open(dlg);
    dlg.querySelector('[value="yes"]').focus();
  });
}

/* ---------- new game ---------- */

function chosenGame() {
  return $('dlg-new').querySelector('input[name="game"]:checked').value;
}

function syncCells() {
  const sea = chosenGame() === 'seahaven-towers';
  const box = $('dlg-new').querySelector('.cells-choice');
  box.disabled = !sea;
  box.classList.toggle('inactive', !sea);
}

function showCodeError(text) {
  const el = $('dlg-new').querySelector('[data-testid="code-error"]');
  el.textContent = text || '';
  el.hidden = !text;
}

async function start(arg) {
  showCodeError('');
  if (!(await confirmLeave())) return;
  const answer = await actions.newGame(arg);
  if (answer && answer.ok) $('dlg-new').close('done');
  else if (answer && answer.error) showCodeError(answer.error.message);
}

function initNewGame() {
  const dlg = $('dlg-new');
  dlg.addEventListener('change', (e) => { if (e.target.name === 'game') syncCells(); });
  for (const button of dlg.querySelectorAll('[data-mode]')) {
    button.addEventListener('click', () => {
      const game = chosenGame();
      const variant = game === 'easy-harp' ? 'N'
        : dlg.querySelector('input[name="variant"]:checked').value;
      start({ game, variant, mode: button.dataset.mode });
    });
  }
  const input = $('code-input');
  const openCode = () => { if (input.value.trim()) start({ code: input.value }); };
  dlg.querySelector('.code-open').addEventListener('click', openCode);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); openCode(); }
  });
}

/** Open the New game window, preset to the game being played. */
export function openNewGame(prefillCode = '') {
  const dlg = $('dlg-new');
  const state = actions.state();
  if (state) {
    const game = dlg.querySelector(`input[name="game"][value="${state.game}"]`);
    if (game) game.checked = true;
    const cells = dlg.querySelector(`input[name="variant"][value="${state.variant}"]`);
    if (cells) cells.checked = true;
  }
  $('code-input').value = prefillCode;
  showCodeError('');
  syncCells();
  open(dlg);
  if (prefillCode) $('code-input').focus();
}

/** A code arrived by paste (Ctrl+V): open that deal, asking first when needed. */
export async function openCode(text) {
  if (!(await confirmLeave())) return;
  const answer = await actions.newGame({ code: text });
  if (answer && !answer.ok && answer.error) {
    openNewGame(text);
    showCodeError(answer.error.message);
  }
}

/* ---------- settings ---------- */

function initSettings() {
  const dlg = $('dlg-settings');
  const select = dlg.querySelector('select[name="language"]');
  for (const [code, name] of Object.entries(LANGUAGES)) select.add(new Option(name, code));
  dlg.addEventListener('change', (e) => {
    const { name } = e.target;
    if (!name) return;
    const value = e.target.type === 'checkbox' ? e.target.checked : e.target.value;
    actions.settings({ [name]: value });
  });
}

export function openSettings() {
  const dlg = $('dlg-settings');
  const settings = (actions.state() || {}).settings || {};
  for (const box of dlg.querySelectorAll('input[type="checkbox"]')) box.checked = Boolean(settings[box.name]);
  dlg.querySelector('select[name="language"]').value = settings.language || 'en';
  open(dlg);
}

/* ---------- help, about, win ---------- */

export function openHelp() {
  const box = $('dlg-help').querySelector('.help-text');
  box.replaceChildren();
  for (const section of data('help.sections') || []) {
    const h = document.createElement('h3');
    h.textContent = section.h;
    box.append(h);
    for (const text of section.p || []) {
      const p = document.createElement('p');
      p.textContent = text;
      box.append(p);
    }
  }
  open($('dlg-help'));
}

export function openAbout(version) {
  $('dlg-about').querySelector('[data-testid="version"]').textContent = version || '';
  open($('dlg-about'));
}

export function openWin({ state, time }) {
  const dlg = $('dlg-win');
  dlg.querySelector('[data-testid="win-text"]').textContent =
    t('win.text', { game: t(`game.${state.game}`), code: state.code });
  dlg.querySelector('[data-testid="win-score"]').textContent = String(state.score);
  dlg.querySelector('[data-testid="win-moves"]').textContent = String(state.moves);
  dlg.querySelector('[data-testid="win-time"]').textContent = time;
  for (const other of document.querySelectorAll('dialog[open]')) other.close();
  open(dlg);
  dlg.querySelector('[value="new"]').focus();
}

/** Re-translate every static text (after a language change). */
export function translate() {
  applyDom(document);
}
