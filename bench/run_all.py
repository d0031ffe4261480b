"""Run every benchmark, write bench/latest.json, print the budgets in one table and (with
``--readme``) put that table into bench/README.md.

    .venv/bin/python bench/run_all.py [--only engine,startup] [--quick] [--readme] [--render]

Each bench runs as its own process (``bench/<name>.py --json … --quiet``), one after the
other, so no two apps compete for the two cores. ``--quick``: fewer repetitions (a smoke
run, not figures to publish).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import BENCH, FLOOR_GOALS, ensure_display, loadavg, machine, table

ORDER = ["engine", "startup", "actions", "drag", "memory", "pixels", "raster"]
QUICK = {"engine": ["--seconds", "0.3", "--repeats", "2"], "startup": ["--runs", "2"],
         "actions": ["--count", "20", "--bridge", "100"], "drag": ["--runs", "1"],
         "memory": ["--actions", "300", "--first", "100", "--every", "100"],
         "pixels": ["--runs", "4"], "raster": ["--repeat", "3"]}


def ratio_row(bench: str, what: str, ours, floor, goal: float, unit: str) -> list:
    """A row "ours / floor, ours ÷ floor" with its goal."""
    if not ours or not floor:
        return [bench, what, "–", f"≤ {goal}×", "–"]
    r = ours / floor
    return [bench, what, f"{ours:.3g} / {floor:.3g} {unit}, {r:.2f}×", f"≤ {goal}×",
            "met" if r <= goal else "MISSED"]


START, END = "<!-- figures:start -->", "<!-- figures:end -->"


def budget_rows(res: dict) -> list[list]:
    rows = []
    e = res.get("engine")
    if e:
        g = e["games"]
        aim = e["aims"]["seahaven_fast_apply_undo_per_s"]
        rows.append(["engine", "Seahaven _apply+_undo per s", f"{aim['value']:,}",
                     f"aim ≥ {aim['aim']:,}", "met" if aim["met"] else "MISSED"])
        eh = g["easy-harp"]["fast_apply_undo_per_s"]["best"]
        rows.append(["engine", "Easy Harp _apply+_undo per s", f"{eh:,}", "–", ""])
        for game, label in (("seahaven-towers", "Seahaven"), ("easy-harp", "Easy Harp")):
            rows.append(["engine", f"{label} play+undo (checked) per s",
                         f"{g[game]['checked_play_undo_per_s']['best']:,}", "–", ""])
            rows.append(["engine", f"{label} legal_moves() per s",
                         f"{g[game]['legal_moves_calls_per_s']['best']:,}", "–", ""])
    s = res.get("startup")
    if s:
        c = s["cold_start_s"]
        rows.append(["startup", "cold start, median (range) s",
                     f"{c['median']:.2f} ({c['min']:.2f}–{c['max']:.2f})",
                     f"≤ {c['budget']} (aim {c['aim']})",
                     c["verdict"] + ("" if c["aim_met"] else ", aim missed")])
        sb = s.get("side_by_side") or {}
        o, f = sb.get("ours") or {}, sb.get("bare") or {}
        for key, what, unit in (("cards", "first cards painted / floor's first paint", "s"),
                                ("ready", "ready / floor's ready", "s"),
                                ("pss", "PSS 3 s after the spawn / floor's", "MB")):
            k = "pss_mb" if key == "pss" else f"{key}_s"
            rows.append(ratio_row("startup", what, o.get(k), f.get(k), FLOOR_GOALS[key], unit))
    a = res.get("actions")
    if a:
        for kind, k in a["kinds"].items():
            d = k["up_to_dom"]
            b = a["budgets"][kind]
            rows.append(["actions", f"{kind}: pointer-up → DOM p50 / p99 ms",
                         f"{d.get('p50')} / {d.get('p99')}",
                         f"≤ {b['p50_ms'][1]:g} / ≤ {b['p99_ms'][1]:g}",
                         f"{b['p50_ms'][2]} / {b['p99_ms'][2]}"])
            rows.append(["actions", f"{kind}: shown in the next frame %", f"{k['next_frame_share']}",
                         f"≥ {b['next_frame_pct'][1]:g}", b["next_frame_pct"][2]])
        br, bb = a["bridge"]["ms"], a["budgets"]["bridge_state"]["p50_ms"]
        rows.append(["actions", f"bridge state() {a['bridge']['cards']} cards p50 ms", f"{br['p50']}",
                     f"≤ {bb[1]:g}", bb[2]])
    d = res.get("drag")
    if d:
        iv, b95, b99 = d["intervals_ms"], d["budgets"]["p95_ms"], d["budgets"]["p99_ms"]
        rows.append(["drag", "frame interval p95 / p99 ms", f"{iv['p95']} / {iv['p99']}",
                     f"≤ {b95[1]:g} / ≤ {b99[1]:g}", f"{b95[2]} / {b99[2]}"])
        rows.append(["drag", "idle frame interval p95 ms (baseline)", f"{d['idle']['p95']}", "–", ""])
    m = res.get("memory")
    if m:
        first = m["settings"]["first"]
        rows.append(["memory", f"PSS after {first} actions MB", f"{m['pss_after_first_mb']}", "–", ""])
        span = f"{first} → {m['checkpoints'][-1]['actions']}"
        rows.append(["memory", f"anonymous memory growth {span} MB",
                     f"{m['anon_growth_mb']:+.2f}", f"< {m['budget']['growth_mb'][1]:g}",
                     "incomplete: " + m["error"][:40] if m.get("error") else m["budget"]["growth_mb"][2]])
        rows.append(["memory", f"PSS growth {span} MB", f"{m['pss_growth_mb']:+.2f}", "–", ""])
        if "uss_growth_mb" in m:
            rows.append(["memory", "USS (private) growth MB: Python / QtWebEngine",
                         f"{m['python_uss_growth_mb']:+.2f} / {m['webengine_uss_growth_mb']:+.2f}", "–", ""])
        cc = m.get("crash_check")
        if cc:
            rows.append(["memory", "bridge calls until the app aborts (no padding)",
                         f"{cc.get('calls_survived')}" + (" (aborted)" if cc.get("exit_status") else ""),
                         "–", "CRASH" if cc.get("exit_status") else "ok"])
    px = res.get("pixels")
    if px:
        for action, by in px["summary"].items():
            rows.append(ratio_row("pixels", f"{action}: first changed pixels, median / floor's",
                                  (by.get("ours") or {}).get("median"),
                                  (by.get("floor") or {}).get("median"), FLOOR_GOALS["pixels"], "ms"))
    ra = res.get("raster")
    if ra:
        for game in ("easy-harp", "seahaven"):
            r = ra.get(game) or {}
            part = next((k for k in r if k not in ("layer", "whole", "ops")), None)
            if part:
                rows.append(["raster", f"{game}: painting the table / {part} ms",
                             f"{r['whole']} / {r[part]}", "–", ""])
    return rows


def run(names: list[str], quick: bool) -> dict:
    """Each bench of ``names`` in its own process, one after the other; their results."""
    ensure_display("3920x900")   # one display for all (pixels.py's four windows side by side)
    out = {"machine": machine(), "quick": quick, "results": {}, "seconds": {}, "loadavg": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            path = Path(tmp) / f"{name}.json"
            cmd = [sys.executable, str(BENCH / f"{name}.py"), "--json", str(path), "--quiet",
                   *(QUICK[name] if quick else [])]
            print(f"== {name}: {' '.join(cmd[1:])}", flush=True)
            out["loadavg"][name] = {"before": loadavg()}
            t0 = time.perf_counter()
            rc = subprocess.run(cmd).returncode
            out["seconds"][name] = round(time.perf_counter() - t0, 1)
            out["loadavg"][name]["after"] = loadavg()
            if rc == 0 and path.exists():
                out["results"][name] = json.loads(path.read_text())
            else:
                out["results"][name] = None
                print(f"!! {name} failed (exit {rc})", flush=True)
    return out


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", help="comma-separated subset of " + ",".join(ORDER))
    p.add_argument("--quick", action="store_true")
    p.add_argument("--readme", action="store_true", help="update the figures in bench/README.md")
    p.add_argument("--out", default=str(BENCH / "latest.json"))
    p.add_argument("--render", action="store_true",
                   help="run nothing: the table (and with --readme the README) again from --out")
    args = p.parse_args(argv)
    names = args.only.split(",") if args.only else ORDER
    out = json.loads(Path(args.out).read_text()) if args.render else run(names, args.quick)
    res = {k: v for k, v in out["results"].items() if v}
    rows = budget_rows(res)
    out["budgets"] = [dict(zip(["bench", "what", "value", "budget", "verdict"], r)) for r in rows]
    mach = out["machine"]
    title = (f"Budgets — {mach['date']}, {mach['nproc']} × {mach['cpu']}"
             + (" (quick run)" if out["quick"] else ""))
    text = table(title, ["bench", "what", "value", "budget", "verdict"], rows)
    print("\n" + text)
    if not args.render:
        Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
        print(f"\nwrote {args.out}")
    if args.readme:
        readme = BENCH / "README.md"
        body = readme.read_text()
        if START in body and END in body:
            loads = ", ".join(f"{k} {v['before'][0] if v['before'] else '?'}"
                              for k, v in out["loadavg"].items())
            block = (f"{START}\n```\n{text}\n```\n"
                     f"Machine: `nproc` = {mach['nproc']}, CPU `{mach['cpu']}`, {mach['os']}, "
                     f"Python {mach['versions'].get('python')}, pywebview "
                     f"{mach['versions'].get('pywebview')}, PySide6 {mach['versions'].get('PySide6')}. "
                     f"1-min load average when each bench started: {loads}.\n{END}")
            body = body[:body.index(START)] + block + body[body.index(END) + len(END):]
            readme.write_text(body)
            print(f"updated {readme}")
    return out


if __name__ == "__main__":
    main()
