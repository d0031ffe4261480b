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
- ``seahaven_layout(screen, box)``: where a Seahaven table's columns, their top cards and
  the top row of piles are, found from the pixels of the settled window (cards are the
  pixels that are not green).

``python bench/_rivals.py shots`` starts each rival on $DISPLAY and writes a PNG of each.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

from _common import children_tree, free_port, smaps_rollup, proc_name

GAMES_DIR = "/usr/games"
KPAT_SEAHAVEN = {"FreecellEmptyStackFill": 1, "FreecellSequenceBuiltBy": 1,
                 "FreecellReserves": 4, "FreecellStacks": 4, "FreecellDecks": 0}
KPAT_SUITS = {"C": ("clubs", 0), "D": ("diamonds", 1), "H": ("hearts", 2), "S": ("spades", 3)}
KPAT_RANKS = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king"]

BARE_PAGE = """<!doctype html><html><head><style>
html,body{margin:0;height:100%;background:#1d5c34}
.card{position:absolute;left:40px;top:40px;width:90px;height:126px;background:#fff;border-radius:6px}
</style></head><body><div class="card"></div><script>
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
        return {"aisleriot": "GNOME Aisleriot", "kpat": "KDE KPatience",
                "bare": "bare pywebview page"}[self.kind]

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


# ---- where the cards are, from the pixels ----------------------------------------------
def is_card(b: int, g: int, r: int) -> bool:
    """A pixel of a card rather than the felt: every table here is green, no card is."""
    return not (g > r + 25 and g > b + 25)


def _light(data: bytes, stride: int, x: int, y: int) -> bool:
    i = y * stride + x * 4
    return is_card(data[i], data[i + 1], data[i + 2])


def _runs(flags: list[bool], min_len: int) -> list[tuple[int, int]]:
    out, start = [], None
    for i, f in enumerate(flags + [False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            if i - start >= min_len:
                out.append((start, i))
            start = None
    return out


def _coverage(data: bytes, stride: int, w: int, y: int) -> float:
    return sum(_light(data, stride, x, y) for x in range(0, w, 2)) / len(range(0, w, 2))


def _row_runs(data: bytes, stride: int, w: int, y: int) -> list[tuple[int, int]]:
    """Card-wide runs (30–300 px) of card pixels along row ``y``; none on a row that is
    almost all card-coloured (a menu or tool bar, not the table)."""
    flags = [_light(data, stride, x, y) for x in range(w)]
    if sum(flags) > 0.9 * w:
        return []
    return [r for r in _runs(flags, 30) if r[1] - r[0] <= 300]


def _grid(runs: list[tuple[int, int]]) -> tuple[float, float, int]:
    """(x of slot 0, pitch, card width) from runs of cards standing on an equal pitch."""
    cw = round(statistics.median(b - a for a, b in runs))
    diffs = [b[0] - a[0] for a, b in zip(runs, runs[1:])]
    step = min(diffs)
    pitch = statistics.median(d for d in diffs if d < 1.5 * step)
    x0 = runs[0][0] - round(runs[0][0] / pitch) * pitch if runs[0][0] > pitch * 0.9 else runs[0][0]
    return x0, pitch, cw


def seahaven_layout(data: bytes, stride: int, w: int, h: int, columns: int = 10) -> dict[str, Any]:
    """Boxes (window coordinates) of a settled Seahaven table, from its card pixels: the top
    row (cells and foundations), the tableau's top edge, each column's x (an equal pitch,
    from the tableau's first row, or from the top row's cards where the columns touch) and the
    box of its top card (an empty column: the slot at the tableau's top)."""
    y = 0
    while y < h // 2 and len(_row_runs(data, stride, w, y)) < 2:
        y += 1
    top0 = y
    top_runs = _row_runs(data, stride, w, top0 + 6)
    while y < h and len(_row_runs(data, stride, w, y)) >= 1:
        y += 1
    top1 = y
    while y < h - 5 and _coverage(data, stride, w, y) < 0.4:
        y += 1
    ttop = y
    runs = _row_runs(data, stride, w, ttop + 4)
    if len(runs) >= 5:
        x0, pitch, cw = _grid(runs)
        x0 = runs[0][0]
    elif len(top_runs) >= 2:
        x0, pitch, cw = _grid(top_runs)
    else:
        raise RuntimeError(f"no Seahaven table found (top row {top0}-{top1}, tableau {ttop}, "
                           f"{len(runs)} columns)")
    ch = top1 - top0
    cols = []
    for i in range(columns):
        a = round(x0 + i * pitch)
        xs = range(a + 4, a + cw - 4, 3)
        yy, last = ttop, None
        while yy < h:
            if sum(_light(data, stride, x, yy) for x in xs) >= 0.5 * len(xs):
                last = yy
            elif last is not None and yy - last > 6:
                break
            elif last is None and yy - ttop > 6:
                break
            yy += 1
        bottom = (last + 1) if last is not None else ttop
        empty = last is None
        cols.append({"x": a, "w": cw, "empty": empty, "bottom": bottom,
                     "card": {"x": a, "y": ttop if empty else bottom - ch, "w": cw, "h": ch}})
    return {"columns": cols, "top_row": {"top": top0, "bottom": top1}, "tableau_top": ttop,
            "cw": cw, "ch": ch, "pitch": pitch}


def _bare() -> None:
    import webview

    webview.create_window("bare", html=BARE_PAGE, width=960, height=700)
    webview.start(gui="qt")


def _shots() -> None:
    from _xscreen import Screen

    screen = Screen()
    out = Path(tempfile.gettempdir())
    for kind, game in (("aisleriot", "seahaven"), ("kpat", "seahaven"), ("aisleriot", "klondike"),
                       ("kpat", "klondike"), ("bare", "")):
        r = Rival(kind, game).start()
        try:
            r.find_window()
            r.place(0, 0, 960, 700)
            time.sleep(3)
            path = out / f"rival-{kind}-{game}.png"
            screen.save_png(str(path), (0, 0, 960, 700))
            print(path, r.memory()["pss_kb"], "kB PSS", flush=True)
        finally:
            r.stop()


if __name__ == "__main__":
    {"bare": _bare, "shots": _shots}[sys.argv[1]]()
