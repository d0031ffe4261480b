"""Deal codes against hostile pastes (issue 14, items 1 and 4): the reader is linear in the
length of the text, and a bare number of any length is an invalid-code answer, never a crash.

The timing check runs in a child process with a deadline, so that a reader that is not
linear fails the test instead of hanging it; the bound is a complexity check (ten times the
text may cost at most 50 times the time and 50 ms more, where linear is 10 and quadratic 100;
the margin is for a busy machine) plus one
absolute bound with a large margin (the whole set of 1 MB texts in under 10 s; the target
is 50 ms each, bench/ is where the figures are measured).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from harptowers.engine import DealCode, InvalidCode, parse_code

EH = "easy-harp"

# name → (repeated unit, head, tail): texts that took cubic or quadratic time before
SHAPES = {
    "spaces-and-dashes-in-a-near-code": (" -", "EH1", "N" + " -" * 50 + "!"),
    "separator-runs": (" -", "", "!"),
    "spaces": (" ", "", "x"),
    "dashes": ("-", "", "x"),
    "digits-and-spaces": ("1 ", "", "x"),
    "digits": ("1", "AB", "x"),
    "code-heads": ("E H 1 ", "", ""),
    "near-codes": ("EH1-N-", "", ""),
    "unicode-dashes-and-newlines": ("a -\n\t\u2013", "", ""),
}

_CHILD = r"""
import json, sys, time
from harptowers.engine import InvalidCode, parse_code
shapes = json.loads(sys.argv[1])
out = {}
for name, (unit, head, tail) in shapes.items():
    times = []
    for size in (100_000, 1_000_000):
        text = head + unit * (size // len(unit)) + tail
        best = None
        for _ in range(5):
            t0 = time.perf_counter()
            try:
                parse_code(text, "easy-harp", "N")
            except InvalidCode:
                pass
            t = time.perf_counter() - t0
            best = t if best is None else min(best, t)
        times.append(best)
    out[name] = times
print(json.dumps(out))
"""


def test_the_reader_is_linear_in_the_length_of_any_text():
    try:
        run = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(SHAPES)],
                             capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("reading 1 MB texts did not finish within 60 s")
    assert run.returncode == 0, run.stderr
    times = json.loads(run.stdout)
    for name, (small, large) in times.items():
        assert large < 50 * small + 0.05, f"{name}: 100 kB {small:.4f} s, 1 MB {large:.4f} s"
    assert sum(large for _, large in times.values()) < 10, times


@pytest.mark.parametrize("digits", [4_301, 5_000, 100_000])
def test_a_bare_number_of_thousands_of_digits_is_out_of_range(digits):
    text = "9" * digits
    with pytest.raises(InvalidCode) as e:
        parse_code(text, EH, "N")
    assert e.value.reason == "out-of-range"
    assert len(str(e.value)) < 200 and len(e.value.part) <= 40  # the paste is not echoed whole


def test_leading_zeros_do_not_make_a_number_long():
    assert parse_code("0" * 5_000 + "17", EH, "N") == DealCode(EH, "N", 17)
    assert parse_code("# 000 012", EH, "N") == DealCode(EH, "N", 12)
    with pytest.raises(InvalidCode) as e:
        parse_code("0" * 5_000, EH, "N")
    assert e.value.reason == "out-of-range"


def test_a_code_after_a_long_run_of_separators_is_still_found():
    text = " -" * 200_000 + " EH1-N-AAAAAAF " + "\n" * 200_000
    assert parse_code(text) == DealCode(EH, "N", 5)
    assert parse_code("E H 1 - N - A A A A A A F") == DealCode(EH, "N", 5)


def test_a_near_code_with_a_long_number_is_named_short():
    with pytest.raises(InvalidCode) as e:
        parse_code("EH1-N-" + "A" * 100_000)
    assert e.value.reason == "bad-length" and len(e.value.part) <= 40
    with pytest.raises(InvalidCode) as e:
        parse_code("EH" + "7" * 100_000 + "-N-AAAAAAF")
    assert e.value.reason == "unknown-version" and len(str(e.value)) < 200
