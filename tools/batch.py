"""Batches on Dask distributed (issue 39): the deal batches (tools/winnable_batch.py) and the
hints bench (bench/hints_follow.py) hand their calls to a Dask cluster: by default a local
one, a process per core on this machine; with ``--scheduler ADDRESS``, a cluster spread over
many machines:

    .venv/bin/dask scheduler                               # one machine; prints tcp://HOST:8786
    .venv/bin/dask worker tcp://HOST:8786 --nworkers 2 --nthreads 1   # each machine
    .venv/bin/python tools/winnable_batch.py freecell S 1 32000 --scheduler tcp://HOST:8786

Each worker runs where the same version of Harp & Towers is installed (a checkout of the
same commit set up with ``bash tools/setup.sh``): a call is a function of the package, such
as ``harptowers.engine.solvers.deals.solve_deal``, never one of a tool's own. The results come back to the machine that started the batch,
which writes every row. The workers may start processes of their own (a deal's search on
more cores), so they are not daemons.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import dask
from distributed import Client, LocalCluster, as_completed


@contextmanager
def cluster(scheduler: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A client of the cluster at ``scheduler``, or of a local cluster of ``workers``
    processes (default: one per core), one thread each, closed at the end."""
    if scheduler:
        with Client(scheduler) as cl:
            yield cl
        return
    with dask.config.set({"distributed.worker.daemon": False}), \
            LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                         processes=True, dashboard_address=None) as lc, Client(lc) as cl:
        yield cl


def results(cl: Client, fn: Callable[..., Any], calls: list[tuple], what: str = "calls",
            bar: Callable[[str], None] | None = None) -> Iterator[Any]:
    """``fn(*args)`` for each tuple of ``calls`` on the cluster, each result as it comes (in
    the order they finish), with a progress bar on standard error."""
    progress = Progress(len(calls), what, bar)
    futures = [cl.submit(fn, *args, pure=False) for args in calls]
    for f in as_completed(futures):
        r = f.result()
        f.release()
        progress.step()
        yield r
    progress.end()


class Progress:
    """``[#####.....] 512/1000 deals, 2.1/s, 4 min left``: redrawn in place on a terminal,
    a line at each tenth otherwise (a log file)."""

    WIDTH = 30

    def __init__(self, total: int, what: str, out: Callable[[str], None] | None = None) -> None:
        self.total, self.what, self.k, self.t0 = total, what, 0, time.monotonic()
        self.tty = out is None and sys.stderr.isatty()
        self.out = out or self._write
        self.shown = -1

    def _write(self, line: str) -> None:
        sys.stderr.write(("\r" + line) if self.tty else line + "\n")
        sys.stderr.flush()

    def line(self) -> str:
        full = int(self.WIDTH * self.k / self.total) if self.total else self.WIDTH
        rate = self.k / max(time.monotonic() - self.t0, 1e-9)
        left = f", {(self.total - self.k) / rate / 60:.0f} min left" if rate and self.k < self.total else ""
        return (f"[{'#' * full}{'.' * (self.WIDTH - full)}] {self.k}/{self.total} {self.what}, "
                f"{rate:.1f}/s{left}")

    def step(self) -> None:
        self.k += 1
        tenth = 10 * self.k // max(self.total, 1)
        if self.tty or tenth != self.shown:
            self.shown = tenth
            self.out(self.line())

    def end(self) -> None:
        if self.tty:
            sys.stderr.write("\n")
