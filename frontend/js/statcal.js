// The deal-of-the-day calendar of the Statistics page (stats.js): one month of the game
// and variant chosen, the days whose deal of the day was won marked; a day up to today
// plays its deal (its range from Python: daily_from … today). The current month
// first (Python's date, the one the deals of the day follow), then back month by month.

import { t, language } from './i18n.js';

const $ = (id) => document.getElementById(id);
const state = { answer: null, key: null, year: 0, month: 0 };   // month: 0 … 11
let playDay = null;   // (key, iso date) → play that day's deal of the day

function parse(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  return { y, m: m - 1, d };
}

function iso(y, m, d) {
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Monday-first weekday names in the page's language (7 short names). */
function weekdays() {
  const fmt = new Intl.DateTimeFormat(language(), { weekday: 'short' });
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(2024, 0, 1 + i)));   // a Monday
}

function render() {
  const { answer, key, year, month } = state;
  if (!answer) return;
  const today = parse(answer.today);
  const won = new Set((answer.daily_won || {})[key] || []);
  $('cal-month').textContent = new Intl.DateTimeFormat(language(), { month: 'long', year: 'numeric' })
    .format(new Date(year, month, 1));
  /** @type {HTMLButtonElement} */ ($('cal-next')).disabled = year === today.y && month === today.m;
  const table = $('calendar');
  const head = document.createElement('tr');
  for (const name of weekdays()) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    head.append(th);
  }
  table.replaceChildren(head);
  const first = (new Date(year, month, 1).getDay() + 6) % 7;   // Monday = 0
  const days = new Date(year, month + 1, 0).getDate();
  let tr = null;
  for (let cell = 0; cell < first + days; cell += 1) {
    if (cell % 7 === 0) {
      tr = document.createElement('tr');
      table.append(tr);
    }
    const td = document.createElement('td');
    tr.append(td);
    if (cell < first) continue;
    const d = cell - first + 1;
    const date = iso(year, month, d);
    td.dataset.date = date;
    if (date > answer.today || (answer.daily_from && date < answer.daily_from)) td.textContent = String(d);
    if (date === answer.today) td.classList.add('today');
    if (date > answer.today) td.classList.add('later');
    else if (!answer.daily_from || date >= answer.daily_from) td.append(dayButton(d, date));
    if (won.has(date)) {
      td.classList.add('won');
      td.dataset.won = '1';
      td.title = t('stats.daily_won_day');
      td.setAttribute('aria-label', `${d} · ${t('stats.daily_won_day')}`);
    }
  }
}

/** A day that can be played (issue 42): its number, a button that plays its deal. */
function dayButton(d, date) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cal-day';
  button.dataset.testid = 'cal-day';
  const { y, m } = parse(date);
  const long = new Intl.DateTimeFormat(language(), { day: 'numeric', month: 'long', year: 'numeric' })
    .format(new Date(y, m, d));
  button.title = t('stats.play_day', { date: long });
  button.setAttribute('aria-label', button.title);
  button.addEventListener('click', () => { if (playDay) playDay(state.key, date); });
  button.textContent = String(d);
  return button;
}

function step(by) {
  const next = new Date(state.year, state.month + by, 1);
  state.year = next.getFullYear();
  state.month = next.getMonth();
  render();
}

/** Draw from a `statistics` answer; `rows` the games and variants, `current` the key played. */
export function draw(answer, rows, current) {
  const first = !state.answer;
  state.answer = answer;
  const select = /** @type {HTMLSelectElement} */ ($('cal-key'));
  const keep = state.key || current;
  select.replaceChildren(...rows.map((r) => new Option(r.name, r.key)));
  state.key = rows.some((r) => r.key === keep) ? keep : (rows[0] && rows[0].key);
  select.value = state.key;
  if (first) {
    const today = parse(answer.today);
    state.year = today.y;
    state.month = today.m;
  }
  render();
}

/** Back to the current month and the game being played (the page opens afresh). */
export function reset() {
  state.answer = null;
  state.key = null;
}

/** onDay(key, isoDate): a day of the calendar was clicked. */
export function init(onDay) {
  playDay = onDay;
  $('cal-prev').addEventListener('click', () => step(-1));
  $('cal-next').addEventListener('click', () => step(1));
  $('cal-key').addEventListener('change', (/** @type {Event & {target: HTMLSelectElement}} */ e) => {
    state.key = e.target.value;
    render();
  });
}
