// The game and variant choices of the New game window, built from the view model's
// catalogue (the games Python registers): no game is named here.

import { t, has } from './i18n.js';

/** @typedef {import('./view-model').CatalogueEntry} CatalogueEntry */

function label(key, fallback) {
  return has(key) ? t(key) : fallback;
}

function radio(name, value, text, checked) {
  const l = document.createElement('label');
  const input = document.createElement('input');
  Object.assign(input, { type: 'radio', name, value, checked });
  const span = document.createElement('span');
  span.textContent = text;
  l.append(input, span);
  return l;
}

/** @param {CatalogueEntry[]} catalogue @param {string} game @returns {CatalogueEntry} */
function entry(catalogue, game) {
  return catalogue.find((g) => g.game === game) || catalogue[0];
}

/** The game and variant chosen in `dlg`: {game, variant, key, winnableDefault}.
 * @param {CatalogueEntry[]} catalogue */
export function chosen(dlg, catalogue) {
  const gameInput = dlg.querySelector('input[name="game"]:checked');
  const g = entry(catalogue, gameInput && gameInput.value);
  const variantInput = dlg.querySelector('input[name="variant"]:checked');
  const v = g.variants.find((x) => variantInput && x.id === variantInput.value) || g.variants[0];
  return { game: g.game, variant: v.id, key: v.key, winnableDefault: v.winnable_only };
}

/** A game's variants to choose from; a game with one says what it deals instead. */
function variantBox(box, g, name, variant) {
  const legend = document.createElement('legend');
  legend.textContent = label(`new.variants.${g.game}.legend`, '');
  const text = (v) => label(`new.variants.${g.game}.${v.id}`, v.label);
  if (g.variants.length === 1) {
    const only = document.createElement('p');
    only.className = 'only-variant';
    only.textContent = text(g.variants[0]);
    box.replaceChildren(legend, only);
    return;
  }
  box.replaceChildren(legend, ...g.variants.map((v, i) => radio(name, v.id, text(v),
    variant ? v.id === variant : i === 0)));
}

/** Show the variants of `game`, `variant` checked (a game with one variant names it).
 * Every other game's variants are laid out unseen in the same place, so the window keeps
 * its size whichever game is picked (issue 42: its buttons jumped under the pointer). */
export function fillVariants(dlg, catalogue, game, variant) {
  const g = entry(catalogue, game);
  const box = dlg.querySelector('.variant-choice');
  variantBox(box, g, 'variant', variant);
  box.parentElement.replaceChildren(box, ...catalogue.filter((o) => o !== g)
    .map((o) => {
      const ghost = document.createElement('fieldset');
      ghost.className = 'choice variant-ghost';
      ghost.setAttribute('aria-hidden', 'true');
      ghost.inert = true;
      variantBox(ghost, o, 'variant-ghost', null);
      return ghost;
    }));
  exampleCode(dlg, catalogue);
}

/** The code field's example: a code of the game and variant chosen (from the catalogue). */
export function exampleCode(dlg, catalogue) {
  const { game, variant } = chosen(dlg, catalogue);
  const v = entry(catalogue, game).variants.find((x) => x.id === variant);
  const input = dlg.querySelector('#code-input');
  if (input && v && v.example_code) input.placeholder = v.example_code;
}

/** Fill the window with every game, `game`/`variant` checked.
 * @param {CatalogueEntry[]} catalogue @param {string} game @param {string} variant */
export function fill(dlg, catalogue, game, variant) {
  const box = dlg.querySelector('.game-choice');
  const legend = box.querySelector('legend');
  box.replaceChildren(legend, ...catalogue.map((g) => radio('game', g.game,
    label(`game.${g.game}`, g.title), g.game === entry(catalogue, game).game)));
  fillVariants(dlg, catalogue, game, variant);
}

/* ---------- New game window: "Winnable deals only" ---------- */


// what the player set in this window since the page loaded: shown even before the settings
// answer comes back
const changed = {};

function box(dlg) {
  return dlg.querySelector('input[name="winnable_only"]');
}

/** Set the box from the setting of the game and variant chosen in the window.
 * @param {CatalogueEntry[]} catalogue @param {import('./view-model').PageSettings | null} settings */
export function syncWinnable(dlg, catalogue, settings) {
  const el = box(dlg);
  if (!el) return;
  const { key, winnableDefault } = chosen(dlg, catalogue);
  const remembered = { ...((settings && settings.winnable_only) || {}), ...changed };
  el.checked = key in remembered ? Boolean(remembered[key]) : Boolean(winnableDefault);
}

/** The settings change for the box as it is now: {winnable_only: {key: bool}}.
 * @param {CatalogueEntry[]} catalogue */
export function winnableSetting(dlg, catalogue) {
  const el = box(dlg);
  const { key } = chosen(dlg, catalogue);
  changed[key] = Boolean(el && el.checked);
  return { winnable_only: { [key]: changed[key] } };
}

/* ---------- New game window: the difficulty among the winnable deals ---------- */

/** Enable the difficulty choice while "Winnable deals only" is ticked and the chosen variant
 * has measured deals; a level without any is disabled (and not left chosen).
 * @param {CatalogueEntry[]} catalogue */
export function syncDifficulty(dlg, catalogue) {
  const set = /** @type {HTMLFieldSetElement | null} */ (dlg.querySelector('.difficulty-choice'));
  if (!set) return;
  const { game, variant } = chosen(dlg, catalogue);
  const v = entry(catalogue, game).variants.find((x) => x.id === variant);
  const counts = (v && v.difficulty) || {};
  const el = box(dlg);
  set.disabled = !(el && el.checked) || !Object.values(counts).some((n) => n > 0);
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (set.querySelectorAll('input'))) {
    input.disabled = input.value !== 'any' && !counts[input.value];
    if (input.disabled && input.checked) {
      input.checked = false;
      /** @type {HTMLInputElement} */ (set.querySelector('input[value="any"]')).checked = true;
    }
  }
}

/** Extra new_game argument: {difficulty: level} for a new winnable deal of that level. */
export function difficultyArg(dlg, mode) {
  const set = /** @type {HTMLFieldSetElement | null} */ (dlg.querySelector('.difficulty-choice'));
  const input = /** @type {HTMLInputElement | null} */ (dlg.querySelector('input[name="difficulty"]:checked'));
  if (mode !== 'new' || !set || set.disabled || !input || input.value === 'any') return {};
  return { difficulty: input.value };
}

/** Extra new_game argument: {winnable: true} for a new deal with the box ticked. */
export function winnableArg(dlg, mode) {
  const el = box(dlg);
  return mode === 'new' && el && el.checked ? { winnable: true } : {};
}
