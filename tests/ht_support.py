"""Test support: an independent re-implementation of the documented deal, codes and scoring,
and a builder for hand-made positions.

Nothing in the "reference" part imports the engine: expected values in the tests come from
here, from RULES.md's tables, or from hand computation, never from the code under test.
"""

from __future__ import annotations

import copy as _copy
import re
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any

MASK = (1 << 64) - 1
RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED = set("HD")

# ---------------------------------------------------------------------------------------
# Reference implementation (written from docs/RULES.md and the brief, not from the engine)
# ---------------------------------------------------------------------------------------


class RefSplitMix64:
    """SplitMix64 exactly as published by Vigna (public domain C code)."""

    def __init__(self, seed: int) -> None:
        self.x = seed & MASK

    def next(self) -> int:
        self.x = (self.x + 0x9E3779B97F4A7C15) & MASK
        z = self.x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return (z ^ (z >> 31)) & MASK


def ref_below(rng: RefSplitMix64, n: int) -> int:
    """Lemire's nearly-divisionless bounded integer, written from the paper."""
    x = rng.next()
    m = x * n
    low = m % (1 << 64)
    if low < n:
        t = ((1 << 64) - n) % n
        while low < t:
            x = rng.next()
            m = x * n
            low = m % (1 << 64)
    return m // (1 << 64)


def ref_shuffle(items: list, seed: int) -> list:
    """Fisher–Yates from the last index down, j = below(i + 1)."""
    a = list(items)
    rng = RefSplitMix64(seed)
    i = len(a) - 1
    while i > 0:
        j = ref_below(rng, i + 1)
        a[i], a[j] = a[j], a[i]
        i -= 1
    return a


def ref_seed(tag: str, number: int) -> int:
    return (ord(tag[0]) << 40) | (ord(tag[1]) << 32) | number


def ref_deck(copies: int) -> list[tuple[str, int]]:
    """(text, copy) for copy 0, 1: suits S, H, D, C: ranks A..K."""
    return [(r + s, c) for c in range(copies) for s in SUITS for r in RANKS]


def ref_eh_layout(number: int) -> dict[str, Any]:
    """Easy Harp deal: row by row into columns 1..9 (column c gets c cards), only the last
    card of a column face up; the rest is the stock, shuffled[45] drawn first.
    Returns replay-JSON-like lists (face-down in lower case) and the copies."""
    cards = ref_shuffle(ref_deck(2), ref_seed("EH", number))
    cols: list[list[tuple[str, int]]] = [[] for _ in range(9)]
    k = 0
    for row in range(9):
        for c in range(9):
            if c >= row:  # column c (0-based) holds c + 1 cards
                cols[c].append(cards[k])
                k += 1
    assert k == 45
    rest = cards[45:]
    stock = list(reversed(rest))  # bottom → top; the top (last) is rest[0], drawn first
    return {
        "tableau": [[t.lower() for t, _ in col[:-1]] + [col[-1][0]] for col in cols],
        "stock": [t.lower() for t, _ in stock],
        "tableau_copies": [[cp for _, cp in col] for col in cols],
        "stock_copies": [cp for _, cp in stock],
    }


def ref_sh_layout(number: int, cells: int) -> dict[str, Any]:
    """Seahaven deal: card k → column k % 10 for k < 50, cards 50, 51 → c1, c2
    (with 1 cell card 51 goes on top of column 2)."""
    cards = ref_shuffle(ref_deck(1), ref_seed("SH", number))
    cols: list[list[str]] = [[] for _ in range(10)]
    for k in range(50):
        cols[k % 10].append(cards[k][0])
    cl: list[str | None] = [None] * cells
    cl[0] = cards[50][0]
    if cells >= 2:
        cl[1] = cards[51][0]
    else:
        cols[1].append(cards[51][0])
    return {"tableau": cols, "cells": cl}


B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def b32(n: int) -> str:
    """Deal number → 7 RFC 4648 base-32 characters, most significant first, A-padded."""
    out = ""
    for _ in range(7):
        out = B32[n % 32] + out
        n //= 32
    assert n == 0
    return out


def unb32(s: str) -> int:
    n = 0
    for ch in s:
        n = n * 32 + B32.index(ch)
    return n


DAILY_TAG = {("easy-harp", "N"): 1, ("seahaven-towers", "C4"): 2,
             ("seahaven-towers", "C2"): 3, ("seahaven-towers", "C1"): 4, ("freecell", "S"): 5,
             ("klondike", "D1"): 11, ("klondike", "D3"): 12}


def ref_daily(game: str, variant: str, day: date) -> int:
    """APP-12 as documented in codes.py: first SplitMix64 output seeded with
    ``ordinal << 8 | tag``, mod 999 999, + 1."""
    return RefSplitMix64(day.toordinal() << 8 | DAILY_TAG[(game, variant)]).next() % 999_999 + 1


_DATA = Path(__file__).resolve().parents[1] / "backend" / "harptowers" / "data"


def ref_winnable(game: str, variant: str) -> list[int]:
    """The shipped winnable list, read as plain text (ascending)."""
    path = _DATA / "winnable" / f"{game}-{variant}.v1.txt"
    return sorted(int(x) for x in path.read_text().split())


def ref_mapping_blocks(game: str, variant: str) -> list[dict]:
    """The published daily mapping, read with this file's own parser: one block per comment
    line naming its list (``deals=`` count, ``sha256=`` short hash), with its dated lines."""
    path = _DATA / "daily" / f"{game}-{variant}.v1.txt"
    blocks: list[dict] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.search(r"deals=(\d+) sha256=([0-9a-f]{16})", line)
        if line.startswith("#"):
            if m:
                blocks.append({"deals": int(m.group(1)), "sha": m.group(2), "lines": []})
            continue
        y, mo, d, number = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2}) (\d+)", line).groups()
        blocks[-1]["lines"].append((date(int(y), int(mo), int(d)), int(number)))
    return blocks


def ref_deal_of_the_day(game: str, variant: str, day: date) -> int:
    """APP-12 with the published mapping (issue 9): the listed deal for a listed date, else the
    formula (ref_daily)."""
    for block in ref_mapping_blocks(game, variant):
        for d, number in block["lines"]:
            if d == day:
                return number
    return ref_daily(game, variant, day)


# ---------------------------------------------------------------------------------------
# Expected effect of one accepted action on the replay JSON (scoring tables of RULES.md)
# ---------------------------------------------------------------------------------------

_MOVE = re.compile(r"^([wtfc])(\d*)(?::(\d+))?-([wtfc])(\d*)$")


def _pile(pos: dict, kind: str, num: str) -> list:
    if kind == "w":
        return pos["waste"]
    if kind == "t":
        return pos["tableau"][int(num) - 1]
    if kind == "f":
        return pos["foundations"][int(num) - 1]
    raise AssertionError(kind)


def expected_after(before: dict, move: str) -> tuple[dict, int]:
    """The position the test expects after ``move`` (concrete piles) and the points it gives.

    Easy Harp: +10 onto a foundation, +5 waste → column, +5 a face-down card turned up, 0 else.
    Seahaven: +10 onto a foundation, +5 cell → tableau, 0 else. Score floor 0.
    """
    pos = _copy.deepcopy(before)
    eh = pos["game"] == "easy-harp"
    pts = 0
    if move == "s":
        if pos["stock"]:
            pos["waste"].append(pos["stock"].pop().upper())
        else:
            pos["stock"] = [c.lower() for c in reversed(pos["waste"])]
            pos["waste"] = []
    else:
        m = _MOVE.match(move)
        assert m, move
        sk, sn, cnt, dk, dn = m.groups()
        n = int(cnt) if cnt else 1
        if sk == "c":
            i = int(sn) - 1
            moving = [pos["cells"][i]]
            pos["cells"][i] = None
            assert n == 1
        else:
            src = _pile(pos, sk, sn)
            moving = src[-n:]
            del src[-n:]
        assert all(c == c.upper() for c in moving), (move, moving)
        if dk == "c":
            i = int(dn) - 1
            assert pos["cells"][i] is None and n == 1
            pos["cells"][i] = moving[0]
        else:
            _pile(pos, dk, dn).extend(moving)
        if sk == "t":
            src = pos["tableau"][int(sn) - 1]
            if src and src[-1] != src[-1].upper():
                src[-1] = src[-1].upper()
                pts += 5 if eh else 0
        if dk == "f":
            pts += 10 * n
        if eh and sk == "w" and dk == "t":
            pts += 5
        if not eh and sk == "c" and dk == "t":
            pts += 5
    pos["score"] = max(0, before["score"] + pts)
    pos["moves"] = before["moves"] + 1
    pos["won"] = sum(len(f) for f in pos["foundations"]) == (104 if eh else 52)
    return pos, pts


def card_texts(pos: dict) -> Counter:
    """Every card of a replay JSON position, upper-cased, counted."""
    out: Counter = Counter()
    for seq in [pos["stock"], pos["waste"], *pos["foundations"], *pos["tableau"]]:
        out.update(c.upper() for c in seq)
    out.update(c for c in pos["cells"] if c)
    return out


def full_deck_counter(copies: int) -> Counter:
    return Counter(t for t, _ in ref_deck(copies))


# ---------------------------------------------------------------------------------------
# Hand-made positions (this part uses the engine: it builds inputs, never expectations)
# ---------------------------------------------------------------------------------------

EH_CODE = "EH1-N-AAAAAAB"
SH_CODE = {4: "SH1-C4-AAAAAAB", 2: "SH1-C2-AAAAAAB", 1: "SH1-C1-AAAAAAB"}


def _split(spec: Any) -> list[str]:
    if spec is None:
        return []
    if isinstance(spec, str):
        return spec.split()
    return list(spec)


def build(game_or_code: str = "eh", *, tableau: list | None = None, stock: Any = None,
          waste: Any = None, foundations: list | None = None, cells: list | None = None,
          rest: Any = None, cells_count: int = 4):
    """A game with its piles overwritten in place.

    ``game_or_code``: "eh", "sh" (with ``cells_count``) or a deal code.
    ``tableau``: one entry per column, each a space-separated string or list of cards bottom →
    top; a lower-case card is face down (face-down cards must come first). ``"7H.1"`` names
    copy 1; without a suffix the first unused copy is taken.
    ``stock`` / ``waste``: bottom → top (the stock's last card is drawn next).
    ``foundations``: per slot, how many cards (Ace upward) of the slot's suit it holds.
    ``cells``: per cell a card or None.
    ``rest``: where the cards not placed go: None (left out), "stock" (under the stock),
    an int column index or a list of column indices (face-down at the bottom in Easy Harp,
    face-up in Seahaven; spread round-robin).
    """
    from harptowers.engine import new_game
    from harptowers.engine.cards import card

    code = {"eh": EH_CODE, "sh": SH_CODE[cells_count]}.get(game_or_code, game_or_code)
    g = new_game(code)
    copies = g.decks
    used: set[tuple[str, int]] = set()

    def mk(text: str):
        t, _, cp = text.partition(".")
        t = t.upper()
        if cp:
            c = int(cp)
        else:
            free = [c for c in range(copies) if (t, c) not in used]
            assert free, f"no copy of {t} left"
            c = free[0]
        assert (t, c) not in used, f"{t}.{c} placed twice"
        assert c < copies
        used.add((t, c))
        return card(t, c)

    # foundations first (their copies: the first free one)
    fl = foundations or [0] * len(g.foundations)
    assert len(fl) == len(g.foundations)
    for i, n in enumerate(fl):
        suit = g.found_suits[i].name
        g.foundations[i][:] = [mk(RANKS[r] + suit) for r in range(n)]
    if cells is not None:
        assert len(cells) == len(g.cells), "one entry per cell"
        for i, c in enumerate(cells):
            g.cells[i][:] = [mk(c)] if c else []
    else:
        for c in g.cells:
            c.clear()
    cols = tableau if tableau is not None else [""] * len(g.columns)
    assert len(cols) == len(g.columns)
    for i, spec in enumerate(cols):
        words = _split(spec)
        flags = [w.split(".")[0] != w.split(".")[0].upper() for w in words]
        down = sum(flags)
        assert flags == sorted(flags, reverse=True), f"face-down cards first: {words}"
        assert not (words and flags[-1]), f"top card of column {i + 1} must be face up"
        g.columns[i][:] = [mk(w) for w in words]
        g.down[i] = down
    if g.has_stock:
        g.stock[:] = [mk(w) for w in _split(stock)]
        g.waste[:] = [mk(w) for w in _split(waste)]
    else:
        assert stock is None and waste is None
    if rest is not None:
        from harptowers.engine.cards import deck

        left = [c for c in deck(copies) if (c.text, c.copy) not in used]
        if rest == "stock":
            g.stock[:0] = left
        else:
            targets = [rest] if isinstance(rest, int) else list(rest)
            per: dict[int, list] = {t: [] for t in targets}
            for k, c in enumerate(left):
                per[targets[k % len(targets)]].append(c)
            for t, cs in per.items():
                g.columns[t][:0] = cs
                if g.hidden:
                    g.down[t] += len(cs)
    g.home = sum(len(f) for f in g.foundations)
    g.score = 0
    g.moves = 0
    g.passes = 0
    g.history.clear()
    return g


def play(g, text: str):
    """Play a move given as notation text; returns the engine's Action."""
    from harptowers.engine import parse_move

    return g.play(parse_move(text))


def refusal(g, text: str):
    """Play ``text`` expecting a refusal; returns the IllegalMove after checking that the
    position, score and counter did not change."""
    import pytest
    from harptowers.engine import IllegalMove, parse_move

    before = g.replay_json()
    with pytest.raises(IllegalMove) as ei:
        g.play(parse_move(text))
    assert g.replay_json() == before, "a refused move changed the position"
    return ei.value


def tops(g) -> list[str]:
    return [c[-1].text if c else "" for c in g.columns]
