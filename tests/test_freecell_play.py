"""FreeCell's deal (FC-01, FC-02: Microsoft's deals, by an implementation of the published
algorithm written again here), the end of the game, taps, taking back, undo, codes, scoring
(FC-10 … FC-16) and ``harp-towers replay`` on a FreeCell code."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from harptowers.engine import IllegalMove, PileRef, new_game
from test_freecell import cols, fc
from ht_support import play, refusal, tops


def ms_layout(n: int) -> list[list[str]]:
    """Microsoft deal ``n`` as 8 columns of card texts, from the published description: the
    LCG state_{k+1} = 214013 · state_k + 2531011 mod 2^31, rand = state / 2^16; the cards
    AC AD AH AS 2C … KS at indices 0 … 51; pick rand mod length, swap with the last, deal it."""
    state = n
    deck = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    dealt = []
    while deck:
        state = (214013 * state + 2531011) % 2 ** 31
        i = (state // 2 ** 16) % len(deck)
        deck[i], deck[-1] = deck[-1], deck[i]
        dealt.append(deck.pop())
    return [dealt[c::8] for c in range(8)]


def b32(n: int) -> str:
    out = ""
    for _ in range(7):
        n, r = divmod(n, 32)
        out = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[r] + out
    return out


def code(n: int) -> str:
    return f"FC1-S-{b32(n)}"


# ---- FC-01 / FC-02 the deal --------------------------------------------------------------------

@pytest.mark.rule("FC-01")
def test_deal_shape():
    pos = new_game(code(1)).replay_json()
    assert [len(c) for c in pos["tableau"]] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert pos["cells"] == [None] * 4 and pos["foundations"] == [[], [], [], []]
    assert all(c == c.upper() for col in pos["tableau"] for c in col)   # face up
    assert sorted(c for col in pos["tableau"] for c in col) == \
        sorted(r + s for r in "A23456789TJQK" for s in "SHDC")
    assert [s.name for s in new_game(code(1)).found_suits] == list("SHDC")


@pytest.mark.rule("FC-02")
@pytest.mark.parametrize("n", [1, 2, 617, 11982, 2647, 32000, 999_999])
def test_microsoft_deals_as_the_published_algorithm_deals_them(n):
    assert new_game(code(n)).replay_json()["tableau"] == ms_layout(n)


# Microsoft deal 1 as Rosetta Code's "Deal cards for FreeCell" prints it, row by row
DEAL_1_ROWS = """JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H"""


@pytest.mark.rule("FC-02")
def test_deal_1_is_the_published_layout():
    rows = [r.split() for r in DEAL_1_ROWS.splitlines()]
    tableau = new_game(code(1)).replay_json()["tableau"]
    assert [c[0] for c in tableau] == "JD 2D 9H JC 5D 7H 7C 5H".split()
    assert tableau == [[r[c] for r in rows if c < len(r)] for c in range(8)]


@pytest.mark.rule("FC-02")
def test_deal_617_and_2647_published_rows():
    # Rosetta Code's deal 617 and a published doctest of deal 2647, first rows
    assert [c[0] for c in new_game(code(617)).replay_json()["tableau"]] == \
        "7D AD 5C 3S 5S 8C 2D AH".split()
    assert [c[0] for c in new_game(code(2647)).replay_json()["tableau"]] == \
        "KH 3S 7H 4C QD 5H TD 7S".split()


# ---- FC-10 end of the game ---------------------------------------------------------------------

@pytest.mark.rule("FC-10")
def test_won_when_all_52_cards_are_home():
    g = fc(cols("KC"), foundations=[13, 13, 13, 12])
    assert not g.won
    play(g, "t1-f")
    assert g.won and g.legal_moves() == []
    e = refusal(g, "f4-t1")
    assert e.rule == "FC-14" and e.params == {"reason": "won"}


@pytest.mark.rule("FC-10")
def test_a_stuck_game_is_simply_not_won():
    g = fc(cols("AS 5H", "AH 5S", "AD 5D", "AC 5C", "2S 9H", "2H 9S", "2D 9D", "2C 9C"),
           cells=["KS", "KH", "KD", "KC"])
    assert not g.won and g.legal_moves() == []


# ---- FC-11 / FC-12 taps ------------------------------------------------------------------------

@pytest.mark.rule("FC-11")
def test_a_tap_sends_a_top_card_or_a_cell_card_to_its_foundation():
    g = fc(cols("5D AS", "9C"), cells=["AH", None, None, None])
    assert str(g.tap(PileRef("t", 0), 1)) == "t1-f1"
    assert str(g.tap(PileRef("c", 0), 0)) == "c1-f2"


@pytest.mark.rule("FC-11")
def test_a_tap_that_sends_nothing_is_refused_and_nothing_moves_by_itself():
    g = fc(cols("5D 3S", "AH"))
    with pytest.raises(IllegalMove) as e:
        g.tap(PileRef("t", 0), 1)
    assert e.value.rule == "FC-11" and e.value.params == {"card": "3S"}
    play(g, "t1-c")
    assert tops(g)[1] == "AH"          # the Ace stays where it is until played


@pytest.mark.rule("FC-12")
def test_double_tap_order_foundation_column_cell_empty_column():
    g = fc(cols("2D AS", "9C 8H", "KS 9S 8D", "TH", "5C"))
    assert str(g.double_tap(PileRef("t", 0), 1)) == "t1-f1"        # the foundation first
    g = fc(cols("2D 7S", "9C 8H", "KS 9S 8D", "TH", "5C"))
    assert str(g.double_tap(PileRef("t", 0), 1)) == "t1-t3"        # 8D (3 cards) before 8H (2)
    g = fc(cols("2D 7H", "5C"))
    assert str(g.double_tap(PileRef("t", 0), 1)) == "t1-c1"        # then the first free cell
    g = fc(cols("2D 7H", "5C"), cells=["JS", "JH", "JD", "JC"])
    assert str(g.double_tap(PileRef("t", 0), 1)) == "t1-t3"        # last the first empty column
    assert str(g.double_tap(PileRef("c", 0), 0)) == "c1-t3"        # a cell card: no other cell


@pytest.mark.rule("FC-12", "FC-08")
def test_double_tap_on_a_run_moves_it_when_the_limit_allows():
    full = ["TS", "3C", "4C", "5C", "6C", "7C", "8C"]       # no empty column
    g = fc(cols("2D 9H 8S 7H", *full), cells=["JS", "JH", None, None])
    assert str(g.double_tap(PileRef("t", 0), 1)) == "t1:3-t2"      # 2 free cells: limit 3
    g = fc(cols("2D 9H 8S 7H", *full), cells=["JS", "JH", "JD", None])
    with pytest.raises(IllegalMove) as e:                          # 1 free cell: limit 2
        g.double_tap(PileRef("t", 0), 1)
    assert e.value.rule == "FC-08" and e.value.params["limit"] == 2


# ---- FC-13 taking back ---------------------------------------------------------------------------

@pytest.mark.rule("FC-13", "FC-16")
def test_a_card_taken_back_goes_onto_a_column_or_into_a_cell_for_minus_ten():
    g = fc(cols("9C", "6S"), foundations=[0, 5, 0, 0])
    g.score = 50
    assert play(g, "f2-t2").points == -10 and g.score == 40
    assert tops(g)[1] == "5H"
    assert play(g, "f2-c").points == -10 and g.score == 30
    e = refusal(g, "f2-f")
    assert e.rule == "FC-13" and e.params == {"card": "3H"}
    e = refusal(g, "f2-t1")
    assert e.rule == "FC-04" and e.params == {"card": "3H", "onto": "9C"}


# ---- FC-14 undo ----------------------------------------------------------------------------------

@pytest.mark.rule("FC-14")
def test_undo_restores_the_position_and_score_and_keeps_the_counter():
    g = new_game(code(1))
    start = g.replay_json()
    for m in ("t6-c", "t6-c", "t6-f"):      # 3D and 2C to cells, AC home
        play(g, m)
    assert g.score == 10
    for _ in range(3):
        g.undo()
    assert g.replay_json() == {**start, "moves": 3}
    with pytest.raises(IllegalMove) as e:
        g.undo()
    assert e.value.rule == "FC-14" and e.value.params == {"reason": "nothing-to-undo"}


@pytest.mark.rule("FC-14")
def test_undo_reaches_back_100_actions():
    g = fc(cols("5D", "9C"))
    for _ in range(60):
        play(g, "t1-c")
        play(g, "c1-t1")
    for _ in range(100):
        g.undo()
    with pytest.raises(IllegalMove):
        g.undo()


# ---- FC-15 codes ---------------------------------------------------------------------------------

@pytest.mark.rule("FC-15")
def test_the_code_of_microsoft_deal_617():
    from harptowers.engine import InvalidCode, format_code, parse_code
    assert format_code("freecell", "S", 617) == "FC1-S-AAAAATJ" == code(617)
    c = parse_code("my deal: fc1 s aaaaatj!")
    assert (c.game, c.variant, c.number) == ("freecell", "S", 617)
    assert new_game("FC1-S-AAAAATJ").replay_json()["tableau"] == ms_layout(617)
    with pytest.raises(InvalidCode):
        parse_code("FC1-C4-AAAAATJ")


# ---- FC-16 scoring -------------------------------------------------------------------------------

@pytest.mark.rule("FC-16")
def test_scoring_table_and_undo_takes_the_points_back():
    g = fc(cols("AS", "2S", "9C", "8H"), cells=["AH", None, None, None])
    assert play(g, "t1-f").points == 10
    assert play(g, "c1-f").points == 10
    assert play(g, "t4-t3").points == 0      # a column move
    assert play(g, "t2-c").points == 0       # into a cell
    assert play(g, "c1-f").points == 10
    assert g.score == 30
    g.undo()
    assert g.score == 20


@pytest.mark.rule("FC-16")
def test_the_score_never_drops_below_zero():
    g = fc(cols("9C"), foundations=[1, 0, 0, 0])     # placed by hand: the score is 0
    assert play(g, "f1-c").points == 0 and g.score == 0


# ---- harp-towers replay on a FreeCell code -------------------------------------------------------

def run_replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "harptowers", "replay", *args],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.rule("FC-02", "FC-15")
def test_replay_lays_out_microsoft_deal_1_and_plays_it():
    p = run_replay(code(1), "t6-c t6-c t6-f c2-f", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    want = ms_layout(1)
    assert want[5][-3:] == ["AC", "2C", "3D"]        # column 6 ends AC 2C 3D
    want[5] = want[5][:-3]
    assert out["tableau"] == want
    assert out["cells"] == ["3D", None, None, None]
    assert out["foundations"] == [[], [], [], ["AC", "2C"]]
    assert (out["game"], out["deal"], out["score"], out["moves"]) == ("freecell", 1, 20, 4)


@pytest.mark.rule("FC-04")
def test_replay_reports_a_refused_move_with_its_rule():
    p = run_replay(code(1), "t6-c t1-t2", "--json")        # 6S onto 9C
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["refused"]["index"] == 1 and out["refused"]["rule"] == "FC-04"
    assert out["position"]["cells"] == ["3D", None, None, None]
