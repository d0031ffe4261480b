"""FreeCell rules (FC-03 … FC-16) on hand-made positions.

Columns bottom → top; foundations f1 ♠, f2 ♥, f3 ♦, f4 ♣ (FC-06). The FC-08 table below is
copied literally from docs/rules.md; nothing expected here is taken from the engine.
"""

from __future__ import annotations

import pytest

from harptowers.engine import InvalidMove, parse_move
from ht_support import build, play, refusal, tops

E = ""
CODE = "FC1-S-AAAAAAB"


def cols(*specs: str) -> list[str]:
    """FreeCell's eight columns: the given ones first, the rest empty."""
    out = list(specs) + [E] * (8 - len(specs))
    assert len(out) == 8
    return out


def fc(tableau, cells=(None, None, None, None), foundations=None):
    return build(CODE, tableau=tableau, cells=list(cells), foundations=foundations)


# ---- FC-03 what moves ---------------------------------------------------------------------------

@pytest.mark.rule("FC-03")
@pytest.mark.parametrize("column, move", [
    ("9D 8S 7S", "t1:3-t2"),      # two blacks in a row
    ("6S 8H 7S", "t1:3-t2"),      # a rank gap under the run
    ("9S 7H", "t1:2-t2"),         # not consecutive
    ("7S 8H", "t1:2-t2"),         # ascending
    ("9H 8D", "t1:2-t2"),         # the same colour
])
def test_only_an_alternating_run_moves_as_a_group(column, move):
    g = fc(cols(column, "TH"))
    e = refusal(g, move)
    assert e.rule == "FC-03" and e.params["reason"] == "not-a-run"


@pytest.mark.rule("FC-03")
def test_the_top_card_of_a_column_a_cell_card_and_a_run_move():
    g = fc(cols("2D 7S", "8H", "TH", "QC JD TS 9H", "QS"), cells=["9S", None, None, None])
    play(g, "t1-t2")                # the top card
    play(g, "c1-t3")                # a card in a cell
    play(g, "t4:3-t5")              # a run JD TS 9H
    assert tops(g)[:5] == ["2D", "7S", "9S", "QC", "9H"]


@pytest.mark.rule("FC-03")
def test_freecell_has_no_stock_to_tap():
    g = fc(cols("5H"))
    with pytest.raises(InvalidMove):
        g.play(parse_move("s"))
    assert all(m.dst is not None for m in g.legal_moves())


# ---- FC-04 onto a column ------------------------------------------------------------------------

@pytest.mark.rule("FC-04")
@pytest.mark.parametrize("moving, onto, ok", [
    ("7H", "8S", True), ("7H", "8C", True), ("7D", "8S", True), ("7S", "8H", True),
    ("7C", "8D", True), ("QD", "KS", True), ("AC", "2H", True),
    ("7H", "8D", False), ("7H", "8H", False), ("7S", "8C", False), ("7S", "8S", False),
    ("7H", "9S", False), ("7H", "6S", False), ("KH", "AS", False),
])
def test_opposite_colour_exactly_one_rank_lower(moving, onto, ok):
    g = fc(cols("9C " + moving, onto, "2C"))
    if ok:
        act = play(g, "t1-t2")
        assert tops(g)[1] == moving and act.points == 0
    else:
        e = refusal(g, "t1-t2")
        assert e.rule == "FC-04" and e.params == {"card": moving, "onto": onto}


@pytest.mark.rule("FC-04")
def test_seven_of_hearts_has_two_places_on_columns_besides_the_empty_ones():
    g = fc(cols("7H", "8D", "8S", "8C", "8H", "9H", "5C", "4D"))
    onto = {str(m) for m in g.legal_moves() if str(m.src) == "t1" and m.dst.kind == "t"}
    assert onto == {"t1-t3", "t1-t4"}


# ---- FC-05 cells --------------------------------------------------------------------------------

@pytest.mark.rule("FC-05")
def test_any_card_goes_into_an_empty_cell():
    g = fc(cols("KS", "5H", "AD"), cells=["9D", None, None, "2C"])
    assert str(play(g, "t1-c").move) == "t1-c2"    # 'c' is the first free cell
    assert str(play(g, "t2-c3").move) == "t2-c3"
    assert g.replay_json()["cells"] == ["9D", "KS", "5H", "2C"]


@pytest.mark.rule("FC-05")
def test_one_card_per_cell():
    g = fc(cols("5H", "TS 9H 8S"), cells=["9D", None, "3C", "2C"])
    e = refusal(g, "t1-c1")
    assert e.rule == "FC-05" and e.params == {"reason": "full"}
    e = refusal(g, "t2:2-c2")                           # a run of 2 into one cell
    assert e.rule == "FC-05" and e.params == {"reason": "one-card"}
    play(g, "t1-c")
    e = refusal(g, "t2-c")                              # no free cell left
    assert e.rule == "FC-05" and e.params == {"reason": "full"}


# ---- FC-06 foundations --------------------------------------------------------------------------

@pytest.mark.rule("FC-06")
@pytest.mark.parametrize("card, slot, ok", [
    ("AS", "f1", True), ("AH", "f2", True), ("AD", "f3", True), ("AC", "f4", True),
    ("AH", "f1", False), ("AS", "f2", False), ("AC", "f3", False), ("AD", "f4", False),
    ("2H", "f2", False),
])
def test_each_foundation_belongs_to_one_suit_ace_first(card, slot, ok):
    g = fc(cols("9C " + card))
    if ok:
        assert play(g, f"t1-{slot}").points == 10
    else:
        e = refusal(g, f"t1-{slot}")
        assert e.rule == "FC-06" and e.params["card"] == card


@pytest.mark.rule("FC-06")
@pytest.mark.parametrize("card, want", [("AS", "f1"), ("AH", "f2"), ("AD", "f3"), ("AC", "f4")])
def test_a_drop_on_the_foundation_area_goes_to_its_suits_foundation(card, want):
    g = fc(cols(card))
    assert str(play(g, "t1-f").move) == f"t1-{want}"


@pytest.mark.rule("FC-06")
def test_then_two_up_to_king_one_card_at_a_time():
    g = fc(cols("3H", "5H", "KS QH", "4H"), foundations=[0, 2, 0, 0])
    e = refusal(g, "t2-f")
    assert e.rule == "FC-06" and e.params == {"card": "5H", "need": "3H"}
    play(g, "t1-f")
    assert g.replay_json()["foundations"][1] == ["AH", "2H", "3H"]
    assert play(g, "t4-f").points == 10
    assert play(g, "t2-f").points == 10
    assert refusal(g, "t3:2-f").rule == "FC-06"          # two cards at once


# ---- FC-07 empty columns ------------------------------------------------------------------------

@pytest.mark.rule("FC-07")
@pytest.mark.parametrize("source, move", [("9D QS", "t1-t3"), ("9D 5H", "t1-t3"),
                                          ("9D AC", "t1-t3"), ("9D KH", "t1-t3"),
                                          ("9D QS JH", "t1:2-t3")])
def test_an_empty_column_takes_any_card_or_run(source, move):
    g = fc(cols(source, "8C"))
    play(g, move)
    assert g.replay_json()["tableau"][2] == source.split()[-parse_move(move).count:]


@pytest.mark.rule("FC-07")
def test_also_from_a_cell_or_a_foundation():
    g = fc(cols("9D", "8C"), cells=["QS", None, None, None], foundations=[0, 5, 0, 0])
    play(g, "c1-t3")
    play(g, "f2-t4")
    assert tops(g)[2:4] == ["QS", "5H"]


# ---- FC-08 group moves: the table of docs/rules.md, literally -------------------------------------

# free cells → (to occupied 0 empty, to occupied 1 empty, to occupied 2 empty,
#               into an empty column with 1 empty in all, … with 2 empty in all)
FC08_TABLE = {
    0: (1, 2, 4, 1, 2),
    1: (2, 4, 8, 2, 4),
    2: (3, 6, 12, 3, 6),
    3: (4, 8, 16, 4, 8),
    4: (5, 10, 20, 5, 10),
}
FC08_COLUMNS = [(False, 0), (False, 1), (False, 2), (True, 1), (True, 2)]  # (to_empty, empty)
CELL_FILLERS = ["2H", "3H", "4H", "5H"]
# an alternating run from the Queen of spades down (lengths up to 12 are needed)
RED_BLACK = ["QS", "JH", "TS", "9H", "8S", "7H", "6S", "5D", "4S", "3D", "2S", "AD"]


def fc08_position(free: int, empty_total: int, to_empty: bool, length: int):
    """Column 1: KC under a run of ``length`` (≤ 12) headed by QS; column 2 topped by KH (the
    occupied destination); 8 - 2 - empty_total other columns filled; cells filled to leave
    ``free`` free."""
    run = RED_BLACK[:length]
    fillers = ["9C", "8C", "7C", "6C", "5C", "4C"]
    tableau = ["KC " + " ".join(run), "KH"]
    n_filled = 8 - 2 - empty_total
    tableau += fillers[:n_filled] + [E] * empty_total
    cells = CELL_FILLERS[:4 - free] + [None] * free
    return fc(tableau, cells=cells)


@pytest.mark.rule("FC-08")
@pytest.mark.parametrize("free", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("col", range(5))
def test_group_move_limit_table(free, col):
    to_empty, empty = FC08_COLUMNS[col]
    limit = FC08_TABLE[free][col]
    lengths = [n for n in (limit, limit + 1) if 2 <= n <= 12]
    for n in lengths:
        g = fc08_position(free, empty, to_empty, n)
        dest = 8 if to_empty else 2                    # the last column is an empty one
        move = f"t1:{n}-t{dest}"
        if n <= limit:
            act = play(g, move)
            assert act.move.count == n
        else:
            e = refusal(g, move)
            assert e.rule == "FC-08"
            assert e.params == {"count": n, "limit": limit, "free_cells": free,
                                "empty_columns": empty, "to_empty": to_empty,
                                "limit_occupied": FC08_TABLE[free][FC08_COLUMNS.index((False, empty))]}


@pytest.mark.rule("FC-08")
def test_the_rules_example_two_free_cells_one_empty_column():
    g = fc08_position(2, 1, False, 6)
    assert play(g, "t1:6-t2").move.count == 6             # 6 onto an occupied column
    g = fc08_position(2, 1, True, 6)
    e = refusal(g, "t1:6-t8")
    assert e.rule == "FC-08" and e.params["limit"] == 3
    assert play(g, "t1:3-t8").move.count == 3             # 3 of them into the empty column


@pytest.mark.rule("FC-08")
def test_the_source_column_emptied_by_the_move_does_not_count():
    # 0 free cells, 0 empty columns before the move: 1 card only, even though t1 empties
    g = fc(cols("QS JH", "KH", "9C", "8C", "7C", "6C", "5C", "4C"), cells=CELL_FILLERS)
    e = refusal(g, "t1:2-t2")
    assert e.rule == "FC-08" and e.params["limit"] == 1 and e.params["empty_columns"] == 0


@pytest.mark.rule("FC-08")
def test_legal_moves_list_the_runs_the_limit_allows():
    g = fc08_position(1, 1, True, 4)    # 1 free cell, 1 empty column (t8)
    runs = {str(m) for m in g.legal_moves() if m.src.index == 0 and m.count > 1}
    # onto KH: the whole run of 4 fits the limit 4; into t8: runs of 2 only (limit 2)
    assert runs == {"t1:4-t2", "t1:2-t8"}


# ---- FC-09 a group move is one action ------------------------------------------------------------

@pytest.mark.rule("FC-09")
def test_a_group_move_is_one_move_and_one_undo_step():
    g = fc08_position(2, 1, False, 6)
    before = g.replay_json()
    play(g, "t1:6-t2")
    assert g.moves == 1 and len(g.history) == 1
    g.undo()
    after = g.replay_json()
    assert after["tableau"] == before["tableau"] and after["cells"] == before["cells"]


# ---- the Examples page: FC-08's limit in a real deal (APP-05) -------------------------------------

@pytest.mark.rule("FC-08", "FC-07")
def test_the_example_refuses_a_run_into_the_empty_column_that_could_go_onto_a_card():
    from harptowers.engine import examples
    ex = examples.load_plain()["freecell"]
    g = examples.play(ex["code"], ex["moves"])
    assert sum(1 for c in g.cells if not c) == 1
    empties = [i for i, c in enumerate(g.columns) if not c]
    assert len(empties) == 1
    key = g.example_key()
    assert key is not None and key["rule"] == "FC-08"
    run = key["cards"]
    red = set("HD")
    assert all((a[1] in red) != (b[1] in red) and "A23456789TJQK".index(a[0])
               == "A23456789TJQK".index(b[0]) + 1 for a, b in zip(run, run[1:]))
    # the FC-08 table: 1 free cell; into an empty column with 1 empty in all → 2, onto an
    # occupied column with 1 empty → 4
    assert 2 < len(run) <= 4 and (key["limit"], key["limit_occupied"]) == (2, 4)
    assert [s["key"] for s in key["says"]] == ["example.fc_try"]
    e = refusal(g, f"{key['from']}:{len(run)}-t{empties[0] + 1}")
    assert e.rule == "FC-08" and e.params == {"count": len(run), "limit": 2, "free_cells": 1,
                                              "empty_columns": 1, "to_empty": True,
                                              "limit_occupied": 4}
