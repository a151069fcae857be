#!/bin/sh
# Install this bundle for the current user: a launcher in the menu and a `scorekeeper` command.
# Run from inside the unpacked folder: ./install.sh   (undo with: ./install.sh --uninstall)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$HOME/.local/bin
if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$bin/scorekeeper" "$data/applications/scorekeeper.desktop"
  find "$data/icons/hicolor" -name scorekeeper.png -o -name scorekeeper.svg 2>/dev/null | xargs rm -f
  echo "scorekeeper removed from the menu (this folder and your games are left as they are)."
  exit 0
fi
mkdir -p "$bin" "$data/applications"
ln -sf "$here/scorekeeper" "$bin/scorekeeper"
sed "s|^Exec=.*|Exec=$here/scorekeeper|" "$here/share/applications/scorekeeper.desktop" > "$data/applications/scorekeeper.desktop"
cp -r "$here/share/icons" "$data/"
echo "scorekeeper installed: find it in your applications menu, or run: $bin/scorekeeper"
