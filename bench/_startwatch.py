"""Start-up on the X screen (bench/startup.py, beside bench/_sidebyside.py's ratios): spawn →
window on screen → first cards painted, read from a probe box polled on the screen, and PSS 3 s
after the spawn; for our app and, through ``start_run``, the rivals of bench/_rivals.py."""

from __future__ import annotations

import time
from typing import Any, Optional

from _rivals import Rival, find_window, window_geometry
from _tablepix import card_on_felt, find_probe


class StartWatch:
    """Spawn → on the X screen, for one app started again and again at the same place with
    nothing else on the display: ``begin()`` just before the spawn reads a probe box,
    ``spawned(spawn_wall, memory)`` polls it every ``poll_s`` (reads of a 40×40 box take
    ~0.2 ms, so the resolution is about ``poll_s``) and returns when it first changed
    (``window_s``: the window is on screen) and when it first shows a card beside the felt
    (``cards_s``), then waits until ``pss_after_s`` after the spawn (at least 1 s after the
    cards) and calls ``memory``.
    The probe is found once from the settled window (``settled(pids)``, first run)."""

    def __init__(self, screen, name: str, poll_s: float = 0.002, pss_after_s: float = 3.0,
                 cache=None) -> None:
        self.screen, self.name, self.poll_s, self.pss_after_s = screen, name, poll_s, pss_after_s
        self.cache = cache   # a bench/_warm.py FileCache read before every start, or None
        self.probe: Optional[tuple[int, int, int, int]] = None
        self._base: Optional[bytes] = None
        self._warmed: Optional[dict] = None

    def begin(self) -> None:
        self._warmed = self.cache.warm() if self.cache else None
        self._base = self.screen.grab(self.probe) if self.probe else None

    def spawned(self, spawn_wall: float, memory, timeout: float = 20.0) -> Optional[dict]:
        if not self.probe:
            return None
        out: dict[str, Any] = {"window_s": None, "cards_s": None, "warmed": self._warmed}
        deadline = spawn_wall + timeout
        while time.time() < deadline:
            data = self.screen.grab(self.probe)
            now = time.time()
            if out["window_s"] is None and data != self._base:
                out["window_s"] = now - spawn_wall
            if card_on_felt(data, self.screen.stride, (0, 0, *self.probe[2:])):
                out["cards_s"] = now - spawn_wall
                break
            time.sleep(self.poll_s)
        # 3 s after the spawn, but never before 1 s after the cards showed (a loaded machine
        # can take longer than 3 s to start, and a half-started app is not the figure)
        at = max(spawn_wall + self.pss_after_s, spawn_wall + (out["cards_s"] or 0) + 1.0)
        if at > time.time():
            time.sleep(at - time.time())
        out["memory_at_s"] = time.time() - spawn_wall
        out["memory"] = {k: v for k, v in memory().items() if k != "processes"}
        return out

    def settled(self, pids: list[int]) -> None:
        """Find the probe in the settled window of ``pids`` (once); the file cache learns
        what they map."""
        if self.cache:
            self.cache.learn(pids)
        if self.probe:
            return
        win = find_window(lambda: pids, self.name)
        x, y, w, h = window_geometry(win)
        box = self.screen.clip((x, y, w, h))
        found = find_probe(self.screen.grab(box), self.screen.stride, box[2], box[3])
        if found is None:
            raise RuntimeError(f"{self.name}: no card beside the felt in the settled window")
        self.probe = (box[0] + found[0], box[1] + found[1], found[2], found[3])


def start_run(pw, kind: str, watch: StartWatch, settle: float = 4.0) -> dict:
    """One start of a rival (``bare`` or ``aisleriot`` Seahaven): screen times, memory 3 s
    after the spawn, and for the bare page its ``pywebviewready`` (after ``settle`` s, over
    CDP, as bench/startup.py reads our ``harp-ready``)."""
    r = Rival(kind, "seahaven")
    try:
        watch.begin()
        r.start()
        out: dict[str, Any] = {"screen": watch.spawned(r.spawn_wall, r.memory)}
        left = r.spawn_wall + settle - time.time()
        if left > 0:
            time.sleep(left)
        if kind == "bare":
            browser = pw.chromium.connect_over_cdp(f"http://127.0.0.1:{r.port}", no_defaults=True)
            try:
                page = browser.contexts[0].pages[0]
                t = page.evaluate("() => performance.timeOrigin + "
                                  "performance.getEntriesByName('bare-ready')[0].startTime")
                out["ready_s"] = t / 1000 - r.spawn_wall
            finally:
                browser.close()
        watch.settled(r.pids())
        return out
    finally:
        r.stop()
