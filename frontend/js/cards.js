// Card art drawn for this project: vector suits, faces and the back.
// Everything is SVG in a 100 × 140 box, so cards stay crisp at any size.
// Colours come from CSS (`currentColor`), which is how the four-colour
// setting recolours clubs and diamonds without redrawing anything.

const SVG_NS = 'http://www.w3.org/2000/svg';

function circle(cx, cy, r) {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}

/** Suit outlines in a 100 × 100 box. */
const SUIT_PATHS = {
  S: 'M50 2C42 20 4 40 4 64C4 80 16 88 29 88C38 88 44 84 47 78C46 88 41 94 33 98'
    + 'L67 98C59 94 54 88 53 78C56 84 62 88 71 88C84 88 96 80 96 64C96 40 58 20 50 2Z',
  H: 'M50 94C44 85 6 61 4 34C2 15 16 4 29 4C40 4 47 11 50 20C53 11 60 4 71 4'
    + 'C84 4 98 15 96 34C94 61 56 85 50 94Z',
  D: 'M50 2C60 20 72 36 88 50C72 64 60 80 50 98C40 80 28 64 12 50C28 36 40 20 50 2Z',
  C: `${circle(50, 27, 21)}${circle(27, 61, 21)}${circle(73, 61, 21)}M50 40L34 64L66 64Z`
    + 'M46 60C46 80 41 92 32 98L68 98C59 92 54 80 54 60Z',
};

const RANK_TEXT = {
  A: 'A', 2: '2', 3: '3', 4: '4', 5: '5', 6: '6', 7: '7', 8: '8', 9: '9', T: '10',
  J: 'J', Q: 'Q', K: 'K',
};

// Pip centres on a 3-column grid: x in {L, M, R}, y from 0 (top) to 1 (bottom).
const L = 31; const M = 50; const R = 69;
const PIPS = {
  2: [[M, 0], [M, 1]],
  3: [[M, 0], [M, 0.5], [M, 1]],
  4: [[L, 0], [R, 0], [L, 1], [R, 1]],
  5: [[L, 0], [R, 0], [M, 0.5], [L, 1], [R, 1]],
  6: [[L, 0], [R, 0], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  7: [[L, 0], [R, 0], [M, 0.25], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  8: [[L, 0], [R, 0], [M, 0.25], [L, 0.5], [R, 0.5], [M, 0.75], [L, 1], [R, 1]],
  9: [[L, 0], [R, 0], [L, 1 / 3], [R, 1 / 3], [M, 0.5], [L, 2 / 3], [R, 2 / 3], [L, 1], [R, 1]],
  T: [[L, 0], [R, 0], [M, 1 / 6], [L, 1 / 3], [R, 1 / 3], [L, 2 / 3], [R, 2 / 3], [M, 5 / 6],
    [L, 1], [R, 1]],
};
const PIP_TOP = 47;
const PIP_BOTTOM = 124;
const PIP_SIZE = 17;

/** Put the shared symbols (suits, back) into the page once. */
export function installSprite() {
  if (document.getElementById('ht-sprite')) return;
  const suits = Object.entries(SUIT_PATHS).map(([suit, d]) =>
    `<symbol id="ht-suit-${suit}" viewBox="0 0 100 100"><path d="${d}" fill="currentColor"/></symbol>`)
    .join('');
  const emblem = ['S', 'H', 'D', 'C'].map((suit, i) => {
    const [x, y] = [[42, 52], [56, 66], [42, 80], [28, 66]][i];
    const colour = 'HD'.includes(suit) ? '#b3262e' : '#1f2430';
    // the suit's outline itself, not a <use> of its symbol: every face-down card's back is
    // a copy of #ht-back, and a nested <use> would add its own copy to each (18 units wide)
    return `<path d="${SUIT_PATHS[suit]}" transform="translate(${x - 1} ${y - 5}) scale(0.18)"
      fill="${colour}"/>`;
  }).join('');
  const sprite = document.createElementNS(SVG_NS, 'svg');
  sprite.id = 'ht-sprite';
  sprite.setAttribute('aria-hidden', 'true');
  sprite.setAttribute('width', '0');
  sprite.setAttribute('height', '0');
  sprite.style.position = 'absolute';
  sprite.innerHTML = `<defs>
    <pattern id="ht-lattice" width="9" height="9" patternUnits="userSpaceOnUse"
             patternTransform="rotate(45)">
      <rect width="9" height="9" style="fill:var(--back-a,#1d4f8c)"/>
      <path d="M0 0H9M0 0V9" style="stroke:var(--back-b,#3f74b8)" stroke-width="1.6"/>
      <circle cx="4.5" cy="4.5" r="1" style="fill:var(--back-c,#9cc0ea)"/>
    </pattern>
  </defs>${suits}
  <symbol id="ht-back" viewBox="0 0 100 140">
    <rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="url(#ht-lattice)"
          stroke="#e9e4d6" stroke-width="1.5"/>
    <rect x="5.5" y="5.5" width="89" height="129" rx="4" fill="none" stroke="#fbfaf6"
          stroke-opacity="0.75" stroke-width="1.3"/>
    <ellipse cx="50" cy="70" rx="27" ry="31" fill="#fbfaf6" style="stroke:var(--back-b,#3f74b8)"
             stroke-width="2"/>
    <g class="back-emblem">${emblem}</g>
  </symbol>`;
  document.body.prepend(sprite);
}

function use(suit, x, y, size, rotate = false) {
  const turn = rotate ? ` transform="rotate(180 ${x + size / 2} ${y + size / 2})"` : '';
  return `<use href="#ht-suit-${suit}" x="${x}" y="${y}" width="${size}" height="${size}"${turn}/>`;
}

function pips(rankChar, suit) {
  if (rankChar === 'A') {
    const size = suit === 'S' ? 50 : 44;
    return use(suit, 50 - size / 2, 84 - size / 2, size);
  }
  return PIPS[rankChar].map(([x, f]) => {
    const y = PIP_TOP + f * (PIP_BOTTOM - PIP_TOP);
    return use(suit, x - PIP_SIZE / 2, y - PIP_SIZE / 2, PIP_SIZE, f > 0.5);
  }).join('');
}

function court(rankChar, suit) {
  const corners = [[21, 42], [70, 42], [21, 120], [70, 120]]
    .map(([x, y], i) => use(suit, x, y, 9, i > 1)).join('');
  return `<rect x="14" y="37" width="72" height="96" rx="5" fill="currentColor" fill-opacity="0.07"
      stroke="currentColor" stroke-opacity="0.45" stroke-width="1.2"/>
    <rect x="18" y="41" width="64" height="88" rx="3" fill="none" stroke="currentColor"
      stroke-opacity="0.2" stroke-width="0.8"/>
    ${corners}
    <text x="50" y="93" text-anchor="middle" class="court-letter">${rankChar}</text>
    ${use(suit, 40, 99, 20)}`;
}

const faceCache = new Map();
let deck = null;   // an image deck of looks.js, or null for the art drawn here

/** Draw faces from `imageDeck` ({file(code) → url}), or null: the art drawn here. */
export function setDeck(imageDeck) {
  if (deck !== imageDeck) faceCache.clear();
  deck = imageDeck;
}

/** An image deck's face: its picture alone. Nothing of ours is drawn over it (issue 42: an
 * index of ours hid half a pip); Four-colour is not applied to it, Large cards only scale it. */
function imageFront(code) {
  return `<div class="face front image" aria-hidden="true">
    <img src="${deck.file(code)}" alt="" draggable="false" decoding="async"></div>`;
}

/** The markup of a face-up card, e.g. frontSvg('7H'), in the chosen deck. */
export function frontSvg(code) {
  if (!faceCache.has(code)) faceCache.set(code, deck ? imageFront(code) : drawnFront(code));
  return faceCache.get(code);
}

/** The SVG markup of a face-up card drawn here (the "home" deck). */
export function drawnFront(code) {
  const [rankChar, suit] = code;
  const rank = RANK_TEXT[rankChar];
  const body = 'JQK'.includes(rankChar) ? court(rankChar, suit) : pips(rankChar, suit);
  const wide = rank.length > 1;
  const svg = `<svg class="face front" viewBox="0 0 100 140" aria-hidden="true" focusable="false">
    <rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" class="paper"/>
    <text x="${wide ? 4 : 7}" y="21.5" class="index${wide ? ' wide' : ''}">${rank}</text>
    <g class="corner-suit">${use(suit, 78, 6, 15)}</g>
    ${body}
  </svg>`;
  return svg;
}

/** Mark a face-down card as buried under another at the same place (or not): it then
 * shows only its edge (css/table.css), and its back's copy of #ht-back (a <use>, a dozen
 * nodes of shadow tree for each of the stock's 50-odd cards) is left out of the page. */
export function setBuried(el, buried) {
  if (el.hasAttribute('data-buried') === buried) return;
  el.toggleAttribute('data-buried', buried);
  const back = el.querySelector('.face.back');
  const art = back && back.querySelector(':scope > use');
  if (buried && art) art.remove();
  if (!buried && back && !art) {
    const copy = document.createElementNS(SVG_NS, 'use');
    copy.setAttribute('href', '#ht-back');
    back.prepend(copy);
  }
}

/** The SVG markup of the card back, and its edge alone (the same outer rectangle as
 * #ht-back's) for a card buried under another (css/table.css: data-buried). */
export function backSvg() {
  return `<svg class="face back" viewBox="0 0 100 140" aria-hidden="true" focusable="false">
    <use href="#ht-back"/><rect class="edge" x="0.75" y="0.75" width="98.5" height="138.5" rx="7"
    style="fill:var(--back-a,#1d4f8c)" stroke="#e9e4d6" stroke-width="1.5"/></svg>`;
}

/** A small suit mark for empty foundations. */
export function suitMark(suit) {
  return `<svg class="suit-mark" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
    <use href="#ht-suit-${suit}"/></svg>`;
}
