"""The Examples page situations (APP-04, APP-05): real deals and recorded moves up to the key
position, each game's own (``Game.examples``, found by tools/find_examples.py and re-checked by
tests/test_examples.py). Each game finds its own situation (``Game.example_situation``)."""

from __future__ import annotations

from typing import Any

from . import new_game, parse_moves
from .game import Game
from .registry import games


def load_plain() -> dict[str, Any]:
    """Every game's examples: ``{name: {"code", "moves"}, …}``."""
    return {name: dict(ex) for g in games() for name, ex in g.examples.items()}


def load() -> dict[str, Any]:
    """The examples with their key positions described (``Game.example_situation``):
    ``{name: {"code", "moves", "key": {...}}, …}``."""
    data = load_plain()
    for ex in data.values():
        ex["key"] = play(ex["code"], ex["moves"]).example_situation()
    return data


def play(code: str, moves: str) -> Game:
    """The game after ``moves`` from the deal ``code`` (checked path)."""
    g = new_game(code)
    for m in parse_moves(moves):
        g.play(m)
    return g
