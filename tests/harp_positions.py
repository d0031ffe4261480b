"""Easy Harp positions for comparing the compiled searches with the Python ones
(tests/test_harp_oracle.py): real deals played at random from the start (early), and played
along a win for a random share of it and then at random for a few moves (middle and late,
cards home). Every card is known (the searches are "thoughtful"); the safe moves are played
as the searches play them before they start."""

from __future__ import annotations

import random
from collections.abc import Iterator

from harptowers.engine import new_game
from harptowers.engine.codes import format_code
from harptowers.engine.solvers import easy_harp
from harptowers.engine.solvers.harp_position import position_of


def _random_moves(g, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if g.won:
            return
        ms = g.legal_moves()
        if not ms:
            return
        g.play(rng.choice(ms))


def _win(code: str) -> list:
    """A win of the deal (the compiled portfolio, 300 000 positions at most), or []."""
    r = easy_harp.solve(new_game(code), None, 300_000)
    return r.solution or []


def positions(count: int, seed: int) -> Iterator[tuple[str, tuple]]:
    """``count`` states (``HarpPosition.copy_state``), each with a label saying where it
    comes from; deals and plays drawn from ``seed``."""
    rng = random.Random(seed)
    wins: dict[str, list] = {}
    played = [rng.randint(1, 10_000) for _ in range(max(3, count // 40))]  # won once each
    made = 0
    while made < count:
        deal = rng.randint(1, 10_000) if made % 2 == 0 else rng.choice(played)
        code = format_code("easy-harp", "N", deal)
        g = new_game(code)
        if made % 2 == 0:  # early: up to 150 random moves from the deal
            n = rng.randint(0, 150)
            _random_moves(g, rng, n)
            label = f"{code} random {n}"
        else:  # along a win, then a few random moves
            if code not in wins:
                wins[code] = _win(code)
            line = wins[code]
            if not line:  # no win found: another deal
                continue
            # anywhere half the time, its last seventh the other half (most cards go home
            # there: wins within small budgets)
            k = rng.randint(0 if made % 4 == 1 else len(line) * 6 // 7, len(line))
            for m in line[:k]:
                g.play(m)
            n = rng.randint(0, 8)
            _random_moves(g, rng, n)
            label = f"{code} win {k}/{len(line)} + {n}"
        p = position_of(g)
        p.auto()
        if p.won:
            continue
        made += 1
        yield label, p.copy_state()


def stuck(seed: int) -> tuple:
    """A position no search can win, with every card in the columns (none home): the nine
    tops are black and not Aces, so nothing builds or goes home, except a red card alone in
    the first column that fits on the second's top (a few moves, then nothing). The complete
    searches run out of positions: their "every position seen" end, compared as the rest."""
    rng = random.Random(seed)
    cards = [s * 16 + r for s in range(4) for r in range(1, 14)] * 2
    rng.shuffle(cards)
    tops = []
    for _ in range(8):
        c = next(c for c in cards if c >> 4 in (0, 3) and 3 <= (c & 15) <= 12)
        cards.remove(c)
        tops.append(c)
    red = next(c for c in cards if c >> 4 in (1, 2) and (c & 15) == (tops[0] & 15) - 1)
    cards.remove(red)
    cols = [bytes([red])]
    for i, top in enumerate(tops):
        under = cards[i::8]
        cols.append(bytes(under) + bytes([top]))
    down = [0] + [len(c) - 1 for c in cols[1:]]
    return tuple(cols), tuple(down), (0,) * 64, (0,) * 8, 0
