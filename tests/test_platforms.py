"""harptowers.desktop.platforms: each system's answer, checked on any machine (the system is an
argument); the Linux lock and fontconfig for real."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from harptowers.desktop import platforms

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's own calls")


@pytest.mark.parametrize(("given", "want"), [("linux", "linux"), ("win32", "windows"),
                                             ("cygwin", "windows"), ("darwin", "macos"),
                                             ("freebsd14", "linux")])
def test_system_names(given, want):
    assert platforms.system(given) == want


def test_venv_executables():
    v = Path("v")
    assert platforms.venv_executable(v, "harp-towers", "linux") == Path("v/bin/harp-towers")
    assert platforms.venv_executable(v, "python", "macos") == Path("v/bin/python")
    assert platforms.venv_executable(v, "python", "windows") == Path("v/Scripts/python.exe")


def test_bundle_paths_match_the_spec():
    d = Path("dist")
    win = platforms.bundle_paths(d, "windows")
    assert win["window"] == Path("dist/harp-towers/harp-towers.exe")
    assert win["cli"] == Path("dist/harp-towers/harp-towers-cli.exe")
    mac = platforms.bundle_paths(d, "macos")
    assert mac["top"] == Path("dist/Harp & Towers.app")
    assert mac["cli"] == mac["window"] == Path("dist/Harp & Towers.app/Contents/MacOS/harp-towers")
    assert platforms.bundle_paths(d, "linux")["cli"] == Path("dist/harp-towers/harp-towers")
    # the names are the spec's: EXE(name=...) and BUNDLE(name=...)
    spec = (Path(__file__).resolve().parents[1] / "packaging" / "harp-towers.spec").read_text()
    for name in ('name="harp-towers"', 'name="harp-towers-cli"', 'name="Harp & Towers.app"'):
        assert name in spec


@linux_only
def test_a_second_lock_on_the_same_file_is_refused(tmp_path):
    path = tmp_path / "instance.lock"
    with open(path, "a+b") as first, open(path, "a+b") as second:
        assert platforms.try_lock(first, "linux") is True
        assert platforms.try_lock(second, "linux") is False
    with open(path, "a+b") as third:          # closed: the lock went with the file
        assert platforms.try_lock(third, "linux") is True


def test_the_windows_lock_asks_msvcrt_for_one_byte_without_waiting(tmp_path, monkeypatch):
    calls = []
    held = set()

    def locking(fd, mode, nbytes):
        calls.append((mode, nbytes))
        if held:
            raise OSError("locked")
        held.add(fd)

    monkeypatch.setitem(sys.modules, "msvcrt",
                        types.SimpleNamespace(LK_NBLCK=2, locking=locking))
    with open(tmp_path / "l", "a+b") as f:
        f.write(b"x")
        assert platforms.try_lock(f, "windows") is True
        assert f.tell() == 0                   # the locked byte is the first one
        assert platforms.try_lock(f, "windows") is False
    assert calls == [(2, 1), (2, 1)]


def test_thai_system_fonts():
    assert "Leelawadee UI" in platforms.thai_system_fonts("windows")
    assert "Thonburi" in platforms.thai_system_fonts("macos")
    assert platforms.thai_system_fonts("linux") == ()


@linux_only
def test_fontconfig_sees_thai_fonts_or_their_absence(tmp_path):
    families = platforms.fontconfig_thai_families()
    if families is None:
        pytest.skip("no fc-list")
    # tools/setup.sh installs fonts-thai-tlwg: its Loma covers Thai
    assert "Loma" in families
    empty = tmp_path / "none.conf"
    empty.write_text('<?xml version="1.0"?><fontconfig><cachedir>'
                     f'{tmp_path}/c</cachedir></fontconfig>')
    assert platforms.fontconfig_thai_families({"FONTCONFIG_FILE": str(empty),
                                               "PATH": "/usr/bin:/bin"}) == []


@pytest.mark.parametrize(("on", "env", "nodes", "want"), [
    ("linux", {}, [], "software"),
    ("linux", {}, ["/dev/dri/renderD128"], "gpu"),
    ("linux", {"HARP_TOWERS_RENDERER": "gpu"}, [], "gpu"),
    ("linux", {"HARP_TOWERS_RENDERER": "software"}, ["/dev/dri/renderD128"], "software"),
    ("linux", {"QT_QUICK_BACKEND": "rhi"}, [], "preset"),
    ("windows", {}, [], "gpu"),
    ("macos", {}, [], "gpu"),
    ("windows", {"HARP_TOWERS_RENDERER": " Software "}, [], "software"),
    ("macos", {"HARP_TOWERS_RENDERER": "bogus"}, [], "gpu"),
])
def test_renderer_choice(on, env, nodes, want):
    assert platforms.renderer(on, env, nodes) == want


def test_malloc_arenas_are_limited_on_linux_only_and_never_over_the_users_choice():
    env: dict[str, str] = {}
    assert platforms.limit_malloc_arenas("linux", env) is True
    assert env == {"MALLOC_ARENA_MAX": "2"}
    own = {"MALLOC_ARENA_MAX": "8"}
    assert platforms.limit_malloc_arenas("linux", own) is False and own == {"MALLOC_ARENA_MAX": "8"}
    for other in ("windows", "macos"):
        env = {}
        assert platforms.limit_malloc_arenas(other, env) is False and env == {}
