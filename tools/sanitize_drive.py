"""Drive a sanitizer build of the C search core (tools/sanitize.sh; issue 41, item 6).

    python tools/sanitize_drive.py FOLDER [POSITIONS]

``FOLDER`` holds ``_core<EXT_SUFFIX>`` built with -fsanitize=address,undefined. Runs its three
Easy Harp searches over POSITIONS (default 2 000) positions of real Easy Harp deals played at
random (early and late, hidden cards sampled as the hints sample them), and Klondike's search
over POSITIONS / 4 positions of real Klondike deals of both variants (klondike_drive.py), and
over hostile arguments, each of which must be refused with TypeError, ValueError or
OverflowError. Any sanitizer report ends the process (halt_on_error); a wrong exception fails
it here.
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
        count += 1
    bad = 0
    for state in hostile(first, rng):
        for call in (lambda s: core.greedy(s, wg, 50), lambda s: core.best_first(s, wb, 50),
                     lambda s: core.depth_first(s, 50)):
            try:
                call(state)
            except REFUSED:
                refused += 1
            except BaseException as e:  # noqa: BLE001 - SystemError and the like
                print(f"sanitize: {type(e).__name__}: {e} for {state!r:.200}", file=sys.stderr)
                bad += 1
    kcount, krefused, kbad = klondike_drive.drive(core, max(n // 4, 10), rng)
    print(f"sanitize: {count} positions searched, {refused} hostile calls refused, "
          f"{bad} wrong exceptions; Klondike: {kcount} positions, {krefused} refused, "
          f"{kbad} wrong exceptions; {time.monotonic() - t0:.1f} s")
    return 1 if bad or kbad or count < n or kcount < max(n // 4, 10) else 0


if __name__ == "__main__":
    sys.exit(main())
