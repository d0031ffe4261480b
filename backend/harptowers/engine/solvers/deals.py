"""A deal's verdict as one row of a batch (tools/winnable_batch.py): here, in the package,
so a batch's workers on any machine with Harp & Towers installed can run it."""

from __future__ import annotations

from ..codes import format_code
from ..game import new_game
from ..registry import game_class
from . import solve, solver_for


def generation(game: str) -> int:
    """The generation of the game's solver that a row comes from (its module's
    ``GENERATION``): a row of an older one is solved again with --redo-older."""
    return int(getattr(solver_for(game_class(game)), "GENERATION", 1))


def solve_deal(game: str, variant: str, number: int, limit: float, jobs: int = 1) -> dict:
    """One deal: verdict, nodes, seconds; a winnable verdict is replayed (checked play).
    ``jobs``: processes the deal's search may use (Easy Harp's restarts on more cores)."""
    g = new_game(format_code(game, variant, number))
    res = solve(g, limit_seconds=limit, jobs=jobs)
    verdict = res.verdict
    if verdict == "winnable":
        for m in res.solution or []:
            g.play(m)
        if not g.won:
            verdict = "error"
    row = {"deal": number, "verdict": verdict, "nodes": res.nodes,
           "seconds": round(res.seconds, 4), "moves": len(res.solution or []),
           "limit": limit, "solver": generation(game)}
    if jobs > 1:
        row["jobs"] = jobs
    return row
