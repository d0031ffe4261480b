// The header bar: game name, deal code, score, moves and the game clock.
// The clock is the page's own: it starts with the first accepted action of a
// deal, stops at a win and pauses while the window is hidden or a window (Help,
// Statistics, Settings, a question) covers the table. Python keeps the
// last reported time (`clock`, state.elapsed_ms) so that a restored game, and
// the player's game after an example, carry on from there. It does not run in
// an example (a sandbox, not counted).

import { t } from './i18n.js';

const q = (sel) => document.querySelector(sel);

const clock = { game: null, elapsed: 0, since: null, wanted: false, shown: '' };
let ticker = null;
let report = null;         // (ms) → Promise: the bridge call `clock`

function now() {
  return performance.now();
}

function clockMs() {
  return clock.elapsed + (clock.since === null ? 0 : now() - clock.since);
}

/** "mm:ss" (hours roll into the minutes). */
export function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** A duration in seconds as the statistics and the win window show it: m:ss under an hour, h:mm:ss above. */
export function formatDuration(seconds) {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '–';
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function clockText() {
  return formatTime(clockMs());
}

/** Tell Python the clock of the player's game (not an example's). */
export function flushClock() {
  if (!report || clock.example || !clock.game) return Promise.resolve();
  return report(Math.round(clockMs()));
}

function paint() {
  const text = clockText();
  if (text !== clock.shown) {
    clock.shown = text;
    q('[data-testid="clock"]').textContent = text;
    // Every second shown is reported (Python journals it at once), so a quit or a kill
    // keeps the clock to the second (issue 14).
    if (clock.since !== null && report) flushClock();
  }
}

function run(on) {
  // paused while the window is hidden or a window covers the table (issue 42)
  const go = on && !document.hidden && !document.querySelector('dialog[open]');
  if (go && clock.since === null) clock.since = now();
  if (!go && clock.since !== null) {
    clock.elapsed += now() - clock.since;
    clock.since = null;
    flushClock();
  }
  paint();
}

/** Follow the game: reset on a new deal, run while a started game is unwon.
 * @param {import('./view-model').ViewModel} state @param {boolean} fresh */
function updateClock(state, fresh) {
  const example = state.example ? state.example.name : null;
  const game = `${example || ''}|${state.code}`;
  if (fresh || game !== clock.game) {
    clock.game = game;
    clock.example = example;
    clock.elapsed = fresh || example ? 0 : Math.max(0, Number(state.elapsed_ms) || 0);
    clock.since = null;
  }
  clock.wanted = !example && state.moves > 0 && !state.won;
  run(clock.wanted);
}

/** notify(text, kind): a toast; reportClock(ms): the bridge call `clock`. */
export function initHeader(notify, reportClock = null) {
  report = reportClock;
  document.addEventListener('visibilitychange', () => run(clock.wanted));
  new MutationObserver(() => run(clock.wanted)).observe(document.body,
    { subtree: true, attributes: true, attributeFilter: ['open'] });
  new ResizeObserver(() => fitHeader()).observe(q('.bar'));
  ticker = ticker || setInterval(paint, 250);
  q('[data-action="copy-code"]').addEventListener('click', async (e) => {
    const code = e.currentTarget.textContent.trim();
    if (await copyText(code)) notify(t('header.copied', { code }), 'info');
    else notify(t('header.copy_failed'), 'error');
  });
}

/** Copy text; the Qt window may not grant navigator.clipboard, so try execCommand first. */
async function copyText(text) {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let ok = false;
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  area.remove();
  if (ok || !navigator.clipboard) return ok;
  const timeout = new Promise((resolve) => { setTimeout(() => resolve(false), 1500); });
  return Promise.race([navigator.clipboard.writeText(text).then(() => true, () => false), timeout]);
}

/**
 * Make the header fit: when its left part overflows (long words in some languages, a
 * badge), drop the variant, then the "Deal" label, then tighten the buttons.
 */
export function fitHeader() {
  const bar = q('.bar');
  const left = q('.bar-left');
  if (!bar || !left) return;
  bar.classList.remove(...LEVELS);
  // The game name and the variant shrink with an ellipsis before the left part overflows:
  // a clipped text counts as overflow too.
  const clipped = () => [left, ...left.querySelectorAll('.game-name, .variant')]
    .some((el) => el.scrollWidth > el.clientWidth);
  for (const level of LEVELS) {
    if (!clipped()) break;
    bar.classList.add(level);
  }
  nameIcons(bar.classList.contains('icons'));
  const badge = q('[data-testid="daily"]');
  badge.title = bar.classList.contains('short-badge') ? badge.textContent : '';
}
// the last: the buttons become icons (css/header.css), the name and the figures stay whole
const LEVELS = ['tight-1', 'tight-2', 'tight-3', 'tight-4', 'icons', 'short-badge'];

/** An icon's tooltip says its name (and its hint); a labelled button keeps its hint. */
function nameIcons(icons) {
  for (const btn of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('.bar-buttons button'))) {
    const hint = btn.dataset.i18nTitle ? t(btn.dataset.i18nTitle) : '';
    const name = btn.textContent.trim();
    const title = icons ? [name, hint].filter(Boolean).join(' · ') : hint;
    if (btn.title !== title) btn.title = title;
  }
}

const STARS = { easy: '★', medium: '★★', hard: '★★★' };

/** The stars of a deal's difficulty ("easy" | "medium" | "hard"; null: not measured, none
 * shown), its name in words for a screen reader and a tooltip. */
export function showDifficulty(el, level) {
  el.hidden = !level;
  el.textContent = level ? STARS[level] : '';
  const words = level ? t('difficulty.label', { level: t(`difficulty.${level}`) }) : '';
  el.title = words;
  if (level) el.setAttribute('aria-label', words);
  else el.removeAttribute('aria-label');
}

/** Paint the header from the view model. fresh: a new game just started.
 * @param {import('./view-model').ViewModel} state */
export function updateHeader(state, fresh = false) {
  q('[data-testid="game-name"]').textContent = t(`game.${state.game}`);
  const variant = t(`variant.${state.variant}`);
  const variantEl = q('[data-testid="variant"]');
  variantEl.textContent = variant;
  variantEl.hidden = !variant || variant === `variant.${state.variant}`;
  q('[data-testid="game-name"]').title = variantEl.hidden ? '' : variant;
  q('[data-testid="daily"]').hidden = !state.deal_of_day;
  q('[data-testid="deal-code"]').textContent = state.code;
  showDifficulty(q('[data-testid="difficulty"]'), state.difficulty);
  q('[data-testid="score"]').textContent = String(state.score);
  q('[data-testid="moves"]').textContent = String(state.moves);
  q('[data-action="undo"]').disabled = !state.can_undo;
  q('[data-action="redo"]').disabled = !state.can_redo;
  document.title = `${t(`game.${state.game}`)} · Harp & Towers`;
  updateClock(state, fresh);
  // Fitted again only when its words change (the language too: the buttons' labels), never
  // for a figure: a move counter going from 999 to 1000 must not tighten the buttons and
  // move Undo from under a clicking pointer (the game's name gives way with an ellipsis).
  const words = [document.documentElement.lang, t(`game.${state.game}`), variant, state.code,
    state.deal_of_day, state.difficulty].join('|');
  if (words !== fittedFor) {
    fittedFor = words;
    fitSoon();
  }
}
let fittedFor = '';

/** fitHeader() once, in the next frame: it reads the header's widths, which right after a
 * move would force a layout of the whole table before the move is even drawn. */
let fitQueued = false;
function fitSoon() {
  if (fitQueued) return;
  fitQueued = true;
  requestAnimationFrame(() => { fitQueued = false; fitHeader(); });
}
