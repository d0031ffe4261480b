"""The player's local date and the deal of the day for it (APP-12, EH-19).

Every instant is written in UTC with the zone's offset worked out by hand from the published
rules (EU: summer time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
Sunday of October; Kiritimati UTC+14 and Pago Pago UTC−11 all year). Expected deals come
from ht_support's own SplitMix64 and its own reading of the published date → deal mapping
(ref_deal_of_the_day), not from the engine.
"""

from __future__ import annotations

import time
from datetime import date, datetime, timedelta, timezone

import pytest

from harptowers.engine.codes import DealCode, deal_of_the_day
from harptowers.today import deal_of_today, local_date
from ht_support import ref_deal_of_the_day

zoneinfo = pytest.importorskip("zoneinfo")
try:
    ZAGREB = zoneinfo.ZoneInfo("Europe/Zagreb")
    KIRITIMATI = zoneinfo.ZoneInfo("Pacific/Kiritimati")
    PAGO_PAGO = zoneinfo.ZoneInfo("Pacific/Pago_Pago")
except zoneinfo.ZoneInfoNotFoundError:  # Windows without the tzdata package
    pytest.skip("no time zone database", allow_module_level=True)

EH, SH = "easy-harp", "seahaven-towers"
VARIANTS = [(EH, "N"), (SH, "C4"), (SH, "C2"), (SH, "C1")]


def utc(y, mo, d, h, mi):
    return datetime(y, mo, d, h, mi, tzinfo=timezone.utc)


# 2024: the last Sunday of March is the 31st, of October the 27th.
# (local wall time, the same instant in UTC, the local date)
ZAGREB_CASES = [
    # spring: 02:00 CET → 03:00 CEST on 31 March
    ("30 Mar 23:59 CET", utc(2024, 3, 30, 22, 59), date(2024, 3, 30)),
    ("31 Mar 00:01 CET", utc(2024, 3, 30, 23, 1), date(2024, 3, 31)),
    ("31 Mar 23:59 CEST", utc(2024, 3, 31, 21, 59), date(2024, 3, 31)),
    ("1 Apr 00:01 CEST", utc(2024, 3, 31, 22, 1), date(2024, 4, 1)),
    # autumn: 03:00 CEST → 02:00 CET on 27 October
    ("26 Oct 23:59 CEST", utc(2024, 10, 26, 21, 59), date(2024, 10, 26)),
    ("27 Oct 00:01 CEST", utc(2024, 10, 26, 22, 1), date(2024, 10, 27)),
    ("27 Oct 23:59 CET", utc(2024, 10, 27, 22, 59), date(2024, 10, 27)),
    ("28 Oct 00:01 CET", utc(2024, 10, 27, 23, 1), date(2024, 10, 28)),
]


@pytest.mark.rule("APP-12")
@pytest.mark.rule("EH-19")
@pytest.mark.parametrize("wall, instant, day", ZAGREB_CASES, ids=[c[0] for c in ZAGREB_CASES])
def test_local_date_around_midnight_on_dst_change_days(wall, instant, day):
    assert local_date(instant, ZAGREB) == day
    # the same instant written in any other zone is the same instant
    assert local_date(instant.astimezone(PAGO_PAGO), ZAGREB) == day
    for game, variant in VARIANTS:
        want = DealCode(game, variant, ref_deal_of_the_day(game, variant, day))
        assert deal_of_today(game, variant, instant, ZAGREB) == want


@pytest.mark.rule("APP-12")
@pytest.mark.rule("EH-19")
def test_two_minutes_across_midnight_change_the_deal_and_the_dst_hour_does_not():
    before, after = ZAGREB_CASES[0][1], ZAGREB_CASES[1][1]  # 23:59 and 00:01, 2 min apart
    assert after - before == timedelta(minutes=2)
    assert deal_of_today(EH, "N", before, ZAGREB) != deal_of_today(EH, "N", after, ZAGREB)
    # 31 March has only 23 hours in Zagreb; 27 October has 25: one deal all day long
    start, end = ZAGREB_CASES[1][1], ZAGREB_CASES[2][1]
    assert end - start == timedelta(hours=22, minutes=58)
    start, end = ZAGREB_CASES[5][1], ZAGREB_CASES[6][1]
    assert end - start == timedelta(hours=24, minutes=58)
    t = start
    while t <= end:
        assert deal_of_today(SH, "C4", t, ZAGREB) == deal_of_today(SH, "C4", start, ZAGREB)
        t += timedelta(minutes=30)


@pytest.mark.rule("APP-12")
@pytest.mark.rule("EH-19")
@pytest.mark.parametrize("instant, kiritimati, pago_pago", [
    # 10:30 UTC: 00:30 next day at UTC+14, 23:30 the day before at UTC−11: two dates apart
    (utc(2024, 6, 15, 10, 30), date(2024, 6, 16), date(2024, 6, 14)),
    # 12:00 UTC: 02:00 next day and 01:00 the same day
    (utc(2024, 6, 15, 12, 0), date(2024, 6, 16), date(2024, 6, 15)),
    # 09:59 UTC: 23:59 the same day and 22:59 the day before
    (utc(2024, 6, 15, 9, 59), date(2024, 6, 15), date(2024, 6, 14)),
    # at 10:00 and 11:00 UTC both sides of the date line roll over
    (utc(2024, 12, 31, 10, 1), date(2025, 1, 1), date(2024, 12, 30)),
    (utc(2024, 12, 31, 11, 1), date(2025, 1, 1), date(2024, 12, 31)),
])
def test_across_the_date_line_the_same_instant_has_two_dates(instant, kiritimati, pago_pago):
    assert local_date(instant, KIRITIMATI) == kiritimati
    assert local_date(instant, PAGO_PAGO) == pago_pago
    for game, variant in VARIANTS:
        k = deal_of_today(game, variant, instant, KIRITIMATI)
        p = deal_of_today(game, variant, instant, PAGO_PAGO)
        assert k.number == ref_deal_of_the_day(game, variant, kiritimati)
        assert p.number == ref_deal_of_the_day(game, variant, pago_pago)
        assert k != p


@pytest.mark.rule("APP-12")
def test_players_on_the_same_local_date_get_the_same_deal():
    # 11:30 UTC on 15 June is 15 June in London (BST, 12:30), Zagreb (13:30) and
    # Pago Pago (00:30); the deal is the same for all of them
    instant = utc(2024, 6, 15, 11, 30)
    zones = [zoneinfo.ZoneInfo("Europe/London"), ZAGREB, PAGO_PAGO]
    assert {local_date(instant, z) for z in zones} == {date(2024, 6, 15)}
    assert len({deal_of_today(SH, "C2", instant, z) for z in zones}) == 1
    assert deal_of_today(SH, "C2", instant, ZAGREB) == deal_of_the_day(SH, "C2", date(2024, 6, 15))


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs time.tzset (POSIX)")
@pytest.mark.parametrize("tz_name, instant, day", [
    ("Pacific/Kiritimati", utc(2024, 6, 15, 10, 30), date(2024, 6, 16)),
    ("Pacific/Pago_Pago", utc(2024, 6, 15, 10, 30), date(2024, 6, 14)),
    ("Europe/Zagreb", utc(2024, 3, 30, 23, 1), date(2024, 3, 31)),
])
def test_the_default_zone_is_the_system_local_zone(monkeypatch, tz_name, instant, day):
    monkeypatch.setenv("TZ", tz_name)
    time.tzset()
    try:
        assert local_date(instant) == day
    finally:
        monkeypatch.undo()
        time.tzset()


def test_no_arguments_gives_todays_local_date():
    # bracket the call: the date cannot change twice within it
    a = datetime.now().date()
    got = local_date()
    b = datetime.now().date()
    assert got in (a, b)


def test_a_naive_datetime_is_refused():
    with pytest.raises(ValueError, match="timezone-aware"):
        local_date(datetime(2024, 6, 15, 12, 0), ZAGREB)


def test_fixed_offset_zones_work_too():
    assert local_date(utc(2024, 6, 15, 23, 30), timezone(timedelta(hours=1))) == date(2024, 6, 16)
