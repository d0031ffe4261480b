// Hints (issue 9, issue 15). The Hint button and the H key make one bridge call,
// hint(); Python searches for a win from here (docs/bridge.md) and answers the
// next move or a verdict. A move lights up for a while: its card(s) get the
// classes `hint hint-source`, the pile they go to `hint hint-target` (the
// foundation area for "f"). A stock tap lights up the stock pile and its top card
// and stays lit until the player's next action (a pointer press or a key). The
// move is also said in words in a toast, built from the answer's structured
// fields (card, place, onto, turns) in the player's language. A verdict shows a
// toast. The page decides nothing: it only shows what came back.
//
// Also the New game window's "Winnable deals only" box, remembered per game and
// variant in the setting winnable_only ({"<game>/<variant>": true, …}).

import { t } from './i18n.js';

const SHOW_MS = 2000;
const TEXT = { unwinnable: 'hint.none', lost: 'hint.lost', unknown: 'hint.timeout', stale: 'hint.stale' };

// {act(method, arg, opts) → Promise<answer>, view() → view model, toast(text, kind),
//  busy() → true while the table is not free (a drag, the Examples replay)}
let deps = null;
let timer = null;
let asking = false;
let sticky = false;   // a stock hint: lit until the next action

export function init(callbacks) {
  deps = callbacks;
  document.addEventListener('keydown', onKey);
  // the next action ends a stock hint (capture: before the action itself runs)
  const endSticky = () => { if (sticky) clear(); };
  document.addEventListener('pointerdown', endSticky, true);
  document.addEventListener('keydown', endSticky, true);
}

function keyIsH(e) {
  if (e.key && e.key.length === 1 && /[\x21-\x7e]/.test(e.key)) return e.key.toLowerCase() === 'h';
  return e.code === 'KeyH';   // other scripts: by key position, like keyboard.js
}

function onKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat || !keyIsH(e)) return;
  if (document.querySelector('dialog[open]')) return;
  const target = e.target;
  if (target && target.closest && target.closest('input, textarea, select, [contenteditable="true"]')) return;
  e.preventDefault();
  request();
}

/** Remove the highlight of the last hint. */
export function clear() {
  clearTimeout(timer);
  timer = null;
  sticky = false;
  for (const el of document.querySelectorAll('.hint')) {
    el.classList.remove('hint', 'hint-source', 'hint-target');
  }
}

/** Ask for a hint and show it. Resolves to the bridge answer (or null when not asked). */
export async function request() {
  if (!deps || asking) return null;
  const view = deps.view();
  if (!view || view.won || view.example || (deps.busy && deps.busy())) return null;
  clear();
  asking = true;
  document.body.dataset.hintBusy = '1';
  try {
    const answer = await deps.act('hint');
    if (answer && answer.ok && answer.hint) show(answer.hint);
    return answer;
  } finally {
    asking = false;
    delete document.body.dataset.hintBusy;
  }
}

function mark(el, role) {
  if (el) el.classList.add('hint', role);
}

/** The hinted move in words, e.g. "9♣ onto 10♥: turns a card." */
export function describe(hint) {
  let move;
  if (hint.first_pass) return t('hint.say.first_pass');
  if (hint.place === 'stock' || hint.from === 's') move = t('hint.say.stock');
  else if (hint.place === 'foundation') move = t('hint.say.foundation', { card: hint.card });
  else if (hint.place === 'column') move = t('hint.say.onto', { card: hint.card, onto: hint.onto });
  else if (hint.place === 'empty') {
    move = t(hint.count > 1 ? 'hint.say.run_empty' : 'hint.say.empty', { card: hint.card });
  } else if (hint.place === 'cell') move = t('hint.say.cell', { card: hint.card });
  else return '';
  if (hint.turns) move = t('hint.say.turns', { move });
  return t(hint.guess ? 'hint.say.guess' : 'hint.say.plain', { move });
}

/** A hint without a move, in words: "lost" (every deal of the face-down cards tried is
 * lost), "unwinnable", "unknown" (nothing found in time), "stale". */
export function sayVerdict(verdict) {
  return t(TEXT[verdict] || 'hint.timeout');
}

/** Light up the move of `hint` and say it, or toast its verdict. */
export function show(hint) {
  clear();
  if (!hint.from) {
    deps.toast(sayVerdict(hint.verdict), 'info');
    return;
  }
  if (hint.from === 's') {
    mark(document.querySelector('.pile[data-pile="s"]'), 'hint-source');
    // the pile's outline is under its cards: light up the top card as well
    const cards = document.querySelectorAll('.card[data-in="s"]');
    if (cards.length) mark(cards[cards.length - 1], 'hint-source');
  } else {
    for (const card of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(`.card[data-in="${hint.from}"]`))) {
      if (Number(card.dataset.index) >= hint.index) mark(card, 'hint-source');
    }
  }
  // the very pile the card goes to (hint.pile: "f2" where hint.to says "f"), not all 8
  const to = hint.pile && hint.pile !== 'f' ? hint.pile : hint.to;
  if (to === 'f') {
    mark(document.querySelector('[data-pile="f"]'), 'hint-target');
  } else if (to) {
    mark(document.querySelector(`.pile[data-pile="${to}"]`), 'hint-target');
    const cards = document.querySelectorAll(`.card[data-in="${to}"]`);
    if (cards.length) mark(cards[cards.length - 1], 'hint-target');
  }
  const words = describe(hint);
  if (words) deps.toast(words, 'info');
  if (hint.from === 's') sticky = true;
  else timer = setTimeout(clear, SHOW_MS);
}
