"""The solvers now live in ``engine/solvers/`` (one module per game); this module keeps the
old import path working."""

from .solvers import (DEFAULT_SECONDS, SOLVERS, UNKNOWN, UNWINNABLE, WINNABLE, Result, solve,
                      solver_for)

__all__ = ["DEFAULT_SECONDS", "Result", "SOLVERS", "UNKNOWN", "UNWINNABLE", "WINNABLE",
           "solve", "solver_for"]
