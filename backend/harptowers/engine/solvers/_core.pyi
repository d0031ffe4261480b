# The compiled searches (csearch/*.c, built by setup.py): Easy Harp's (csearch/module.c)
# and Klondike's (csearch/klondike_py.c).
from collections.abc import Callable

State = tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]

def greedy(state: State, weights: tuple[int, ...], budget: int,
           /) -> tuple[bool, list[tuple[int, int, int, int]], int, int]: ...
def best_first(state: State, weights: tuple[int, ...], budget: int,
               /) -> tuple[bool, list[tuple[int, int, int, int, int]] | None, int]: ...
def depth_first(state: State, budget: int,
                /) -> tuple[bool, list[tuple[int, int, int, int, int]] | None, int]: ...

# The same searches as easy_harp.HarpSearch runs them (csearch/harp_run.c, driven by
# harp_core.py): one round of `budget` positions under the whole search's limits (`cap`
# positions, `seconds`, `watch`; None: none). status: "round", "won", "done" or "limit".
# rng: random.Random.getstate()[1] for the tie-breaks (None: none); the state after comes back.
Rng = tuple[int, ...]
Watch = Callable[[], bool] | None

def harp_best_first(state: State, weights: tuple[int, ...], budget: int, cap: int | None,
                    seconds: float | None, watch: Watch, rng: Rng | None,
                    /) -> tuple[str, list[tuple[int, int, int, int, int]] | None, int,
                                Rng | None]: ...
def harp_depth_first(state: State, budget: int, cap: int | None, seconds: float | None,
                     watch: Watch,
                     /) -> tuple[str, list[tuple[int, int, int, int, int]] | None, int]: ...

class HarpGreedy:
    """The greedy search kept between calls: each run goes on where the last one stopped."""
    def __init__(self, state: State, weights: tuple[int, ...], /) -> None: ...
    def run(self, budget: int, cap: int | None, seconds: float | None, watch: Watch,
            rng: Rng | None, /) -> tuple[str, list[tuple[int, int, int, int]] | None, int,
                                         Rng | None]: ...

# FreeCell's search compiled (csearch/fc_*.c); see csearch/fc_module.c.
FreeCellState = tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...]]
FreeCellMove = tuple[str, int, str, int, int]

def freecell_depth_first(state: FreeCellState, budget: int, max_nodes: int | None,
                         seconds: float | None,
                         /) -> tuple[str, list[FreeCellMove] | None, int]: ...
def freecell_best_first(state: FreeCellState, budget: int, max_nodes: int | None,
                        seconds: float | None, weights: tuple[int, ...],
                        /) -> tuple[str, list[FreeCellMove] | None, int]: ...
# Klondike's complete search (csearch/klondike.c; arguments in csearch/klondike_py.c)
def klondike(cols: tuple[bytes, ...], downs: tuple[int, ...], deck: bytes, p: int,
             found: tuple[int, ...], draw: int, seconds: float, max_nodes: int,
             max_entries: int, /) -> tuple[int, list[tuple[int, int, int, int, int, int]] | None,
                                            int]: ...
