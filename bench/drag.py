"""Drag smoothness in the real window: frame intervals while a run is dragged across the
table for ``--seconds`` with many small mouse moves.

    .venv/bin/python bench/drag.py [--seconds 2] [--runs 3] [--hz 250] [--trace FILE]

The run is the Seahaven King-led run of positions.seahaven_shuttle (a real group the
player can pick up). A requestAnimationFrame loop in the page records every frame's
timestamp while the mouse (Playwright, real pointer events) presses on the run's head card
and moves along a sweep over the whole table, a small step every 1/``--hz`` s, then comes
back and releases it over its own column (the cards go home). Frame intervals are the
differences of consecutive rAF timestamps; budgets: p95 ≤ 17 ms, p99 ≤ 33 ms. The page
also counts the pointermove events it received (and how many it got coalesced). The same
rAF loop is run for ``--seconds`` with nothing happening first (the idle baseline: what
this display and compositor deliver at all).

``--trace FILE`` records a Chromium performance trace (CDP Tracing.start/end on a
CDPSession) of the last run and writes it as JSON (open it in chrome://tracing or
Perfetto); a summary (CPU per frame and thread, the renderer's phases) is printed either
way. ``--css FILE`` injects a stylesheet first: a way to try a rendering fix (say, fewer
composited layers) in the real window without changing the product.
"""

from __future__ import annotations

import json
import math
import time

from _common import (App, emit, ensure_display, loadavg, machine, parser, save_position, summary, table,
                     thread_cpu, thread_cpu_delta, verdict)
import _page as P
import positions

BUDGET_P95, BUDGET_P99 = 17.0, 33.0

FRAMES_START = """() => {
  const F = window.__frames = { ts: [], moves: 0, coalesced: 0, on: true };
  const loop = (t) => { if (!F.on) return; F.ts.push(t); requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  F.onMove = (e) => { F.moves++; F.coalesced += e.getCoalescedEvents ? e.getCoalescedEvents().length : 1; };
  addEventListener('pointermove', F.onMove, true);
}"""

FRAMES_STOP = """() => {
  const F = window.__frames; F.on = false;
  removeEventListener('pointermove', F.onMove, true);
  return { ts: F.ts, moves: F.moves, coalesced: F.coalesced };
}"""

TRACE_CATEGORIES = ",".join([
    "devtools.timeline", "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame", "blink", "cc", "gpu", "viz", "toplevel",
    "benchmark", "input", "latencyInfo"])


def intervals(ts: list[float]) -> list[float]:
    return [b - a for a, b in zip(ts, ts[1:])]


def over(iv: list[float]) -> dict:
    """How many intervals are longer than the p95 and p99 budgets allow."""
    return {f"over_{b:g}ms": sum(1 for x in iv if x > b) for b in (BUDGET_P95, BUDGET_P99)}


def frame_stats(ts: list[float], duration_s: float) -> dict:
    iv = intervals(ts)
    s = summary(iv)
    s["frames"] = len(ts)
    s["fps"] = round(len(iv) / duration_s, 1) if duration_s else None
    return {**s, **over(iv)}


def idle(page, seconds: float) -> dict:
    page.evaluate(FRAMES_START)
    time.sleep(seconds)
    f = page.evaluate(FRAMES_STOP)
    return frame_stats(f["ts"], seconds)


def sweep(page, mouse, lay: dict, start: tuple[float, float], seconds: float, hz: float) -> dict:
    """Press on ``start``, move along a sweep over the table for ``seconds``, come back,
    release. Returns the frames and input counts."""
    t = lay["table"]
    x0, y0 = start
    m = mouse
    m.move(x0, y0)
    page.evaluate(FRAMES_START)
    time.sleep(0.05)
    m.down()
    for d in (2, 4, 6):
        time.sleep(0.004)
        m.move(x0 + d, y0 + d)
    step = 1.0 / hz
    t0 = time.perf_counter()
    sent = 0
    left, right = t["x"] + 40, t["x"] + t["w"] - 40
    top, bottom = t["y"] + 40, t["y"] + t["h"] - 60
    while True:
        el = time.perf_counter() - t0
        if el >= seconds:
            break
        ph = el / seconds
        # there and back across the table, with a vertical wave
        u = 0.5 - 0.5 * math.cos(2 * math.pi * ph)
        x = left + (right - left) * u
        y = top + (bottom - top) * (0.5 + 0.45 * math.sin(6 * math.pi * ph))
        m.move(x, y)
        sent += 1
        nxt = t0 + sent * step
        pause = nxt - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
    elapsed = time.perf_counter() - t0
    m.move(x0, y0)
    time.sleep(0.05)
    m.up()
    f = page.evaluate(FRAMES_STOP)
    # keep only frames inside the sweep (the page clock is not ours: trim by count)
    return {"ts": f["ts"], "moves_sent": sent, "moves_seen": f["moves"],
            "coalesced_seen": f["coalesced"], "elapsed_s": elapsed}


def trace_summary(events: list[dict], frames: int) -> dict:
    """Work per thread during the trace: wall ms of top-level tasks, CPU ms (the events'
    thread time), CPU ms per drawn frame, and the renderer main thread's biggest phases."""
    threads = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    tasks = ("ThreadControllerImpl::RunTask", )
    wall: dict[str, float] = {}
    cpu: dict[str, float] = {}
    for e in events:
        if e.get("ph") == "X" and e.get("name") in tasks and "dur" in e:
            name = threads.get((e["pid"], e["tid"]), str(e["tid"]))
            wall[name] = wall.get(name, 0) + e["dur"] / 1000
            cpu[name] = cpu.get(name, 0) + e.get("tdur", 0) / 1000
    main = {k for k, v in threads.items() if v == "CrRendererMain"}
    phases: dict[str, float] = {}
    for e in events:
        if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and "dur" in e and e["name"] in (
                "EventDispatch", "FunctionCall", "UpdateLayoutTree", "Layout", "Paint", "PrePaint",
                "Layerize", "Commit", "HitTest", "FireAnimationFrame", "TimerFire", "MajorGC", "MinorGC"):
            phases[e["name"]] = phases.get(e["name"], 0) + e["dur"] / 1000
    draws = sum(1 for e in events if e.get("name") == "Display::DrawAndSwap" and e.get("ph") == "X")
    top = sorted(wall, key=lambda k: -wall[k])[:8]
    return {"frames_drawn_by_viz": draws,
            "thread_task_ms": {k: round(wall[k], 1) for k in top},
            "thread_cpu_ms": {k: round(cpu[k], 1) for k in top},
            "cpu_ms_per_rAF_frame": {k: round(cpu[k] / frames, 2) for k in top} if frames else {},
            "renderer_main_phases_ms": {k: round(v, 1) for k, v in sorted(phases.items(), key=lambda kv: -kv[1])}}


def main(argv=None) -> dict:
    p = parser(__doc__.splitlines()[0], css=True)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--hz", type=float, default=250.0, help="mouse moves per second")
    p.add_argument("--trace", metavar="FILE", help="write a Chromium trace of the last run")
    p.add_argument("--input", choices=("xtest", "cdp"), default="xtest",
                   help="xtest: the X pointer, no waiting (default); cdp: Playwright's mouse, "
                        "each move waits for the renderer's acknowledgement")
    args = p.parse_args(argv)
    ensure_display()
    from playwright.sync_api import sync_playwright

    pos = positions.seahaven_shuttle()
    result = {"bench": "drag", "machine": machine(),
              "settings": {"seconds": args.seconds, "runs": args.runs, "hz": args.hz,
                           "input": args.input, "css": args.css},
              "position": pos}
    with sync_playwright() as pw:
        app = App(pw)
        save_position(app.data_dir, pos["code"], pos["moves"])
        try:
            app.start()
            page = app.attach()
            P.settle(page, 5)
            P.inject_css(page, args.css)
            result["layers"] = P.layer_count(page)
            lay = P.layout(page)
            start = P.grab_point(lay, pos["src"], 0)
            mouse = P.mouse_for(page, args.input)
            result["settings"]["input"] = mouse.name
            result["idle"] = idle(page, args.seconds)
            runs, all_iv = [], []
            trace = None
            for i in range(args.runs):
                tracing = i == args.runs - 1
                tr = P.start_trace(page, {"categories": TRACE_CATEGORIES,
                                          "transferMode": "ReportEvents"}) if tracing else None
                cpu0 = thread_cpu(app.proc.pid)
                r = sweep(page, mouse, lay, start, args.seconds, args.hz)
                cpu = thread_cpu_delta(cpu0, thread_cpu(app.proc.pid))
                r["thread_cpu_s"] = cpu
                if tr:
                    trace = P.end_trace(page, *tr)
                st = frame_stats(r["ts"], r["elapsed_s"])
                runs.append({**{k: v for k, v in r.items() if k != "ts"}, "frames": st,
                             "intervals": [round(x, 2) for x in intervals(r["ts"])]})
                all_iv += intervals(r["ts"])
                page.wait_for_timeout(500)
                home = page.evaluate(
                    f"() => document.querySelectorAll('.card[data-in=\"{pos['src']}\"]').length")
                runs[-1]["cards_home"] = home == pos["count"]
            result["runs"] = runs
            result["intervals_ms"] = {**summary(all_iv), **over(all_iv), "frames": len(all_iv)}
            if trace is not None:
                result["trace"] = trace_summary(trace, len(runs[-1]["intervals"]))
                result["trace"]["events"] = len(trace)
                if args.trace:
                    with open(args.trace, "w") as f:
                        json.dump({"traceEvents": trace}, f)
                    result["trace"]["file"] = args.trace
            result["console_errors"] = [c for c in app.console if c.startswith("error")]
        finally:
            app.stop()
    result["loadavg_after"] = loadavg()
    s = result["intervals_ms"]
    result["budgets"] = {"p95_ms": [s["p95"], BUDGET_P95, verdict(s["p95"], BUDGET_P95)],
                         "p99_ms": [s["p99"], BUDGET_P99, verdict(s["p99"], BUDGET_P99)]}
    rows = [["idle (no input)", result["idle"]["frames"], result["idle"]["fps"], result["idle"]["p50"],
             result["idle"]["p95"], result["idle"]["p99"], result["idle"]["max"], "", ""]]
    for i, r in enumerate(result["runs"]):
        f = r["frames"]
        rows.append([f"drag run {i + 1}", f["frames"], f["fps"], f["p50"], f["p95"], f["p99"], f["max"],
                     f"{r['moves_sent']}/{r['moves_seen']}", ""])
    rows.append(["drag, all runs", s["frames"], "", s["p50"], s["p95"], s["p99"], s["max"], "",
                 f"p95:{result['budgets']['p95_ms'][2]} p99:{result['budgets']['p99_ms'][2]}"])
    text = table(f"Drag smoothness: rAF frame intervals (ms) while dragging a {pos['count']}-card run "
                 f"for {args.seconds} s at {args.hz:.0f} moves/s; budgets p95 ≤ {BUDGET_P95:g}, "
                 f"p99 ≤ {BUDGET_P99:g}",
                 ["what", "frames", "fps", "p50", "p95", "p99", "max", "moves sent/seen", "verdict"], rows)
    text += f"\n  composited layers: {result.get('layers')}"
    last = result["runs"][-1]
    nframes = last["frames"]["frames"] or 1
    text += (f"\n  CPU ms per frame by thread (last run, /proc, {nframes} frames; 'python' is the "
             "browser process: Qt GUI thread, Viz, llvmpipe): " + ", ".join(
                 f"{k} {v * 1000 / nframes:.1f}" for k, v in list(last["thread_cpu_s"].items())[:7]))
    if "trace" in result:
        tr = result["trace"]
        text += f"\n  trace of the last run: Viz drew {tr['frames_drawn_by_viz']} frames; CPU ms per rAF frame: " \
            + ", ".join(f"{k} {v}" for k, v in list(tr["cpu_ms_per_rAF_frame"].items())[:5])
        text += "\n  renderer main thread phases (ms): " + ", ".join(
            f"{k} {v}" for k, v in list(tr["renderer_main_phases_ms"].items())[:6])
    emit(result, text, args)
    return result


if __name__ == "__main__":
    main()
