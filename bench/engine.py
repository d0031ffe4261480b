"""Engine speed: legal-move generation, and apply + undo on the unchecked fast path
(``game._apply`` / ``game._undo``) and on the checked path (``game.play`` / ``game.undo``),
for Easy Harp and Seahaven Towers, over positions reached by seeded random play.

    .venv/bin/python bench/engine.py [--positions 300] [--seconds 1.0] [--repeats 5]

Each figure is the best of ``--repeats`` timed rounds of about ``--seconds`` each (the
median is printed too). Aim: 50 000 apply+undo/s for Seahaven on the fast path.
"""

from __future__ import annotations

import random
import time

from _common import emit, machine, parser, summary, table  # noqa: F401  (sets sys.path)

from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import DealCode  # noqa: E402

GAMES = {"easy-harp": "N", "seahaven-towers": "C4"}
AIM_SEAHAVEN_FAST = 50_000


def positions(game: str, count: int, seed: int = 1, depth: tuple[int, int] = (0, 80)):
    """``count`` positions: deal n (seeded), then a seeded random number of random legal
    moves; each position a game of its own, with its legal moves listed."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = new_game(DealCode(game, GAMES[game], rng.randint(1, 999_999)))
        for _ in range(rng.randint(*depth)):
            moves = g.legal_moves()
            if not moves:
                break
            g._apply(rng.choice(moves))
        g.history.clear()
        moves = g.legal_moves()
        if moves:
            out.append((g, moves))
    return out


def timed(fn, seconds: float, repeats: int) -> list[float]:
    """Operations per second of ``fn()`` (which returns how many it did) per round."""
    fn()  # warm up
    rates = []
    for _ in range(repeats):
        n = 0
        t0 = time.perf_counter()
        deadline = t0 + seconds
        while True:
            n += fn()
            t = time.perf_counter()
            if t >= deadline:
                break
        rates.append(n / (t - t0))
    return rates


def bench_game(game: str, count: int, seconds: float, repeats: int) -> dict:
    pos = positions(game, count)
    total_moves = sum(len(m) for _, m in pos)

    def gen() -> int:
        for g, _ in pos:
            g.legal_moves()
        return len(pos)

    def fast() -> int:
        for g, moves in pos:
            apply, undo = g._apply, g._undo
            for m in moves:
                undo(apply(m))
        return total_moves

    def checked() -> int:
        for g, moves in pos:
            for m in moves:
                g.play(m)
                g.undo()
        return total_moves

    out = {"positions": len(pos), "legal_moves_per_position": round(total_moves / len(pos), 2)}
    for name, fn in (("legal_moves_calls_per_s", gen), ("fast_apply_undo_per_s", fast),
                     ("checked_play_undo_per_s", checked)):
        rates = timed(fn, seconds, repeats)
        out[name] = {"best": round(max(rates)), "median": round(sorted(rates)[len(rates) // 2]),
                     "rounds": [round(r) for r in rates]}
    out["legal_moves_generated_per_s"] = round(out["legal_moves_calls_per_s"]["best"]
                                               * out["legal_moves_per_position"])
    # the positions must be unchanged after all that apply/undo
    return out


def main(argv=None) -> dict:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=300)
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args(argv)
    result = {"bench": "engine", "machine": machine(),
              "settings": {"positions": args.positions, "seconds": args.seconds,
                           "repeats": args.repeats}, "games": {}}
    for game in GAMES:
        result["games"][game] = bench_game(game, args.positions, args.seconds, args.repeats)
    sh = result["games"]["seahaven-towers"]["fast_apply_undo_per_s"]["best"]
    result["aims"] = {"seahaven_fast_apply_undo_per_s": {
        "value": sh, "aim": AIM_SEAHAVEN_FAST, "met": sh >= AIM_SEAHAVEN_FAST}}
    rows = []
    for game, r in result["games"].items():
        rows.append([game, "legal_moves() calls/s", r["legal_moves_calls_per_s"]["best"],
                     r["legal_moves_calls_per_s"]["median"], f"{r['legal_moves_per_position']} moves/pos"])
        rows.append([game, "legal moves generated/s", r["legal_moves_generated_per_s"], "", ""])
        aim = f"aim {AIM_SEAHAVEN_FAST:,}: {'met' if sh >= AIM_SEAHAVEN_FAST else 'MISSED'}" \
            if game == "seahaven-towers" else ""
        rows.append([game, "_apply+_undo /s (fast)", r["fast_apply_undo_per_s"]["best"],
                     r["fast_apply_undo_per_s"]["median"], aim])
        rows.append([game, "play+undo /s (checked)", r["checked_play_undo_per_s"]["best"],
                     r["checked_play_undo_per_s"]["median"], ""])
    text = table(f"Engine ({args.positions} positions per game, best/median of {args.repeats} "
                 f"rounds of {args.seconds} s)", ["game", "what", "best", "median", "note"], rows)
    emit(result, text, args)
    return result


if __name__ == "__main__":
    main()
