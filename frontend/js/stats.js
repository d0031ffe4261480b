// The Statistics dialog (issue 5): figures per game and variant, as Python keeps them.

import { call } from './bridge.js';
import { t, formatNumber, applyDom } from './i18n.js';

const ROWS = ['easy-harp/N', 'seahaven-towers/C4', 'seahaven-towers/C2', 'seahaven-towers/C1'];
const COLUMNS = ['played', 'won', 'win_rate', 'best_score', 'fewest_moves', 'streak',
  'best_streak', 'time', 'hints'];

const $ = (id) => document.getElementById(id);

function cell(entry, column) {
  const v = column === 'time' ? entry.seconds : entry[column];
  if (v === null || v === undefined) return '–';
  if (column === 'win_rate') return `${formatNumber(Math.round(v * 100))} %`;
  if (column === 'time') {
    const m = Math.floor(v / 60);
    return `${formatNumber(Math.floor(m / 60))}:${String(m % 60).padStart(2, '0')}`;
  }
  return formatNumber(v);
}

function rowName(key) {
  const [game, variant] = key.split('/');
  const v = t(`variant.${variant}`);
  return v ? `${t(`game.${game}`)} · ${v}` : t(`game.${game}`);
}

function draw(stats) {
  const table = $('stats-table');
  table.replaceChildren();
  const head = document.createElement('tr');
  head.append(document.createElement('th'));
  for (const c of COLUMNS) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = t(`stats.${c}`);
    head.append(th);
  }
  table.append(head);
  for (const key of ROWS) {
    const entry = stats[key];
    if (!entry) continue;
    const tr = document.createElement('tr');
    tr.dataset.key = key;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = rowName(key);
    tr.append(th);
    for (const c of COLUMNS) {
      const td = document.createElement('td');
      td.dataset.col = c;
      td.textContent = cell(entry, c);
      tr.append(td);
    }
    table.append(tr);
  }
}

async function refresh(arg) {
  const answer = await call('statistics', arg || {});
  if (answer.ok) draw(answer.statistics);
}

export function init() {
  const dlg = $('dlg-stats');
  $('open-stats').addEventListener('click', async () => {
    $('dlg-settings').close();
    applyDom(dlg);
    await refresh();
    dlg.showModal();
  });
  $('stats-reset').addEventListener('click', () => refresh({ reset: true }));
}
