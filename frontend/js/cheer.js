// The moments around a game (issue 16): a deal the player can skip, and the win
// celebration, a cascade: the foundations' cards, top first, leap off and bounce along the
// table's floor until they leave it. A click or any key skips either; reduced motion and
// the speed setting "off" skip them before they start (anim.reducedMotion).

import * as anim from './anim.js';

const table = () => document.getElementById('table');
let stopSkip = null;

/** While a deal animates (`ms`), the first click or key puts every card in place at once and
 * goes no further (it is not a move). */
export function skippableDeal(ms) {
  if (stopSkip) stopSkip();
  if (!ms) return;
  const skip = (e) => {
    if (e.type === 'keydown' && ['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) return;
    if (document.querySelector('dialog[open]')) return;
    if (e.type === 'pointerdown' && e.target.closest && e.target.closest('.bar, .status-line')) return;
    e.preventDefault();
    e.stopPropagation();
    anim.finish();
    stopSkip();
  };
  const timer = setTimeout(() => stopSkip && stopSkip(), ms);
  window.addEventListener('pointerdown', skip, true);
  window.addEventListener('keydown', skip, true);
  stopSkip = () => {
    clearTimeout(timer);
    window.removeEventListener('pointerdown', skip, true);
    window.removeEventListener('keydown', skip, true);
    stopSkip = null;
  };
}

/** The path of one card: a leap to one side, then bounces on the floor, as keyframes. */
function path(x0, y0, floor, width, cw, seed) {
  // across the table in 50 … 90 frames, whatever its size
  const vx = (seed % 2 ? -1 : 1) * (width / (50 + (seed * 7) % 40));
  let vy = -(4 + ((seed * 13) % 10) / 1.6) * (floor / 500);
  const g = 0.55 * (floor / 500);
  let x = x0;
  let y = y0;
  const frames = [{ transform: `translate3d(${x}px, ${y}px, 0)` }];
  for (let i = 0; i < 200 && x > -cw - 4 && x < width + 4; i += 1) {
    vy += g;
    x += vx;
    y += vy;
    if (y > floor) { y = floor; vy = -vy * 0.72; }
    frames.push({ transform: `translate3d(${Math.round(x)}px, ${Math.round(y)}px, 0)` });
  }
  return frames;
}

/**
 * The win cascade over `piles` (the view model's foundations, bottom → top) whose card
 * elements `elementOf(id)` gives. Resolves to true when skipped (a click or a key), and the
 * table is at once as it was; to false when it ran to its end (or nothing should move): the
 * cards it took stay hidden until restore().
 */
export function cascade(piles, elementOf) {
  if (anim.reducedMotion()) return Promise.resolve(false);
  const host = table();
  const layer = document.createElement('div');
  layer.className = 'celebration';
  layer.dataset.testid = 'celebration';
  host.append(layer);
  const width = host.clientWidth;
  const hidden = [];
  const running = [];
  const timers = [];
  const order = [];
  const longest = Math.max(0, ...piles.map((p) => p.cards.length));
  for (let depth = 0; depth < longest; depth += 1) {
    for (const p of piles) {
      const c = p.cards[p.cards.length - 1 - depth];
      if (c) order.push(c.id);
    }
  }
  // about two seconds in all, so the win window is never far away
  const gap = anim.duration(Math.min(110, 1400 / Math.max(order.length, 1)));
  return new Promise((resolve) => {
    let done = false;
    const end = (skipped) => {
      if (done) return;
      done = true;
      timers.forEach(clearTimeout);
      running.forEach((a) => a.cancel());
      layer.remove();
      // skipped: the table at once as it was; run to its end: empty until restore()
      if (skipped) hidden.forEach((el) => el.classList.remove('cheer-hidden'));
      window.removeEventListener('keydown', onKey, true);
      resolve(skipped);
    };
    const onKey = (e) => { e.preventDefault(); e.stopPropagation(); end(true); };
    window.addEventListener('keydown', onKey, true);
    layer.addEventListener('pointerdown', (e) => { e.preventDefault(); e.stopPropagation(); end(true); });
    let left = order.length;
    if (!left) { end(false); return; }
    order.forEach((id, i) => {
      timers.push(setTimeout(() => {
        const el = elementOf(id);
        const pos = el && anim.positionOf(el);
        if (!pos) { left -= 1; if (!left) end(false); return; }
        const clone = el.cloneNode(true);
        clone.classList.remove('flying', 'hint', 'hint-source', 'kb-focus');
        clone.removeAttribute('data-id');
        clone.removeAttribute('data-in');
        clone.setAttribute('aria-hidden', 'true');
        clone.style.zIndex = String(10 + i);
        layer.append(clone);
        el.classList.add('cheer-hidden');
        hidden.push(el);
        const frames = path(pos.x, pos.y, host.clientHeight - el.offsetHeight, width, el.offsetWidth, i + 1);
        const a = clone.animate(frames, { duration: anim.duration(frames.length * 12), fill: 'forwards' });
        running.push(a);
        a.onfinish = () => { clone.remove(); left -= 1; if (!left) end(false); };
      }, i * gap));
    });
  });
}

/** The cards a finished cascade took come back, fading in (css/looks.css). */
export function restore() {
  for (const el of document.querySelectorAll('.cheer-hidden')) {
    el.classList.remove('cheer-hidden');
    if (!anim.reducedMotion()) {
      el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: anim.duration(260), easing: 'ease-out' });
    }
  }
}
