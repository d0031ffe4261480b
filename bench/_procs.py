"""The app's processes from /proc: the tree under a pid, its CPU seconds (per process, per
thread) and its memory (smaps_rollup). bench/_common.py re-exports these."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any


def all_pids() -> list[int]:
    """Every process of the machine now."""
    return [int(d.name) for d in Path("/proc").iterdir() if d.name.isdigit()]


def cmdline(pid: int) -> list[bytes] | None:
    """The arguments ``pid`` was started with; None when it is gone."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return None


def children_tree(pid: int) -> list[int]:
    """``pid`` and every descendant (from /proc/*/stat)."""
    parent: dict[int, int] = {}
    for p in all_pids():
        try:
            stat = Path(f"/proc/{p}/stat").read_text()
        except OSError:
            continue
        # the command may hold spaces and parentheses: ppid is the 2nd field after the last ')'
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        parent[p] = ppid
    out = [pid]
    i = 0
    while i < len(out):
        out += [c for c, p in parent.items() if p == out[i]]
        i += 1
    return out


def wait_gone(pids: list[int], timeout: float = 10.0) -> None:
    """Wait until none of ``pids`` is left (an app's renderer and GPU processes outlive its
    main process by a moment): the next start of a bench then begins on a quiet machine
    rather than beside the last one's teardown."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in pids):
        time.sleep(0.02)


def tree_cpu_seconds(pid: int, per_process: bool = False):
    """User + system CPU seconds of ``pid`` and its descendants so far (reaped children
    included through cutime/cstime); with ``per_process`` a dict pid-name → seconds too."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    each: dict[str, float] = {}
    for p in children_tree(pid):
        try:
            stat = Path(f"/proc/{p}/stat").read_text()
        except OSError:
            continue
        f = stat[stat.rindex(")") + 2:].split()
        ticks = int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])
        total += ticks
        each[f"{p} {proc_name(p)}"] = ticks / tick
    return (total / tick, each) if per_process else total / tick


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds so far of every thread of ``pid`` and its descendants, summed by
    "process kind: thread name" (Qt's GUI thread is the python process's MainThread;
    QtWebEngine's browser-side threads — VizCompositorThread, Chrome_InProcGpuThread,
    llvmpipe-N — live in that process too)."""
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[str, float] = {}
    for p in children_tree(pid):
        kind = "python" if p == pid else f"webengine-{p}"
        try:
            tasks = list(Path(f"/proc/{p}/task").iterdir())
        except OSError:
            continue
        for t in tasks:
            try:
                stat = (t / "stat").read_text()
            except OSError:
                continue
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            f = stat[stat.rindex(")") + 2:].split()
            key = f"{kind}: {name}"
            out[key] = out.get(key, 0) + (int(f[11]) + int(f[12])) / tick
    return out


def thread_cpu_delta(before: dict[str, float], after: dict[str, float], top: int = 10) -> dict[str, float]:
    d = {k: after[k] - before.get(k, 0) for k in after}
    return {k: round(v, 3) for k, v in sorted(d.items(), key=lambda kv: -kv[1])[:top] if v > 0}


def proc_name(pid: int) -> str:
    args = cmdline(pid)
    if args is None:
        return "?"
    exe = Path(args[0].decode(errors="replace")).name
    kind = next((a.decode()[7:] for a in args if a.startswith(b"--type=")), "")
    if exe.startswith("python"):
        return "python (harp-towers)"
    return f"{exe} {kind}".strip()


def smaps_rollup(pid: int) -> dict[str, int]:
    """kB fields of /proc/<pid>/smaps_rollup (Rss, Pss, Private_Dirty, Swap, …)."""
    out: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            parts = line.split()
            if len(parts) >= 3 and parts[-1] == "kB":
                out[parts[0].rstrip(":")] = int(parts[1])
    except OSError:
        pass
    return out


def tree_memory(pid: int) -> dict[str, Any]:
    """PSS / RSS / USS / anonymous memory summed over ``pid`` and its descendants (kB)."""
    return pids_memory(children_tree(pid))


def pids_memory(pids: list[int], exclude: tuple[str, ...] = ()) -> dict[str, Any]:
    """PSS / RSS / USS / anonymous memory summed over ``pids`` (kB), with each process;
    processes whose name holds one of ``exclude`` are left out."""
    procs = []
    for p in pids:
        name = proc_name(p)
        if any(e in name for e in exclude):
            continue
        m = smaps_rollup(p)
        if not m:
            continue
        try:
            threads = len(list(Path(f"/proc/{p}/task").iterdir()))
        except OSError:
            threads = 0
        procs.append({"pid": p, "name": name, "pss_kb": m.get("Pss", 0),
                      "rss_kb": m.get("Rss", 0), "private_dirty_kb": m.get("Private_Dirty", 0),
                      "uss_kb": m.get("Private_Clean", 0) + m.get("Private_Dirty", 0),
                      "anon_kb": m.get("Anonymous", 0), "threads": threads})
    # PSS shares every shared page among all its users: other processes mapping the same Qt
    # libraries (another harp-towers, a test run) lower ours. USS (private pages) and
    # Anonymous do not move with them: they are the leak-relevant figures.
    return {"pss_kb": sum(p["pss_kb"] for p in procs), "rss_kb": sum(p["rss_kb"] for p in procs),
            "uss_kb": sum(p["uss_kb"] for p in procs), "anon_kb": sum(p["anon_kb"] for p in procs),
            "processes": procs}


def stop_tree(proc: subprocess.Popen, pids: list[int], every: bool = False) -> None:
    """Stop a started app and wait until all of ``pids`` (its tree) are gone: SIGTERM to
    ``proc`` (``every``: to each of ``pids``, the last born first), then SIGKILL after 10 s."""
    if every:
        _signal(reversed(pids), signal.SIGTERM)
    else:
        proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        if every:
            _signal(pids, signal.SIGKILL)
        else:
            proc.kill()
            proc.wait(5)
    wait_gone(pids)


def _signal(pids, sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except OSError:
            pass
