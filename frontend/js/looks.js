// The table's looks (issue 16): the card deck, the card back, the felt and the animation
// speed, all page settings kept by Python. A deck's images are loaded only once it is
// chosen (its <img> elements are made then), and Settings' previews only when it opens.

import { drawnFront } from './cards.js';

/** The decks: ours, drawn in cards.js, and two open-licensed SVG decks kept as they came
 * under decks/<name>/ with their licence files (credited in About). */
export const DECKS = {
  home: null,
  classic: {   // Vectorized Playing Cards 1.3, Chris Aguilar (LGPL-3.0), from the cardsJS package
    file(code) {
      const rank = code[0] === 'T' ? '10' : code[0];
      return `decks/classic/cards/${rank}${code[1]}.svg`;
    },
  },
  responsive: {   // Responsive Playing Cards (LGPL-3.0), after Chris Aguilar's
    file(code) {
      const rank = 'A23456789TJQK'.indexOf(code[0]) + 1;
      return `decks/responsive/cards/${rank}${code[1].toLowerCase()}.svg`;
    },
  },
};
/** Card backs: our lattice in these colours (ground, lines, dots). */
export const BACK_COLOURS = {
  blue: ['#1d4f8c', '#3f74b8', '#9cc0ea'],
  red: ['#8c1d2a', '#b8434f', '#f0b3ba'],
  green: ['#1b5e36', '#3f9463', '#b0e2c1'],
  black: ['#202329', '#4d535e', '#c2c7d0'],
};
export const BACKS = Object.keys(BACK_COLOURS);
export const FELTS = ['green', 'blue', 'red', 'grey'];
export const SPEEDS = ['normal', 'fast', 'off'];

const DEFAULTS = { deck: 'home', card_back: 'blue', felt: 'green', anim_speed: 'normal' };
const CHOICES = { deck: Object.keys(DECKS), card_back: BACKS, felt: FELTS, anim_speed: SPEEDS };

/** A look setting, or its default when missing or unknown (Python keeps any short text). */
export function chosen(settings, name) {
  const value = settings && settings[name];
  return CHOICES[name].includes(value) ? value : DEFAULTS[name];
}

/** The card back and felt as body attributes (css/looks.css); the deck as its name. */
export function applyLooks(settings) {
  const body = document.body.dataset;
  const back = chosen(settings, 'card_back');
  const felt = chosen(settings, 'felt');
  if (body.back !== back) {
    body.back = back;
    BACK_COLOURS[back].forEach((c, i) => document.body.style.setProperty(`--back-${'abc'[i]}`, c));
  }
  if (body.felt !== felt) body.felt = felt;
  return chosen(settings, 'deck');
}

const PREVIEW_CARD = 'KH';

/** Settings: the radio buttons of each look, with small previews; the previews' images are
 * asked for only here, when Settings opens. */
export function syncSettings(dlg, settings) {
  for (const input of dlg.querySelectorAll('.looks input[type="radio"]')) {
    input.checked = chosen(settings, input.name) === input.value;
  }
  const speed = dlg.querySelector('select[name="anim_speed"]');
  if (speed) speed.value = chosen(settings, 'anim_speed');
  const home = dlg.querySelector('.home-preview');
  if (home && !home.firstChild) home.innerHTML = drawnFront(PREVIEW_CARD);
  for (const img of dlg.querySelectorAll('img[data-preview-deck]')) {
    const deck = DECKS[img.dataset.previewDeck];
    if (deck && !img.getAttribute('src')) img.src = deck.file(PREVIEW_CARD);
  }
}

/** A small picture of a card back for Settings. */
export function backPreview(name) {
  const [a, b, c] = BACK_COLOURS[name];
  return `<svg viewBox="0 0 100 140" aria-hidden="true"><defs>
    <pattern id="pv-${name}" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="9" height="9" fill="${a}"/><path d="M0 0H9M0 0V9" stroke="${b}" stroke-width="1.6"/>
      <circle cx="4.5" cy="4.5" r="1" fill="${c}"/></pattern></defs>
    <rect width="100" height="140" fill="url(#pv-${name})"/>
    <ellipse cx="50" cy="70" rx="27" ry="31" fill="#fbfaf6" stroke="${b}" stroke-width="3"/></svg>`;
}

/** Fill Settings' look choices once (the labels come from the catalogues, data-i18n). */
export function buildSettings(dlg) {
  const box = dlg.querySelector('.looks-choices');
  if (!box || box.dataset.built) return;
  box.dataset.built = '1';
  const group = (name, values, preview) => {
    const set = document.createElement('fieldset');
    set.className = 'looks';
    set.innerHTML = `<legend data-i18n="looks.${name}"></legend><div class="options"></div>`;
    for (const value of values) {
      const label = document.createElement('label');
      label.innerHTML = `<input type="radio" name="${name}" value="${value}"
        data-testid="set-${name}-${value}">${preview(value)}<span data-i18n="looks.${name}_${value}"></span>`;
      set.lastElementChild.append(label);
    }
    box.append(set);
  };
  group('deck', Object.keys(DECKS), (d) => (DECKS[d]
    ? `<span class="preview"><img data-preview-deck="${d}" alt=""></span>`
    : '<span class="preview home-preview"></span>'));
  group('card_back', BACKS, (b) => `<span class="preview">${backPreview(b)}</span>`);
  group('felt', FELTS, (f) => `<span class="preview swatch" data-felt="${f}"></span>`);
}
