"""The windows of bench/pixels.py side by side on one X screen: each app's slot (960×700, 20 px
apart), starting ours and the floor page and placing them there, where a Klondike stock stands
in the rivals' windows, and an action on one window by XTest (``Table``: a drag, Ctrl+Z, a tap)
timed to the first changed pixels of a box (bench/_xscreen.py)."""

from __future__ import annotations

import subprocess
import time

from _common import children_tree
import _page as P
import _rivals as R
import _tablepix as T
from _xscreen import Screen

W, H, GAP = 960, 700, 20
NAMES = ("ours", "floor", "kpat", "aisleriot")
SLOTS = {n: i * (W + GAP) for i, n in enumerate(NAMES)}
# Klondike stock + waste, and the stock's centre, in a 960×700 window (found once from
# screenshots of KPatience 22.12 and Aisleriot 3.22, checked by the pixel change every run)
KLONDIKE = {"kpat": ((50, 75, 250, 160), (110, 150)), "aisleriot": ((5, 68, 265, 190), (68, 160))}


def light_share(screen: Screen, box) -> float:
    """Share of card (not felt) pixels in the middle third of ``box``."""
    x, y, w, h = box
    inner = (x + w // 3, y + h // 3, max(w // 3, 1), max(h // 3, 1))
    return T.card_share(screen.grab(inner), screen.stride, inner[2], inner[3])


def grow(box, m: int):
    x, y, w, h = box
    return (int(x - m), int(y - m), int(w + 2 * m), int(h + 2 * m))


class Table:
    """One app's window: screen geometry of the cards it acts on."""

    def __init__(self, name: str, screen: Screen) -> None:
        self.name, self.s, self.ox = name, screen, SLOTS[name]
        self.run_at = None   # for the group: which column holds the run now

    def drag(self, start, end, box) -> float | None:
        s = self.s
        s.move(*start)
        s.button(True)
        for i in range(1, 11):
            s.move(start[0] + (end[0] - start[0]) * i / 10, start[1] + (end[1] - start[1]) * i / 10)
            time.sleep(0.01)
        time.sleep(0.15)
        base = s.grab(box)
        t0 = time.perf_counter()
        s.button(False)
        return s.poll_change(box, base, t0)

    def key_undo(self, box, win) -> float | None:
        subprocess.run(["xdotool", "windowfocus", "--sync", str(win)], check=False)
        time.sleep(0.05)
        base = self.s.grab(box)
        t0 = time.perf_counter()
        self.s.keys("Control_L", "z", down=True)
        ms = self.s.poll_change(box, base, t0)
        self.s.keys("Control_L", "z", down=False)
        return ms

    def tap(self, point, box) -> float | None:
        self.s.move(*point)
        time.sleep(0.05)
        base = self.s.grab(box)
        t0 = time.perf_counter()
        self.s.button(True)
        self.s.button(False)
        return self.s.poll_change(box, base, t0)


def start_ours(app, css: str | None = None):
    """Our app started, its window placed in its slot: (page, window id, table geometry)."""
    app.start()
    page = app.attach()
    P.inject_css(page, css)
    ours_win = R.find_window(lambda: children_tree(app.proc.pid), "Harp & Towers", log=app.log_text)
    R.place_window(ours_win, SLOTS["ours"], 0, W, H)
    time.sleep(1.0)
    return page, ours_win, ours_geometry(app, page, SLOTS["ours"])


def ours_geometry(app, page, screen_x: int) -> dict:
    """Screen offset of our page: the XMouse calibration (pointer moves seen by the page)."""
    xm = P.XMouse(page)
    off = (xm.dx, xm.dy)
    xm.close()
    return {"dx": off[0], "dy": off[1]}


def start_in_slot(rival: R.Rival, name: str, timeout: float = 20.0) -> int:
    """Start a rival and place its window in slot ``name``: its X window id."""
    rival.start()
    win = rival.find_window(timeout)
    rival.place(SLOTS[name], 0, W, H)
    return win


def start_floor(screen: Screen):
    """The floor page started and placed in its slot: (rival, window id, its box on the
    screen, found from the pixels as bench/startup.py finds a first paint)."""
    floor = R.Rival("bare")
    win = start_in_slot(floor, "floor", 60)
    for _ in range(100):
        time.sleep(0.1)
        probe = T.find_probe(screen.grab((SLOTS["floor"], 0, W, H)), screen.stride, W, H)
        if probe:
            break
    else:
        raise RuntimeError("the floor page shows no box")
    # the probe is a 40 px square inside the box (90 × 126 CSS px from the felt's edge)
    x, y = SLOTS["floor"] + probe[0] + 20, probe[1] + 20
    return floor, win, (x - 40, y - 40, 80, 80)


def floor_points(box):
    """(start, end, poll box) of a drag on the floor: it only needs a pointerup."""
    x, y, w, h = box
    start = (x + w / 2, y + h / 2)
    return start, (start[0] + 60, start[1] + 40), box
