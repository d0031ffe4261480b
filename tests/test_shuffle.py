"""The deal shuffle (APP-07): SplitMix64 reference vectors, unbiased bounded integers,
Fisher–Yates, and pinned (golden) layouts of real deals (EH-01…EH-03, SH-01, SH-02, SH-15).

The golden layouts below were taken once from the replay JSON and are checked here, every run,
against the independent re-implementation of the documented deal in ht_support (own SplitMix64,
own Fisher–Yates, own dealing order). They must never change: a changed layout breaks every
deal code already shared (APP-07).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harptowers.engine import new_game
from harptowers.engine.shuffle import MASK64, SplitMix64, deal_seed, shuffle
from ht_support import (RefSplitMix64, full_deck_counter, ref_below, ref_deck, ref_eh_layout,
                        ref_sh_layout, ref_shuffle)

# Published reference output of SplitMix64 seeded with 1234567 (Vigna's splitmix64.c; the
# same values appear in several independent ports' test suites).
SPLITMIX_1234567 = [6457827717110365317, 3203168211198807973, 9817491932198370423,
                    4593380528125082431, 16408922859458223821]


@pytest.mark.rule("APP-07")
def test_splitmix64_reference_vectors():
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == SPLITMIX_1234567


def test_own_splitmix64_matches_the_reference_too():
    rng = RefSplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == SPLITMIX_1234567


@pytest.mark.rule("APP-07")
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, MASK64), steps=st.integers(1, 20))
def test_splitmix64_equals_independent_implementation(seed, steps):
    a, b = SplitMix64(seed), RefSplitMix64(seed)
    assert [a.next() for _ in range(steps)] == [b.next() for _ in range(steps)]


@pytest.mark.rule("APP-07")
@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, MASK64), n=st.one_of(st.integers(1, 200), st.integers(1, MASK64)))
def test_below_is_within_range_and_equals_reference(seed, n):
    rng, ref = SplitMix64(seed), RefSplitMix64(seed)
    for _ in range(5):
        v = rng.below(n)
        assert 0 <= v < n
        assert v == ref_below(ref, n)


def test_below_one_is_always_zero():
    rng = SplitMix64(99)
    assert {rng.below(1) for _ in range(50)} == {0}


class Scripted(SplitMix64):
    """A generator whose outputs are given by the test."""

    def __init__(self, outputs):
        super().__init__(0)
        self.outputs = list(outputs)
        self.calls = 0

    def next(self):
        self.calls += 1
        return self.outputs.pop(0)


@pytest.mark.rule("APP-07")
def test_below_rejects_a_value_under_the_threshold():
    # n = 7: 2**64 mod 7 == 2, so the threshold (2**64 - 7) mod 7 is 2 (by hand: 2**3 = 8 ≡ 1,
    # 2**64 = 2**63 * 2 ≡ 2). An output x with (7x mod 2**64) == 1 must be rejected.
    n = 7
    assert (2**64 - n) % n == 2
    inv7 = pow(7, -1, 2**64)
    reject = inv7                       # 7 * reject ≡ 1 (mod 2**64): low part 1 < 2
    assert (7 * reject) % 2**64 == 1
    accept = (3 << 61) + 5              # an ordinary value, low part well above n
    rng = Scripted([reject, accept])
    assert rng.below(n) == (7 * accept) >> 64
    assert rng.calls == 2, "the value under the threshold must be redrawn"


@pytest.mark.rule("APP-07")
def test_below_keeps_a_small_low_part_at_or_above_the_threshold():
    # low part 2 (< n but == threshold) is accepted without a redraw
    n = 7
    x = (2 * pow(7, -1, 2**64)) % 2**64
    assert (7 * x) % 2**64 == 2
    rng = Scripted([x, 0])
    assert rng.below(n) == (7 * x) >> 64
    assert rng.calls == 1


@pytest.mark.rule("APP-07")
def test_below_zero_low_part_for_n_3_is_rejected():
    # n = 3: threshold (2**64 - 3) % 3 == 1; x = 0 gives low part 0 → redraw.
    rng = Scripted([0, 1 << 63])
    assert rng.below(3) == (3 * (1 << 63)) >> 64 == 1
    assert rng.calls == 2


@pytest.mark.rule("APP-07")
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, MASK64), size=st.integers(0, 110))
def test_fisher_yates_equals_independent_implementation(seed, size):
    items = list(range(size))
    out = shuffle(items, seed)
    assert out == ref_shuffle(items, seed)
    assert sorted(out) == items
    assert items == list(range(size)), "shuffle returns a copy"


@pytest.mark.rule("APP-07")
def test_deal_seed_layout():
    assert deal_seed("EH", 5) == (0x45 << 40) | (0x48 << 32) | 5 == 0x4548_0000_0005
    assert deal_seed("SH", 314) == (ord("S") << 40) | (ord("H") << 32) | 314


# ---- golden layouts: taken once from the replay JSON, checked against ht_support's own deal ----

EH_GOLDEN = {
    "EH1-N-AAAAAAB": {
        "tableau": [
            ["2H"],
            ["jd", "2S"],
            ["jc", "6h", "QS"],
            ["6s", "kd", "ks", "KC"],
            ["6d", "qs", "6d", "qd", "2D"],
            ["3c", "5h", "5s", "ah", "tc", "4C"],
            ["3h", "kc", "9s", "4d", "ah", "9d", "JS"],
            ["9h", "7h", "8s", "5s", "7h", "9h", "td", "4S"],
            ["8h", "kh", "4s", "6c", "tc", "th", "9s", "4c", "7C"],
        ],
        "stock": [
            "8h", "9d", "4d", "7d", "as", "ad", "7s", "ac", "3c", "7c", "4h", "jh", "8s", "ts",
            "9c", "qd", "qc", "ks", "6s", "5h", "6h", "td", "3s", "ac", "jc", "ad", "2c", "qh",
            "jh", "5c", "8c", "qc", "2c", "2h", "3s", "6c", "5d", "8d", "2s", "2d", "3d", "8d",
            "ts", "jd", "kh", "7s", "th", "kd", "9c", "3d", "qh", "4h", "js", "5c", "5d", "8c",
            "7d", "3h", "as",
        ],
    },
    "EH1-N-AAAAAAF": {
        "tableau": [
            ["TH"],
            ["3c", "6C"],
            ["4h", "kc", "9C"],
            ["ts", "ac", "9h", "KS"],
            ["3h", "kd", "4d", "8d", "7S"],
            ["kh", "8c", "8c", "5c", "9s", "JD"],
            ["3d", "5h", "9c", "6d", "3h", "ad", "QH"],
            ["4c", "qc", "4s", "ts", "ks", "qs", "6d", "JH"],
            ["6h", "qc", "ah", "as", "2d", "5d", "6h", "7h", "2S"],
        ],
        "stock": [
            "8h", "7c", "2c", "kc", "4s", "2c", "4h", "qh", "qs", "ah", "jh", "js", "6c", "tc",
            "7d", "8s", "jc", "8d", "5s", "5h", "4d", "3s", "5d", "3s", "6s", "th", "2d", "td",
            "as", "6s", "7c", "qd", "4c", "jc", "td", "tc", "js", "kh", "7s", "ac", "5c", "2s",
            "qd", "9s", "9d", "7h", "2h", "2h", "kd", "5s", "8h", "9h", "3c", "7d", "jd", "ad",
            "3d", "9d", "8s",
        ],
    },
    "EH1-N-AAA6QR7": {
        "tableau": [
            ["AS"],
            ["8c", "JD"],
            ["kc", "jd", "AD"],
            ["7h", "2c", "2c", "4D"],
            ["jc", "qs", "kd", "5d", "5C"],
            ["5d", "6c", "9d", "ks", "kh", "3H"],
            ["7d", "ah", "4s", "3s", "js", "8h", "8S"],
            ["6h", "4c", "tc", "7c", "6s", "4s", "kd", "2S"],
            ["jc", "qd", "3h", "4c", "7c", "3c", "9c", "2h", "3C"],
        ],
        "stock": [
            "kh", "jh", "ts", "8d", "7s", "as", "5c", "qs", "5s", "9d", "7h", "3s", "qd", "2d",
            "4h", "6h", "js", "6d", "8h", "4h", "4d", "ac", "td", "ac", "2d", "5h", "qh", "9s",
            "8s", "jh", "ah", "th", "2s", "8d", "6s", "2h", "qc", "qh", "tc", "7s", "9c", "6c",
            "9h", "9h", "ad", "td", "kc", "9s", "8c", "5h", "3d", "ts", "5s", "qc", "th", "7d",
            "ks", "3d", "6d",
        ],
    },
}
SH_GOLDEN = {
    "SH1-C4-AAAAAJ2": {
        "tableau": [
            ["JD", "6H", "5S", "5H", "5D"],
            ["AH", "8C", "KH", "QC", "8D"],
            ["QH", "9H", "2C", "4C", "7H"],
            ["2D", "4H", "9S", "6D", "4S"],
            ["KS", "3C", "TC", "8S", "TD"],
            ["AC", "5C", "QD", "6C", "AD"],
            ["KC", "3S", "TS", "2H", "7D"],
            ["JS", "3D", "AS", "6S", "7C"],
            ["3H", "9C", "TH", "4D", "JC"],
            ["JH", "KD", "8H", "7S", "2S"],
        ],
        "cells": ["9D", "QS", None, None],
    },
    "SH1-C2-AAAAAJ2": {
        "tableau": [
            ["JD", "6H", "5S", "5H", "5D"],
            ["AH", "8C", "KH", "QC", "8D"],
            ["QH", "9H", "2C", "4C", "7H"],
            ["2D", "4H", "9S", "6D", "4S"],
            ["KS", "3C", "TC", "8S", "TD"],
            ["AC", "5C", "QD", "6C", "AD"],
            ["KC", "3S", "TS", "2H", "7D"],
            ["JS", "3D", "AS", "6S", "7C"],
            ["3H", "9C", "TH", "4D", "JC"],
            ["JH", "KD", "8H", "7S", "2S"],
        ],
        "cells": ["9D", "QS"],
    },
    "SH1-C1-AAAAAJ2": {
        "tableau": [
            ["JD", "6H", "5S", "5H", "5D"],
            ["AH", "8C", "KH", "QC", "8D", "QS"],
            ["QH", "9H", "2C", "4C", "7H"],
            ["2D", "4H", "9S", "6D", "4S"],
            ["KS", "3C", "TC", "8S", "TD"],
            ["AC", "5C", "QD", "6C", "AD"],
            ["KC", "3S", "TS", "2H", "7D"],
            ["JS", "3D", "AS", "6S", "7C"],
            ["3H", "9C", "TH", "4D", "JC"],
            ["JH", "KD", "8H", "7S", "2S"],
        ],
        "cells": ["9D"],
    },
    "SH1-C4-AAAAAAB": {
        "tableau": [
            ["8S", "7D", "4C", "KH", "3C"],
            ["8D", "JD", "AS", "KC", "4D"],
            ["4H", "TC", "6D", "3D", "5H"],
            ["9S", "TS", "5C", "TD", "3H"],
            ["9C", "3S", "9D", "AC", "8H"],
            ["9H", "KD", "5S", "JH", "7H"],
            ["6H", "5D", "8C", "AH", "QH"],
            ["JC", "QC", "AD", "7S", "2C"],
            ["7C", "KS", "QS", "2S", "2D"],
            ["2H", "JS", "4S", "QD", "6S"],
        ],
        "cells": ["TH", "6C", None, None],
    },
    "SH1-C2-AAA6QR7": {
        "tableau": [
            ["7S", "KD", "QC", "9D", "6C"],
            ["TD", "JH", "KC", "7H", "AD"],
            ["KH", "5C", "KS", "6S", "AS"],
            ["4H", "3S", "JS", "8H", "5D"],
            ["9C", "4C", "4D", "2S", "6H"],
            ["8C", "JD", "2C", "2H", "QH"],
            ["8S", "QD", "5S", "3H", "TS"],
            ["7C", "9S", "TC", "AH", "5H"],
            ["QS", "2D", "JC", "3C", "9H"],
            ["7D", "AC", "3D", "6D", "4S"],
        ],
        "cells": ["TH", "8D"],
    },
}


def _number(code: str) -> int:
    from ht_support import unb32

    return unb32(code[-7:])


@pytest.mark.rule("EH-01", "EH-02", "EH-03", "EH-19")
@pytest.mark.parametrize("code", list(EH_GOLDEN))
def test_easy_harp_golden_layout(code):
    want = EH_GOLDEN[code]
    # the pinned literal is the documented algorithm (independent re-implementation)
    ref = ref_eh_layout(_number(code))
    assert want["tableau"] == ref["tableau"]
    assert want["stock"] == ref["stock"]
    # and the engine deals exactly the literal
    g = new_game(code)
    pos = g.replay_json()
    assert pos["tableau"] == want["tableau"]
    assert pos["stock"] == want["stock"]
    assert pos["waste"] == [] and pos["foundations"] == [[] for _ in range(8)]
    assert pos["cells"] == [] and pos["score"] == 0 and pos["moves"] == 0
    # the copies (deck 0 / deck 1) follow the documented deck order too
    assert [[c.copy for c in col] for col in g.columns] == ref["tableau_copies"]
    assert [c.copy for c in g.stock] == ref["stock_copies"]


@pytest.mark.rule("SH-01", "SH-02", "SH-15")
@pytest.mark.parametrize("code", list(SH_GOLDEN))
def test_seahaven_golden_layout(code):
    want = SH_GOLDEN[code]
    cells = int(code[5])
    ref = ref_sh_layout(_number(code), cells)
    assert want["tableau"] == ref["tableau"]
    assert want["cells"] == ref["cells"]
    pos = new_game(code).replay_json()
    assert pos["tableau"] == want["tableau"]
    assert pos["cells"] == want["cells"]
    assert pos["stock"] == [] and pos["waste"] == []
    assert pos["foundations"] == [[], [], [], []]


@pytest.mark.rule("SH-02")
def test_golden_c1_puts_the_second_card_on_column_two():
    c1 = SH_GOLDEN["SH1-C1-AAAAAJ2"]
    c4 = SH_GOLDEN["SH1-C4-AAAAAJ2"]
    assert [len(c) for c in c1["tableau"]] == [5, 6, 5, 5, 5, 5, 5, 5, 5, 5]
    assert c1["cells"] == [c4["cells"][0]]              # only c1, holding card 50
    assert c1["tableau"][1][-1] == c4["cells"][1]        # card 51 on top of column 2
    assert c1["tableau"][1][:-1] == c4["tableau"][1]
    assert [c for i, c in enumerate(c1["tableau"]) if i != 1] == \
        [c for i, c in enumerate(c4["tableau"]) if i != 1]


@pytest.mark.rule("SH-02")
def test_golden_c2_and_c4_differ_only_in_the_number_of_cells():
    c2 = SH_GOLDEN["SH1-C2-AAAAAJ2"]
    c4 = SH_GOLDEN["SH1-C4-AAAAAJ2"]
    assert c2["tableau"] == c4["tableau"]
    assert c2["cells"] == c4["cells"][:2]
    assert c4["cells"][2:] == [None, None]


# ---- structure of any deal, against the independent deal --------------------------------

@pytest.mark.rule("EH-01", "EH-02", "EH-03")
@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 999_999))
def test_any_easy_harp_deal_matches_the_documented_algorithm(number):
    from ht_support import b32

    g = new_game(f"EH1-N-{b32(number)}")
    pos = g.replay_json()
    ref = ref_eh_layout(number)
    assert pos["tableau"] == ref["tableau"] and pos["stock"] == ref["stock"]
    # EH-02: 9 columns of 1..9 cards, only the last face up, 36 face down
    assert [len(c) for c in pos["tableau"]] == list(range(1, 10))
    for col in pos["tableau"]:
        assert col[-1] == col[-1].upper()
        assert all(c == c.lower() for c in col[:-1])
    assert sum(c == c.lower() for col in pos["tableau"] for c in col) == 36
    # EH-03: 59 face-down stock cards, empty waste, 8 empty foundations
    assert len(pos["stock"]) == 59 and all(c == c.lower() for c in pos["stock"])
    assert pos["waste"] == [] and pos["foundations"] == [[]] * 8
    # EH-01: 104 cards, every card exactly twice, every (card, copy) exactly once
    texts = Counter(c.upper() for col in pos["tableau"] for c in col)
    texts.update(c.upper() for c in pos["stock"])
    assert texts == full_deck_counter(2)
    physical = Counter((c.text, c.copy) for col in g.columns for c in col)
    physical.update((c.text, c.copy) for c in g.stock)
    assert physical == Counter(ref_deck(2))


@pytest.mark.rule("SH-01", "SH-02")
@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 999_999))
def test_any_seahaven_deal_matches_the_documented_algorithm(number):
    from ht_support import b32

    positions = {}
    for cells in (4, 2, 1):
        pos = new_game(f"SH1-C{cells}-{b32(number)}").replay_json()
        ref = ref_sh_layout(number, cells)
        assert pos["tableau"] == ref["tableau"] and pos["cells"] == ref["cells"]
        assert len(pos["cells"]) == cells
        texts = Counter(c for col in pos["tableau"] for c in col)
        texts.update(c for c in pos["cells"] if c)
        assert texts == full_deck_counter(1)
        assert all(c == c.upper() for col in pos["tableau"] for c in col), "all face up"
        assert pos["foundations"] == [[]] * 4
        positions[cells] = pos
    assert [len(c) for c in positions[4]["tableau"]] == [5] * 10
    assert positions[4]["cells"][2:] == [None, None]            # 2 free cells with 4
    assert None not in positions[2]["cells"]                     # both filled with 2
    assert [len(c) for c in positions[1]["tableau"]] == [5, 6] + [5] * 8
    assert positions[4]["tableau"] == positions[2]["tableau"]


@pytest.mark.rule("EH-19", "SH-15")
def test_different_numbers_and_games_give_different_deals():
    a = new_game("EH1-N-AAAAAAB").replay_json()["tableau"]
    b = new_game("EH1-N-AAAAAAC").replay_json()["tableau"]
    assert a != b
    s1 = new_game("SH1-C4-AAAAAAB").replay_json()["tableau"]
    s2 = new_game("SH1-C4-AAAAAAC").replay_json()["tableau"]
    assert s1 != s2
