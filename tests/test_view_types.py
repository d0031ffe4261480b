"""What Api answers has the shape view_types.py declares (issue 37), for every registered game
(the toy with a stock, a face-down card and an example included), at the start, mid-game, at
a refusal, an error, an undo, a redeal, a won game, an open example and a pending code. The
check is typeguard's, not ours: a missing key, an extra key or a wrong type fails."""

from __future__ import annotations

import pytest
from typeguard import CollectionCheckStrategy, TypeCheckError
from typeguard import check_type as _check_type

from harptowers.api import Api
from harptowers.engine import examples, registry
from harptowers.engine.codes import format_code
from harptowers.view_types import Answer, ViewModel
from toy_game import ToyStock


@pytest.fixture
def toy():
    registry.register(ToyStock)
    yield ToyStock
    registry.unregister(ToyStock.name)


def check_type(value, expected) -> None:
    """typeguard's check of every item of every list (its default looks at the first)."""
    _check_type(value, expected, collection_check_strategy=CollectionCheckStrategy.ALL_ITEMS)


def answers(api: Api):
    """A walk through the calls the page makes, first moves first, each answer once."""
    yield api.state()
    moves = api._game.legal_moves()
    for m in moves[:6]:
        src = api._game.pile(m.src)
        yield api.play({"from": str(m.src), "index": len(src) - m.count,
                        "to": str(m.dst)}) if m.dst else api.stock()
    yield api.play({"from": "t1", "index": 0, "to": "t1"})          # an error (onto itself)
    yield api.play({"fro": "t1"})                                   # a malformed call
    yield api.undo()
    yield api.redo()
    yield api.hint({"x": 1})                                        # refused before any search
    yield api.settings({})
    yield api.statistics({})
    yield api.read_code({"text": str(api._game.code)})
    yield api.clock({"elapsed_ms": 1500, "state": False})
    yield api.new_game({"mode": "same"})


def check(answer) -> None:
    check_type(answer, Answer)
    if "state" in answer:
        check_type(answer["state"], ViewModel)


def test_every_games_answers_have_the_declared_shape(toy):
    for g in registry.games():
        for variant in g.variants:
            api = Api(format_code(g.name, variant, 11))
            for answer in answers(api):
                check(answer)
            for _ in range(2 * (len(api._game.stock) + len(api._game.waste)) + 3):
                check(api.stock())                                      # draws and redeals


def test_the_examples_and_a_won_game_have_the_declared_shape(toy):
    api = Api("EH1-N-AAAAAAF")
    for name in examples.load_plain():
        check(api.open_example({"name": name}))
        while True:
            a = api.example_step()
            check(a)
            if not a["ok"]:
                break
        assert a["state"]["example"]["key"] is not None
    check(api.leave_example())


def test_a_pending_code_has_the_declared_shape(toy):
    api = Api("EH1-N-AAAAAAF")
    api.stock()
    api._hand_over("SH1-C4-AAAAAAI")
    state = api.state()["state"]
    assert state["pending_code"] == "SH1-C4-AAAAAAI"
    check_type(state, ViewModel)


def test_the_check_fails_on_a_missing_an_extra_or_a_wrong_key():
    state = Api("EH1-N-AAAAAAF").state()["state"]
    for broken in ({**state, "extra": 1}, {k: v for k, v in state.items() if k != "rev"},
                   {**state, "score": "10"}):
        with pytest.raises(TypeCheckError):
            check_type(broken, ViewModel)
    pile = dict(state["piles"][0], tap={"to": "w", "count": 1})      # "from" missing
    with pytest.raises(TypeCheckError):
        check_type({**state, "piles": state["piles"][1:] + [pile]}, ViewModel)   # the last pile


def test_the_pages_declarations_are_written_from_these_shapes():
    """frontend/js/view-model.d.ts is what tools/view_types_ts.py writes from view_types.py
    (when this fails: run the tool)."""
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("view_types_ts", root / "tools/view_types_ts.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert (root / "frontend/js/view-model.d.ts").read_text() == tool.render()
    assert "  card?: string;" in tool.render()          # an optional key stays optional
