"""The application icon: one SVG source, PNG sizes rendered from it, ICO and ICNS made from those.

    python packaging/icons.py            # re-render the PNGs after editing the SVG
    python packaging/icons.py --check    # fail when a PNG is missing, mis-sized or stale

The PNGs are rendered with Qt's own SVG renderer (PySide6's QtSvg, LGPL, already in the
app's venv on every OS), so no other tool is needed and none is shipped. The ICO (Windows)
and ICNS (macOS) files only wrap those PNGs: both formats may hold PNG data as is, so they are
written here in pure Python (no Pillow) and also work on a machine without Qt.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

APP_ID = "io.github.harptowers.HarpTowers"
HERE = Path(__file__).resolve().parent
ICONS = HERE / "icons"
SVG = ICONS / f"{APP_ID}.svg"
SIZES = (16, 32, 48, 64, 128, 256, 512)


def png_path(size: int, root: Path = ICONS) -> Path:
    """Where the PNG of ``size`` pixels lives: the freedesktop hicolor layout."""
    return root / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def _qt_app():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.instance() or QGuiApplication([sys.argv[0]])


def render(size: int):
    """The SVG rendered to a ``size`` x ``size`` QImage (ARGB32, premultiplied)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _qt_app()
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"icons.py: cannot read {SVG}")
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(p)
    p.end()
    return img


def write_pngs(root: Path = ICONS) -> list[Path]:
    out = []
    for size in SIZES:
        path = png_path(size, root)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not render(size).save(str(path), "PNG"):
            raise SystemExit(f"icons.py: cannot write {path}")
        out.append(path)
    return out


def check_pngs(root: Path = ICONS, tolerance: int = 8) -> list[str]:
    """Problems with the committed PNGs: missing, wrong size, or different from a fresh render
    (a channel off by more than ``tolerance`` in more than 0.5 % of the pixels)."""
    from PySide6.QtGui import QImage

    _qt_app()
    problems = []
    for size in SIZES:
        path = png_path(size, root)
        img = QImage(str(path))
        if img.isNull():
            problems.append(f"{path}: missing or unreadable")
            continue
        if (img.width(), img.height()) != (size, size):
            problems.append(f"{path}: {img.width()}x{img.height()}, expected {size}x{size}")
            continue
        fresh = render(size).convertToFormat(img.Format.Format_ARGB32)
        img = img.convertToFormat(img.Format.Format_ARGB32)
        a, b = bytes(img.constBits()), bytes(fresh.constBits())
        off = sum(1 for i in range(0, len(a), 4)
                  if max(abs(a[i + k] - b[i + k]) for k in range(4)) > tolerance)
        if off > size * size // 200:
            problems.append(f"{path}: {off} pixels differ from the SVG: run packaging/icons.py")
    return problems


def write_ico(dest: Path, root: Path = ICONS, sizes=(16, 32, 48, 64, 128, 256)) -> Path:
    """A Windows .ico holding the PNGs as they are (Windows Vista and later read PNG entries)."""
    blobs = [(s, png_path(s, root).read_bytes()) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(blobs))
    offset = len(header) + 16 * len(blobs)
    entries, data = b"", b""
    for size, blob in blobs:
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset + len(data))
        data += blob
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(header + entries + data)
    return dest


# ICNS element types that take PNG data, by pixel size (retina "@2x" types reuse the same PNGs)
_ICNS_TYPES = [(b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"icp6", 64), (b"ic12", 64),
               (b"ic07", 128), (b"ic08", 256), (b"ic13", 256), (b"ic09", 512), (b"ic14", 512)]


def write_icns(dest: Path, root: Path = ICONS) -> Path:
    """A macOS .icns holding the PNGs as they are (macOS 10.7 and later)."""
    body = b""
    for kind, size in _ICNS_TYPES:
        blob = png_path(size, root).read_bytes()
        body += kind + struct.pack(">I", 8 + len(blob)) + blob
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)
    return dest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check the committed PNGs")
    args = ap.parse_args()
    if args.check:
        problems = check_pngs()
        for p in problems:
            print("icons.py:", p, file=sys.stderr)
        print(f"icons.py: {len(SIZES) - len(problems)}/{len(SIZES)} PNG sizes up to date")
        return 1 if problems else 0
    for path in write_pngs():
        print(path.relative_to(HERE.parent), path.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
