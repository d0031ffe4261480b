"""native.choose_renderer(): Qt Quick's software scene graph where Mesa would emulate a GPU."""

from __future__ import annotations

import sys

import pytest

from harptowers.desktop import native

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the device check is Linux's")


@linux
def test_no_gpu_device_means_software():
    env: dict[str, str] = {}
    assert native.choose_renderer(env, render_nodes=[]) == "software"
    assert env == {"QT_QUICK_BACKEND": "software"}


@linux
def test_a_render_node_keeps_the_gpu():
    env: dict[str, str] = {}
    assert native.choose_renderer(env, render_nodes=["/dev/dri/renderD128"]) == "gpu"
    assert env == {}


def test_the_player_decides():
    env = {"HARP_TOWERS_RENDERER": "software"}
    assert native.choose_renderer(env, render_nodes=["/dev/dri/renderD128"]) == "software"
    assert env["QT_QUICK_BACKEND"] == "software"
    env = {"HARP_TOWERS_RENDERER": " GPU "}
    assert native.choose_renderer(env, render_nodes=[]) == "gpu"
    assert "QT_QUICK_BACKEND" not in env


def test_a_qt_setting_is_left_alone():
    env = {"QT_QUICK_BACKEND": "opengl", "HARP_TOWERS_RENDERER": "software"}
    assert native.choose_renderer(env, render_nodes=[]) == "preset"
    assert env["QT_QUICK_BACKEND"] == "opengl"
