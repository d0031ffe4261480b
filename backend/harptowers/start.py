"""What the desktop window and ``--serve`` share before either opens: where the page's files
are, and the session (one instance of the data folder, the saved state loaded into an Api).
Neither imports the other; both stand on this and on the bridge."""

from __future__ import annotations

import logging
import sys
from importlib import resources
from pathlib import Path

from . import storage, today
from .api import Api
from .desktop import single

log = logging.getLogger("harptowers")


def frontend_dir() -> Path:
    """The folder holding index.html: inside the package (wheel, bundle) or the checkout."""
    here = Path(str(resources.files("harptowers"))) / "frontend"
    if (here / "index.html").exists():
        return here
    return Path(__file__).resolve().parents[2] / "frontend"


def open_session(code: str | None
                 ) -> tuple[Api, storage.Saver, single.Primary | single.Alone] | None:
    """Become the one instance of the data folder and load the saved state into an Api.
    None when another instance runs: ``code`` (if any) was handed over to it."""
    folder = storage.data_dir()
    primary = single.acquire_or_alone(folder)
    if primary is None:
        handed = single.hand_over(folder, code or "")
        print("Harp & Towers is already running" + (": the deal was handed over to it"
              if handed and code else ""), file=sys.stderr)
        return None
    loaded = storage.load(folder)
    if loaded.notice:
        log.warning("%s", loaded.notice)
    # A folder that cannot be written does not stop the app: the Saver's first news (read
    # by the page's first call) tells the player that games cannot be saved, and why.
    saver = storage.Saver(folder, loaded=loaded)
    return Api(code, loaded=loaded, saver=saver, today=today.local_date), saver, primary
