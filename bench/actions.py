"""Action latency in the real window (Qt, Playwright attached over CDP), real mouse input.

    .venv/bin/python bench/actions.py [--count 200] [--bridge 500] [--gap 0.3]

For ``--count`` each of:
- move:  an Easy Harp single card dragged column → column (positions.harp_single),
- undo:  the Undo button, taking that move back (so moves and undos alternate),
- draw:  a tap on the Easy Harp stock (a redeal when it is empty; counted as draws),
- group: a Seahaven King-led run dragged between two columns, back and forth
         (positions.seahaven_shuttle),

it measures (bench/_page.py has the probe):
(a) pointer-up → DOM updated with the new state: from the pointerup event's timeStamp to
    a microtask queued at the end of ``render()`` (i.e. after ``show()`` updated the header
    too) — budgets p50 ≤ 8 ms, p99 ≤ 16 ms;
(b) the share of actions rendered before the very next animation frame after pointer-up
    (a requestAnimationFrame registered in the pointerup listener) — budget ≥ 95 %;
and the parts: pointer-up → bridge call, the bridge call, bridge answer → render done.
(c) the bridge alone: ``window.pywebview.api.state()`` with the full 104-card Easy Harp view
    model, ``--bridge`` times in a loop from page.evaluate (performance.now() around each
    call) — budget p50 ≤ 2 ms; plus the Python side alone (``Api.state()`` + ``json.dumps``
    in this process) for the split.

Between actions it waits ``--gap`` seconds (the 210 ms move animation ends, as a player's
hand would); every record is checked (the DOM shows the expected card/pile) and a record
that failed the check is reported, not counted.
"""

from __future__ import annotations

import json
import time
from contextlib import contextmanager
from pathlib import Path

from _common import (App, emit, ensure_display, loadavg, machine, parser, save_position,
                     summary, table, tree_cpu_seconds, verdict)
import _page as P
import positions

BUDGET_P50, BUDGET_P99, BUDGET_FRAME, BUDGET_BRIDGE = 8.0, 16.0, 95.0, 2.0
ACTION_CALLS = ("play", "undo", "stock", "tap", "double_tap")   # not the page's clock reports

STOCK_EXPECT = """(() => {
  const count = () => Number(document.querySelector('[data-testid="stock-count"]').textContent);
  const n = count();
  const w = document.querySelectorAll('.card[data-in="w"]').length;
  return () => (n > 0 ? count() === n - 1 : count() === w);
})()"""


def card_at(pile: str, index: int, want_pile: str, want_index: int) -> str:
    """An expectation: the element now at pile/index ends up at want_pile/want_index."""
    return f"""(() => {{
      const el = document.querySelector('.card[data-in="{pile}"][data-index="{index}"]');
      const id = el && el.dataset.id;
      return () => {{
        const now = id && document.querySelector(`.card[data-id="${{id}}"]`);
        return Boolean(now) && now.dataset.in === '{want_pile}' && now.dataset.index === '{want_index}';
      }};
    }})()"""


def record(page, label: str, expect: str | None, act, gap: float) -> dict:
    P.arm(page, label, expect)
    act()
    rec = P.wait(page) or {"label": label, "timeout": True}
    time.sleep(gap)
    return rec


def derive(rec: dict) -> dict:
    """Durations (ms) of one record."""
    out = {"label": rec.get("label"), "ok": rec.get("ok"), "timeout": bool(rec.get("timeout")),
           "in_frame": rec.get("inFrame"), "renders": rec.get("renders")}
    if rec.get("dom") is None:
        return out
    out["up_to_dom"] = rec["dom"] - rec["ts"]           # (a): from the event's timeStamp
    out["listener_to_dom"] = rec["dom"] - rec["up"]
    out["input_delay"] = rec["up"] - rec["ts"]
    out["up_to_frame"] = rec["frame"] - rec["ts"] if rec.get("frame") is not None else None
    calls = [c for c in rec.get("calls", []) if c.get("t1") is not None and c["m"] in ACTION_CALLS]
    if calls:
        last = calls[-1]
        out["method"] = last["m"]
        out["pre_bridge"] = calls[0]["t0"] - rec["up"]
        out["bridge"] = sum(c["t1"] - c["t0"] for c in calls)
        out["js_render"] = rec["render"] - last["t1"]
        out["render_to_dom"] = rec["dom"] - rec["render"]
    return out


@contextmanager
def opened(pw, pos: dict, input_kind: str, css: str | None):
    """Our app on the saved position ``pos``, the probe installed: (app, page, mouse)."""
    app = App(pw, refcount_guard=True)   # > 1 300 bridge calls: see bench/_launch.py
    save_position(app.data_dir, pos["code"], pos["moves"])
    try:
        app.start()
        page = app.attach()
        P.install(page)
        P.settle(page, 3)
        P.inject_css(page, css)
        yield app, page, P.mouse_for(page, input_kind)
    finally:
        app.stop()


def harp_actions(pw, count: int, bridge_n: int, gap: float, input_kind: str,
                 css: str | None = None) -> dict:
    pos = positions.harp_single()
    out: dict = {"position": pos}
    with opened(pw, pos, input_kind, css) as (app, page, mouse):
        pause = mouse.pause
        lay = P.layout(page)
        src, dst, index = pos["src"], pos["dst"], pos["index"]
        dst_index = len(lay["cards"][dst])
        start = P.grab_point(lay, src, index)
        end = P.drop_point(lay, dst)
        undo_pt = P.centre(page.get_by_test_id("btn-undo").bounding_box())
        moves, undos = [], []
        cpu0 = tree_cpu_seconds(app.proc.pid)
        for _ in range(count):
            moves.append(derive(record(page, "move", card_at(src, index, dst, dst_index),
                                       lambda start=start, end=end: P.drag(mouse, start, end, pause=pause), gap)))
            undos.append(derive(record(page, "undo", card_at(dst, dst_index, src, index),
                                       lambda: P.click(mouse, undo_pt, pause), gap)))
        cpu1 = tree_cpu_seconds(app.proc.pid)
        out["cpu_ms_per_action"] = {"move+undo": round((cpu1 - cpu0) * 1000 / (2 * count), 2)}
        stock_pt = P.centre(lay["piles"]["s"])
        draws = []
        for _ in range(count):
            draws.append(derive(record(page, "draw", STOCK_EXPECT, lambda: P.click(mouse, stock_pt, pause),
                                       gap)))
        out["cpu_ms_per_action"]["draw"] = round((tree_cpu_seconds(app.proc.pid) - cpu1) * 1000 / count, 2)
        out["redeals"] = page.evaluate("() => window.harpTowers.state.passes")
        out["records"] = {"move": moves, "undo": undos, "draw": draws}
        out["bridge"] = bridge_alone(page, bridge_n)
        out["python_state"] = python_state(app.data_dir)
        out["console_errors"] = [c for c in app.console if c.startswith("error")]
    return out


def seahaven_actions(pw, count: int, gap: float, input_kind: str, css: str | None = None) -> dict:
    pos = positions.seahaven_shuttle()
    out: dict = {"position": pos}
    with opened(pw, pos, input_kind, css) as (app, page, mouse):
        pause = mouse.pause
        lay = P.layout(page)
        recs = []
        here, there = pos["src"], pos["dst"]
        cpu0 = tree_cpu_seconds(app.proc.pid)
        for _ in range(count):
            start = P.grab_point(lay, here, 0)
            end = P.drop_point(lay, there)
            recs.append(derive(record(page, "group", card_at(here, 0, there, 0),
                                      lambda start=start, end=end: P.drag(mouse, start, end, pause=pause), gap)))
            here, there = there, here
            lay = P.layout(page)
        out["cpu_ms_per_action"] = {"group": round((tree_cpu_seconds(app.proc.pid) - cpu0) * 1000 / count, 2)}
        out["records"] = {"group": recs}
        out["console_errors"] = [c for c in app.console if c.startswith("error")]
    return out


def bridge_alone(page, n: int) -> dict:
    """(c): state() round trips from the page, nothing else running."""
    res = page.evaluate("""async (n) => {
      const api = window.pywebview.api;
      const first = await api.state();
      const size = JSON.stringify(first).length;
      const cards = first.state.piles.reduce((s, p) => s + p.cards.length, 0);
      for (let i = 0; i < 20; i++) await api.state();     // warm up
      const ms = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await api.state();
        ms.push(performance.now() - t0);
      }
      return { ms, size, cards };
    }""", n)
    return {"cards": res["cards"], "json_bytes": res["size"], "ms": summary(res["ms"])}


def python_state(data_dir: Path, n: int = 1000) -> dict:
    """The Python part of (c): Api.state() on the same saved game, and the JSON encoding
    pywebview does with its answer, in this process."""
    from harptowers import storage
    from harptowers.api import Api

    api = Api(loaded=storage.load(data_dir))
    for _ in range(50):
        json.dumps(api.state())
    view, enc = [], []
    for _ in range(n):
        t0 = time.perf_counter()
        ans = api.state()
        t1 = time.perf_counter()
        json.dumps(ans)
        t2 = time.perf_counter()
        view.append((t1 - t0) * 1000)
        enc.append((t2 - t1) * 1000)
    return {"api_state_ms": summary(view, 4), "json_dumps_ms": summary(enc, 4)}


def kind_summary(recs: list[dict]) -> dict:
    good = [r for r in recs if r.get("ok") and "up_to_dom" in r]
    out = {"n": len(recs), "checked_ok": len(good),
           "failed": [r for r in recs if not (r.get("ok") and "up_to_dom" in r)][:5]}
    for k in ("up_to_dom", "listener_to_dom", "input_delay", "pre_bridge", "bridge",
              "js_render", "render_to_dom", "up_to_frame"):
        vals = [r[k] for r in good if r.get(k) is not None]
        out[k] = summary(vals)
    framed = [r for r in good if r.get("in_frame") is not None]
    out["next_frame_share"] = round(100 * sum(1 for r in framed if r["in_frame"]) / len(framed), 1) \
        if framed else None
    return out


def main(argv=None) -> dict:
    p = parser(__doc__.splitlines()[0], css=True)
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--bridge", type=int, default=500)
    p.add_argument("--gap", type=float, default=0.3)
    p.add_argument("--input", choices=("cdp", "xtest"), default="cdp",
                   help="cdp: Playwright's mouse (default); xtest: the X pointer (private Xvfb only)")
    args = p.parse_args(argv)
    ensure_display()
    from playwright.sync_api import sync_playwright

    result = {"bench": "actions", "machine": machine(),
              "settings": {"count": args.count, "bridge": args.bridge, "gap": args.gap,
                           "input": args.input, "css": args.css}}
    with sync_playwright() as pw:
        harp = harp_actions(pw, args.count, args.bridge, args.gap, args.input, args.css)
        sea = seahaven_actions(pw, args.count, args.gap, args.input, args.css)
    result["loadavg_after"] = loadavg()
    kinds = {k: kind_summary(v) for k, v in {**harp["records"], **sea["records"]}.items()}
    result["kinds"] = kinds
    result["records"] = {k: [{f: (round(x, 2) if isinstance(x, float) else x) for f, x in r.items()}
                             for r in v] for k, v in {**harp["records"], **sea["records"]}.items()}
    result["positions"] = {"harp": harp["position"], "seahaven": sea["position"]}
    result["redeals"] = harp.get("redeals")
    result["app_cpu_ms_per_action"] = {**harp["cpu_ms_per_action"], **sea["cpu_ms_per_action"]}
    result["bridge"] = harp["bridge"]
    result["python_state"] = harp["python_state"]
    result["console_errors"] = harp["console_errors"] + sea["console_errors"]
    result["budgets"] = {}
    rows = []
    for k, s in kinds.items():
        d = s["up_to_dom"]
        result["budgets"][k] = {
            "p50_ms": [d.get("p50"), BUDGET_P50, verdict(d.get("p50"), BUDGET_P50)],
            "p99_ms": [d.get("p99"), BUDGET_P99, verdict(d.get("p99"), BUDGET_P99)],
            "next_frame_pct": [s["next_frame_share"], BUDGET_FRAME,
                               verdict(s["next_frame_share"], BUDGET_FRAME, below=False)]}
        rows.append([k, f"{s['checked_ok']}/{s['n']}", d.get("p50"), d.get("p99"), d.get("max"),
                     s["next_frame_share"], s["pre_bridge"].get("p50"), s["bridge"].get("p50"),
                     s["js_render"].get("p50"), s["input_delay"].get("p50"),
                     " ".join(f"{m}:{v[2]}" for m, v in result["budgets"][k].items())])
    b = result["bridge"]["ms"]
    result["budgets"]["bridge_state"] = {"p50_ms": [b["p50"], BUDGET_BRIDGE,
                                                    verdict(b["p50"], BUDGET_BRIDGE)]}
    text = table(f"Actions: pointer-up → DOM updated (ms); budgets p50 ≤ {BUDGET_P50:g}, p99 ≤ "
                 f"{BUDGET_P99:g}, next frame ≥ {BUDGET_FRAME:g} %",
                 ["action", "ok/n", "p50", "p99", "max", "next frame %", "→bridge p50",
                  "bridge p50", "render p50", "input delay p50", "verdict"], rows)
    text += "\n  app CPU (all its processes, all cores) per action, ms: " + ", ".join(
        f"{k} {v}" for k, v in result["app_cpu_ms_per_action"].items())
    ps = result["python_state"]
    text += "\n\n" + table(
        "Bridge alone: window.pywebview.api.state(), full Easy Harp view model "
        f"({result['bridge']['cards']} cards, {result['bridge']['json_bytes']:,} bytes JSON)",
        ["what", "n", "p50", "p95", "p99", "max", "verdict"],
        [["round trip from the page", b["n"], b["p50"], b["p95"], b["p99"], b["max"],
          f"p50 ≤ {BUDGET_BRIDGE}: {verdict(b['p50'], BUDGET_BRIDGE)}"],
         ["Python Api.state() alone", ps["api_state_ms"]["n"], ps["api_state_ms"]["p50"],
          ps["api_state_ms"]["p95"], ps["api_state_ms"]["p99"], ps["api_state_ms"]["max"], ""],
         ["json.dumps of the answer", ps["json_dumps_ms"]["n"], ps["json_dumps_ms"]["p50"],
          ps["json_dumps_ms"]["p95"], ps["json_dumps_ms"]["p99"], ps["json_dumps_ms"]["max"], ""]])
    emit(result, text, args)
    return result


if __name__ == "__main__":
    main()
