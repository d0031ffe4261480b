"""The Examples page situations (APP-04, APP-05): real deals and recorded moves up to the key
position, found by tools/find_examples.py and re-checked by tests/test_examples.py. Each game
finds its own situation (``Game.example_situation``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .engine import new_game, parse_moves
from .engine.game import Game

EXAMPLES_FILE = Path(__file__).with_name("examples.json")


def load_plain() -> dict[str, Any]:
    """The shipped examples: ``{"easy-harp": {"code", "moves"}, "seahaven": {…}}``."""
    return json.loads(EXAMPLES_FILE.read_text())


def load() -> dict[str, Any]:
    """The shipped examples with their key positions described, for the Examples page:
    ``{"easy-harp": {"code", "moves", "key": {...}}, "seahaven": {...}}``."""
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
