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
        kind = "draw" if len(g.stock) == before - 1 else "recycle"
        if runs and runs[-1][0] == kind:
            runs[-1][1] += 1
        else:
            runs.append([kind, 1])
    return runs


@pytest.mark.rule("EH-11")
@pytest.mark.parametrize("drawn", [0, 1, 30, 103])
def test_the_stock_lists_the_taps_up_to_the_end_of_the_next_pass(drawn):
    """The page draws a second tap before the first is answered from this list (issue 19)."""
    api = Api("EH1-N-AAAAAAF")
    for _ in range(drawn):
        api.stock()
    taps = stock_pile(api.state()["state"])["taps"]
    total = sum(n for _, n in taps)
    assert observed_taps(api._game, total) == taps
    assert not api._game.stock and api._game.waste   # it ends where a pass ends
