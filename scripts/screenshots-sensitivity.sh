#!/usr/bin/env bash
# Retakes the sensitivity study's picture (issue 39): Quatre Bras, the
# Balance panel widened, its Sensitivity section run with 200 games a
# trial (61 trials: about a minute on 2 cores), the tornado chart.
# Usage: scripts/screenshots-sensitivity.sh (BIN=target/release/vedette).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/shoot-lib.sh
source scripts/shoot-lib.sh
# The window keeps its layout between runs (which sections are open, the
# panel's width): start from none, so the clicks land where they should.
XDG_DATA_HOME=$(mktemp -d)
export XDG_DATA_HOME
# Balance; drag the panel's edge left; open Sensitivity; Run study.
bin_args="scenarios/quatre-bras.ron" shoot docs/screenshot-sensitivity.png \
  "mousemove 751 37;click 1;mousemove 1021 600;mousedown 1;mousemove 900 600;mousemove 760 600;mouseup 1;sleep 1;mousemove 890 328;click 1;sleep 1;mousemove 806 445;click 1;sleep 80;mousemove 1000 300;click 5;click 5;click 5;click 5;mousemove 700 850"
