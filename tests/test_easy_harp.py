"""Easy Harp rules (EH-04 … EH-21) on hand-made positions.

Positions are built with ht_support.build: columns bottom → top, a lower-case card is face
down. Expected results come from RULES.md (and its scoring table), never from the engine.
Foundation slots: f1 f2 spades, f3 f4 hearts, f5 f6 diamonds, f7 f8 clubs (EH-09).
"""

from __future__ import annotations

import pytest

from harptowers.engine import IllegalMove, InvalidMove, new_game, parse_move
from harptowers.engine.notation import PileRef
from ht_support import build, expected_after, play, refusal, tops

E = ""  # an empty column


def cols(*specs: str) -> list[str]:
    """Nine columns: the given ones first, the rest empty."""
    out = list(specs) + [E] * (9 - len(specs))
    assert len(out) == 9
    return out


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


# ---- EH-12 / EH-13 end of game, no automatism --------------------------------------------------

def nearly_won():
    # 103 cards home, the last King of clubs (deck 1) alone in column 1
    return build(tableau=cols("KC"), foundations=[13] * 7 + [12])


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


# ---- EH-18 undo ----------------------------------------------------------------------------------

def without_moves(pos):
    return {k: v for k, v in pos.items() if k != "moves"}


def physical(g):
    """Every pile with the copies (deck 0 / 1) and the face-down counts."""
    return ([[(c.text, c.copy) for c in col] for col in g.columns], list(g.down),
            [(c.text, c.copy) for c in g.stock], [(c.text, c.copy) for c in g.waste],
            [[(c.text, c.copy) for c in f] for f in g.foundations], g.home, g.passes)


@pytest.mark.rule("EH-18")
def test_undo_keeps_the_last_100_actions():
    g = new_game("EH1-N-AAAAAAB")
    states = []
    for _ in range(101):                  # 59 draws, a recycle, 41 draws
        states.append((g.replay_json(), physical(g)))
        play(g, "s")
    assert g.moves == 101
    for k in range(100):
        g.undo()
        want_pos, want_phys = states[100 - k]
        assert without_moves(g.replay_json()) == without_moves(want_pos)
        assert physical(g) == want_phys
        assert g.moves == 101
    e = pytest.raises(IllegalMove, g.undo).value      # the 101st undo: that action is gone
    assert e.rule == "EH-18" and e.params == {"reason": "nothing-to-undo"}
    assert g.replay_json()["waste"] == [states[1][0]["waste"][0]]


@pytest.mark.rule("EH-18", "EH-08", "EH-11")
def test_undo_restores_position_score_face_down_cards_and_stock_order_exactly():
    g = build(tableau=cols("8c 9d 5S", "6H", "kh 2C", "TC"), waste="3D", stock="AH 4C 7H",
              foundations=[0, 0, 0, 0, 0, 0, 1, 0])
    script = ["t1-t2", "t3-f", "t1-t4", "s", "w-t1", "s", "s", "s", "s", "t3-t9", "f7-t2"]
    history = []
    for move in script:
        before = (g.replay_json(), physical(g))
        try:
            act = g.play(parse_move(move))
        except IllegalMove:
            continue
        history.append((before, str(act.move)))
    assert len(history) >= 9
    moves = g.moves
    assert g.score > 0
    for (pos, phys), move in reversed(history):
        assert str(g.undo()) == move
        assert without_moves(g.replay_json()) == without_moves(pos)
        assert physical(g) == phys
        assert g.moves == moves                       # undo is not a move, counter stays
    assert g.score == 0


@pytest.mark.rule("EH-18", "EH-12")
def test_undo_after_a_win_unwins_and_other_actions_on_a_won_game_are_refused():
    g = nearly_won()
    g.stock[:] = []
    play(g, "t1-f")
    assert g.won
    assert g.legal_moves() == []
    for action in (lambda: g.play(parse_move("f8-t1")), lambda: g.play(parse_move("s")),
                   lambda: g.tap(PileRef("f", 7), 12), lambda: g.double_tap(PileRef("f", 7), 12)):
        with pytest.raises(IllegalMove) as ei:
            action()
        assert ei.value.rule == "EH-18" and ei.value.params == {"reason": "won"}
    assert g.won and g.moves == 1
    g.undo()
    assert not g.won and not g.replay_json()["won"]
    assert g.score == 0 and g.moves == 1 and tops(g)[0] == "KC"
    play(g, "t1-f")                                   # and play goes on
    assert g.won


@pytest.mark.rule("EH-18", "EH-19")
def test_same_deal_starts_afresh():
    g = new_game("EH1-N-AAAAAAF")
    fresh = g.replay_json()
    for m in ["s", "s", "s"] + [str(m) for m in g.legal_moves() if m.dst is not None][:1]:
        play(g, m)
    g.restart()
    assert g.replay_json() == fresh
    assert g.score == 0 and g.moves == 0 and g.passes == 0
    assert pytest.raises(IllegalMove, g.undo).value.params == {"reason": "nothing-to-undo"}


# ---- scoring: EH-20 (and the table rows) ---------------------------------------------------------

@pytest.mark.rule("EH-20")
@pytest.mark.parametrize("setup, move, points", [
    (dict(tableau=cols("AS", "KD")), "t1-f", 10),                         # column → foundation
    (dict(tableau=cols("KD"), waste="AS", stock="2C"), "w-f", 10),         # waste → foundation
    (dict(tableau=cols("TS"), waste="9H", stock="2C"), "w-t1", 5),         # waste → column
    (dict(tableau=cols("5d 9H", "TS")), "t1-t2", 5),                      # + a turned card
    (dict(tableau=cols("9H", "TS")), "t1-t2", 0),                          # column → column
    (dict(tableau=cols("5d KH QS", E)), "t1:2-t2", 5),                    # King-led run + turn
    (dict(tableau=cols("KH QS", E)), "t1:2-t2", 0),                        # King-led run
    (dict(tableau=cols("8S"), foundations=[0, 0, 7, 0, 0, 0, 0, 0]), "f3-t1", 0),  # take back
    (dict(tableau=cols("8S"), waste="2C 3D"), "s", 0),                     # recycle
    (dict(tableau=cols("8S"), stock="2C 3D"), "s", 0),                     # draw
])
def test_scoring_table(setup, move, points):
    g = build(**setup)
    act = play(g, move)
    assert act.points == points
    assert g.score == points


@pytest.mark.rule("EH-20")
def test_score_starts_at_zero_and_never_goes_below_zero():
    g = new_game("EH1-N-AAAAAAB")
    assert g.score == 0
    g = build(tableau=cols("8S", "9D"), foundations=[0, 0, 7, 0, 0, 0, 0, 0])
    for m in ["f3-t1", "t1-f3", "f3-t1", "t1-f"]:
        play(g, m)
        assert g.score >= 0
    while g.history:
        g.undo()
        assert g.score >= 0
    assert g.score == 0


# ---- found by these tests and fixed in the engine (they were strict xfails) ------------------

@pytest.mark.rule("EH-15")
def test_double_tap_on_a_king_led_run_at_the_foot_moves_the_run():
    # EH-15 excepts only a King that is ALONE at the foot of its column
    g = build(tableau=cols("KS QH JC", "5C", E))
    assert str(g.double_tap(PileRef("t", 0), 0)) == "t1:3-t3"


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
