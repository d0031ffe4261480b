"""The hint service: the solver process and the one cache of what it found.

The search (``hints.solve_position``) runs in its own process, started by the first hint
("spawn"), so a long search never holds the bridge lock nor the table. A process that does
not answer within the search's limit plus a grace is killed, and the next hint starts a
fresh one: a stuck or stopped solver costs one "unknown" hint, never a frozen app.
"""

from __future__ import annotations

import multiprocessing
import threading
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from . import plan as hint_plan
from . import search as hints
from ..engine import parse_move, parse_moves
from ..engine.game import Game
from ..engine.notation import Move

# A hint waits this long for the solver process beyond the search's own limit (the first
# hint also starts the process).
GRACE = 8.0
UNKNOWN = {"verdict": hints.UNKNOWN, "solution": None}


def _serve(conn: Connection) -> None:
    """The solver process: answer each position sent, until the pipe closes."""
    hints.worker_init()
    while True:
        try:
            pos, seconds = conn.recv()
        except EOFError:
            return
        conn.send(hints.solve_position(pos, seconds))


class SolverProcess:
    """One solver process at a time; ``search`` is called by one hint at a time."""

    def __init__(self, seconds: float = hints.SECONDS, grace: float = GRACE) -> None:
        self.seconds = seconds
        self.grace = grace
        self._lock = threading.Lock()  # one search at a time
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def search(self, pos: dict[str, Any]) -> dict[str, Any]:
        """The solver's answer for ``pos``, or "unknown" when the process did not answer in
        time (it is then killed) or died."""
        with self._lock:
            try:
                conn = self._start()
                conn.send((pos, self.seconds))
                if conn.poll(self.seconds + self.grace):
                    result: dict[str, Any] = conn.recv()
                    return result
            except (OSError, EOFError):
                pass
            self._kill()
            return dict(UNKNOWN)

    def _start(self) -> Connection:
        if self._proc is None or not self._proc.is_alive() or self._conn is None:
            self._kill()
            ctx = multiprocessing.get_context("spawn")
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(theirs,), name="harp-towers-solver",
                               daemon=True)
            proc.start()
            theirs.close()
            self._proc, self._conn = proc, mine
        return self._conn

    def _kill(self) -> None:
        proc, conn, self._proc, self._conn = self._proc, self._conn, None, None
        if conn is not None:
            conn.close()
        if proc is not None:
            proc.kill()
            proc.join(2)

    def close(self) -> None:
        """Stop the process (the app quits); a later search starts a new one."""
        self._kill()


class HintCache:
    """What the last search found for one attempt, serving the next hints while the player
    follows it: a whole solution of a game with every card in sight (``sigs``, the position
    before each of its ``moves``) or its verdict, or, with hidden cards, the plan of a sample
    (plan.py) while everything seen fits it. The solver process keeps nothing."""

    def __init__(self) -> None:
        self._c: dict[str, Any] | None = None
        self._plan: tuple[str, dict[str, Any]] | None = None   # (attempt, plan)

    def lookup(self, attempt: str, g: Game) -> dict[str, Any] | None:
        c = self._c
        if c is not None and c["id"] == attempt:
            sig = hints.signature(g)
            for k, s in enumerate(c["sigs"]):
                if s == sig:
                    if c["verdict"] != hints.WINNABLE:
                        return {"verdict": c["verdict"]}
                    return {"move": c["moves"][k]}
        if self._plan is not None and self._plan[0] == attempt:
            plan = self._plan[1]
            planned = hint_plan.next_hint(plan, hints.position(g))
            if planned is not None:  # the sample of an earlier hint still fits what is seen
                return {"move": parse_move(planned), **({} if plan["won"] else {"guess": True})}
            self._plan = None
        return None

    def learn(self, attempt: str, g: Game, result: dict[str, Any]) -> dict[str, Any]:
        """Turn the solver's answer into a hint; keep a full solution (or a verdict) of a game
        with every card in sight, or the plan that came with it."""
        plan = result.get("plan")
        self._plan = (attempt, plan) if plan else None
        verdict = result["verdict"]
        if verdict == hints.GUESS:  # hidden cards, no sample won: a move by what is visible
            return {"move": parse_moves(result["solution"])[0], "guess": True,
                    "first_pass": bool(result.get("first_pass"))}
        if verdict == hints.WINNABLE:
            moves: list[Move] = parse_moves(result["solution"] or "")
            if not moves:  # nothing left to do (cannot happen: the game is not won)
                return {"verdict": hints.UNKNOWN}
            pos = hints.position(g)
            if not hints.hides(pos):  # every card in sight: the whole solution is the truth
                copy = hints.build(pos)
                self._c = {"id": attempt, "verdict": verdict, "moves": moves,
                           "sigs": hints.follow(copy, moves)}
            return {"move": moves[0]}
        if verdict == hints.UNWINNABLE:
            self._c = {"id": attempt, "verdict": verdict, "moves": [],
                       "sigs": [hints.signature(g)]}
        return {"verdict": verdict}


def answer(g: Game, found: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The page's hint for a cache or solver answer, and whether it counts as a hint used
    (a move, "unwinnable", or "lost": every sample of the hidden cards proven lost)."""
    if "move" in found:
        out = hints.hint_of(g, found["move"])
        for flag in ("guess", "first_pass"):
            if found.get(flag):
                out[flag] = True
        return out, True
    return {"verdict": found["verdict"]}, found["verdict"] in (hints.UNWINNABLE, hints.LOST)
