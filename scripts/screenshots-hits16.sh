#!/usr/bin/env bash
# Regenerates the 16-hits pictures in docs/ from the real window under
# Xvfb (issue 37): the table with a shot's line of fire, a charge with its
# path, a hand-to-hand combat with its chances, the Tables tab of Scenario settings, and page 1 of the Quatre Bras
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
# Hand to hand, British turn 1: the 1st Foot's charge on the march column
# fought: its roll named, its hits by face and each outcome's chance.
game "$log" '[EndPhase, Move(unit: "fr-1", path: ["0507", "0506"], end: Some(NE)), Move(unit: "fr-2", path: ["0707", "0606"]), Move(unit: "fr-3", path: ["0707", "0806"]), Move(unit: "fr-4", path: ["1007", "1006", "0906"]), Form(unit: "fr-5", formation: unlimbered), MoveGeneral(general: "ney", path: ["0609"]), EndPhase, Shoot(unit: "fr-5", target: "br-3"), Shoot(unit: "fr-3", target: "br-2"), EndPhase, EndPhase, EndPhase, Charge(unit: "br-1", target: "fr-2", path: ["0604", "0605"]), Form(unit: "br-2", formation: square), Move(unit: "br-3", start: Some(N), path: ["0704"]), Move(unit: "br-4", path: ["1202", "1203", "1204", "1105"], end: Some(N)), MoveGeneral(general: "picton", path: ["0704"]), EndPhase, Shoot(unit: "br-5", target: "fr-1"), Shoot(unit: "br-3", target: "fr-4"), EndPhase]'
bin_args="--game $log" shoot docs/hits16-table-melee.png "mousemove 700 450"
rm -f "$log" "$log.cmds"
# Scenario settings, the Tables tab, the window enlarged.
bin_args="scenarios/quatre-bras.ron" shoot docs/hits16-tables-tab.png "key ctrl+shift+p;type settings;key Return;mousemove 409 67;click 1;mousemove 627 457;mousedown 1;mousemove 800 700;mousemove 980 880;mouseup 1"
# Page 1 of the Quatre Bras sheet.
pdf=$(mktemp --suffix=.pdf)
"$bin" sheet scenarios/quatre-bras.ron -o "$pdf" >/dev/null
pdftoppm -r 80 -png -f 1 -l 1 -singlefile "$pdf" docs/sheet-hits16
rm -f "$pdf"
