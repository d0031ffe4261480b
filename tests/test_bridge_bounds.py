"""Numbers and texts the page could not have sent (issue 14, items 3 and 4): a bad-argument
or invalid-code answer, and the session goes on answering normally afterwards."""

from __future__ import annotations

import pytest

from harptowers.api import Api

EH5 = "EH1-N-AAAAAAF"
SAFE = 2 ** 53 - 1  # JavaScript's largest exact integer: the most the page can send


@pytest.mark.parametrize("ms", [10 ** 308, 10 ** 309, -(10 ** 308), SAFE + 1, 2 ** 64])
def test_a_clock_no_page_could_send_is_a_bad_argument_and_breaks_nothing(ms):
    api = Api(EH5)
    answer = api.clock({"elapsed_ms": ms})
    assert answer["ok"] is False and answer["error"]["code"] == "bad-argument"
    assert answer["state"]["elapsed_ms"] == 0
    after = api.stock()  # the next calls answer as before
    assert after["ok"] is True and after["state"]["moves"] == 1


def test_the_largest_clock_the_page_can_send_is_taken():
    api = Api(EH5)
    answer = api.clock({"elapsed_ms": SAFE})
    assert answer["ok"] is True and abs(answer["state"]["elapsed_ms"] - SAFE) <= 2
    assert api.clock({"elapsed_ms": 123_456_789_012})["state"]["elapsed_ms"] == 123_456_789_012
    assert api.state()["ok"] is True


@pytest.mark.parametrize("method, arg", [
    ("play", {"from": "t1", "index": 10 ** 400, "to": "t2"}),
    ("tap", {"pile": "t1", "index": -(10 ** 30)}),
    ("double_tap", {"pile": "t1", "index": 2 ** 60}),
])
def test_any_huge_index_is_a_bad_argument(method, arg):
    api = Api(EH5)
    answer = getattr(api, method)(arg)
    assert answer["ok"] is False and answer["error"]["code"] == "bad-argument"
    assert len(answer["error"]["message"]) < 200


@pytest.mark.parametrize("digits", [4_301, 5_000, 50_000])
def test_a_bare_number_of_thousands_of_digits_is_an_invalid_code(digits):
    api = Api(EH5)
    answer = api.new_game({"code": "7" * digits})
    assert answer["ok"] is False
    assert answer["error"]["code"] == "invalid-code"
    assert answer["error"]["reason"] == "out-of-range"
    assert answer["state"]["code"] == EH5  # the game in progress is untouched


def test_a_long_hostile_paste_answers_with_an_invalid_code():
    api = Api(EH5)
    answer = api.new_game({"code": "EH1" + " -" * 1_000 + "N" + " -" * 1_000 + "!"})
    assert answer["ok"] is False and answer["error"]["code"] == "invalid-code"


def test_a_clock_report_asked_without_the_view_model_is_answered_without_it():
    """The page reports its clock every second (issue 18): no view model goes back for it,
    the clock is kept all the same; a refused report still carries the view model."""
    api = Api(EH5)
    answer = api.clock({"elapsed_ms": 4_000, "state": False})
    assert answer == {"ok": True}
    assert api.state()["state"]["elapsed_ms"] == 4_000
    assert "state" in api.clock({"elapsed_ms": 5_000, "state": True})
    refused = api.clock({"elapsed_ms": -1, "state": False})
    assert refused["ok"] is False and refused["state"]["elapsed_ms"] == 5_000
    assert api.clock({"elapsed_ms": 1, "state": "no"})["error"]["code"] == "bad-argument"
