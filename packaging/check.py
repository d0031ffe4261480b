"""The packaging check run by .ci/run (through packaging/check.sh): build, validate, install,
start, play one move, uninstall; then the same from a wheel in a fresh venv (issue 7).

    bash packaging/check.sh                  # what CI runs (starts Xvfb when DISPLAY is unset)
    .venv/bin/python packaging/check.py --no-build --runs 1    # quicker, while working on it

Steps, each printed with its time; the first failure stops the check (exit status 1), prints the
app's output and leaves a screenshot in artifacts/packaging/ when there is a page to take:

 1. icons: every PNG size exists, has its size and matches the SVG.
 2. build: packaging/build.py (PyInstaller bundle + .tar.xz), sizes from dist/build-info.json.
 3. bundle contents: the frontend, the icon and every package data file are inside; every ELF
    file in the bundle finds all its libraries (catches over-trimming).
 4. validate: desktop-file-validate and `appstreamcli validate --no-net`.
 5. install: unpack the archive, run its install.sh with a temporary HOME; the files land in
    the XDG places and the installed .desktop entry validates.
 6. installed app: start ~/.local/bin/harp-towers under the display with
    QTWEBENGINE_REMOTE_DEBUGGING and HARP_TOWERS_DATA_DIR, attach Playwright over CDP: the table
    appears (body[data-ready="1"], a deal code) and a click on the stock makes the move counter 1.
 7. uninstall: uninstall.sh from inside the installed bundle; nothing of the app is left.
 8. venv app: the same start with .venv/bin/harp-towers, for the timing comparison.
 9. wheel: `pip wheel . --no-deps` holds harptowers/frontend/index.html, every frontend file
    and every data file of backend/harptowers (examples.json, data/ …).
10. fresh venv: that wheel with the `app` extra in a new venv outside the repo (pip's cache
    reused); its harp-towers shows the table and takes a move.

Time to the table = process start to body[data-ready="1"] seen over CDP (the attach happens as
soon as the DevTools port answers, before the page is ready; a run where the page was already
ready at attach time is marked "<=").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import icons  # noqa: E402
from appcheck import CheckFailed, Steps, clean_env, play, run, say, timing_runs  # noqa: E402

APP_ID = icons.APP_ID
BIN = "harp-towers"


def package_data_files() -> set[str]:
    """Wheel paths of the data files in backend/harptowers (not code — Python, or the C of
    the compiled searches and what an in-place build left beside it —, not the frontend and
    icons links): each must reach the wheel, as the app reads them at run time."""
    pkg = ROOT / "backend" / "harptowers"
    out = set()
    for folder, dirs, files in os.walk(pkg):
        rel = Path(folder).relative_to(pkg)
        dirs[:] = [d for d in dirs if d != "__pycache__" and not (rel == Path(".") and d in
                                                                  ("frontend", "icons"))]
        out |= {f"harptowers/{(rel / f).as_posix()}" for f in files
                if not f.endswith((".py", ".pyc", ".pyi", ".c", ".h", ".so", ".pyd"))
                and not f.startswith(".")}
    return out


def check_libraries(bundle: Path) -> int:
    """Every ELF file in the bundle resolves all its libraries, the way the bootloader sets
    the search path (LD_LIBRARY_PATH = _internal). Returns how many files were checked."""
    internal = bundle / "_internal"
    env = dict(os.environ, LD_LIBRARY_PATH=f"{internal}:{internal}/PySide6/Qt/lib")
    missing, checked = [], 0
    for p in sorted(bundle.rglob("*")):
        if not p.is_file() or p.is_symlink():
            continue
        with open(p, "rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
        checked += 1
        r = subprocess.run(["ldd", str(p)], env=env, capture_output=True, text=True, check=False)
        for line in r.stdout.splitlines():
            if "not found" in line:
                missing.append(f"{p.relative_to(bundle)}: {line.strip()}")
    if missing:
        raise CheckFailed("libraries missing in the bundle:\n  " + "\n  ".join(missing))
    return checked


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-build", action="store_true",
                    help="use the existing dist/ (not in CI: check.sh always builds)")
    ap.add_argument("--runs", type=int, default=3,
                    help="app starts timed for the bundle and for .venv (default 3)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args(argv)
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
            or os.environ.get("QT_QPA_PLATFORM") == "offscreen"):
        say("no DISPLAY: run packaging/check.sh, which starts Xvfb")
        return 2

    steps = Steps()
    t_start = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="harp-towers-check-"))
    home = work / "home"
    home.mkdir()
    report: dict = {}
    from playwright.sync_api import sync_playwright

    pw_manager = sync_playwright()
    pw = pw_manager.start()
    try:
        with steps.step("icons"):
            problems = icons.check_pngs()
            if problems:
                raise CheckFailed("\n".join(problems))

        if not args.no_build:
            with steps.step("build"):
                run([sys.executable, HERE / "build.py"], capture_output=False)
        info = json.loads((ROOT / "dist" / "build-info.json").read_text())
        bundle = ROOT / info["bundle"]
        archive = ROOT / info["archive"]
        report["build"] = info
        say(f"bundle {info['bundle']}: {info['bundle_bytes'] / 1e6:.0f} MB in "
            f"{info['bundle_files']} files; archive {archive.name}: "
            f"{info['archive_bytes'] / 1e6:.0f} MB")

        with steps.step("bundle contents"):
            internal = bundle / "_internal"
            want = {"harptowers/frontend/index.html",
                    f"harptowers/icons/hicolor/256x256/apps/{APP_ID}.png"}
            want |= package_data_files()
            lacking = sorted(w for w in want if not (internal / w).is_file())
            if lacking:
                raise CheckFailed(f"the bundle lacks: {lacking}")
            say(f"{len(want)} data files in place; "
                f"{check_libraries(bundle)} ELF files resolve all their libraries")

        with steps.step("validate"):
            desktop = HERE / "linux" / f"{APP_ID}.desktop"
            metainfo = HERE / "linux" / f"{APP_ID}.metainfo.xml"
            run(["desktop-file-validate", desktop])
            r = run(["appstreamcli", "validate", "--no-net", metainfo])
            say(r.stdout.strip().splitlines()[-1] if r.stdout.strip() else "metainfo valid")

        data = home / ".local" / "share"
        dest = data / APP_ID
        link = home / ".local" / "bin" / BIN
        with steps.step("install"):
            unpack = work / "unpack"
            unpack.mkdir()
            run(["tar", "-xf", archive, "-C", unpack])
            env = clean_env(home, work, 0)
            r = run([unpack / BIN / "install.sh"], env=env)
            say(r.stdout.strip().replace("\n", " | "))
            expected = [dest / BIN, dest / "_internal", data / "applications" / f"{APP_ID}.desktop",
                        data / "metainfo" / f"{APP_ID}.metainfo.xml",
                        data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"]
            expected += [icons.png_path(s, data / "icons") for s in icons.SIZES]
            absent = [str(p) for p in expected if not p.exists()]
            if absent:
                raise CheckFailed("install.sh did not create:\n  " + "\n  ".join(absent))
            if not link.is_symlink() or link.resolve() != (dest / BIN).resolve():
                raise CheckFailed(f"{link} is not a symlink to {dest / BIN}")
            installed_desktop = data / "applications" / f"{APP_ID}.desktop"
            run(["desktop-file-validate", installed_desktop])
            exec_line = next(ln for ln in installed_desktop.read_text().splitlines()
                             if ln.startswith("Exec="))
            if str(dest / BIN) not in exec_line:
                raise CheckFailed(f"installed entry runs {exec_line!r}, not {dest / BIN}")

        with steps.step("installed app"):
            report["bundle_runs"] = timing_runs(pw, "bundle", [link], args.runs, home=home,
                                                work=work)

        with steps.step("uninstall"):
            r = run([dest / "uninstall.sh"], env=clean_env(home, work, 0))
            say(r.stdout.strip())
            left = [str(p) for p in home.rglob("*")
                    if APP_ID in p.name or (p.name == BIN and p.parent.name == "bin")]
            if left or dest.exists():
                raise CheckFailed("uninstall.sh left:\n  " + "\n  ".join(left or [str(dest)]))

        venv_exe = ROOT / ".venv" / "bin" / BIN
        with steps.step("venv app"):
            report["venv_runs"] = timing_runs(pw, "venv", [venv_exe], args.runs, home=home,
                                              work=work)

        with steps.step("wheel"):
            wheel_dir = work / "wheel"
            for stale in (ROOT / "build" / "lib", *ROOT.glob("build/bdist.*")):
                shutil.rmtree(stale, ignore_errors=True)  # old files would slip into the wheel
            run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                 "--disable-pip-version-check", "-w", wheel_dir, ROOT])
            wheel = next(wheel_dir.glob("*.whl"))
            names = set(zipfile.ZipFile(wheel).namelist())
            if "harptowers/frontend/index.html" not in names:
                raise CheckFailed(f"{wheel.name} has no harptowers/frontend/index.html")
            if not any(n.startswith("harptowers/engine/solvers/_core.") for n in names):
                raise CheckFailed(f"{wheel.name} has no compiled searches (setup.py)")
            front = ROOT / "frontend"
            want = {f"harptowers/frontend/{p.relative_to(front).as_posix()}"
                    for p in front.rglob("*") if p.is_file() and not p.name.startswith(".")}
            extra = {n for n in names if n.startswith("harptowers/frontend/")} - want
            if extra:
                raise CheckFailed(f"{wheel.name} has files frontend/ does not: {sorted(extra)}")
            want |= package_data_files()
            if want - names:
                raise CheckFailed(f"{wheel.name} lacks (see [tool.setuptools.package-data] "
                                  f"in pyproject.toml): {sorted(want - names)}")
            say(f"{wheel.name}: {wheel.stat().st_size / 1e3:.0f} kB, {len(want)} data files "
                "(frontend and package data) all there")

        with steps.step("fresh venv"):
            fresh = work / "fresh-venv"
            venv.create(fresh, with_pip=True)
            t0 = time.monotonic()
            run([fresh / "bin" / "python", "-m", "pip", "install", "-q",
                 "--disable-pip-version-check", f"{wheel}[app]"], cwd=work)
            say(f"pip install {wheel.name}[app]: {time.monotonic() - t0:.0f} s")
            report["fresh_venv_runs"] = [play(pw, "fresh-venv", [fresh / "bin" / BIN], home=home,
                                              work=work, move=True)]
    except CheckFailed as e:
        say(f"FAILED: {e}")
        say(f"{len(steps.passed)} passed, 1 failed")
        return 1
    finally:
        pw_manager.__exit__(None, None, None)
        if args.keep:
            say(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)

    def summary(runs: list[dict]) -> str:
        times = [r["ready_s"] for r in runs]
        marks = ["<=" if r["ready_upper_bound"] else "" for r in runs]
        each = " ".join(f"{m}{t:.2f}" for m, t in zip(marks, times, strict=True))
        return f"median {statistics.median(times):.2f} s ({each})"

    info = report["build"]
    say("=" * 60)
    say(f"bundle size:  {info['bundle_bytes'] / 1e6:.0f} MB ({info['bundle_files']} files)"
        + (f", built in {steps.times['build']:.0f} s" if "build" in steps.times else ""))
    say(f"archive size: {info['archive_bytes'] / 1e6:.0f} MB ({Path(info['archive']).name})")
    say(f"start -> table, installed bundle: {summary(report['bundle_runs'])}")
    say(f"start -> table, .venv/bin/harp-towers: {summary(report['venv_runs'])}")
    say(f"start -> table, fresh venv from the wheel: {summary(report['fresh_venv_runs'])}")
    report["step_seconds"] = {k: round(v, 1) for k, v in steps.times.items()}
    (ROOT / "dist" / "check-report.json").write_text(json.dumps(report, indent=2) + "\n")
    say(f"whole check: {time.monotonic() - t_start:.0f} s; figures in dist/check-report.json")
    say(f"{len(steps.passed)} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
