"""The compiled part of the package: the games' searches in C (Easy Harp's, for the hints
that weigh many samples of the hidden cards, and FreeCell's complete search). It is optional:
where it cannot be built, the same searches run in Python (``harptowers.engine.solvers``),
slower, and the package says so once when it is imported. ``HARPTOWERS_REQUIRE_CORE=1`` makes
a build without it fail instead (the release wheels are built so). The rest of the metadata
is in pyproject.toml."""

import os
from glob import glob

from setuptools import Extension, setup

setup(ext_modules=[Extension("harptowers.engine.solvers._core",
                             sorted(glob("backend/harptowers/engine/solvers/csearch/*.c")),
                             optional=os.environ.get("HARPTOWERS_REQUIRE_CORE") != "1")])
