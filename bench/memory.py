"""Memory of the whole app over a long session: proportional set size (PSS, from
/proc/<pid>/smaps_rollup) of the Python process and every QtWebEngineProcess below it,
after 500 actions and its growth from 500 to 5 000 actions (budget: growth < 10 MB).

    .venv/bin/python bench/memory.py [--actions 5000] [--first 500] [--every 500]

The actions are real mouse input (the Xvfb's pointer through XTest; ``--input cdp``:
Playwright's mouse) on the Easy Harp position of
positions.harp_single, in a repeating cycle of five: a stock tap, the single-card move
(drag), Undo (button), a stock tap, Undo (button) — so the stock keeps turning over with
redeals, the undo history stays at its 100-action cap, and every action autosaves.
At each checkpoint (after ``--first`` actions, then every ``--every``): the page's garbage is
collected (CDP HeapProfiler.collectGarbage), then PSS/RSS per process, the renderer's DOM
counters (CDP Memory.getDOMCounters: nodes including detached ones, listeners), the
elements in the document, the JS heap, Python's thread count and the save file's size;
the anonymous memory of the Python process by kind of mapping (glibc's main arena, its
per-thread arenas, thread stacks, other mmaps), and on the page the face-up cards (the
view model's and the drawn ones) and where the elements are. The stock holds 58 cards,
so a pass is 59 taps and the cycle's net draw of one card per five actions moves the
phase on by one card every 295 actions: the waste, and with it the face-up cards and the
elements, grow slowly over a run (game state, not a leak).

First it counts how many bridge calls the real ``harp-towers`` survives (``state()`` in a
loop, up to 20 000): with PySide6 6.12.0 on Python 3.11 the app aborted after some
1 500-2 000 calls ("Fatal Python error: bool_dealloc", a reference-count bug on the
``runJavaScript`` path pywebview answers every call with; pyproject now pins 6.11.3). When
it aborts, the measured app is started through bench/_launch.py with the None/True/False
reference counts padded, so the 5 000 actions can be measured at all (``--no-guard``:
never).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from _common import (App, emit, ensure_display, loadavg, machine, parser, save_position,
                     smaps_rollup, summary, table, verdict)
import _page as P
import _rivals
import positions
from actions import card_at

BUDGET_GROWTH_MB = 10.0


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
    cdp = page.context.new_cdp_session(page)
    chunks: list = []
    done = {"v": False}
    cdp.on("Tracing.dataCollected", lambda p: chunks.extend(p["value"]))
    cdp.on("Tracing.tracingComplete", lambda p: done.update(v=True))
    cdp.send("Tracing.start", {"traceConfig": {
        "includedCategories": ["disabled-by-default-memory-infra"], "excludedCategories": ["*"],
        "memoryDumpConfig": {"triggers": []}}, "transferMode": "ReportEvents"})
    cdp.send("Tracing.requestMemoryDump", {"deterministic": True, "levelOfDetail": "detailed"})
    cdp.send("Tracing.end")
    deadline = time.monotonic() + timeout
    while not done["v"] and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    cdp.detach()
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


def main(argv=None) -> dict:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=5000)
    p.add_argument("--first", type=int, default=500)
    p.add_argument("--every", type=int, default=500)
    p.add_argument("--input", choices=("xtest", "cdp"), default="xtest",
                   help="xtest: the X pointer of the (private) Xvfb (default); cdp: Playwright's mouse")
    p.add_argument("--no-guard", action="store_true",
                   help="run the real script without the refcount padding (see bench/_launch.py): "
                        "on Python < 3.12 the app then aborts after ~1 500-2 000 bridge calls")
    p.add_argument("--no-crash-check", action="store_true",
                   help="skip counting the bridge calls an unpadded app survives")
    p.add_argument("--tracemalloc", action="store_true",
                   help="trace Python allocations in the app (slower) and list the largest "
                        "allocation sites at each checkpoint, and what grew since the start "
                        "(HARP_BENCH_TRACEMALLOC_FRAMES=N: N frames per traceback, default 1)")
    p.add_argument("--malloc", action="store_true",
                   help="at each checkpoint also ask the app for glibc's malloc statistics, then "
                        "malloc_trim(0), and measure again: what the trim gives back is allocator "
                        "high-water, not a leak (starts the app through bench/_launch.py; the trims "
                        "change what later checkpoints find: compare the after-trim figures)")
    p.add_argument("--memory-infra", action="store_true",
                   help="at each checkpoint also take Chromium's memory dump (memory-infra over "
                        "CDP): kB per allocator (malloc, partition_alloc, blink_gc, v8, cc, gpu …) "
                        "per process")
    p.add_argument("--trim-renderer", action="store_true",
                   help="at each checkpoint also call glibc's malloc_trim(0) in each QtWebEngine "
                        "renderer through gdb and measure its anonymous memory again (compare "
                        "the after-trim figures)")
    p.add_argument("--keep-smaps", action="store_true",
                   help="keep /proc/<pid>/smaps of every process at each checkpoint in the data "
                        "folder (smaps-<actions>-<pid>.txt; with --data-dir)")
    p.add_argument("--app-env", action="append", default=[], metavar="NAME=VALUE",
                   help="an environment variable for the app, e.g. MALLOC_ARENA_MAX=2 (repeatable)")
    p.add_argument("--data-dir", help="the app's data folder (kept, with app.log); default: a "
                                      "temporary one")
    p.add_argument("--no-rivals", action="store_true",
                   help="without the bare pywebview page and Aisleriot measured beside ours at the end")
    p.add_argument("--gap", type=float, default=0.25,
                   help="seconds to wait before a drag (the previous undo's animation ends)")
    args = p.parse_args(argv)
    ensure_display()
    from playwright.sync_api import sync_playwright

    pos = positions.harp_single()
    result = {"bench": "memory", "machine": machine(),
              "settings": {"actions": args.actions, "first": args.first, "every": args.every},
              "position": pos}
    with sync_playwright() as pw:
        if not args.no_crash_check:
            result["crash_check"] = calls_until_abort(pw)
            print(f"   unpadded app: {result['crash_check']}", file=sys.stderr, flush=True)
        if args.tracemalloc:
            os.environ["HARP_BENCH_TRACEMALLOC"] = "1"
        if args.malloc:
            os.environ["HARP_BENCH_MALLOC"] = "1"
        if args.trim_renderer:
            os.environ["HARP_BENCH_TRIM_RENDERER"] = "1"
        if args.keep_smaps:
            os.environ["HARP_BENCH_KEEP_SMAPS"] = "1"
        if args.memory_infra:
            os.environ["HARP_BENCH_MEMORY_INFRA"] = "1"
        for item in args.app_env:
            name, _, value = item.partition("=")
            os.environ[name] = value
        result["settings"]["app_env"] = args.app_env
        crashed = bool(result.get("crash_check", {}).get("exit_status"))
        app = App(pw, data_dir=args.data_dir, refcount_guard=not args.no_guard,
                  launcher=args.tracemalloc or args.malloc)
        if crashed and not args.no_guard and not app.refcount_guard:   # an unknown version
            app = App(pw, data_dir=args.data_dir, launcher=True)
            app.refcount_guard = True
        result["refcount_guard"] = app.refcount_guard
        save_position(app.data_dir, pos["code"], pos["moves"])
        try:
            app.start()
            page = app.attach()
            cdp = app.cdp()
            cdp.send("HeapProfiler.enable")
            P.install(page)
            P.settle(page, 3)
            mouse = P.mouse_for(page, args.input)
            pause = 0.008 if mouse.name == "xtest" else 0.0
            result["settings"]["input"] = mouse.name
            lay = P.layout(page)
            start = P.grab_point(lay, pos["src"], pos["index"])
            end = P.drop_point(lay, pos["dst"])
            s = lay["piles"]["s"]
            stock_pt = (s["x"] + s["w"] / 2, s["y"] + s["h"] / 2)
            ub = page.get_by_test_id("btn-undo").bounding_box()
            undo_pt = (ub["x"] + ub["width"] / 2, ub["y"] + ub["height"] / 2)
            t0 = time.perf_counter()
            points = [checkpoint(app, page, cdp, 0, t0)]
            marks = [args.first] + list(range(args.first + args.every, args.actions + 1, args.every))
            done = 0
            last_undo = 0.0

            move_expect = card_at(pos["src"], pos["index"], pos["dst"],
                                  len(lay["cards"][pos["dst"]]))

            def act(kind: str) -> dict | None:
                nonlocal last_undo
                if kind != "move":
                    P.arm(page, kind)
                if kind == "move":
                    wait = args.gap - (time.perf_counter() - last_undo)
                    if wait > 0:
                        time.sleep(wait)
                    P.still(page, pos["src"], pos["index"])
                    P.arm(page, kind, move_expect)
                    P.drag(mouse, start, end, steps=4, pause=pause)
                elif kind == "stock":
                    P.click(mouse, stock_pt, pause)
                else:
                    P.click(mouse, undo_pt, pause)
                    last_undo = time.perf_counter()
                # the answer is drawn before the next action (keeps the hit-testing honest)
                return P.wait(page, 5000)

            cycle = ["stock", "move", "undo", "stock", "undo"]
            window: list[float] = []
            timeouts = failed_moves = 0
            result["checkpoints"] = points
            while done < args.actions:
                try:
                    rec = act(cycle[done % len(cycle)])
                except Exception as e:   # the app or its page died: keep what was measured
                    result["error"] = f"after {done} actions: {type(e).__name__}: {e}"[:500]
                    result["app_exit_status"] = app.proc.poll()
                    result["app_log_tail"] = app.log_text().splitlines()[-200:]
                    result["console_tail"] = app.console[-20:]
                    break
                done += 1
                if not rec or rec.get("timeout") or rec.get("dom") is None:
                    timeouts += 1
                else:
                    if rec.get("label") == "move" and not rec.get("ok"):
                        failed_moves += 1
                    window.append(rec["dom"] - rec["ts"])
                if done in marks:
                    points.append(checkpoint(app, page, cdp, done, t0))
                    points[-1]["latency_ms_since_last"] = summary(window)
                    print(f"   {done} actions: PSS {points[-1]['pss_kb'] / 1024:.1f} MB, "
                          f"p50 {points[-1]['latency_ms_since_last'].get('p50')} ms", file=sys.stderr,
                          flush=True)
                    window = []
            result["actions_without_render"] = timeouts
            result["moves_not_landed"] = failed_moves
            # every stock tap and move counts one move, undos none: all accepted?
            counted = sum(1 for i in range(done) if cycle[i % len(cycle)] != "undo")
            result["moves_check"] = {"expected": points[0]["moves"] + counted,
                                     "seen": points[-1]["moves"]}
            result["checkpoints"] = points
            result["console_errors"] = [c for c in app.console if c.startswith("error")]
            if not args.no_rivals:   # the rivals at rest beside ours (bench/_rivals.py)
                result["beside"] = _rivals.beside(app.memory)
        finally:
            app.stop()
    at_first = next((c for c in points if c["actions"] == args.first), points[-1])
    last = points[-1]
    growth_mb = (last["pss_kb"] - at_first["pss_kb"]) / 1024
    result["pss_after_first_mb"] = round(at_first["pss_kb"] / 1024, 1)
    result["pss_growth_mb"] = round(growth_mb, 2)
    result["uss_growth_mb"] = round((last["uss_kb"] - at_first["uss_kb"]) / 1024, 2)
    result["python_uss_growth_mb"] = round((last["python_uss_kb"] - at_first["python_uss_kb"]) / 1024, 2)
    result["webengine_uss_growth_mb"] = round(result["uss_growth_mb"] - result["python_uss_growth_mb"], 2)
    result["budget"] = {"growth_mb": [round(growth_mb, 2), BUDGET_GROWTH_MB,
                                      verdict(growth_mb, BUDGET_GROWTH_MB - 1e-9)]}
    result["loadavg_after"] = loadavg()
    rows = [[c["actions"], c["seconds"], (c.get("latency_ms_since_last") or {}).get("p50", ""),
             round(c["pss_kb"] / 1024, 1), round(c["uss_kb"] / 1024, 1),
             round((c["python_uss_kb"] or 0) / 1024, 1),
             c["elements"], c["dom_nodes"], c["js_listeners"], c["js_heap_used_kb"],
             c["python_threads"], c["save_bytes"], c["passes"]] for c in points]
    if "error" in result:
        print(f"!! memory: {result['error']}", file=sys.stderr)
    text = table(f"Memory over {args.actions} actions (PSS of python + every QtWebEngineProcess); "
                 f"growth {args.first} → {last['actions']}: {growth_mb:+.2f} MB "
                 f"(budget < {BUDGET_GROWTH_MB} MB: {result['budget']['growth_mb'][2]})",
                 ["actions", "s", "p50 ms", "PSS MB", "USS MB", "python USS MB", "elements", "DOM nodes",
                  "listeners", "JS heap kB", "py threads", "save bytes", "redeals"], rows)
    text += (f"\n  USS (private pages, not shared with other processes) growth: "
             f"{result['uss_growth_mb']:+.2f} MB (Python {result['python_uss_growth_mb']:+.2f}, "
             f"QtWebEngine processes {result['webengine_uss_growth_mb']:+.2f})")
    ka, kb_ = at_first.get("python_anon_kinds") or {}, last.get("python_anon_kinds") or {}
    if ka and kb_:
        text += ("\n  Python process, anonymous memory by mapping " + f"({args.first} → {last['actions']}): "
                 + ", ".join(f"{k} {ka[k] / 1024:.1f} → {kb_[k] / 1024:.1f} MB"
                             for k in ("brk", "arenas", "stacks", "other"))
                 + f"; glibc arenas {ka['arena_count']} → {kb_['arena_count']}")
    ia, ib = at_first.get("chromium_allocators_kb"), last.get("chromium_allocators_kb")
    if ia and ib:
        for proc in sorted(ib):
            a_, b_ = ia.get(proc, {}), ib[proc]
            diffs = sorted(((b_[k] - a_.get(k, 0), k) for k in b_), reverse=True)
            text += (f"\n  Chromium allocators in {proc} ({args.first} → {last['actions']}), kB: "
                     + ", ".join(f"{k} {a_.get(k, 0)} → {b_[k]}" for d, k in diffs if b_[k] > 100))
    ma, mb = at_first.get("malloc"), last.get("malloc")
    if ma and mb:
        def line(m):
            b = m["before_trim"]
            return (f"held {b['held_kb'] / 1024:.1f} MB (in use {b['in_use_kb'] / 1024:.1f}, free "
                    f"{b['free_kb'] / 1024:.1f}, {b.get('arenas')} arenas); anon "
                    f"{m_anon(m)}")

        def m_anon(m):
            return f"after trim {(m.get('python_anon_after_trim_kb') or 0) / 1024:.1f} MB"
        text += (f"\n  glibc malloc in the Python process at {args.first}: {line(ma)}"
                 f"\n  glibc malloc in the Python process at {last['actions']}: {line(mb)}")
        result["python_anon_growth_after_trim_mb"] = round(
            ((mb.get("python_anon_after_trim_kb") or 0) - (ma.get("python_anon_after_trim_kb") or 0)) / 1024, 2)
    ta, tb = at_first.get("renderer_trim"), last.get("renderer_trim")
    if ta and tb:
        def total(t, k):
            return sum(v[k] or 0 for v in t.values()) / 1024
        result["renderer_anon_growth_after_trim_mb"] = round(total(tb, "anon_after_trim_kb")
                                                             - total(ta, "anon_after_trim_kb"), 2)
        text += (f"\n  renderer anonymous memory at {args.first}: {total(ta, 'anon_kb'):.1f} MB, after "
                 f"malloc_trim {total(ta, 'anon_after_trim_kb'):.1f}; at {last['actions']}: "
                 f"{total(tb, 'anon_kb'):.1f} MB, after malloc_trim {total(tb, 'anon_after_trim_kb'):.1f}")
    result["python_anon_growth_mb"] = round(((last.get("python_anon_kb") or 0)
                                             - (at_first.get("python_anon_kb") or 0)) / 1024, 2)
    text += (f"\n  anonymous memory growth: Python {result['python_anon_growth_mb']:+.2f} MB, "
             f"all {(last['anon_kb'] - at_first['anon_kb']) / 1024:+.2f} MB")
    a, b = at_first.get("python_top_allocations"), last.get("python_top_allocations")
    if a and b:
        before = {t["where"]: t["kb"] for t in a["top"]}
        grew = sorted(((t["kb"] - before.get(t["where"], 0), t["where"]) for t in b["top"]), reverse=True)
        result["python_traced_growth_kb"] = round(b["total_kb"] - a["total_kb"], 1)
        text += (f"\n  Python allocations traced (tracemalloc): {a['total_kb']:.0f} kB → "
                 f"{b['total_kb']:.0f} kB; grew most: "
                 + "; ".join(f"{w} {d:+.0f} kB" for d, w in grew[:5]))
        for g in (b.get("grew_since_first") or [])[:8]:
            text += f"\n    since the start {g['kb']:+.1f} kB in {g['count']:+d} blocks: {g['where'][:300]}"
    cc = result.get("crash_check")
    if cc:
        text += (f"\n  without the refcount padding the app survived {cc.get('calls_survived')} "
                 f"bridge calls (limit {cc['limit']}), exit status {cc.get('exit_status')}: "
                 f"{cc.get('fatal') or 'no fatal error'}")
    if result.get("refcount_guard"):
        text += ("\n  (this run padded None/True/False refcounts, see bench/_launch.py, "
                 f"+{3 * 300_000 * 8 / 1e6:.0f} MB constant)")
    if result.get("beside"):
        b = result["beside"]
        text += "\n  at rest beside ours after the actions (MB, PSS / anonymous): " + ", ".join(
            f"{_rivals.LABELS.get(k, 'Harp & Towers')} {v['pss_kb'] / 1024:.1f} / {v['anon_kb'] / 1024:.1f}"
            for k, v in b.items() if k != "ratios") + f"; ours ÷ them: {b.get('ratios')}"
    emit(result, text, args)
    return result


if __name__ == "__main__":
    main()
