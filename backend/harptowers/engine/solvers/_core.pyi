# Easy Harp's searches compiled (csearch/*.c, built by setup.py); see csearch/module.c.
State = tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]

def greedy(state: State, weights: tuple[int, ...], budget: int,
           /) -> tuple[bool, list[tuple[int, int, int, int]], int, int]: ...
def best_first(state: State, weights: tuple[int, ...], budget: int,
               /) -> tuple[bool, list[tuple[int, int, int, int, int]] | None, int]: ...
def depth_first(state: State, budget: int,
                /) -> tuple[bool, list[tuple[int, int, int, int, int]] | None, int]: ...

# FreeCell's search compiled (csearch/fc_*.c); see csearch/fc_module.c.
FreeCellState = tuple[tuple[bytes, ...], tuple[int, ...], tuple[int, ...]]
FreeCellMove = tuple[str, int, str, int, int]

def freecell_depth_first(state: FreeCellState, budget: int, max_nodes: int | None,
                         seconds: float | None,
                         /) -> tuple[str, list[FreeCellMove] | None, int]: ...
def freecell_best_first(state: FreeCellState, budget: int, max_nodes: int | None,
                        seconds: float | None, weights: tuple[int, ...],
                        /) -> tuple[str, list[FreeCellMove] | None, int]: ...
