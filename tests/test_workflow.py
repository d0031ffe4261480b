"""The Windows and macOS workflow (.github/workflows/desktop.yml) is valid YAML of the shape
GitHub Actions reads, and every file it names exists; the harness-only pytest plugin it uses
keeps exactly the tests that need neither the Qt window nor WebKit."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "desktop.yml"


def load() -> dict:
    doc = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    # YAML 1.1 reads the bare key `on` as True; GitHub reads it as "on"
    if True in doc:
        doc["on"] = doc.pop(True)
    return doc


def steps() -> list[dict]:
    return load()["jobs"]["build"]["steps"]


def commands() -> str:
    return "\n".join(s.get("run", "") for s in steps())


def test_the_workflow_has_the_shape_actions_reads():
    doc = load()
    assert {"name", "on", "jobs"} <= set(doc)
    job = doc["jobs"]["build"]
    assert set(job["strategy"]["matrix"]["os"]) == {"windows-latest", "macos-latest"}
    assert job["runs-on"] == "${{ matrix.os }}"
    for step in job["steps"]:
        assert ("run" in step) != ("uses" in step), step
        if "uses" in step:
            assert re.fullmatch(r"[\w-]+/[\w-]+@v\d+", step["uses"]), step["uses"]
        assert set(step) <= {"name", "uses", "with", "run", "if", "env", "shell", "id"}, step


def test_it_installs_tests_builds_and_keeps_the_builds():
    run = commands()
    assert 'pip install -e ".[app,test,package]"' in run
    assert re.search(r"pytest tests\b", run)
    assert re.search(r"pytest e2e\b.*-p pytest_harness_only", run)
    assert "packaging/build.py" in run
    assert "ISCC.exe" in run and "packaging\\windows\\harp-towers.iss" in run
    assert "hdiutil create" in run and ".dmg" in run
    # every install and wheel there carries the compiled searches (issue 39): setup.py fails
    # without them where HARPTOWERS_REQUIRE_CORE is 1, and the wheel is looked into
    assert load()["jobs"]["build"]["env"]["HARPTOWERS_REQUIRE_CORE"] == "1"
    assert "HARPTOWERS_REQUIRE_CORE" in (ROOT / "setup.py").read_text()
    assert re.search(r"pip wheel \. --no-deps -w dist", run)
    assert "harptowers/engine/solvers/_core" in run
    kept = next(s for s in steps() if s.get("uses", "").startswith("actions/upload-artifact"))
    for pattern in ("dist/*.exe", "dist/*.dmg", "dist/*.zip", "dist/*.whl"):
        assert pattern in kept["with"]["path"]


def test_every_file_it_names_exists():
    run = commands()
    named = set(re.findall(r"(?:packaging|tools)[/\\][\w./\\-]+\.(?:py|iss)", run))
    named.add("tools/pytest_harness_only.py")
    assert len(named) >= 3
    for path in named:
        assert (ROOT / path.replace("\\", "/")).is_file(), path
    iss = (ROOT / "packaging/windows/harp-towers.iss").read_text(encoding="utf-8")
    assert "AppUserModelID: \"{#AppId}\"" in iss and "io.github.harptowers.HarpTowers" in iss
    assert (ROOT / "packaging/windows/LICENSE.txt").is_file()


def test_the_harness_only_plugin_keeps_harness_tests():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import pytest_harness_only as plugin
    finally:
        sys.path.remove(str(ROOT / "tools"))

    def item(name, fixtures=(), params=None):
        it = types.SimpleNamespace(name=name, fixturenames=list(fixtures))
        if params is not None:
            it.callspec = types.SimpleNamespace(params=params)
        return it

    items = [item("window", ["app", "data_dir"]), item("webkit", ["wk", "tmp_path"]),
             item("flow[app]", ["table_for"], {"table_for": "app"}),
             item("flow[harness]", ["table_for"], {"table_for": "harness"}),
             item("examples", ["harness", "browser"]), item("serve", ["served", "browser"])]
    deselected = []
    config = types.SimpleNamespace(hook=types.SimpleNamespace(
        pytest_deselected=lambda items: deselected.extend(items)))
    plugin.pytest_collection_modifyitems(config, items)
    assert [i.name for i in items] == ["flow[harness]", "examples", "serve"]
    assert [i.name for i in deselected] == ["window", "webkit", "flow[app]"]
