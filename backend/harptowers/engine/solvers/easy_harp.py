"""Easy Harp (EH-04 … EH-17): an exact thoughtful search (it knows the face-down cards and
the stock: right for choosing and proving deals, never for hints).

The position and its moves are in ``harp_position``; this module searches them (each
search compiled where the core is built: ``harp_core``) and turns a win back into engine
moves. Every reduction it makes keeps the search complete
(docs/solver.md argues each one; ``tests/test_solver_harp.py`` compares with a search
without any of them on reduced decks), so a search that runs out of positions is a proof
that the position cannot be won: the verdict is "winnable" (with a solution that replays
to a win), "unwinnable", or "unknown" when a limit was reached first.
"""

from __future__ import annotations

import heapq
import random
import time
import zlib

from ..game import Game
from ..notation import Move
from .base import UNKNOWN, UNWINNABLE, WINNABLE, Budgeted, Limit, Result
from . import harp_core, harp_greedy
from .harp_greedy import GreedySearch
from .harp_helpers import Helpers
from .harp_moves import engine_moves
from .harp_position import RED, HarpPosition, position_of

# the generation written into the batch's rows (1: wins only; 2: the exact search; 3-5: restarts,
# then faster searches; 6: the same searches compiled, ~25 times the positions a second):
# tools/winnable_batch.py solves an older row again on request
GENERATION = 6

BUDGET = 10_000  # node budget of the first round; ×2 a round
RESTART = 5_000  # node budget unit of a restart (× the Luby sequence; docs/solver.md: why 5 000)
RESTART_SHARE = 3  # restarts spend this many times a round's depth-first budget
RESUME_SHARE = 4   # each kept fixed-weight search goes on for a round's budget ÷ this
ONE_CARD_MOVES = True  # between columns one card moves at a time (EH-05)
JOBS = True  # more processes help a long search (``harp_helpers``)


def fits(top: int, face: int) -> bool:
    """A card of ``face`` may be built on ``top`` (EH-04: other colour, one rank lower)."""
    return (top & 15) == (face & 15) + 1 and RED[top >> 4] != RED[face >> 4]


class HarpSearch(Budgeted):
    """A portfolio of searches over the same position, in rounds whose node budget doubles:
    the complete depth-first search (``HarpPosition.moves`` order; the only one that ends
    in a proof on full decks, with best-first), and searches that only find wins: greedy
    best-first over the complete moves and over the narrowed ones (``harp_greedy``), first
    with fixed weights (the narrowed ones going on round after round), and restarted with
    random weights and tie-breaks (docs/solver.md: a win, when these find one, comes early
    or not at all, so many short runs beat one long one)."""

    restart_unit = RESTART
    # the compiled searches (``harp_core``), or None: then, and on the reduced decks of the
    # tests, the Python ones (``py_run_bfs``, ``py_run_dfs``, ``GreedySearch``)
    core = harp_core.CORE
    found_by = "main"  # which process found the win (``harp_helpers``: "helper k")

    def __init__(self, pos: HarpPosition, limit_seconds: float | None,
                 max_nodes: int | None, jobs: int = 1) -> None:
        self.pos = pos
        # round 0's narrowed searches, to go on with
        self.kept: list[GreedySearch | harp_core.Greedy] = []
        self._limits(limit_seconds, max_nodes)
        # more cores (``harp_helpers``): only for a search bounded by time alone
        self.jobs = jobs if max_nodes is None and limit_seconds is not None else 1
        self.helpers: Helpers | None = None

    def run(self) -> tuple[str, list[tuple] | None]:
        """(verdict, internal moves of a win or None). Round 0 (budget ``BUDGET``): the
        narrowed greedy search with each of its weight vectors, depth-first over the
        complete moves, best-first over them with ``WEIGHTS[0]``. Each later round (budget
        doubled): depth-first again, the kept narrowed searches on for the budget ÷
        ``RESUME_SHARE`` each, then restarts (``restarts``) until they have spent
        ``RESTART_SHARE`` times the round's budget. Only the complete searches can end in a
        proof. With ``jobs`` > 1, helper processes run restarts of their own from the end
        of round 0 (``harp_helpers``), and the first win is the answer."""
        p = self.pos
        first = [m for m, _ in p.auto()]
        if p.won:
            return WINNABLE, first
        self.start = p.copy_state()
        seed = self.seed()
        self.rng = random.Random(seed)  # the same runs for a deal
        self.attempt = 0
        budget = BUDGET
        try:
            sol = self._fixed(budget)
            if sol is None and self.jobs > 1 and self.deadline is not None:
                self.helpers = Helpers(type(self), p, self.start, seed, RESTART, self.jobs,
                                       self.deadline - time.perf_counter())
                self.watch = self.helpers.won
            while sol is None:
                p.set_state(self.start)
                sol, nodes, done = self.run_dfs(budget)
                self.nodes += nodes
                if done and sol is None:
                    return UNWINNABLE, None
                if sol is None:
                    sol = self._resume(budget // RESUME_SHARE)
                if sol is None:
                    sol = self.restarts(RESTART_SHARE * budget)
                budget *= 2
            return WINNABLE, first + sol
        except _Proof:
            return UNWINNABLE, None
        except Limit:
            if self.helpers is not None and self.helpers.solution is not None:
                self.nodes += self.helpers.nodes
                self.found_by = f"helper {self.helpers.by}"
                return WINNABLE, first + self.helpers.solution
            return UNKNOWN, None
        finally:
            if self.helpers is not None:
                self.helpers.stop()
                self.helpers = None
                self.watch = None
            self.H = self.WEIGHTS[0]
            self.jitter = None
            self.kept = []
            p.set_state(self.start)

    def seed(self) -> int:
        """The seed of the restarts' random draws: the position's own (the same runs for
        the same deal)."""
        return zlib.crc32(self._key(None))

    def _fixed(self, budget: int) -> list[tuple] | None:
        """Round 0: the fixed-weight searches (most wins come from these, fast). The
        narrowed ones are kept, to go on in later rounds (``_resume``)."""
        p = self.pos
        self.kept = []
        if p.top == 13:  # the greedy search knows full decks only
            for gw in self.GREEDY:
                self.kept.append(self._new_greedy())
                sol = self._greedy(gw, budget, None, self.kept[-1])
                if sol is not None:
                    return sol
        return self._best_first(self.WEIGHTS[0], budget, None)

    def _resume(self, budget: int) -> list[tuple] | None:
        """Each kept fixed-weight search goes on for ``budget`` more positions."""
        for greedy in self.kept:
            sol = self._greedy(greedy.H, budget, None, greedy)
            if sol is not None:
                return sol
        return None

    def _compiled(self) -> bool:
        return self.core is not None and self.pos.top == 13  # the core knows full decks only

    def _new_greedy(self) -> GreedySearch | harp_core.Greedy:
        return harp_core.Greedy(self, self.start) if self._compiled() else \
            GreedySearch(self, self.start)

    def _greedy(self, weights: tuple[int, ...], budget: int, jitter: random.Random | None,
                greedy: GreedySearch | harp_core.Greedy | None = None) -> list[tuple] | None:
        greedy = greedy or self._new_greedy()
        greedy.H = weights
        greedy.jitter = jitter
        sol, nodes = greedy.run_bfs(budget)
        self.nodes += nodes
        return None if sol is None else greedy.solution(sol)

    def _best_first(self, weights: tuple[int, ...], budget: int,
                    jitter: random.Random | None) -> list[tuple] | None:
        self.pos.set_state(self.start)
        self.H, self.jitter = weights, jitter
        sol, nodes, done = self.run_bfs(budget)
        self.nodes += nodes
        if done and sol is None:
            raise _Proof
        return sol

    def restarts(self, spend: int) -> list[tuple] | None:
        """Short best-first runs with random weights and random tie-breaks, budgets
        ``RESTART`` × the Luby sequence (1 1 2 1 1 2 4 …), in turn over the complete
        moves and (full decks) the narrowed ones, until ``spend`` nodes are used."""
        rng = self.rng
        start = self.nodes
        while self.nodes - start < spend:
            self.attempt += 1
            budget = self.restart_unit * luby(self.attempt)
            if self.attempt % 2 and self.pos.top == 13:
                w = tuple(rng.randint(1, 8) for _ in range(6)) + (rng.randint(0, 1),)
                sol = self._greedy(w, budget, rng)
            else:
                sol = self._best_first(tuple(rng.randint(1, 8) for _ in range(5)), budget, rng)
            if sol is not None:
                return sol
        return None

    def _play(self, m: tuple, must: tuple | None) -> list[tuple]:
        """Play ``m``, then, when it leaves no obligation, the safe foundation moves."""
        p = self.pos
        recs = [(m, p.apply(m))]
        return recs if must else recs + p.auto()

    def _unplay(self, recs: list[tuple]) -> None:
        for m, turned in reversed(recs):
            self.pos.undo(m, turned)

    def _key(self, must: tuple | None) -> bytes:
        k = self.pos.key()
        if must:
            cols = self.pos.cols
            land, leave = must
            k += b"\xfd" + b"\xfc".join(sorted(cols[j] for j in land)) + b"\xfb" + \
                b"\xfc".join(cols[j] for j in leave)
        return k

    def _ordered(self, must: tuple | None) -> list[tuple]:
        ms = self.pos.moves(must)
        ms.sort(key=lambda t: t[0])
        return [(m, ob) for _, m, ob in ms]

    def run_dfs(self, budget: int) -> tuple[list[tuple] | None, int, bool]:
        """Depth-first from the position for ``budget`` positions: (the moves of a win or
        None, positions, every position seen)."""
        if self._compiled():
            return harp_core.depth_first(self, self.pos.copy_state(), budget)
        return self.py_run_dfs(budget)

    def run_bfs(self, budget: int) -> tuple[list[tuple] | None, int, bool]:
        """Best-first (``score``), as ``run_dfs``."""
        if self._compiled():
            return harp_core.best_first(self, self.pos.copy_state(), self.H, budget, self.jitter)
        return self.py_run_bfs(budget)

    def py_run_dfs(self, budget: int) -> tuple[list[tuple] | None, int, bool]:
        p = self.pos
        seen = {self._key(None)}
        path: list[list[tuple]] = []
        stack = [iter(self._ordered(None))]
        nodes = 0
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                if path:
                    self._unplay(path.pop())
                continue
            nodes += 1
            if nodes & 255 == 0 and self.out_of_budget(nodes, budget):
                return None, nodes, False
            m, must = nxt
            recs = self._play(m, must)
            if p.won:
                path.append(recs)
                return [m for r in path for m, _ in r], nodes, False
            k = self._key(must)
            if k in seen:
                self._unplay(recs)
                continue
            seen.add(k)
            path.append(recs)
            stack.append(iter(self._ordered(must)))
        return None, nodes, True

    # heuristic weights (``score``): cards not home, face-down cards, breaks in the
    # face-up part of columns, empty columns (a bonus), depth of each foundation's next card
    GREEDY = GreedySearch.WEIGHTS
    BEST_FIRST = 1
    WEIGHTS: tuple[tuple[int, ...], ...] = ((3, 3, 1, 4, 3), (2, 8, 3, 4, 8), (3, 6, 3, 4, 5),
                                            (2, 5, 2, 6, 4))
    H: tuple[int, ...] = WEIGHTS[0]
    jitter: random.Random | None = None  # random tie-breaks (restarts)

    def score(self) -> int:
        """Heuristic distance to a win (``H``): cards not home, face-down cards, breaks in
        the face-up part of columns, empty columns (a bonus), and how deep under other
        cards each foundation's next card lies."""
        p = self.pos
        W = self.H
        h = W[0] * (p.total - p.home) + W[1] * sum(p.down)
        cols = p.cols
        for i, col in enumerate(cols):
            n = len(col)
            if not n:
                h -= W[3]
                continue
            for k in range(p.down[i] + 1, n):
                a, b = col[k - 1], col[k]
                if (a & 15) != (b & 15) + 1 or RED[a >> 4] == RED[b >> 4]:
                    h += W[2]
        f = p.found
        for slot in range(8):
            if f[slot] < p.top:
                c = (slot >> 1) * 16 + f[slot] + 1
                if not p.pool[c]:
                    # cards over the highest copy of c in any column (99: none)
                    d = 99
                    for col in cols:
                        k = col.rfind(c)
                        if k >= 0 and len(col) - 1 - k < d:
                            d = len(col) - 1 - k
                    h += W[4] * d
        return h if self.jitter is None else 4 * h + self.jitter.randrange(4)

    def py_run_bfs(self, budget: int) -> tuple[list[tuple] | None, int, bool]:
        p = self.pos
        k0 = self._key(None)
        parent: dict[bytes, tuple] = {k0: (None, [])}
        heap = [(self.score(), 0, k0, p.copy_state(), None)]
        count = 0
        nodes = 0
        while heap:
            if self.out_of_budget(nodes, budget):
                return None, nodes, False
            _, _, k, state, must0 = heapq.heappop(heap)
            p.set_state(state)
            for m, must in self._ordered(must0):
                nodes += 1
                recs = self._play(m, must)
                k2 = self._key(must)
                if k2 not in parent:
                    parent[k2] = (k, [mm for mm, _ in recs])
                    if p.won:
                        out = []
                        while k2 is not None:
                            k2, ms = parent[k2]
                            out.append(ms)
                        return [mm for ms in reversed(out) for mm in ms], nodes, False
                    count += 1
                    heapq.heappush(heap, (self.score(), count, k2, p.copy_state(), must))
                self._unplay(recs)
        return None, nodes, True


class _Proof(Exception):
    """A complete best-first search ran out of positions."""


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 …"""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def complete_run(state: tuple, kind: str, budget: int, compiled: bool = True,
                 weights: tuple[int, ...] = HarpSearch.WEIGHTS[0]) -> tuple[bool, list | None, int]:
    """One of the complete searches (``kind`` "best_first" with ``weights``, or
    "depth_first") from ``state`` (``HarpPosition.copy_state``) for ``budget`` positions:
    ``(won, the internal moves of a win or None, positions)``; compiled
    (``csearch/complete.c``: the same moves, order and scores) when built and ``compiled``."""
    core = harp_greedy.compiled_searches()
    if compiled and core is not None:
        if kind == "best_first":
            return core.best_first(state, weights, budget)
        return core.depth_first(state, budget)
    search = HarpSearch(HarpPosition(*state[:4]), None, None)
    search.H, search.jitter, search.core = weights, None, None
    sol, nodes, _ = search.run_bfs(budget) if kind == "best_first" else search.run_dfs(budget)
    return sol is not None, sol, nodes


def solve(game: Game, limit_seconds: float | None, max_nodes: int | None,
          jobs: int = 1) -> Result:
    """Easy Harp's verdict from the game's current position (the game is not changed);
    ``jobs`` > 1: that many processes in all, for a search bounded by time alone."""
    search = HarpSearch(position_of(game), limit_seconds, max_nodes, jobs)
    verdict, internal = search.run()
    if internal is None:
        return Result(verdict, None, search.nodes)
    return Result(verdict, engine_moves(game, internal), search.nodes,
                  info={"found_by": search.found_by})


def best_line(game: Game, max_nodes: int) -> tuple[bool, list[Move]]:
    """For hints on sampled positions only (no verdict): the greedy search with its first
    weights for ``max_nodes`` positions (compiled where built); ``(True, a win)``, or
    ``(False, the moves to the best position it reached by its heuristic)`` (possibly
    none)."""
    p = position_of(game)
    first = [m for m, _ in p.auto()]
    won, line, _, _ = harp_greedy.run(p.copy_state(), GreedySearch.WEIGHTS[0], max_nodes)
    return won, engine_moves(game, first + harp_greedy.as_moves(line))


__all__ = ["ONE_CARD_MOVES", "HarpSearch", "best_line", "complete_run", "engine_moves", "fits", "position_of", "solve"]
