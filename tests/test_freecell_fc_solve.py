"""FreeCell checked against Freecell Solver's own tools (Debian's freecell-solver-bin), an
implementation nobody here wrote: its ``make-microsoft-freecell-board`` deals Microsoft's
deals as our engine does, and ``fc-solve`` agrees with our solver's verdicts."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from harptowers.engine import new_game
from harptowers.engine.solvers import UNWINNABLE, WINNABLE, solve
from test_freecell_play import code

BOARD = shutil.which("make-microsoft-freecell-board")
FC_SOLVE = shutil.which("fc-solve")
needs_board = pytest.mark.skipif(BOARD is None, reason="make-microsoft-freecell-board is missing")
needs_solver = pytest.mark.skipif(BOARD is None or FC_SOLVE is None,
                                  reason="fc-solve is not installed")


def board(n: int) -> str:
    return subprocess.run([BOARD, "-t", str(n)], capture_output=True, text=True, check=True,
                          timeout=30).stdout


def fc_solve_verdict(n: int) -> str:
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    out = subprocess.run([FC_SOLVE], input=board(n), capture_output=True, text=True, env=env,
                         timeout=300).stdout
    if "This game is solveable." in out:
        return WINNABLE
    assert "I could not solve this game." in out, out[-500:]
    return UNWINNABLE


@needs_board
@pytest.mark.rule("FC-02")
@pytest.mark.parametrize("first", [1, 101, 11901, 31951, 999_950])
def test_our_deals_are_freecell_solvers_microsoft_boards(first):
    for n in range(first, first + 50):
        columns = [line.split() for line in board(n).splitlines() if line.strip()]
        assert new_game(code(n)).replay_json()["tableau"] == columns, n


@needs_solver
@pytest.mark.parametrize("n", [1, 2, 3, 617, 657, 1941])
def test_fc_solve_and_our_solver_agree_on_winnable_deals(n):
    assert fc_solve_verdict(n) == WINNABLE
    assert solve(new_game(code(n)), limit_seconds=60).verdict == WINNABLE


@needs_solver
@pytest.mark.slow
def test_fc_solve_and_our_solver_agree_that_11982_cannot_be_won():
    assert fc_solve_verdict(11982) == UNWINNABLE
    assert solve(new_game(code(11982)), limit_seconds=240).verdict == UNWINNABLE
