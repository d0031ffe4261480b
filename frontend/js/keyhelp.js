// The list of keyboard shortcuts: one list, shown on the Help page and in the About box
// (issue 42). Texts: i18n "help.keys.<id>" = {"keys": ["F", "."], "does": "…"},
// "help.keys.title", "help.keys.intro". The order and the choice are here.

import { t, data } from './i18n.js';

export const KEY_IDS = ['move', 'column', 'regions', 'pick', 'cancel', 'tap', 'double', 'stock',
  'undo', 'redo', 'hint', 'new', 'paste', 'stats', 'help', 'close'];

/**
 * Fill `container` with a <dl> of shortcuts (keys in <kbd>); opts.short: in the About box
 * (the same list, without the introduction); opts.heading: a tag name ('h3') to put the
 * title first. Returns the <dl>.
 */
export function renderKeyList(container, opts = {}) {
  const ids = KEY_IDS;
  const dl = document.createElement('dl');
  dl.className = 'key-list';
  dl.dataset.testid = opts.short ? 'about-keys' : 'help-keys';
  for (const id of ids) {
    const item = data(`help.keys.${id}`);
    if (!item || !Array.isArray(item.keys)) continue;
    const dt = document.createElement('dt');
    item.keys.forEach((k, i) => {
      if (i) dt.append(document.createTextNode(t('help.keys.or')));
      const kbd = document.createElement('kbd');
      kbd.textContent = k;
      dt.append(kbd);
    });
    const dd = document.createElement('dd');
    dd.textContent = item.does || '';
    dl.append(dt, dd);
  }
  const nodes = [];
  if (opts.heading) {
    const h = document.createElement(opts.heading);
    h.textContent = t('help.keys.title');
    nodes.push(h);
    if (!opts.short) {
      const p = document.createElement('p');
      p.textContent = t('help.keys.intro');
      nodes.push(p);
    }
  }
  nodes.push(dl);
  if (opts.append) container.append(...nodes);
  else container.replaceChildren(...nodes);
  return dl;
}
