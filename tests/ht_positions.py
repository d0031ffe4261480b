"""Helpers for the rules tests' hand-made positions: full rows of columns, and a Seahaven
position from its columns and cells (ht_support.build does the rest)."""

from __future__ import annotations

from ht_support import build

E = ""  # an empty column


def eh_cols(*specs: str) -> list[str]:
    """Easy Harp's nine columns: the given ones first, the rest empty."""
    out = list(specs) + [E] * (9 - len(specs))
    assert len(out) == 9
    return out


def eh_nearly_won():
    """Easy Harp with 103 cards home, the last King of clubs (deck 1) alone in column 1."""
    return build(tableau=eh_cols("KC"), foundations=[13] * 7 + [12])


def sh_cols(*specs: str) -> list[str]:
    """Seahaven's ten columns: the given ones first, the rest empty."""
    out = list(specs) + [E] * (10 - len(specs))
    assert len(out) == 10
    return out


def sh(tableau, cells=(None, None, None, None), foundations=None, rest=None, n_cells=4):
    return build("sh", tableau=tableau, cells=list(cells), foundations=foundations,
                 rest=rest, cells_count=n_cells)
