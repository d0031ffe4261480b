"""Our start-up figures against the rivals' (bench/startup.py, bench/README.md "Side by side").

``side_by_side`` gives the medians per app and our ratios of medians, as every run printed
so far. ``paired`` gives the figure that holds on a machine whose speed drifts: the starts
interleave (ours, the bare page, Aisleriot, ours, …), so each of our starts has a rival start
a few seconds away; the ratio of each such pair cancels what the machine was doing then, and
their median with a bootstrap 95 % interval says how sure the verdict is. ``pool`` does the
same over the per-start lists of several saved runs (``bench/startup.py --pool F …``).
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path
from typing import Any, Optional

RESAMPLES = 4000


def _med(values: list) -> Optional[float]:
    v = [x for x in values if x is not None]
    return statistics.median(v) if v else None


def paired(ours: list, theirs: list, seed: int = 1) -> Optional[dict[str, Any]]:
    """Median of ``ours[i] / theirs[i]`` over the pairs where both are known, with a
    percentile bootstrap 95 % interval (a fixed seed: the same lists give the same figures)."""
    ratios = [a / b for a, b in zip(ours, theirs) if a and b]
    if not ratios:
        return None
    rng = random.Random(seed)
    boot = sorted(statistics.median(rng.choices(ratios, k=len(ratios)))
                  for _ in range(RESAMPLES))
    return {"median": round(statistics.median(ratios), 3), "pairs": len(ratios),
            "ci95": [round(boot[int(RESAMPLES * 0.025)], 3),
                     round(boot[int(RESAMPLES * 0.975) - 1], 3)]}


def _paired_rows(summ: dict, rivals: list[str]) -> tuple[dict, list[list]]:
    out: dict[str, dict] = {}
    rows = []
    for what, key in (("first cards: median of paired ratios (95 % CI)", "cards_each_s"),
                      ("ready: median of paired ratios (95 % CI)", "ready_each_s")):
        line: list = [what, "", *["" for _ in rivals]]
        for k in rivals:
            p = paired(summ["ours"][key], summ[k][key])
            out.setdefault(k, {})[key.replace("_each_s", "")] = p
            line.append(f"{p['median']:.2f}× ({p['ci95'][0]:.2f}–{p['ci95'][1]:.2f}), "
                        f"{p['pairs']} pairs" if p else "–")
        rows.append(line)
    return out, rows


def side_by_side(ours: list[dict], rivals: dict[str, list[dict]]) -> tuple[dict, list[list]]:
    """Medians per app of the screen times, ready and PSS, our ratios against each
    (``ours``/rival runs hold ``screen`` and, for ours and the bare page, ``ready_s``), and
    the paired ratios (``summ["paired"]``)."""
    def row(runs: list[dict], ready_key: str) -> dict:
        sc = [r.get("screen") or {} for r in runs]
        return {"window_s": _med([s.get("window_s") for s in sc]),
                "cards_s": _med([s.get("cards_s") for s in sc]),
                "ready_s": _med([r.get(ready_key) for r in runs]),
                "pss_mb": _med([(s.get("memory") or {}).get("pss_kb", 0) / 1024 or None for s in sc]),
                "anon_mb": _med([(s.get("memory") or {}).get("anon_kb", 0) / 1024 or None for s in sc]),
                "runs": len(runs),  # each start's figures, in the order they ran (interleaved)
                "cards_each_s": [s.get("cards_s") and round(s["cards_s"], 3) for s in sc],
                "ready_each_s": [r.get(ready_key) and round(r[ready_key], 3) for r in runs],
                # seconds each start's file cache warming took (bench/_warm.py): slow = was cold
                "warm_each_s": [(s.get("warmed") or {}).get("s") for s in sc]}
    summ = {"ours": row(ours, "total_s")}
    for k, runs in rivals.items():
        summ[k] = row(runs, "ready_s")
    rows = []
    for what, key in (("window on screen s", "window_s"), ("first cards painted s", "cards_s"),
                      ("ready (data-ready / pywebviewready) s", "ready_s"),
                      ("PSS 3 s after spawn MB", "pss_mb"), ("anonymous MB", "anon_mb")):
        o = summ["ours"][key]
        line = [what] + [None if summ[k][key] is None else round(summ[k][key], 3) for k in summ]
        line += [f"{o / summ[k][key]:.2f}×" if o and summ[k][key] else "–" for k in rivals]
        rows.append(line)
    summ["paired"], more = _paired_rows(summ, list(rivals))
    return summ, rows + more


def pool(files: list[Path]) -> dict:
    """The paired ratios over the per-start lists of several saved bench/startup.py runs
    (their ``--json`` files), in the order given."""
    summ: dict[str, dict[str, list]] = {}
    for f in files:
        for k, v in json.loads(Path(f).read_text())["side_by_side"].items():
            if k == "paired":
                continue
            for key in ("cards_each_s", "ready_each_s"):
                summ.setdefault(k, {}).setdefault(key, []).extend(v[key])
    return _paired_rows(summ, [k for k in summ if k != "ours"])[0]
