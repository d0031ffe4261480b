"""The .deb, checked the way a Debian user meets it (run by packaging/check.sh after check.py;
needs root, or sudo, for apt-get):

1. build: packaging/deb.py from dist/harp-towers/ (check.py built it just before).
2. contents: the command, menu entry, metainfo and icons are in it; its control fields.
3. install: ``apt-get install ./dist/harp-towers_*.deb`` (a copy installed before is purged
   first); ``harp-towers`` is on PATH; the installed menu entry validates.
4. play: ``harp-towers`` from PATH under the display with a new HOME and no data folder set,
   so it keeps the player's data where an installed app does (~/.local/share/harp-towers);
   the table shows and a click on the stock makes one move (over CDP, like check.py).
5. purge: ``apt-get purge``; dpkg no longer knows the package, none of its files is left,
   /opt/harp-towers is gone, and the player's saved game is still there.

Prints the .deb's size and the installed size; adds them to dist/check-report.json.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import deb  # noqa: E402
from appcheck import CheckFailed, Steps, play, run, say  # noqa: E402

NAME = deb.NAME
APP_ID = deb.APP_ID


def root_prefix() -> list[str]:
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo"):
        return ["sudo", "-n"]
    raise CheckFailed("installing the .deb needs root or sudo")


def apt(*args: str) -> subprocess.CompletedProcess:
    return run([*root_prefix(), "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-y", "-q",
                "--no-install-recommends", *args])


def dpkg_status(pkg: str) -> str:
    r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], capture_output=True, text=True,
                       check=False)
    return r.stdout.strip() if r.returncode == 0 else "unknown"


def owned_files(pkg: str) -> list[Path]:
    """The package's files and symlinks (not the folders it shares with others)."""
    out = run(["dpkg", "-L", pkg]).stdout.splitlines()
    return [Path(p) for p in out if p.startswith("/") and (Path(p).is_symlink()
                                                           or not Path(p).is_dir())]


def check(pw, steps: Steps, work: Path) -> dict:
    report: dict = {}
    with steps.step("deb build"):
        info = deb.build_deb()
        report.update(info)
        package = ROOT / info["deb"]
        say(f"{package.name}: {info['deb_bytes'] / 1e6:.0f} MB, "
            f"{info['installed_bytes'] / 1e6:.0f} MB installed; Depends: {info['depends']}")

    with steps.step("deb contents"):
        listing = run(["dpkg-deb", "-c", package]).stdout
        want = [f"./usr/bin/{NAME} -> /opt/{NAME}/{NAME}", f"./opt/{NAME}/{NAME}",
                f"./usr/share/applications/{APP_ID}.desktop",
                f"./usr/share/metainfo/{APP_ID}.metainfo.xml",
                f"./usr/share/icons/hicolor/256x256/apps/{APP_ID}.png",
                f"./usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg",
                f"./usr/share/doc/{NAME}/copyright",
                f"./opt/{NAME}/_internal/harptowers/frontend/fonts/OFL.txt"]
        lacking = [w for w in want if w not in listing]
        if lacking:
            raise CheckFailed(f"{package.name} lacks {lacking}")
        fields = run(["dpkg-deb", "-f", package, "Package", "Version", "Architecture",
                      "Depends"]).stdout
        if "libc6 (>= 2." not in fields:
            raise CheckFailed(f"no libc6 dependency in the control file:\n{fields}")

    with steps.step("deb install"):
        if dpkg_status(NAME) != "unknown":
            say(f"{NAME} was installed before ({dpkg_status(NAME)}): purged first")
            apt("purge", NAME)
        apt("install", str(package))   # an absolute path: apt reads it as a file
        if dpkg_status(NAME) != "install ok installed":
            raise CheckFailed(f"dpkg says {dpkg_status(NAME)!r} after apt-get install")
        files = owned_files(NAME)
        report["installed_files"] = len(files)
        on_path = shutil.which(NAME, path="/usr/local/bin:/usr/bin:/bin")
        if on_path != f"/usr/bin/{NAME}":
            raise CheckFailed(f"{NAME} on PATH is {on_path}, not /usr/bin/{NAME}")
        run(["desktop-file-validate", f"/usr/share/applications/{APP_ID}.desktop"])
        say(f"installed: {len(files)} files; /usr/bin/{NAME} -> {os.readlink(on_path)}")

    home = work / "deb-home"
    home.mkdir()
    saved = home / ".local" / "share" / NAME
    with steps.step("deb app"):
        report["deb_run"] = play(pw, "deb", [NAME], home=home, work=work, move=True,
                                 private_data=False)
        deadline = time.monotonic() + 10   # the save is written off the bridge thread
        while not any(saved.glob("*")) and time.monotonic() < deadline:
            time.sleep(0.1)
        if not any(saved.glob("*")):
            raise CheckFailed(f"the installed app kept no data in {saved}")
        say(f"the player's data: {sorted(p.name for p in saved.iterdir())}")

    with steps.step("deb purge"):
        apt("purge", NAME)
        if dpkg_status(NAME) not in ("unknown", "purge ok not-installed"):
            raise CheckFailed(f"dpkg still knows {NAME}: {dpkg_status(NAME)!r}")
        left = [str(p) for p in files if p.exists() or p.is_symlink()]
        if Path("/opt", NAME).exists():
            left.append(f"/opt/{NAME}")
        if left:
            raise CheckFailed("apt-get purge left:\n  " + "\n  ".join(left[:20]))
        if not any(saved.glob("*")):
            raise CheckFailed(f"the purge took the player's data in {saved}")
        say(f"nothing of the package is left; the player's data in {saved} is kept")
    return report


def main() -> int:
    if not (os.environ.get("DISPLAY") or os.environ.get("QT_QPA_PLATFORM") == "offscreen"):
        say("no DISPLAY: run packaging/check.sh, which starts Xvfb")
        return 2
    from playwright.sync_api import sync_playwright

    steps = Steps()
    work = Path(tempfile.mkdtemp(prefix="harp-towers-deb-"))
    t0 = time.monotonic()
    try:
        with sync_playwright() as pw:
            report = check(pw, steps, work)
    except CheckFailed as e:
        say(f"FAILED: {e}")
        say(f"{len(steps.passed)} passed, 1 failed")
        if dpkg_status(NAME) not in ("unknown", "purge ok not-installed"):
            subprocess.run([*root_prefix(), "apt-get", "-y", "-q", "purge", NAME], check=False,
                           capture_output=True)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report["step_seconds"] = {k: round(v, 1) for k, v in steps.times.items()}
    path = ROOT / "dist" / "check-report.json"
    whole = json.loads(path.read_text()) if path.is_file() else {}
    whole["deb"] = report
    path.write_text(json.dumps(whole, indent=2) + "\n")
    say("=" * 60)
    say(f"deb size: {report['deb_bytes'] / 1e6:.0f} MB ({Path(report['deb']).name}), "
        f"installed {report['installed_bytes'] / 1e6:.0f} MB in {report['installed_files']} files")
    say(f"start -> table, installed .deb: {report['deb_run']['ready_s']:.2f} s")
    say(f"whole .deb check: {time.monotonic() - t0:.0f} s; {len(steps.passed)} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
