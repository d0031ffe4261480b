"""What journaling costs a bridge call (issue 14): ``Saver.submit`` (check, encode, one
journal append) for games of 100, 1 000 and 10 000 actions, median of 200 calls, with the
writer thread running; and the journal line's size.

    .venv/bin/python bench/journal.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import _common  # noqa: F401  (sets sys.path)

from harptowers import storage  # noqa: E402
from harptowers.engine.notation import STOCK_TAP  # noqa: E402
from harptowers.storage import GameRecord  # noqa: E402


def main() -> None:
    for n in (100, 1_000, 10_000):
        rec = GameRecord.start("EH1-N-AAAAAAB")
        while len(rec.actions) < n:
            rec.play(STOCK_TAP) if len(rec.actions) % 2 == 0 else rec.undo()
        with tempfile.TemporaryDirectory() as d:
            saver = storage.Saver(d)
            saver.submit(storage.document(game=rec))
            times = []
            for i in range(200):
                rec.play(STOCK_TAP) if i % 2 == 0 else rec.undo()
                doc = storage.document(game=rec)
                t0 = time.perf_counter()
                saver.submit(doc)
                times.append(time.perf_counter() - t0)
            size = (Path(d) / storage.JOURNAL_NAME).stat().st_size
            saver.close()
        print(f"{n:>6,d} actions: submit median {statistics.median(times) * 1000:.2f} ms, "
              f"p95 {sorted(times)[189] * 1000:.2f} ms; journal {size:,d} bytes when last "
              f"looked (lines are emptied once written)")


if __name__ == "__main__":
    main()
