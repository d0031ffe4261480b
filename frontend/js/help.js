// The Help window (APP-10): Rules of each game, FAQ, Examples and the keyboard
// shortcuts (keyhelp.js), as tabs. The Rules tabs come from the catalogue: one per game,
// its page named by the catalogue (`rules`, e.g. rules_eh), its label the catalogue text
// help.tab.<page> (the game's title where the catalogues have none).
//
// The pages are catalogue text (i18n/<lang>.json, help.*), each section
// {h, body}. A body uses a tiny markup, turned into DOM nodes here (never
// innerHTML, so no catalogue text can inject markup):
//   blank line      new paragraph
//   "- " lines      a bullet list
//   "|" lines       a table; the first row is the header, "|---|" rows are skipped
//   **bold**  `code`

import { t, data, has, onChange } from './i18n.js';
import { renderKeyList } from './keyhelp.js';

const FIXED = ['faq', 'examples', 'keys'];

const dlg = () => /** @type {HTMLDialogElement} */ (document.getElementById('dlg-help'));
/** @typedef {import('./view-model').CatalogueEntry} CatalogueEntry */
/** @type {{list(): Promise<Record<string, any>[] | null>, start(name: string): unknown, catalogue(): CatalogueEntry[]}} */
let hooks = null;     // {list() → Promise<[{name, code, total}]>, start(name), catalogue()}
let page = null;      // the page shown: a rules page of the catalogue or one of FIXED
let listed = null;    // the examples() answer, once fetched

/** Every page in tab order: each game's rules, then the fixed pages. */
export function pages() {
  const games = (hooks && hooks.catalogue()) || [];
  return [...games.map((g) => g.rules), ...FIXED];
}

/** A tab and a panel for each game of the catalogue, before the fixed ones (once a game). */
function syncRuleTabs() {
  const tabs = dlg().querySelector('[role="tablist"]');
  const panels = dlg().querySelector('.help-text');
  for (const g of (hooks && hooks.catalogue()) || []) {
    const label = has(`help.tab.${g.rules}`) ? t(`help.tab.${g.rules}`) : g.title;
    let tab = tabFor(g.rules);
    if (!tab) {
      const slug = g.tag.toLowerCase();
      tab = Object.assign(document.createElement('button'), { type: 'button', id: `help-tab-${g.rules}` });
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', `help-panel-${g.rules}`);
      Object.assign(tab.dataset, { tab: g.rules, testid: `tab-rules-${slug}` });
      tabs.insertBefore(tab, tabFor(FIXED[0]));
      const panel = Object.assign(document.createElement('section'), { id: `help-panel-${g.rules}`, hidden: true });
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      panel.tabIndex = 0;
      Object.assign(panel.dataset, { panel: g.rules, testid: `help-rules-${slug}` });
      panels.insertBefore(panel, panels.querySelector(`[data-panel="${FIXED[0]}"]`));
    }
    tab.textContent = label;
  }
}

/** hooks: {list() → Promise<examples or null>, start(name) → starts that example,
 * catalogue() → the view model's catalogue}. */
export function init(callbacks) {
  hooks = callbacks;
  const tabs = dlg().querySelector('[role="tablist"]');
  tabs.addEventListener('click', (e) => {
    const tab = /** @type {HTMLElement} */ (/** @type {Element} */ (e.target).closest('[role="tab"]'));
    if (tab) select(tab.dataset.tab, true);
  });
  tabs.addEventListener('keydown', onTabKey);
  onChange(() => { if (dlg().open) { syncRuleTabs(); select(page); } });
}

/** Open the window on `which` (a name of pages()); Rules of the game being played by default. */
export function open(which) {
  syncRuleTabs();
  const all = pages();
  select(all.includes(which) ? which : (all.includes(page) ? page : all[0]));
  if (!dlg().open) dlg().showModal();
  tabFor(page).focus();
}

function tabFor(name) {
  return /** @type {HTMLElement} */ (dlg().querySelector(`[role="tab"][data-tab="${name}"]`));
}

function onTabKey(e) {
  const all = pages();
  const i = all.indexOf(page);
  const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: all.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  select(all[(to + all.length) % all.length], true);
  tabFor(page).focus();
}

function select(name, focusPanel = false) {
  page = name;
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (dlg().querySelectorAll('[role="tab"]'))) {
    const on = tab.dataset.tab === name;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  for (const panel of /** @type {NodeListOf<HTMLElement>} */ (dlg().querySelectorAll('[role="tabpanel"]'))) {
    const on = panel.dataset.panel === name;
    panel.hidden = !on;
    if (on) fill(panel, name);
  }
  if (focusPanel) dlg().querySelector('.help-text').scrollTop = 0;
}

function fill(panel, name) {
  panel.replaceChildren();
  if (name === 'keys') {
    renderKeyList(panel, { heading: 'h3' });
    return;
  }
  if (name !== 'examples') {
    for (const key of Object.keys(data(`help.${name}`) || {})) {
      panel.append(el('h3', t(`help.${name}.${key}.h`)));
      renderBody(t(`help.${name}.${key}.body`), panel);
    }
    return;
  }
  panel.append(el('h3', t('help.examples.intro.h')));
  renderBody(t('help.examples.intro.body'), panel);
  const grid = el('div', null, 'example-list');
  // the examples Python ships (the list arrives with the first visit of the tab)
  for (const { name } of listed || []) grid.append(exampleCard(name));
  panel.append(grid);
  if (!listed && hooks) {
    hooks.list().then((list) => {
      if (!list) return;
      listed = list;
      if (dlg().open && page === 'examples') fill(panel, 'examples');
    });
  }
}

function exampleCard(name) {
  const card = el('article', null, 'example-card');
  card.append(el('h4', t(`example.${name}.title`)));
  card.append(el('p', t(`example.${name}.text`)));
  const info = listed && listed.find((x) => x.name === name);
  const meta = el('p', info ? t('example.deal', { code: info.code, total: info.total }) : '\u00a0',
    'example-meta');
  card.append(meta);
  const button = el('button', t('example.start'), 'primary');
  button.type = 'button';
  button.dataset.testid = `example-${name}`;
  button.addEventListener('click', () => {
    dlg().close('example');
    if (hooks) hooks.start(name);
  });
  card.append(button);
  return card;
}

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== null && text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

/** Append the markup of `text` (see the top of this file) to `parent`. */
export function renderBody(text, parent) {
  for (const block of String(text).split(/\n\s*\n/)) {
    const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
    if (!lines.length) continue;
    if (lines.every((l) => l.startsWith('- '))) {
      const ul = el('ul');
      for (const l of lines) ul.append(inline(el('li'), l.slice(2)));
      parent.append(ul);
    } else if (lines.every((l) => l.startsWith('|'))) {
      parent.append(table(lines));
    } else {
      parent.append(inline(el('p'), lines.join(' ')));
    }
  }
}

function table(lines) {
  const rows = lines.map((l) => l.replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim()))
    .filter((cells) => !cells.every((c) => /^:?-+:?$/.test(c)));
  const tbl = el('table', null, 'help-table');
  const head = el('thead');
  const tr = el('tr');
  for (const c of rows[0] || []) {
    const th = inline(el('th'), c);
    th.scope = 'col';
    tr.append(th);
  }
  head.append(tr);
  const body = el('tbody');
  for (const cells of rows.slice(1)) {
    const row = el('tr');
    for (const c of cells) row.append(inline(el('td', null, /^[+\-−]?\d/.test(c) ? 'num' : ''), c));
    body.append(row);
  }
  tbl.append(head, body);
  return tbl;
}

/** **bold** and `code` inside a line, as text nodes and elements. */
function inline(node, text) {
  const re = /\*\*(.+?)\*\*|`([^`]+)`/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) node.append(text.slice(at, m.index));
    node.append(m[1] !== undefined ? el('strong', m[1]) : el('code', m[2]));
    at = m.index + m[0].length;
  }
  if (at < text.length) node.append(text.slice(at));
  return node;
}
