"""The Easy Harp search's restarts and resumed fixed-weight searches (docs/solver.md,
"Search") and the bench rows that measure it: the Luby budgets, the same runs for the same
deal, a search that goes on where it stopped, and rows of an older solver generation left
out of a new measurement."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from harptowers.engine import new_game
from harptowers.engine.codes import format_code
from harptowers.engine.solvers import solve
from harptowers.engine.solvers.easy_harp import HarpSearch, luby, position_of
from harptowers.engine.solvers.harp_greedy import GreedySearch

ROOT = Path(__file__).resolve().parents[1]


def test_luby_sequence():
    """The first 15 terms as published (Luby, Sinclair & Zuckerman 1993)."""
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    assert luby(31) == 16 and luby(63) == 32


@pytest.mark.slow
def test_a_deal_gets_the_same_runs_every_time():
    """Under a node limit the restarts (seeded from the position) give the same answer and
    the same count of positions, whatever the time: deal 5 of Easy Harp, 150 000 positions
    (past round 0, into the restarts)."""
    code = format_code("easy-harp", "N", 5)
    a = solve(new_game(code), limit_seconds=None, max_nodes=150_000)
    b = solve(new_game(code), limit_seconds=None, max_nodes=150_000)
    assert (a.verdict, a.nodes, a.solution_text()) == (b.verdict, b.nodes, b.solution_text())


def greedy_runs(deal: int, budgets: list[int]) -> tuple[list, int]:
    """The narrowed search with its first weights on a deal, run for each of ``budgets`` in
    turn (each call going on from the last): its win and the positions it took in all."""
    pos = position_of(new_game(format_code("easy-harp", "N", deal)))
    search = HarpSearch(pos, None, None)
    greedy = GreedySearch(search, pos.copy_state())
    greedy.H = GreedySearch.WEIGHTS[0]
    total = 0
    for budget in budgets:
        sol, nodes = greedy.run_bfs(budget)
        total += nodes
        if sol is not None:
            return sol, total
    return [], total


@pytest.mark.slow
def test_a_search_stopped_at_its_budget_goes_on_where_it_stopped():
    """Deal 8: the first weights win it past 11 000 positions, so round 0's 10 000 missed it.
    Stopped at 4 000 and at 4 000 more, then given 12 000 more, the search finds the same
    win after the same count of positions as one run of 20 000; started over each time
    (the old way) it would never get past 12 000."""
    whole, n_whole = greedy_runs(8, [20_000])
    assert whole and 11_000 < n_whole < 12_000
    assert greedy_runs(8, [4_000, 4_000, 12_000]) == (whole, n_whole)
    assert greedy_runs(8, [10_000])[0] == []


def bench():
    spec = importlib.util.spec_from_file_location("solver_harp", ROOT / "bench" / "solver_harp.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["solver_harp"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_bench_leaves_out_rows_of_an_older_solver(tmp_path, capsys):
    """A row written by an older solver generation (no ``solver`` field: generation 2) with
    the same limit is not this solver's answer: the bench would skip the deal and report the
    old verdict (the bug: deals 1-104 at 60 s stood for the new search). Only this
    generation's rows count."""
    mod = bench()
    rows = tmp_path / "rows.jsonl"
    old = {"deal": 1, "code": "x", "limit": 60.0, "verdict": "winnable", "seconds": 1.0,
           "nodes": 10, "replayed": True}
    new = {"deal": 2, "code": "y", "limit": 60.0, "verdict": "winnable", "seconds": 0.5,
           "nodes": 9, "solver": mod.SOLVER, "replayed": True}
    rows.write_text(json.dumps(old) + "\n" + json.dumps(new) + "\n")
    assert mod.main(["--first", "1", "--deals", "2", "--rows", str(rows), "--report-only"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[0])["summary"]
    assert summary["deals"] == 1 and summary["verdicts"] == {"winnable": 1}
    assert summary["decided_median_s"] == 0.5
