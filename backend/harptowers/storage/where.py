"""Where the data lives: the data folder and the file names in it."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "harp-towers"
FILE_NAME = "harp-towers.json"
ENV_VAR = "HARP_TOWERS_DATA_DIR"
MAX_BYTES = 32 * 1024 * 1024  # far above any real file (a 10 000-action game is ~80 kB)


def data_dir() -> Path:
    """The data folder: ``$HARP_TOWERS_DATA_DIR`` when set and not empty, else
    ``platformdirs.user_data_dir("harp-towers", appauthor=False)``. Not created here."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _folder(folder: str | os.PathLike[str] | None) -> Path:
    return Path(folder) if folder is not None else data_dir()

