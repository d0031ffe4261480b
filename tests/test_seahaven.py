"""Seahaven Towers rules (SH-01 … SH-16) on hand-made positions.

Columns bottom → top; foundations f1 ♠, f2 ♥, f3 ♦, f4 ♣ (SH-06). The SH-08 table below is
copied literally from RULES.md; nothing expected here is taken from the engine.
"""

from __future__ import annotations

import pytest

from harptowers.engine import InvalidMove, new_game, parse_move
from ht_positions import E, sh
from ht_positions import sh_cols as cols
from ht_support import RANKS, expected_after, play, refusal, tops


# ---- SH-01 / SH-02 set-up ------------------------------------------------------------------------

@pytest.mark.rule("SH-01")
def test_deal_shape_with_four_cells():
    pos = new_game("SH1-C4-AAAAAAB").replay_json()
    assert [len(c) for c in pos["tableau"]] == [5] * 10
    assert sum(c is not None for c in pos["cells"]) == 2 and pos["cells"][2:] == [None, None]
    assert pos["foundations"] == [[], [], [], []]
    assert all(c == c.upper() for col in pos["tableau"] for c in col)   # dealt face up
    assert [s.name for s in new_game("SH1-C4-AAAAAAB").found_suits] == list("SHDC")


@pytest.mark.rule("SH-02")
@pytest.mark.parametrize("variant, cells, lengths", [
    ("C4", 4, [5] * 10), ("C2", 2, [5] * 10), ("C1", 1, [5, 6] + [5] * 8)])
def test_cell_count_changes_only_where_the_last_two_cards_go(variant, cells, lengths):
    pos = new_game(f"SH1-{variant}-AAAAAJ2").replay_json()
    c4 = new_game("SH1-C4-AAAAAJ2").replay_json()
    assert len(pos["cells"]) == cells
    assert [len(c) for c in pos["tableau"]] == lengths
    assert pos["cells"][0] == c4["cells"][0]
    if cells >= 2:
        assert pos["cells"][1] == c4["cells"][1] and pos["tableau"] == c4["tableau"]
    else:
        assert pos["tableau"][1] == c4["tableau"][1] + [c4["cells"][1]]


@pytest.mark.rule("SH-02")
def test_cells_that_are_taken_away_do_not_exist():
    g = sh(cols("5H", "KS"), cells=["9D"], n_cells=1)
    with pytest.raises(InvalidMove):
        g.play(parse_move("t1-c2"))
    assert refusal(g, "t1-c").rule == "SH-05"         # the one cell is full
    g = sh(cols("5H"), cells=["9D", None], n_cells=2)
    assert str(play(g, "t1-c").move) == "t1-c2"


# ---- SH-03 what moves ---------------------------------------------------------------------------

@pytest.mark.rule("SH-03")
@pytest.mark.parametrize("column, move", [
    ("9D 8S 7S", "t1:3-t2"),      # 9D 8S 7S: not one suit
    ("6S 8S 7S", "t1:3-t2"),      # a rank gap under the run
    ("9S 7S", "t1:2-t2"),         # not consecutive
    ("7S 8S", "t1:2-t2"),         # ascending
])
def test_only_an_ordered_run_moves_as_a_group(column, move):
    g = sh(cols(column, "TS"))
    e = refusal(g, move)
    assert e.rule == "SH-03" and e.params["reason"] == "not-a-run"


@pytest.mark.rule("SH-03")
def test_the_top_card_of_a_column_and_a_cell_card_move():
    g = sh(cols("9D 7S", "8S", "TH"), cells=["9H", None, None, None])
    play(g, "t1-t2")                # the top card
    play(g, "c1-t3")                # a card in a cell
    assert tops(g)[:3] == ["9D", "7S", "9H"]


@pytest.mark.rule("SH-03")
def test_seahaven_has_no_stock_to_tap():
    g = new_game("SH1-C4-AAAAAJ2")
    with pytest.raises(InvalidMove):
        g.play(parse_move("s"))
    assert all(m.dst is not None for m in g.legal_moves())


# ---- SH-04 onto a column -------------------------------------------------------------------------

@pytest.mark.rule("SH-04")
@pytest.mark.parametrize("moving, onto, ok", [
    ("7H", "8H", True), ("7S", "8S", True), ("QD", "KD", True), ("AC", "2C", True),
    ("7H", "8D", False), ("7H", "8S", False), ("7H", "8C", False),
    ("7H", "9H", False), ("7H", "6H", False), ("KH", "AH", False),
])
def test_same_suit_exactly_one_rank_lower(moving, onto, ok):
    g = sh(cols("9C " + moving, onto))
    if ok:
        act = play(g, "t1-t2")
        assert tops(g)[1] == moving and act.points == 0
    else:
        e = refusal(g, "t1-t2")
        assert e.rule == "SH-04" and e.params == {"card": moving, "onto": onto}


@pytest.mark.rule("SH-04")
def test_seven_of_hearts_has_exactly_one_place():
    g = sh(cols("7H", "8D", "8S", "8C", "8H", "9H"))
    onto_columns = {str(m) for m in g.legal_moves() if str(m.src) == "t1" and m.dst.kind == "t"}
    assert onto_columns == {"t1-t5"}


# ---- SH-05 cells ---------------------------------------------------------------------------------

@pytest.mark.rule("SH-05")
def test_any_card_goes_into_an_empty_cell():
    g = sh(cols("KS", "5H", "AD"), cells=["9D", None, None, "2C"])
    assert str(play(g, "t1-c").move) == "t1-c2"    # 'c' is the first free cell
    assert str(play(g, "t2-c3").move) == "t2-c3"
    assert g.replay_json()["cells"] == ["9D", "KS", "5H", "2C"]


@pytest.mark.rule("SH-05")
def test_one_card_per_cell():
    g = sh(cols("5H", "TS 9S 8S"), cells=["9D", None, "3C", "2C"])
    e = refusal(g, "t1-c1")
    assert e.rule == "SH-05" and e.params == {"reason": "full"}
    e = refusal(g, "t2:2-c2")                           # a run of 2 into one cell
    assert e.rule == "SH-05" and e.params == {"reason": "one-card"}
    play(g, "t1-c")
    e = refusal(g, "t2-c")                              # no free cell left
    assert e.rule == "SH-05" and e.params == {"reason": "full"}


# ---- SH-06 foundations ---------------------------------------------------------------------------

@pytest.mark.rule("SH-06")
@pytest.mark.parametrize("card, slot, ok", [
    ("AS", "f1", True), ("AH", "f2", True), ("AD", "f3", True), ("AC", "f4", True),
    ("AH", "f1", False), ("AS", "f2", False), ("AC", "f3", False), ("AD", "f4", False),
    ("2H", "f2", False),
])
def test_each_foundation_belongs_to_one_suit_ace_first(card, slot, ok):
    g = sh(cols("9C " + card))
    if ok:
        act = play(g, f"t1-{slot}")
        assert act.points == 10
    else:
        e = refusal(g, f"t1-{slot}")
        assert e.rule == "SH-06" and e.params["card"] == card


@pytest.mark.rule("SH-06")
@pytest.mark.parametrize("card, want", [("AS", "f1"), ("AH", "f2"), ("AD", "f3"), ("AC", "f4")])
def test_a_drop_on_the_foundation_area_goes_to_its_suits_foundation(card, want):
    g = sh(cols(card))
    assert str(play(g, "t1-f").move) == f"t1-{want}"


@pytest.mark.rule("SH-06")
def test_then_two_up_to_king_one_card_at_a_time():
    g = sh(cols("3H", "5H", "KH QH", "4H"), foundations=[0, 2, 0, 0])
    e = refusal(g, "t2-f")
    assert e.rule == "SH-06" and e.params == {"card": "5H", "need": "3H"}
    play(g, "t1-f")
    assert g.replay_json()["foundations"][1] == ["AH", "2H", "3H"]
    assert play(g, "t4-f").points == 10
    assert play(g, "t2-f").points == 10
    e = refusal(g, "t3:2-f")                            # two cards at once
    assert e.rule in ("SH-06", "SH-03")


# ---- SH-07 empty columns -------------------------------------------------------------------------

@pytest.mark.rule("SH-07")
@pytest.mark.parametrize("column, move", [("9D QS", "t1-t3"), ("9D 5H", "t1-t3"),
                                          ("9D QS JS", "t1:2-t3"), ("9D AC", "t1-t3")])
def test_an_empty_column_takes_no_other_card_than_a_king(column, move):
    g = sh(cols(column, "8C"), cells=["9H", None, None, None])
    e = refusal(g, move)
    assert e.rule == "SH-07" and e.params == {"card": column.split()[1]}


@pytest.mark.rule("SH-07")
def test_not_even_from_a_cell_or_a_foundation():
    g = sh(cols("9D", "8C"), cells=["QS", None, None, None], foundations=[0, 5, 0, 0])
    assert refusal(g, "c1-t3").rule == "SH-07"
    assert refusal(g, "f2-t3").rule == "SH-07"


@pytest.mark.rule("SH-07")
def test_a_king_alone_or_with_its_run_goes_into_an_empty_column():
    g = sh(cols("9D KS", "8C 7C", "5D KH QH JH"), cells=["KD", None, None, None])
    play(g, "t1-t4")                                     # a King alone
    act = play(g, "t3:3-t5")                             # a King and its run of the same suit
    assert act.points == 0
    assert g.replay_json()["tableau"][4] == ["KH", "QH", "JH"]
    act = play(g, "c1-t6")                               # from a cell: +5
    assert act.points == 5


@pytest.mark.rule("SH-07", "SH-03")
def test_a_king_followed_by_another_suit_is_not_a_run():
    g = sh(cols("9D KS QH", "8C"))
    assert refusal(g, "t1:2-t3").rule == "SH-03"


# ---- SH-08 group moves: the table of RULES.md, literally -----------------------------------------

# free cells → (to occupied 0 empty, to occupied 1 empty, to occupied 2 empty,
#               King-led to empty col. with 1 empty in all, … with 2 empty in all)
SH08_TABLE = {
    0: (1, 2, 4, 1, 2),
    1: (2, 4, 8, 2, 4),
    2: (3, 6, 12, 3, 6),
    3: (4, 8, 16, 4, 8),
    4: (5, 10, 20, 5, 10),
}
SH08_COLUMNS = [(False, 0), (False, 1), (False, 2), (True, 1), (True, 2)]  # (to_empty, empty)
CELL_FILLERS = ["2H", "3H", "4H", "5H"]


def sh08_position(free: int, empty_total: int, to_empty: bool, length: int):
    """A complete 52-card C4 position: a spades run of ``length`` at the top of t1 (over a 9D),
    ``free`` free cells, ``empty_total`` empty columns (the last ones). Onto an occupied
    column the run is Q, J, … and goes onto KS (t2); into an empty column it is K, Q, … and goes
    to t10. Returns (game, move text)."""
    top = 12 if to_empty else 11                     # rank index: K = 12, Q = 11
    run = [RANKS[top - k] + "S" for k in range(length)]
    assert len(run) == length and top - length + 1 >= 0
    columns = [E] * 10
    columns[0] = "9D " + " ".join(run)
    occupied = 10 - empty_total
    fillers = list(range(1, occupied))
    if not to_empty:
        columns[1] = "KS"
        fillers = list(range(2, occupied))
    cells = CELL_FILLERS[: 4 - free] + [None] * free
    g = sh(columns, cells=cells, rest=fillers)
    dest = "t2" if not to_empty else "t10"
    move = f"t1:{length}-{dest}" if length > 1 else f"t1-{dest}"
    return g, move


def _max_run(to_empty: bool) -> int:
    # the longest same-suit run that can be offered: K..A (13) into an empty column,
    # Q..A (12) onto an occupied column (nothing is above a King)
    return 13 if to_empty else 12


SH08_CASES = [
    pytest.param(free, col, id=f"free{free}-{'to-empty' if SH08_COLUMNS[col][0] else 'occupied'}"
                               f"-{SH08_COLUMNS[col][1]}empty")
    for free in range(5) for col in range(5)]


@pytest.mark.rule("SH-08")
@pytest.mark.parametrize("free, col", SH08_CASES)
def test_group_move_limit_table(free, col):
    to_empty, empty_total = SH08_COLUMNS[col]
    limit = SH08_TABLE[free][col]
    limit_occupied = SH08_TABLE[free][empty_total]     # same free cells, same empties, occupied
    top = _max_run(to_empty)

    # a run of exactly the limit moves (capped at the longest run that can exist)
    n = min(limit, top)
    g, move = sh08_position(free, empty_total, to_empty, n)
    assert sum(1 for c in g.cells if not c) == free
    assert sum(1 for c in g.columns if not c) == empty_total
    assert move in {str(m) for m in g.legal_moves()}
    before = g.replay_json()
    act = play(g, move)
    assert act.points == 0 and g.moves == 1 and len(g.history) == 1
    assert g.replay_json() == expected_after(before, move)[0]

    # a run of limit + 1 is refused with SH-08 and the table's numbers
    if limit + 1 > top:
        # Capped cells (documented): onto an occupied column the longest run is Q..A, 12 cards,
        # so the free2-occupied-e2 cell (12) has no 13-card refusal and free3/free4
        # occupied-e2 (16, 20) can only show that the longest run (12) moves.
        assert (free, col) in {(2, 2), (3, 2), (4, 2)}
        return
    g, move = sh08_position(free, empty_total, to_empty, limit + 1)
    assert move not in {str(m) for m in g.legal_moves()}
    e = refusal(g, move)
    assert e.rule == "SH-08"
    assert e.params == {"count": limit + 1, "limit": limit, "free_cells": free,
                        "empty_columns": empty_total, "to_empty": to_empty,
                        "limit_occupied": limit_occupied}


@pytest.mark.rule("SH-08")
def test_the_spec_example_one_free_cell_two_empty_columns():
    # 8 onto an occupied column, but a King-led run into an empty column only up to 4
    g, move = sh08_position(1, 2, False, 8)
    play(g, move)
    g, move = sh08_position(1, 2, False, 9)
    assert refusal(g, move).params["limit"] == 8
    g, move = sh08_position(1, 2, True, 4)
    play(g, move)
    g, move = sh08_position(1, 2, True, 5)
    e = refusal(g, move)
    assert (e.params["limit"], e.params["limit_occupied"]) == (4, 8)


@pytest.mark.rule("SH-08")
def test_the_source_column_emptied_by_the_move_does_not_count():
    # t1 is only the run 9S 8S: moving it would empty t1, but empties are counted before
    # the move: 0 free cells, 0 empty columns → limit 1
    g = sh(cols("9S 8S", "TS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"),
           cells=["2D", "3D", "4D", "5D"])
    e = refusal(g, "t1:2-t2")
    assert e.rule == "SH-08"
    assert (e.params["limit"], e.params["empty_columns"]) == (1, 0)


@pytest.mark.rule("SH-08", "SH-02")
@pytest.mark.parametrize("n_cells, cells, limit", [
    (1, [None], 2),                 # one cell, free: (1 + 1) × 1
    (2, [None, None], 3),           # two free cells: (2 + 1) × 1
    (2, ["2D", None], 2),
    (1, ["2D"], 1),
])
def test_cells_taken_away_never_count_for_group_sizes(n_cells, cells, limit):
    def pos(length):
        run = " ".join(RANKS[11 - k] + "S" for k in range(length))
        return sh(cols("9D " + run, "KS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"),
                  cells=cells, n_cells=n_cells)
    g = pos(limit)
    play(g, f"t1:{limit}-t2" if limit > 1 else "t1-t2")
    g = pos(limit + 1)
    e = refusal(g, f"t1:{limit + 1}-t2")
    assert e.rule == "SH-08"
    assert (e.params["limit"], e.params["free_cells"]) == (limit, cells.count(None))


# ---- SH-09 a group move is one action ------------------------------------------------------------

@pytest.mark.rule("SH-09")
def test_a_group_move_is_one_move_and_one_undo_step():
    g, move = sh08_position(3, 0, False, 4)
    before = g.replay_json()
    play(g, move)
    assert g.moves == 1 and len(g.history) == 1
    assert g.replay_json()["tableau"][1] == ["KS", "QS", "JS", "TS", "9S"]
    g.undo()
    assert {k: v for k, v in g.replay_json().items() if k != "moves"} == \
        {k: v for k, v in before.items() if k != "moves"}
    assert g.moves == 1


@pytest.mark.rule("SH-09", "SH-07")
def test_a_group_move_is_atomic_and_never_parks_cards_in_empty_columns():
    # 0 free cells, 2 empty columns: 4 cards may move at once onto KS, and afterwards the
    # empty columns are still empty (nothing passed through them)
    g, move = sh08_position(0, 2, False, 4)
    play(g, move)
    assert g.replay_json()["tableau"][8:] == [[], []]


# ---- SH-10 the end -------------------------------------------------------------------------------

@pytest.mark.rule("SH-10")
def test_won_when_all_52_cards_are_home():
    g = sh(cols("KC"), foundations=[13, 13, 13, 12])
    assert not g.won
    play(g, "t1-f")
    assert g.won and g.replay_json()["won"] is True
    assert g.legal_moves() == []
    e = refusal(g, "f4-t1")
    assert e.rule == "SH-14" and e.params == {"reason": "won"}
    g.undo()
    assert not g.won


@pytest.mark.rule("SH-10")
def test_a_stuck_game_is_simply_not_won():
    g = sh(cols("2S 3S", "2H 3H", "2D 3D", "2C 3C", "4S 5S", "4H 5H", "4D 5D", "4C 5C", "6S 7S",
                "6H 7H"), cells=["8S", "8H", "8D", "8C"])
    assert g.legal_moves() == []
    assert g.replay_json()["won"] is False
