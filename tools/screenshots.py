"""Screenshots of both games in each deck, at 1152x720 and 1920x1080, light and dark, and of
the Statistics window after a few games, into docs/screenshots/ (issue 16). The real page in
headless Chromium, routed to a real Api as in the e2e harness; PNGs are shrunk with pngquant
when it is installed.

    .venv/bin/python tools/screenshots.py [--only DECK | --statistics]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, _QuietHandler, _route_api  # noqa: E402
from harptowers import storage  # noqa: E402
from harptowers.api import Api  # noqa: E402
from harptowers.engine import codes, difficulty  # noqa: E402
from harptowers.start import frontend_dir  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
GAMES = {"easy-harp": ("EH1-N-AAAAAAF", ["stock"] * 3),
         "seahaven-towers": ("SH1-C4-AAAAAJ2", [])}
DECKS = ["home", "classic", "responsive"]
SIZES = [(1152, 720), (1920, 1080)]
LOOKS = {"home": ("blue", "green"), "classic": ("red", "green"), "responsive": ("blue", "blue")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", choices=DECKS)
    parser.add_argument("--statistics", action="store_true", help="the Statistics window only")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(_QuietHandler, directory=str(frontend_dir()))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        statistics_shot(browser, url, 1280, 800)
        for deck in [] if args.statistics else [args.only] if args.only else DECKS:
            for game, (code, actions) in GAMES.items():
                for width, height in SIZES:
                    for scheme in ("light", "dark"):
                        shot(browser, url, deck, game, code, actions, width, height, scheme)
            # issue 42: Four-colour and Large cards with each deck, the table's top-left corner
            shot(browser, url, deck, "seahaven-towers", "SH1-C4-AAAAAJ2", [], 1152, 720, "light",
                 {"four_colour": True, "large_cards": True},
                 f"options-{deck}-four-colour-large-cards.png")
        browser.close()
    server.shutdown()


def shot(browser, url, deck, game, code, actions, width, height, scheme,
         options: dict | None = None, name: str | None = None) -> None:
    """A screenshot of the whole window, or with ``options`` (more settings) a 580x500 clip
    of the table's top-left corner named ``name``."""
    api = Api(code)
    back, felt = LOOKS[deck]
    api.settings({"deck": deck, "card_back": back, "felt": felt, "anim_speed": "off", **(options or {})})
    for action in actions:
        getattr(api, action)(None)
    context, page = open_page(browser, url, api, width, height, scheme)
    page.wait_for_function("() => [...document.images].every((i) => i.complete)")
    page.wait_for_timeout(300)
    path = OUT / (name or f"{game}-{deck}-{width}x{height}-{scheme}.png")
    box = page.locator("#table").bounding_box() if options else None
    clip = {"x": box["x"], "y": box["y"], "width": 580, "height": 500} if box else None
    save(page, path, clip)
    context.close()


# (game, variant, level or None, result, moves, seconds, date): the games the Statistics shot
# shows, oldest first; each deal is the first of its level in the shipped tables.
GAMES_PLAYED = [
    ("easy-harp", "N", None, "won", 312, 245.0, "2026-11-24"),
    ("easy-harp", "N", "hard", "abandoned", 40, 95.0, "2026-11-25"),
    ("seahaven-towers", "C4", "easy", "won", 118, 58.0, "2026-11-26"),
    ("seahaven-towers", "C2", "medium", "lost", 77, 402.0, "2026-11-27"),
    ("klondike", "D1", "medium", "won", 131, 412.0, "2026-11-28"),
    ("freecell", "S", "easy", "won", 96, 301.0, "2026-11-30"),
    ("easy-harp", "N", "easy", "won", 298, 1025.0, "2026-12-01"),
    ("klondike", "D3", "hard", "abandoned", 64, 380.0, "2026-12-02"),
]


def played_statistics() -> dict:
    """The statistics after GAMES_PLAYED, recorded by the app's own statistics functions."""
    stats = storage.default_stats()
    for n, (game, variant, level, result, moves, seconds, day) in enumerate(GAMES_PLAYED):
        number = difficulty.deals(game, variant, level)[0] if level else 5
        key, gid, code = f"{game}/{variant}", f"shot-{n}", codes.format_code(game, variant, number)
        stats = storage.record_start(stats, key, gid, level=level)
        if result == "won":
            stats = storage.record_win(stats, key, gid, score=1000 + moves, moves=moves,
                                       seconds=seconds, code=code, day=day, level=level)
        else:
            stats = storage.record_abandon(stats, gid, score=moves, seconds=seconds,
                                           moves=moves, code=code, day=day,
                                           stuck=result == "lost", level=level)
    return stats


def statistics_shot(browser, url, width, height) -> None:
    """The Statistics window over Easy Harp's table after GAMES_PLAYED."""
    api = Api(GAMES["easy-harp"][0])
    api.settings({"anim_speed": "off"})
    api._session.stats = played_statistics()
    context, page = open_page(browser, url, api, width, height, "light")
    page.get_by_test_id("btn-stats").click()
    page.get_by_test_id("dialog-stats").wait_for()
    page.wait_for_timeout(300)
    save(page, OUT / f"statistics-{width}x{height}-light.png")
    context.close()


def open_page(browser, url, api, width, height, scheme):
    """(context, page): the page at ``url`` routed to ``api``, drawn and ready."""
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    _route_api(page, api, [])
    page.goto(url)
    page.locator('body[data-ready="1"]').wait_for()
    return context, page


def save(page, path, clip=None) -> None:
    """The page's screenshot at ``path``, shrunk when pngquant is installed."""
    page.screenshot(path=str(path), clip=clip)
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--quality", "50-80",
                        "--output", str(path), str(path)], check=False)
    print(path.relative_to(ROOT), path.stat().st_size // 1024, "kB")


if __name__ == "__main__":
    main()
