"""Measuring inside the real page from outside: a probe installed with ``page.evaluate``
after the table is ready. Nothing in the product changes.

- ``pointerup`` (window, capture phase: before the table's own handler) opens a record:
  ``ts`` = the event's timeStamp (the Event Timing API's startTime for it), ``up`` =
  performance.now() when the listener runs, and a requestAnimationFrame registered right
  there (the very next animation frame).
- ``render.onRender`` (an export of frontend/js/render.js; the module is imported again by
  its URL, which yields the page's own instance) marks the end of ``render()``; a microtask
  queued there runs once ``show()`` has also updated the header, i.e. when the DOM holds
  the new state: ``dom``.
- ``window.pywebview.api``'s methods are wrapped to time each bridge call of the action.
- ``frame``: when that next animation frame ran; ``inFrame``: the new state was rendered
  before it (so the frame painted after it shows the new state).
- ``ok``: an expectation given before the action (a JS predicate) held at ``dom`` time.
"""

from __future__ import annotations

from typing import Any

PROBE = r"""
async () => {
  if (window.__bench) return true;
  const render = await import(new URL('js/render.js', document.baseURI).href);
  // Only the current record is kept (a log of every record would itself grow the heap
  // that bench/memory.py watches).
  const B = window.__bench = { cur: null, renders: 0, expect: null, waiters: [] };
  const finish = (a) => {
    if (a.dom === null || a.frame === null || a.finished) return;
    a.finished = true;
    const ws = B.waiters; B.waiters = [];
    for (const w of ws) w(a);
  };
  addEventListener('pointerup', (e) => {
    if (!e.isPrimary || !B.armed) return;
    const a = { label: B.armed, ts: e.timeStamp, up: performance.now(), render: null, dom: null,
                frame: null, inFrame: null, ok: null, calls: [], renders: 0, finished: false };
    B.armed = null;
    B.cur = a;
    requestAnimationFrame(() => {
      a.frame = performance.now();
      a.inFrame = a.render !== null;
      finish(a);
    });
  }, true);
  render.onRender(() => {
    B.renders++;
    const a = B.cur;
    if (!a) return;
    a.renders++;
    if (a.render !== null) return;
    a.render = performance.now();
    const expect = B.expect;
    queueMicrotask(() => {
      a.dom = performance.now();
      try { a.ok = expect ? Boolean(expect()) : null; } catch (err) { a.ok = false; a.err = String(err); }
      finish(a);
    });
  });
  const api = window.pywebview.api;
  for (const m of Object.keys(api)) {
    const f = api[m];
    if (typeof f !== 'function' || f.__benchWrapped) continue;
    const w = function (...args) {
      const a = B.cur;
      const c = { m, t0: performance.now(), t1: null };
      if (a && a.render === null) a.calls.push(c);
      return f.apply(this, args).then((r) => { c.t1 = performance.now(); return r; });
    };
    w.__benchWrapped = true;
    api[m] = w;
  }
  // Wait for the record of the last armed action (resolves at once when it is complete).
  B.wait = (ms) => new Promise((resolve) => {
    const a = B.cur;
    if (a && a.finished) { resolve(a); return; }
    const timer = setTimeout(() => resolve(B.cur && !B.cur.finished ? { ...B.cur, timeout: true } : null), ms);
    B.waiters.push((rec) => { clearTimeout(timer); resolve(rec); });
  });
  return true;
}
"""


def inject_css(page, path: str | None) -> None:
    """Add a stylesheet (a file) to the running page: for trying a fix in the measurement
    without touching the product. Nothing is injected when ``path`` is None."""
    if path:
        from pathlib import Path

        page.add_style_tag(content=Path(path).read_text())
        settle(page, 3)


def layer_count(page) -> int | None:
    """Composited layers of the page now (CDP LayerTree)."""
    import time

    cdp = page.context.new_cdp_session(page)
    got: dict = {}
    cdp.on("LayerTree.layerTreeDidChange", lambda p: got.update(n=len(p.get("layers") or [])))
    cdp.send("LayerTree.enable")
    page.evaluate("() => { document.body.style.outlineColor = 'transparent'; }")   # a new frame
    settle(page, 2)
    for _ in range(40):
        if got:
            break
        time.sleep(0.05)
    cdp.send("LayerTree.disable")
    cdp.detach()
    return got.get("n")


def start_trace(page, params: dict) -> tuple:
    """A Chromium trace (CDP ``Tracing.start`` with ``params``) on a new CDP session; hand
    what it returns to ``end_trace``."""
    cdp = page.context.new_cdp_session(page)
    chunks: list[dict] = []
    done = {"v": False}
    cdp.on("Tracing.dataCollected", lambda p: chunks.extend(p["value"]))
    cdp.on("Tracing.tracingComplete", lambda p: done.update(v=True))
    cdp.send("Tracing.start", params)
    return cdp, chunks, done


def end_trace(page, cdp, chunks, done, timeout: float = 30) -> list[dict]:
    """The trace's events, once Chromium has sent them all (or ``timeout`` s)."""
    import time

    cdp.send("Tracing.end")
    deadline = time.monotonic() + timeout
    while not done["v"] and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    cdp.detach()
    return chunks


def install(page) -> None:
    page.evaluate(PROBE)


def arm(page, label: str, expect_js: str | None = None) -> None:
    """The next pointer-up opens a record ``label``; ``expect_js`` (a JS arrow function
    source, no arguments) is checked when the DOM is updated."""
    page.evaluate(f"() => {{ window.__bench.cur = null; window.__bench.armed = {label!r};"
                  f" window.__bench.expect = {expect_js or 'null'}; }}")


def wait(page, timeout_ms: int = 3000) -> dict[str, Any] | None:
    return page.evaluate(f"() => window.__bench.wait({timeout_ms})")


def still(page, pile: str, index: int, timeout_ms: int = 2000) -> bool:
    """Wait until the card at pile/index has no running animation (CSS transition), so a
    press lands on it and not on whatever its flight uncovered. False on timeout."""
    return page.evaluate("""([pile, index, ms]) => new Promise((ok) => {
      const t0 = performance.now();
      const check = () => {
        const el = document.querySelector(`.card[data-in="${pile}"][data-index="${index}"]`);
        const busy = !el || el.getAnimations({ subtree: true }).length > 0;
        if (!busy) ok(true);
        else if (performance.now() - t0 > ms) ok(false);
        else requestAnimationFrame(check);
      };
      check();
    })""", [pile, index, timeout_ms])


def settle(page, frames: int = 2) -> None:
    """Wait ``frames`` animation frames."""
    page.evaluate("(n) => new Promise((ok) => { const f = () => (--n <= 0 ? ok() : requestAnimationFrame(f)); requestAnimationFrame(f); })", frames)


def layout(page) -> dict[str, Any]:
    """Boxes (viewport coordinates) of every pile and card as the page placed them (final
    positions, not mid-animation): {piles: {id: box}, cards: {pile: [box, …]}, table}."""
    return page.evaluate(r"""async () => {
      const render = await import(new URL('js/render.js', document.baseURI).href);
      const lay = render.currentLayout();
      const t = document.getElementById('table').getBoundingClientRect();
      const piles = {};
      for (const [id, p] of lay.piles) piles[id] = { x: t.left + p.x, y: t.top + p.y, w: p.w, h: p.h };
      const cards = {};
      for (const [id, c] of lay.cards) {
        (cards[c.pile] = cards[c.pile] || [])[c.index] = { id, x: t.left + c.x, y: t.top + c.y,
          w: lay.cw, h: lay.ch, up: c.up, card: c.card || null };
      }
      return { piles, cards, cw: lay.cw, ch: lay.ch,
               table: { x: t.left, y: t.top, w: t.width, h: t.height } };
    }""")


def grab_point(lay: dict, pile: str, index: int) -> tuple[float, float]:
    """Where to press on card ``index`` of ``pile``: its visible strip (below the next card's
    top edge), at the middle of the width."""
    cards = lay["cards"][pile]
    c = cards[index]
    below = cards[index + 1]["y"] if index + 1 < len(cards) else c["y"] + c["h"]
    return c["x"] + c["w"] / 2, c["y"] + min(max((below - c["y"]) / 2, 4), c["h"] / 2)


def centre(box: dict) -> tuple[float, float]:
    """The middle of a box: a layout's (x, y, w, h) or Playwright's (x, y, width, height)."""
    w, h = box.get("w", box.get("width")), box.get("h", box.get("height"))
    return box["x"] + w / 2, box["y"] + h / 2


def drop_point(lay: dict, pile: str) -> tuple[float, float]:
    """Where a dragged card's grab point should be released to land on ``pile``: over its
    top card (or the empty slot)."""
    cards = lay["cards"].get(pile) or []
    box = cards[-1] if cards else lay["piles"][pile]
    return box["x"] + box["w"] / 2, box["y"] + min(box["h"] / 2, 20)


def drag(mouse, start: tuple[float, float], end: tuple[float, float], steps: int = 8,
         pause: float = 0.0) -> None:
    """A mouse drag (``mouse``: CdpMouse or XMouse): press, a small move past the 5 px
    threshold, ``steps`` moves to ``end`` (``pause`` s apart), release."""
    import time

    x, y = start
    mouse.move(x, y)
    mouse.down()
    pts = [(x + 3, y + 3), (x + 6, y + 6)] + [
        (x + 6 + (end[0] - x - 6) * i / steps, y + 6 + (end[1] - y - 6) * i / steps)
        for i in range(1, steps + 1)]
    for px, py in pts:
        if pause:
            time.sleep(pause)
        mouse.move(px, py)
    if pause:
        time.sleep(pause)
    mouse.up()


def click(mouse, point: tuple[float, float], pause: float = 0.0) -> None:
    import time

    mouse.move(*point)
    if pause:
        time.sleep(pause)
    mouse.down()
    if pause:
        time.sleep(pause)
    mouse.up()


# ---- input ------------------------------------------------------------------------------
class CdpMouse:
    """Playwright's mouse (CDP Input.dispatchMouseEvent into the page); every call waits for
    the renderer to acknowledge the event."""

    name = "cdp"
    pause = 0.0   # between the steps of a drag or click (each call waits for the renderer)

    def __init__(self, page) -> None:
        self.m = page.mouse

    def move(self, x: float, y: float) -> None:
        self.m.move(x, y)

    def down(self) -> None:
        self.m.down()

    def up(self) -> None:
        self.m.up()


class XMouse:
    """The X server's own pointer (XTest, as a mouse would): X → Qt → QtWebEngine → page.
    Calls return at once. Page coordinates are mapped to the screen with an offset measured
    once (``calibrate``). Use it on a private Xvfb only: it moves the display's pointer."""

    name = "xtest"
    pause = 0.008   # between the steps of a drag or click: XTest calls do not wait

    def __init__(self, page) -> None:
        from _common import display_is_xvfb
        from _xscreen import Screen

        if not display_is_xvfb():
            raise RuntimeError("XTest input only on an Xvfb display (unset DISPLAY: the bench "
                               "starts its own)")
        self.screen = Screen()
        self.page = page
        self.dx = self.dy = 0.0
        self.calibrate()

    def calibrate(self) -> None:
        """Move the pointer to two screen points and read where the page saw it."""
        import time

        self.page.evaluate("""() => { window.__xcal = null;
            window.__xcalOn = (e) => { window.__xcal = [e.clientX, e.clientY]; };
            addEventListener('pointermove', window.__xcalOn, true); }""")
        for sx, sy in ((300, 300), (640, 420)):
            self.page.evaluate("() => { window.__xcal = null; }")
            self.screen.move(sx, sy)
            for _ in range(100):
                seen = self.page.evaluate("() => window.__xcal")
                if seen:
                    break
                time.sleep(0.02)
            if not seen:
                raise RuntimeError("the page saw no XTest pointer move (is the window on this display?)")
        self.page.evaluate("() => removeEventListener('pointermove', window.__xcalOn, true)")
        self.dx, self.dy = 640 - seen[0], 420 - seen[1]

    def move(self, x: float, y: float) -> None:
        self.screen.move(round(x + self.dx), round(y + self.dy))

    def down(self) -> None:
        self.screen.button(True)

    def up(self) -> None:
        self.screen.button(False)

    def close(self) -> None:
        self.screen.close()


def mouse_for(page, kind: str):
    """``kind`` "xtest" (falls back to "cdp" when the display is not an Xvfb) or "cdp"."""
    if kind == "xtest":
        try:
            return XMouse(page)
        except (RuntimeError, OSError) as e:
            print(f"(XTest input unavailable: {e}; using Playwright's mouse)", flush=True)
    return CdpMouse(page)
