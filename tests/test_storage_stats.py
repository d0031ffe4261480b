"""Storage, part three (issue 5): the statistics rules, against a small model of them written
here from the issue's wording.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harptowers import storage
from ht_storage import KEYS, ZERO


# ---- statistics ----------------------------------------------------------------------------
EH = "easy-harp/N"


def entry(stats, key=EH):
    return stats["games"][key]


def test_a_game_counts_from_its_first_move_once():
    s0 = storage.default_stats()
    s1 = storage.record_start(s0, EH, "g1")
    s2 = storage.record_start(s1, EH, "g1")
    assert entry(s1)["played"] == entry(s2)["played"] == 1
    assert s0 == {"games": {k: ZERO for k in KEYS}, "current": None,
        "history": [], "daily_won": {}}  # pure


def test_abandoning_a_started_game_is_a_loss_and_an_unstarted_one_nothing():
    s = storage.record_win(storage.default_stats(), EH, "g1", score=1300, moves=400,
                           seconds=100.0)
    s = storage.record_start(s, EH, "g2")
    s = storage.record_abandon(s, "g2", score=240, seconds=50.0)
    assert {k: entry(s)[k] for k in ("played", "won", "streak", "best_streak")} == \
        {"played": 2, "won": 1, "streak": 0, "best_streak": 1}
    assert entry(s)["seconds"] == 150.0
    assert s["current"] is None
    before = copy.deepcopy(s)
    assert storage.record_abandon(s, "g3", score=0, seconds=9.0) == before  # never started
    assert s == before


def test_winning_again_after_undoing_out_of_a_win_counts_once():
    s = storage.record_start(storage.default_stats(), EH, "g1")
    s = storage.record_win(s, EH, "g1", score=1220, moves=300, seconds=60.0)
    # the player undoes out of the win, plays on and wins again, with other figures
    s = storage.record_start(s, EH, "g1")
    s = storage.record_win(s, EH, "g1", score=1240, moves=310, seconds=90.0)
    e = entry(s)
    assert (e["played"], e["won"], e["streak"], e["best_score"], e["fewest_moves"]) == \
        (1, 1, 1, 1220, 300)
    # and leaving it now is not a loss
    s = storage.record_abandon(s, "g1", score=1240, seconds=90.0)
    assert entry(s)["streak"] == 1 and entry(s)["won"] == 1


def test_best_score_fewest_moves_streaks_time_and_win_rate():
    s = storage.default_stats()
    # W (1300, 420 moves), W (1250, 380), L (900), W (1400, 450), W (1220, 500), W (1230, 390)
    plan = [("W", 1300, 420), ("W", 1250, 380), ("L", 900, 0), ("W", 1400, 450),
            ("W", 1220, 500), ("W", 1230, 390)]
    for i, (result, score, moves) in enumerate(plan):
        gid = f"g{i}"
        s = storage.record_start(s, EH, gid)
        if result == "W":
            s = storage.record_win(s, EH, gid, score=score, moves=moves, seconds=10.0)
        s = storage.record_abandon(s, gid, score=score, seconds=10.0)  # then a new game
    e = entry(s)
    assert (e["played"], e["won"]) == (6, 5)
    assert e["best_score"] == 1400
    assert e["fewest_moves"] == 380
    assert (e["streak"], e["best_streak"]) == (3, 3)
    assert e["seconds"] == 60.0
    assert storage.stats_view(s)[EH]["win_rate"] == pytest.approx(5 / 6)
    assert storage.stats_view(s)["seahaven-towers/C4"]["win_rate"] is None


def test_each_game_and_variant_counts_apart():
    s = storage.record_win(storage.default_stats(), "seahaven-towers/C1", "a", score=520,
                           moves=120, seconds=1.0)
    s = storage.record_start(s, "seahaven-towers/C4", "b")
    assert entry(s, "seahaven-towers/C1")["won"] == 1
    assert entry(s, "seahaven-towers/C1")["streak"] == 1  # the C4 game did not end it
    assert entry(s, "seahaven-towers/C4")["played"] == 1
    assert entry(s, "seahaven-towers/C2") == ZERO and entry(s) == ZERO


def test_a_new_start_while_another_attempt_is_unfinished_ends_its_streak():
    s = storage.record_win(storage.default_stats(), EH, "a", score=1, moves=1, seconds=0)
    s = storage.record_start(s, EH, "b")        # started, never won, never abandoned
    s = storage.record_start(s, EH, "c")
    assert entry(s)["streak"] == 0 and entry(s)["played"] == 3


def test_best_score_comes_from_wins_only():
    """Issue 42 item 6: an Easy Harp game left with 25 points showed "Best score 25" with no
    win. A score is a record only when its game was won; a file from before keeps its
    figures, but shows none where there was no win."""
    s = storage.record_start(storage.default_stats(), EH, "a")
    s = storage.record_abandon(s, "a", score=25, seconds=30.0)
    assert entry(s)["best_score"] is None
    s = storage.record_start(s, EH, "b")
    s = storage.record_win(s, EH, "b", score=1220, moves=300, seconds=60.0)
    s = storage.record_start(s, EH, "c")
    s = storage.record_abandon(s, "c", score=1300, seconds=30.0)   # more points, not won
    assert entry(s)["best_score"] == 1220
    old = storage.default_stats()
    old["games"][EH].update(played=1, best_score=25)                  # written before
    assert storage.stats_view(old)[EH]["best_score"] is None


def test_reset_all_or_one_and_the_game_in_progress_counts_again():
    s = storage.record_win(storage.default_stats(), "seahaven-towers/C2", "x", score=520,
                           moves=99, seconds=5.0)
    s = storage.record_start(s, EH, "y")
    one = storage.reset_stats(s, EH)
    assert entry(one) == ZERO and one["current"] is None
    assert entry(one, "seahaven-towers/C2")["won"] == 1
    one = storage.record_start(one, EH, "y")  # the game being played counts from its next move
    assert entry(one)["played"] == 1
    assert storage.reset_stats(s) == {"games": {k: ZERO for k in KEYS}, "current": None,
        "history": [], "daily_won": {}}
    assert entry(s)["played"] == 1  # reset is pure too


class Model:
    """The rules as the issue states them, kept as a list of finished attempts."""

    def __init__(self) -> None:
        self.started: set[str] = set()
        self.won: dict[str, tuple[int, int]] = {}
        self.results: list[str] = []      # "W"/"L" in the order attempts were decided
        self.scores: list[int] = []

    def expect(self) -> dict:
        best, cur = 0, 0
        for r in self.results:
            cur = cur + 1 if r == "W" else 0
            best = max(best, cur)
        return {"played": len(self.started), "won": len(self.won), "streak": cur,
                "best_streak": best,
                "best_score": max(self.scores) if self.scores else None,
                "fewest_moves": min(m for _, m in self.won.values()) if self.won else None}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["move", "win", "undo-out-of-win", "new"]),
                          st.integers(0, 2000), st.integers(1, 900)), max_size=40))
def test_statistics_follow_the_rules_for_any_sequence(events):
    s = storage.default_stats()
    model = Model()
    n, gid, is_won, started = 0, "g0", False, False
    for kind, score, moves in events:
        if kind == "move" and not is_won:
            s = storage.record_start(s, EH, gid)
            model.started.add(gid)
            started = True
        elif kind == "win" and not is_won:
            s = storage.record_start(s, EH, gid)
            s = storage.record_win(s, EH, gid, score=score, moves=moves, seconds=1.0)
            model.started.add(gid)
            if gid not in model.won:
                model.won[gid] = (score, moves)
                model.results.append("W")
                model.scores.append(score)
            started, is_won = True, True
        elif kind == "undo-out-of-win" and is_won:
            is_won = False
        elif kind == "new":
            s = storage.record_abandon(s, gid, score=score, seconds=1.0)
            if started and gid not in model.won:
                model.results.append("L")   # its score is no record (issue 42)
            n += 1
            gid, is_won, started = f"g{n}", False, False
    got = entry(s)
    assert {k: got[k] for k in model.expect()} == model.expect()
