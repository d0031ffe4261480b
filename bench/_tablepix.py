"""Where the cards are on the X screen, from the pixels alone (for apps we cannot ask):
every table here is green felt and no card is.

- ``seahaven_layout``: a settled Seahaven table's top row, tableau top, columns and the box
  of each column's top card.
- ``card_on_felt`` / ``find_probe``: a small box that shows both a card and the felt once
  the cards are painted (and neither a blank window nor a bare table does).
"""

from __future__ import annotations

import statistics
from typing import Any, Optional


def is_card(b: int, g: int, r: int) -> bool:
    """A pixel of a card rather than the felt: every table here is green, no card is."""
    return not (g > r + 25 and g > b + 25)


def _light(data: bytes, stride: int, x: int, y: int) -> bool:
    i = y * stride + x * 4
    return is_card(data[i], data[i + 1], data[i + 2])


def card_share(data: bytes, stride: int, w: int, h: int) -> float:
    """Share of card (not felt) pixels of a ``w``×``h`` image, every other row and column."""
    n = lit = 0
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            n += 1
            lit += _light(data, stride, x, y)
    return lit / max(n, 1)


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


def shares(data: bytes, stride: int, box: tuple[int, int, int, int]) -> tuple[float, float]:
    """(card share, felt share) of the pixels of ``box`` (x, y, w, h within ``data``)."""
    x, y, w, h = box
    card = felt = n = 0
    for yy in range(y, y + h, 2):
        for xx in range(x, x + w, 2):
            i = yy * stride + xx * 4
            b, g, r = data[i], data[i + 1], data[i + 2]
            n += 1
            if is_card(b, g, r):
                card += min(b, g, r) >= 190      # a card face, not a dark bar or shadow
            else:
                felt += 1
    return card / max(n, 1), felt / max(n, 1)


def card_on_felt(data: bytes, stride: int, box: tuple[int, int, int, int]) -> bool:
    """True when ``box`` shows a light card face beside the felt (both at least 25 %)."""
    card, felt = shares(data, stride, box)
    return card >= 0.25 and felt >= 0.25


def find_probe(data: bytes, stride: int, w: int, h: int, size: int = 40,
               band: tuple[float, float] = (0.3, 0.9)) -> Optional[tuple[int, int, int, int]]:
    """The first ``size``² box (top to bottom, left to right, 10 px steps) in the window's
    middle band that shows a card beside the felt; None if there is none."""
    for y in range(int(h * band[0]), int(h * band[1]) - size, 10):
        for x in range(0, w - size, 10):
            if card_on_felt(data, stride, (x, y, size, size)):
                return x, y, size, size
    return None
