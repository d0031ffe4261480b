"""Hostile bridge calls (issue 41, items 4 and 5): the time of a megabyte paste in
``read_code`` and ``new_game``, of a megabyte bad value in ``settings``, and of the first
``hint`` of a process with a bad argument (median of 7 runs; the hint in a fresh process).

    .venv/bin/python bench/bridge_hostile.py

Targets: every call under 20 ms after the first of its kind (docs/durability.md promises
under 40 ms for a paste); the first bad hint well under the solver's import (~70 ms).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from _common import ROOT  # sets sys.path

from harptowers.api import Api  # noqa: E402

MB = 1024 * 1024
CALLS = {
    "read_code 1 MB of A": ("read_code", {"text": "A" * MB}),
    "new_game 1 MB of A": ("new_game", {"code": "A" * MB}),
    "read_code 1 MB of 7": ("read_code", {"text": "7" * MB}),
    "settings 1 MB bad value": ("settings", {"interactive_rules": {"k": "A" * MB}}),
    "play 1 MB pile": ("play", {"from": "A" * MB, "index": 0, "to": "t1"}),
}
FIRST_HINT = ("import sys, time; sys.path.insert(0, sys.argv[1]); import harptowers.api as m;"
              "m._warmed = True; a = m.Api('EH1-N-AAAAAAF'); t = time.perf_counter();"
              "a.hint({'x': 1}); print((time.perf_counter() - t) * 1000)")


# every bridge method with a megabyte string in each argument it takes (and an unknown one)
ARGS = {"state": [], "new_game": ["code", "game", "variant", "mode"], "dismiss": [],
        "play": ["from", "to"], "tap": ["pile"], "double_tap": ["pile"], "stock": [],
        "undo": [], "redo": [], "hint": [], "settings": ["language", "deck", "felt"],
        "statistics": ["key"], "read_code": ["text", "game", "variant"], "clock": [],
        "examples": [], "open_example": ["name"], "example_step": [], "leave_example": []}


def every_method() -> float:
    """The slowest answer of any method to a megabyte string (after a first call)."""
    api = Api("EH1-N-AAAAAAF")
    worst, where = 0.0, ""
    for method, keys in ARGS.items():
        for key in keys + ["A" * 64]:
            arg = {key: "B" * MB}
            getattr(api, method)(arg)
            t0 = time.perf_counter()
            answer = getattr(api, method)(arg)
            took = time.perf_counter() - t0
            assert len(str(answer.get("error", {}).get("message", ""))) < 500, (method, key)
            if took > worst:
                worst, where = took, f"{method}({key[:10]!r})"
    print(f"{'slowest 1 MB argument':26s} {worst * 1000:6.2f} ms in {where}")
    return worst


def main() -> None:
    every_method()
    api = Api("EH1-N-AAAAAAF")
    for name, (method, arg) in CALLS.items():
        getattr(api, method)(arg)  # the first call of its kind
        times = []
        for _ in range(7):
            t0 = time.perf_counter()
            answer = getattr(api, method)(arg)
            times.append(time.perf_counter() - t0)
        size = len(str(answer.get("error", {}).get("message", "")))
        print(f"{name:26s} median {statistics.median(times) * 1000:6.2f} ms, "
              f"max {max(times) * 1000:6.2f} ms, message {size} chars")
    firsts = [float(subprocess.run([sys.executable, "-c", FIRST_HINT, str(ROOT / "backend")],
                                   capture_output=True, text=True, check=True).stdout)
              for _ in range(3)]
    print(f"{'first hint, bad argument':26s} median {statistics.median(firsts):6.2f} ms")


if __name__ == "__main__":
    main()
