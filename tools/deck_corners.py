"""Readable corner indices for the Classic deck (issue 42): each card's own art, its corner
ranks drawn larger and the rest of the face a little smaller, so nothing overlaps.

    .venv/bin/python tools/deck_corners.py [--check] [CARD ...]

The deck (Vectorized Playing Cards 1.3, LGPL-3.0) puts a narrow index beside the pips; at the
table's usual card width (about 96 px) its rank is 14 px tall and 8 px wide. Every card file
keeps the deck's art unchanged between the ``dc-art`` marks and shows pieces of it: in each
corner the rank, scaled by ``RANK`` and moved to ``TOP`` units from the edge, and the suit
below it at the gap it had, scaled by ``SUIT``, so the whole index still shows in a column's
fan (``FAN`` of the card's height, as frontend/js/layout.js lays columns out); and the rest
of the face, scaled by ``BODY`` about the card's centre. The pieces are measured on each card,
drawn in headless Chromium (the ink's connected parts in each corner that no pip or picture
touches). The tool refuses a card where an enlarged piece would come within ``GAP`` units of
the face, or the index would not show whole in a fan. Running it again reads the art back
from the marks, so it is idempotent.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, _QuietHandler  # noqa: E402

CARDS = ROOT / "frontend" / "decks" / "classic" / "cards"
RANK, SUIT, BODY, GAP = 1.3, 0.85, 0.86, 2.0
TOP = 9.0               # the rank's distance from the card's top (bottom) edge
FAN = 0.27              # a column's face-up offset (frontend/js/layout.js FAN_UP), of the height
CORNER = (34.0, 84.0)   # the corner box the index must lie in (units of the 224 x 313 card)
BORDER = 3.0            # the border line lies within this of the card's edge
INSET = 5.0             # the face is taken from within this (the rounded border's corners end 3.6 in)
MARK = "<!-- dc-art -->"
END = "<!-- /dc-art -->"
NOTE = ("<!-- Harp & Towers: the corner indices drawn larger and the rest smaller "
        "(tools/deck_corners.py); the deck's art is unchanged between the dc-art marks. -->")

# The ink's 8-connected parts of a card drawn at K pixels a unit, as boxes in units.
MEASURE_JS = """async ([url, K]) => {
  const img = new Image(); img.src = url; await img.decode();
  const W = img.naturalWidth, H = img.naturalHeight, w = Math.round(W * K), h = Math.round(H * K);
  const c = new OffscreenCanvas(w, h), g = c.getContext('2d');
  g.fillStyle = '#fff'; g.fillRect(0, 0, w, h); g.drawImage(img, 0, 0, w, h);
  const d = g.getImageData(0, 0, w, h).data, lab = new Int32Array(w * h).fill(-1), boxes = [];
  const ink = (p) => Math.min(d[p * 4], d[p * 4 + 1], d[p * 4 + 2]) < 245;
  for (let p0 = 0; p0 < w * h; p0++) {
    if (lab[p0] !== -1 || !ink(p0)) continue;
    const id = boxes.length, bb = [w, h, 0, 0], st = [p0]; lab[p0] = id;
    while (st.length) {
      const p = st.pop(), x = p % w, y = (p - x) / w;
      bb[0] = Math.min(bb[0], x); bb[1] = Math.min(bb[1], y);
      bb[2] = Math.max(bb[2], x + 1); bb[3] = Math.max(bb[3], y + 1);
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx, ny = y + dy, q = ny * w + nx;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || lab[q] !== -1 || !ink(q)) continue;
        lab[q] = id; st.push(q);
      }
    }
    boxes.push(bb.map((v) => v / K));
  }
  return { W, H, boxes };
}"""


def art_of(text: str) -> tuple[str, str]:
    """The file's root start tag and the deck's art (read back from the marks when the file
    was written by this tool)."""
    if MARK in text:
        head = text[:text.index("<svg")]
        root = re.search(r"<svg\b[^>]*>", text).group(0)
        return head + root, text[text.index(MARK) + len(MARK):text.index(END)]
    root = re.search(r"<svg\b[^>]*>", text)
    return text[:root.end()], text[root.end():text.rindex("</svg>")]


def boxes_of(card: dict) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """The top-left index's parts, the bottom-right one's, and every other part's box."""
    W, H = card["W"], card["H"]
    ring = [b for b in card["boxes"] if b[2] - b[0] > W / 2 and b[3] - b[1] > H / 2
            and b[0] < BORDER and b[1] < BORDER]
    parts = [tuple(b) for b in card["boxes"] if b not in ring]
    tl = [b for b in parts if b[2] <= CORNER[0] and b[3] <= CORNER[1]]
    br = [b for b in parts if b[0] >= W - CORNER[0] and b[1] >= H - CORNER[1]]
    rest = [b for b in parts if b not in tl and b not in br]
    if len(tl) < 2 or len(br) < 2:
        raise ValueError("no rank and suit found in a corner")
    return tl, br, rest


def union(bs: list) -> tuple:
    return (min(b[0] for b in bs), min(b[1] for b in bs),
            max(b[2] for b in bs), max(b[3] for b in bs))


def apart(a: tuple, b: tuple) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return max(dx, dy)


def moved(b: tuple, t: tuple) -> tuple:
    """Box ``b`` under ``t = (scale, dx, dy)``."""
    s, dx, dy = t
    return (b[0] * s + dx, b[1] * s + dy, b[2] * s + dx, b[3] * s + dy)


def pieces(parts: list[tuple], top: bool, H: float) -> list[tuple[tuple, tuple]]:
    """A corner's rank and suit as ``(clip box, (scale, dx, dy))``. The rank grows by RANK
    from its outer side, moved to TOP units from the card's edge; the suit, scaled by SUIT,
    follows below it (above, in the turned bottom-right corner) at the gap it had, centred
    as it was."""
    suit = max(parts, key=lambda b: b[1]) if top else min(parts, key=lambda b: b[1])
    rank = union([b for b in parts if b != suit])
    gap = (suit[1] - rank[3]) if top else (rank[1] - suit[3])
    pad = max(0.2, min(1.0, gap / 2 - 0.1))
    ox = rank[0] if top else rank[2]
    oy, to = (rank[1], TOP) if top else (rank[3], H - TOP)
    t_rank = (RANK, ox * (1 - RANK), to - oy * RANK)
    cx = (suit[0] + suit[2]) / 2
    new_cx = ox + (cx - ox) * RANK
    moved_rank = moved(rank, t_rank)
    edge, new_edge = (suit[1], moved_rank[3] + gap) if top else (suit[3], moved_rank[1] - gap)
    t_suit = (SUIT, new_cx - SUIT * cx, new_edge - SUIT * edge)
    box = lambda b: (b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad)  # noqa: E731
    return [(box(rank), t_rank), (box(suit), t_suit)]


def compose(code: str, text: str, card: dict) -> str:
    W, H = card["W"], card["H"]
    tl, br, rest = boxes_of(card)
    cuts = pieces(tl, True, H) + pieces(br, False, H)
    face = (BODY, W / 2 * (1 - BODY), H / 2 * (1 - BODY))
    for clip, t in cuts:
        if any(apart(b, clip) < 0.3 for b in rest):
            raise ValueError(f"{code}: a part of the face lies in an index box")
        near = min(apart(moved(clip, t), moved(b, face)) for b in rest)
        if near < GAP:
            raise ValueError(f"{code}: the enlarged index comes {near:.1f} units from the face")
    if moved(cuts[1][0], cuts[1][1])[3] > FAN * H:
        raise ValueError(f"{code}: the index would not show whole in a column's fan")
    head, art = art_of(text)

    def rect(b: tuple) -> str:
        return f'<rect x="{b[0]:.2f}" y="{b[1]:.2f}" width="{b[2] - b[0]:.2f}" height="{b[3] - b[1]:.2f}"/>'

    def matrix(t: tuple) -> str:
        return f"matrix({t[0]} 0 0 {t[0]} {t[1]:.3f} {t[2]:.3f})"
    inner = (INSET, INSET, W - INSET, H - INSET)
    body = "".join("M{0:.2f} {1:.2f}H{2:.2f}V{3:.2f}H{0:.2f}Z".format(*b)
                   for b in [inner] + [clip for clip, _ in cuts])
    clips = "".join(f'<clipPath id="dc-{k}">{rect(clip)}</clipPath>' for k, (clip, _) in enumerate(cuts))
    uses = "".join(f'<use href="#dc-art" clip-path="url(#dc-{k})" transform="{matrix(t)}"/>\n'
                   for k, (_, t) in enumerate(cuts))
    return (f"{head}\n{NOTE}\n<defs><g id=\"dc-art\">{MARK}{art}{END}</g>\n{clips}\n"
            f'<clipPath id="dc-body"><path clip-rule="evenodd" d="{body}"/></clipPath></defs>\n'
            f'<rect x="0.5" y="0.5" width="{W - 1:.3f}" height="{H - 1:.3f}" rx="10.63" '
            'fill="#fff" stroke="#000" stroke-width="1"/>\n'
            f'<use href="#dc-art" clip-path="url(#dc-body)" transform="{matrix(face)}"/>\n'
            f"{uses}</svg>\n")


def card_codes() -> list[str]:
    return sorted(p.stem for p in CARDS.glob("*.svg") if re.fullmatch(r"(10|[2-9AJQKT])[CDHS]", p.stem))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="measure and check, write nothing")
    parser.add_argument("codes", nargs="*", help="cards (default: all 52, and the T aliases)")
    args = parser.parse_args()
    codes = args.codes or card_codes()
    # the art alone, served to the browser for measuring
    arts = {c: "".join(art_of((CARDS / f"{c}.svg").read_text())) + "</svg>\n" for c in codes}
    handler = functools.partial(_QuietHandler, directory=str(CARDS))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.route("**/art/*.svg", lambda r: r.fulfill(
            body=arts[r.request.url.rsplit("/", 1)[1][:-4]], content_type="image/svg+xml"))
        page.goto(base + "readme.txt")
        failed = 0
        for code in codes:
            card = page.evaluate(MEASURE_JS, [f"{base}art/{code}.svg", 4])
            try:
                out = compose(code, (CARDS / f"{code}.svg").read_text(), card)
            except ValueError as e:
                print(f"deck_corners: {e}", file=sys.stderr)
                failed += 1
                continue
            if not args.check:
                (CARDS / f"{code}.svg").write_text(out)
        browser.close()
    server.shutdown()
    print(f"deck_corners: {len(codes) - failed} of {len(codes)} cards {'checked' if args.check else 'written'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
