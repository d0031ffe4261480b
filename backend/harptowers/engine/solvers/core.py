"""The compiled search core (``csearch/``, built by setup.py as ``_core``): the one place a
solver imports it from, and the one warning where it is missing (a source install without a
C compiler; the Python searches then run, slower)."""

from __future__ import annotations

import logging
from types import ModuleType

_core: ModuleType | None
try:
    from . import _core
except ImportError:  # depends on the install (tests/test_setup_core.py)
    _core = None
    logging.getLogger(__name__).warning(
        "Harp & Towers: the compiled searches are not installed (no C compiler when it was "
        "installed); hints and the solver use the Python searches, which are slower")


def compiled() -> ModuleType | None:
    """The compiled core, or None where it was not built."""
    return _core
