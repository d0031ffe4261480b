"""The difficulty of a deal (issue 39): the shipped tables recomputed from the batches' rows
here, apart from the code under test; New game draws only deals of the level asked; the
view and the statistics carry it. Expected values come from the rows (tools/results) and
the shipped files read plainly (ht_difficulty), or by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harptowers import storage
from harptowers.api import Api
from harptowers.engine import difficulty, parse_code
from harptowers.engine.published import winnable_deals
from harptowers.engine.registry import games
from ht_api import ok
from ht_difficulty import TABLES, shipped
from ht_support import b32

RESULTS = Path(__file__).resolve().parents[1] / "tools" / "results"
VARIANTS = [(g.name, v) for g in games() for v in g.variants]


def proving_nodes(game: str, variant: str) -> dict[int, int]:
    """The nodes of the row that proved each deal winnable (a later row that did not find the
    win again does not replace it)."""
    kept: dict[int, dict] = {}
    for line in (RESULTS / f"{game}-{variant}.jsonl").read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            if r["verdict"] == "winnable" or kept.get(r["deal"], {}).get("verdict") != "winnable":
                kept[r["deal"]] = r
    return {n: r["nodes"] for n, r in kept.items() if r["verdict"] == "winnable"}


def header(game: str, variant: str) -> dict[str, str]:
    out = {}
    for line in (TABLES / f"{game}-{variant}.v1.txt").read_text().splitlines():
        if line.startswith("#") and ":" in line:
            key, _, rest = line[1:].partition(":")
            out[key.strip()] = rest.strip()
    return out


def test_tertiles_by_hand():
    assert difficulty.tertiles(list(range(1, 10))) == (3, 6)       # 9 values: ranks 3 and 6
    assert difficulty.tertiles(list(range(10, 0, -1))) == (4, 7)   # 10: ranks ⌈10/3⌉, ⌈20/3⌉
    assert difficulty.tertiles([5, 5, 5]) == (5, 5)
    with pytest.raises(ValueError):
        difficulty.tertiles([])


def test_levels_by_hand():
    assert [difficulty.level_of("nodes", v, (10, 100)) for v in (1, 10, 11, 100, 101)] == \
        [1, 1, 2, 2, 3]
    assert [difficulty.level_of("hint-share", v, (0.3, 0.7)) for v in (0, 0.3, 0.5, 0.7, 1)] == \
        [3, 3, 2, 2, 1]
    with pytest.raises(ValueError):
        difficulty.level_of("moves", 3, (1, 2))


@pytest.mark.parametrize("game, variant", VARIANTS)
def test_every_variant_ships_the_measure_its_game_names(game, variant):
    cls = next(g for g in games() if g.name == game)
    assert header(game, variant)["measure"] == cls.difficulty[variant]
    assert set(shipped(game, variant)) <= set(winnable_deals(game, variant))


@pytest.mark.parametrize("game, variant", VARIANTS)
def test_the_header_counts_the_lines_of_each_level(game, variant):
    lines = shipped(game, variant)
    assert difficulty.counts(game, variant) == {
        name: sum(lv == name for lv in lines.values()) for name in ("easy", "medium", "hard")}
    some = sorted(lines)[:: max(1, len(lines) // 50)]
    assert [difficulty.level(game, variant, d) for d in some] == [lines[d] for d in some]


@pytest.mark.parametrize("game, variant", [(g.name, v) for g in games()
                                           for v, m in g.difficulty.items() if m == "nodes"])
def test_a_nodes_table_is_the_tertiles_of_the_proving_rows(game, variant):
    nodes = proving_nodes(game, variant)
    values = sorted(nodes.values())
    n = len(values)
    low, high = values[(n + 2) // 3 - 1], values[(2 * n + 2) // 3 - 1]
    assert header(game, variant)["cuts"].split() == [f"{low:g}", f"{high:g}"]
    want = {d: "easy" if v <= low else "medium" if v <= high else "hard" for d, v in nodes.items()}
    assert shipped(game, variant) == want
    for name in ("easy", "medium", "hard"):   # thirds, give or take the ties at the cuts
        assert abs(sum(lv == name for lv in want.values()) - n / 3) < n / 20 + 2


@pytest.mark.parametrize("game, variant", [(g.name, v) for g in games()
                                           for v, m in g.difficulty.items() if m == "hint-share"])
def test_a_hint_share_table_is_the_share_of_layouts_won(game, variant):
    rows: dict[int, dict] = {}
    for line in (RESULTS / "difficulty" / f"{game}-{variant}.jsonl").read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            rows[r["deal"]] = r
    share = {d: r["won"] / r["layouts"] for d, r in rows.items()}
    values = sorted(share.values())
    n = len(values)
    low, high = values[(n + 2) // 3 - 1], values[(2 * n + 2) // 3 - 1]
    assert header(game, variant)["cuts"].split() == [f"{low:g}", f"{high:g}"]
    want = {d: "hard" if v <= low else "medium" if v <= high else "easy" for d, v in share.items()}
    assert want and shipped(game, variant) == want


def test_a_known_deal_s_level_from_its_row():
    # Seahaven C4 deal 1: proved in 161 positions (its row), between the cuts 72 and 595
    assert proving_nodes("seahaven-towers", "C4")[1] == 161
    assert header("seahaven-towers", "C4")["cuts"] == "72 595"
    assert difficulty.level("seahaven-towers", "C4", 1) == "medium"
    assert difficulty.level("seahaven-towers", "C4", 2_000_000) is None   # never measured
    assert difficulty.level("seahaven-towers", "C1", 1) is None           # not winnable


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_new_game_draws_only_deals_of_the_level_asked(level):
    table = shipped("seahaven-towers", "C2")
    api = Api("SH1-C2-AAAAAJ2")
    for _ in range(25):
        st = ok(api.new_game({"game": "seahaven-towers", "variant": "C2", "mode": "new",
                              "winnable": True, "difficulty": level}))["state"]
        assert table[parse_code(st["code"]).number] == level
        assert st["difficulty"] == level


def test_the_catalogue_counts_each_level_s_deals():
    st = ok(Api("SH1-C1-AAAAAJ2").state())["state"]
    entry = next(g for g in st["catalogue"] if g["game"] == "seahaven-towers")
    c1 = next(v for v in entry["variants"] if v["id"] == "C1")
    table = shipped("seahaven-towers", "C1")
    assert c1["difficulty"] == {name: sum(lv == name for lv in table.values())
                                for name in ("easy", "medium", "hard")}
    assert sum(c1["difficulty"].values()) == len(winnable_deals("seahaven-towers", "C1"))


@pytest.mark.parametrize("arg", [
    {"difficulty": "extreme", "winnable": True},
    {"difficulty": "hard"},                                 # not with winnable deals only
    {"difficulty": "hard", "winnable": True, "mode": "daily"},
    {"difficulty": 3, "winnable": True},
    {"difficulty": "hard", "winnable": True, "code": "SH1-C4-AAAAAAB"},
])
def test_a_bad_difficulty_is_an_error_and_changes_nothing(arg):
    api = Api("SH1-C4-AAAAAJ2")
    before = api.state()["state"]["code"]
    answer = api.new_game({"game": "seahaven-towers", "variant": "C4", "mode": "new", **arg})
    assert answer["ok"] is False and "difficulty" in answer["error"]["message"]
    assert api.state()["state"]["code"] == before


def test_statistics_count_and_list_the_level_of_each_game():
    table = shipped("seahaven-towers", "C4")
    hard = min(d for d, lv in table.items() if lv == "hard")
    api = Api(f"SH1-C4-{b32(hard)}")
    st = ok(api.state())["state"]
    assert st["difficulty"] == "hard"
    move = next((p["id"], i, c["to"][0]) for p in st["piles"]
                for i, c in enumerate(p["cards"]) if c.get("to"))
    ok(api.play({"from": move[0], "index": move[1], "to": move[2]}))
    ok(api.new_game({"game": "seahaven-towers", "variant": "C4", "mode": "new"}))
    stats = api.statistics()
    row = stats["history"][0]
    assert (row["code"], row["result"], row["level"]) == (f"SH1-C4-{b32(hard)}", "abandoned",
                                                          "hard")
    e = stats["statistics"]["seahaven-towers/C4"]
    assert (e["hard_played"], e["hard_won"], e["easy_played"]) == (1, 0, 0)


def test_a_win_counts_under_its_level():
    s = storage.record_start(storage.default_stats(), "freecell/S", "a", level="easy")
    s = storage.record_win(s, "freecell/S", "a", score=10, moves=90, seconds=60.0,
                           code="FC1-S-AAAAAAB", day="2026-12-07", level="easy")
    e = s["games"]["freecell/S"]
    assert (e["easy_played"], e["easy_won"], e["medium_played"]) == (1, 1, 0)
    assert s["history"][0]["level"] == "easy"
    s = storage.record_win(storage.default_stats(), "freecell/S", "b", score=10, moves=90,
                           seconds=60.0, code="FC1-S-AAAAAAC", day="2026-12-07")
    assert "level" not in s["history"][0] and s["games"]["freecell/S"]["won"] == 1
