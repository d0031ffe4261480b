"""Redo (APP-14, docs/rules.md): the undone actions come back exactly, in order, until a new
action is played. Expected positions come from the positions recorded while playing, and from
ht_support's independent model of a move (expected_after)."""

from __future__ import annotations

import pytest

from harptowers.api import Api
from harptowers.engine import IllegalMove, new_game
from harptowers.engine.notation import parse_move
from ht_support import build, expected_after


def physical(g):
    """Which physical card (copy included) lies where: redo must restore the same copies."""
    return ([[(c.text, c.copy) for c in col] for col in g.columns], list(g.down),
            [(c.text, c.copy) for c in g.stock], [(c.text, c.copy) for c in g.waste],
            [[(c.text, c.copy) for c in f] for f in g.foundations],
            [[(c.text, c.copy) for c in cell] for cell in g.cells])


def record(g, script):
    """Play ``script`` (skipping refused moves); the position and score after each action."""
    after = []
    for text in script:
        try:
            g.play(parse_move(text))
        except IllegalMove:
            continue
        after.append((g.replay_json(), physical(g), g.score))
    return after


EH_SCRIPT = ["t1-t2", "t3-f", "t1-t4", "s", "w-t1", "s", "s", "s", "s", "t3-t9", "f7-t2"]


def easy_harp_position():
    from test_easy_harp import cols  # the Easy Harp tests' column spec
    return build(tableau=cols("8c 9d 5S", "6H", "kh 2C", "TC"), waste="3D", stock="AH 4C 7H",
                 foundations=[0, 0, 0, 0, 0, 0, 1, 0])


@pytest.mark.rule("APP-14", "EH-18")
def test_easy_harp_redo_replays_turn_ups_draws_and_recycles_exactly():
    g = easy_harp_position()
    after = record(g, EH_SCRIPT)
    assert len(after) >= 9
    turned_any = any(a[1][1] != b[1][1] for a, b in zip(after, after[1:]))
    assert turned_any                               # a face-down card turned up on the way
    moves = g.moves
    for _ in after:
        g.undo()
    for want_json, want_phys, want_score in after:
        g.redo()
        assert g.replay_json() | {"moves": 0} == want_json | {"moves": 0}
        assert physical(g) == want_phys and g.score == want_score
        assert g.moves == moves                     # redo does not count a move (APP-14)
    with pytest.raises(IllegalMove) as e:
        g.redo()
    assert (e.value.rule, e.value.params) == ("APP-14", {"reason": "nothing-to-redo"})


@pytest.mark.rule("APP-14")
def test_redo_after_a_recycle_restores_the_stock_order():
    g = build(tableau=["KS", "KH"] + [""] * 7, waste="3D 5C 9H", stock="")
    before = g.replay_json()
    want, _ = expected_after(before, "s")           # the independent model of a recycle
    g.play(parse_move("s"))
    assert g.replay_json()["stock"] == want["stock"] and g.passes == 1
    g.undo()
    assert g.replay_json()["waste"] == before["waste"] and g.passes == 0
    g.redo()
    assert g.replay_json()["stock"] == want["stock"] and g.waste == [] and g.passes == 1


@pytest.mark.rule("APP-14", "SH-14")
def test_seahaven_redo_of_a_group_move_and_a_new_action_clears_redo():
    g = new_game("SH1-C4-AAAAAJ2")
    moves = [m for m in g.legal_moves()][:1]
    g.play(moves[0])
    first = g.replay_json()
    second = next(m for m in g.legal_moves())
    g.play(second)
    g.undo()
    g.undo()
    g.redo()
    assert g.replay_json() | {"moves": 0} == first | {"moves": 0}
    assert g.undone == [second]
    g.play(next(m for m in g.legal_moves()))         # a new action: nothing left to redo
    with pytest.raises(IllegalMove) as e:
        g.redo()
    assert e.value.rule == "APP-14"


@pytest.mark.rule("APP-14")
def test_redo_through_the_bridge_is_saved_and_replays_from_the_record():
    from harptowers import storage

    api = Api("EH1-N-AAAAAAF")
    a = api.play({"from": "t3", "index": 2, "to": "t1"})      # turns the KC up (5 points)
    assert a["ok"] and a["state"]["can_redo"] is False
    u = api.undo()
    assert u["state"]["can_redo"] is True and u["state"]["score"] == 0
    r = api.redo()
    assert r["ok"] and r["action"]["move"] == "t3-t1" and r["action"]["turned"] == "KC"
    assert r["state"]["score"] == 5 and r["state"]["moves"] == 1 and not r["state"]["can_redo"]
    assert r["state"]["piles"] == a["state"]["piles"]
    n = api.redo()
    assert n["ok"] is False and n["refusal"] == {"rule": "APP-14",
                                                 "params": {"reason": "nothing-to-redo"}}
    rec = api._session.rec
    assert rec.actions == ["t3-t1", "undo", "redo"]
    again = storage.GameRecord.from_json(rec.to_json())      # the save replays the redo
    assert again.game.replay_json() == rec.game.replay_json()
