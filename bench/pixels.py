"""What a player sees: XTest input → first changed pixels on the X screen, ours beside the
floor (a bare pywebview page on our own stack, started as the app is: bench/_rivals.py), KDE
KPatience (Seahaven preset) and GNOME Aisleriot (Seahaven), interleaved run by run; every
latency is printed as ours ÷ each of them.

    .venv/bin/python bench/pixels.py [--runs 20] [--shots DIR]

Needs an Xvfb of at least 3900×700 (without $DISPLAY the bench starts its own, 3920×760):
the four windows stand side by side at 960×700 and nothing covers them. Input is real X
events (XTest through the X server); the screen is read from the root window
(bench/_xscreen.py: ``XGetSubImage`` of a small box where the action shows, compared with
the bytes read just before the input; the read's own time is printed as the floor).

Actions, each from the same position in our app and KPatience (our Seahaven C4 deal 1
after 22 moves of its solution, bench/positions.py, written into a KPatience save):
- drop:  the top card of a column dragged onto an empty free cell; time from the button
         release (the card is held 12 px off the cell, so the settling shows);
- undo:  Ctrl+Z taking the drop back; time from the key press;
- group: the King-led 2-card run dragged onto the empty column, back and forth;
- stock: a tap on the stock (press + release sent together; time from the press): our
         Easy Harp (EH1-N-AAAAAAB), Klondike in both rivals (Seahaven has no stock).
The floor does nothing but change the colour of one card-sized box on every pointerup and
Ctrl+Z, so its time for each action is that of our stack from the X input to the screen.
Aisleriot's deal is random (no deal number in this build): it plays the drop (top card of
column 1 onto the leftmost reserve, empty in every Seahaven deal) and its undo; no group
move. After each action the bench checks from the pixels that it happened (a card is in
the cell / gone from it / in the column) and counts only those.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from _common import (FLOOR_GOALS, App, emit, ensure_display, loadavg, machine, parser, pct,
                     save_position, table)
import _page as P
import _rivals as R
import _tablepix as T
import positions
from _pixwindows import (GAP, KLONDIKE, NAMES, SLOTS, H, Table, W, floor_points, grow,
                         light_share, start_floor, start_in_slot, start_ours)
from _xscreen import Screen

ACTIONS = ("drop", "undo", "group", "stock")
GOAL = FLOOR_GOALS["pixels"]   # issue 40: ours ÷ the floor, first changed pixels


def seahaven_phase(pw, args, screen: Screen, out: dict, shots: Path | None) -> None:
    from harptowers.engine import new_game, parse_move

    pos = positions.seahaven_shuttle()
    g = new_game(pos["code"])
    for m in pos["moves"]:
        g.play(parse_move(m))
    src_i, dst_i = int(pos["src"][1:]) - 1, int(pos["dst"][1:]) - 1
    cell = next(i for i, c in enumerate(g.cells) if not c)
    col = next(i for i, c in enumerate(g.columns) if len(c) >= 2 and i not in (src_i, dst_i))
    out["position"] = {"code": pos["code"], "moves": len(pos["moves"]), "drop": f"t{col + 1}-c{cell + 1}",
                       "group": f"{pos['src']}:{pos['count']}-{pos['dst']} and back"}
    app = App(pw)
    save_position(app.data_dir, pos["code"], pos["moves"])
    kp = R.Rival("kpat", "seahaven", R.position_of(g)) if args.rivals["kpat"] else None
    ai = R.Rival("aisleriot", "seahaven") if args.rivals["aisleriot"] else None
    floor = None
    try:
        page, ours_win, geo = start_ours(app, args.css)
        tables, wins = {"ours": Table("ours", screen)}, {"ours": ours_win}
        floor, wins["floor"], floor_box = start_floor(screen)
        tables["floor"] = Table("floor", screen)
        for r, name in ((kp, "kpat"), (ai, "aisleriot")):
            if r:
                wins[name] = start_in_slot(r, name)
                tables[name] = Table(name, screen)
        time.sleep(3.0)
        geom = {}
        for name in tables:
            if name in ("ours", "floor"):
                continue
            data = screen.grab((SLOTS[name], 0, W, H))
            geom[name] = T.seahaven_layout(data, screen.stride, W, H)
            out.setdefault("layout", {})[name] = geom[name]
        if shots:
            screen.save_png(str(shots / "seahaven-start.png"), (0, 0, 3 * W + 2 * GAP, H))

        def ours_boxes():
            lay = P.layout(page)
            dx, dy = geo["dx"], geo["dy"]
            sc = lambda b: (b["x"] + dx, b["y"] + dy, b["w"], b["h"])  # noqa: E731
            return lay, dx, dy, sc

        def points(name: str, action: str, there: bool):
            """(start, end, poll box) on the screen for a drag."""
            if name == "floor":
                return floor_points(floor_box)
            if name == "ours":
                lay, dx, dy, sc = ours_boxes()
                if action == "drop":
                    sp = P.grab_point(lay, f"t{col + 1}", len(g.columns[col]) - 1)
                    cb = lay["piles"][f"c{cell + 1}"]
                    start = (sp[0] + dx, sp[1] + dy)
                    c = lay["cards"][f"t{col + 1}"][-1]
                    end = (start[0] + cb["x"] - c["x"] + 12, start[1] + cb["y"] - c["y"] + 12)
                    return start, end, grow(sc(cb), 16)
                a, b = (pos["dst"], pos["src"]) if there else (pos["src"], pos["dst"])
                sp = P.grab_point(lay, a, len(lay["cards"][a]) - pos["count"])
                first = lay["cards"][a][-pos["count"]]
                db = lay["piles"][b]
                start = (sp[0] + dx, sp[1] + dy)
                end = (start[0] + db["x"] - first["x"] + 12, start[1] + db["y"] - first["y"] + 12)
                return start, end, grow(sc(db), 16)
            L = geom[name]
            cols = L["columns"]
            ox = SLOTS[name]
            if action == "drop":
                ci, ce = (col, cell) if name == "kpat" else (0, 3)
                top = cols[ci]["card"]
                start = (ox + top["x"] + top["w"] / 2, top["y"] + top["h"] * 0.6)
                # KPatience's cells stand 1.08 card widths apart, its columns 1.13 (freecell.cpp)
                cx = cols[ce]["x"] if name == "aisleriot" else \
                    round(cols[0]["x"] + ce * L["pitch"] * 1.08 / 1.13)
                cb = (ox + cx, L["top_row"]["top"], top["w"], top["h"])
                end = (cb[0] + top["w"] / 2 + 12, cb[1] + top["h"] * 0.6 + 12)
                return start, end, grow(cb, 16)
            a, b = (dst_i, src_i) if there else (src_i, dst_i)
            ttop = L["tableau_top"]
            start = (ox + cols[a]["x"] + cols[a]["w"] / 2, ttop + 10)
            end = (ox + cols[b]["x"] + cols[b]["w"] / 2 + 12, ttop + 22)
            return start, end, grow((ox + cols[b]["x"], ttop, cols[b]["w"], L["ch"]), 16)

        rec = {n: {a: [] for a in ("drop", "undo", "group")} for n in tables}
        bad = {n: {a: 0 for a in ("drop", "undo", "group")} for n in tables}
        changed = {n: {} for n in tables}   # where the first changed pixels were (last run)

        def settled(box, want, name="") -> bool:
            """The action's end state (``want(share of card pixels)``) within ~2 s (the
            floor's box only changes colour: its change is the end)."""
            if name == "floor":
                time.sleep(args.gap / 2)
                return True
            for _ in range(8):
                time.sleep(args.gap / 2)
                if want(light_share(screen, box)):
                    return True
            return False

        def count(name, action, ms, ok) -> None:
            changed[name][action] = screen.changed
            if ms is not None and ok:
                rec[name][action].append(ms)
            else:
                bad[name][action] += 1

        def run_is_there(name) -> bool:
            """Does the run stand in the (at first empty) destination column now?"""
            if name == "ours":
                return bool(P.layout(page)["cards"].get(pos["dst"]))
            if name == "floor":
                return False
            L = geom[name]
            col = L["columns"][dst_i]
            return light_share(screen, (SLOTS[name] + col["x"], L["tableau_top"], col["w"], L["ch"])) > 0.5

        for run in range(args.runs):
            for name, t in tables.items():
                start, end, box = points(name, "drop", False)
                ms = t.drag(start, end, box)
                ok = settled(box, lambda share: share > 0.5, name)
                count(name, "drop", ms, ok)
                if shots and run == 0:
                    screen.save_png(str(shots / f"{name}-drop.png"), grow(box, 60))
                if ok:   # else Ctrl+Z would take back another move
                    ms = t.key_undo(box, wins[name])
                    count(name, "undo", ms, settled(box, lambda share: share < 0.5, name))
                if name == "aisleriot":
                    continue
                start, end, box = points(name, "group", run_is_there(name))
                ms = t.drag(start, end, box)
                # KPatience moves a run in steps, through a cell
                count(name, "group", ms, settled(box, lambda share: share > 0.3, name))
                time.sleep(args.gap)
                if shots and run == 0:
                    screen.save_png(str(shots / f"{name}-group.png"), (SLOTS[name], 0, W, H))
        out["seahaven"] = {"ms": rec, "failed": bad, "changed_box_in_poll_box": changed}
    finally:
        for r in (kp, ai, floor):
            if r:
                r.stop()
        app.stop()


def stock_phase(pw, args, screen: Screen, out: dict, shots: Path | None) -> None:
    code = "EH1-N-AAAAAAB"
    app = App(pw, code)
    rivals = {n: R.Rival(n, "klondike") for n in ("kpat", "aisleriot") if args.rivals[n]}
    floor = None
    try:
        page, ours_win, geo = start_ours(app, args.css)
        floor, _, floor_box = start_floor(screen)
        for name, r in rivals.items():
            start_in_slot(r, name)
        time.sleep(3.0)
        lay = P.layout(page)
        s, w = lay["piles"]["s"], lay["piles"]["w"]
        x0, y0 = min(s["x"], w["x"]), min(s["y"], w["y"])
        x1, y1 = max(s["x"] + s["w"], w["x"] + w["w"]), max(s["y"] + s["h"], w["y"] + w["h"])
        spots = {"ours": ((s["x"] + s["w"] / 2 + geo["dx"], s["y"] + s["h"] / 2 + geo["dy"]),
                          grow((x0 + geo["dx"], y0 + geo["dy"], x1 - x0, y1 - y0), 8))}
        spots["floor"] = floor_points(floor_box)[0::2]
        for name in rivals:
            box, pt = KLONDIKE[name]
            spots[name] = ((pt[0] + SLOTS[name], pt[1]), (box[0] + SLOTS[name], *box[1:]))
        rec = {n: [] for n in spots}
        bad = {n: 0 for n in spots}
        for run in range(args.runs):
            for name, (pt, box) in spots.items():
                ms = Table(name, screen).tap(pt, box)
                time.sleep(args.gap)
                if ms is None:
                    bad[name] += 1
                else:
                    rec[name].append(ms)
                if shots and run == 0:
                    screen.save_png(str(shots / f"{name}-stock.png"), grow(box, 40))
        out["stock"] = {"ms": rec, "failed": bad, "ours_code": code}
        out["floor_ms"] = {n: round(screen.floor_ms(b, 100), 3) for n, (_, b) in spots.items()}
    finally:
        for r in [*rivals.values(), floor]:
            if r:
                r.stop()
        app.stop()


def stats(v: list[float]) -> dict:
    return {"n": len(v), "median": round(statistics.median(v), 2) if v else None,
            "p90": round(pct(v, 90), 2) if v else None}


def main(argv=None) -> dict:
    p = parser(__doc__.splitlines()[0], css=True)
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--gap", type=float, default=0.45, help="seconds after each action")
    p.add_argument("--shots", default=None, help="folder for PNGs of the first run")
    p.add_argument("--without", default="", help="rivals left out, e.g. kpat,aisleriot")
    args = p.parse_args(argv)
    ensure_display("3920x760")
    args.rivals = {n: ok and n not in args.without.split(",") for n, ok in R.available().items()}
    shots = Path(args.shots) if args.shots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    screen = Screen()
    result = {"bench": "pixels", "machine": machine(), "load_start": loadavg(),
              "settings": {"runs": args.runs, "gap": args.gap, "window": [W, H]},
              "rivals": args.rivals}
    with sync_playwright() as pw:
        seahaven_phase(pw, args, screen, result, shots)
        stock_phase(pw, args, screen, result, shots)
    result["load_end"] = loadavg()
    summ, rows = {}, []
    names = list(NAMES)
    for a in ACTIONS:
        src = result["stock"]["ms"] if a == "stock" else {n: result["seahaven"]["ms"][n][a]
                                                         for n in result["seahaven"]["ms"]}
        summ[a] = {n: stats(src.get(n, [])) for n in names}
        o = summ[a]["ours"]["median"]
        row = [a]
        for n in names:
            s = summ[a][n]
            row.append(f"{s['median']} / {s['p90']} ({s['n']})" if s["n"] else "–")
        for n in names[1:]:
            m = summ[a][n]["median"]
            row.append(f"{o / m:.2f}×" if o and m else "–")
        fm = summ[a]["floor"]["median"]
        row.append("–" if o is None or fm is None else ("met" if o <= GOAL * fm else "MISSED"))
        rows.append(row)
    result["summary"] = summ
    text = table(f"XTest input → first changed pixels, ms: median / p90 (n), {args.runs} interleaved "
                 f"runs; read floor {result['floor_ms']} ms; load {result['load_start']} → "
                 f"{result['load_end']}",
                 ["action", "Harp & Towers", "floor", "KPatience", "Aisleriot", "ours ÷ floor",
                  "ours ÷ KPatience", "ours ÷ Aisleriot", f"goal ≤ {GOAL}× floor"], rows)
    text += f"\nfailed checks (not counted): {result['seahaven']['failed']}, stock {result['stock']['failed']}"
    emit(result, text, args)
    return result


if __name__ == "__main__":
    main()
