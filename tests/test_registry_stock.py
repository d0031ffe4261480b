"""The toy with a stock, a face-down card and a waste (issue 37): a game that draws three
cards a tap with one redeal goes through the registry, the bridge, the view model and the
hints with no product file naming it. Expected layouts come from ht_support's independent
shuffle; expected taps are counted by hand from the toy's rules (8 stock cards, 3 a tap)."""

from __future__ import annotations

import pytest

from harptowers.api import Api
from harptowers.cli.replay import replay
from harptowers.engine import registry
from harptowers.engine.messages import describe
from harptowers.hints import search as hints
from ht_support import b32, ref_seed, ref_shuffle
from toy_game import ToyStock

RANKS = "A23456789TJQK"
NUMBER = 11
CODE = f"TS1-N-{b32(NUMBER)}"


@pytest.fixture
def toy():
    registry.register(ToyStock)
    yield ToyStock
    registry.unregister(ToyStock.name)


def layout() -> list[str]:
    return ref_shuffle([f"{r}S" for r in RANKS], ref_seed("TS", NUMBER))


def pile(state: dict, pid: str) -> dict:
    return next(p for p in state["piles"] if p["id"] == pid)


def texts(state: dict, pid: str) -> list[str | None]:
    return [c.get("card") for c in pile(state, pid)["cards"]]


def test_the_view_model_says_what_each_tap_of_three_does(toy):
    cards = layout()
    s = Api(CODE).state()["state"]
    assert texts(s, "t1") == [None] + cards[1:3]          # card 0 is face down, its id opaque
    assert not pile(s, "t1")["cards"][0]["up"] and pile(s, "t1")["cards"][0]["id"] != cards[0]
    assert texts(s, "t2") == cards[3:5]
    assert len(pile(s, "s")["cards"]) == 8 and texts(s, "w") == []
    assert pile(s, "s")["tap"] == {"from": "s", "to": "w", "count": 3}
    # 8 cards: taps of 3, 3, 2; the one redeal of 8; taps of 3, 3, 2 again; then no more
    assert pile(s, "s")["taps"] == [["draw", 2, 3], ["draw", 1, 2], ["recycle", 1, 8],
                                    ["draw", 2, 3], ["draw", 1, 2]]


def test_a_tap_draws_three_top_first_and_undo_puts_them_back(toy):
    cards = layout()
    api = Api(CODE)
    a = api.stock()
    assert a["ok"] and a["action"]["count"] == 3
    assert a["action"]["cards"] == [cards[12], cards[11], cards[10]]   # bottom → top on the waste
    assert texts(a["state"], "w") == [cards[12], cards[11], cards[10]]
    assert pile(a["state"], "s")["taps"][0] == ["draw", 1, 3]
    u = api.undo()
    assert u["ok"] and u["action"]["count"] == 3 and u["action"]["undo"]
    assert api._game.stock == api._game.__class__(api._game.code).stock   # the same order
    assert texts(u["state"], "w") == [] and u["state"]["undo"] is None


def test_one_redeal_then_the_stock_refuses_with_the_games_rule(toy):
    cards = layout()
    api = Api(CODE)
    for _ in range(3):
        assert api.stock()["ok"]
    s = api.state()["state"]
    assert texts(s, "w") == cards[12:9:-1] + cards[9:6:-1] + cards[6:4:-1]
    assert pile(s, "s")["tap"] == {"from": "w", "to": "s", "count": 8, "recycle": True}
    r = api.stock()
    assert r["ok"] and r["action"]["recycle"] and r["state"]["passes"] == 1
    assert [c.text for c in api._game.stock] == cards[5:]          # as dealt, top last
    for _ in range(3):
        assert api.stock()["ok"]
    assert "tap" not in pile(api.state()["state"], "s")            # nothing left to do
    refused = api.stock()
    assert refused["refusal"] == {"rule": "TS-04", "params": {"reason": "no-redeal"}}
    assert api._game.moves == 7 and len(api._game.waste) == 8      # nothing changed
    assert describe("TS-04", {"reason": "no-redeal"}) == \
        "TS-04: the stock is empty and no redeal is left"


def test_the_face_down_card_turns_when_the_cards_above_it_leave(toy):
    cards = layout()
    api = Api(CODE)
    api.play({"from": "t1", "index": 2, "to": "t2"})
    a = api.play({"from": "t1", "index": 1, "to": "t2"})
    assert a["ok"] and a["action"]["turned"] == cards[0]
    assert texts(a["state"], "t1") == [cards[0]]
    back = api.undo()["state"]
    assert texts(back, "t1") == [None, cards[1]] and not pile(back, "t1")["cards"][0]["up"]


def test_hints_sample_the_hidden_cards_of_a_game_without_ways_or_solver(toy):
    api = Api(CODE)
    pos = hints.position(api._game)
    assert pos["columns"][0][0] is None and pos["seen_stock"] is None
    answer = hints.solve_position(pos, seconds=1.0)
    # no solver: no sample is won or lost; a move chosen by what is visible, never the free
    # first pass through the stock (one redeal: a pass is not free)
    assert answer["verdict"] == hints.GUESS and not answer.get("first_pass")
    assert answer["solution"] in {str(m) for m in api._game.legal_moves()}


def test_replay_draws_three_a_tap(toy):
    cards = layout()
    game, refused = replay(CODE, "s s")
    assert refused is None
    assert game.replay_json()["waste"] == cards[12:6:-1]
    assert game.replay_json()["stock"] == [c.lower() for c in cards[5:7]]
