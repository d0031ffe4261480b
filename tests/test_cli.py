"""``python -m harptowers replay CODE "MOVES" --json`` in a subprocess (DESIGN.md notation,
APP-07, APP-13: the command line's English)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harptowers.cli.replay import replay

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "backend") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "harptowers", "replay", *args],
                          capture_output=True, text=True, env=env, timeout=60, cwd=ROOT)


@pytest.mark.rule("APP-07", "EH-19")
@pytest.mark.parametrize("code, moves", [
    ("EH1-N-AAAAAAF", "t3-t1 s s s"),          # deal 5: 9C onto TH, three draws
    ("EH1-N-AAAAAAF", ""),
    ("SH1-C4-AAAAAJ2", "t6-f c1-t5 t7-t2"),   # deal 314: AD home, 9D onto TD, 7D onto 8D
    ("sh1 c1 aaaaaj2", "t6-f3"),
])
def test_replay_json_equals_the_in_process_replay(code, moves):
    p = run(code, moves, "--json") if moves else run(code, "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    game, refused = replay(code, moves)
    assert refused is None
    assert out == game.replay_json()
    assert out["moves"] == len(moves.split())


@pytest.mark.rule("APP-07")
def test_moves_may_be_given_as_separate_arguments():
    p = run("EH1-N-AAAAAAF", "t3-t1", "s", "--json")
    assert p.returncode == 0
    assert json.loads(p.stdout) == replay("EH1-N-AAAAAAF", "t3-t1 s")[0].replay_json()


@pytest.mark.rule("APP-13", "EH-05", "EH-04")
@pytest.mark.parametrize("moves, index, move, rule", [
    ("t3-t1 s t1:2-t6", 2, "t1:2-t6", "EH-05"),    # TH 9C is a run of two
    ("t3-t1 t6-t1", 1, "t6-t1", "EH-04"),          # JD onto 9C
    ("t9-f", 0, "t9-f", "EH-09"),                  # 2S: no Ace yet
])
def test_a_refused_move_exits_1_with_the_position_before_it(moves, index, move, rule):
    p = run("EH1-N-AAAAAAF", moves, "--json")
    assert p.returncode == 1, p.stderr
    out = json.loads(p.stdout)
    assert set(out) == {"refused", "position"}
    assert set(out["refused"]) == {"index", "move", "rule", "message"}
    assert (out["refused"]["index"], out["refused"]["move"], out["refused"]["rule"]) == \
        (index, move, rule)
    assert out["refused"]["message"].startswith(rule + ": ")
    before = " ".join(moves.split()[:index])
    assert out["position"] == replay("EH1-N-AAAAAAF", before)[0].replay_json()


@pytest.mark.rule("SH-04", "APP-13")
def test_seahaven_refusal_on_the_command_line():
    # deal 314: 7H (t3) onto TD (t5) is not the same suit
    p = run("SH1-C4-AAAAAJ2", "t3-t5", "--json")
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["refused"]["rule"] == "SH-04" and out["refused"]["index"] == 0


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("args, quoted", [
    (["EH1-C4-AAAAAAF", "s"], "'C4'"),
    (["XH1-N-AAAAAAF"], "'XH'"),
    (["EH1-N-AAAAAAA"], "'AAAAAAA'"),
    (["SH1-C4-AAAAA0B"], "'0'"),
    (["5"], "'5'"),                                    # a bare number needs a game here
    (["EH1-N-AAAAAAF", "t3-t1 x9 s"], "'x9'"),         # a bad move string
    (["EH1-N-AAAAAAF", "t3-t1 t3:-t1"], "'t3:-t1'"),
    (["EH1-N-AAAAAAF", "t11-t1"], "'t11'"),            # a pile Easy Harp lacks
    (["SH1-C2-AAAAAJ2", "t1-c3"], "'c3'"),             # a cell a C2 game lacks
    (["SH1-C4-AAAAAJ2", "s"], "'s'"),                  # Seahaven has no stock
])
def test_bad_input_exits_2_with_one_line_quoting_the_bad_part(args, quoted):
    p = run(*args, "--json")
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert p.stdout == ""
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert "Traceback" not in p.stderr
    assert quoted in lines[0], lines[0]


@pytest.mark.rule("APP-07")
def test_text_output_without_json():
    p = run("EH1-N-AAAAAAF", "t3-t1")
    assert p.returncode == 0
    assert p.stdout.startswith("EH1-N-AAAAAAF  score 5  moves 1")
