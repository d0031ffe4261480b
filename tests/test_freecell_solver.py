"""FreeCell's solver (engine/solvers/freecell.py) against published results: Microsoft deal
617 is won, and the won line replays through the checked engine and ``harp-towers replay``;
deal 11 982 is the one deal of 1 … 32 000 that cannot be won (fc-solve and others agree),
which the complete search proves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harptowers.engine import new_game
from harptowers.engine.solvers import UNKNOWN, UNWINNABLE, WINNABLE, solve
from test_freecell import cols, fc
from test_freecell_play import code

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "backend") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "harptowers", *args],
                          capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)


@pytest.mark.rule("FC-03", "FC-04", "FC-05", "FC-06", "FC-07", "FC-08", "FC-10")
@pytest.mark.parametrize("number", [1, 2, 617, 1941])
def test_winnable_deals_replay_to_a_win(number):
    g = new_game(code(number))
    res = solve(g, limit_seconds=60)
    assert res.verdict == WINNABLE
    assert g.moves == 0 and g.replay_json() == new_game(code(number)).replay_json()  # untouched
    for m in res.solution:
        g.play(m)
    assert g.won


def test_cli_solve_617_then_replay_wins():
    p = run("solve", code(617), "--json", "--limit", "60")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["verdict"] == "winnable"
    r = run("replay", code(617), out["solution"], "--json")
    assert r.returncode == 0, r.stdout
    assert json.loads(r.stdout)["won"] is True


@pytest.mark.slow
def test_cli_solve_proves_11982_unwinnable():
    p = run("solve", code(11982), "--json", "--limit", "240")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["verdict"] == "unwinnable" and out["solution"] is None


@pytest.mark.rule("FC-10")
def test_a_dead_position_is_proven_unwinnable():
    # every cell holds a King, no column is empty, no top card goes anywhere
    g = fc(cols("AS 5H", "AH 5S", "AD 5D", "AC 5C", "2S 9H", "2H 9S", "2D 9D", "2C 9C"),
           cells=["KS", "KH", "KD", "KC"])
    res = solve(g, limit_seconds=10)
    assert res.verdict == UNWINNABLE and res.solution is None


def test_a_limit_gives_unknown():
    res = solve(new_game(code(11982)), limit_seconds=None, max_nodes=5000)
    assert res.verdict == UNKNOWN


def test_a_hint_is_the_first_move_of_a_win():
    from harptowers.api import Api
    api = Api(code(617))
    answer = api.hint()
    assert answer["ok"], answer
    h = answer["hint"]
    played = api.play({"from": h["from"], "index": h["index"], "to": h["to"]})
    assert played["ok"], played
    res = solve(api._game, limit_seconds=60)          # still winnable after it
    assert res.verdict == WINNABLE
