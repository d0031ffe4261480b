"""The packaging check run by .ci/run (through packaging/check.sh): build, validate, install,
start, play one move, uninstall; then the same from a wheel in a fresh venv (issue 7).

    bash packaging/check.sh                  # what CI runs (starts Xvfb when DISPLAY is unset)
    .venv/bin/python packaging/check.py --no-build --runs 1    # quicker, while working on it

Steps, each printed with its time; the first failure stops the check (exit status 1), prints the
app's output and leaves a screenshot in artifacts/packaging/ when there is a page to take:

 1. icons: every PNG size exists, has its size and matches the SVG.
 2. build: packaging/build.py (PyInstaller bundle + .tar.gz), sizes from dist/build-info.json.
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
import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import venv
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import icons  # noqa: E402

APP_ID = icons.APP_ID
BIN = "harp-towers"
ARTIFACTS = ROOT / "artifacts" / "packaging"
READY = 'body[data-ready="1"]'


class CheckFailed(Exception):
    pass


def say(msg: str) -> None:
    print(f"check.py: {msg}", flush=True)


class Steps:
    def __init__(self) -> None:
        self.passed: list[str] = []
        self.times: dict[str, float] = {}

    @contextlib.contextmanager
    def step(self, name: str):
        say(f"--- {name}")
        t0 = time.monotonic()
        yield
        dt = time.monotonic() - t0
        self.times[name] = dt
        self.passed.append(name)
        say(f"ok  {name} ({dt:.1f} s)")


def run(cmd: list, **kw) -> subprocess.CompletedProcess:
    kw.setdefault("check", False)
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    r = subprocess.run([str(c) for c in cmd], **kw)  # noqa: PLW1510 - check is in kw
    if r.returncode != 0:
        raise CheckFailed(f"{' '.join(map(str, cmd))} exited {r.returncode}\n"
                          f"{(r.stdout or '')[-3000:]}{(r.stderr or '')[-3000:]}")
    return r


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clean_env(home: Path, data_dir: Path, port: int) -> dict[str, str]:
    """The caller's environment (DISPLAY, LANG …) minus anything that would let the app find
    the repo's Python, with a private HOME and data folder."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "XDG_DATA_HOME",
                        "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not p.startswith(str(ROOT)))
    env.update(HOME=str(home), HARP_TOWERS_DATA_DIR=str(data_dir),
               QTWEBENGINE_REMOTE_DEBUGGING=f"127.0.0.1:{port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"  # Chromium refuses root without it (RECIPES)
    return env


def _tail(path: Path, n: int = 60) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no output)"


def stop(proc: subprocess.Popen) -> int | None:
    """Ask the app to quit like Ctrl+C does, then insist; end its helper processes too."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)  # QtWebEngineProcess helpers, if any are left
    return proc.returncode


def play(pw, label: str, argv: list, *, home: Path, work: Path, move: bool,
         timeout: float = 60) -> dict:
    """Start the app, attach over CDP with the running Playwright ``pw`` (started beforehand:
    its driver takes about a second to start), check the table (and one move). Returns timings."""
    from playwright.sync_api import expect

    port = free_port()
    data_dir = Path(tempfile.mkdtemp(prefix="data-", dir=work))
    out_path = work / f"{label}-{port}.log"
    env = clean_env(home, data_dir, port)
    with open(out_path, "wb") as out:
        t0 = time.monotonic()
        proc = subprocess.Popen([str(a) for a in argv], env=env, cwd=home, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    page = None
    result: dict = {"label": label}
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = t0 + timeout
        while True:
            if proc.poll() is not None:
                raise CheckFailed(f"{label}: the app exited ({proc.returncode}) before its "
                                  "DevTools port answered")
            try:
                with urllib.request.urlopen(url + "/json/version", timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise CheckFailed(f"{label}: no DevTools on {url} after {timeout:.0f} s") \
                        from None
                time.sleep(0.05)
        result["devtools_s"] = time.monotonic() - t0
        browser = pw.chromium.connect_over_cdp(url, no_defaults=True,
                                               timeout=max(deadline - time.monotonic(), 1) * 1000)
        while not (browser.contexts and browser.contexts[0].pages):
            if time.monotonic() > deadline:
                raise CheckFailed(f"{label}: the app shows no page")
            time.sleep(0.05)
        page = browser.contexts[0].pages[0]
        try:
            early = page.evaluate("document.body ? document.body.dataset.ready === '1' : false")
        except Exception:  # noqa: BLE001 - the page may be navigating: not ready then
            early = False
        page.wait_for_selector(READY, state="attached",
                               timeout=max(deadline - time.monotonic(), 1) * 1000)
        result["ready_s"] = time.monotonic() - t0
        result["ready_upper_bound"] = bool(early)
        code = page.locator('[data-testid="deal-code"]').inner_text().strip()
        if not code:
            raise CheckFailed(f"{label}: the deal code is empty")
        result["deal_code"] = code
        if move:
            moves = page.locator('[data-testid="moves"]')
            page.locator('[data-pile="s"]').click()
            expect(moves).to_have_text("1", timeout=10_000)
            result["moved"] = True
        browser.close()  # disconnects only; the app keeps running
    except Exception as e:
        if page is not None:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(Exception):
                page.screenshot(path=str(ARTIFACTS / f"{label}.png"))
        stop(proc)
        say(f"{label}: app output (last lines):\n{_tail(out_path)}")
        if isinstance(e, CheckFailed):
            raise
        raise CheckFailed(f"{label}: {type(e).__name__}: {e}") from e
    rc = stop(proc)
    result["exit_status"] = rc
    log_file = data_dir / "harp-towers.log"
    result["log_file"] = log_file.is_file()
    mark = "<=" if result["ready_upper_bound"] else ""
    say(f"{label}: table after {mark}{result['ready_s']:.2f} s (DevTools after "
        f"{result['devtools_s']:.2f} s), deal {result['deal_code']}"
        + (", move ok" if move else "") + f", exit status {rc}"
        + (", log file written" if result["log_file"] else ""))
    if rc not in (0, -signal.SIGINT):
        say(f"{label}: warning: the app did not quit cleanly on SIGINT (status {rc})")
    return result


def timing_runs(pw, label: str, argv: list, runs: int, **kw) -> list[dict]:
    return [play(pw, f"{label}{i + 1}" if runs > 1 else label, argv, move=(i == 0), **kw)
            for i in range(runs)]


def package_data_files() -> set[str]:
    """Wheel paths of the data files in backend/harptowers (not code, not the frontend and
    icons links): each must reach the wheel, as the app reads them at run time."""
    pkg = ROOT / "backend" / "harptowers"
    out = set()
    for folder, dirs, files in os.walk(pkg):
        rel = Path(folder).relative_to(pkg)
        dirs[:] = [d for d in dirs if d != "__pycache__" and not (rel == Path(".") and d in
                                                                  ("frontend", "icons"))]
        out |= {f"harptowers/{(rel / f).as_posix()}" for f in files
                if not f.endswith((".py", ".pyc", ".pyi")) and not f.startswith(".")}
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
            run(["tar", "-xzf", archive, "-C", unpack])
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
