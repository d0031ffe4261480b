"""The view model (view.py): what a stock tap will do, and answers numbered in order."""

from __future__ import annotations

import threading

import pytest

from harptowers.api import Api
from harptowers.engine.notation import STOCK_TAP
from ht_support import build


def stock_pile(state):
    return next(p for p in state["piles"] if p["id"] == "s")


@pytest.mark.rule("EH-11")
def test_the_stock_says_what_a_tap_does_draw_redeal_or_nothing():
    api = Api("EH1-N-AAAAAAF")
    s = api.state()["state"]
    assert stock_pile(s)["tap"] == {"from": "s", "to": "w", "count": 1}
    g = build(tableau=["KS", "KH"] + [""] * 7, waste="3D 5C 9H", stock="")
    api._game = g
    assert stock_pile(api.state()["state"])["tap"] == {"from": "w", "to": "s", "count": 3,
                                                       "recycle": True}
    g.waste.clear()
    assert "tap" not in stock_pile(api.state()["state"])
    sea = Api("SH1-C4-AAAAAJ2").state()["state"]
    assert "tap" not in stock_pile(sea)


def test_answers_are_numbered_in_the_order_their_view_models_were_made():
    api = Api("SH1-C4-AAAAAJ2")
    first = api.state()["state"]["rev"]
    revs: list[int] = []
    lock = threading.Lock()

    def ask():
        for _ in range(50):
            r = api.state()["state"]["rev"]
            with lock:
                revs.append(r)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(revs) == list(range(first + 1, first + 201))   # each number once, none lost
    assert api.state()["state"]["rev"] == first + 201


def observed_taps(g, n):
    """Play n taps on the stock and write down what each one did, as runs."""
    runs: list[list] = []
    for _ in range(n):
        before = len(g.stock)
        g.play(STOCK_TAP)
        kind, cards = ("draw", before - len(g.stock)) if before else ("recycle", len(g.stock))
        if runs and runs[-1][0] == kind == "draw" and runs[-1][2] == cards:
            runs[-1][1] += 1
        else:
            runs.append([kind, 1, cards])
    return runs


@pytest.mark.rule("EH-11")
@pytest.mark.parametrize("drawn", [0, 1, 30, 103])
def test_the_stock_lists_the_taps_up_to_the_end_of_the_next_pass(drawn):
    """The page draws a second tap before the first is answered from this list (issue 19)."""
    api = Api("EH1-N-AAAAAAF")
    for _ in range(drawn):
        api.stock()
    taps = stock_pile(api.state()["state"])["taps"]
    total = sum(n for _, n, _ in taps)
    assert observed_taps(api._game, total) == taps
    assert not api._game.stock and api._game.waste   # it ends where a pass ends


def shown(g):
    """Every pile as (face-down count, face-up cards), read off the position."""
    from harptowers.engine.notation import PileRef
    out = {}
    for kind, piles in (("t", g.columns), ("f", g.foundations), ("c", getattr(g, "cells", []))):
        for i, p in enumerate(piles):
            ref = PileRef(kind, i)
            up = g.face_up(ref)
            out[str(ref)] = (len(p) - up, [c.text for c in p[len(p) - up:]])
    if g.has_stock:
        out["s"] = (len(g.stock), [])
        out["w"] = (0, [c.text for c in g.waste])
    return out


@pytest.mark.rule("EH-18", "SH-14")
@pytest.mark.parametrize("code", ["EH1-N-AAAAAAF", "SH1-C4-AAAAAJ2", "SH1-C4-AAAAAAC"])
def test_the_undo_shown_ahead_is_what_undo_does(code):
    """Random play; before each undo the preview is compared with the position undo leaves."""
    import random

    from harptowers.engine import new_game
    rng = random.Random(7)
    g = new_game(code)
    seen = {"hide": 0, "down": 0, "moves": 0}
    for _ in range(300):
        g.play(rng.choice(g.legal_moves()))
        if rng.random() < 0.3:
            u, before = g.undo_preview(), shown(g)
            recycled = g.history[-1].recycled
            g.undo()
            after = shown(g)
            if recycled:
                assert u is None
                continue
            moved = before[u["from"]][1][-u["count"]:]
            assert after[u["from"]][1] == before[u["from"]][1][:-u["count"]]
            was_down, was_up = before[u["to"]]
            if u["down"]:   # a draw taken back: one card more in the stock, face down
                assert after[u["to"]] == (was_down + u["count"], [])
            elif u["hide"]:
                assert after[u["to"]] == (was_down + 1, was_up[:-1] + moved)
            else:
                assert after[u["to"]] == (was_down, was_up + moved)
            seen["hide" if u["hide"] else "down" if u["down"] else "moves"] += 1
        if g.won or not g.legal_moves():
            break
    assert seen["moves"] > 5 and (code[:2] == "SH" or seen["down"])
    assert new_game(code).undo_preview() is None


@pytest.mark.rule("EH-18")
def test_the_undo_of_a_move_that_turned_a_card_turns_it_down_again():
    from harptowers.engine import new_game
    from harptowers.engine.notation import parse_move
    g = new_game("EH1-N-AAAAAAF")          # deal 5: 9C (t3) onto TH (t1) turns a card
    before = shown(g)
    g.play(parse_move("t3-t1"))
    assert g.undo_preview() == {"from": "t1", "to": "t3", "count": 1, "down": False, "hide": True}
    g.undo()
    assert shown(g) == before
