#!/usr/bin/env bash
# Install the Harp & Towers bundle for the current user (Linux, no root needed):
#   the bundle      -> ${XDG_DATA_HOME:-~/.local/share}/io.github.harptowers.HarpTowers/
#   the command     -> ~/.local/bin/harp-towers (a symlink into the bundle)
#   the menu entry  -> ${XDG_DATA_HOME}/applications/io.github.harptowers.HarpTowers.desktop
#   the icons       -> ${XDG_DATA_HOME}/icons/hicolor/*/apps/io.github.harptowers.HarpTowers.*
#   the metainfo    -> ${XDG_DATA_HOME}/metainfo/io.github.harptowers.HarpTowers.metainfo.xml
#
# Usage: ./install.sh [BUNDLE_DIR]   (default: the folder this script is in, i.e. run it from
# the unpacked archive: tar xf harp-towers-*.tar.xz && harp-towers/install.sh)
# Installing again replaces the previous version. Undo with uninstall.sh.
set -euo pipefail

APP_ID=io.github.harptowers.HarpTowers
BIN_NAME=harp-towers
src="$(cd "${1:-$(dirname "$0")}" && pwd)"
[ -x "$src/$BIN_NAME" ] && [ -d "$src/_internal" ] && [ -d "$src/share" ] || {
  echo "install.sh: $src is not a Harp & Towers bundle (no $BIN_NAME, _internal/ or share/)" >&2
  exit 1
}
: "${HOME:?install.sh: HOME is not set}"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
case "$data" in /*) ;; *) data="$HOME/.local/share" ;; esac  # the XDG spec ignores relative paths
dest="$data/$APP_ID"
bindir="$HOME/.local/bin"

# 1. The bundle: copied next to the old one, then swapped in, so a failed copy leaves the old
#    install working.
if [ "$src" != "$dest" ]; then
  mkdir -p "$data"
  tmp="$(mktemp -d "$data/.$APP_ID.new.XXXXXX")"
  chmod 755 "$tmp"
  cp -a "$src/." "$tmp/"
  rm -rf "$dest.old"
  [ ! -e "$dest" ] || mv "$dest" "$dest.old"
  mv "$tmp" "$dest"
  rm -rf "$dest.old"
fi

# 2. The command. Never clobber a harp-towers that is not ours (pipx or pip --user put one
#    in the same place).
mkdir -p "$bindir"
link="$bindir/$BIN_NAME"
if [ -L "$link" ] && [ "$(readlink "$link")" = "$dest/$BIN_NAME" ]; then
  :
elif [ -e "$link" ] || [ -L "$link" ]; then
  echo "install.sh: $link exists and is not ours: left alone (the menu entry still works;" \
    "run $dest/$BIN_NAME from a shell)" >&2
else
  ln -s "$dest/$BIN_NAME" "$link"
fi
case ":$PATH:" in *":$bindir:"*) ;; *) echo "install.sh: note: $bindir is not in PATH" >&2 ;; esac

# 3. Icons, menu entry and metainfo, named by the app id. Exec gets the absolute path: a
#    desktop session's PATH often lacks ~/.local/bin.
mkdir -p "$data/applications" "$data/metainfo"
( cd "$dest/share/icons" && find hicolor -name "$APP_ID.*" ) | while read -r icon; do
  mkdir -p "$data/icons/$(dirname "$icon")"
  cp "$dest/share/icons/$icon" "$data/icons/$icon"
done
sed -e "s|^Exec=.*|Exec=\"$dest/$BIN_NAME\"|" -e "s|^TryExec=.*|TryExec=$dest/$BIN_NAME|" \
  "$dest/share/applications/$APP_ID.desktop" > "$data/applications/$APP_ID.desktop"
cp "$dest/share/metainfo/$APP_ID.metainfo.xml" "$data/metainfo/"

# 4. Tell the desktop (each is optional: not every system has these tools).
command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
[ -f "$data/icons/hicolor/index.theme" ] && command -v gtk-update-icon-cache >/dev/null &&
  gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
touch "$data/icons/hicolor" 2>/dev/null || true  # icon caches look at the folder's mtime

echo "install.sh: installed Harp & Towers in $dest"
echo "install.sh: start it from the menu, or run: $BIN_NAME"
