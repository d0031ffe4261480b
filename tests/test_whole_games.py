"""Whole won games from real deals (EH-12, EH-20, EH-21, SH-10, SH-16).

The move lists are golden data: they were found once by a throwaway search outside the repo
and are pinned here. Everything expected about them is computed by the test: each step is
checked against ht_support.expected_after (the position the scoring table and the move text
predict), and the final score against the formulas of RULES.md counted from the move text.
"""

from __future__ import annotations

import pytest

from harptowers.engine import IllegalMove, new_game, parse_move
from harptowers.engine.notation import PileRef
from ht_support import card_texts, expected_after, full_deck_counter

EH_WIN = ("EH1-N-AAAAAAB", """
    s w-f1 t2-f1 s s s s s s s s s s s s s s s s s s s s s s s s w-f1 t8-f1 t8-t7 s s s s s
    s s s s w-f5 t5-f5 t5-t4 t5-t9 s s w-f7 s s s s s s s s s s s s s s s s w-f8 s s w-f6 s
    w-f2 s s s s s s s s s s s s s s w-f5 s s s s s s s s s s w-f6 w-f6 s w-f2 s s s s s
    w-f7 s s s s s s w-f8 s s w-f2 s s s s s s s s s s s s s s w-f7 t6-f7 t6-t2 t6-f3 t6-f1
    t8-t2 t1-f3 t4:2-t1 s s s w-f5 s s s s w-f3 s s s w-f5 t9-f5 s w-f7 s s w-f3 t6-f3 t6-f8
    t4-t6 t3-t4 t3-f3 t8-f3 s s s s s s s s s s s s w-f7 t9-f7 t9-f8 t9-t7 t9-t3 s s s w-f7
    s w-f8 s s s s s s s w-f1 s s s s w-f7 t9-f7 t9-f8 t9-f2 t8-f2 t5-t9 t8-t2 t8-t2 s s s s
    s w-f8 s w-f1 s w-f5 s s w-f3 t8-f3 t4:2-t8 t4-f2 t9:2-t4 t3-f3 t3-f7 s s s w-f8 s s s
    w-f8 s s s w-f2 s s s s w-f5 s s s s w-f7 s w-f3 s w-f3 s s s s s s s s s w-f1 t7-f1
    w-f1 s s s w-f5 t7-f5 t7-f1 t4-f1 t4-f3 t6-f1 s s s s s s s s w-f5 t1-f5 t1-f7 s s s s s
    s s s s s s s s s s s s s w-f5 s s s s s s s s s s s s s s w-t8 s s s s s s s s w-t8
    t7-t8 t7-f4 t7-f6 s s w-f6 t5-f6 s w-f4 s s s s s s s s s s w-f6 s s s s s w-f6 t8-f6 s
    s w-f6 s s s w-t1 s s w-t1 s s s w-t1 s s w-t1 t7-t1 t7-t3 t7-f4 s s s s s s w-f4 t9-t1
    s s w-t3 s s s s w-f4 w-f4 t2-f4 t1-f4 t2-f2 t1-f2 t2-f4 t1-f4 t2-f8 t2-f6 w-f8 t8-f2
    t1-f2 t1-f6 t8-f4 t3-f4 t8-f2 t1-f2 t8-f6 s w-f8 t3-f8 w-f4
""")

SH_WIN_C4 = ("SH1-C4-AAAAAAC", """
    c1-t2 c2-t1 t7-t2 t2:3-t1 t8-t5 t1:5-t6 t1-f3 t1-c3 t9-c2 t5-c4 t1-c1 c4-t5 t1-t9 t4-t1
    t4-t9 t1-c4 t8-t1 t3-t8 t10-t3 t10-f2 t10-f1 c3-f1 t8:2-t9 t8-f1 t2-t8 t2-f4 t4-f4 t4-f3
    t9-f3 t9-f3 t9-f3 t9-f3 t9-f3 c2-f3 t4-t5 c4-t4 t8:2-t4 t1-c3 c3-t8 t8-c4 t10-c2 c4-t8
    c1-t10 t10:2-t5 t8-c3 c3-t1 t1-c1 c1-t10 t10-c4 t6-c3 c4-t1 t1-c1 c1-t10 t9-c4 c2-t9
    c3-t6 t9:2-t10 t9-t4 t7-t4 t7-f2 t5-f2 t5-f2 t5-f2 t5-f2 t5-f2 t6:6-t7 t5-t2 t3:2-t5
    t3-f2 t4-f2 t4-f2 t4-f2 t4-f2 t4-f2 t3-t4 t6-t4 t2:2-t3 t2-t6 t5:3-t6 c4-t5 t5:2-t3
    t5-f4 t6-f4 t6-f4 t6-f4 t6-f4 t6-f4 t3-f4 t3-f4 t3-f4 t3-f4 t3-f4 t6-t10 t6-f1 t7-f1
    t7-f1 t7-f1 t7-f1 t7-f1 t7-f1 t7-f1 t7-f3 t10-f3 t4-f1 t4-f1 t10-f3 t10-f3 t10-f3
""")

SH_WIN_C2 = ("SH1-C2-AAAAAAD", """
    t1-t7 t5-t8 c1-t5 t4-c1 c2-t4 t9-c2 t9-t2 c2-t9 t7:2-t2 t7-t10 t5:2-t7 t5-t4 t5-f1 t5-f4
    t10:2-t4 t10-t8 t10-f2 t9:2-t5 t1-t9 t1-f1 c1-t1 t9:2-t7 t1:2-t3 t1-t6 t7:5-t5 t2:4-t7
    t2-f4 t4:5-t9 t2-t7 t2-t1 t2-c2 t1-c1 c1-t2 t4-c1 t4-t9 t10-t4 c1-t10 t3:3-t9 t2-c1
    c1-t1 t3-c1 t3-f3 t7-f3 t7-f3 t7-f3 t7-f3 t7-f3 t7-f3 t7-f2 t4-f2 t4-f2 c1-f2 t3-t1
    c2-t3 t5-c2 t9-c1 c2-t5 t10-c2 c1-t9 t1-c1 c2-t10 t1-c2 c2-t7 c1-t7 t3-c1 t5-c2 c1-t3
    t10-c1 c2-t5 t9-c2 c1-t10 t5-c1 c2-t9 t7-c2 c1-t5 t7-c1 c1-t2 c2-t2 t8-c1 t5-c2 c1-t8
    t9-c1 c2-t5 t10-c2 c1-t9 t8-c1 t2:2-t7 c2-t10 t6-c2 c1-t8 t7-c1 t7-t4 c2-t6 c1-t4 t5-c2
    t10-c1 c2-t5 t3-c2 c1-t10 t4-c1 t4-t1 t1-t2 c1-t2 t9-c1 t2:2-t1 t1:2-t4 c2-t3 t10-c2
    c1-t9 t8-c1 c2-t10 t6-c2 c1-t8 t10-c1 t4:2-t2 c1-t10 t5-c1 c2-t6 t9-c2 c1-t5 t2-c1 c2-t9
    t8-c2 c1-t2 t10-c1 c2-t8 t3-c2 t2:2-t1 c2-t3 t6-c2 c1-t10 t6-c1 t10:2-t6 t6:3-t3 t6-f4
    t3-f4 t3-f4 t3-f4 t3-f4 t3-f4 t6-t4 t6-f3 c2-f3 c1-f3 t8:3-t4 t8-f1 t8-f4 t4-f4 t8-f3
    t8-f2 t5-f2 t9-f1 t4-f4 t4-f4 t4-f4 t1-f3 t1-f3 t9-f1 t9-f1 t9-f1 t5-f2 t5-f2 t9-f1
    t5-f2 t9-f1 t9-f1 t5-f2 t9-f1 t5-f2 t5-f2 t9-f1 t9-f1
""")


def walk(code: str, moves: str):
    """Play every move, checking each step against the expected position; returns the game."""
    g = new_game(code)
    copies = g.decks
    for i, text in enumerate(moves.split()):
        before = g.replay_json()
        act = g.play(parse_move(text))
        assert str(act.move) == text, (i, text)
        want, pts = expected_after(before, text)
        assert g.replay_json() == want, (i, text)
        assert act.points == pts and g.score >= 0
    assert card_texts(g.replay_json()) == full_deck_counter(copies)
    return g


@pytest.mark.rule("EH-21", "EH-12", "EH-20")
def test_a_won_easy_harp_game_scores_1220_plus_5_per_waste_card_to_the_tableau():
    code, moves = EH_WIN
    words = moves.split()
    assert not any(w.startswith("f") for w in words), "no card taken back"
    waste_to_tableau = sum(1 for w in words if w.startswith("w-t"))
    g = walk(code, moves)
    assert g.won and g.replay_json()["won"]
    assert 104 * 10 + 36 * 5 == 1220
    assert g.score == 1220 + 5 * waste_to_tableau
    assert g.moves == len(words)


@pytest.mark.rule("EH-18", "EH-12")
def test_after_a_real_win_only_undo_works_and_it_unwins():
    code, moves = EH_WIN
    g = walk(code, moves)
    final = g.replay_json()
    for action in (lambda: g.play(parse_move("s")), lambda: g.play(parse_move("f1-t1")),
                   lambda: g.tap(PileRef("f", 0), 12), lambda: g.double_tap(PileRef("f", 0), 12)):
        with pytest.raises(IllegalMove) as ei:
            action()
        assert ei.value.rule == "EH-18" and ei.value.params == {"reason": "won"}
    assert g.replay_json() == final
    last = moves.split()[-1]
    assert str(g.undo()) == last
    assert not g.won and g.score == final["score"] - 10
    assert g.moves == final["moves"]
    g.play(parse_move(last))
    assert g.won and g.score == final["score"]


@pytest.mark.rule("SH-10", "SH-16")
@pytest.mark.parametrize("game", ["SH_WIN_C4", "SH_WIN_C2"])
def test_a_won_seahaven_game(game):
    code, moves = globals()[game]
    words = moves.split()
    g = walk(code, moves)
    assert g.won and g.replay_json()["won"]
    assert all(len(f) == 13 for f in g.foundations)
    to_foundation = sum(1 for w in words if w.split("-")[1].startswith("f"))
    cell_to_tableau = sum(1 for w in words if w.startswith("c") and w.split("-")[1].startswith("t"))
    taken_back = sum(1 for w in words if w.startswith("f"))
    assert to_foundation == 52 + taken_back
    assert g.score == 10 * to_foundation + 5 * cell_to_tableau
    with pytest.raises(IllegalMove) as ei:
        g.play(parse_move("f1-c1"))
    assert ei.value.rule == "SH-14" and ei.value.params == {"reason": "won"}
    g.undo()
    assert not g.won
