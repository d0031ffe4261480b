"""What the statistics cost an action (issue 16): a draw or an undo through the bridge,
saved and journaled, with empty statistics and with the largest they grow to (50 history
rows, every day of 36 months won in every game and variant); median of 300 calls; the size
of the saved document.

    .venv/bin/python bench/stats_size.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import _common  # noqa: F401  (sets sys.path)

from harptowers import storage  # noqa: E402
from harptowers.api import Api  # noqa: E402


def largest() -> dict:
    s = storage.default_stats()
    for i in range(storage.HISTORY_MAX):
        s = storage.record_start(s, "easy-harp/N", f"g{i}")
        s = storage.record_abandon(s, f"g{i}", score=1, seconds=61.5, moves=30,
                                   code="EH1-N-AAAAAAB", day="2026-11-01")
    s["daily_won"] = {k: {f"{2024 + i // 12}-{i % 12 + 1:02d}": (1 << 31) - 1
                          for i in range(36)} for k in storage.STATS_KEYS}
    return s


def main() -> None:
    for label, stats in (("empty", storage.default_stats()), ("largest", largest())):
        with tempfile.TemporaryDirectory() as d:
            saver = storage.Saver(Path(d))
            api = Api("EH1-N-AAAAAAF", saver=saver)
            api._session.stats = stats
            api.stock()
            times = []
            for i in range(300):
                t0 = time.perf_counter()
                api.stock() if i % 2 == 0 else api.undo()
                times.append(time.perf_counter() - t0)
            size = len(storage.encode(api._session.document()))
            saver.close()
        print(f"{label:>8} statistics: action median {statistics.median(times) * 1000:.2f} ms, "
              f"document {size:,d} bytes")


if __name__ == "__main__":
    main()
