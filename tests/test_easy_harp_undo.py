"""Easy Harp rules on hand-made positions, part three: undo (EH-18) and the score (EH-20 and
the scoring table of RULES.md).

Positions are built as in test_easy_harp.py; expected results come from RULES.md, never from
the engine.
"""

from __future__ import annotations

import pytest

from harptowers.engine import IllegalMove, new_game, parse_move
from harptowers.engine.notation import PileRef
from ht_positions import E
from ht_positions import eh_nearly_won as nearly_won
from ht_positions import eh_cols as cols
from ht_support import build, play, tops


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
