"""A game is one registered unit (issue 13): a toy patience registered by the tests alone
is dealt from its own deal code, played through the bridge and replayed, with no product
file changed. The winning line is found here by a search of the test's own, on a layout the
test deals itself with ht_support's independent shuffle."""

from __future__ import annotations

from collections import deque

import pytest

from harptowers.api import Api
from harptowers.view import EXAMPLE_DEAL, catalogue_view
from harptowers.engine import DealCode, parse_code, registry
from harptowers.cli.replay import render_text, replay
from ht_support import b32, ref_seed, ref_shuffle
from toy_game import ToyPatience

RANKS = "A23456789TJQK"


@pytest.fixture
def toy():
    registry.register(ToyPatience)
    yield ToyPatience
    registry.unregister(ToyPatience.name)


def toy_layout(number: int) -> list[list[str]]:
    cards = ref_shuffle([f"{r}S" for r in RANKS], ref_seed("TY", number))
    return [cards[:7], cards[7:]]


def toy_win(cols: list[list[str]]) -> list[str] | None:
    """Breadth-first search over the toy's rules as the test reads them."""
    start = (tuple(cols[0]), tuple(cols[1]), 0)
    seen, queue = {start}, deque([(start, [])])
    while queue:
        (a, b, home), path = queue.popleft()
        if home == 13:
            return path
        piles = [a, b]
        for i in (0, 1):
            if not piles[i]:
                continue
            card, rest = piles[i][-1], piles[i][:-1]
            rank = RANKS.index(card[0]) + 1
            nexts = []
            if rank == home + 1:
                nexts.append(((rest, piles[1]) if i == 0 else (piles[0], rest), home + 1,
                              f"t{i + 1}-f"))
            moved = piles[1 - i] + (card,)  # any card goes onto the other column
            nexts.append(((rest, moved) if i == 0 else (moved, rest), home, f"t{i + 1}-t{2 - i}"))
            for (x, y), h, move in nexts:
                state = (x, y, h)
                if state not in seen:
                    seen.add(state)
                    queue.append((state, path + [move]))
    return None


def winnable_deal() -> tuple[int, list[str]]:
    number = 7
    line = toy_win(toy_layout(number))
    assert line, "every toy deal can be won (cards move freely between the columns)"
    return number, line


def test_the_registry_derives_codes_keys_and_the_catalogue(toy):
    assert parse_code(f"see ty1-n-{b32(4).lower()} please") == DealCode("toy-patience", "N", 4)
    assert "toy-patience/N" in registry.KEYS
    entry = next(g for g in catalogue_view() if g["game"] == "toy-patience")
    assert entry == {"game": "toy-patience", "title": "Toy Patience", "tag": "TY", "stock": False,
                     "rules": "rules_ty",
                     "variants": [{"id": "N", "label": "Normal", "key": "toy-patience/N",
                                   "winnable_only": False,
                                   "difficulty": {"easy": 0, "medium": 0, "hard": 0},
                                   "example_code": f"TY1-N-{b32(EXAMPLE_DEAL)}"}]}
    with pytest.raises(ValueError):
        registry.register(ToyPatience)            # a name or tag is registered once


def test_a_registered_toy_game_plays_through_the_bridge_and_replays(toy):
    number, line = winnable_deal()
    code = f"TY1-N-{b32(number)}"
    api = Api(code)
    s = api.state()["state"]
    assert (s["game"], s["code"]) == ("toy-patience", code)
    cols = {p["id"]: [c["card"] for c in p["cards"]] for p in s["piles"]}
    assert [cols["t1"], cols["t2"]] == toy_layout(number)
    for move in line:
        src, dst = move.split("-")
        pile = next(p for p in s["piles"] if p["id"] == src)
        a = api.play({"from": src, "index": len(pile["cards"]) - 1, "to": dst})
        assert a["ok"], (move, a)
        s = a["state"]
    assert s["won"] and s["score"] == 130 and s["moves"] == len(line)
    stats = api.statistics()["statistics"]["toy-patience/N"]
    assert (stats["played"], stats["won"]) == (1, 1)
    game, refused = replay(code, " ".join(line))
    assert refused is None and game.won and game.replay_json()["score"] == 130
    assert render_text(game.replay_json()).startswith(f"{code}  score 130")


def test_the_toy_game_refuses_with_its_own_rule_ids(toy):
    number, _ = winnable_deal()
    api = Api(f"TY1-N-{b32(number)}")
    s = api.state()["state"]
    top = {p["id"]: p["cards"][-1]["card"] for p in s["piles"] if p["cards"]}
    if top["t1"][0] != "A":
        a = api.play({"from": "t1", "index": 6, "to": "f"})
        assert a["refusal"] == {"rule": "TY-01", "params": {"card": top["t1"]}}
