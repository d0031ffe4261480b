"""Easy Harp rules on hand-made positions, part two (EH-12 … EH-20): the end of a game, single
and double tap, taking a card back from a foundation, undo and the score.

Positions are built as in test_easy_harp.py (ht_support.build: columns bottom → top, a
lower-case card is face down); expected results come from RULES.md, never from the engine.
"""

from __future__ import annotations

import pytest

from harptowers.engine import IllegalMove, InvalidMove, parse_move
from harptowers.engine.notation import PileRef
from ht_positions import E
from ht_positions import eh_nearly_won as nearly_won
from ht_positions import eh_cols as cols
from ht_support import build, expected_after, play, refusal, tops


# ---- EH-12 / EH-13 end of game, no automatism --------------------------------------------------

@pytest.mark.rule("EH-12")
def test_the_game_is_won_when_all_104_cards_are_home():
    g = nearly_won()
    assert not g.won and not g.replay_json()["won"]
    act = play(g, "t1-f")
    assert str(act.move) == "t1-f8"
    assert g.won and g.replay_json()["won"]
    assert sum(len(f) for f in g.replay_json()["foundations"]) == 104


@pytest.mark.rule("EH-12")
def test_no_loss_is_ever_declared():
    # nothing can move at all: still simply not won
    g = build(tableau=cols("5c 3H", "3D"))
    assert g.legal_moves() == []
    pos = g.replay_json()
    assert pos["won"] is False
    assert not any("lost" in k or "loss" in k for k in pos)


@pytest.mark.rule("EH-13")
def test_an_uncovered_ace_stays_where_it_is():
    g = build(tableau=cols("ah 5S", "6H", "2c AD"), foundations=[0] * 8)
    before = g.replay_json()
    play(g, "t1-t2")
    after = g.replay_json()
    assert after == expected_after(before, "t1-t2")[0]
    assert after["tableau"][0] == ["AH"] and after["foundations"] == [[]] * 8
    assert tops(g)[2] == "AD"


@pytest.mark.rule("EH-13", "EH-12")
def test_the_game_never_finishes_itself():
    # two Kings left; after the first goes home the second stays in its column
    g = build(tableau=cols("KC", "KC"), foundations=[13] * 6 + [12, 12])
    play(g, "t1-f")
    assert not g.won
    assert tops(g)[1] == "KC" and g.home == 103


@pytest.mark.rule("EH-13")
def test_every_kind_of_action_changes_only_what_it_moves():
    g = build(tableau=cols("4d 5S", "6H", "2c AS", "KH", E, "9c KD"),
              waste="QC", stock="3H AH", foundations=[0] * 8)
    script = ["t1-t2", "t3-f1", "w-t6", "s", "t3-f", "s", "s", "t4-t5", "t2-f", "s", "w-f"]
    accepted = 0
    for move in script:
        before = g.replay_json()
        try:
            act = g.play(parse_move(move))
        except IllegalMove:
            assert g.replay_json() == before
            continue
        accepted += 1
        want, pts = expected_after(before, str(act.move))
        assert g.replay_json() == want, move
        assert act.points == pts
    assert accepted == 9


# ---- EH-14 single tap ---------------------------------------------------------------------------

@pytest.mark.rule("EH-14")
def test_a_tap_sends_a_top_card_to_the_first_accepting_foundation():
    g = build(tableau=cols("9h 5S", "AD"), foundations=[4, 4, 0, 0, 0, 0, 0, 0])
    m = g.tap(PileRef("t", 0), 1)
    assert str(m) == "t1-f1"
    assert g.moves == 0 and tops(g)[0] == "5S"   # tap() only decides; play() applies
    act = g.play(m)
    assert act.points == 15
    assert str(g.tap(PileRef("t", 1), 0)) == "t2-f5"


@pytest.mark.rule("EH-14")
def test_a_tap_on_the_waste_top():
    g = build(tableau=cols("KS"), waste="7D AH", stock="2C")
    assert str(g.tap(PileRef("w"), 1)) == "w-f3"


@pytest.mark.rule("EH-14")
@pytest.mark.parametrize("pile, index", [("t1", 1), ("t2", 0), ("w", 0), ("f1", 0)])
def test_a_tap_that_finds_no_foundation_moves_nothing(pile, index):
    # t1 top 6S (no foundation wants it), t2 bottom card covered, waste card covered
    g = build(tableau=cols("9h 6S", "AH 5C"), waste="AC 7D", stock="2C",
              foundations=[1, 0, 0, 0, 0, 0, 0, 0])
    from harptowers.engine.notation import pile as P

    before = g.replay_json()
    with pytest.raises(IllegalMove) as ei:
        g.tap(P(pile), index)
    assert ei.value.rule == "EH-14"
    assert "card" in ei.value.params
    assert g.replay_json() == before


@pytest.mark.rule("EH-14")
def test_tap_refusal_names_the_card():
    g = build(tableau=cols("9h 6S"))
    with pytest.raises(IllegalMove) as ei:
        g.tap(PileRef("t", 0), 1)
    assert ei.value.params == {"card": "6S"}


@pytest.mark.rule("EH-14")
def test_a_tap_on_a_face_down_card_is_not_a_player_action():
    g = build(tableau=cols("9h 6S"))
    with pytest.raises(InvalidMove):
        g.tap(PileRef("t", 0), 0)


# ---- EH-15 double tap ---------------------------------------------------------------------------

@pytest.mark.rule("EH-15")
def test_double_tap_tries_a_foundation_first():
    g = build(tableau=cols("9h 5H", "6S"), foundations=[0, 0, 4, 0, 0, 0, 0, 0])
    assert str(g.double_tap(PileRef("t", 0), 1)) == "t1-f3"


@pytest.mark.rule("EH-15")
@pytest.mark.parametrize("extra, want", [
    # t3 has 3 cards (2 face down) and ties with t4 (3 face up): the leftmost wins. If the
    # face-down cards were not counted, t4 would win.
    (E, "t3"),
    # a column of 6 (5 face down) is the longest acceptor
    ("9c 9c 9d 9d 2d 7D", "t6"),
])
def test_double_tap_longest_accepting_column_ties_leftmost(extra, want):
    g = build(tableau=cols("ac ad ad as 2s 3s 3s 6S",   # the card's own column: longest of all
                           "7H", "kc kc 7D", "QH JS 7H", "4c 4c 4d 4d 8D", extra))
    assert str(g.double_tap(PileRef("t", 0), 7)) == f"t1-{want}"


@pytest.mark.rule("EH-15")
def test_double_tap_then_an_empty_column_for_a_king():
    g = build(tableau=cols("4d KS", "QH", E, "5C", E))
    m = g.double_tap(PileRef("t", 0), 1)
    assert str(m) == "t1-t3"
    act = g.play(m)
    assert act.points == 5


@pytest.mark.rule("EH-15")
def test_double_tap_on_the_king_of_a_king_led_run_moves_the_run():
    g = build(tableau=cols("4d KH QS JD", "5C", E, "8H", E))
    m = g.double_tap(PileRef("t", 0), 1)
    assert str(m) == "t1:3-t3"
    g.play(m)
    assert g.replay_json()["tableau"][2] == ["KH", "QS", "JD"]


@pytest.mark.rule("EH-15")
def test_a_lone_king_at_the_foot_of_its_column_stays():
    g = build(tableau=cols("KS", "5C", E))
    with pytest.raises(IllegalMove) as ei:
        g.double_tap(PileRef("t", 0), 0)
    assert ei.value.rule == "EH-15" and ei.value.params == {"card": "KS"}


@pytest.mark.rule("EH-15")
def test_double_tap_with_the_setting_off_does_no_tableau_search():
    g = build(tableau=cols("9h 6S", "7H", E, "4d KD", "5c KH QS JD", "AH"))
    for ref, index in [(PileRef("t", 0), 1), (PileRef("t", 3), 1), (PileRef("t", 4), 1)]:
        with pytest.raises(IllegalMove) as ei:
            g.double_tap(ref, index, tableau=False)
        assert ei.value.rule == "EH-15"
    # the foundation is still tried
    assert str(g.double_tap(PileRef("t", 5), 0, tableau=False)) == "t6-f3"
    # and with the setting on the same cards do move
    assert str(g.double_tap(PileRef("t", 0), 1)) == "t1-t2"
    assert str(g.double_tap(PileRef("t", 3), 1)) == "t4-t3"
    assert str(g.double_tap(PileRef("t", 4), 1)) == "t5:3-t3"


@pytest.mark.rule("EH-15")
def test_double_tap_on_the_waste_top():
    g = build(tableau=cols("2c 2c 7D", "7H"), waste="6C", stock="9S")
    assert str(g.double_tap(PileRef("w"), 0)) == "w-t1"


@pytest.mark.rule("EH-15")
def test_double_tap_with_nowhere_to_go_is_refused():
    g = build(tableau=cols("9h 6S", "5D", "4d KH", "2C", "2C", "3D", "3D", "4H", "4H"))
    before = g.replay_json()
    with pytest.raises(IllegalMove) as ei:
        g.double_tap(PileRef("t", 0), 1)
    assert ei.value.rule == "EH-15" and ei.value.params == {"card": "6S"}
    # a King with no empty column
    with pytest.raises(IllegalMove):
        g.double_tap(PileRef("t", 2), 1)
    assert g.replay_json() == before


@pytest.mark.rule("EH-15")
def test_double_tap_on_a_king_led_run_at_the_foot_moves_the_run():
    # EH-15 excepts only a King that is ALONE at the foot of its column
    g = build(tableau=cols("KS QH JC", "5C", E))
    assert str(g.double_tap(PileRef("t", 0), 0)) == "t1:3-t3"


# ---- APP-11 engine part: tap first, double-tap search only when the tap moved nothing ------------

@pytest.mark.rule("APP-11", "EH-14", "EH-15")
def test_a_tap_that_moves_nothing_leaves_the_double_tap_search_to_the_second_tap():
    g = build(tableau=cols("9h 6S", "7H"))
    before = g.replay_json()
    with pytest.raises(IllegalMove) as ei:
        g.tap(PileRef("t", 0), 1)
    assert ei.value.rule == "EH-14"
    assert g.replay_json() == before                 # the first tap changed nothing
    m = g.double_tap(PileRef("t", 0), 1)             # the second tap runs the search
    assert str(m) == "t1-t2"


@pytest.mark.rule("APP-11", "EH-14")
def test_a_tap_that_moves_acts_at_once_and_uncovers_the_next_card():
    g = build(tableau=cols("2h AS"))
    act = g.play(g.tap(PileRef("t", 0), 1))
    assert str(act.move) == "t1-f1" and act.turned.text == "2H"
    # the card just uncovered is a different card: a stray second tap would target it, which
    # is why the page ignores it (APP-11); the engine only ever acts on the card it is given
    assert tops(g)[0] == "2H"


# ---- EH-17 taking a card back from a foundation -------------------------------------------------

@pytest.mark.rule("EH-17")
def test_a_foundation_top_card_goes_back_onto_an_accepting_column_for_0_points():
    g = build(tableau=cols("9c AS", "6S"), foundations=[0, 0, 5, 0, 0, 0, 0, 0])
    play(g, "t1-f")                                   # score 15
    before = g.replay_json()
    act = play(g, "f3-t2")                            # 5H onto 6S
    assert act.points == 0 and g.score == 15
    assert g.replay_json() == expected_after(before, "f3-t2")[0]
    assert g.home == 5 + 1 - 1
    assert tops(g)[1] == "5H"


@pytest.mark.rule("EH-17")
def test_a_foundation_king_goes_back_into_an_empty_column_only():
    g = build(tableau=cols("QH", E), foundations=[13, 0, 0, 0, 0, 0, 0, 0])
    e = refusal(g, "f1-t1")
    assert e.rule == "EH-04"
    play(g, "f1-t2")
    assert tops(g)[1] == "KS"


@pytest.mark.rule("EH-17")
def test_taking_back_is_refused_where_the_column_rules_refuse_it():
    g = build(tableau=cols("7H", E, "6D"), foundations=[6, 0, 3, 0, 0, 0, 0, 0])
    assert refusal(g, "f3-t1").rule == "EH-04"        # 3H onto 7H
    assert refusal(g, "f1-t2").rule == "EH-06"        # 6S into an empty column
    e = refusal(g, "f1-f2")                           # foundation to foundation
    assert e.rule == "EH-17" and e.params == {"card": "6S"}
    assert refusal(g, "f1-w").rule == "EH-17"
    with pytest.raises((IllegalMove, InvalidMove)):
        g.play(parse_move("f1:2-t1"))                 # only the top card
    play(g, "f1-t1")                                   # 6S onto 7H
    assert tops(g)[0] == "6S"
