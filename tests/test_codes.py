"""Deal codes (APP-07, EH-19, SH-15) and the deal of the day (APP-12).

Expected numbers come from RFC 4648's alphabet by hand (A=0 … Z=25, 2=26 … 7=31) and from
ht_support's own base-32 encoder and own SplitMix64; never from the engine.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harptowers.engine import DealCode, InvalidCode, format_code, new_game, parse_code
from harptowers.engine.codes import daily_number, deal_of_the_day
from ht_support import DAILY_TAG, RefSplitMix64, b32, ref_daily

EH, SH = "easy-harp", "seahaven-towers"


# ---- reading codes --------------------------------------------------------------------

@pytest.mark.rule("APP-07", "EH-19")
def test_easy_harp_example_code_is_deal_5():
    # AAAAAAF: six A (0) and F (5) → 5
    assert parse_code("EH1-N-AAAAAAF") == DealCode(EH, "N", 5)


@pytest.mark.rule("APP-07", "SH-15")
def test_seahaven_example_code_is_deal_314_with_4_cells():
    # AAAAAJ2: J = 9, 2 = 26 → 9 × 32 + 26 = 314
    d = parse_code("SH1-C4-AAAAAJ2")
    assert d == DealCode(SH, "C4", 314)
    assert len(new_game(d).cells) == 4


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("text, want", [
    ("eh1-n-aaaaaaf", (EH, "N", 5)),
    ("Sh1-c4-aaaaaJ2", (SH, "C4", 314)),
    ("EH1 N AAAAAAF", (EH, "N", 5)),
    ("  EH1-N-AAA AAAF  ", (EH, "N", 5)),
    ("EH1NAAAAAAF", (EH, "N", 5)),
    ("SH1C2AAAAAJ2", (SH, "C2", 314)),
    ("SH1-\nC1-\nAAAAAJ2\n", (SH, "C1", 314)),
    ("S-H-1-C-4-A-A-A-A-A-J-2", (SH, "C4", 314)),
    ("sh1\tc4\taaaaa\tj2", (SH, "C4", 314)),
    ("try this one: SH1-C4-AAAAAJ2, it is fun!", (SH, "C4", 314)),
    ("Deal of the day was eh1-n-aaaaaaf. Good luck", (EH, "N", 5)),
    ("(EH1-N-AAAAAAF)", (EH, "N", 5)),
    ("line one\nmy code: SH1-C2-AAAAAJ2\nbye", (SH, "C2", 314)),
])
def test_codes_are_read_whatever_the_case_spaces_dashes_and_surrounding_text(text, want):
    assert parse_code(text) == DealCode(*want)


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("text, game, variant, want", [
    ("5", EH, "N", (EH, "N", 5)),
    (" 314 ", SH, "C2", (SH, "C2", 314)),
    ("314", SH, None, (SH, "C4", 314)),          # no variant: the game's first (C4, default)
    ("999999", SH, "C1", (SH, "C1", 999_999)),
    ("1", EH, "N", (EH, "N", 1)),
])
def test_a_bare_number_means_that_number_in_the_game_being_played(text, game, variant, want):
    assert parse_code(text, game, variant) == DealCode(*want)


@pytest.mark.rule("APP-07")
def test_a_bare_number_without_a_game_is_an_error_quoting_it():
    with pytest.raises(InvalidCode) as ei:
        parse_code("5")
    assert "'5'" in str(ei.value)


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("text, quoted", [
    ("0", "'0'"),
    ("1000000", "'1000000'"),
])
def test_a_bare_number_outside_the_range_is_an_error(text, quoted):
    with pytest.raises(InvalidCode) as ei:
        parse_code(text, EH, "N")
    assert quoted in str(ei.value)


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("text, quoted", [
    ("XH1-N-AAAAAAF", "'XH'"),                 # unknown game
    ("ZZ1-C4-AAAAAJ2", "'ZZ'"),
    ("SH1-C3-AAAAAJ2", "'C3'"),                # bad variant for Seahaven
    ("SH1-N-AAAAAJ2", "'N'"),
    ("EH1-C4-AAAAAAF", "'C4'"),                # bad variant for Easy Harp
    ("EH1-N-AAAAA0F", "'0'"),                  # characters outside the alphabet
    ("EH1-N-AAAAA1F", "'1'"),
    ("SH1-C4-AAAAA8A", "'8'"),
    ("SH1-C4-AAAAAJ9", "'9'"),
    ("EH1-N-AAAAAAA", "'AAAAAAA'"),            # number 0
    ("EH1-N-" + "AAA6QSA", "'AAA6QSA'"),       # 1 000 000 (own encoder: b32(1_000_000))
    ("SH1-C2-7777777", "'7777777'"),            # 32**7 - 1
    ("EH2-N-AAAAAAF", "'2'"),                  # unknown version
    ("EH1-N-AAAAAF", "'AAAAAF'"),              # 6 characters
])
def test_errors_name_the_wrong_part(text, quoted):
    with pytest.raises(InvalidCode) as ei:
        parse_code(text)
    assert quoted in str(ei.value), str(ei.value)


def test_the_above_range_literal_is_what_the_own_encoder_says():
    assert b32(1_000_000) == "AAA6QSA"
    assert b32(999_999) == "AAA6QR7"


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("text", ["", "hello", "EH", "12abc", None, 5, ["EH1-N-AAAAAAF"]])
def test_no_code_at_all_is_an_error_not_a_crash(text):
    with pytest.raises(InvalidCode):
        parse_code(text)


@pytest.mark.rule("APP-07")
def test_invalid_code_is_a_value_error():
    assert issubclass(InvalidCode, ValueError)


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("args", [(EH, "C4", 5), (SH, "N", 5), ("no-such-game", "N", 5),
                                  (EH, "N", 0), (EH, "N", 1_000_000)])
def test_deal_code_validates(args):
    with pytest.raises(InvalidCode):
        DealCode(*args)


# ---- writing codes, round trip ------------------------------------------------------------

@pytest.mark.rule("APP-07", "EH-19", "SH-15")
def test_format_known_codes():
    assert format_code(EH, "N", 5) == "EH1-N-AAAAAAF"
    assert format_code(SH, "C4", 314) == "SH1-C4-AAAAAJ2"
    assert format_code(EH, "N", 1) == "EH1-N-AAAAAAB"
    assert format_code(SH, "C1", 999_999) == "SH1-C1-AAA6QR7"
    assert str(DealCode(SH, "C2", 32)) == "SH1-C2-AAAAABA"


@pytest.mark.rule("APP-07", "EH-19", "SH-15")
@settings(max_examples=300, deadline=None)
@given(number=st.integers(1, 999_999),
       gv=st.sampled_from([(EH, "N"), (SH, "C4"), (SH, "C2"), (SH, "C1")]))
def test_round_trip_against_own_encoder(number, gv):
    game, variant = gv
    tag = "EH" if game == EH else "SH"
    want = f"{tag}1-{variant}-{b32(number)}"
    assert format_code(game, variant, number) == want
    assert parse_code(want) == DealCode(game, variant, number)
    assert parse_code(want.lower().replace("-", " ")) == DealCode(game, variant, number)


@pytest.mark.rule("APP-07")
@settings(max_examples=30, deadline=None)
@given(number=st.integers(1, 999_999))
def test_a_code_deals_the_same_layout_every_time(number):
    code = f"SH1-C4-{b32(number)}"
    assert new_game(code).replay_json() == new_game(code.lower()).replay_json()
    code = f"EH1-N-{b32(number)}"
    assert new_game(code).replay_json() == new_game(f"see {code} !").replay_json()


# ---- deal of the day (APP-12) -------------------------------------------------------------

def own_daily(day: date, tag: int) -> int:
    """Written out from the docstring of codes.daily_number, with the test's own SplitMix64."""
    seed = day.toordinal() << 8 | tag
    return RefSplitMix64(seed).next() % 999_999 + 1


# Computed with own_daily (own SplitMix64), not with the engine. Order: EH, SH C4, SH C2, SH C1.
PINNED_DAILY = {
    date(2024, 2, 29): (451862, 671694, 327785, 761177),
    date(2026, 1, 1): (987665, 760384, 35970, 258435),
    date(2026, 11, 30): (548240, 180180, 41257, 575473),
    date(2030, 12, 31): (961151, 135580, 301911, 109254),
}
STREAMS = [(EH, "N"), (SH, "C4"), (SH, "C2"), (SH, "C1")]


@pytest.mark.rule("APP-12", "EH-19")
@pytest.mark.parametrize("day", list(PINNED_DAILY))
def test_deal_of_the_day_pinned_dates(day):
    for (game, variant), want in zip(STREAMS, PINNED_DAILY[day]):
        assert own_daily(day, DAILY_TAG[(game, variant)]) == want
        assert daily_number(game, variant, day) == want
        assert deal_of_the_day(game, variant, day) == DealCode(game, variant, want)


@pytest.mark.rule("APP-12")
@settings(max_examples=100, deadline=None)
@given(day=st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 12, 31)))
def test_deal_of_the_day_follows_the_documented_formula(day):
    for game, variant in STREAMS:
        n = daily_number(game, variant, day)
        assert n == ref_daily(game, variant, day) == own_daily(day, DAILY_TAG[(game, variant)])
        assert 1 <= n <= 999_999
        assert daily_number(game, variant, day) == n          # same date → same deal


@pytest.mark.rule("APP-12")
def test_deal_of_the_day_streams_are_independent():
    start = date(2026, 1, 1)
    days = [start + timedelta(days=i) for i in range(60)]
    seqs = {gv: [daily_number(*gv, d) for d in days] for gv in STREAMS}
    # every game/variant has its own stream: no two agree on any of these 60 dates
    for i, a in enumerate(STREAMS):
        for b in STREAMS[i + 1:]:
            assert all(x != y for x, y in zip(seqs[a], seqs[b])), (a, b)
    # and consecutive dates give different deals
    for s in seqs.values():
        assert len(set(s)) == len(s)


@pytest.mark.rule("APP-07")
@pytest.mark.parametrize("text", [
    "EH1\u2014N\u2014AAAAAAF",                 # em dashes, as chat apps write them
    "EH1\u2013N\u2013AAAAAAF",                 # en dashes
    "\uff25\uff28\uff11-\uff2e-\uff21\uff21\uff21\uff21\uff21\uff21\uff26",  # full-width
])
def test_unicode_dashes_and_full_width_characters_read_the_same(text):
    from harptowers.engine.codes import parse_code as read

    code = read(text)
    assert (code.game, code.variant, code.number) == ("easy-harp", "N", 5)
