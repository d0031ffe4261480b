"""Klondike rules (KL-04 … KL-17) on hand-made positions.

Positions are built with ht_support.build: columns bottom → top, a lower-case card is face
down. Expected results come from docs/rules.md (and its scoring table), never from the engine.
Foundations: f1 spades, f2 hearts, f3 diamonds, f4 clubs (KL-09).
"""

from __future__ import annotations

import pytest

from harptowers.engine import IllegalMove, InvalidMove, parse_move
from harptowers.engine.notation import PileRef
from ht_support import build, play, refusal, tops

D1, D3 = "KL1-D1-AAAAAAB", "KL1-D3-AAAAAAB"
E = ""


def kl(*specs: str, code: str = D1, **kw):
    """Klondike's seven columns: the given ones first, the rest empty."""
    cols = list(specs) + [E] * (7 - len(specs))
    return build(code, tableau=cols, **kw)


def col(g, i: int) -> list[str]:
    return g.replay_json()["tableau"][i - 1]


# ---- KL-04 building on a column ---------------------------------------------------------

@pytest.mark.rule("KL-04")
@pytest.mark.parametrize("moving, onto, ok", [
    ("6S", "7H", True), ("6S", "7D", True), ("6C", "7H", True), ("6H", "7S", True),
    ("6D", "7C", True), ("QH", "KS", True), ("AS", "2D", True),
    ("6S", "7S", False), ("6S", "7C", False), ("6H", "7D", False),   # same colour
    ("6S", "8H", False), ("6S", "5H", False), ("KS", "AH", False),   # not one higher
])
def test_a_card_goes_on_the_opposite_colour_one_rank_higher(moving, onto, ok):
    g = kl("9c " + moving, onto)
    if ok:
        act = play(g, "t1-t2")
        assert col(g, 2) == [onto, moving] and col(g, 1) == ["9C"]
        assert act.points == 5      # the 9C turned up; the move itself is worth 0
    else:
        e = refusal(g, "t1-t2")
        assert (e.rule, e.params) == ("KL-04", {"card": moving, "onto": onto})


# ---- KL-05 face-up runs move together -----------------------------------------------------

@pytest.mark.rule("KL-05", "KL-08")
def test_a_face_up_run_moves_as_one_and_uncovers_the_card_beneath():
    g = kl("ks 9H 8S 7H", "TC")
    act = play(g, "t1:3-t2")
    assert col(g, 2) == ["TC", "9H", "8S", "7H"] and col(g, 1) == ["KS"]
    assert act.points == 5 and g.moves == 1   # one action, one move (KL-15's counter)


@pytest.mark.rule("KL-05")
def test_part_of_a_run_moves_from_any_face_up_card():
    g = kl("ks 9H 8S 7H", "9D")
    play(g, "t1:2-t2")
    assert col(g, 2) == ["9D", "8S", "7H"] and col(g, 1) == ["ks", "9H"]


@pytest.mark.rule("KL-05")
def test_cards_that_are_no_run_do_not_move_together():
    g = kl("5c 9H 8S 3D", "TC")
    e = refusal(g, "t1:3-t2")
    assert (e.rule, e.params) == ("KL-05", {"card": "9H", "count": 3})


@pytest.mark.rule("KL-05")
def test_face_down_cards_never_move():
    g = kl("ks 9H", "TC")
    with pytest.raises(InvalidMove):
        g.play(parse_move("t1:2-t2"))


@pytest.mark.rule("KL-05")
def test_legal_moves_offer_every_run_that_fits():
    g = kl("ks 9H 8S 7H", "TC", "9D", "8C")
    runs = {str(m) for m in g.legal_moves() if str(m.src) == "t1"}
    # 9H 8S 7H onto TC; 8S 7H onto 9D; 7H onto 8C
    assert runs == {"t1:3-t2", "t1:2-t3", "t1-t4"}


# ---- KL-06 empty columns ------------------------------------------------------------------

@pytest.mark.rule("KL-06")
def test_a_king_led_run_goes_into_an_empty_column():
    g = kl("3c KH QS", E, "5D")
    act = play(g, "t1:2-t2")
    assert col(g, 2) == ["KH", "QS"] and col(g, 1) == ["3C"] and act.points == 5


@pytest.mark.rule("KL-06")
@pytest.mark.parametrize("first, move, card", [("3c QS", "t1-t2", "QS"),
                                               ("3c QS JH", "t1:2-t2", "QS"),
                                               ("3c 4S", "w-t2", "QD")])
def test_an_empty_column_takes_only_a_king(first, move, card):
    g = kl(first, E, "7H", waste="QD")
    e = refusal(g, move)
    assert (e.rule, e.params) == ("KL-06", {"card": card})


# ---- KL-07 the waste --------------------------------------------------------------------

@pytest.mark.rule("KL-07")
def test_only_the_top_card_of_the_waste_plays():
    g = kl("TC", waste="AH 8S 9D")
    assert refusal(g, "w:2-t1").rule == "KL-07"
    act = play(g, "w-t1")
    assert col(g, 1) == ["TC", "9D"] and g.replay_json()["waste"] == ["AH", "8S"]
    assert act.points == 5


# ---- KL-08 a face-down card turns up by itself ---------------------------------------------

@pytest.mark.rule("KL-08", "KL-15")
def test_the_uncovered_card_turns_up_and_undo_turns_it_down():
    g = kl("2c 5h AS")
    before = g.replay_json()
    act = play(g, "t1-f")
    assert col(g, 1) == ["2c", "5H"] and act.turned is not None and act.turned.text == "5H"
    assert act.points == 15 and g.score == 15
    g.undo()
    assert g.replay_json() == {**before, "moves": 1}


# ---- KL-09 foundations ------------------------------------------------------------------

@pytest.mark.rule("KL-09")
def test_foundations_take_their_suit_from_the_ace_up():
    g = kl("AS", "2H", "2S AH")
    act = play(g, "t1-f")
    assert act.move.dst == PileRef("f", 0) and act.points == 10
    e = refusal(g, "t2-f")
    assert (e.rule, e.params) == ("KL-09", {"card": "2H", "need": "AH"})
    assert refusal(g, "t3:2-f").rule == "KL-09"          # one card at a time
    assert refusal(g, "t3-f1").rule == "KL-09"           # hearts do not go on spades
    play(g, "t3-f2")
    play(g, "t2-f")
    assert g.replay_json()["foundations"][1] == ["AH", "2H"]


# ---- KL-10 the stock ----------------------------------------------------------------------

@pytest.mark.rule("KL-10")
def test_draw_one_turns_one_card_and_an_empty_stock_turns_the_waste_over():
    g = kl("KS", stock="5D 4D 3D")          # 3D drawn first
    for expect in (["3D"], ["3D", "4D"], ["3D", "4D", "5D"]):
        a = play(g, "s")
        assert g.replay_json()["waste"] == expect and a.points == 0
    play(g, "s")                            # the waste turned over, order kept
    assert g.replay_json()["stock"] == ["5d", "4d", "3d"] and g.waste == []
    assert g.moves == 4 and g.score == 0


@pytest.mark.rule("KL-10")
def test_draw_three_turns_three_the_third_on_top_and_then_what_is_left():
    g = kl("KS", code=D3, stock="7D 6D 5D 4D 3D")   # 3D first, then 4D, 5D
    play(g, "s")
    assert g.replay_json()["waste"] == ["3D", "4D", "5D"] and g.waste[-1].text == "5D"
    assert refusal(g, "w:2-t1").rule == "KL-07"
    play(g, "s")                            # only two left
    assert g.replay_json()["waste"] == ["3D", "4D", "5D", "6D", "7D"] and g.stock == []
    play(g, "s")
    assert g.replay_json()["stock"] == ["7d", "6d", "5d", "4d", "3d"]
    # by hand: 5 cards, taps of 3 then 2; the turn-over; 3 then 2 again
    assert g.stock_taps() == [("draw", 1, 3), ("draw", 1, 2), ("recycle", 1, 5),
                              ("draw", 1, 3), ("draw", 1, 2)]


@pytest.mark.rule("KL-10")
def test_a_tap_on_an_empty_stock_and_waste_is_refused_and_not_counted():
    g = kl("KS")
    e = refusal(g, "s")
    assert (e.rule, e.params) == ("KL-10", {"reason": "empty"})
    assert g.moves == 0
    g2 = kl("KS", waste="5D", stock="6D")
    assert refusal(g2, "t1-w").rule == "KL-10"


# ---- KL-11 taking a card back -------------------------------------------------------------

@pytest.mark.rule("KL-11", "KL-17")
def test_a_card_comes_back_from_its_foundation_onto_a_column_for_15_points():
    g = kl("6H", foundations=[5, 0, 0, 0])
    g.score = 50
    act = play(g, "f1-t1")
    assert col(g, 1) == ["6H", "5S"] and act.points == -15 and g.score == 35
    assert g.replay_json()["foundations"][0] == ["AS", "2S", "3S", "4S"]
    g.undo()
    assert g.score == 50


@pytest.mark.rule("KL-11")
def test_a_king_comes_back_into_an_empty_column_but_never_onto_a_foundation():
    g = kl("6H", foundations=[13, 0, 0, 0])
    assert refusal(g, "f1-f2").rule == "KL-11"
    assert refusal(g, "f1-w").rule == "KL-11"
    play(g, "f1-t2")
    assert col(g, 2) == ["KS"]


# ---- KL-12 the end ----------------------------------------------------------------------

@pytest.mark.rule("KL-12", "KL-15")
def test_the_last_card_home_wins_then_only_undo_is_allowed():
    g = kl("KC", foundations=[13, 13, 13, 12])
    play(g, "t1-f")
    assert g.won and g.replay_json()["won"]
    e = refusal(g, "s")
    assert (e.rule, e.params) == ("KL-15", {"reason": "won"})
    g.undo()
    assert not g.won and col(g, 1) == ["KC"]


# ---- KL-13 one tap ------------------------------------------------------------------------

@pytest.mark.rule("KL-13")
def test_one_tap_sends_a_top_card_to_its_foundation_or_says_why_not():
    g = kl("AD", "9C 8H", waste="3S")
    assert str(g.tap(PileRef("t", 0), 0)) == "t1-f3"
    for ref, index, card in ((PileRef("w"), 0, "3S"), (PileRef("t", 1), 1, "8H"),
                             (PileRef("t", 1), 0, "9C")):
        with pytest.raises(IllegalMove) as ei:
            g.tap(ref, index)
        assert (ei.value.rule, ei.value.params) == ("KL-13", {"card": card})


# ---- KL-14 double tap -------------------------------------------------------------------

@pytest.mark.rule("KL-14")
def test_double_tap_tries_the_foundation_then_the_longest_column_then_an_empty_one():
    g = kl("AH", "5d 9S", "8D", "2c 3c 9C", E, "4h KD")
    assert str(g.double_tap(PileRef("t", 0), 0)) == "t1-f2"
    # 8D fits on 9S (2 cards) and 9C (3 cards): the longest column
    assert str(g.double_tap(PileRef("t", 2), 0)) == "t3-t4"
    assert str(g.double_tap(PileRef("t", 5), 1)) == "t6-t5"  # a King, into the empty column


@pytest.mark.rule("KL-14")
def test_double_tap_moves_a_run_and_leaves_a_king_at_the_foot_of_its_column():
    g = kl("3h KS QH JC", "TC 9H 8S", E, "QD")
    assert str(g.double_tap(PileRef("t", 0), 1)) == "t1:3-t3"   # King-led: the empty column
    assert str(g.double_tap(PileRef("t", 0), 3)) == "t1-t4"     # JC onto QD
    with pytest.raises(IllegalMove) as ei:
        g.double_tap(PileRef("t", 0), 2)                         # QH JC: no black King
    assert (ei.value.rule, ei.value.params) == ("KL-14", {"card": "QH"})
    g2 = kl("KS QH", E, "5c 7D")
    with pytest.raises(IllegalMove) as ei:
        g2.double_tap(PileRef("t", 0), 0)
    assert (ei.value.rule, ei.value.params) == ("KL-14", {"card": "KS"})


@pytest.mark.rule("KL-14")
def test_with_double_click_off_only_the_foundation_is_tried():
    g = kl("5d 9S", "8D")
    with pytest.raises(IllegalMove) as ei:
        g.double_tap(PileRef("t", 1), 0, tableau=False)
    assert (ei.value.rule, ei.value.params) == ("KL-14", {"card": "8D", "reason": "search-off"})
    assert str(g.double_tap(PileRef("t", 1), 0)) == "t2-t1"


# ---- KL-17 scoring ------------------------------------------------------------------------

@pytest.mark.rule("KL-17")
def test_the_score_never_drops_below_zero():
    g = kl("6H", foundations=[5, 0, 0, 0])
    play(g, "f1-t1")
    assert g.score == 0
    play(g, "t1-f1")            # back again: +10
    assert g.score == 10


def test_tops_helper_sees_the_columns():
    assert tops(kl("KS", "QH"))[:3] == ["KS", "QH", ""]
