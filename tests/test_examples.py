"""The shipped Examples-page situations (backend/harptowers/engine/examples.json, found by
tools/find_examples.py) still show what they promise under the current engine; when this
fails, run the tool again."""

import pytest

from harptowers.engine import examples
from harptowers.engine import IllegalMove
from harptowers.engine.notation import parse_move

RED = set("HD")


def is_alternating_run(cards):
    return all((a[1] in RED) != (b[1] in RED) and "A23456789TJQK".index(a[0])
               == "A23456789TJQK".index(b[0]) + 1 for a, b in zip(cards, cards[1:]))


@pytest.mark.rule("APP-04")
@pytest.mark.rule("EH-05")
def test_easy_harp_example_refuses_the_run_then_takes_it_apart():
    ex = examples.load_plain()["easy-harp"]
    g = examples.play(ex["code"], ex["moves"])
    key = g.example_situation()
    assert key is not None
    col = [c.text for c in g.columns[key["column"]]]
    run = col[key["index"]:]
    assert len(run) >= 3 and run[0][0] != "K" and is_alternating_run(run)
    onto = g.columns[key["onto"]][-1].text
    assert (onto[1] in RED) != (run[0][1] in RED)
    assert "A23456789TJQK".index(onto[0]) == "A23456789TJQK".index(run[0][0]) + 1
    with pytest.raises(IllegalMove) as e:
        g.play(parse_move(f"t{key['column'] + 1}:{len(run)}-t{key['onto'] + 1}"))
    assert e.value.rule == "EH-05" and e.value.params == {"count": len(run)}
    for m in key["apart"]:                          # top card first, one at a time
        assert m.startswith(f"t{key['column'] + 1}-")
        g.play(parse_move(m))
    assert g.columns[key["onto"]][-1].text == run[0]
    assert [c.text for c in g.columns[key["column"]]] == col[:key["index"]]


@pytest.mark.rule("APP-05")
@pytest.mark.rule("SH-08")
def test_seahaven_example_has_one_free_cell_two_empty_columns_and_a_long_king_run():
    ex = examples.load_plain()["seahaven"]
    g = examples.play(ex["code"], ex["moves"])
    assert sum(1 for c in g.cells if not c) == 1
    empties = [i for i, c in enumerate(g.columns) if not c]
    assert len(empties) == 2
    key = g.example_situation()
    assert key is not None
    run = g.columns[key["column"]][key["index"]:]
    assert run[0].rank == 13 and 4 < len(run) <= 8
    assert all(b.suit == run[0].suit and b.rank == a.rank - 1 for a, b in zip(run, run[1:]))
    with pytest.raises(IllegalMove) as e:
        g.play(parse_move(f"t{key['column'] + 1}:{len(run)}-t{empties[0] + 1}"))
    # the SH-08 table: 1 free cell, King-led run into an empty column with 2 empty in all → 4;
    # onto an occupied column with 2 empty → 8
    assert e.value.rule == "SH-08"
    assert e.value.params == {"count": len(run), "limit": 4, "free_cells": 1, "empty_columns": 2,
                              "to_empty": True, "limit_occupied": 8}
