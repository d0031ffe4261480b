// Dialog focus (issue 10): every <dialog> gets a name from its heading, Tab
// and Shift+Tab stay inside an open modal dialog, and when it closes the focus
// goes back to where it was (or, when that element is gone, to the table's
// keyboard cursor through the fallback keyboard.js registers).

const TABBABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

let fallback = null;
let headingIds = 0;

/** fn(): where focus goes when the element a dialog was opened from is gone. */
export function setFallback(fn) {
  fallback = fn;
}

/** Give every dialog without a name the text of its first heading (aria-labelledby). */
export function nameDialogs(root = document) {
  for (const dlg of root.querySelectorAll('dialog')) {
    if (dlg.hasAttribute('aria-label') || dlg.hasAttribute('aria-labelledby')) continue;
    const h = dlg.querySelector('h1, h2, h3');
    if (!h) continue;
    if (!h.id) { headingIds += 1; h.id = `dlg-heading-${headingIds}`; }
    dlg.setAttribute('aria-labelledby', h.id);
  }
}

function visible(el) {
  return Boolean(el.offsetWidth || el.offsetHeight || el.getClientRects().length)
    && getComputedStyle(el).visibility !== 'hidden';
}

function tabbables(dlg) {
  return [...dlg.querySelectorAll(TABBABLE)].filter((el) => {
    if (el.disabled || el.tabIndex < 0 || !visible(el) || el.closest('[inert], fieldset:disabled')) return false;
    // A radio group is one stop: its checked button (or its first when none is).
    if (el.type === 'radio' && el.name) {
      const group = [...dlg.querySelectorAll(`input[type="radio"][name="${CSS.escape(el.name)}"]`)];
      const checked = group.find((r) => r.checked);
      return checked ? checked === el : group[0] === el;
    }
    return true;
  });
}

function topDialog() {
  const open = [...document.querySelectorAll('dialog[open]')];
  return open.length ? open[open.length - 1] : null;
}

function trapTab(e) {
  if (e.key !== 'Tab' || e.ctrlKey || e.altKey || e.metaKey) return;
  const dlg = topDialog();
  if (!dlg) return;
  const list = tabbables(dlg);
  if (!list.length) { e.preventDefault(); return; }
  const first = list[0];
  const last = list[list.length - 1];
  const inside = dlg.contains(document.activeElement);
  if (e.shiftKey && (!inside || document.activeElement === first || document.activeElement === dlg)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
    e.preventDefault();
    first.focus();
  }
}

function usable(el) {
  return el && el.isConnected && el !== document.body && visible(el)
    && !el.closest('dialog:not([open])') && !el.closest('[inert]');
}

// The element that had the focus outside every dialog, last time one had it.
// Dialogs open in several modules (dialogs.js, help.js); watching the focus
// and the `open` attribute serves them all without a hook in each.
let lastOutside = null;

function onFocusIn(e) {
  if (!e.target.closest || !e.target.closest('dialog')) lastOutside = e.target;
}

function onFocusOut(e) {
  // The focus went nowhere (a click on the background): nothing to return to.
  if (!e.relatedTarget && !topDialog()) lastOutside = null;
}

/** A window opens at its top (issue 42: Settings and About opened scrolled to their Close
 * button); the focus is on its first control, unless its opener chose another one, which is
 * then brought into view. */
function openAtTop(dlg) {
  for (const el of [dlg, ...dlg.querySelectorAll('*')]) if (el.scrollTop) el.scrollTop = 0;
  const active = document.activeElement;
  const first = tabbables(dlg)[0];
  if (!active || active === dlg || !dlg.contains(active) || active === first) {
    // the first control may be a Close button at the end (About): focused, the top shown
    if (first) first.focus({ preventScroll: true });
    for (const el of [dlg, ...dlg.querySelectorAll('*')]) if (el.scrollTop) el.scrollTop = 0;
  } else {
    active.scrollIntoView({ block: 'nearest' });
  }
}

function onDialogChange(records) {
  for (const r of records) {
    if (r.target.tagName !== 'DIALOG') continue;
    if (r.target.open) { nameDialogs(); openAtTop(r.target); continue; }
    // Closed. After the close handlers, which may open the next dialog (win → new game).
    setTimeout(() => {
      if (topDialog()) return;
      const el = lastOutside;
      if (usable(el)) el.focus({ preventScroll: true });
      else if (fallback && el && (!el.isConnected || el.closest('#table'))) fallback();
    }, 0);
  }
}

export function init() {
  nameDialogs();
  // the first Tab: a link past the header's buttons straight to the table (issue 42)
  const skip = document.querySelector('.skip-link');
  if (skip) skip.addEventListener('click', (e) => { e.preventDefault(); if (fallback) fallback(); });
  document.addEventListener('keydown', trapTab, true);
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('focusout', onFocusOut, true);
  new MutationObserver(onDialogChange).observe(document.body,
    { subtree: true, attributes: true, attributeFilter: ['open'] });
}
