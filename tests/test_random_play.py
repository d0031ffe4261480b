"""Long random play from random deals (hypothesis), both games.

After every step, the test itself predicts the position and the score from the scoring tables
of RULES.md, the move text and the change of position (ht_support.expected_after: which cards
went where, whether a face-down card turned up), and checks card conservation (every card
exactly once per copy) and that undo restores the position exactly. legal_moves() is
cross-checked against brute force over every source, count and concrete destination.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harptowers.engine import IllegalMove, InvalidMove, new_game
from harptowers.engine.notation import STOCK, Move, PileRef
from ht_support import b32, card_texts, expected_after, full_deck_counter, ref_deck

CODES = st.builds(lambda prefix, n: f"{prefix}-{b32(n)}",
                  st.sampled_from(["EH1-N", "SH1-C4", "SH1-C2", "SH1-C1"]),
                  st.integers(1, 999_999))
RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "spec" / "RULES.md"
RULE_IDS = set(re.findall(r"\*\*((?:EH|SH|APP)-\d+)\*\*", RULES_MD.read_text())) \
    if RULES_MD.exists() else None


def without_moves(pos):
    return {k: v for k, v in pos.items() if k != "moves"}


def physical_cards(g) -> Counter:
    piles = [*g.columns, g.stock, g.waste, *g.foundations, *g.cells]
    return Counter((c.text, c.copy) for p in piles for c in p)


def check_conservation(g, pos):
    copies = g.decks
    assert card_texts(pos) == full_deck_counter(copies)
    assert physical_cards(g) == Counter(ref_deck(copies))
    assert sum(len(f) for f in pos["foundations"]) == g.home


def turned_up(before: dict, move: str) -> str | None:
    """The face-down card a column move uncovers (EH-08), read from the position before."""
    m = re.match(r"t(\d+)(?::(\d+))?-", move)
    if not m:
        return None
    col = before["tableau"][int(m[1]) - 1]
    rest = col[: len(col) - int(m[2] or 1)]
    return rest[-1].upper() if rest and rest[-1] != rest[-1].upper() else None


def check_refusal(e: IllegalMove):
    """APP-13: a refusal is a rule id of RULES.md plus plain JSON parameters."""
    assert re.fullmatch(r"(EH|SH)-\d\d", e.rule)
    if RULE_IDS is not None:
        assert e.rule in RULE_IDS
    json.dumps(e.params)
    assert str(e).startswith(e.rule + ": ")


@pytest.mark.slow
@pytest.mark.rule("EH-13", "EH-18", "EH-20", "EH-08", "EH-11", "EH-01",
                  "SH-11", "SH-14", "SH-16", "SH-09")
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(code=CODES, seed=st.integers(0, 2**32 - 1))
def test_random_play_with_undo(code, seed):
    rnd = random.Random(seed)
    g = new_game(code)
    pos = g.replay_json()
    check_conservation(g, pos)
    stack: list[dict] = []      # positions before each undoable action (the last 100)
    for _ in range(300):
        legal = g.legal_moves()
        if stack and (rnd.random() < 0.2 or not legal):   # stuck: undo and try elsewhere
            moves = g.moves
            g.undo()
            after = g.replay_json()
            want = stack.pop()
            assert without_moves(after) == without_moves(want)
            assert after["moves"] == moves           # undo does not count
            pos = after
        else:
            if not legal:
                break
            # cells fill up fast in Seahaven: moves into a cell are picked less often
            calm = [m for m in legal if m.dst is None or m.dst.kind != "c"]
            m = rnd.choice(calm if calm and rnd.random() < 0.8 else legal)
            before = pos
            act = g.play(m)
            assert str(act.move) == str(m)
            pos = g.replay_json()
            want, pts = expected_after(before, str(m))
            assert pos == want, str(m)               # nothing else moved (EH-13, SH-11)
            assert act.points == pts
            assert (act.turned.text if act.turned else None) == turned_up(before, str(m))
            stack.append(before)
            if len(stack) > 100:
                stack.pop(0)
        assert pos["score"] >= 0
        check_conservation(g, pos)
    # undo everything that can be undone: back to the oldest remembered position
    while stack:
        g.undo()
        assert without_moves(g.replay_json()) == without_moves(stack.pop())
    with pytest.raises(IllegalMove):
        g.undo()


# ---- legal_moves() against brute force -------------------------------------------------------

def all_piles(g) -> list[PileRef]:
    out = [PileRef("t", i) for i in range(len(g.columns))]
    out += [PileRef("f", i) for i in range(len(g.foundations))]
    out += [PileRef("c", i) for i in range(len(g.cells))]
    if g.has_stock:
        out += [PileRef("w"), STOCK]
    return out


def brute_force(g) -> set[str]:
    """Every action play() accepts, found by trying them all on a copy."""
    gc = copy.deepcopy(g)
    start = without_moves(gc.replay_json())
    piles = all_piles(gc)
    cands = [Move(STOCK, None)] if gc.has_stock else []
    for src in piles:
        for n in range(1, len(gc.pile(src)) + 1):
            cands += [Move(src, dst, n) for dst in piles]
    accepted = set()
    for m in cands:
        try:
            gc.play(m)
        except IllegalMove as e:
            check_refusal(e)
            continue
        except InvalidMove:
            continue
        accepted.add(str(m))
        gc.undo()
        assert without_moves(gc.replay_json()) == start
    return accepted


@pytest.mark.slow
@pytest.mark.rule("EH-04", "EH-05", "EH-06", "EH-07", "EH-09", "EH-11", "EH-17",
                  "SH-03", "SH-04", "SH-05", "SH-06", "SH-07", "SH-08", "SH-13", "APP-13")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(code=CODES, seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 200))
def test_legal_moves_equals_brute_force(code, seed, steps):
    rnd = random.Random(seed)
    g = new_game(code)
    checkpoints = {0, steps // 3, 2 * steps // 3, steps}
    for step in range(steps + 1):
        if step in checkpoints:
            legal = {str(m) for m in g.legal_moves()}
            accepted = brute_force(g)
            assert legal - accepted == set(), "listed but refused"
            assert accepted - legal == set(), "accepted but not listed"
        legal_list = g.legal_moves()
        if not legal_list:
            if not g.history:
                break
            g.undo()
            continue
        # prefer moves other than the stock tap and other than into a cell, for variety
        pick = [m for m in legal_list if m.dst is not None and m.dst.kind != "c"]
        g.play(rnd.choice(pick if pick and rnd.random() < 0.7 else legal_list))
