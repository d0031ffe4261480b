// The header bar: game name, deal code, score, moves and the game clock.
// The clock is the page's own (the view model carries no time): it starts
// with the first accepted action of a deal, stops at a win and pauses while
// the window is hidden.

import { t } from './i18n.js';

const q = (sel) => document.querySelector(sel);

const clock = { code: null, elapsed: 0, since: null, wanted: false, shown: '' };
let ticker = null;

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

export function clockText() {
  return formatTime(clockMs());
}

function paint() {
  const text = clockText();
  if (text !== clock.shown) {
    clock.shown = text;
    q('[data-testid="clock"]').textContent = text;
  }
}

function run(on) {
  const go = on && !document.hidden;
  if (go && clock.since === null) clock.since = now();
  if (!go && clock.since !== null) {
    clock.elapsed += now() - clock.since;
    clock.since = null;
  }
  paint();
}

/** Follow the game: reset on a new deal, run while a started game is unwon. */
function updateClock(state, fresh) {
  if (fresh || state.code !== clock.code) {
    clock.code = state.code;
    clock.elapsed = 0;
    clock.since = null;
  }
  clock.wanted = state.moves > 0 && !state.won;
  run(clock.wanted);
}

export function initHeader(notify) {
  document.addEventListener('visibilitychange', () => run(clock.wanted));
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

/** Paint the header from the view model. fresh: a new game just started. */
export function updateHeader(state, fresh = false) {
  q('[data-testid="game-name"]').textContent = t(`game.${state.game}`);
  const variant = t(`variant.${state.variant}`);
  const variantEl = q('[data-testid="variant"]');
  variantEl.textContent = variant;
  variantEl.hidden = !variant || variant === `variant.${state.variant}`;
  q('[data-testid="daily"]').hidden = !state.deal_of_day;
  q('[data-testid="deal-code"]').textContent = state.code;
  q('[data-testid="score"]').textContent = String(state.score);
  q('[data-testid="moves"]').textContent = String(state.moves);
  q('[data-action="undo"]').disabled = !state.can_undo;
  document.title = `${t(`game.${state.game}`)} · Harp & Towers`;
  updateClock(state, fresh);
}
