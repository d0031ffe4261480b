"""The rules engine: pure Python, no I/O, no window, no threads."""

from .cards import Card, Suit
from .codes import DealCode, deal_of_the_day, format_code, parse_code
from .errors import IllegalMove, InvalidCode, InvalidMove
from .game import Game, new_game
from .notation import Move, PileRef, parse_move, parse_moves

__all__ = [
    "Card", "Suit", "DealCode", "deal_of_the_day", "format_code", "parse_code",
    "IllegalMove", "InvalidCode", "InvalidMove", "Game", "new_game",
    "Move", "PileRef", "parse_move", "parse_moves",
]
