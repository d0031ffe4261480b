"""The bridge facade harptowers.api.Api (docs/bridge.md), driven directly: full flows, malformed
calls, new/daily/same, settings, refusals. test_api_lock.py has the lock, the view and hidden
cards.

Deal layouts used below come from ht_support's own deal (ref_eh_layout / ref_sh_layout), the
daily numbers from its own SplitMix64; expected answers are worked out by hand from RULES.md.
"""

from __future__ import annotations

import json
import re
from datetime import date

import pytest

from harptowers.api import Api
from harptowers.engine import IllegalMove, parse_move
from ht_api import EH5, SH314, act, ok, piles, refused, same, texts
from ht_support import b32, build, ref_daily, ref_eh_layout, ref_sh_layout


# ---- a short full flow per game ------------------------------------------------------------------

@pytest.mark.rule("EH-08", "EH-11", "EH-14", "EH-15", "EH-18", "EH-19", "EH-09")
def test_easy_harp_flow():
    api = Api(EH5)
    ref = ref_eh_layout(5)
    s0 = ok(api.state())["state"]
    assert (s0["game"], s0["code"], s0["deal"], s0["variant"]) == ("easy-harp", EH5, 5, "N")
    assert (s0["score"], s0["moves"], s0["won"], s0["passes"], s0["can_undo"]) == (0, 0, False, 0,
                                                                                  False)
    assert [p["id"] for p in s0["piles"]] == \
        ["s", "w"] + [f"f{i}" for i in range(1, 9)] + [f"t{i}" for i in range(1, 10)]
    assert [p["suit"] for p in s0["piles"] if p["kind"] == "foundation"] == list("SSHHDDCC")
    p0 = piles(s0)
    assert len(p0["s"]["cards"]) == 59 and not any(c["up"] for c in p0["s"]["cards"])
    for i in range(9):
        col = p0[f"t{i + 1}"]["cards"]
        assert [c["up"] for c in col] == [False] * i + [True]
        assert "card" not in col[0] or i == 0               # a face-down card is never told
        top = ref["tableau"][i][-1]
        assert {k: v for k, v in col[-1].items() if k != "to"} == \
            {"id": f"{top}.{ref['tableau_copies'][i][-1]}", "card": top, "up": True}
    # 9C (t3) onto TH (t1): the face-down KC turns up
    a = ok(api.play({"from": "t3", "index": 2, "to": "t1"}))
    assert act(a) == {"move": "t3-t1", "points": 5, "turned": "KC"}
    nine = f"9C.{ref['tableau_copies'][2][2]}"
    assert {k: a["action"][k] for k in ("from", "to", "count", "cards", "turned_id", "undo")} \
        == {"from": "t3", "to": "t1", "count": 1, "cards": [nine],
            "turned_id": f"KC.{ref['tableau_copies'][2][1]}", "undo": False}
    assert texts(piles(a)["t1"]) == ["TH", "9C"] and texts(piles(a)["t3"]) == ["?", "KC"]
    assert piles(a)["t3"]["cards"][1]["id"] == f"KC.{ref['tableau_copies'][2][1]}"
    assert (a["state"]["score"], a["state"]["moves"], a["state"]["can_undo"]) == (5, 1, True)
    # the stock: its top card (ref: the shuffled deck[45]) goes to the waste
    first = ref["stock"][-1].upper()
    a = ok(api.stock())
    assert act(a) == {"move": "s", "points": 0, "turned": None}
    assert (a["action"]["from"], a["action"]["to"], a["action"]["recycle"]) == ("s", "w", False)
    assert a["action"]["cards"] == [piles(a)["w"]["cards"][0]["id"]]
    assert texts(piles(a)["w"]) == [first] and len(piles(a)["s"]["cards"]) == 58
    # nothing for the KC: no foundation, no column, no empty column
    b = api.double_tap({"pile": "t3", "index": 1})
    assert refused(b, "EH-15") == {"card": "KC"}
    assert same(b["state"]) == same(a["state"])
    assert refused(api.tap({"pile": "t9", "index": 8}), "EH-14") == {"card": "2S"}
    # a run of two (TH 9C) is refused: one card at a time
    assert refused(api.play({"from": "t1", "index": 0, "to": "t6"}), "EH-05") == {"count": 2}
    # undo twice: the moves counter stays, the face-down KC is face down again with its old id
    u = ok(api.undo())
    assert (u["action"]["move"], u["action"]["undo"], u["action"]["to"]) == ("s", True, "w")
    assert u["action"]["cards"] == [a["action"]["cards"][0]]
    assert u["state"]["moves"] == 2 and texts(piles(u)["w"]) == []
    u = ok(api.undo())
    assert u["state"]["score"] == 0 and u["state"]["moves"] == 2
    assert piles(u)["t3"] == p0["t3"] and piles(u)["t1"] == p0["t1"]
    assert refused(api.undo(), "EH-18") == {"reason": "nothing-to-undo"}
    # same deal: afresh
    n = ok(api.new_game({"mode": "same"}))["state"]
    assert n["code"] == EH5 and n["moves"] == 0 and n["score"] == 0 and not n["can_undo"]
    assert [texts(p) for p in n["piles"]] == [texts(p) for p in s0["piles"]]


@pytest.mark.rule("SH-01", "SH-04", "SH-11", "SH-12", "SH-14", "SH-16", "SH-15")
def test_seahaven_flow():
    api = Api(SH314)
    ref = ref_sh_layout(314, 4)
    s0 = ok(api.state())["state"]
    assert [p["id"] for p in s0["piles"]] == \
        ["s", "f1", "f2", "f3", "f4", "c1", "c2", "c3", "c4"] + [f"t{i}" for i in range(1, 11)]
    p0 = piles(s0)
    assert p0["s"]["cards"] == []
    assert [p["suit"] for p in s0["piles"] if p["kind"] == "foundation"] == list("SHDC")
    assert [texts(p0[f"t{i + 1}"]) for i in range(10)] == ref["tableau"]
    assert [(texts(p0[f"c{i + 1}"]) or [None])[0] for i in range(4)] == ref["cells"]
    assert p0["t1"]["cards"][0] == {"id": "JD", "card": "JD", "up": True}   # no copy suffix
    # deal 314: t6 ends with AD, t7 with 7D, t2 with 8D, t5 with TD; c1 holds 9D
    a = ok(api.tap({"pile": "t6", "index": 4}))
    assert act(a) == {"move": "t6-f3", "points": 10, "turned": None}
    a = ok(api.play({"from": "t7", "index": 4, "to": "t2"}))
    assert a["action"]["points"] == 0
    a = ok(api.play({"from": "c1", "index": 0, "to": "t5"}))
    assert act(a) == {"move": "c1-t5", "points": 5, "turned": None}
    assert a["state"]["score"] == 15
    # 4S (t4): no foundation, no 5S on top anywhere, not a King: the first free cell, now c1
    a = ok(api.double_tap({"pile": "t4", "index": 4}))
    assert a["action"]["move"] == "t4-c1"
    assert piles(a)["t10"]["cards"][4]["to"] == ["c3", "c4"]   # 2S: only the two free cells
    refused(api.play({"from": "t3", "index": 4, "to": "t5"}), "SH-04")
    for _ in range(4):
        ok(api.undo())
    s = ok(api.state())["state"]
    assert s["piles"] == s0["piles"] and s["score"] == 0 and s["moves"] == 4
    assert refused(api.undo(), "SH-14") == {"reason": "nothing-to-undo"}


# ---- malformed calls: ok False + error, nothing changes ---------------------------------------

MALFORMED_EH = [
    ("play", "t1"), ("play", ["t1", 0, "t2"]), ("play", 5),
    ("play", {"from": "t1", "index": 0, "to": "t2", "extra": 1}),
    ("play", {"from": 3, "index": 0, "to": "t2"}),
    ("play", {"from": "t1", "index": "0", "to": "t2"}),
    ("play", {"from": "t1", "index": True, "to": "t2"}),
    ("play", {"from": "t1", "index": 0.0, "to": "t2"}),
    ("play", {"from": "t1", "index": None, "to": "t2"}),
    ("play", {"from": "t10", "index": 0, "to": "t1"}),
    ("play", {"from": "t11", "index": 0, "to": "t1"}),
    ("play", {"from": "t0", "index": 0, "to": "t1"}),
    ("play", {"from": "t1", "index": 0, "to": "t11"}),
    ("play", {"from": "t1", "index": 0, "to": "c1"}),
    ("play", {"from": "t1", "index": 0, "to": "f9"}),
    ("play", {"from": "t1", "index": 0, "to": "x"}),
    ("play", {"from": "t1", "index": 2, "to": "t2"}),
    ("play", {"from": "t1", "index": -1, "to": "t2"}),
    ("play", {"from": "t9", "index": 0, "to": "t2"}),     # a face-down card
    ("play", {"from": "t1", "index": 0}),
    ("play", {"index": 0, "to": "t2"}),
    ("play", {}),
    ("tap", {"pile": "t1"}), ("tap", {"pile": "t1", "index": 2}),
    ("tap", {"pile": "q1", "index": 0}),
    ("tap", {"pile": "t1", "index": False}),
    ("double_tap", {"pile": "f9", "index": 0}), ("double_tap", "t1"),
    ("redo", {"x": 1}), ("tap", {"pile": "t1", "index": 3}),
    ("stock", {"x": 1}), ("stock", "now"), ("undo", "now"), ("undo", {"steps": 2}),
    ("state", 7), ("state", {"x": 1}),
    ("settings", {"double_click": "yes"}), ("settings", {"double_click": 1}),
    ("settings", {"volume": 3}), ("settings", []),
    ("new_game", {"code": "XH1-N-AAAAAAF"}), ("new_game", {"code": "EH1-N-AAAAA0F"}),
    ("new_game", {"code": 5}), ("new_game", {"code": "hello"}),
    ("new_game", {"game": "no-such-game"}), ("new_game", {"game": "easy-harp", "variant": "C4"}),
    ("new_game", {"mode": "tomorrow"}), ("new_game", {"mode": 1}), ("new_game", "EH1-N-AAAAAAB"),
]
MALFORMED_SH_C2 = [
    ("play", {"from": "c3", "index": 0, "to": "t1"}),
    ("play", {"from": "t1", "index": 4, "to": "c3"}),
    ("play", {"from": "t11", "index": 0, "to": "t1"}),
    ("play", {"from": "w", "index": 0, "to": "t1"}),
    ("play", {"from": "t1", "index": 5, "to": "t2"}),
    ("tap", {"pile": "c4", "index": 0}), ("tap", {"pile": "w", "index": 0}),
    ("double_tap", {"pile": "c3", "index": 0}),
    ("double_tap", {"pile": "f5", "index": 0}),
    ("play", {"from": "c1", "index": 1, "to": "t1"}),
    ("new_game", {"game": "seahaven-towers", "variant": "C3"}),
    ("new_game", {"code": "SH1-C3-AAAAAJ2"}),
]


def _check_malformed(api, method, arg):
    before = api.state()["state"]
    answer = getattr(api, method)(arg)
    assert answer["ok"] is False, answer
    assert set(answer) == {"ok", "error", "state"}, answer
    assert isinstance(answer["error"]["code"], str) and isinstance(answer["error"]["message"], str)
    assert same(answer["state"]) == same(before)
    assert same(api.state()["state"]) == same(before)


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("method, arg", MALFORMED_EH)
def test_malformed_calls_change_nothing_easy_harp(method, arg):
    api = Api(EH5)
    ok(api.play({"from": "t3", "index": 2, "to": "t1"}))     # not a fresh game
    _check_malformed(api, method, arg)


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("method, arg", MALFORMED_SH_C2)
def test_malformed_calls_change_nothing_seahaven_c2(method, arg):
    api = Api("SH1-C2-AAAAAJ2")
    _check_malformed(api, method, arg)


@pytest.mark.rule("APP-07")
def test_seahaven_has_no_stock_to_tap_through_the_bridge():
    api = Api(SH314)
    before = api.state()["state"]
    a = api.stock()
    assert a["ok"] is False and same(a["state"]) == same(before)


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("code, quoted", [("XH1-N-AAAAAAF", "'XH'"), ("SH1-C3-AAAAAJ2", "'C3'"),
                                          ("EH1-N-AAAAA9F", "'9'"), ("EH1-N-AAAAAAA", "'AAAAAAA'")])
def test_a_bad_code_names_the_wrong_part_and_leaves_the_game_untouched(code, quoted):
    api = Api(EH5)
    before = ok(api.stock())["state"]
    a = api.new_game({"code": code})
    assert a["ok"] is False and quoted in a["error"]["message"]
    assert same(a["state"]) == same(before)


@pytest.mark.rule("APP-07")
def test_codes_and_bare_numbers_through_the_bridge():
    api = Api("SH1-C2-AAAAAJ2")
    s = ok(api.new_game({"code": "5"}))["state"]            # the game and variant being played
    assert (s["code"], s["deal"], s["variant"]) == ("SH1-C2-AAAAAAF", 5, "C2")
    s = ok(api.new_game({"code": "let's play eh1 n aaaaaaf!"}))["state"]
    assert (s["game"], s["code"]) == ("easy-harp", EH5)
    s = ok(api.new_game({"code": "314"}))["state"]
    assert s["code"] == "EH1-N-" + b32(314)


# ---- new / daily / same (EH-19, APP-12) ----------------------------------------------------------

@pytest.mark.rule("EH-19", "APP-12")
@pytest.mark.parametrize("game, variant, day, want", [
    ("easy-harp", "N", date(2026, 1, 1), 987665),
    ("seahaven-towers", "C4", date(2026, 1, 1), 760384),
    ("seahaven-towers", "C2", date(2026, 11, 30), 41257),
    ("seahaven-towers", "C1", date(2024, 2, 29), 761177),
])
def test_deal_of_the_day_new_deal_and_same_deal(game, variant, day, want):
    assert ref_daily(game, variant, day) == want              # own SplitMix64
    api = Api(EH5, today=lambda: day)
    s = ok(api.new_game({"game": game, "variant": variant, "mode": "daily"}))["state"]
    tag = "EH" if game == "easy-harp" else "SH"
    assert (s["deal"], s["code"], s["deal_of_day"]) == (want, f"{tag}1-{variant}-{b32(want)}", True)
    layout = [texts(p) for p in s["piles"]]
    # play something, then "Same deal": afresh, still the deal of the day
    if game == "easy-harp":
        ok(api.stock())
    else:
        api.double_tap({"pile": "t1", "index": 4})
    s2 = ok(api.new_game({"mode": "same"}))["state"]
    assert (s2["deal"], s2["moves"], s2["score"], s2["deal_of_day"]) == (want, 0, 0, True)
    assert [texts(p) for p in s2["piles"]] == layout
    # a second Api on the same date gets the same deal (the same for every player)
    other = Api("SH1-C1-AAAAAAB", today=lambda: day)
    answer = ok(other.new_game({"game": game, "variant": variant, "mode": "daily"}))
    assert answer["state"]["deal"] == want
    # "New deal": a random number in range, not the deal of the day
    for _ in range(5):
        s3 = ok(api.new_game({"mode": "new"}))["state"]
        assert 1 <= s3["deal"] <= 999_999 and s3["deal_of_day"] is False
        assert (s3["game"], s3["variant"]) == (game, variant)


# ---- settings: double click off (EH-15, SH-12) ---------------------------------------------------

@pytest.mark.rule("EH-15")
def test_double_tap_setting_decides_the_tableau_search_through_the_bridge(monkeypatch):
    api = Api(EH5)
    g = build(tableau=["9h 6S", "7H", "", "", "", "", "", "", ""])
    monkeypatch.setattr(api, "_game", g)
    ok(api.settings({"double_click": False}))
    assert refused(api.double_tap({"pile": "t1", "index": 1}), "EH-15") == \
        {"card": "6S", "reason": "search-off"}                 # the reminder says the search is off
    ok(api.settings({"double_click": True}))
    a = ok(api.double_tap({"pile": "t1", "index": 1}))
    assert a["action"]["move"] == "t1-t2" and a["action"]["turned"] == "9H"


# ---- APP-11: the first tap acts at once; a tap that moves nothing leaves the search --------------

@pytest.mark.rule("APP-11")
def test_tap_then_double_tap_through_the_bridge(monkeypatch):
    api = Api(EH5)
    g = build(tableau=["9h 6S", "7H", "2c AD", "", "", "", "", "", ""])
    monkeypatch.setattr(api, "_game", g)
    before = api.state()["state"]
    assert refused(api.tap({"pile": "t1", "index": 1}), "EH-14") == {"card": "6S"}
    assert same(api.state()["state"]) == same(before)                        # the first tap moved nothing
    assert ok(api.double_tap({"pile": "t1", "index": 1}))["action"]["move"] == "t1-t2"
    a = ok(api.tap({"pile": "t3", "index": 1}))                   # this tap moves at once
    assert act(a) == {"move": "t3-f5", "points": 15, "turned": "2C"}


# ---- APP-13: refusals are a rule id and parameters, no player text -------------------------------

@pytest.mark.rule("APP-13")
@pytest.mark.parametrize("code, call, rule, params", [
    (EH5, ("play", {"from": "t9", "index": 8, "to": "t1"}), "EH-04", {"card": "2S", "onto": "TH"}),
    (EH5, ("tap", {"pile": "t9", "index": 8}), "EH-14", {"card": "2S"}),
    (EH5, ("undo", None), "EH-18", {"reason": "nothing-to-undo"}),
    (EH5, ("play", {"from": "t9", "index": 8, "to": "f1"}), "EH-09", None),
    (SH314, ("play", {"from": "t3", "index": 4, "to": "t5"}), "SH-04", {"card": "7H",
                                                                        "onto": "TD"}),
    (SH314, ("play", {"from": "t1", "index": 4, "to": "c1"}), "SH-05", {"reason": "full"}),
    (SH314, ("tap", {"pile": "t1", "index": 4}), "SH-11", {"card": "5D"}),
])
def test_a_refusal_answer_is_rule_and_params_only(code, call, rule, params):
    api = Api(code)
    method, arg = call
    answer = getattr(api, method)(arg) if arg is not None else getattr(api, method)()
    assert set(answer) == {"ok", "refusal", "state"}
    assert set(answer["refusal"]) == {"rule", "params"}
    assert answer["refusal"]["rule"] == rule
    if params is not None:
        assert answer["refusal"]["params"] == params
    # parameters are data (cards, sizes, reason codes), never sentences
    for v in answer["refusal"]["params"].values():
        for x in (v if isinstance(v, list) else [v]):
            assert x is None or isinstance(x, (int, bool)) or re.fullmatch(r"[\w-]+", x), x
    json.dumps(answer)


@pytest.mark.rule("APP-13")
def test_the_engine_text_is_only_the_command_lines_english(monkeypatch):
    # every refusal's str() is built by harptowers.engine.messages (the CLI English) and nowhere
    # else: replace it and the text follows
    import harptowers.engine.messages as messages

    g = build(tableau=["kd 8S 7H 6C", "9H", "", "", "", "", "", "", ""])
    with pytest.raises(IllegalMove) as ei:
        g.play(parse_move("t1:3-t2"))
    assert str(ei.value).startswith("EH-05: ") and "3" in str(ei.value)
    monkeypatch.setattr(messages, "describe", lambda rule, params: f"<{rule}>")
    with pytest.raises(IllegalMove) as ei:
        g.play(parse_move("t1:3-t2"))
    assert str(ei.value) == "<EH-05>"
    assert (ei.value.rule, ei.value.params) == ("EH-05", {"count": 3})


BRIDGE_TABLE = [  # docs/bridge.md "Refusal rules and their params", one example each
    ("EH-04", {"card": "6S", "onto": "7S"}), ("EH-05", {"count": 3}),
    ("EH-06", {"card": "9S", "reason": "not-king"}), ("EH-07", {}),
    ("EH-09", {"card": "3H", "need": "2H"}), ("EH-11", {"reason": "empty"}),
    ("EH-17", {"card": "6S"}), ("EH-18", {"reason": "won"}),
    ("SH-14", {"reason": "nothing-to-undo"}),
    ("SH-03", {"card": "9D", "reason": "not-a-run"}), ("SH-04", {"card": "7H", "onto": "8D"}),
    ("SH-05", {"reason": "full"}), ("SH-06", {"card": "3H", "need": "2H"}),
    ("SH-07", {"card": "QS"}),
    ("SH-08", {"count": 9, "limit": 8, "free_cells": 1, "empty_columns": 2, "to_empty": False,
               "limit_occupied": 8}),
    ("SH-11", {"card": "5D"}), ("EH-14", {"card": "2S"}), ("SH-12", {"card": "QD"}),
    ("EH-15", {"card": "KC"}),
]


@pytest.mark.rule("APP-13")
@pytest.mark.parametrize("rule, params", BRIDGE_TABLE)
def test_the_command_line_english_exists_for_every_refusal(rule, params):
    from harptowers.engine.messages import describe

    text = describe(rule, params)
    assert text.startswith(rule + ": ")
    assert "refused" not in text and "{" not in text
    for k in ("count", "limit"):
        if k in params:
            assert str(params[k]) in text
