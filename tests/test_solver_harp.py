"""The Easy Harp solver's reductions lose no win (docs/solver.md): on small decks (fewer ranks,
fewer columns) its verdicts equal those of a plain exhaustive search written here from the
rules alone (EH-04 … EH-11, EH-17): every legal move, the real stock and waste order with
taps and redeals, no auto-play, no obligation, no pool, no symmetry but the order of the
columns."""

from __future__ import annotations

import random

import pytest

from harptowers.engine.solvers.easy_harp import HarpSearch
from harptowers.engine.solvers.harp_position import HarpPosition

RED = {0: False, 1: True, 2: True, 3: False}  # suits S H D C


def small_deal(seed: int, top: int, sizes: tuple[int, ...], home: int = 0) -> tuple:
    """Two decks of ``top`` ranks, shuffled; with ``home`` > 0 each foundation slot first
    gets a random height up to ``home``; columns of ``sizes`` cards from the rest, only the
    last face up; what is left is the stock (top of the stock = last). Returns (columns,
    stock, foundation heights)."""
    rnd = random.Random(seed)
    found = [rnd.randint(0, home) for _ in range(8)]
    for s in range(4):
        found[2 * s], found[2 * s + 1] = sorted(found[2 * s:2 * s + 2], reverse=True)
    cards = [(s, r) for s in range(4) for k in (0, 1) for r in range(found[2 * s + k] + 1, top + 1)]
    rnd.shuffle(cards)
    cols, k = [], 0
    for n in sizes:
        cols.append(tuple(cards[k:k + n]))
        k += n
    return cols, tuple(cards[k:]), tuple(found)


def reference(cols: list[tuple], stock: tuple, top: int, limit: int = 3_000_000,
              down: list[int] | None = None, found: tuple = (0,) * 8) -> bool | None:
    """Exhaustive search over the game's own moves. A state: columns (cards, face-down
    count), stock, waste, the eight foundation heights (slot 2s and 2s+1 hold suit s).
    Returns whether a win is reachable (None past ``limit`` states)."""
    if down is None:
        down = [len(c) - 1 for c in cols]
    start = (tuple(sorted(zip(map(tuple, cols), down))), tuple(stock), (), tuple(found))
    seen = {start}
    todo = [start]
    total = 8 * top

    def fits(card, col):
        if not col:
            return card[1] == top
        t = col[-1]
        return RED[t[0]] != RED[card[0]] and t[1] == card[1] + 1

    while todo:
        if len(seen) > limit:
            return None
        cols_, st, wa, fo = todo.pop()
        if sum(fo) == total:
            return True
        cols_ = [list(c) for c in cols_]
        nxt = []

        def put(cs, st2, wa2, fo2):
            norm = []
            for cards, down in cs:
                if down and down == len(cards):
                    down -= 1  # EH-08: the new top turns face up
                norm.append((tuple(cards), down))
            nxt.append((tuple(sorted(norm)), st2, wa2, tuple(fo2)))  # noqa: B023 - called in this loop

        def to_found(card):
            for slot in (2 * card[0], 2 * card[0] + 1):
                if fo[slot] == card[1] - 1:  # noqa: B023 - called in this loop
                    f2 = list(fo)  # noqa: B023
                    f2[slot] += 1
                    yield f2

        # stock tap (EH-11)
        if st:
            put(cols_, st[:-1], wa + (st[-1],), fo)
        elif wa:
            put(cols_, wa[::-1], (), fo)
        sources = []  # (card, take-away) for every single card that can move
        for i, (cards, down) in enumerate(cols_):
            if len(cards) > down:
                def take(cs, i=i):
                    cs = [list(c) for c in cs]
                    cs[i][0] = cs[i][0][:-1]
                    return cs
                sources.append((cards[-1], take, ("t", i)))
                # a King-led run into an empty column (EH-06)
                for k in range(down, len(cards) - 1):
                    run = cards[k:]
                    if run[0][1] == top and all(
                            RED[a[0]] != RED[b[0]] and a[1] == b[1] + 1
                            for a, b in zip(run, run[1:])):
                        for j, (c2, _) in enumerate(cols_):
                            if not c2:
                                cs = [list(c) for c in cols_]
                                cs[i][0] = cards[:k]
                                cs[j][0] = run
                                put(cs, st, wa, fo)
        for card, take, _ in sources:
            for f2 in to_found(card):
                put(take(cols_), st, wa, f2)
        if wa:
            card = wa[-1]
            for f2 in to_found(card):
                put(cols_, st, wa[:-1], f2)
            sources.append((card, None, ("w",)))
        for slot in range(8):  # EH-17: a foundation's top card back onto the tableau
            if fo[slot]:
                sources.append(((slot // 2, fo[slot]), None, ("f", slot)))
        for card, take, src in sources:
            for j, (c2, _) in enumerate(cols_):
                if src == ("t", j) or not fits(card, c2):
                    continue
                if src[0] == "t":
                    cs = take(cols_)
                    st2, wa2, fo2 = st, wa, fo
                elif src[0] == "w":
                    cs, st2, wa2, fo2 = [list(c) for c in cols_], st, wa[:-1], fo
                else:
                    cs, st2, wa2 = [list(c) for c in cols_], st, wa
                    fo2 = list(fo)
                    fo2[src[1]] -= 1
                cs[j][0] = c2 + (card,)
                put(cs, st2, wa2, fo2)
        for s in nxt:
            if s not in seen:
                seen.add(s)
                todo.append(s)
    return False


def ours(cols: list[tuple], stock: tuple, top: int, found: tuple = (0,) * 8) -> str:
    pool = [0] * 64
    for s, r in stock:
        pool[s * 16 + r] += 1
    pos = HarpPosition([bytes(s * 16 + r for s, r in c) for c in cols],
                       [len(c) - 1 for c in cols], pool, list(found), top)
    verdict, _ = HarpSearch(pos, None, None).run()
    return verdict


def compare(seeds: range, top: int, sizes: tuple[int, ...], home: int = 0) -> dict[str, int]:
    counts = {"winnable": 0, "unwinnable": 0}
    for seed in seeds:
        cols, stock, found = small_deal(seed, top, sizes, home)
        want = reference(cols, stock, top, found=found)
        assert want is not None, f"reference search too large for seed {seed}"
        got = ours(cols, stock, top, found)
        assert got == ("winnable" if want else "unwinnable"), (seed, cols, stock, got)
        counts[got] += 1
    return counts


@pytest.mark.slow
@pytest.mark.rule("EH-04", "EH-05", "EH-06", "EH-08", "EH-09", "EH-11", "EH-17")
def test_reductions_keep_every_win_on_three_rank_decks():
    """2 × 4 suits × 3 ranks dealt to columns of 4 … 7 cards: the same verdicts, and both
    verdicts occur (8 of these 30 deals cannot be won)."""
    counts = compare(range(30), top=3, sizes=(4, 5, 6, 7))
    assert counts == {"winnable": 22, "unwinnable": 8}, counts


@pytest.mark.rule("EH-09", "EH-17")
def test_a_two_is_not_always_safe_to_send_home():
    """Found by the comparison: on this deal (3 ranks, the 3s play the Kings' part) sending
    the 2s home as soon as they can go loses the only wins."""
    S, H, D, C = range(4)
    cols = [((C, 2), (S, 2), (H, 2)), ((D, 1), (C, 3), (D, 3), (H, 1)),
            ((H, 3), (H, 1), (D, 2), (S, 2), (S, 1)),
            ((S, 1), (S, 3), (D, 1), (C, 1), (H, 2), (C, 2))]
    stock = ((C, 1), (D, 3), (D, 2), (C, 3), (S, 3), (H, 3))
    assert reference(cols, stock, 3) is True
    assert ours(cols, stock, 3) == "winnable"


@pytest.mark.slow
@pytest.mark.rule("EH-09", "EH-17")
def test_a_card_whose_guests_are_home_is_not_always_safe_to_send_home():
    """Found by the comparison (cards already home, 4 ranks): sending home at once a card
    whose four possible guests are all home loses the only wins here (they take cards back
    from the foundations); only Aces go home by themselves."""
    cols, stock, found = small_deal(219, 4, (3, 4, 5, 6), 2)
    assert reference(cols, stock, 4, found=found) is True
    assert ours(cols, stock, 4, found) == "winnable"


@pytest.mark.slow
@pytest.mark.parametrize("top, sizes, home, seeds", [
    (3, (3, 4, 5, 6), 1, range(100, 160)),   # cards already home: take-backs (EH-17) count
    (4, (3, 4, 5, 6), 2, range(200, 230)),
    (4, (4, 5, 6, 7), 0, range(300, 316)),  # deal 316: over the plain search's 3 million
])
def test_reductions_keep_every_win_on_more_decks(top, sizes, home, seeds):
    counts = compare(seeds, top=top, sizes=sizes, home=home)
    assert counts["winnable"] >= 1, counts
