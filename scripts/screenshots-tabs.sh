#!/usr/bin/env bash
# docs/screenshot-tabs.png: two documents open in tabs (issue 40 item 3),
# a region of Waterloo marked by Shift+drag, copied, and pasted into the
# tutorial's map in the other tab. Run from the project's root after
# `cargo build --release`. Needs xvfb, xdotool and imagemagick.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/shoot-lib.sh
# A fresh data folder: the window remembers open sections and panel widths.
export XDG_DATA_HOME
XDG_DATA_HOME=$(mktemp -d)
bin_args="scenarios/waterloo.ron scenarios/tutorial.ron"
shoot docs/screenshot-tabs.png "\
mousemove 830 300;keydown shift;mousedown 1;mousemove 880 330;mousemove 930 380;mouseup 1;keyup shift;\
key ctrl+c;key ctrl+Tab;mousemove 700 330;key ctrl+v;mousemove 1200 860"
