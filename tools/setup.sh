#!/usr/bin/env bash
# Idempotent machine set-up: Debian packages + .venv with the project installed.
set -euo pipefail
cd "$(dirname "$0")/.."

PKGS=(xvfb xauth chromium xsel openbox fonts-dejavu-core fonts-thai-tlwg
  libxcb-icccm4 libxcb-keysyms1 libnss3 libnspr4 libxkbcommon0 libxkbcommon-x11-0
  libxcb-cursor0 libxcb-image0 libxcb-randr0 libxcb-render-util0 libxcb-shape0
  libxcb-xkb1 libxcb-xfixes0 libxcb-sync1 libxcb-shm0 libxcb-glx0 libxcomposite1
  libxdamage1 libxrandr2 libxtst6 libxkbfile1 libx11-xcb1 libgbm1 libdrm2
  libasound2 libgl1 libegl1 libgl1-mesa-dri libfontconfig1 libdbus-1-3
  desktop-file-utils appstream xz-utils  # packaging/check.sh: validators; xz packs the archive
  freecell-solver-bin                # tests/test_solver.py: the fc-solve cross-check
  gcc                                # setup.py: the solver's searches in C (hints, issue 15)
  webkit2gtk-driver)                 # e2e/webkit/: WebKitWebDriver + WebKitGTK's MiniBrowser
# Debian's own python3 needs python3-venv for `python3 -m venv`.
python3 -c 'import ensurepip' 2>/dev/null || PKGS+=(python3-venv)
# ... and python3-dev for the headers setup.py compiles against (pyenv's Pythons have them).
python3 -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
  || PKGS+=(python3-dev)
command -v node >/dev/null || PKGS+=(nodejs)   # tools/lint.sh: node --test
command -v npm >/dev/null || PKGS+=(npm)         # tools/lint.sh: tsc, from package-lock.json

have="$(dpkg-query -W -f='${Package} ${Status}\n' "${PKGS[@]}" 2>/dev/null | awk '/ installed$/ {print $1}' || true)"
missing=()
for p in "${PKGS[@]}"; do grep -qx "$p" <<<"$have" || missing+=("$p"); done
if ((${#missing[@]})); then
  SUDO=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "setup.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    SUDO=(sudo)
  fi
  echo "setup.sh: apt-get install ${missing[*]}" >&2
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
# the install again when the project's metadata or its compiled part (setup.py: Easy Harp's
# searches in C, built in place by the editable install) changes
stamp="$(cat pyproject.toml setup.py backend/harptowers/engine/solvers/csearch/* | sha256sum | cut -d' ' -f1)"
if [ "$(cat .venv/.stamp 2>/dev/null)" != "$stamp" ]; then
  echo "setup.sh: pip install -e '.[app,test,package]' (first run: ~1 min, ~900 MB)" >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[app,test,package]'
  echo "$stamp" > .venv/.stamp
fi

# TypeScript's checker for tools/lint.sh (package.json: a dev tool, nothing is built), again
# when package-lock.json changes
nstamp="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ ! -x node_modules/.bin/tsc ] || [ "$(cat node_modules/.stamp 2>/dev/null)" != "$nstamp" ]; then
  echo "setup.sh: npm ci (TypeScript, for tools/lint.sh)" >&2
  npm ci --no-audit --no-fund --loglevel=error
  echo "$nstamp" > node_modules/.stamp
fi
