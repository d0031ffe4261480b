"""The compiled part of the package: Easy Harp's searches in C (the hints weigh many samples
of the hidden cards with them) and FreeCell's complete search. It is optional: where it cannot
be built, the same searches run in Python (``harptowers.engine.solvers``). The rest of the
metadata is in pyproject.toml."""

from glob import glob

from setuptools import Extension, setup

setup(ext_modules=[Extension("harptowers.engine.solvers._core",
                             sorted(glob("backend/harptowers/engine/solvers/csearch/*.c")),
                             optional=True)])
