"""Memory of the whole app over a long session: proportional set size (PSS, from
/proc/<pid>/smaps_rollup) of the Python process and every QtWebEngineProcess below it,
after 500 actions and its growth from 500 to 5 000 actions; the budget (growth < 10 MB) is
judged on anonymous memory summed over the same processes.

    .venv/bin/python bench/memory.py [--actions 5000] [--first 500] [--every 500]

The actions are real mouse input (the Xvfb's pointer through XTest; ``--input cdp``:
Playwright's mouse) on the Easy Harp position of positions.harp_single (``--talon``), in a
repeating cycle of five: a stock tap, the single-card move (drag), Undo (button), a stock
tap, Undo (button) — so the stock keeps turning over with redeals, the undo history stays
at its 100-action cap, and every action autosaves (``--cycle stock`` or ``--cycle
move,undo``: one kind of action, to see which one the memory grows with).
At each checkpoint (after ``--first`` actions, then every ``--every``): the page's garbage is
collected (CDP HeapProfiler.collectGarbage), then PSS/RSS per process, the renderer's DOM
counters (CDP Memory.getDOMCounters: nodes including detached ones, listeners), the
elements in the document, the JS heap, Python's thread count and the save file's size;
the anonymous memory of the Python process by kind of mapping (glibc's main arena, its
per-thread arenas, thread stacks, other mmaps), and on the page the face-up cards (the
view model's and the drawn ones) and where the elements are. The cycle draws one card
net per five actions, so it comes back to the same position after (talon + 1) × 5
actions. The stock and waste hold 49 cards (``--talon``): 250 actions, a divisor of the
500 between checkpoints, so every checkpoint finds the same cards face up and the same
elements. With the earlier position's 58 cards (``--talon 0``: 295 actions) the waste at
the checkpoints drifted, and the renderer's memory with it (game state, not growth).

First it counts how many bridge calls the real ``harp-towers`` survives (``state()`` in a
loop, up to 20 000): with PySide6 6.12.0 on Python 3.11 the app aborted after some
1 500-2 000 calls ("Fatal Python error: bool_dealloc", a reference-count bug on the
``runJavaScript`` path pywebview answers every call with; pyproject now pins 6.11.3). When
it aborts, the measured app is started through bench/_launch.py with the None/True/False
reference counts padded, so the 5 000 actions can be measured at all (``--no-guard``:
never).
"""

from __future__ import annotations

import os
import sys
import time

from _common import (REFCOUNT_PAD, App, emit, ensure_display, loadavg, machine, parser, save_position,
                     summary, table, verdict)
import _page as P
import _rivals
import positions
from _memory_probe import calls_until_abort, checkpoint
from actions import card_at

BUDGET_GROWTH_MB = 10.0


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
    p.add_argument("--cycle", default="stock,move,undo,stock,undo",
                   help="the actions played in turn (stock, move, undo); another cycle than "
                        "the default says which kind of action the memory grows with")
    p.add_argument("--talon", type=int, default=49,
                   help="the cards in the stock and waste of the position played (default 49: "
                        "the default cycle then comes back to the same position every 250 "
                        "actions, so every checkpoint finds the same cards face up; 0: the "
                        "position of the earlier runs, 58 cards, 295 actions)")
    p.add_argument("--gap", type=float, default=0.25,
                   help="seconds to wait before a drag (the previous undo's animation ends)")
    args = p.parse_args(argv)
    if not set(args.cycle.split(",")) <= {"stock", "move", "undo"}:
        p.error(f"--cycle: stock, move or undo, not {args.cycle!r}")
    ensure_display()
    from playwright.sync_api import sync_playwright

    pos = positions.harp_single(depth=300, talon=args.talon or None)
    result = {"bench": "memory", "machine": machine(),
              "settings": {"actions": args.actions, "first": args.first, "every": args.every,
                           "cycle": args.cycle, "talon": args.talon},
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
            pause = mouse.pause
            result["settings"]["input"] = mouse.name
            lay = P.layout(page)
            start = P.grab_point(lay, pos["src"], pos["index"])
            end = P.drop_point(lay, pos["dst"])
            stock_pt = P.centre(lay["piles"]["s"])
            undo_pt = P.centre(page.get_by_test_id("btn-undo").bounding_box())
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

            cycle = args.cycle.split(",")
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
    # growth is judged by anonymous memory over all processes (see bench/README.md: PSS moves
    # with who else maps the same libraries); PSS is printed beside it
    growth_mb = (last["anon_kb"] - at_first["anon_kb"]) / 1024
    result["pss_after_first_mb"] = round(at_first["pss_kb"] / 1024, 1)
    result["pss_growth_mb"] = round((last["pss_kb"] - at_first["pss_kb"]) / 1024, 2)
    result["anon_growth_mb"] = round(growth_mb, 2)
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
    text = table(f"Memory over {args.actions} actions (python + every QtWebEngineProcess); "
                 f"anonymous memory growth {args.first} → {last['actions']}: {growth_mb:+.2f} MB, "
                 f"PSS {result['pss_growth_mb']:+.2f} MB "
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
                 f"+{3 * REFCOUNT_PAD * 8 / 1e6:.0f} MB constant)")
    if result.get("beside"):
        b = result["beside"]
        text += "\n  at rest beside ours after the actions (MB, PSS / anonymous): " + ", ".join(
            f"{_rivals.LABELS.get(k, 'Harp & Towers')} {v['pss_kb'] / 1024:.1f} / {v['anon_kb'] / 1024:.1f}"
            for k, v in b.items() if k != "ratios") + f"; ours ÷ them: {b.get('ratios')}"
    emit(result, text, args)
    return result


if __name__ == "__main__":
    main()
