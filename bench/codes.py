"""Deal-code reading time on hostile pastes (issue 14): each shape at 1 MB, best of 5.

    .venv/bin/python bench/codes.py

Target: every text up to 1 MB answers in under 50 ms.
"""

from __future__ import annotations

import sys
import time

from _common import ROOT  # sets sys.path

sys.path.insert(0, str(ROOT / "tests"))

from harptowers.engine import InvalidCode, parse_code  # noqa: E402
from test_codes_hostile import SHAPES  # noqa: E402

SIZE = 1_000_000


def main() -> None:
    worst = 0.0
    for name, (unit, head, tail) in SHAPES.items():
        text = head + unit * (SIZE // len(unit)) + tail
        best = float("inf")
        for _ in range(5):
            t0 = time.perf_counter()
            try:
                parse_code(text, "easy-harp", "N")
            except InvalidCode:
                pass
            best = min(best, time.perf_counter() - t0)
        worst = max(worst, best)
        print(f"{name:36s} {len(text):>9,d} chars {best * 1000:7.1f} ms")
    print(f"worst {worst * 1000:.1f} ms (target < 50 ms)")


if __name__ == "__main__":
    main()
