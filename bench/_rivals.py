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
- ``find_window`` / ``place_window``: an app's X window, found by its process tree, and
  put in its place; ``beside``: the rivals' memory at rest next to ours (bench/memory.py).
  Their start-up on the X screen is bench/_startwatch.py's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Optional

# through _common, which the floor page's process imports as it always has (its start-up is measured)
from _common import children_tree, free_port, pids_memory, qt_env, stop_tree

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
            env = qt_env(self.port, env)
        cmd = self.command()
        self._log = open(self.dir / "log.txt", "w")
        self.spawn_wall = time.time()
        self.proc = subprocess.Popen(cmd, env=env, stdout=self._log, stderr=subprocess.STDOUT)
        return self

    def pids(self) -> list[int]:
        return children_tree(self.proc.pid) if self.proc else []

    def find_window(self, timeout: float = 20.0) -> int:
        self.window = find_window(self.pids, self.label, timeout, self.log_text)
        return self.window

    def place(self, x: int, y: int, w: int, h: int) -> None:
        place_window(self.window, x, y, w, h)

    def memory(self) -> dict[str, Any]:
        return pids_memory(self.pids(), exclude=("dbus-daemon", "dbus-run-session"))

    def log_text(self) -> str:
        try:
            return (self.dir / "log.txt").read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc is not None:
            stop_tree(self.proc, self.pids(), every=True)
            self.proc = None
        if getattr(self, "_log", None):
            self._log.close()
            self._log = None
        self._tmp.cleanup()


def find_window(pids: Callable[[], list[int]], label: str, timeout: float = 20.0,
                log: Callable[[], str] = str) -> int:
    """The largest visible X window (over 200×200) of the processes ``pids()`` names."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        best = (0, None)
        for pid in pids():
            out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                                 capture_output=True, text=True).stdout.split()
            for w in out:
                g = window_geometry(int(w))
                if g and g[2] * g[3] > best[0]:
                    best = (g[2] * g[3], int(w))
        if best[1] and best[0] > 200 * 200:
            return best[1]
        time.sleep(0.05)
    raise RuntimeError(f"{label}: no window within {timeout} s\n{log()[-2000:]}")


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
