"""Every input answers short and without raising (issue 41, items 3 to 5): an unknown game
beside a bare number, a megabyte paste, a bad hint argument, a megabyte bad value."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from harptowers import api as api_module
from harptowers.api import Api

EH5 = "EH1-N-AAAAAAF"
MB = 1024 * 1024
BACKEND = Path(__file__).resolve().parents[1] / "backend"


@pytest.mark.parametrize("method, arg", [
    ("read_code", {"text": "999999", "game": "N"}),
    ("read_code", {"text": "42", "game": "easy-harp", "variant": "C9"}),
    ("new_game", {"code": "999999", "game": "N"}),
    ("new_game", {"code": "42", "game": "seahaven-towers", "variant": "N"}),
])
def test_a_bare_number_of_an_unknown_game_is_a_bad_argument(method, arg):
    api = Api(EH5)
    answer = getattr(api, method)(arg)  # raised KeyError before
    assert answer["ok"] is False and answer["error"]["code"] == "bad-argument"
    assert answer["state"]["code"] == EH5


@pytest.mark.parametrize("method, key", [("read_code", "text"), ("new_game", "code")])
def test_a_megabyte_paste_is_refused_before_it_is_read(method, key, monkeypatch):
    def never(*_a, **_k):
        raise AssertionError("the paste was read")

    api = Api(EH5)
    monkeypatch.setattr("harptowers.session.parse_code", never)
    answer = getattr(api, method)({key: "A" * MB})
    assert answer["ok"] is False
    assert answer["error"]["code"] == "invalid-code" and answer["error"]["reason"] == "too-long"
    assert len(answer["error"]["part"]) == 40 and answer["error"]["part"].endswith("…")
    assert answer["state"]["code"] == EH5


def test_a_long_paste_under_the_limit_is_still_read():
    text = " " * (api_module.MAX_PASTE - 20) + "EH1-N-AAAAAAF"
    assert Api(EH5).read_code({"text": text})["code"] == EH5


@pytest.mark.parametrize("method, arg", [
    ("settings", {"interactive_rules": {"k": "A" * MB}}),
    ("settings", {"four_colour": "B" * MB}),
    ("settings", {"C" * MB: True}),
    ("settings", {"winnable_only": {"D" * MB: True}}),
    ("statistics", {"key": "E" * MB}),
    ("new_game", {"game": "F" * MB}),
    ("new_game", {"mode": "G" * MB}),
    ("play", {"from": "H" * MB, "index": 0, "to": "t1"}),
    ("open_example", {"name": "I" * MB}),
    ("tap", {"pile": ["J" * MB] * 3, "index": 0}),
    ("clock", {"elapsed_ms": [1] * MB}),
])
def test_an_error_quotes_at_most_about_a_hundred_characters_of_the_bad_value(method, arg):
    answer = getattr(Api(EH5), method)(arg)
    assert answer["ok"] is False and answer["error"]["code"] == "bad-argument"
    message = answer["error"]["message"]
    assert len(message) <= 250, len(message)
    assert len(max(message.split(), key=len)) <= 110


def test_a_hint_with_a_bad_argument_does_not_import_the_solver():
    script = (
        "import sys\n"
        "import harptowers.api as m\n"
        "m._warmed = True\n"  # no warming thread: only the call itself could import
        "a = m.Api('EH1-N-AAAAAAF')\n"
        "r = a.hint({'x': 1})\n"
        "assert r['error']['code'] == 'bad-argument', r\n"
        "print('harptowers.hints.service' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env={"PYTHONPATH": str(BACKEND), "PATH": "/usr/bin:/bin"},
                         timeout=60, check=True)
    assert out.stdout.strip() == "False"


def test_the_hint_service_is_imported_in_the_background():
    script = (
        "import sys, threading\n"
        "import harptowers.api as m\n"
        "m.Api('EH1-N-AAAAAAF')\n"
        "for t in threading.enumerate():\n"
        "    if t is not threading.main_thread(): t.join(30)\n"
        "print('harptowers.hints.service' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env={"PYTHONPATH": str(BACKEND), "PATH": "/usr/bin:/bin"},
                         timeout=60, check=True)
    assert out.stdout.strip() == "True"
