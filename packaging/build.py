"""Build the desktop bundle into dist/ and pack it into an archive (docs/packaging.md).

    .venv/bin/python packaging/build.py            # or: bash packaging/build.sh
    .venv/bin/python packaging/build.py --clean    # forget PyInstaller's cache first

Linux: dist/harp-towers/ (the one-folder bundle plus install.sh, uninstall.sh and share/ with
the .desktop entry, metainfo and icons) and dist/harp-towers-VERSION-linux-ARCH.tar.xz.
Windows: dist/harp-towers/ and a .zip. macOS: dist/Harp & Towers.app and a .zip.
Needs PyInstaller in the running Python (pip install -e '.[app,package]').
Prints, and writes to dist/build-info.json, the build time and the sizes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
SPEC = HERE / "harp-towers.spec"
sys.path.insert(0, str(HERE))
import icons  # noqa: E402

APP_ID = icons.APP_ID
NAME = "harp-towers"


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def tree_size(path: Path) -> tuple[int, int]:
    """Bytes (file sizes, symlinks not followed) and number of files under ``path``."""
    total = count = 0
    for p in path.rglob("*"):
        if p.is_file() and not p.is_symlink():
            total += p.stat().st_size
            count += 1
    return total, count


def add_desktop_files(bundle: Path) -> None:
    """Put what install.sh needs beside the Linux bundle's executable (share/ as under a
    prefix), so the archive alone is enough to install."""
    share = bundle / "share"
    shutil.rmtree(share, ignore_errors=True)
    (share / "applications").mkdir(parents=True)
    (share / "metainfo").mkdir(parents=True)
    shutil.copy2(HERE / "linux" / f"{APP_ID}.desktop", share / "applications")
    shutil.copy2(HERE / "linux" / f"{APP_ID}.metainfo.xml", share / "metainfo")
    for size in icons.SIZES:
        dest = icons.png_path(size, share / "icons")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(icons.png_path(size), dest)
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(icons.SVG, scalable / f"{APP_ID}.svg")
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy2(HERE / script, bundle / script)
        (bundle / script).chmod(0o755)


def _tar_filter(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def make_archive(src: Path, base: str) -> Path:
    """``src`` (a folder) packed as ``dist/base.tar.xz`` on Linux, ``dist/base.zip`` elsewhere,
    with ``src``'s name as the single top folder. xz, not gzip: 133 MB instead of 179 MB for
    the ~415 MB bundle (docs/packaging.md); ``xz -T0`` packs on every core. Preset 1: a few
    per cent larger than presets 3 and 6 (which give the same size here) for a fifth of their
    CPU time (on 60 MB of libQt6WebEngineCore: 5.8 s against 27 s)."""
    if sys.platform.startswith("linux"):
        out = DIST / f"{base}.tar.xz"
        for old in DIST.glob(f"{NAME}-*-linux-*.tar.*"):
            old.unlink()                  # one archive in dist/: the checks pick it by glob
        if shutil.which("xz") and shutil.which("tar"):
            with open(out, "wb") as f:
                tar = subprocess.Popen(["tar", "--sort=name", "--owner=0", "--group=0",
                                        "--numeric-owner", "-cf", "-", "-C", str(src.parent),
                                        src.name], stdout=subprocess.PIPE)
                xz = subprocess.run(["xz", "-T0", "-1"], stdin=tar.stdout, stdout=f, check=False)
                tar.stdout.close()
                if tar.wait() or xz.returncode:
                    raise SystemExit(f"build.py: packing {out} failed")
            return out
        with tarfile.open(out, "w:xz", preset=1) as tar:
            tar.add(src, arcname=src.name, filter=_tar_filter)
        return out
    out = DIST / f"{base}.zip"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for p in sorted(src.rglob("*")):
            arc = Path(src.name) / p.relative_to(src)
            if p.is_symlink():  # macOS frameworks: keep the links (unzip restores them)
                zi = zipfile.ZipInfo(str(arc))
                zi.create_system = 3
                zi.external_attr = 0o120777 << 16
                z.writestr(zi, os.readlink(p))
            elif p.is_file():
                z.write(p, arc)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    ap.add_argument("--no-archive", action="store_true", help="build the folder only")
    args = ap.parse_args(argv)

    stale = icons.check_pngs()
    if stale:
        print("build.py: warning: icons out of date (run packaging/icons.py):", *stale,
              sep="\n  ", file=sys.stderr)

    ver = version()
    arch = platform.machine().lower() or "unknown"
    system = {"linux": "linux", "win32": "windows", "darwin": "macos"}.get(sys.platform,
                                                                            sys.platform)
    bundle = DIST / NAME
    shutil.rmtree(bundle, ignore_errors=True)
    cmd = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm",
           "--distpath", str(DIST), "--workpath", str(WORK), "--log-level", "WARN"]
    if args.clean:
        cmd.append("--clean")
    t0 = time.monotonic()
    print("build.py:", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT)
    build_s = time.monotonic() - t0

    if sys.platform == "darwin":
        top = DIST / "Harp & Towers.app"
    else:
        top = bundle
        if sys.platform.startswith("linux"):
            add_desktop_files(bundle)
    size, files = tree_size(top)

    info = {"version": ver, "platform": f"{system}-{arch}", "bundle": str(top.relative_to(ROOT)),
            "bundle_bytes": size, "bundle_files": files, "build_seconds": round(build_s, 1)}
    if not args.no_archive:
        t1 = time.monotonic()
        archive = make_archive(top, f"{NAME}-{ver}-{system}-{arch}")
        info.update(archive=str(archive.relative_to(ROOT)), archive_bytes=archive.stat().st_size,
                    archive_seconds=round(time.monotonic() - t1, 1))
    (DIST / "build-info.json").write_text(json.dumps(info, indent=2) + "\n")

    print(f"build.py: bundle {info['bundle']}: {size / 1e6:.0f} MB in {files} files, "
          f"built in {build_s:.0f} s")
    if "archive" in info:
        print(f"build.py: archive {info['archive']}: {info['archive_bytes'] / 1e6:.0f} MB, "
              f"packed in {info['archive_seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
