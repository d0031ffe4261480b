"""``harp-towers replay CODE "MOVES" [--json]``: play moves from a deal, print the result."""

from __future__ import annotations

import json
from typing import Any

from ..engine import IllegalMove, new_game, parse_code, parse_moves
from ..engine.game import Game
from ..engine.registry import game_class


def replay(code_text: str, moves_text: str) -> tuple[Game, dict[str, Any] | None]:
    """Play ``moves_text`` from the deal in ``code_text``.

    Returns the game and, when a move is refused, ``{"index", "move", "rule", "message"}``
    (0-based index; the game stays at the position before it). Raises InvalidCode or
    InvalidMove for text that cannot be read.
    """
    game = new_game(parse_code(code_text))
    for i, m in enumerate(parse_moves(moves_text)):
        try:
            game.play(m)
        except IllegalMove as e:
            return game, {"index": i, "move": str(m), "rule": e.rule, "message": str(e),
                          "params": e.params}
        except ValueError as e:
            raise type(e)(f"move {i} {str(m)!r}: {e}") from None
    return game, None


def render_text(pos: dict[str, Any]) -> str:
    """A plain-text picture of a replay JSON position."""
    lines = [f"{pos['code']}  score {pos['score']}  moves {pos['moves']}"
             + ("  WON" if pos["won"] else "")]
    if game_class(pos["game"]).has_stock:
        lines.append(f"stock {len(pos['stock'])}  waste {' '.join(pos['waste'][-3:]) or '-'}")
    else:
        lines.append("cells " + " ".join(c or "--" for c in pos["cells"]))
    lines.append("foundations " + " ".join(f[-1] if f else "--" for f in pos["foundations"]))
    for i, col in enumerate(pos["tableau"], 1):
        lines.append(f"t{i:<3}" + " ".join(col))
    return "\n".join(lines)


def main(args: Any) -> int:
    game, refused = replay(args.code, " ".join(args.moves))
    pos = game.replay_json()
    if args.json:
        out = {"refused": {k: v for k, v in refused.items() if k != "params"}, "position": pos} \
            if refused else pos
        print(json.dumps(out))
    else:
        print(render_text(pos))
        if refused:
            print(f"move {refused['index']} {refused['move']!r} refused: {refused['message']}")
    return 1 if refused else 0
