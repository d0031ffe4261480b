#!/usr/bin/env bash
# Remove what install.sh put in the user's folders: the bundle, the ~/.local/bin/harp-towers
# symlink (only if it points into the bundle), the menu entry, the icons and the metainfo.
# Games, settings, statistics and logs are kept (they live in the platformdirs user folders,
# e.g. ~/.local/share/harp-towers and ~/.local/state/harp-towers): delete those by hand.
# Usage: uninstall.sh     (from anywhere; it needs only HOME and XDG_DATA_HOME)
set -euo pipefail

APP_ID=io.github.harptowers.HarpTowers
BIN_NAME=harp-towers
: "${HOME:?uninstall.sh: HOME is not set}"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
case "$data" in /*) ;; *) data="$HOME/.local/share" ;; esac
dest="$data/$APP_ID"
link="$HOME/.local/bin/$BIN_NAME"

found=0
if [ -L "$link" ] && [ "$(readlink "$link")" = "$dest/$BIN_NAME" ]; then
  rm -f "$link"; found=1
fi
for f in "$data/applications/$APP_ID.desktop" "$data/metainfo/$APP_ID.metainfo.xml"; do
  [ -e "$f" ] && { rm -f "$f"; found=1; }
done
if [ -d "$data/icons/hicolor" ]; then
  while read -r icon; do
    rm -f "$icon"; found=1
    # drop .../NxN/apps and .../NxN when that leaves them empty (never other folders)
    rmdir "$(dirname "$icon")" "$(dirname "$(dirname "$icon")")" 2>/dev/null || true
  done < <(find "$data/icons/hicolor" -path "*/apps/$APP_ID.*")
fi
# The bundle folder goes last: this script may be running from inside it (bash has read it).
if [ -d "$dest" ]; then
  rm -rf "$dest"; found=1
fi

command -v update-desktop-database >/dev/null && [ -d "$data/applications" ] &&
  update-desktop-database -q "$data/applications" || true
[ -f "$data/icons/hicolor/index.theme" ] && command -v gtk-update-icon-cache >/dev/null &&
  gtk-update-icon-cache -q -t "$data/icons/hicolor" || true

if [ "$found" = 1 ]; then
  echo "uninstall.sh: removed Harp & Towers from $data (your games and settings are kept)"
else
  echo "uninstall.sh: Harp & Towers is not installed in $data"
fi
