"""Other solitaire apps measured beside ours: GNOME Aisleriot, KDE KPatience and a bare
pywebview page on our Qt stack. Measurement tools only (bench/README.md, "Rivals").

- ``Rival(kind, …)`` starts one of them in a private HOME / XDG folders, finds its X
  window (by the _NET_WM_PID of its process tree), places it, and sums PSS / anonymous
  memory over its processes (``memory()``).
  * ``aisleriot``: ``sol --variation seahaven`` (or ``klondike``). Its deal is random (this
    build takes no deal number), so only deal-independent actions are played on it.
  * ``kpat``: KPatience's Freecell game with the Seahaven Towers preset (``kpatrc``: 10
    stacks, 4 cells, built by suit, kings only on empty stacks), started on a saved game that
    holds exactly the position our app starts from (``kpat_save``); ``klondike`` for the stock.
  * ``bare``: ``python bench/_rivals.py bare``: pywebview on Qt with a one-element page
    that sets a ``pywebviewready`` performance mark (read over CDP like our app).
- ``StartWatch`` / ``start_run``: spawn → window on screen → first cards painted (a probe
  box polled on the X screen), PSS 3 s after the spawn, for our app and the rivals in
  bench/startup.py (compared in bench/_sidebyside.py); ``beside``: the rivals' memory at
  rest next to ours (bench/memory.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

from _common import children_tree, free_port, smaps_rollup, proc_name
from _procs import wait_gone

GAMES_DIR = "/usr/games"
LABELS = {"aisleriot": "GNOME Aisleriot", "kpat": "KDE KPatience", "bare": "bare pywebview page"}
KPAT_SEAHAVEN = {"FreecellEmptyStackFill": 1, "FreecellSequenceBuiltBy": 1,
                 "FreecellReserves": 4, "FreecellStacks": 4, "FreecellDecks": 0}
KPAT_SUITS = {"C": ("clubs", 0), "D": ("diamonds", 1), "H": ("hearts", 2), "S": ("spades", 3)}
KPAT_RANKS = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king"]

# The floor: the same stack with a page that does nothing but one card-sized box, which
# changes colour on every pointerup and Ctrl+Z (bench/pixels.py times those against ours).
BARE_PAGE = """<!doctype html><html><head><style>
html,body{margin:0;height:100%;background:#1d5c34}
.card{position:absolute;left:40px;top:calc(50% - 63px);width:90px;height:126px;background:#fff;border-radius:6px}
.card.hit{background:#c0392b}
</style></head><body><div class="card"></div><script>
const box = document.querySelector('.card');
const flip = () => box.classList.toggle('hit');
addEventListener('pointerup', flip);
addEventListener('keydown', (e) => { if (e.ctrlKey && e.key === 'z') flip(); });
addEventListener('pywebviewready', () => performance.mark('bare-ready'));
</script></body></html>"""


def available() -> dict[str, bool]:
    """Which rivals are installed (apt: aisleriot, kpat; dbus for kpat)."""
    path = os.environ.get("PATH", "") + os.pathsep + GAMES_DIR
    return {"aisleriot": bool(shutil.which("sol", path=path)),
            "kpat": bool(shutil.which("kpat", path=path) and shutil.which("dbus-run-session"))}


def kpat_card(text: str) -> str:
    """A <card> element of KPatience's save format for our card text (``KD``, ``TS``)."""
    rank = "A23456789TJQK".index(text[0]) + 1
    name, suit = KPAT_SUITS[text[1]]
    # ids as KPatience numbers its one deck: ranks outer, suits inner (kcarddeck.cpp)
    number = (rank - 1) * 4 + suit
    ident = (number << 16) | (suit << 8) | rank
    return (f'<card id="{ident:07d}" suit="{name}" rank="{KPAT_RANKS[rank - 1]}" '
            'turn="face-up"/>')


def kpat_save(columns: list[list[str]], cells: list[list[str]],
              foundations: list[list[str]]) -> str:
    """A KPatience save (``kpat-game``, Freecell) holding exactly this position; card texts in
    our notation, bottom card first."""
    moves = []
    for prefix, piles in (("store", columns), ("freecell", cells), ("target", foundations)):
        for i, cards in enumerate(piles):
            if cards:
                moves.append(f'<move pile="{prefix}{i}" position="0">'
                             + "".join(kpat_card(c) for c in cards) + "</move>")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<kpat-game game-type="freecell" deal-number="1">'
            '<state current="true">' + "".join(moves) + "</state></kpat-game>\n")


def position_of(game) -> dict[str, list[list[str]]]:
    """Card texts of an engine game's piles (for ``kpat_save``)."""
    return {"columns": [[c.text for c in col] for col in game.columns],
            "cells": [[c.text for c in cell] for cell in game.cells],
            "foundations": [[c.text for c in f] for f in game.foundations]}


class Rival:
    """One rival app in its own folders. ``kind``: aisleriot | kpat | bare; ``game``:
    seahaven | klondike (rivals), ignored for bare; ``position``: ``position_of(game)`` for
    kpat's Seahaven."""

    def __init__(self, kind: str, game: str = "seahaven",
                 position: Optional[dict[str, Any]] = None) -> None:
        self.kind, self.game, self.position = kind, game, position
        self._tmp = tempfile.TemporaryDirectory(prefix=f"harp-rival-{kind}-")
        self.dir = Path(self._tmp.name)
        self.proc: Optional[subprocess.Popen] = None
        self.spawn_wall = 0.0
        self.window: Optional[int] = None
        self.port = free_port()

    @property
    def label(self) -> str:
        return LABELS[self.kind]

    def _env(self) -> dict[str, str]:
        env = dict(os.environ, HOME=str(self.dir), XDG_CONFIG_HOME=str(self.dir / "config"),
                   XDG_DATA_HOME=str(self.dir / "data"), XDG_CACHE_HOME=str(self.dir / "cache"),
                   XDG_RUNTIME_DIR=str(self.dir / "run"), NO_AT_BRIDGE="1",
                   PATH=os.environ.get("PATH", "") + os.pathsep + GAMES_DIR)
        for d in ("config", "data", "cache", "run"):
            (self.dir / d).mkdir(mode=0o700, exist_ok=True)
        return env

    def command(self) -> list[str]:
        if self.kind == "aisleriot":
            return ["sol", "--variation", self.game]
        if self.kind == "kpat":
            cfg = ["[General Settings]", "Autodrop=false", "Solver=false"]
            cfg += [f"{k}={v}" for k, v in KPAT_SEAHAVEN.items()]
            (self.dir / "config" / "kpatrc").write_text("\n".join(cfg) + "\n")
            if self.game == "klondike":
                return ["dbus-run-session", "--", "kpat", "--gametype", "klondike"]
            save = self.dir / "seahaven.kpat"
            save.write_text(kpat_save(**self.position) if self.position else "")
            return ["dbus-run-session", "--", "kpat", str(save)] if self.position else \
                ["dbus-run-session", "--", "kpat", "--gametype", "freecell"]
        return [sys.executable, str(Path(__file__).resolve()), "bare"]

    def start(self) -> "Rival":
        env = self._env()
        if self.kind == "bare":
            env.update(QTWEBENGINE_REMOTE_DEBUGGING=f"127.0.0.1:{self.port}", QT_API="pyside6",
                       PYWEBVIEW_GUI="qt")
            if os.geteuid() == 0:
                env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"
        cmd = self.command()
        self._log = open(self.dir / "log.txt", "w")
        self.spawn_wall = time.time()
        self.proc = subprocess.Popen(cmd, env=env, stdout=self._log, stderr=subprocess.STDOUT)
        return self

    def pids(self) -> list[int]:
        return children_tree(self.proc.pid) if self.proc else []

    def find_window(self, timeout: float = 20.0) -> int:
        """The largest visible X window of the process tree."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            best = (0, None)
            for pid in self.pids():
                out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                                     capture_output=True, text=True).stdout.split()
                for w in out:
                    g = window_geometry(int(w))
                    if g and g[2] * g[3] > best[0]:
                        best = (g[2] * g[3], int(w))
            if best[1] and best[0] > 200 * 200:
                self.window = best[1]
                return self.window
            time.sleep(0.05)
        raise RuntimeError(f"{self.label}: no window within {timeout} s\n{self.log_text()[-2000:]}")

    def place(self, x: int, y: int, w: int, h: int) -> None:
        place_window(self.window, x, y, w, h)

    def memory(self) -> dict[str, Any]:
        return tree_memory(self.pids(), exclude=("dbus-daemon", "dbus-run-session"))

    def log_text(self) -> str:
        try:
            return (self.dir / "log.txt").read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc is not None:
            pids = self.pids()
            for pid in reversed(pids):
                try:
                    os.kill(pid, 15)
                except OSError:
                    pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                for pid in pids:
                    try:
                        os.kill(pid, 9)
                    except OSError:
                        pass
            wait_gone(pids)
            self.proc = None
        if getattr(self, "_log", None):
            self._log.close()
            self._log = None
        self._tmp.cleanup()


def window_geometry(win: int) -> Optional[tuple[int, int, int, int]]:
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(win)],
                         capture_output=True, text=True).stdout
    vals = dict(line.split("=", 1) for line in out.split() if "=" in line)
    try:
        return int(vals["X"]), int(vals["Y"]), int(vals["WIDTH"]), int(vals["HEIGHT"])
    except (KeyError, ValueError):
        return None


def place_window(win: int, x: int, y: int, w: int, h: int) -> None:
    """Size and move a top-level window (no window manager on Xvfb: the app sees a plain
    ConfigureNotify), then wait until the server reports it."""
    subprocess.run(["xdotool", "windowsize", str(win), str(w), str(h)], check=False)
    subprocess.run(["xdotool", "windowmove", str(win), str(x), str(y)], check=False)
    for _ in range(100):
        if window_geometry(win) == (x, y, w, h):
            return
        time.sleep(0.02)


def tree_memory(pids: list[int], exclude: tuple[str, ...] = ()) -> dict[str, Any]:
    """PSS / anonymous / USS summed over ``pids`` (kB), with each process."""
    procs = []
    for p in pids:
        name = proc_name(p)
        if any(e in name for e in exclude):
            continue
        m = smaps_rollup(p)
        if m:
            procs.append({"pid": p, "name": name, "pss_kb": m.get("Pss", 0),
                          "anon_kb": m.get("Anonymous", 0),
                          "uss_kb": m.get("Private_Clean", 0) + m.get("Private_Dirty", 0)})
    return {"pss_kb": sum(p["pss_kb"] for p in procs), "anon_kb": sum(p["anon_kb"] for p in procs),
            "uss_kb": sum(p["uss_kb"] for p in procs), "processes": procs}


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
        from _tablepix import card_on_felt

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
        from _tablepix import find_probe

        probe_rival = Rival.__new__(Rival)
        probe_rival.proc = None
        probe_rival.pids = lambda: pids  # type: ignore[method-assign]
        win = Rival.find_window(probe_rival)
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


def beside(ours_memory, settle: float = 4.0) -> dict:
    """The bare page and Aisleriot (Seahaven) started beside our running app, at rest
    ``settle`` s after their windows showed: memory of all three read at the same moment (PSS shares move with who else
    maps the same libraries, so ours is read again here)."""
    kinds = ["bare"] + (["aisleriot"] if available()["aisleriot"] else [])
    rs = [Rival(k, "seahaven").start() for k in kinds]
    try:
        for r in rs:
            r.find_window(60)
        time.sleep(settle)
        out = {"ours": {k: v for k, v in ours_memory().items() if k != "processes"}}
        for k, r in zip(kinds, rs):
            out[k] = {k2: v for k2, v in r.memory().items() if k2 != "processes"}
        for k in kinds:
            for m in ("pss_kb", "anon_kb"):
                if out[k][m]:
                    out.setdefault("ratios", {})[f"{m[:-3]} ours ÷ {k}"] = round(out["ours"][m] / out[k][m], 2)
        return out
    finally:
        for r in rs:
            r.stop()


def _bare() -> None:
    """The floor page, started exactly as the app starts its window: the same environment
    (Qt binding, renderer, malloc arenas: ``window.qt_environment``), the same QApplication,
    window size, background and private profile."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
    from harptowers.desktop import native, window
    from harptowers.desktop.geometry import DEFAULT_SIZE   # the size our window opens at

    print("renderer:", window.qt_environment(), flush=True)
    import webview

    native.ensure_qapplication()
    webview.create_window("bare", html=BARE_PAGE, width=DEFAULT_SIZE[0], height=DEFAULT_SIZE[1],
                          background_color="#0b5d3b", text_select=False)
    webview.start(gui="qt", private_mode=True)


if __name__ == "__main__":
    {"bare": _bare}[sys.argv[1]]()
