"""Easy Harp rules (EH-04 … EH-21) on hand-made positions.

Positions are built with ht_support.build: columns bottom → top, a lower-case card is face
down. Expected results come from RULES.md (and its scoring table), never from the engine.
Foundation slots: f1 f2 spades, f3 f4 hearts, f5 f6 diamonds, f7 f8 clubs (EH-09).
"""

from __future__ import annotations

import pytest

from harptowers.engine import new_game, parse_move
from ht_positions import E
from ht_positions import eh_cols as cols
from ht_support import build, expected_after, play, refusal, tops

def dests(g, src: str) -> set[str]:
    """Destinations legal_moves offers for single-card moves from ``src``."""
    return {str(m.dst) for m in g.legal_moves() if str(m.src) == src and m.count == 1}


# ---- EH-04 building on a column ------------------------------------------------------------

@pytest.mark.rule("EH-04")
@pytest.mark.parametrize("moving, onto, ok", [
    ("6S", "7H", True), ("6S", "7D", True), ("6C", "7H", True), ("6C", "7D", True),
    ("6H", "7S", True), ("6H", "7C", True), ("6D", "7S", True), ("6D", "7C", True),
    ("QH", "KS", True), ("AS", "2D", True), ("TD", "JC", True),
    ("6S", "7S", False), ("6S", "7C", False), ("6H", "7H", False), ("6H", "7D", False),
    ("6D", "7H", False), ("6C", "7S", False),                      # same colour
    ("6S", "8H", False), ("6S", "5H", False), ("6S", "6H", False),  # not one higher
    ("KS", "AH", False), ("AS", "KH", False),                       # no wrap-around
])
def test_a_card_goes_on_the_opposite_colour_one_rank_higher(moving, onto, ok):
    g = build(tableau=cols("9c " + moving, onto))
    if ok:
        before = g.replay_json()
        act = play(g, "t1-t2")
        assert g.replay_json()["tableau"][1] == [onto, moving]
        assert act.points == 5  # the face-down 9C turned up; the move itself is worth 0
        assert g.replay_json() == expected_after(before, "t1-t2")[0]
    else:
        e = refusal(g, "t1-t2")
        assert e.rule == "EH-04"
        assert e.params == {"card": moving, "onto": onto}


@pytest.mark.rule("EH-04", "EH-01")
def test_a_black_six_has_four_places_with_two_decks():
    # both 7H and both 7D are tops; 7S, 7C and an 8H are tops too
    g = build(tableau=cols("6S", "7H", "7H", "7D", "7D", "7S", "7C", "8H", "6D"))
    assert g.columns[1][-1].copy != g.columns[2][-1].copy  # really the two copies
    assert dests(g, "t1") == {"t2", "t3", "t4", "t5"}
    for d in ("t2", "t3", "t4", "t5"):
        play(g, f"t1-{d}")
        assert tops(g)[int(d[1]) - 1] == "6S"
        g.undo()
    for d in ("t6", "t7", "t8", "t9"):
        assert refusal(g, f"t1-{d}").rule == "EH-04"


@pytest.mark.rule("EH-04")
def test_only_the_top_card_of_a_column_can_be_built_on():
    # 7H is in t2 but covered by 2C
    g = build(tableau=cols("6S", "7H 2C"))
    e = refusal(g, "t1-t2")
    assert (e.rule, e.params["onto"]) == ("EH-04", "2C")


# ---- EH-05 one card at a time ----------------------------------------------------------------

def run_position():
    # t1: a face-down card under the ordered run 8S 7H 6C; 9H, 8C, 7D could take its cards
    return build(tableau=cols("kd 8S 7H 6C", "9H", "8C", "7D", "TD"))


@pytest.mark.rule("EH-05")
@pytest.mark.parametrize("move, count", [
    ("t1:3-t2", 3),     # 8S 7H 6C onto 9H: its first card would fit there
    ("t1:2-t3", 2),     # 7H 6C onto 8C: would fit too
    ("t1:2-t5", 2),
    ("t1:3-f", 3),
])
def test_an_ordered_run_is_not_moved_as_a_block(move, count):
    g = run_position()
    e = refusal(g, move)
    assert e.rule == "EH-05"
    assert e.params == {"count": count}
    assert move not in {str(m) for m in g.legal_moves()}


@pytest.mark.rule("EH-05", "EH-06")
@pytest.mark.parametrize("move", ["t1:3-t6", "t1:2-t6"])
def test_an_ordered_run_not_led_by_a_king_is_not_moved_into_an_empty_column(move):
    g = run_position()
    assert refusal(g, move).rule in ("EH-05", "EH-06")


@pytest.mark.rule("EH-05")
def test_run_of_three_refused_with_rule_and_count():
    g = run_position()
    e = refusal(g, "t1:3-t2")
    assert e.rule == "EH-05" and e.params == {"count": 3}
    assert "t1:3-t2" not in {str(m) for m in g.legal_moves()}


@pytest.mark.rule("EH-05", "EH-08")
def test_a_run_taken_apart_top_card_first_works():
    g = run_position()
    a1 = play(g, "t1-t4")   # 6C onto 7D
    a2 = play(g, "t1-t3")   # 7H onto 8C
    a3 = play(g, "t1-t2")   # 8S onto 9H: the face-down KD turns up
    assert [a1.points, a2.points, a3.points] == [0, 0, 5]
    assert a3.turned is not None and a3.turned.text == "KD"
    pos = g.replay_json()
    assert pos["tableau"][:4] == [["KD"], ["9H", "8S"], ["8C", "7H"], ["7D", "6C"]]
    assert pos["score"] == 5 and pos["moves"] == 3


# ---- EH-06 empty columns and King-led runs -------------------------------------------------

@pytest.mark.rule("EH-06", "EH-08")
def test_a_king_led_run_moves_as_one_block_into_an_empty_column():
    g = build(tableau=cols("5c KH QS JD", "8C", E, "QC"))
    before = g.replay_json()
    act = play(g, "t1:3-t3")
    assert g.replay_json()["tableau"][:3] == [["5C"], ["8C"], ["KH", "QS", "JD"]]
    assert act.points == 5  # the run itself 0, the turned 5C +5
    assert g.moves == 1 and len(g.history) == 1
    assert g.replay_json() == expected_after(before, "t1:3-t3")[0]


@pytest.mark.rule("EH-06")
def test_a_full_king_to_ace_run_of_13_moves_into_an_empty_column():
    run = "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS"
    g = build(tableau=cols("3h " + run, E))
    play(g, "t1:13-t2")
    assert " ".join(g.replay_json()["tableau"][1]) == run
    assert g.replay_json()["tableau"][0] == ["3H"]


@pytest.mark.rule("EH-06")
@pytest.mark.parametrize("dst", ["t2", "t4", "f", "f1"])
def test_a_king_led_run_goes_nowhere_but_an_empty_column(dst):
    # t2 ends with an Ace (no card is higher than a King anyway), t4 a black card
    g = build(tableau=cols("5c KH QS JD", "AH", E, "2C"))
    e = refusal(g, f"t1:3-{dst}")
    assert e.rule == "EH-06"
    assert e.params.get("reason") == "run-not-to-empty"


@pytest.mark.rule("EH-06")
@pytest.mark.parametrize("column, move", [
    ("4d 9S", "t1-t2"),          # would uncover the face-down 4D: still refused
    ("9S", "t1-t2"),
    ("4d QH", "t1-t2"),
])
def test_an_empty_column_takes_only_a_king(column, move):
    g = build(tableau=cols(column, E))
    e = refusal(g, move)
    assert e.rule == "EH-06"
    assert e.params == {"card": column.split()[-1], "reason": "not-king"}


@pytest.mark.rule("EH-06")
@pytest.mark.parametrize("column, move", [
    ("4d 9S 8H", "t1:2-t2"),          # an ordered run, not King-led
    ("4d KH QS JD", "t1:2-t2"),       # the tail of a King-led run without its King
    ("4d KH QH", "t1:2-t2"),          # King + a card of the same colour: not a run
    ("4d KH JS", "t1:2-t2"),          # King + a card two ranks lower
])
def test_any_other_run_offered_to_an_empty_column_is_refused(column, move):
    g = build(tableau=cols(column, E))
    e = refusal(g, move)
    assert e.rule in ("EH-05", "EH-06")
    assert move not in {str(m) for m in g.legal_moves()}


@pytest.mark.rule("EH-06", "EH-07")
def test_kings_from_a_column_or_the_waste_go_into_an_empty_column():
    g = build(tableau=cols("4d KS", E, E), waste="KD", stock="2C")
    a = play(g, "t1-t2")
    assert a.points == 5 and tops(g)[1] == "KS"
    b = play(g, "w-t3")
    assert b.points == 5 and tops(g)[2] == "KD"   # waste → column +5
    g2 = build(tableau=cols("3C", E), waste="QD")
    assert refusal(g2, "w-t2").rule == "EH-06"


# ---- EH-07 the waste --------------------------------------------------------------------------

@pytest.mark.rule("EH-07")
def test_only_the_top_card_of_the_waste_plays():
    g = build(tableau=cols("TS", "6C"), waste="9D 5H", stock="2C")
    e = refusal(g, "w:2-t1")
    assert e.rule == "EH-07"
    assert e.params == {}
    # the top card plays onto a column (EH-04) …
    act = play(g, "w-t2")
    assert act.points == 5 and tops(g)[1] == "5H"
    # … and the card under it is then the top
    act = play(g, "w-t1")
    assert act.points == 5 and tops(g)[0] == "9D"
    assert g.replay_json()["waste"] == []


@pytest.mark.rule("EH-07", "EH-09")
def test_the_waste_top_plays_onto_its_foundation():
    g = build(tableau=cols("TS"), waste="9D AH", foundations=[0] * 8)
    act = play(g, "w-f")
    assert str(act.move) == "w-f3" and act.points == 10
    assert g.replay_json()["foundations"][2] == ["AH"]


@pytest.mark.rule("EH-07", "EH-04")
def test_the_waste_top_follows_the_column_rule():
    g = build(tableau=cols("TH"), waste="9D")
    e = refusal(g, "w-t1")
    assert e.rule == "EH-04" and e.params == {"card": "9D", "onto": "TH"}


# ---- EH-08 turning face-down cards ------------------------------------------------------------

@pytest.mark.rule("EH-08")
def test_a_face_down_card_turns_up_in_the_same_action_and_becomes_playable():
    g = build(tableau=cols("8c 9d 5S", "6H", "TC"))
    act = play(g, "t1-t2")
    assert act.turned.text == "9D" and act.points == 5
    assert g.replay_json()["tableau"][0] == ["8c", "9D"]  # only the top one turned
    assert g.moves == 1 and len(g.history) == 1            # one action, not two
    act = play(g, "t1-t3")                                  # 9D is playable at once
    assert act.turned.text == "8C"
    assert g.replay_json()["tableau"][0] == ["8C"]
    assert g.score == 10


@pytest.mark.rule("EH-08", "EH-09")
def test_turning_up_after_a_foundation_move_adds_five_to_the_ten():
    g = build(tableau=cols("3c AS"))
    act = play(g, "t1-f")
    assert act.points == 15 and act.turned.text == "3C"
    assert g.score == 15


# ---- EH-09 / EH-10 foundations ----------------------------------------------------------------

@pytest.mark.rule("EH-09")
def test_eight_foundations_reserved_spades_hearts_diamonds_clubs_twice():
    g = new_game("EH1-N-AAAAAAF")
    assert [s.name for s in g.found_suits] == list("SSHHDDCC")
    assert len(g.foundations) == 8


@pytest.mark.rule("EH-09")
@pytest.mark.parametrize("card, slot, ok", [
    ("AS", "f1", True), ("AS", "f2", True), ("AS", "f3", False), ("AS", "f8", False),
    ("AH", "f3", True), ("AH", "f4", True), ("AH", "f1", False), ("AH", "f5", False),
    ("AD", "f5", True), ("AD", "f6", True), ("AD", "f7", False),
    ("AC", "f7", True), ("AC", "f8", True), ("AC", "f2", False), ("AC", "f6", False),
    ("2H", "f3", False),                        # not an Ace on an empty slot
    ("KC", "f7", False),
])
def test_an_ace_goes_only_onto_an_empty_slot_of_its_own_suit(card, slot, ok):
    g = build(tableau=cols("9h " + card))
    if ok:
        act = play(g, f"t1-{slot}")
        assert act.points == 15  # +10 foundation, +5 the 9H turned up
        assert g.replay_json()["foundations"][int(slot[1]) - 1] == [card]
    else:
        e = refusal(g, f"t1-{slot}")
        assert e.rule == "EH-09" and e.params["card"] == card


@pytest.mark.rule("EH-09")
def test_then_two_three_up_to_king_of_that_suit():
    # f3 (hearts) holds A..4H, f4 (hearts) A..2H
    g = build(tableau=cols("5H", "3H", "6H", "5D", "2S"), foundations=[0, 0, 4, 2, 0, 0, 0, 0])
    assert refusal(g, "t3-f3").rule == "EH-09"    # 6H on 4H: one card at a time, in order
    assert refusal(g, "t4-f3").rule == "EH-09"    # 5D on a hearts slot
    assert refusal(g, "t5-f4").rule == "EH-09"
    assert refusal(g, "t1-f4").rule == "EH-09"    # 5H on 2H
    play(g, "t1-f3")
    play(g, "t3-f3")
    play(g, "t2-f4")
    pos = g.replay_json()["foundations"]
    assert pos[2] == ["AH", "2H", "3H", "4H", "5H", "6H"]
    assert pos[3] == ["AH", "2H", "3H"]


@pytest.mark.rule("EH-09")
def test_a_king_completes_a_slot_and_nothing_goes_on_top():
    g = build(tableau=cols("KS", "AS"), foundations=[12, 0, 0, 0, 0, 0, 0, 0])
    play(g, "t1-f1")
    assert len(g.foundations[0]) == 13
    e = refusal(g, "t2-f1")
    assert e.rule == "EH-09"
    assert str(play(g, "t2-f").move) == "t2-f2"


@pytest.mark.rule("EH-10")
@pytest.mark.parametrize("foundations, card, want", [
    ([0] * 8, "AH", "f3"),                          # two empty hearts slots: the first
    ([0, 0, 1, 0, 0, 0, 0, 0], "AH", "f4"),         # the first is taken by an Ace
    ([0, 0, 4, 4, 0, 0, 0, 0], "5H", "f3"),         # both accept: the first
    ([0, 0, 3, 4, 0, 0, 0, 0], "5H", "f4"),         # only the second accepts
    ([0, 0, 3, 4, 0, 0, 0, 0], "4H", "f3"),
    ([0] * 8, "AC", "f7"),
    ([5, 5, 5, 5, 5, 5, 0, 1], "AC", "f7"),
    ([5, 5, 5, 5, 5, 5, 1, 0], "AC", "f8"),
    ([0, 0, 0, 0, 12, 12, 0, 0], "KD", "f5"),
])
def test_a_drop_on_the_foundation_area_finds_the_first_accepting_slot(foundations, card, want):
    g = build(tableau=cols(card), foundations=foundations)
    act = play(g, "t1-f")
    assert str(act.move) == f"t1-{want}"
    assert g.foundations[int(want[1]) - 1][-1].text == card


@pytest.mark.rule("EH-09", "APP-13")
def test_eh09_need_is_one_card_or_null():
    # docs/bridge.md: 'need' is the card the foundation wants, or null
    g = build(tableau=cols("3H", "2S"), foundations=[0, 0, 1, 0, 0, 0, 0, 0])
    e = refusal(g, "t1-f")
    assert e.rule == "EH-09"
    assert e.params["need"] is None or isinstance(e.params["need"], str)
    assert refusal(g, "t1-f3").params["need"] == "2H"      # that slot wants 2H
    assert refusal(g, "t1-f4").params["need"] == "AH"
    assert refusal(g, "t2-f1").params["need"] == "AS"


# ---- EH-11 the stock --------------------------------------------------------------------------

@pytest.mark.rule("EH-11")
def test_one_tap_draws_one_card():
    g = build(tableau=cols("KS"), stock="AS 2S 3S")
    act = g.play(parse_move("s"))
    assert act.points == 0
    pos = g.replay_json()
    assert pos["waste"] == ["3S"] and pos["stock"] == ["as", "2s"]
    assert pos["moves"] == 1


@pytest.mark.rule("EH-11")
def test_recycling_turns_the_waste_back_in_the_same_order_for_free():
    g = build(tableau=cols("9c AS"), stock="4D 2H 7C 3S")
    play(g, "t1-f")                         # score 15 before the passes
    drawn = []
    for _ in range(4):
        play(g, "s")
        drawn.append(g.waste[-1].text)
    assert drawn == ["3S", "7C", "2H", "4D"]
    assert g.stock == []
    for p in range(1, 6):                   # five free passes
        act = play(g, "s")                  # the recycle
        assert act.points == 0
        assert g.replay_json()["stock"] == ["4d", "2h", "7c", "3s"]
        assert g.waste == [] and g.passes == p
        again = []
        for _ in range(4):
            play(g, "s")
            again.append(g.waste[-1].text)
        assert again == drawn               # the first card drawn before is drawn first again
        assert g.score == 15
    assert g.moves == 1 + 4 + 5 * 5


@pytest.mark.rule("EH-11")
def test_tap_on_empty_stock_and_waste_does_nothing_and_is_not_counted():
    g = build(tableau=cols("9c AS"))
    play(g, "t1-f")
    e = refusal(g, "s")
    assert e.rule == "EH-11"
    assert g.moves == 1 and len(g.history) == 1
    assert all(m.dst is not None for m in g.legal_moves())


@pytest.mark.rule("EH-11")
def test_nothing_can_be_dropped_on_the_waste():
    g = build(tableau=cols("9H"), waste="TS", stock="2C")
    e = refusal(g, "t1-w")
    assert e.rule == "EH-11"
