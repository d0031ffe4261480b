"""Drive a sanitizer build of the C search core (tools/sanitize.sh; issue 41, item 6).

    python tools/sanitize_drive.py FOLDER [POSITIONS]

``FOLDER`` holds ``_core<EXT_SUFFIX>`` built with -fsanitize=address,undefined. Runs its three
Easy Harp searches over POSITIONS (default 2 000) positions of real Easy Harp deals played at
random (early and late, hidden cards sampled as the hints sample them); FreeCell's two
searches over POSITIONS / 2 positions of Microsoft deals played at random plus whole solves of
deals 617 and 11 982; Klondike's search over POSITIONS / 4 positions of real Klondike deals of
both variants (klondike_drive.py); then hostile states for each game, each of which must be
refused with TypeError, ValueError or OverflowError. Any sanitizer report ends the process
(halt_on_error); a wrong exception fails it here.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))

from harptowers.hints import search as hints  # noqa: E402
from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import DealCode  # noqa: E402
from harptowers.engine.solvers.easy_harp import HarpSearch, position_of  # noqa: E402
from harptowers.engine.solvers.freecell_search import FreeCellSearch  # noqa: E402
from harptowers.engine.solvers.harp_greedy import GreedySearch  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
import klondike_drive  # noqa: E402

MIDGAME = ROOT / "tests" / "positions" / "easy-harp-midgame.json"
REFUSED = (TypeError, ValueError, OverflowError)


def load_core(folder: Path):
    path = folder / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    spec = importlib.util.spec_from_file_location("_core", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def sampled(pos: dict, rng: random.Random) -> tuple:
    cards = hints.unseen(pos)
    rng.shuffle(cards)
    p = position_of(hints.build(pos, cards))
    p.auto()
    return p.copy_state()


def positions(n: int, rng: random.Random):
    """``n`` states: random play of random deals, stopped early or late."""
    made = 0
    mid = json.loads(MIDGAME.read_text())
    while made < n:
        if made % 10 == 9:
            yield sampled(mid, rng)
            made += 1
            continue
        g = new_game(str(DealCode("easy-harp", "N", rng.randrange(1, 1_000_000))))
        steps = rng.choice((0, 5, 20, 60, 150, 400))
        for _ in range(steps):
            moves = g.legal_moves()
            if not moves or g.won:
                break
            home = [m for m in moves if str(m.dst).startswith("f")]
            g.play(rng.choice(home) if home and rng.random() < 0.7 else rng.choice(moves))
        yield sampled(hints.position(g), rng)
        made += 1


def hostile(state: tuple, rng: random.Random):
    """States no caller should send: every field of the wrong type or out of range."""
    cols, down, pool, found, home = state
    big = [2 ** 31 - 1, 2 ** 31, -1, -(2 ** 31), 2 ** 63, 2 ** 64, 10 ** 30, 255, 256, 105]
    yield None
    yield ()
    yield (cols, down, pool, found)
    yield (cols, down, pool, found, home, 0)
    yield [cols, down, pool, found, home]
    for h in big + [None, 1.5, "1", True]:
        yield (cols, down, pool, found, h)
    for v in big + [None, 1.5, "x"]:
        i = rng.randrange(9)
        yield (cols, down[:i] + (v,) + down[i + 1:], pool, found, home)
        j = rng.randrange(64)
        yield (cols, down, pool[:j] + (v,) + pool[j + 1:], found, home)
        k = rng.randrange(8)
        yield (cols, down, pool, found[:k] + (v,) + found[k + 1:], home)
    yield (None, down, pool, found, home)
    yield (cols[:8], down, pool, found, home)
    yield (cols + (b"",), down, pool, found, home)
    yield ((b"\x01" * 200,) + cols[1:], down, pool, found, home)
    yield (("not bytes",) + cols[1:], down, pool, found, home)
    for _ in range(40):
        c = [bytearray(x) for x in cols]
        i = rng.randrange(9)
        if c[i]:
            c[i][rng.randrange(len(c[i]))] = rng.randrange(256)
        yield (tuple(bytes(x) for x in c), down, pool, found, home)
        f = list(found)
        f[rng.randrange(8)] = rng.randrange(14)
        yield (cols, down, pool, tuple(f), sum(f))
        p = list(pool)
        p[rng.randrange(64)] = rng.randrange(3)
        yield (cols, down, tuple(p), found, home)


def fc_state(g) -> tuple:
    """FreeCell's search state of ``g`` after its safe foundation moves."""
    s = FreeCellSearch(g, None, None)
    s.auto()
    return tuple(s.cols), tuple(s.cells), tuple(s.found)


def fc_positions(n: int, rng: random.Random):
    """``n`` FreeCell states: random Microsoft deals played at random (taking back included)."""
    for _ in range(n):
        g = new_game(str(DealCode("freecell", "S", rng.randrange(1, 1_000_000))))
        for _ in range(rng.choice((0, 5, 20, 60, 150))):
            moves = g.legal_moves()
            if not moves or g.won:
                break
            g.play(rng.choice(moves))
        yield fc_state(g)


def fc_hostile(state: tuple, rng: random.Random):
    """FreeCell states and limits no caller should send."""
    cols, cells, found = state
    big = [2 ** 31 - 1, 2 ** 31, -1, -(2 ** 31), 2 ** 63, 2 ** 64, 10 ** 30, 255, 256, 64, 14]
    yield (None,), 50, None, None
    yield (cols, cells), 50, None, None
    yield [cols, cells, found], 50, None, None
    yield (cols[:7], cells, found), 50, None, None
    yield (cols + (b"",), cells, found), 50, None, None
    yield (cols, cells[:3], found), 50, None, None
    yield (cols, cells, found + (0,)), 50, None, None
    yield ((b"\x01" * 53,) + cols[1:], cells, found), 50, None, None
    yield ((b"\x01" * 100_000,) + cols[1:], cells, found), 50, None, None
    yield (("not bytes",) + cols[1:], cells, found), 50, None, None
    yield (None, cells, found), 50, None, None
    for v in big + [None, 1.5, "x"]:
        k = rng.randrange(4)
        yield (cols, cells[:k] + (v,) + cells[k + 1:], found), 50, None, None
        yield (cols, cells, found[:k] + (v,) + found[k + 1:]), 50, None, None
        yield state, 50, v, None
        yield state, 50, None, v
    for secs in (float("nan"), float("inf"), float("-inf")):
        yield state, 50, None, secs
    for _ in range(60):
        c = [bytearray(x) for x in cols]
        i = rng.randrange(8)
        if c[i]:
            c[i][rng.randrange(len(c[i]))] = rng.randrange(256)   # a non-card or a twin
        else:
            c[i].append(rng.randrange(256))
        yield (tuple(bytes(x) for x in c), cells, found), 50, None, None
        f = list(found)
        f[rng.randrange(4)] = rng.randrange(1, 14)               # a card home and in play
        yield (cols, cells, tuple(f)), 50, None, None


def fc_drive(core, n: int, rng: random.Random) -> tuple[int, int, int]:
    """FreeCell's searches over ``n`` positions, two published deals, hostile states:
    (positions searched, hostile calls refused, wrong exceptions)."""
    weights = FreeCellSearch.WEIGHTS

    def best(*args):
        return core.freecell_best_first(*args, weights[len(args[0][0][0]) % len(weights)])

    searches = (best, core.freecell_depth_first)
    count = refused = bad = 0
    first = None
    for i, state in enumerate(fc_positions(n, rng)):
        first = first or state
        budget = 60 if i % 8 else 3000
        for search in searches:
            search(state, budget, None if i % 3 else budget // 2, None if i % 5 else 0.5)
        count += 1
    for number in (617, 11982):
        state = fc_state(new_game(str(DealCode("freecell", "S", number))))
        for search in searches:
            search(state, 2_000_000, None, 120.0)
        count += 1
    for w in ((4, 4, 4, 3), (4, 4, 4, 3, 1, 1), (4, 4, 4, 3, -1), (4, 4, 4, 3, 2 ** 64), None):
        try:
            core.freecell_best_first(first, 50, None, None, w)
        except REFUSED:
            refused += 1
    for args in fc_hostile(first, rng):
        for search in searches:
            try:
                search(*args)
            except REFUSED:
                refused += 1
            except BaseException as e:  # noqa: BLE001 - SystemError and the like
                print(f"sanitize: {type(e).__name__}: {e} for {args!r:.200}", file=sys.stderr)
                bad += 1
    return count, refused, bad


def portfolio_calls(core, state: tuple, budget: int, rng: random.Random) -> None:
    """The calls ``HarpSearch`` makes (harp_run.c): a greedy search kept and resumed, with
    random tie-breaks; best-first with tie-breaks and a node limit; depth-first with seconds
    and a watch."""
    jitter = random.Random(rng.random()).getstate()[1]
    g = core.HarpGreedy(state, GreedySearch.WEIGHTS[1])
    for part in (budget // 3, budget // 3, budget):
        status, _, _, jitter = g.run(part, None, None, None, jitter)
        if status != "round":
            break
    core.harp_best_first(state, HarpSearch.WEIGHTS[1], budget, budget // 2, None, None, jitter)
    core.harp_depth_first(state, budget, None, 5.0, lambda: False)


def main() -> int:
    core = load_core(Path(sys.argv[1]))
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(41)
    wg, wb = GreedySearch.WEIGHTS[0], HarpSearch.WEIGHTS[0]
    t0 = time.monotonic()
    count = refused = 0
    first = None
    for i, state in enumerate(positions(n, rng)):
        first = first or state
        budget = 60 if i % 8 else 600
        core.greedy(state, wg, budget)
        core.best_first(state, wb, budget)
        core.depth_first(state, budget)
        portfolio_calls(core, state, budget, rng)
        count += 1
    bad = 0
    for state in hostile(first, rng):
        for call in (lambda s: core.greedy(s, wg, 50), lambda s: core.best_first(s, wb, 50),
                     lambda s: core.depth_first(s, 50), lambda s: core.HarpGreedy(s, wg),
                     lambda s: core.harp_depth_first(s, 50, None, None, None),
                     lambda s: core.harp_best_first(s, wb, 50, None, None, None, None)):
            try:
                call(state)
            except REFUSED:
                refused += 1
            except BaseException as e:  # noqa: BLE001 - SystemError and the like
                print(f"sanitize: {type(e).__name__}: {e} for {state!r:.200}", file=sys.stderr)
                bad += 1
    fc_count, fc_refused, fc_bad = fc_drive(core, n // 2, rng)
    kcount, krefused, kbad = klondike_drive.drive(core, max(n // 4, 10), rng)
    print(f"sanitize: {count} positions searched, {refused} hostile calls refused, "
          f"{bad} wrong exceptions; FreeCell: {fc_count} positions searched, {fc_refused} "
          f"hostile calls refused, {fc_bad} wrong exceptions; Klondike: {kcount} positions, "
          f"{krefused} refused, {kbad} wrong exceptions; {time.monotonic() - t0:.1f} s")
    return 1 if (bad or fc_bad or kbad or count < n or fc_count < n // 2 + 2
                 or kcount < max(n // 4, 10)) else 0


if __name__ == "__main__":
    sys.exit(main())
