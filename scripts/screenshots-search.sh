#!/usr/bin/env bash
# Retakes the search player's and the skill ladder's pictures (issue 38):
# the 16-hits tutorial with the French seat searching (its plan for the
# turn in the Computer section), and the Balance panel's Skill ladder run.
# Usage: scripts/screenshots-search.sh (BIN=target/release/vedette).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/shoot-lib.sh
source scripts/shoot-lib.sh
# F5, "Computer (search)" for the French, Start; the computer plays.
bin_args="scenarios/hits16-tutorial.ron" shoot docs/screenshot-search-plan.png \
  "key F5;mousemove 763 444;click 1;mousemove 437 531;click 1;sleep 4;mousemove 1300 850"
# Balance, Skill ladder, Run ladder (450 games: about 10 s).
bin_args="scenarios/hits16-tutorial.ron" shoot docs/screenshot-ladder.png \
  "mousemove 860 37;click 1;sleep 1;mousemove 1078 296;click 1;sleep 1;mousemove 1085 412;click 1;sleep 14;mousemove 700 850"
