"""Settings, the saved game, statistics and window geometry on disk (docs/storage.md).

One JSON document, ``harp-towers.json``, in the data folder (``HARP_TOWERS_DATA_DIR`` when set,
else ``platformdirs.user_data_dir("harp-towers")``)::

    {"schema": 1, "settings": {...}, "game": {...} | null, "stats": {...}, "window": {...}}

One file, so that one atomic write keeps the saved game and the statistics consistent with
each other (a win is never on disk without the game that made it, and the reverse).

- ``load()`` never raises: a file it cannot use is moved aside (``<name>.corrupt-<UTC time>``)
  and the answer carries defaults and a ``notice`` for the player.
- ``save()`` writes atomically (temporary file in the same folder, flush, fsync, rename, fsync
  the folder). ``Saver`` does the same on a background thread, keeping only the newest
  pending document, so the bridge never waits for the disk.
- ``GameRecord`` is a game plus every action applied to it; replaying the actions through the
  engine's checked path restores position, score, counter, passes and undo history exactly.
- ``record_start`` / ``record_win`` / ``record_abandon`` / ``reset_stats`` are pure functions
  over the statistics section.

The package is split by concern: ``record`` (the saved game), ``stats`` (statistics),
``schema`` (the document and its checks), ``atomic`` (the atomic writer), ``journal`` (every
change appended before the bridge answers, each line checked), ``saver`` (journal and
background writes), ``load`` and ``parse`` (reading), ``files`` (opening files at start: no
FIFO, bounded size and time), ``unsaved`` (the note of changes a full disk kept from the
journal), ``where`` (the data folder). Every public name is
re-exported here, so ``from .storage import X`` and ``storage.X`` work as before.
"""

from __future__ import annotations

from .atomic import CRASH_POINTS, SimulatedCrash, write_atomic
from .load import Loaded, load, move_aside
from .record import GameRecord, new_game_id
from .journal import JOURNAL_NAME
from .saver import NOTICES, Saver, reason, save, save_notice
from .schema import (LOOKS, look_problem, DEFAULT_SETTINGS, MAX_SECONDS, SAFE_INT, SCHEMA, UNDO, WINDOW_KEYS, check,
                     document, encode, game_shape, winnable_only_shape)
from .stats import (HISTORY_MAX, RECORDS, STATS_KEYS, average_win, daily_days, default_entry,
                    default_stats, new_records, record_abandon, record_start, record_win,
                    reset_stats, stats_key, stats_view, win_rate)
from .where import APP_NAME, ENV_VAR, FILE_NAME, MAX_BYTES, data_dir

_crash_at: str | None = None
"""Set to one of CRASH_POINTS to make the next atomic write stop there (tests only)."""


def _crash() -> None:
    """What a kill point does; a subprocess test replaces it with ``os._exit``."""
    raise SimulatedCrash(_crash_at)


__all__ = ["daily_days", "LOOKS", "look_problem", "HISTORY_MAX", "RECORDS", "average_win", "new_records", "JOURNAL_NAME", "MAX_SECONDS", "NOTICES", "SAFE_INT", "check", "reason", "save_notice",
           "APP_NAME", "CRASH_POINTS", "DEFAULT_SETTINGS", "ENV_VAR", "FILE_NAME", "GameRecord",
           "Loaded", "MAX_BYTES", "SCHEMA", "STATS_KEYS", "Saver", "SimulatedCrash", "UNDO",
           "WINDOW_KEYS", "data_dir", "default_entry", "default_stats", "document", "encode",
           "game_shape", "load", "move_aside", "new_game_id", "record_abandon", "record_start",
           "record_win", "reset_stats", "save", "stats_key", "stats_view", "win_rate",
           "winnable_only_shape", "write_atomic"]
