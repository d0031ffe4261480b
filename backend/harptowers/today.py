"""The player's local calendar date, and the deal of the day for it (APP-12, EH-19).

Finding the date is this module's job; mapping a date to a deal is
``engine.codes.deal_of_the_day``'s (a formula today, later the published append-only
mapping of proven-winnable deals), so either step can change without the other.
"""

from __future__ import annotations

from datetime import date, datetime, timezone, tzinfo

from .engine.codes import DealCode, deal_of_the_day


def local_date(now: datetime | None = None, tz: tzinfo | None = None) -> date:
    """The calendar date at instant ``now`` (default: the current instant) in zone ``tz``
    (default: the system's local zone, as the OS reports it, DST included).

    ``now`` must be timezone-aware (any zone: only the instant matters); a naive datetime
    raises ValueError, since it names no instant. Called with no arguments it fits
    ``Api(today=local_date)``.
    """
    if now is None:
        now = datetime.now(timezone.utc)
    elif now.tzinfo is None or now.utcoffset() is None:
        raise ValueError(f"now must be timezone-aware, got the naive {now.isoformat()!r}")
    return (now.astimezone(tz) if tz is not None else now.astimezone()).date()


def deal_of_today(game: str, variant: str, now: datetime | None = None,
                  tz: tzinfo | None = None) -> DealCode:
    """The deal of the day for ``game``/``variant`` on the player's local date (see
    ``local_date`` for ``now``/``tz``). Raises KeyError for an unknown game/variant."""
    return deal_of_the_day(game, variant, local_date(now, tz))
