"""The pure helpers of the side-by-side benches (bench/_xscreen.py, bench/_rivals.py): the
box of changed pixels, the PNG writer, KPatience's save of a position and the table finder.
No X display, no rival app: images are built here."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import _rivals as R  # noqa: E402
import _tablepix as T  # noqa: E402
from _xscreen import first_change, png  # noqa: E402

GREEN, WHITE = (40, 110, 30), (250, 250, 250)   # (b, g, r) of felt and card


def image(w: int, h: int, rects: list[tuple[int, int, int, int]], stride: int | None = None,
          fill=GREEN, ink=WHITE) -> bytes:
    """A BGRX image of felt with card rectangles (x, y, w, h)."""
    stride = stride or w * 4
    data = bytearray(stride * h)
    for y in range(h):
        for x in range(w):
            px = fill
            for rx, ry, rw, rh in rects:
                if rx <= x < rx + rw and ry <= y < ry + rh:
                    px = ink
            data[y * stride + x * 4:y * stride + x * 4 + 3] = bytes(px)
    return bytes(data)


def test_first_change_is_the_box_of_the_differing_pixels():
    a = image(20, 10, [])
    b = image(20, 10, [(3, 2, 4, 5)])
    assert first_change(a, b, 20) == (3, 2, 7, 7)
    assert first_change(a, a, 20) is None
    one = bytearray(a)
    one[(9 * 20 + 19) * 4] ^= 1          # the last pixel's blue byte only
    assert first_change(a, bytes(one), 20) == (19, 9, 20, 10)


def test_first_change_ignores_the_row_padding_past_the_width():
    a = bytearray(image(5, 3, [], stride=24))
    b = bytearray(a)
    b[24 * 1 + 22] = 99                   # padding at the end of row 1: not a pixel
    assert first_change(bytes(a), bytes(b), 5, stride=24) is None
    b[24 * 2 + 4] = 99                    # pixel (1, 2)
    assert first_change(bytes(a), bytes(b), 5, stride=24) == (1, 2, 2, 3)


def test_png_holds_the_pixels_in_rgb_order():
    data = bytes([1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0, 10, 11, 12, 0])   # 2×2 BGRX
    out = png(data, 2, 2, 8)
    assert out.startswith(b"\x89PNG\r\n\x1a\n")
    w, h = struct.unpack(">II", out[16:24])
    assert (w, h) == (2, 2)
    idat = out.index(b"IDAT")
    size = struct.unpack(">I", out[idat - 4:idat])[0]
    raw = zlib.decompress(out[idat + 4:idat + 4 + size])
    assert raw == bytes([0, 3, 2, 1, 6, 5, 4, 0, 9, 8, 7, 12, 11, 10])


def test_kpat_card_ids_follow_its_deck_numbering():
    # KPatience numbers its deck ranks outer, suits (clubs, diamonds, hearts, spades) inner:
    # the 8 of hearts is card 30 (a saved game of KPatience shows id 1966600 for it)
    assert 'id="1966600"' in R.kpat_card("8H")
    assert 'suit="hearts" rank="eight"' in R.kpat_card("8H")
    assert 'id="0065793"' in R.kpat_card("AD")       # card 1: (1 << 16) | (1 << 8) | 1
    assert 'rank="king"' in R.kpat_card("KS") and 'id="3343117"' in R.kpat_card("KS")  # card 51


def test_kpat_save_puts_every_card_on_its_pile_in_order():
    text = R.kpat_save(columns=[["KD", "QD"], []], cells=[[], ["2S"]], foundations=[["AC"]])
    assert text.count("<card ") == 4
    assert text.index('pile="store0"') < text.index('rank="king"') < text.index('rank="queen"')
    assert 'pile="store1"' not in text          # empty piles get no move
    assert '<move pile="freecell1" position="0">' in text
    assert '<move pile="target0" position="0">' in text


def test_seahaven_layout_finds_columns_top_cards_and_the_top_row():
    w, h = 400, 300
    cw, ch = 30, 45
    top_row = [(10 + 38 * i, 20, cw, ch) for i in (0, 1, 5)]
    cols = []
    for i in range(10):
        n = 0 if i == 9 else (1 + i % 3)
        for k in range(n):
            cols.append((10 + 38 * i, 100 + 12 * k, cw, ch))
    data = image(w, h, top_row + cols)
    lay = T.seahaven_layout(data, w * 4, w, h)
    assert lay["top_row"] == {"top": 20, "bottom": 65}
    assert lay["tableau_top"] == 100
    assert lay["pitch"] == 38 and lay["ch"] == 45
    xs = [c["x"] for c in lay["columns"]]
    assert xs == [10 + 38 * i for i in range(10)]
    # column 2 holds 3 cards: its top card starts 24 px below the tableau's top
    assert lay["columns"][2]["card"] == {"x": 86, "y": 124, "w": 30, "h": 45}
    assert lay["columns"][9]["empty"] and lay["columns"][9]["card"]["y"] == 100


def test_seahaven_layout_refuses_a_table_without_cards():
    with pytest.raises(RuntimeError):
        T.seahaven_layout(image(200, 150, []), 800, 200, 150)
