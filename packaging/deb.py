"""The Debian package, made with dpkg-deb from the PyInstaller bundle (docs/packaging.md).

    .venv/bin/python packaging/deb.py          # dist/harp-towers/ -> dist/harp-towers_VERSION_ARCH.deb
    .venv/bin/python packaging/deb.py --compression xz     # smaller, much slower

What goes where (no maintainer scripts: dpkg's triggers refresh the menu and icon caches):

    /opt/harp-towers/                       the bundle (harp-towers + _internal/)
    /usr/bin/harp-towers                    a symlink to it: the command on PATH
    /usr/share/applications/APP_ID.desktop  the menu entry (Exec=harp-towers)
    /usr/share/metainfo/APP_ID.metainfo.xml software centres
    /usr/share/icons/hicolor/*/apps/APP_ID.*
    /usr/share/doc/harp-towers/copyright

Depends is computed, as dpkg-shlibdeps would: every library that an ELF file of the bundle
needs and that the bundle does not carry is looked up with ``dpkg -S``; libc6 gets the version
of the build machine's glibc (the bundle's libraries need it).
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(HERE))
import build  # noqa: E402
import icons  # noqa: E402

APP_ID = icons.APP_ID
NAME = "harp-towers"
PREFIX = Path("opt") / NAME
MAINTAINER = "The Harp & Towers developers <harptowers@users.noreply.github.com>"
HOMEPAGE = "https://github.com/harptowers/harp-towers"


def deb_arch() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()


def glibc_version() -> str:
    return platform.libc_ver()[1] or "2.36"


def elf_files(bundle: Path) -> list[Path]:
    out = []
    for p in sorted(bundle.rglob("*")):
        if p.is_file() and not p.is_symlink():
            with open(p, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    out.append(p)
    return out


def system_libraries(bundle: Path) -> set[str]:
    """Paths of the libraries the bundle's ELF files load from the system (ldd, with the
    bundle's own folders first on the search path as its bootloader sets them)."""
    internal = bundle / "_internal"
    env = dict(os.environ, LD_LIBRARY_PATH=f"{internal}:{internal}/PySide6/Qt/lib")
    found: set[str] = set()
    for p in elf_files(bundle):
        r = subprocess.run(["ldd", str(p)], env=env, capture_output=True, text=True, check=False)
        for m in re.finditer(r"=>\s+(/\S+)", r.stdout):
            path = m.group(1)
            if not path.startswith(str(bundle)):
                found.add(path)
    return found


def owning_packages(paths: set[str]) -> set[str]:
    """The Debian packages that own ``paths`` (merged /usr: each path is tried as it is, then
    resolved, then with /usr added or taken away)."""
    def candidates(path: str) -> list[str]:
        real = os.path.realpath(path)
        out = [path, real]
        for q in (path, real):
            out.append(q[4:] if q.startswith("/usr/") else "/usr" + q)
        return out

    pkgs: set[str] = set()
    for path in sorted(paths):
        for cand in candidates(path):
            r = subprocess.run(["dpkg", "-S", cand], capture_output=True, text=True, check=False)
            if r.returncode == 0:
                pkgs |= {line.split(":", 1)[0].split(",")[0].strip()
                         for line in r.stdout.splitlines() if ": " in line}
                break
        else:
            raise SystemExit(f"deb.py: no package owns {path} (needed by the bundle)")
    return pkgs


def depends(bundle: Path) -> str:
    pkgs = owning_packages(system_libraries(bundle)) - {"libc6"}
    return ", ".join([f"libc6 (>= {glibc_version()})", *sorted(pkgs)])


def control(version: str, arch: str, installed_kb: int, deps: str) -> str:
    return f"""Package: {NAME}
Version: {version}
Architecture: {arch}
Maintainer: {MAINTAINER}
Installed-Size: {installed_kb}
Depends: {deps}
Section: games
Priority: optional
Homepage: {HOMEPAGE}
Description: Easy Harp and Seahaven Towers solitaire
 Two patience games played exactly by their rules: Easy Harp, a two-deck game
 in the family of Klondike, and Seahaven Towers, a one-deck game with four
 free cells. Every deal has a short code, so a game can be shared and
 replayed; a deal of the day, undo, scores and statistics; mouse or keyboard.
 .
 The program carries its own Python, Qt and Qt WebEngine in /opt/{NAME}.
"""


COPYRIGHT = """Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Harp & Towers
Source: {home}

Files: *
Copyright: The Harp & Towers developers
License: MIT

Files: opt/harp-towers/_internal/harptowers/frontend/fonts/*
Copyright: 2022 The Noto Project Authors (https://github.com/notofonts/thai)
License: OFL-1.1
 The full licence is in
 /opt/harp-towers/_internal/harptowers/frontend/fonts/OFL.txt

Files: opt/harp-towers/_internal/PySide6/*
Copyright: The Qt Company Ltd. and other contributors
License: LGPL-3
 On Debian systems the licence is in /usr/share/common-licenses/LGPL-3.
"""


def stage(bundle: Path, root: Path) -> None:
    """Lay the package's files out under ``root`` (hard links where the file system allows)."""
    dest = root / PREFIX
    dest.parent.mkdir(parents=True)
    try:
        shutil.copytree(bundle, dest, copy_function=os.link, symlinks=True,
                        ignore=shutil.ignore_patterns("install.sh", "uninstall.sh", "share"))
    except OSError:
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(bundle, dest, symlinks=True,
                        ignore=shutil.ignore_patterns("install.sh", "uninstall.sh", "share"))
    # QtWebEngine makes this empty folder on its first start when it may (as root): owned by
    # the package, apt-get purge removes it again instead of leaving /opt/harp-towers behind.
    (dest / "_internal" / "PySide6" / "Qt" / "resources" / "locales").mkdir(exist_ok=True)
    usr = root / "usr"
    (usr / "bin").mkdir(parents=True)
    (usr / "bin" / NAME).symlink_to(f"/{PREFIX}/{NAME}")
    share = usr / "share"
    (share / "applications").mkdir(parents=True)
    entry = (HERE / "linux" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    (share / "applications" / f"{APP_ID}.desktop").write_text(entry, encoding="utf-8")
    (share / "metainfo").mkdir()
    shutil.copy2(HERE / "linux" / f"{APP_ID}.metainfo.xml", share / "metainfo")
    for size in icons.SIZES:
        png = icons.png_path(size, share / "icons")
        png.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(icons.png_path(size), png)
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(icons.SVG, scalable / f"{APP_ID}.svg")
    doc = share / "doc" / NAME
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(COPYRIGHT.format(home=HOMEPAGE), encoding="utf-8")
    for p in [root, *root.rglob("*")]:
        if p.is_dir() and not p.is_symlink():
            p.chmod(0o755)


# dpkg-deb's compressors: zstd packs the ~413 MB bundle in 15-60 s (151 MB); xz makes it smaller
# but took 8 minutes here (dpkg-deb ran it on one core of a busy machine). Debian 12 and
# Ubuntu 21.10 and later install either.
COMPRESSION = {"zstd": ["-Zzstd", "-z6"], "xz": ["-Zxz", "-z6"]}


def build_deb(bundle: Path | None = None, out_dir: Path = DIST, compression: str = "zstd") -> dict:
    """Stage and pack the .deb; returns its path, sizes, Depends and the time taken."""
    bundle = bundle or DIST / NAME
    if not (bundle / NAME).is_file():
        raise SystemExit(f"deb.py: no bundle in {bundle}: run packaging/build.py first")
    t0 = time.monotonic()
    version, arch = build.version(), deb_arch()
    with tempfile.TemporaryDirectory(prefix="deb-", dir=DIST) as tmp:
        root = Path(tmp) / "root"
        stage(bundle, root)
        installed_kb = (build.tree_size(root)[0] + 1023) // 1024
        deps = depends(bundle)
        (root / "DEBIAN").mkdir(mode=0o755)
        (root / "DEBIAN" / "control").write_text(control(version, arch, installed_kb, deps))
        out = out_dir / f"{NAME}_{version}_{arch}.deb"
        for old in out_dir.glob(f"{NAME}_*.deb"):
            old.unlink()
        subprocess.run(["dpkg-deb", "--root-owner-group", *COMPRESSION[compression],
                        "--build", str(root), str(out)], check=True, stdout=subprocess.DEVNULL)
    return {"deb": str(out.relative_to(ROOT)), "deb_bytes": out.stat().st_size,
            "installed_bytes": installed_kb * 1024, "depends": deps,
            "seconds": round(time.monotonic() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compression", choices=sorted(COMPRESSION), default="zstd",
                    help="zstd (default, fast) or xz (smaller, slow)")
    info = build_deb(compression=ap.parse_args(argv).compression)
    print(f"deb.py: {info['deb']}: {info['deb_bytes'] / 1e6:.0f} MB "
          f"({info['installed_bytes'] / 1e6:.0f} MB installed), built in {info['seconds']:.0f} s")
    print(f"deb.py: Depends: {info['depends']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
