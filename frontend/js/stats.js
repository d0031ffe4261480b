// The Statistics dialog (issue 5): figures per game and variant, as Python keeps them.

import { call } from './bridge.js';
import { t, has, formatNumber, applyDom } from './i18n.js';

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

function rowName(game, variant) {
  const name = has(`game.${game.game}`) ? t(`game.${game.game}`) : game.title;
  if (game.variants.length < 2) return name;
  return `${name} · ${has(`variant.${variant.id}`) ? t(`variant.${variant.id}`) : variant.label}`;
}

function draw(stats, catalogue) {
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
  // one row per game and variant, in the order of the catalogue
  const rows = catalogue.flatMap((g) => g.variants.map((v) => [g, v]));
  for (const [game, variant] of rows) {
    const entry = stats[variant.key];
    if (!entry) continue;
    const tr = document.createElement('tr');
    tr.dataset.key = variant.key;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = rowName(game, variant);
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
  if (answer.ok) draw(answer.statistics, (answer.state && answer.state.catalogue) || []);
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
