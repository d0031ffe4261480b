// Start-up and the one loop of the page: a gesture → one bridge call →
// the whole view model → render. The page never decides a rule.

import { call, whenReady } from './bridge.js';
import * as i18n from './i18n.js';
import { installSprite, setDeck } from './cards.js';
import * as looks from './looks.js';
import * as cheer from './cheer.js';
import * as render from './render.js';
import * as anim from './anim.js';
import * as drag from './drag.js';
import * as dialogs from './dialogs.js';
import { initHeader, updateHeader, flushClock } from './header.js';
import * as examples from './examples.js';
import * as help from './help.js';
import * as keyboard from './keyboard.js';
import * as announce from './announce.js';
import * as focus from './focus.js';
import * as hints from './hint.js';
import * as stats from './stats.js';
import * as predict from './predict.js';
import { keyName } from './kbmap.js';

/** @typedef {import('./view-model').ViewModel} ViewModel */
/** @typedef {import('./view-model').Answer} Answer */
/** @typedef {import('./view-model').Notice} Notice */

const FALLBACK_VERSION = '0.1.0';   // shown until the view model carries a version

/** @type {ViewModel | null} */
let view = null;          // the last view model from Python
let predicted = 0;        // actions drawn before their answer came (issue 19), still unanswered
let resolveReady;
window.harpTowers = {
  ready: new Promise((resolve) => { resolveReady = resolve; }),
  get state() { return view ? JSON.parse(JSON.stringify(view)) : null; },
  /** Python calls this when a second launch handed over a deal code (single instance). */
  async refresh() {
    const answer = await call('state');
    if (answer.state) await show(answer.state);
    await askPending(answer.state);
  },
};

/** A deal code from the command line or a second launch, and a save file that could not be
 * read: the player is asked / told, then Python forgets them (`dismiss`).
 * @param {ViewModel | undefined} state */
async function askPending(state) {
  if (!state || !(state.pending_code || state.notice)) return;
  if (state.pending_code && await dialogs.confirmLeave()) {
    await act('new_game', { code: state.pending_code }, { deal: true });
  } else {
    await act('dismiss', undefined, { quiet: true });
  }
}

/** A notice stays in the view model until it is dismissed or replaced: each is shown once.
 * Saving (issue 14): cannot save at all, a save failed, saving works again. */
let noticeShown = '';
/** @param {ViewModel} state */
function showNotice(state) {
  const notice = state.notice;
  const key = notice ? JSON.stringify(notice) : '';
  if (key && key !== noticeShown) {
    dialogs.showToast(noticeText(notice), notice.problem === 'save-works' ? 'info' : 'error');
  }
  noticeShown = key;
}

/** @param {Notice} notice */
function noticeText(notice) {
  const why = notice.reason === 'disk-full' ? i18n.t('notice.why_disk_full')
    : notice.reason === 'read-only' ? i18n.t('notice.why_read_only')
      : notice.reason === 'not-a-folder' ? i18n.t('notice.why_not_a_folder')
        : i18n.t('notice.why_other');
  if (notice.problem === 'no-save') return i18n.t('notice.no_save', { why });
  if (notice.problem === 'save-failed') return i18n.t('notice.save_failed', { why });
  if (notice.problem === 'save-works') return i18n.t('notice.save_works');
  // the journal and the unsaved changes (issue 41)
  if (notice.problem === 'journal-damaged') {
    return i18n.t(notice.game_lost ? 'notice.journal_damaged_game' : 'notice.journal_damaged');
  }
  if (notice.problem === 'journal-unusable') return i18n.t('notice.journal_unusable');
  if (notice.problem === 'unsaved-lost') {
    if (notice.what === 'moves') {
      return i18n.t('notice.unsaved_lost', { why, saved: notice.saved, reached: notice.reached });
    }
    return i18n.t(notice.what === 'game' ? 'notice.unsaved_lost_game' : 'notice.unsaved_lost_changes',
      { why });
  }
  return i18n.t('notice.save_reset');
}

let deckShown = 'home';   // the deck the cards are drawn in (looks.js)

function interactive() {
  return !view || !view.settings || view.settings.interactive_rules !== false;
}

/** Show the reminder for a refused answer (APP-03) or an error message. @param {Answer} answer */
function showRefusal(answer) {
  if (!answer || answer.ok) return;
  if (answer.error) {
    dialogs.showToast(i18n.errorText(answer.error), 'error');
  } else if (answer.refusal && interactive()) {
    dialogs.showToast(i18n.refusalText(answer.refusal), 'refusal');
  } else if (answer.refusal) {
    announce.say(i18n.t('announce.refused'));   // no reminder, but a screen reader hears the card go back
  }
}

/** @param {ViewModel} state */
async function applySettings(state) {
  /** @type {Partial<import('./view-model').PageSettings>} */
  const settings = state.settings || {};
  const deck = looks.applyLooks(settings);
  const theme = dialogs.themeOf(settings);   // css/theme.css; "system": the media queries
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  // an image deck's pips keep their own colours: Four-colour is for our drawn deck only
  // (Settings says so), never an index of ours over a picture (issue 42)
  document.body.classList.toggle('four-colour', Boolean(settings.four_colour) && !looks.DECKS[deck]);
  document.body.classList.toggle('large-cards', Boolean(settings.large_cards));
  anim.setSpeed(looks.chosen(settings, 'anim_speed'));
  if (deck !== deckShown) {   // a deck's images are asked for only once it is chosen
    deckShown = deck;
    setDeck(looks.DECKS[deck]);
    render.refaces();
  }
  // The setting names a language, or "auto": then the system locale decides.
  const wanted = i18n.resolveLanguage(settings.language);
  if (wanted !== i18n.language()) {
    await i18n.loadLanguage(wanted);
    dialogs.translate();
    stats.translate();
  }
}

/** Draw a new view model. opts: {deal: a new game, animate}.
 * @param {ViewModel} state @param {{deal?: boolean, animate?: boolean}} [opts] */
async function show(state, opts = {}) {
  if (view && state.rev < view.rev) return;   // an older answer (a hint that searched meanwhile)
  const wasWon = view ? view.won : null;
  const fresh = Boolean(opts.deal);
  view = state;
  await applySettings(state);
  // A drag in progress keeps its cards; its drop or cancel draws the latest view.
  if (!drag.dragging()) {
    const ms = render.render(state, opts);
    if (fresh) cheer.skippableDeal(ms);   // a click or a key puts the deal in place at once
  }
  updateHeader(state, fresh);
  showNotice(state);
  examples.sync(state);
  if (wasWon === false && state.won) {
    hints.clear();   // no hint left lit under the win window (issue 42)
    setTimeout(async () => {   // the last card lands, the cascade runs (skippable), then the window
      const skipped = await cheer.cascade(state.piles.filter((p) => p.kind === 'foundation'),
        render.cardElement);
      dialogs.openWin({ state });
      // a cascade run to its end left the table empty: it stays so under the window, and
      // the foundations come back (fading in) once it closes, never popping up beneath it
      if (!skipped) dialogs.onWinClosed(cheer.restore);
    }, anim.duration());
  }
}

/** Draw an action before its answer comes (a legal drop, a stock tap): `next` is the shown
 * view model with the action applied (predict.js), or null.
 * @param {ViewModel | null} next */
function drawAhead(next) {
  if (!next || drag.dragging()) return false;
  predicted += 1;
  render.render(next);
  return true;
}

/**
 * One bridge call. opts.quiet: the caller shows the refusal itself (taps);
 * opts.deal: the answer starts a new deal; opts.ahead() → what to draw at once
 * (predict.js); opts.queue: false for a call the others need not wait for.
 * @param {string} method @param {unknown} [arg]
 * @param {{quiet?: boolean, deal?: boolean, ahead?: (() => ViewModel | null) | null, queue?: boolean}} [opts]
 * @returns {Promise<Answer>}
 */
async function act(method, arg, opts = {}) {
  const before = view;
  const ahead = opts.ahead && drawAhead(opts.ahead());
  const answer = await call(method, arg, { queue: opts.queue });
  if (ahead) predicted -= 1;
  // While a later action is drawn ahead, an earlier answer is not drawn back over it: the
  // last answer draws, with everything Python decided.
  if (answer.state && predicted > 0) view = answer.state;
  else if (answer.state) await show(answer.state, { deal: opts.deal && answer.ok });
  if (!opts.quiet) showRefusal(answer);
  else if (answer.error && !answer.state) showRefusal(answer);
  if (answer.ok) announce.accepted(method, answer, before);   // the live region (issue 10)
  return answer;
}

function undo() {
  if (examples.busy()) return undefined;   // the replay owns the table until it is done
  dialogs.hideToast();
  return act('undo', undefined, { ahead: () => predict.undo(render.currentState()) });
}

function redo() {
  if (examples.busy()) return undefined;
  dialogs.hideToast();
  return act('redo');
}

async function newGame(arg) {
  dialogs.hideToast();
  if (view && view.example) await examples.leave();   // never start a game inside the sandbox
  return act('new_game', arg, { deal: true, quiet: true });
}

function initInput() {
  const table = document.getElementById('table');
  const handlers = {
    play: (from, index, to, legal) => {
      dialogs.hideToast();
      const ahead = legal ? () => predict.move(render.currentState(), from, index, to) : null;
      return act('play', { from, index, to }, { ahead });
    },
    restore: () => { if (view) render.render(view); },
    tap: (pile, index) => { dialogs.hideToast(); return act('tap', { pile, index }, { quiet: true }); },
    doubleTap: (pile, index) => act('double_tap', { pile, index }, { quiet: true }),
    stock: () => {
      dialogs.hideToast();
      return act('stock', undefined, { ahead: () => predict.stockTap(render.currentState()) });
    },
    showRefusal,
  };
  drag.init(table, handlers);
  keyboard.init(table, handlers);   // the same calls from the keyboard (issue 10)
  table.addEventListener('contextmenu', (e) => e.preventDefault());
  let pending = null;
  new ResizeObserver(() => {
    // its first report comes after the first frame, at the size that frame was drawn for:
    // drawing every card again then cost a second raster of the whole table
    if (!render.resized()) return;
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      if (view && !drag.dragging()) render.render(view, { animate: false });
    });
  }).observe(table);
}

function initButtons() {
  const handlers = {
    new: () => dialogs.openNewGame(),
    undo,
    redo,
    hint: () => hints.request(),
    stats: () => stats.open(),
    settings: () => dialogs.openSettings(),
    help: () => dialogs.openHelp(),
    about: () => dialogs.openAbout((view && view.version) || FALLBACK_VERSION),
  };
  document.querySelector('.bar-buttons').addEventListener('click', (/** @type {Event & {target: Element}} */ e) => {
    const button = /** @type {HTMLElement} */ (e.target.closest('[data-action]'));
    if (button && handlers[button.dataset.action]) handlers[button.dataset.action]();
  });
}

function initKeys() {
  document.addEventListener('keydown', (/** @type {KeyboardEvent & {target: Element}} */ e) => {
    const typing = e.target.closest && e.target.closest('input, textarea, select');
    const ctrl = e.ctrlKey || e.metaKey;
    if (e.key === 'F1') {
      e.preventDefault();
      if (!dialogs.anyOpen()) dialogs.openHelp();
    } else if (ctrl && !e.shiftKey && e.key.toLowerCase() === 'z' && !typing) {
      e.preventDefault();
      if (!dialogs.anyOpen()) undo();
    } else if (ctrl && ((e.shiftKey && e.key.toLowerCase() === 'z') || (!e.shiftKey && e.key.toLowerCase() === 'y'))
               && !typing) {
      e.preventDefault();
      if (!dialogs.anyOpen()) redo();
    } else if (ctrl && e.key.toLowerCase() === 'n') {
      e.preventDefault();
      if (!dialogs.anyOpen()) dialogs.openNewGame();
    } else if (!ctrl && !e.altKey && keyName(e) === 't' && !typing && !dialogs.anyOpen()
               && !document.body.classList.contains('example-replaying')) {
      e.preventDefault();   // T: the Statistics page (issue 16)
      stats.open();
    } else if (e.key === 'Escape' && !dialogs.anyOpen()) {
      dialogs.hideToast();
    }
  });
  // APP-08: Ctrl+V anywhere outside a text field opens the pasted deal code.
  document.addEventListener('paste', (/** @type {ClipboardEvent & {target: Element}} */ e) => {
    const typing = e.target.closest && e.target.closest('input, textarea');
    if (typing || dialogs.anyOpen()) return;
    const text = (e.clipboardData && e.clipboardData.getData('text')) || '';
    if (!text.trim()) return;
    e.preventDefault();
    dialogs.openCode(text);
  });
  document.addEventListener('contextmenu', (/** @type {MouseEvent & {target: Element}} */ e) => {
    if (!(e.target.closest && e.target.closest('input, textarea'))) e.preventDefault();
  });
}

/** The first view model and catalogues written into the page by the window (issue 18,
 * backend/harptowers/firstpage.py), or null (--serve, the test harness: the bridge is asked). */
function givenWithPage() {
  const el = document.getElementById('harp-first');
  if (!el) return null;
  el.remove();
  try {
    const given = JSON.parse(el.textContent);
    return given && given.state ? given : null;
  } catch (err) {
    return null;
  }
}

async function boot() {
  installSprite();
  focus.init();
  // With the page's own view model the table is drawn before the bridge is up; input is on
  // at once, and what it asks of Python waits in bridge.js's queue until the bridge comes.
  const given = givenWithPage();
  if (given) i18n.seed(given.i18n);
  const first = given ? { ok: true, state: given.state } : await call('state');
  await i18n.loadLanguage(i18n.resolveLanguage(first.state && first.state.settings
    && first.state.settings.language));
  dialogs.translate();
  dialogs.init({
    newGame,
    settings: (change) => act('settings', change),
    state: () => view,
    leaveExample: () => examples.leave(),
    readCode: (text, game, variant) => call('read_code', { text, ...(game ? { game, variant } : {}) }),
  });
  initHeader((text, kind) => dialogs.showToast(text, kind),
    (ms) => call('clock', { elapsed_ms: ms, state: false }));   // every second: no view model back
  examples.init({
    call,
    show,
    view: () => view,
    beforeOpen: flushClock,
    hideToast: () => dialogs.hideToast(),
    notify: (text, kind) => dialogs.showToast(text, kind),
  });
  help.init({
    list: async () => {
      const answer = await call('examples');
      return answer.ok && Array.isArray(answer.examples) ? answer.examples : null;
    },
    start: (name) => examples.start(name),
    catalogue: () => (view && view.catalogue) || [],
  });
  i18n.setGames(() => (view && view.catalogue) || []);
  hints.init({
    act: (method, arg, opts) => act(method, arg, { ...opts, queue: false }),   // never in the way
    view: () => view,
    toast: (text, kind) => dialogs.showToast(text, kind),
    busy: () => drag.dragging() || examples.busy(),
  });
  initButtons();
  stats.init({
    catalogue: () => (view && view.catalogue) || [],
    current: () => (view ? `${view.game}/${view.variant}` : null),
    playDeal: (code) => dialogs.openDeal(code),
    playDay: (key, day) => dialogs.openDaily(key, day),
  });
  initKeys();
  initInput();
  if (first.state) await show(first.state, { animate: false });
  else showRefusal(first);
  performance.mark('harp-first-frame');
  if (first.state) examples.resume(first.state);
  await whenReady();
  document.body.dataset.ready = '1';
  performance.mark('harp-ready');
  resolveReady();
  askPending(first.state);
  // the number formatter the first frame did without, made while nothing happens (i18n.js)
  if (window.requestIdleCallback) window.requestIdleCallback(() => i18n.formatNumber(1000));
}

boot();
