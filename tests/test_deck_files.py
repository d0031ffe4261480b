"""The image decks' files as the page shows them (issue 42): every Responsive card draws its
rank twice, in its two corners, at the deck's one index size (its 4S drew a third, huge one
over the card, and was taken from the Classic deck instead); every Classic card keeps the
deck's art unchanged inside (tools/deck_corners.py)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "frontend" / "decks"
CARDS = [f"{r}{s}" for s in "CDHS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                             "J", "Q", "K")]


def test_every_responsive_card_draws_its_rank_in_its_two_corners_only():
    for n in range(1, 14):
        for s in "cdhs":
            svg = (DECKS / "responsive" / "cards" / f"{n}{s}.svg").read_text()
            numerals = re.findall(r'href="#numeral" transform="([^"]*)"', svg)
            if n > 10:
                continue  # the court cards draw their letters otherwise
            assert numerals == ["translate(7 12)", "matrix(-1 0 0 -1 218 302)"], (n, s, numerals)


def test_the_page_takes_every_responsive_card_from_its_own_deck():
    assert "DECKS.classic.file" not in (ROOT / "frontend" / "js" / "looks.js").read_text()


# sha256 of the 52 Classic cards' art as the deck shipped it (each file's content inside its
# root element, A..K of clubs, diamonds, hearts, spades), taken before any change
SHIPPED_ART = "f87485903d242d3bd85a4fae405c08d9d0cd91212f5fd59c1d6459945a1c4a94"


def test_every_classic_card_keeps_the_decks_art_unchanged_inside():
    h = hashlib.sha256()
    for code in CARDS:
        now = (DECKS / "classic" / "cards" / f"{code}.svg").read_text()
        h.update(now[now.index("<!-- dc-art -->") + 15:now.index("<!-- /dc-art -->")].encode())
    assert h.hexdigest() == SHIPPED_ART
