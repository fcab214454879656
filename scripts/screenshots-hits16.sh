#!/usr/bin/env bash
# Regenerates the 16-hits pictures in docs/ from the real window under
# Xvfb (issue 37): the table with a shot's line of fire, a charge with its
# path, the Tables tab of Scenario settings, and page 1 of the Quatre Bras
# setup sheet. Run from the project root after `cargo build --release`
# (or BIN=target/debug/vedette). Needs xvfb, xdotool, imagemagick and
# pdftoppm (../shared/tools/screenshot installs the first three).
set -eu
# shellcheck source=scripts/shoot-lib.sh
. "$(dirname "$0")/shoot-lib.sh"

game() { # game LOG "COMMANDS": a seeded tutorial game played to a point
  echo "$2" >"$1.cmds"
  "$bin" play scenarios/hits16-tutorial.ron --seed 1 --commands "$1.cmds" --log "$1" >/dev/null
}
log=$(mktemp --suffix=.ron)
# Shooting, turn 1: the voltigeurs selected, the riflemen in the village
# hovered: the field of fire shaded, the line of fire, the shot's numbers.
game "$log" '[EndPhase, Move(unit: "fr-1", path: ["0507"]), Move(unit: "fr-2", path: ["0707"]), Form(unit: "fr-5", formation: unlimbered), EndPhase]'
bin_args="--game $log" shoot docs/hits16-table-shot.png "mousemove 440 497;click 1;mousemove 487 362"
# Movement, turn 2: the cuirassiers selected, the 44th Foot on the hill
# hovered: the charge's 45° path and its numbers judged from contact.
game "$log" '[EndPhase, Move(unit: "fr-4", path: ["1007", "1006", "1005"]), Move(unit: "fr-1", path: ["0507"]), Move(unit: "fr-2", path: ["0707"]), Form(unit: "fr-5", formation: unlimbered), EndPhase, EndPhase, EndPhase, EndPhase, EndPhase, EndPhase, EndPhase, EndPhase]'
bin_args="--game $log" shoot docs/hits16-table-charge.png "mousemove 626 393;click 1;mousemove 533 287"
rm -f "$log" "$log.cmds"
# Scenario settings, the Tables tab, the window enlarged.
bin_args="scenarios/quatre-bras.ron" shoot docs/hits16-tables-tab.png "key ctrl+shift+p;type settings;key Return;mousemove 409 67;click 1;mousemove 627 457;mousedown 1;mousemove 800 700;mousemove 980 880;mouseup 1"
# Page 1 of the Quatre Bras sheet.
pdf=$(mktemp --suffix=.pdf)
"$bin" sheet scenarios/quatre-bras.ron -o "$pdf" >/dev/null
pdftoppm -r 80 -png -f 1 -l 1 -singlefile "$pdf" docs/sheet-hits16
rm -f "$pdf"
