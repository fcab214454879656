#!/usr/bin/env bash
# Regenerates the command palette and keyboard shortcut sheet screenshots
# in docs/ from the real window (issue 36). Run from the project root
# after `cargo build --release`; see shoot-lib.sh for what it needs.
set -eu
# shellcheck source=scripts/shoot-lib.sh
. "$(dirname "$0")/shoot-lib.sh"

# The palette over the Waterloo editor, filtered to "export".
shoot docs/screenshot-command-palette.png "mousemove 1390 890;key ctrl+shift+p;type export"
# The shortcut sheet (F1).
shoot docs/screenshot-shortcut-sheet.png "mousemove 1390 890;key F1"
