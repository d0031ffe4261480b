"""The compiled searches are optional for a source install (no C compiler: the Python
searches run, and the package says so once) and required where HARPTOWERS_REQUIRE_CORE=1
(the release wheels, issue 39)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CSEARCH = "backend/harptowers/engine/solvers/csearch"


@pytest.mark.parametrize("require, ok", [("", True), ("1", False)])
def test_a_build_without_a_compiler_fails_only_where_the_core_is_required(tmp_path, require, ok):
    shutil.copy(ROOT / "setup.py", tmp_path)
    shutil.copytree(ROOT / CSEARCH, tmp_path / CSEARCH)
    env = {**os.environ, "CC": "false", "LDSHARED": "false", "HARPTOWERS_REQUIRE_CORE": require}
    out = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert (out.returncode == 0) == ok, out.stderr[-2000:]
    assert not list(tmp_path.rglob("_core*.so")) and not list(tmp_path.rglob("_core*.pyd"))


def test_without_the_compiled_searches_the_package_says_so_once():
    code = ("import sys; sys.modules['harptowers.engine.solvers._core'] = None\n"
            "import harptowers.engine.solvers.harp_greedy as g\n"
            "import harptowers.engine.solvers.easy_harp, harptowers.hints.search\n"
            "assert g.compiled_searches() is None\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stderr.count("compiled searches are not installed") == 1, out.stderr
