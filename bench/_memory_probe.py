"""What bench/memory.py reads at each checkpoint: the processes' memory (PSS, USS, anonymous
memory by kind of mapping), the page's counters over CDP (DOM nodes, listeners, JS heap, the
cards and faces drawn), and on request the app's own figures (tracemalloc, glibc's malloc
statistics and trim, Chromium's memory-infra dump, a trim of the renderer); and how many bridge
calls an unpadded app survives."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

from _common import App, smaps_rollup
from _page import end_trace, start_trace


def checkpoint(app: App, page, cdp, done: int, t0: float) -> dict:
    page.wait_for_timeout(600)            # animations and the autosave settle
    cdp.send("HeapProfiler.collectGarbage")
    # caches out too (as the OS would ask under memory pressure): what stays is held
    cdp.send("Memory.simulatePressureNotification", {"level": "critical"})
    page.wait_for_timeout(300)
    top = None
    if app.launcher and os.environ.get("HARP_BENCH_TRACEMALLOC"):
        top = tracemalloc_top(app)
    mem = app.memory()
    kinds = anon_kinds(app.proc.pid)
    if os.environ.get("HARP_BENCH_KEEP_SMAPS"):   # raw /proc/<pid>/smaps of each process, kept
        for p in mem["processes"]:
            try:
                text = Path(f"/proc/{p['pid']}/smaps").read_text()
            except OSError:
                continue
            (app.data_dir / f"smaps-{done}-{p['pid']}.txt").write_text(text)
    infra = chromium_memory(page, mem) if os.environ.get("HARP_BENCH_MEMORY_INFRA") else None
    malloc = None
    if app.launcher and os.environ.get("HARP_BENCH_MALLOC"):
        malloc = ask_app(app, signal.SIGUSR2, "malloc.json")
        if malloc:
            after = app.memory()
            py_after = next((p for p in after["processes"] if p["name"].startswith("python")), {})
            malloc["python_anon_after_trim_kb"] = py_after.get("anon_kb")
            malloc["anon_kinds_after_trim"] = anon_kinds(app.proc.pid)
    trimmed = None
    if os.environ.get("HARP_BENCH_TRIM_RENDERER"):
        trimmed = {}
        for p in mem["processes"]:
            if p["name"].startswith("python") or p["threads"] < 2:
                continue
            # glibc's malloc_trim(0) inside the renderer, through gdb (a second or so)
            subprocess.run(["gdb", "-p", str(p["pid"]), "-batch", "-nx", "-iex", "set auto-load off",
                            "-ex", "call (int)malloc_trim(0)", "-ex", "detach"],
                           capture_output=True, text=True, timeout=120, check=False)
            trimmed[str(p["pid"])] = {"anon_kb": p["anon_kb"],
                                      "anon_after_trim_kb": smaps_rollup(p["pid"]).get("Anonymous")}
    dom = cdp.send("Memory.getDOMCounters")
    heap = cdp.send("Runtime.getHeapUsage")
    page_counts = page.evaluate("""() => {
      const where = {};   // elements by the nearest element with an id or a class (what holds them)
      for (const el of document.getElementsByTagName('*')) {
        let p = el.parentElement;
        while (p && !p.id && !(p.classList.contains('card') || p.classList.contains('pile'))) p = p.parentElement;
        const key = !p ? '(root)' : p.id ? '#' + p.id : p.classList.contains('card') ? '.card' : '.pile';
        where[key] = (where[key] || 0) + 1;
      }
      const down = [...document.querySelectorAll('.card[data-face="down"]')];
      return { elements: document.getElementsByTagName('*').length,
        cards: document.querySelectorAll('.card').length, moves: window.harpTowers.state.moves,
        passes: window.harpTowers.state.passes, elements_under: where,
        face_up: document.querySelectorAll('.card[data-face="up"]').length,
        fronts_on_face_down: down.reduce((n, el) => n + el.querySelectorAll('.front').length, 0),
        fronts: document.querySelectorAll('.card .front').length,
        // the view model's face-up cards, and cards drawn otherwise than the model says
        state_face_up: window.harpTowers.state.piles.reduce((n, p) => n + p.cards.filter((c) => c.up).length, 0),
        mismatched: window.harpTowers.state.piles.flatMap((p) => p.cards.map((c, i) => {
          const el = document.querySelector(`.card[data-id="${c.id}"]`);
          const ok = el && el.dataset.in === p.id && el.dataset.index === String(i)
            && el.dataset.face === (c.up ? 'up' : 'down');
          return ok ? null : `${p.id}:${i}:${c.card || c.id}:${el ? el.dataset.in + ':' + el.dataset.index + ':' + el.dataset.face : 'none'}`;
        })).filter(Boolean) };
    }""")
    save = app.data_dir / "harp-towers.json"
    py = next((p for p in mem["processes"] if p["name"].startswith("python")), {})
    return {"actions": done, "seconds": round(time.perf_counter() - t0, 1),
            "pss_kb": mem["pss_kb"], "rss_kb": mem["rss_kb"], "uss_kb": mem["uss_kb"],
            "anon_kb": mem["anon_kb"],
            "python_uss_kb": py.get("uss_kb"),
            "python_pss_kb": py.get("pss_kb"), "python_threads": py.get("threads"),
            "processes": [{k: p[k] for k in ("name", "pss_kb", "rss_kb", "uss_kb", "anon_kb", "threads")}
                          for p in mem["processes"]],
            "dom_nodes": dom.get("nodes"), "documents": dom.get("documents"),
            "js_listeners": dom.get("jsEventListeners"),
            "js_heap_used_kb": round(heap["usedSize"] / 1024), "elements": page_counts["elements"],
            "cards": page_counts["cards"], "moves": page_counts["moves"],
            "passes": page_counts["passes"], "face_up": page_counts["face_up"],
            "fronts": page_counts["fronts"], "state_face_up": page_counts["state_face_up"],
            "mismatched": page_counts["mismatched"][:20], "fronts_on_face_down": page_counts["fronts_on_face_down"],
            "elements_under": page_counts["elements_under"],
            "save_bytes": save.stat().st_size if save.exists() else None,
            "python_anon_kb": py.get("anon_kb"), "python_anon_kinds": kinds,
            **({"malloc": malloc} if malloc else {}),
            **({"renderer_trim": trimmed} if trimmed else {}),
            **({"chromium_allocators_kb": infra} if infra else {}),
            **({"python_top_allocations": top} if top else {})}


def chromium_memory(page, mem: dict, timeout: float = 30.0) -> dict:
    """Chromium's own accounting (memory-infra, as chrome://tracing shows it): a detailed
    memory dump over CDP (Tracing.requestMemoryDump), kB per top-level allocator (malloc,
    partition_alloc, blink_gc, v8, cc, gpu, skia, discardable, shared_memory …) of each
    process of the tree: "python" (QtWebEngine's browser side lives there) and "renderer"."""
    tr = start_trace(page, {"traceConfig": {
        "includedCategories": ["disabled-by-default-memory-infra"], "excludedCategories": ["*"],
        "memoryDumpConfig": {"triggers": []}}, "transferMode": "ReportEvents"})
    tr[0].send("Tracing.requestMemoryDump", {"deterministic": True, "levelOfDetail": "detailed"})
    chunks = end_trace(page, *tr, timeout=timeout)
    names = {p["pid"]: ("python" if p["name"].startswith("python") else
                        "renderer" if p["threads"] > 1 else f"zygote {p['pid']}")
             for p in mem["processes"]}
    out: dict = {}
    for e in chunks:
        dumps = e.get("args", {}).get("dumps", {}) if e.get("ph") == "v" else {}
        for name, d in dumps.get("allocators", {}).items():
            size = d.get("attrs", {}).get("size", {}).get("value")
            if "/" in name or not size:
                continue
            proc = out.setdefault(names.get(e["pid"], str(e["pid"])), {})
            proc[name] = proc.get(name, 0) + int(size, 16) // 1024
    return out


def anon_kinds(pid: int) -> dict[str, int]:
    """Anonymous kB of one process by kind of mapping (/proc/<pid>/smaps): ``brk`` (glibc's
    main arena), ``arenas`` (glibc's per-thread arenas: 64 MB-aligned heaps with their
    reserved rest), ``stacks`` (thread stacks: an anonymous mapping right above a guard
    page), ``other`` (any other anonymous mmap: large malloc blocks, PartitionAlloc, V8,
    Skia, Qt), and ``maps`` (how many arenas)."""
    maps = []
    cur = None
    try:
        text = Path(f"/proc/{pid}/smaps").read_text()
    except OSError:
        return {}
    for line in text.splitlines():
        head = line.split(None, 5)
        if "-" in head[0] and not head[0].endswith(":"):
            lo, hi = (int(x, 16) for x in head[0].split("-"))
            cur = {"lo": lo, "hi": hi, "perms": head[1], "path": head[5] if len(head) > 5 else "",
                   "anon": 0}
            maps.append(cur)
        elif head[0] == "Anonymous:" and cur is not None:
            cur["anon"] = int(head[1])
    out = {"brk": 0, "arenas": 0, "stacks": 0, "other": 0, "arena_count": 0}
    heap = 64 << 20
    for i, m in enumerate(maps):
        if m["path"] == "[heap]":
            out["brk"] += m["anon"]
        elif m["path"] == "" and m["lo"] % heap == 0 and "rw" in m["perms"] \
                and (m["hi"] - m["lo"] == heap or (i + 1 < len(maps) and maps[i + 1]["lo"] == m["hi"]
                                                   and maps[i + 1]["perms"].startswith("---")
                                                   and maps[i + 1]["hi"] <= m["lo"] + heap)):
            out["arenas"] += m["anon"]
            out["arena_count"] += 1
        elif m["path"] == "" and i and maps[i - 1]["hi"] == m["lo"] \
                and maps[i - 1]["perms"].startswith("---") and maps[i - 1]["hi"] - maps[i - 1]["lo"] == 4096:
            out["stacks"] += m["anon"]
        elif m["anon"]:
            out["other"] += m["anon"]
    return out


def ask_app(app: App, sig: int, name: str, timeout: float = 30.0) -> dict | None:
    """Send ``sig`` to the app (started through bench/_launch.py) and read the JSON file
    ``name`` its handler writes into the data folder."""
    out = app.data_dir / name
    out.unlink(missing_ok=True)
    os.kill(app.proc.pid, sig)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if out.exists():
            try:
                return json.loads(out.read_text())
            except ValueError:
                pass
        time.sleep(0.1)
    return None


def tracemalloc_top(app: App, timeout: float = 30.0) -> list | None:
    """Ask the app (started through bench/_launch.py with HARP_BENCH_TRACEMALLOC=1) for its
    largest Python allocations by line (SIGUSR1 → a JSON file)."""
    return ask_app(app, signal.SIGUSR1, "tracemalloc.json", timeout)


def calls_until_abort(pw, limit: int = 20_000) -> dict:
    """The real ``harp-towers`` script, ``pywebview.api.state()`` in a loop from the page
    until the app dies or ``limit`` calls: how many bridge calls a session survives."""
    app = App(pw, "EH1-N-AAAAAAF")
    out: dict = {"limit": limit}
    try:
        app.start()
        page = app.attach()
        n = 0
        try:
            while n < limit:
                page.evaluate("async () => { for (let i = 0; i < 100; i++) await window.pywebview.api.state(); }")
                n += 100
        except Exception as e:
            out["error"] = f"{type(e).__name__}"
        out["calls_survived"] = n
        time.sleep(0.5)
        out["exit_status"] = app.proc.poll()
        out["fatal"] = next((ln for ln in app.log_text().splitlines() if ln.startswith("Fatal")), None)
    finally:
        app.stop(quiet=True)
    return out
