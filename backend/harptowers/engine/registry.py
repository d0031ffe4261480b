"""The games the app plays: one registered class each, everything else derived from them.

A game is one module in ``engine/games/`` whose ``Game`` subclass carries its rules and its
metadata (code tag, variants, decks, hidden cards, scoring, daily-deal streams, the default of
"winnable deals only"). The deal-code reader, ``new_game``, storage keys, statistics, the
daily-deal files, the solver and hint dispatch, ``replay``/``solve`` and the page's
``catalogue`` all read this registry; nothing outside a game's own module names a game.

Adding a game: its module (found here by itself), its tests, its rule text in docs/rules.md
and its names in the four catalogues (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from . import difficulty

# A game class (engine/game.py's Game subclass). Named here by its shape, not imported: the
# game module imports the registry (new_game), so the registry reads games without it.
Game = Any

GAMES = f"{__package__}.games"   # every module there holds a game: its Game subclass(es)

_games: dict[str, type[Game]] = {}


def built_in() -> list[str]:
    """The modules of engine/games, by name (each holds one or more games)."""
    from . import games as package

    return sorted(f"{GAMES}.{m.name}" for m in pkgutil.iter_modules(package.__path__))


def _defines_game(obj: Any, module: str) -> bool:
    """A class of ``module`` itself (not one it imports) with a tag and a deal: a game."""
    return (isinstance(obj, type) and obj.__module__ == module
            and bool(getattr(obj, "tag", "")) and callable(getattr(obj, "deal", None)))


def _loaded() -> dict[str, type[Game]]:
    # loaded on first use: the game modules import the engine, which reads this registry
    if not _games:
        found: list[type[Game]] = [
            cls for module in built_in() for cls in vars(importlib.import_module(module)).values()
            if _defines_game(cls, module)]
        for cls in sorted(found, key=lambda c: (c.order, c.name)):
            _add(cls)
    return _games


def _add(cls: type[Game]) -> None:
    if cls.name in _games or any(g.tag == cls.tag for g in _games.values()):
        raise ValueError(f"a game named {cls.name!r} or tagged {cls.tag!r} is registered")
    if len(cls.tag) != 2 or not cls.tag.isalpha() or not cls.tag.isupper() or not cls.variants:
        raise ValueError(f"{cls.__name__}: a tag of two capital letters and a variant are needed")
    _games[cls.name] = cls


def register(cls: type[Game]) -> type[Game]:
    """Add a game class (also usable as a decorator). Its name and tag must be new."""
    _loaded()
    _add(cls)
    return cls


def unregister(name: str) -> None:
    """Remove a game added with ``register`` (tests)."""
    _loaded().pop(name, None)


def games() -> list[type[Game]]:
    """Every game class, in the order the page lists them."""
    return list(_loaded().values())


def game_class(name: str) -> type[Game]:
    """The class of game ``name``. Raises KeyError."""
    return _loaded()[name]


def keys() -> tuple[str, ...]:
    """``"<game>/<variant>"`` for every game and variant: statistics, settings, data files."""
    return tuple(f"{g.name}/{v}" for g in games() for v in g.variants)


def catalogue() -> list[dict[str, Any]]:
    """What the page needs to list the games (New game window, Statistics, Help's Rules tabs,
    hints)."""
    return [{"game": g.name, "title": g.title, "tag": g.tag, "stock": g.has_stock,
             "rules": f"rules_{g.tag.lower()}",   # its Help page: help.<rules> in the catalogues
             "variants": [{"id": v, "label": label, "key": f"{g.name}/{v}",
                           "winnable_only": g.winnable_only.get(v, False),
                           # the measured deals of each difficulty (New game's choice)
                           "difficulty": difficulty.counts(g.name, v)}
                          for v, label in g.variants.items()]}
            for g in games()]


class _View(Mapping[str, Any]):
    """A read-only mapping computed from the registry each time it is read."""

    def __init__(self, items: Any) -> None:
        self._items = items

    def __getitem__(self, key: str) -> Any:
        return dict(self._items())[key]

    def __iter__(self) -> Iterator[str]:
        return iter(dict(self._items()))

    def __len__(self) -> int:
        return len(dict(self._items()))


VARIANTS: Mapping[str, tuple[str, ...]] = _View(lambda: ((g.name, tuple(g.variants)) for g in games()))
"""game name → its variant ids, the first the default."""
TAGS: Mapping[str, str] = _View(lambda: ((g.name, g.tag) for g in games()))
"""game name → code tag (``"EH"``), also the prefix of its rule ids."""
NAMES: Mapping[str, str] = _View(lambda: ((g.tag, g.name) for g in games()))
"""code tag → game name."""


class _Keys(Sequence[str]):
    """``keys()`` as a live sequence (``key in KEYS`` sees a game registered later)."""

    def __getitem__(self, i: Any) -> Any:
        return keys()[i]

    def __len__(self) -> int:
        return len(keys())


KEYS: Sequence[str] = _Keys()
"""``"<game>/<variant>"`` of every registered game and variant."""
