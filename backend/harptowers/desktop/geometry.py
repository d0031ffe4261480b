"""Where the window goes (issue 7): the saved geometry when it still fits a screen, else a
size that fits the primary screen, centred. Pure arithmetic on rectangles; Qt is asked for
the screens only when the caller does not pass them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

MIN_SIZE = (900, 600)  # the smallest window the table is laid out for
DEFAULT_SIZE = (1280, 800)  # first start, when the screen has room for it
FIT = 0.9  # a first-start window takes at most this share of the screen's free area
FRAME_ALLOWANCE = 40  # title bar height kept free when a saved window must shrink to fit

Rect = tuple[int, int, int, int]  # x, y, width, height


def _valid_geometry(saved: Any) -> dict | None:
    if not isinstance(saved, Mapping):
        return None
    try:
        g = {k: int(saved[k]) for k in ("x", "y", "width", "height")}
    except (KeyError, TypeError, ValueError):
        return None
    if g["width"] <= 0 or g["height"] <= 0:
        return None
    g["maximized"] = bool(saved.get("maximized", False))
    return g


def _overlap(a: Rect, b: Rect) -> int:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(w, 0) * max(h, 0)


def _clamp(v: int, lo: int, hi: int) -> int:
    return max(lo, min(v, hi)) if hi >= lo else lo


def window_kwargs(saved: Mapping[str, Any] | None, screen_rects: Sequence[Rect] | None = None,
                  *, origin: tuple[int, int] = (0, 0), min_size: tuple[int, int] = MIN_SIZE,
                  default_size: tuple[int, int] = DEFAULT_SIZE) -> dict[str, Any]:
    """Keyword arguments for ``webview.create_window``: ``width``, ``height``, ``x``, ``y``,
    ``min_size`` and ``maximized``.

    ``saved`` is a geometry dict from an earlier run (see the module docstring) or None; it is
    used when its overlap with one screen is at least a quarter of the smaller of the two,
    shrunk and moved to fit that screen. Otherwise the window gets ``default_size`` capped at
    90 % of the primary screen's free area, centred on it (still maximized if it was). The
    minimum size shrinks on screens smaller than ``min_size``.

    ``screen_rects`` are the screens' free areas, primary first (as ``native.screens()``
    gives: the window asks Qt and passes them); None: no screen known, the default size.
    ``origin`` is the primary screen's top-left, which pywebview adds to x and y."""
    screen_rects = screen_rects or []
    rects = [(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in screen_rects
             if r[2] > 0 and r[3] > 0]
    if not rects:
        return {"width": default_size[0], "height": default_size[1], "min_size": min_size,
                "maximized": False}
    primary = rects[0]
    geom = _valid_geometry(saved)
    screen = primary
    was_maximized = bool(geom and geom["maximized"])
    if geom is not None:
        frame = (geom["x"], geom["y"], geom["width"], geom["height"] + FRAME_ALLOWANCE)
        screen = max(rects, key=lambda r: _overlap(frame, r))
        if _overlap(frame, screen) * 4 < min(frame[2] * frame[3], screen[2] * screen[3]):
            geom, screen = None, primary  # mostly off every screen: a monitor went away
    sx, sy, sw, sh = screen
    min_w, min_h = min(min_size[0], sw), min(min_size[1], max(sh - FRAME_ALLOWANCE, 1))
    if geom is not None:
        w = _clamp(geom["width"], min_w, sw)
        h = geom["height"] if geom["height"] + FRAME_ALLOWANCE <= sh else sh - FRAME_ALLOWANCE
        h = _clamp(h, min_h, sh)
        x = _clamp(geom["x"], sx, sx + sw - w)
        y = _clamp(geom["y"], sy, sy + sh - h - FRAME_ALLOWANCE)
        maximized = geom["maximized"]
    else:
        w = max(min_w, min(default_size[0], int(sw * FIT)))
        h = max(min_h, min(default_size[1], int(sh * FIT)))
        x = sx + (sw - w) // 2
        y = sy + max((sh - h - FRAME_ALLOWANCE) // 2, 0)
        maximized = was_maximized
    return {"width": w, "height": h, "x": x - origin[0], "y": y - origin[1],
            "min_size": (min_w, min_h), "maximized": maximized}
