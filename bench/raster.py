"""What painting the table costs: the page's content layer recorded once (CDP
``LayerTree.makeSnapshot``) and replayed by Skia in the renderer (``profileSnapshot``), whole
and clipped to the piles an action repaints first (the stock and waste, a free cell), with
the paint operations that take the time.

    .venv/bin/python bench/raster.py [--repeat 9] [--css FILE]

A replay is the raster work of a repaint without the rest of the frame, so it depends little
on what else the machine does: each figure is the median over ``--repeat`` replays of the
fastest of them. Software raster (no GPU: Qt Quick's software scene graph, as the app picks
on such machines) is where it matters: every frame that repaints a part of the table waits
for it before anything changes on the screen (issue 40).
"""

from __future__ import annotations

import collections
import statistics
import time

from _common import App, emit, ensure_display, loadavg, machine, parser, save_position, table
import _page as P
import positions

DEALS = {"easy-harp": ("EH1-N-AAAAAAB", ("s", "w")), "seahaven": (None, ("c1", "c4"))}


def area(lay: dict, piles: tuple[str, ...]) -> dict[str, float]:
    boxes = [lay["piles"][p] for p in piles]
    x0, y0 = min(b["x"] for b in boxes), min(b["y"] for b in boxes)
    x1, y1 = max(b["x"] + b["w"] for b in boxes), max(b["y"] + b["h"] for b in boxes)
    return {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}


def measure(pw, name: str, repeat: int, css: str | None) -> dict:
    code, piles = DEALS[name]
    if code is None:   # the Seahaven position of bench/pixels.py
        pos = positions.seahaven_shuttle()
        app = App(pw)
        save_position(app.data_dir, pos["code"], pos["moves"])
    else:
        app = App(pw, code)
    try:
        app.start()
        page = app.attach()
        P.inject_css(page, css)
        cdp = page.context.new_cdp_session(page)
        got: dict = {}
        cdp.on("LayerTree.layerTreeDidChange", lambda p: got.update(layers=p.get("layers") or []))
        cdp.send("LayerTree.enable")
        painted: list = []
        for i in range(50):   # a new frame each try, until the layer tree is reported
            page.evaluate(f"() => {{ document.body.style.outlineColor = 'rgba(0,0,0,0.0{i % 2})'; }}")
            page.wait_for_timeout(200)
            painted = [lay for lay in got.get("layers", []) if lay.get("drawsContent")]
            if painted:
                break
        else:
            raise RuntimeError("no painted layer reported")
        layer = max(painted, key=lambda lay: lay["width"] * lay["height"])
        snap = cdp.send("LayerTree.makeSnapshot", {"layerId": layer["layerId"]})["snapshotId"]
        out: dict = {"layer": [layer["width"], layer["height"]]}
        for label, clip in (("whole", None), ("+".join(piles), area(P.layout(page), piles))):
            args: dict = {"snapshotId": snap, "minRepeatCount": repeat}
            if clip:
                args["clipRect"] = clip
            timings = cdp.send("LayerTree.profileSnapshot", args)["timings"]
            out[label] = round(statistics.median(sum(t) for t in timings) * 1000, 2)
        log = cdp.send("LayerTree.snapshotCommandLog", {"snapshotId": snap})["commandLog"]
        timings = cdp.send("LayerTree.profileSnapshot", {"snapshotId": snap, "minRepeatCount": repeat})["timings"]
        fastest = [min(t[i] for t in timings) for i in range(len(timings[0]))]
        ms: collections.Counter = collections.Counter()
        count: collections.Counter = collections.Counter()
        for op, t in zip(log, fastest):
            ms[op["method"]] += t * 1000
            count[op["method"]] += 1
        out["ops"] = {k: [round(v, 2), count[k]] for k, v in ms.most_common(6)}
        return out
    finally:
        app.stop()


def main(argv=None) -> dict:
    p = parser(__doc__.splitlines()[0], css=True)
    p.add_argument("--repeat", type=int, default=9)
    args = p.parse_args(argv)
    ensure_display("1400x900")
    from playwright.sync_api import sync_playwright

    result: dict = {"bench": "raster", "machine": machine(), "load_start": loadavg(),
                    "settings": {"repeat": args.repeat, "css": args.css}, "time": time.time()}
    with sync_playwright() as pw:
        for name in DEALS:
            result[name] = measure(pw, name, args.repeat, args.css)
    result["load_end"] = loadavg()
    rows = []
    for name in DEALS:
        r = result[name]
        part = next(k for k in r if k not in ("layer", "whole", "ops"))
        ops = ", ".join(f"{k} {v[0]} ms ×{v[1]}" for k, v in list(r["ops"].items())[:4])
        rows.append([name, f"{r['layer'][0]}×{r['layer'][1]}", r["whole"], f"{part}: {r[part]}", ops])
    text = table("Painting the table in software (ms, median of the replays)",
                 ["table", "layer", "whole", "first repainted", "largest operations"], rows)
    emit(result, text, args)
    return result


if __name__ == "__main__":
    main()
