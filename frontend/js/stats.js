// The Statistics page (issue 16): per game and variant the figures and records Python
// keeps, the last games with "Play this deal again", the deal-of-the-day calendar
// (statcal.js) and a reset that asks first, for the game chosen or for all.
// Every figure comes from the bridge call `statistics`; the rows from the catalogue.

import { call } from './bridge.js';
import { t, has, formatNumber, applyDom, language } from './i18n.js';
import * as calendar from './statcal.js';
import { formatDuration, showDifficulty } from './header.js';

const COLUMNS = ['played', 'won', 'win_rate', 'streak', 'best_streak', 'best_time',
  'fewest_moves', 'average_time', 'best_score', 'hints', 'by_level'];
const LEVELS = ['easy', 'medium', 'hard'];
const STARS = { easy: '★', medium: '★★', hard: '★★★' };
const ALL = '*';   // the reset choice "every game"

const $ = (id) => document.getElementById(id);
// {catalogue() → state.catalogue, current() → "<game>/<variant>" played now,
//  playDeal(code), playDay(key, isoDate) → Promise (ask before leaving a game in progress)}
let host = null;
let last = null;   // the last answer of `statistics`

/** Every game and variant of the catalogue: [{key, name, parts}] (parts: rowParts), in its order. */
export function rows() {
  return host.catalogue().flatMap((g) => g.variants.map((v) => {
    const parts = rowParts(g, v);
    return { key: v.key, name: parts.join(' · '), parts };
  }));
}

/** [game's name] or [game's name, variant's name]. */
function rowParts(game, variant) {
  const name = has(`game.${game.game}`) ? t(`game.${game.game}`) : game.title;
  if (game.variants.length < 2) return [name];
  return [name, has(`variant.${variant.id}`) ? t(`variant.${variant.id}`) : variant.label];
}

function nameOf(key) {
  const row = rows().find((r) => r.key === key);
  return row ? row.name : key;
}

/** `el` holds the name of game and variant `key`: a narrow column breaks the line only between
 * the game's name and the variant's ("Seahaven Towers ·" / "Medium · 2 cells"). */
function fillName(el, key) {
  const row = rows().find((r) => r.key === key);
  if (!row) { el.textContent = key; return; }
  el.replaceChildren();
  row.parts.forEach((part, i) => {
    const span = document.createElement('span');
    span.className = 'no-break';
    span.textContent = i < row.parts.length - 1 ? `${part} ·` : part;
    el.append(...(i ? [' ', span] : [span]));
  });
}

function figure(entry, column) {
  const value = {
    best_time: entry.best_seconds, average_time: entry.average_seconds,
  }[column];
  if (column === 'best_time' || column === 'average_time') return formatDuration(value);
  if (column === 'by_level') {   // games won of games played, for each level played
    const parts = LEVELS.filter((lv) => entry[`${lv}_played`])
      .map((lv) => `${STARS[lv]} ${formatNumber(entry[`${lv}_won`] || 0)}/${formatNumber(entry[`${lv}_played`])}`);
    return parts.length ? parts.join(' · ') : '–';
  }
  const v = entry[column];
  if (v === null || v === undefined) return '–';
  if (column === 'win_rate') return `${formatNumber(Math.round(v * 100))} %`;
  return formatNumber(v);
}

/** A header row: `cols` column names ('' for none), each titled stats.<prefix><name>. */
function headRow(cols, prefix = '') {
  const tr = document.createElement('tr');
  for (const col of cols) {
    const th = document.createElement('th');
    th.scope = 'col';
    if (col) {
      th.dataset.col = col;
      th.textContent = t(`stats.${prefix}${col}`);
    }
    tr.append(th);
  }
  return tr;
}

function drawRecords(stats) {
  const table = $('stats-table');
  table.replaceChildren(headRow(['', ...COLUMNS]));
  for (const { key } of rows()) {
    const entry = stats[key];
    if (!entry) continue;
    const tr = document.createElement('tr');
    tr.dataset.key = key;
    const th = document.createElement('th');
    th.scope = 'row';
    fillName(th, key);
    tr.append(th);
    for (const c of COLUMNS) {
      const td = document.createElement('td');
      td.dataset.col = c;
      td.textContent = figure(entry, c);
      if (c === 'by_level') td.title = LEVELS.map((lv) => t('stats.level_won', {
        level: t(`difficulty.${lv}`), won: entry[`${lv}_won`] || 0, played: entry[`${lv}_played`] || 0,
      })).join('\n');
      tr.append(td);
    }
    table.append(tr);
  }
}

function formatDate(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(language(), { dateStyle: 'medium' }).format(new Date(y, m - 1, d));
}

function drawHistory(history) {
  const table = $('stats-history');
  $('history-empty').hidden = history.length > 0;
  table.hidden = !history.length;
  table.replaceChildren(headRow(['date', 'game', 'code', 'level', 'result', 'moves', 'time', ''], 'h_'));
  history.forEach((row, i) => {
    const tr = document.createElement('tr');
    tr.dataset.row = String(i);
    tr.dataset.result = row.result;
    const cells = {
      date: formatDate(row.date), game: '', code: row.code, level: '',
      result: t(`stats.result_${row.result}`) + (row.daily ? ` · ${t('header.daily')}` : ''),
      moves: formatNumber(row.moves), time: formatDuration(row.seconds),
    };
    for (const [col, text] of Object.entries(cells)) {
      const td = document.createElement('td');
      td.dataset.col = col;
      td.textContent = text;
      if (col === 'game') fillName(td, row.key);
      if (col === 'level') {
        const stars = document.createElement('span');
        stars.dataset.testid = 'history-level';
        showDifficulty(stars, row.level || null);
        td.append(stars);
      }
      tr.append(td);
    }
    const td = document.createElement('td');
    const again = document.createElement('button');
    again.type = 'button';
    again.className = 'play-again';
    again.dataset.testid = 'play-again';
    again.textContent = t('stats.play_again');
    again.setAttribute('aria-label', t('stats.play_again_code', { code: row.code }));
    again.addEventListener('click', () => playAgain(row.code));
    td.append(again);
    tr.append(td);
    table.append(tr);
  });
}

function fillResetChoice() {
  const select = /** @type {HTMLSelectElement} */ ($('reset-key'));
  const keep = select.value || host.current();
  select.replaceChildren(...rows().map((r) => new Option(r.name, r.key)),
    new Option(t('stats.reset_all'), ALL));
  select.value = [...select.options].some((o) => o.value === keep) ? keep : select.options[0].value;
}

function draw(answer) {
  last = answer;
  drawRecords(answer.statistics);
  drawHistory(answer.history || []);
  fillResetChoice();
  calendar.draw(answer, rows(), host.current());
}

async function refresh(arg) {
  const answer = await call('statistics', arg || {});
  if (answer.ok) draw(answer);
  return answer;
}

async function playAgain(code) {
  (/** @type {HTMLDialogElement} */ ($('dlg-stats'))).close();
  await host.playDeal(code);
}

/** Ask first, naming what goes; reset only that. */
function askReset() {
  const key = /** @type {HTMLSelectElement} */ ($('reset-key')).value;
  const dlg = /** @type {HTMLDialogElement} */ ($('dlg-reset'));
  $('reset-question').textContent = key === ALL ? t('stats.reset_question_all')
    : t('stats.reset_question', { name: nameOf(key) });
  dlg.returnValue = '';
  dlg.addEventListener('close', () => {
    if (dlg.returnValue === 'yes') refresh(key === ALL ? { reset: true } : { reset: true, key });
  }, { once: true });
  dlg.showModal();
}

/** Open the Statistics page (from the header, its key, or Settings). */
export async function open() {
  const dlg = /** @type {HTMLDialogElement} */ ($('dlg-stats'));
  for (const other of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll('dialog[open]'))) other.close();
  applyDom(dlg);
  applyDom($('dlg-reset'));
  calendar.reset();
  $('reset-key').replaceChildren();   // it starts on the game being played (issue 42)
  await refresh();
  if (!dlg.open) dlg.showModal();
  /** @type {HTMLElement} */ (dlg.querySelector('[data-testid="stats-close"]')).focus();
}

/** Re-translate the page when the language changes while it is open. */
export function translate() {
  if ((/** @type {HTMLDialogElement} */ ($('dlg-stats'))).open && last) draw(last);
}

export function init(callbacks) {
  host = callbacks;
  $('open-stats').addEventListener('click', open);
  $('stats-reset').addEventListener('click', askReset);
  calendar.init(async (key, day) => {
    /** @type {HTMLDialogElement} */ ($('dlg-stats')).close();
    await host.playDay(key, day);
  });
}
