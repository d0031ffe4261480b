"""Hints (issue 9): ``Api.hint`` through the solver process, its cache and the hint count; the
Easy Harp hint that sees only what the player sees; "Winnable deals only" and its setting."""

from __future__ import annotations

import copy
import threading

import pytest
from harptowers import storage
from harptowers.hints import service as hinting
from harptowers.engine.solvers import easy_harp as easy_harp_solver
from harptowers.engine.solvers import harp_ways
from harptowers.hints import search as hints
from harptowers.engine import new_game, parse_move
from harptowers.engine.notation import parse_moves
from harptowers.engine.codes import format_code
from harptowers.engine.notation import parse_pile
from harptowers.engine.published import winnable_deals
from harptowers.engine.solvers import UNKNOWN, WINNABLE, Result, solve
from ht_support import build

SH314 = "SH1-C4-AAAAAJ2"       # Seahaven deal 314, 4 cells: winnable (test_solver.py)


def ok(answer):
    assert answer["ok"] is True, answer
    return answer


def as_hint(game, move) -> dict:
    pile = game.pile(move.src)
    return {"from": str(move.src), "index": len(pile) - move.count,
            "to": "f" if move.dst.kind == "f" else str(move.dst)}


# ---- Seahaven: the solver's first move, then hints all the way to a win -------------------

@pytest.mark.rule("SH-10")
def test_seahaven_hint_is_the_solvers_first_move(make_api):
    api = make_api(SH314)
    for move in ("t6-f", "c1-t5", "t7-t2"):            # a pinned position after three moves
        frm, to = move.split("-")
        pile = api._game.pile(parse_pile(frm))
        ok(api.play({"from": frm, "index": len(pile) - 1, "to": to}))
    expected = solve(hints.build(hints.position(api._game)), limit_seconds=10)
    assert expected.verdict == WINNABLE
    answer = ok(api.hint())
    got = answer["hint"]
    assert {k: got[k] for k in ("from", "index", "to")} == as_hint(api._game, expected.solution[0])
    assert answer["state"]["hints"] == 1


@pytest.mark.rule("SH-10")
def test_following_the_hints_wins_and_counts_them(make_api):
    saved = []
    api = make_api(SH314)
    api._saver = type("S", (), {"submit": lambda self, doc: saved.append(doc)})()
    searches = []
    real = api._solver.search
    api._solver.search = lambda pos: searches.append(1) or real(pos)
    given = 0
    for _ in range(300):
        answer = ok(api.hint())
        h = answer["hint"]
        assert set(h) == {"from", "index", "to", "pile", "card", "count", "place", "onto",
                          "turns"}, h
        given += 1
        played = ok(api.play({k: h[k] for k in ("from", "index", "to")}))
        # "pile": where the card landed (issue 42: a foundation hint lights that one pile)
        if h["pile"] is not None:
            landed = next(p for p in played["state"]["piles"] if p["id"] == h["pile"])
            assert landed["cards"][-h["count"]]["card"] == h["card"], h
        if played["state"]["won"]:
            break
    state = played["state"]
    assert state["won"] and state["hints"] == given
    assert len(searches) == 1              # the first solution served every later hint
    entry = api.statistics()["statistics"]["seahaven-towers/C4"]
    assert (entry["won"], entry["hints"]) == (1, given)
    assert saved[-1]["game"]["hints"] == given
    # a won game has nothing to hint (SH-14, like any action on a won game)
    refusal = api.hint()
    assert refusal["ok"] is False and refusal["refusal"]["rule"] == "SH-14"


def test_an_unwinnable_position_says_so_and_counts(make_api):
    # C4, three Kings in the cells; every column's two top cards have even ranks: proven dead
    # (tests/test_solver.py, dead_position)
    tops = ["2S", "2H", "2D", "2C", "4S", "4H", "4D", "4C", "6S", "6H"]
    seconds = ["TC", "TD", "TH", "TS", "8C", "8D", "8H", "8S", "6C", "6D"]
    api = make_api(SH314)
    api._game = build("sh", tableau=[[s, t] for s, t in zip(seconds, tops)],
                      cells=["KS", "KH", "KD", None], rest=list(range(10)))
    answer = ok(api.hint())
    assert answer["hint"] == {"verdict": "unwinnable"}
    assert answer["state"]["hints"] == 1
    assert ok(api.hint())["hint"] == {"verdict": "unwinnable"}   # from the cache


def test_the_lock_is_free_while_the_solver_runs_and_a_changed_game_is_stale(make_api):
    api = make_api(SH314)
    played = []

    def meanwhile(pos):
        # another bridge call while the search runs: it must not wait for the hint
        t = threading.Thread(target=lambda: played.append(api.play(
            {"from": "t6", "index": 4, "to": "f"})))
        t.start()
        t.join(5)
        assert not t.is_alive(), "the bridge lock was held during the search"
        return {"verdict": WINNABLE, "solution": "t6-f"}

    api._solver.search = meanwhile
    answer = ok(api.hint())
    assert played and played[0]["ok"]
    assert answer["hint"] == {"verdict": "stale"}
    assert answer["state"]["hints"] == 0


def test_a_search_without_an_answer_in_time_is_unknown(make_api):
    api = make_api(SH314)
    api._solver.search = lambda pos: {"verdict": "unknown", "solution": None}
    answer = ok(api.hint())
    assert answer["hint"] == {"verdict": "unknown"} and answer["state"]["hints"] == 0


# ---- Easy Harp: never from the face-down cards ---------------------------------------------

def _eh_pair():
    """Two positions alike in everything the player sees, the face-down cards swapped (the
    stock gone through: its cards are in the waste)."""
    f = [13, 13, 13, 13, 12, 12, 10, 10]
    a = build("eh", tableau=["jc kc QC", "kd KD", "JC", "", "", "", "", "", ""],
              foundations=f, waste=["QC", "KC"])
    b = build("eh", tableau=["kd kc QC", "jc KD", "JC", "", "", "", "", "", ""],
              foundations=f, waste=["QC", "KC"])
    return a, b


@pytest.mark.rule("EH-08")
def test_easy_harp_hint_does_not_depend_on_hidden_cards(make_api):
    a, b = _eh_pair()
    assert a.columns[0][0].text != b.columns[0][0].text        # the hidden cards differ
    pa, pb = hints.position(a), hints.position(b)
    assert pa == pb                                            # the worker gets the same data
    assert all(t is None for t in pa["columns"][0][:2]) and pa["seen_stock"] is None
    ra = hints.solve_position(pa, seconds=None)   # the solver process keeps nothing between
    rb = hints.solve_position(pb, seconds=None)   # two searches: both are searched alike
    plans = [r.pop("plan") for r in (ra, rb)]
    assert ra == rb and ra["verdict"] == WINNABLE
    assert plans[0]["steps"] == plans[1]["steps"]
    # the fallback when no sample is won: a move chosen by what is visible, the same for both
    assert hints.visible_move(a) == hints.visible_move(b) is not None
    assert "-f" in str(hints.visible_move(a))          # a foundation move comes first
    answers = []
    for g in (a, b):
        api = make_api("EH1-N-AAAAAAF")
        api._game = g
        answers.append(ok(api.hint())["hint"])
    assert answers[0] == answers[1]
    assert set(answers[0]) >= {"from", "index", "to", "card", "place", "onto", "turns"}


def test_the_first_real_move_of_a_won_sample_is_the_hint_not_its_stock_taps():
    """Issue 15: a sampled win that starts with stock taps and then a column move votes for
    the column move; one that taps to dig a card out of the stock votes for the stock."""
    g = new_game("EH1-N-AAAAAAF")
    s, w = parse_move("s"), parse_move("t3-t1")
    assert hints.first_move([s, s, w], g) == "t3-t1"
    assert hints.first_move([s, s, parse_move("w-t1")], g) == "s"
    assert hints.first_move([parse_move("w-t1")], g) == "w-t1"


@pytest.mark.rule("EH-08")
def test_a_kept_plan_serves_the_next_hints_until_a_card_contradicts_it(monkeypatch):
    """Issue 15: after a hint from a won sample, the next hints come from that sample's
    solution while everything visible is where the sample has it; a turned card that the
    sample had elsewhere drops the plan (a new search follows). (The samples solved whole:
    what the hints fall back on when no way on wins a sample, hint_ways.py.)"""
    monkeypatch.setattr(harp_ways, "weigh", lambda *a, **k: None)
    a, _ = _eh_pair()
    pos = hints.position(a)
    first = hints.solve_position(pos, seconds=None)
    plan = first["plan"]
    assert first["verdict"] == WINNABLE and plan["won"]
    steps = [list(s) for s in plan["steps"]]
    # the real hidden cards are where the kept sample has them (its first move turns a card)
    a = copy.deepcopy(plan["game"])
    assert hints.position(a) == pos
    cache = hinting.HintCache()                   # the app's one cache keeps the plan
    assert str(cache.learn("attempt", a, first)["move"]) == first["solution"]
    b = copy.deepcopy(a)
    a.play(parse_move(first["solution"]))
    nxt = cache.lookup("attempt", a)              # the plan answers: no new search
    assert nxt is not None and "guess" not in nxt
    assert nxt["move"] in (steps[1][-1], parse_move("s"))
    # a position where one face-up card is another than the sample has there (as when a
    # turned card is not the sample's): the plan no longer fits and is done with
    i, j = [k for k, c in enumerate(b.columns) if len(c) > b.down[k]][:2]
    assert b.columns[i][-1].text != b.columns[j][-1].text
    b.columns[i][-1], b.columns[j][-1] = b.columns[j][-1], b.columns[i][-1]   # two tops swapped
    assert cache.lookup("attempt", b) is None and cache._plan is None


def test_unseen_cards_are_the_deck_minus_what_is_visible():
    a, _ = _eh_pair()
    left = sorted(c.text for c in hints.unseen(hints.position(a)))
    assert left == sorted(["JC", "KC", "KD"])                 # the 3 face-down cards


@pytest.mark.rule("EH-11")
def test_after_the_first_redeal_the_stock_is_seen_and_the_face_down_cards_are_not():
    """Issue 15: every card of the stock went by face up on the waste before a redeal, so
    the hint knows the stock after the first one; before it, only its size."""
    g = new_game("EH1-N-AAAAAAD")
    before = hints.position(g)
    assert before["seen_stock"] is None and len(hints.unseen(before)) == 36 + 59
    # the Ace on column 8 goes home first (see the next test); then, until the first redeal,
    # the hint is to go through the stock (a pass costs nothing, EH-11)
    assert hints.solve_position(before)["solution"] == "t8-f"
    g.play(parse_move("t8-f"))
    before = hints.position(g)
    first = hints.solve_position(before)
    assert (first["solution"], first["first_pass"]) == ("s", True)
    said, used = hinting.answer(g, hinting.HintCache().learn("x", g, first))
    assert said["place"] == "stock" and said["first_pass"] is True and used
    for _ in range(59 + 1 + 3):          # the whole stock, the redeal, three cards again
        g.play(parse_move("s"))
    assert g.passes == 1 and len(g.stock) == 56
    pos = hints.position(g)
    assert pos["seen_stock"] == [g.card_id(c) for c in g.stock]
    face_down = sorted(c.text for col, d in zip(g.columns, g.down) for c in col[:d])
    assert sorted(c.text for c in hints.unseen(pos)) == face_down
    rebuilt = hints.build(pos, hints.unseen(pos))
    assert [c.text for c in rebuilt.stock] == [c.text for c in g.stock]
    assert hints.hides(pos) and not hints.hides({**pos, "columns": [[]] * 9})
    assert not hints.solve_position(pos).get("first_pass")


@pytest.mark.rule("EH-11")
def test_with_the_stock_seen_and_no_card_face_down_the_whole_solution_serves_the_hints():
    g = build("eh", tableau=["KD", "KD", "JC", "JC", "", "", "", "", ""],
              foundations=[13, 13, 13, 13, 12, 12, 10, 10], stock=["KC", "QC", "KC", "QC"])
    g.passes = 1
    pos = hints.position(g)
    assert not hints.hides(pos)
    found = hints.solve_position(pos)
    moves = parse_moves(found["solution"])
    cache = hinting.HintCache()
    assert cache.learn("x", g, found) == {"move": moves[0]}
    for m in moves:                       # each hint along the way comes from the cache
        assert cache.lookup("x", g) == {"move": m}
        g.play(m)
    assert g.won


def test_one_possible_deal_of_the_hidden_cards_is_searched_once_a_round_with_more_budget(
        monkeypatch):
    """Issue 15: with one face-down card there is one sample; it is searched once a round,
    each round with twice the positions (12 000, 24 000, 48 000), not four times alike."""
    g = build("eh", tableau=["kc QC", "KD", "KD", "JC", "", "", "", "", ""],
              foundations=[13, 13, 13, 13, 12, 12, 11, 10], waste=["QC", "KC"])
    budgets = []

    def fake_solve(sample, limit_seconds, max_nodes):
        assert sample.columns[0][0].text == "KC"           # the only card it can be
        budgets.append(max_nodes)
        return Result(UNKNOWN)

    monkeypatch.setattr(hints, "solve", fake_solve)
    monkeypatch.setattr(easy_harp_solver, "best_line", lambda sample, nodes: (False, []))
    monkeypatch.setattr(harp_ways, "weigh", lambda *a, **k: None)  # no way won
    answer = hints.solve_position(hints.position(g), seconds=None)
    assert budgets == [12_000, 24_000, 48_000]
    assert answer["verdict"] == "guess" and answer["samples"] == 3


def test_a_lost_samples_best_line_is_playable_and_a_found_win_wins():
    """Issue 15: without a win in its budget the greedy search still gives the way to the
    best position it reached: every move legal from the position, nothing home lost."""
    from harptowers.engine.solvers.easy_harp import best_line
    g = new_game("EH1-N-AAAAAAC")
    won, line = best_line(g, 300)
    assert not won and line
    start = g.home
    for m in line:
        g.play(m)                        # the checked path: raises on an illegal move
    assert g.home >= start
    won, line = best_line(new_game("EH1-N-AAAAAAB"), 200_000)
    g = new_game("EH1-N-AAAAAAB")
    for m in line:
        g.play(m)
    assert won and g.won


# ---- winnable deals only (issue 9) ---------------------------------------------------------

@pytest.mark.parametrize("game, variant", [("seahaven-towers", "C1"), ("seahaven-towers", "C2"),
                                           ("seahaven-towers", "C4"), ("easy-harp", "N")])
def test_winnable_only_deals_come_from_the_shipped_list(make_api, game, variant):
    api = make_api(SH314)
    listed = set(winnable_deals(game, variant))
    assert listed
    for _ in range(12):
        s = ok(api.new_game({"game": game, "variant": variant, "mode": "new",
                             "winnable": True}))["state"]
        assert s["deal"] in listed and (s["game"], s["variant"]) == (game, variant)
        assert s["deal_of_day"] is False and s["hints"] == 0


def test_winnable_lists_are_sorted_and_a_listed_deal_is_won_by_the_solver():
    for game, variant in [("seahaven-towers", "C1"), ("seahaven-towers", "C2"),
                          ("seahaven-towers", "C4"), ("easy-harp", "N")]:
        deals = winnable_deals(game, variant)
        assert list(deals) == sorted(set(deals)) and 1 <= deals[0] and deals[-1] <= 999_999
    g = new_game(format_code("seahaven-towers", "C1", winnable_deals("seahaven-towers", "C1")[0]))
    res = solve(g, limit_seconds=20)
    assert res.verdict == WINNABLE


def test_winnable_only_setting_defaults_and_partial_change(make_api):
    api = make_api(SH314)
    s = ok(api.settings({}))["settings"]["winnable_only"]
    assert s == {"easy-harp/N": False, "seahaven-towers/C4": False,
                 "seahaven-towers/C2": True, "seahaven-towers/C1": True, "freecell/S": False,
                 "klondike/D1": False, "klondike/D3": False}
    s = ok(api.settings({"winnable_only": {"seahaven-towers/C2": False}}))["settings"]
    assert s["winnable_only"]["seahaven-towers/C2"] is False
    assert s["winnable_only"]["seahaven-towers/C1"] is True
    assert storage.DEFAULT_SETTINGS["winnable_only"]["seahaven-towers/C2"] is True
    bad = api.settings({"winnable_only": {"seahaven-towers/C9": True}})
    assert bad["ok"] is False and bad["error"]["code"] == "bad-argument"
    bad = api.settings({"winnable_only": {"seahaven-towers/C1": "yes"}})
    assert bad["ok"] is False and bad["error"]["code"] == "bad-argument"


def test_hints_and_the_setting_survive_a_save(tmp_path):
    rec = storage.GameRecord.start(SH314)
    rec.play(parse_move("t6-f"))
    rec.hints = 3
    settings = dict(storage.DEFAULT_SETTINGS,
                    winnable_only={**storage.DEFAULT_SETTINGS["winnable_only"],
                                   "easy-harp/N": True})
    storage.save(storage.document(settings, rec), tmp_path)
    got = storage.load(tmp_path)
    assert got.notice is None
    assert got.game.hints == 3
    assert got.settings["winnable_only"]["easy-harp/N"] is True
    # a save from before issue 9 (no "hints") still loads
    doc = storage.document(settings, rec)
    del doc["game"]["hints"]
    storage.save(doc, tmp_path)
    assert storage.load(tmp_path).game.hints == 0


# ---- the solver process ends with the app ---------------------------------------------------

_CHILD = """
import os, signal, sys
sys.path.insert(0, sys.argv[1])
from harptowers.api import Api
api = Api("SH1-C4-AAAAAJ2")
assert api.hint()["ok"]
print(api._solver.pid, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGKILL"), reason="POSIX kill -9")
def test_a_killed_app_leaves_no_solver_process():
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    backend = str(Path(__file__).resolve().parents[1] / "backend")
    out = subprocess.run([sys.executable, "-c", _CHILD, backend], capture_output=True,
                         text=True, timeout=60, check=False)
    pids = [int(x) for x in out.stdout.split()]
    assert len(pids) == 1, out
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pids[0], 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(pids[0], 9)
    pytest.fail("the solver process outlived the killed app")

