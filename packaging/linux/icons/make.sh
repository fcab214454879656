#!/bin/sh
# Renders the hicolor PNG icons from the project's icon, icons/vedette.svg
# (the 256 px one is icons/vedette-256.png, which the window uses too).
# Needs rsvg-convert (Debian: librsvg2-bin). Run from the project's root.
set -eu
for s in 48 128; do
  rsvg-convert -w "$s" -h "$s" icons/vedette.svg -o "packaging/linux/icons/vedette-$s.png"
done
