"""Screenshots of both games in each deck, at 1152x720 and 1920x1080, light and dark, into
docs/screenshots/ (issue 16). The real page in headless Chromium, routed to a real Api as in
the e2e harness; PNGs are shrunk with pngquant when it is installed.

    .venv/bin/python tools/screenshots.py [--only DECK]
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
from harptowers.api import Api  # noqa: E402
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
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(_QuietHandler, directory=str(frontend_dir()))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for deck in [args.only] if args.only else DECKS:
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
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    _route_api(page, api, [])
    page.goto(url)
    page.locator('body[data-ready="1"]').wait_for()
    page.wait_for_function("() => [...document.images].every((i) => i.complete)")
    page.wait_for_timeout(300)
    path = OUT / (name or f"{game}-{deck}-{width}x{height}-{scheme}.png")
    box = page.locator("#table").bounding_box() if options else None
    clip = {"x": box["x"], "y": box["y"], "width": 580, "height": 500} if box else None
    page.screenshot(path=str(path), clip=clip)
    context.close()
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--quality", "50-80",
                        "--output", str(path), str(path)], check=False)
    print(path.relative_to(ROOT), path.stat().st_size // 1024, "kB")


if __name__ == "__main__":
    main()
