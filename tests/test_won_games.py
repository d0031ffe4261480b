"""Complete won games, found by the engine's search module and recorded as code + moves.

The expected scores come from the scoring tables (EH-21, SH-16 with the Seahaven table),
counted from the move text alone: Easy Harp 104 × 10 + 36 × 5 = 1 220 plus 5 for every
waste → column move; Seahaven 52 × 10 = 520 plus 5 for every cell → column move.
"""

import re

import pytest

from harptowers.engine import new_game, parse_moves

EASY_HARP_CODE = "EH1-N-AAAAAAB"
EASY_HARP_MOVES = (
    's w-f1 t2-f1 s s s s s s s s s s s s s s s s s s s s s s s s w-f1 t8-f1 t8-t7 s s s s s '
    's s s s w-f5 t5-f5 t5-t4 t5-t9 s s w-f7 s s s s s s s s s s s s s s s s w-f8 s s w-f6 s '
    'w-f2 s s s s s s s s s s s s s s w-f5 s s s s s s s s s s w-f6 w-f6 s w-f2 s s s s s '
    'w-f7 s s s s s s w-f8 s s w-f2 s s s s s s s s s s s s s s w-f7 t6-f7 t6-t2 t6-f3 t1-f3 '
    't6-f1 t8-t2 t4:2-t1 s s s w-f5 s s s s w-f3 s s s w-f5 t9-f5 s w-f7 s s w-f3 t6-f3 t6-f8 '
    't4-t6 t3-t4 t3-f3 t8-f3 s s s s s s s s s s s s w-f7 t9-f7 t9-f8 t9-t7 t9-t3 s s s w-f7 '
    's w-f8 s s s s s s s w-f1 s s s s w-f7 t9-f7 t9-f8 t9-f2 t8-f2 t5-t9 t8-t2 t8-t2 s s s s '
    's w-f8 s w-f1 s w-f5 s s w-f3 t8-f3 t3-f3 t3-f7 t4:2-t3 t4-f2 t9:2-t4 s s s w-f8 s s s '
    'w-f8 s s s w-f2 s s s s w-f5 s s s s w-f7 s w-f3 s w-f3 s s s s s s s s s w-f1 t7-f1 '
    'w-f1 s s s w-f5 t7-f5 t7-f1 t3-f1 t6-f1 s s s s s s s w-f3 s w-f5 t1-f5 t1-f7 t3-f5 s s '
    's s s s s s s s s s w-t4 s s s s s s s s w-t4 t7-t4 t7-f4 t7-f6 s s w-f6 t5-f6 s w-f4 s '
    's s s s s s s s s w-f6 s s s s s w-f6 t4-f6 s s w-f6 s s s w-t1 s s w-t1 s s s w-t1 s s '
    's w-t1 t7-t1 t7-t3 t7-f4 s s s s s w-f4 s s s s s s w-f4 w-f4 t2-f4 t2-f2 t1-f2 t4-f2 '
    't9-f4 t2-f4 t1-f4 t1-f2 t2-f8 t2-f6 t1-f6 t4-f4 t4-f2 t1-f2 w-f8 w-f6 w-f4 t4-f4 s w-f8 '
    't3-f8 '
)
SEAHAVEN_CODE = "SH1-C4-AAAAAAB"
SEAHAVEN_MOVES = (
    't6-t5 t6-t7 t6-t10 t8-t1 t10:2-t8 t10-t6 t10-t8 c1-t7 t1-c1 t1-c3 t1-c4 c3-t1 c1-t1 '
    't5-c1 t6-c3 c1-t5 t6-c1 t6-t7 t5:2-t7 t5-f4 t1-f4 t1-f4 t1-f4 c1-t6 c3-t6 t2-c1 t2-c3 '
    't2-f1 t2-t6 t2-t5 t1-t5 c3-t2 t4-c3 t4-t6 t4-f4 c2-f4 t4-t10 t1-t4 t4:2-t10 t5:3-t6 '
    't8:4-t10 t8-f3 t9-f3 t9-f1 t5-f1 t10-f1 t10-f1 t10-f1 t10-f1 t10-f1 t10-f1 t10-f1 t10-f1 '
    't9-f1 t9-f1 t9-f4 t8-t2 t8-t2 c4-t1 t7:6-t1 t7-f2 t7-f4 t5-f4 t10-f2 c3-f2 c1-t7 t1-c1 '
    't1-c2 t1-c3 t2-c4 c3-t1 c2-t1 c1-t1 t2-c1 t1-c2 t3-c3 t3-f3 t7-f3 t7-f3 t3-f3 t3-f4 '
    'c4-f4 c1-f4 t2-f4 t3-f2 c3-f2 t6-f3 t6-f3 t6-f3 t6-f3 t6-f3 t6-f3 t6-f3 t7-f2 c2-f2 '
    't1-f2 t1-f2 t1-f2 t1-f2 t1-f2 t1-f2 '
)


def play_all(code, text):
    game = new_game(code)
    for m in parse_moves(text):
        assert not game.won, "the game was won before the last move"
        game.play(m)
    return game


@pytest.mark.rule("EH-12")
@pytest.mark.rule("EH-21")
def test_easy_harp_won_game_scores_1220_plus_waste_moves():
    words = EASY_HARP_MOVES.split()
    waste_to_column = sum(1 for w in words if re.fullmatch(r"w-t\d+", w))
    game = play_all(EASY_HARP_CODE, EASY_HARP_MOVES)
    assert game.won
    assert sum(len(f) for f in game.foundations) == 104
    assert game.score == 104 * 10 + 36 * 5 + 5 * waste_to_column
    assert game.moves == len(words)


@pytest.mark.rule("SH-10")
@pytest.mark.rule("SH-16")
def test_seahaven_won_game_scores_520_plus_cell_moves():
    words = SEAHAVEN_MOVES.split()
    cell_to_column = sum(1 for w in words if re.fullmatch(r"c\d-t\d+", w))
    game = play_all(SEAHAVEN_CODE, SEAHAVEN_MOVES)
    assert game.won
    assert game.score == 52 * 10 + 5 * cell_to_column
    assert game.moves == len(words)


@pytest.mark.rule("SH-14")
def test_undo_after_the_win_unwins_and_other_actions_are_refused():
    from harptowers.engine import IllegalMove
    from harptowers.engine.notation import parse_move

    game = play_all(SEAHAVEN_CODE, SEAHAVEN_MOVES)
    with pytest.raises(IllegalMove) as e:
        game.play(parse_move("f1-c1"))
    assert e.value.rule == "SH-14" and e.value.params == {"reason": "won"}
    last = SEAHAVEN_MOVES.split()[-1]
    assert str(game.undo()) == last
    assert not game.won
    assert sum(len(f) for f in game.foundations) == 51
