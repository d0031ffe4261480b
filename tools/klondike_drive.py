"""Klondike's compiled search under the sanitizers (tools/sanitize.sh, via sanitize_drive.py):
real deals of both variants played at random, searched with small budgets, then hostile
arguments, each of which must be refused with TypeError, ValueError or OverflowError."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))

from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import format_code  # noqa: E402
from harptowers.engine.solvers.klondike import state_of  # noqa: E402

REFUSED = (TypeError, ValueError, OverflowError)


def positions(n: int, rng: random.Random) -> Iterator[tuple]:
    """``n`` argument tuples: random play of random deals, stopped early or late (a game
    won by chance is played again from another deal)."""
    k = 0
    while k < n:
        g = new_game(format_code("klondike", "D1" if k % 2 else "D3", rng.randrange(1, 10**6)))
        for _ in range(rng.choice((0, 10, 60, 200, 500))):
            moves = g.legal_moves()
            if not moves or g.won:
                break
            home = [m for m in moves if m.dst is not None and m.dst.kind == "f"]
            g.play(rng.choice(home) if home and rng.random() < 0.6 else rng.choice(moves))
        if not g.won:
            k += 1
            yield state_of(g)


def hostile(args: tuple, rng: random.Random) -> Iterator[tuple]:
    """Arguments no caller should send: each field of the wrong type or out of range, cards
    changed at random, limits out of range."""
    cols, downs, deck, p, found, draw = args
    big = [2 ** 31 - 1, 2 ** 31, -1, -(2 ** 31), 2 ** 63, 2 ** 64, 10 ** 30, 255, 256, 32]
    lim = (1.0, 500, 1000)
    yield (None,)
    yield args
    yield args + lim + (0,)
    for v in big + [None, 1.5, "1"]:
        i = rng.randrange(7)
        yield (cols, downs[:i] + (v,) + downs[i + 1:], deck, p, found, draw) + lim
        j = rng.randrange(4)
        yield (cols, downs, deck, p, found[:j] + (v,) + found[j + 1:], draw) + lim
        yield (cols, downs, deck, v, found, draw) + lim
        yield (cols, downs, deck, p, found, v) + lim
        yield args + (v, 500, 1000)
        yield args + (1.0, v, 1000)
        yield args + (1.0, 500, v)
    yield args + (float("nan"), 500, 1000)
    yield (cols[:6], downs, deck, p, found, draw) + lim
    yield (cols + (b"",), downs, deck, p, found, draw) + lim
    yield ((b"\x01" * 200,) + cols[1:], downs, deck, p, found, draw) + lim
    yield (("not bytes",) + cols[1:], downs, deck, p, found, draw) + lim
    yield (cols, downs, deck * 3, p, found, draw) + lim
    yield (cols, downs, "deck", p, found, draw) + lim
    for _ in range(60):
        c = [bytearray(x) for x in cols]
        i = rng.randrange(7)
        if c[i]:
            c[i][rng.randrange(len(c[i]))] = rng.randrange(256)
        yield (tuple(bytes(x) for x in c), downs, deck, p, found, draw) + lim
        d = bytearray(deck)
        if d:
            d[rng.randrange(len(d))] = rng.randrange(256)
        yield (cols, downs, bytes(d), p, found, draw) + lim
        f = list(found)
        f[rng.randrange(4)] = rng.randrange(14)
        yield (cols, downs, deck, p, tuple(f), draw) + lim
        dn = list(downs)
        dn[rng.randrange(7)] = rng.randrange(32)
        yield (cols, tuple(dn), deck, p, found, draw) + lim


def drive(core, n: int, rng: random.Random) -> tuple[int, int, int]:
    """Search ``n`` positions, then the hostile calls: (searched, refused, wrong exceptions).
    A hostile call that happens to be a real position is searched (not counted as wrong)."""
    count = refused = bad = 0
    first = None
    for k, args in enumerate(positions(n, rng)):
        first = first or args
        core.klondike(*args, 5.0, 3000 if k % 8 else 30000, 1 << 14)
        count += 1
    for args in hostile(first, rng):
        try:
            core.klondike(*args)
        except REFUSED:
            refused += 1
        except BaseException as e:  # noqa: BLE001 - SystemError and the like
            print(f"sanitize: {type(e).__name__}: {e} for {args!r:.200}", file=sys.stderr)
            bad += 1
    return count, refused, bad
