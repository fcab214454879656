#!/usr/bin/env bash
# Regenerates the playtest screenshots in docs/ from the real window under
# Xvfb, driving it with xdotool (keys and the mouse). Run from the project
# root after `cargo build --release`. Needs xvfb, xdotool and imagemagick
# (../shared/tools/screenshot installs them on first use).
set -eu
# shellcheck source=scripts/shoot-lib.sh
. "$(dirname "$0")/shoot-lib.sh"

# The start dialog.
shoot docs/screenshot-playtest-start.png "key F5"
# Movement: N selects the French 2nd Cavalry; the mouse over a reachable
# hex shows the path and its cost.
shoot docs/screenshot-playtest-movement.png "key F5;key Return;key n;mousemove ${MOVE_X:-235} ${MOVE_Y:-480}"
# Combat: end movement (Ctrl+Enter), A drafts the required attack on
# Hougoumont: the odds panel and the CRT column.
shoot docs/screenshot-playtest-combat.png "key F5;key Return;key ctrl+Return;key a;mousemove 420 560;click 4;click 4;click 4"
# After the roll: a saved game (made with `vedette play`) opened with
# `--game`: the die, the result and its CRT cell, the event log.
log=$(mktemp --suffix=.ron)
echo '[EndMovement, Attack(attackers: ["102", "103", "105"], bombarding: [], defenders: ["206"], column: None)]' >"$log.cmds"
"$bin" play scenarios/waterloo.ron --seed 1 --commands "$log.cmds" --log "$log" >/dev/null
bin_args="--game $log"
shoot docs/screenshot-playtest-result.png "mousemove 420 560;click 4;click 4;click 4"
rm -f "$log" "$log.cmds"
# The One Hour table: the French chance card drawn (Ctrl+Enter) and the
# choice it asks for.
bin_args="scenarios/waterloo-one-hour.ron" shoot docs/one-hour-table.png "key F5;key Return;key ctrl+Return;mousemove 1390 890"
# Napoleon: Compans' division rolled Forward! (seed 1), N selects its first
# piece and shows where it can go.
log=saint-aubin-forward.ron
echo "[Activate(force: \"Compans' division\")]" >"$log.cmds"
"$bin" play scenarios/saint-aubin.ron --seed 1 --commands "$log.cmds" --max-commands 1 --log "$log" >/dev/null
bin_args="--game $log" shoot docs/screenshot-napoleon-activation.png "key n;mousemove 1390 890"
rm -f "$log" "$log.cmds"
