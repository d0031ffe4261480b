"""Klondike from real deals: the layout (KL-01 … KL-03) against ht_support's independent
shuffle, the stock's taps in both variants counted by hand (KL-10), random play whose every
position and score the test predicts itself from docs/rules.md (KL-17), undo restoring
exactly (KL-15), codes and ``harp-towers replay`` in both variants (KL-16), the solver's wins
replayed through the engine and the KL-18 check on their scores."""

from __future__ import annotations

import copy
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from harptowers.api import Api
from harptowers.engine import new_game, parse_code
from harptowers.engine.notation import STOCK_TAP
from harptowers.engine.solvers import WINNABLE, solve
from harptowers.hints import search as hints
from ht_support import b32, ref_deck, ref_seed, ref_shuffle

ROOT = Path(__file__).resolve().parents[1]
SUITS = "SHDC"


def ref_layout(number: int) -> dict:
    """Written from KL-01 … KL-03: row by row into columns 1 … 7 (column c gets c cards),
    only the last card of a column face up; the other 24 the stock, card 28 drawn first."""
    cards = [t for t, _ in ref_shuffle(ref_deck(1), ref_seed("KL", number))]
    cols: list[list[str]] = [[] for _ in range(7)]
    k = 0
    for row in range(7):
        for c in range(row, 7):
            cols[c].append(cards[k])
            k += 1
    return {"tableau": [[t.lower() for t in col[:-1]] + [col[-1]] for col in cols],
            "stock": [t.lower() for t in reversed(cards[28:])], "drawn": cards[28:]}


def expected_after(before: dict, move: str, draw: int) -> tuple[dict, int]:
    """The position and points KL-08/KL-10/KL-17 give for ``move`` (concrete piles)."""
    pos = copy.deepcopy(before)
    pts = 0
    if move == "s":
        if pos["stock"]:
            for _ in range(min(draw, len(pos["stock"]))):
                pos["waste"].append(pos["stock"].pop().upper())
        else:
            pos["stock"] = [c.lower() for c in reversed(pos["waste"])]
            pos["waste"] = []
    else:
        sk, sn, cnt, dk, dn = re.fullmatch(r"([wtf])(\d*)(?::(\d+))?-([tf])(\d+)", move).groups()
        n = int(cnt or 1)
        piles = {"w": [pos["waste"]], "t": pos["tableau"], "f": pos["foundations"]}
        src = piles[sk][int(sn or 1) - 1]
        moving = src[-n:]
        del src[-n:]
        piles[dk][int(dn) - 1].extend(moving)
        if sk == "t" and src and src[-1] != src[-1].upper():
            src[-1] = src[-1].upper()
            pts += 5
        if dk == "f":
            pts += 10
        if sk == "w" and dk == "t":
            pts += 5
        if sk == "f":
            pts -= 15
    pos["score"] = max(0, before["score"] + pts)
    pos["moves"] = before["moves"] + 1
    pos["won"] = sum(len(f) for f in pos["foundations"]) == 52
    return pos, pts


@pytest.mark.rule("KL-01", "KL-02", "KL-03", "KL-16")
@pytest.mark.parametrize("number", [1, 7, 314, 999_999])
@pytest.mark.parametrize("variant", ["D1", "D3"])
def test_the_deal_is_the_documented_shuffle_dealt_row_by_row(number, variant):
    ref = ref_layout(number)
    code = f"KL1-{variant}-{b32(number)}"
    pos = new_game(code).replay_json()
    assert pos["code"] == code and pos["game"] == "klondike" and pos["deal"] == number
    assert pos["tableau"] == ref["tableau"] and pos["stock"] == ref["stock"]
    assert pos["waste"] == [] and pos["foundations"] == [[], [], [], []] and pos["cells"] == []
    assert sum(len(c) for c in pos["tableau"]) == 28 and len(pos["stock"]) == 24
    assert sum(1 for c in pos["tableau"] for t in c if t != t.upper()) == 21


@pytest.mark.rule("KL-16")
def test_codes_name_the_game_the_variant_and_the_number():
    code = parse_code("KL1-D3-AAAAAAH")
    assert (code.game, code.variant, code.number) == ("klondike", "D3", 7)
    assert str(parse_code("kl1 d1 aaaaaah")) == "KL1-D1-AAAAAAH"


@pytest.mark.rule("KL-10")
@pytest.mark.parametrize("variant, draw, taps", [
    ("D1", 1, [["draw", 24, 1], ["recycle", 1, 24], ["draw", 24, 1]]),
    ("D3", 3, [["draw", 8, 3], ["recycle", 1, 24], ["draw", 8, 3]]),
])
def test_the_page_is_told_what_each_tap_does_and_taps_draw_so_many(variant, draw, taps):
    ref = ref_layout(5)
    api = Api(f"KL1-{variant}-{b32(5)}")
    s = api.state()["state"]
    stock = next(p for p in s["piles"] if p["id"] == "s")
    assert stock["taps"] == taps and stock["tap"] == {"from": "s", "to": "w", "count": draw}
    a = api.stock()
    assert a["ok"] and a["action"]["cards"] == ref["drawn"][:draw]   # the draw-th on top
    g = api._game
    for _ in range(24 // draw - 1):
        g.play(STOCK_TAP)
    assert [c.text for c in g.waste] == ref["drawn"] and g.stock == []
    assert g.stock_taps() == [("recycle", 1, 24)] + [tuple(t) for t in taps[:1]]


def _random_play(code: str, seed: int, steps: int) -> None:
    rnd = random.Random(seed)
    g = new_game(code)
    history: list[dict] = []
    for _ in range(steps):
        before = g.replay_json()
        if history and rnd.random() < 0.15:
            g.undo()
            assert g.replay_json() == {**history.pop(), "moves": before["moves"]}  # KL-15
            continue
        moves = g.legal_moves()
        if not moves:
            break
        m = rnd.choice(moves)
        text = "s" if m.dst is None else str(m)
        want, _ = expected_after(before, text, g.draw)
        g.play(m)
        assert g.replay_json() == want, text
        history.append(before)


@pytest.mark.rule("KL-15", "KL-17", "KL-08", "KL-10")
@pytest.mark.parametrize("code, seed", [("KL1-D1-AAAAAAB", 1), ("KL1-D3-AAAAAAC", 2),
                                        ("KL1-D1-AAAAAJ2", 3), ("KL1-D3-AAAAAJ2", 4)])
def test_random_play_matches_the_rules_and_undo_restores_exactly(code, seed):
    _random_play(code, seed, 300)


@pytest.mark.rule("KL-15")
def test_undo_all_the_way_back_is_the_deal_again():
    g = new_game("KL1-D3-AAAAAAH")
    start = g.replay_json()
    rnd = random.Random(9)
    for _ in range(60):
        g.play(rnd.choice(g.legal_moves()))
    while g.history:
        g.undo()
    assert g.replay_json() == {**start, "moves": 60}
    assert [c.text for c in g.stock] == [c.upper() for c in reversed(ref_layout(7)["drawn"])]


def run_replay(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "backend") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "harptowers", "replay", *args],
                          capture_output=True, text=True, env=env, timeout=60, cwd=ROOT)


@pytest.mark.rule("KL-16", "KL-10", "KL-07")
@pytest.mark.parametrize("variant, waste", [("D1", 2), ("D3", 6)])
def test_replay_on_the_command_line_in_both_variants(variant, waste):
    ref = ref_layout(7)
    p = run_replay(f"KL1-{variant}-AAAAAAH", "s s", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["game"] == "klondike" and out["moves"] == 2
    assert out["waste"] == ref["drawn"][:waste]
    assert out["stock"] == ref["stock"][:24 - waste]
    # deal 7: the 7H of t1 does not go on the 6H of t2: refused with KL-04
    bad = run_replay(f"KL1-{variant}-AAAAAAH", "s t1-t2", "--json")
    assert bad.returncode == 1
    refused = json.loads(bad.stdout)["refused"]
    assert refused["index"] == 1 and refused["rule"] == "KL-04"


@pytest.mark.rule("KL-18", "KL-12", "KL-11")
@pytest.mark.parametrize("code", ["KL1-D1-AAAAAAD", "KL1-D1-AAAAAAF", "KL1-D3-AAAAAAD"])
def test_a_solved_deal_replays_to_a_win_worth_625_plus_waste_plays(code):
    g = new_game(code)
    res = solve(g, limit_seconds=30)
    assert res.verdict == WINNABLE and res.solution is not None
    text = res.solution_text() or ""
    for m in res.solution:
        g.play(m)
    assert g.won
    # KL-18; a card taken back (−15) that goes home again (+10) costs 5 more, as long as
    # the score never reached its floor of 0 at a take-back (it is far above 15 by then)
    back = len(re.findall(r"\bf\d-t", text))
    assert g.score == 625 + 5 * len(re.findall(r"\bw-t\d", text)) - 5 * back


def test_hints_solve_samples_of_the_hidden_cards_whole():
    """No ``hint_ways``: once the stock has been seen, the face-down cards are sampled and
    each sample solved by Klondike's solver; the hint is a move the player can make."""
    api = Api("KL1-D1-AAAAAAD")
    g = api._game
    first = hints.solve_position(hints.position(g), seconds=2.0)
    assert first["solution"] == "s" and first.get("first_pass")   # the free pass first
    for _ in range(25):
        g.play(STOCK_TAP)
    pos = hints.position(g)
    assert pos["columns"][6][0] is None                              # never sees a hidden card
    answer = hints.solve_position(pos, seconds=8.0)
    assert answer["verdict"] in ("winnable", "guess")
    assert answer["solution"] in {"s" if m.dst is None else str(m) for m in g.legal_moves()}
