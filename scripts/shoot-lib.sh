# Shared by the screenshot scripts: shoot OUT.png "xdotool command;..."
# runs $bin (default target/release/vedette) with $bin_args under Xvfb at
# 1400x900, gives it the keyboard, plays the xdotool commands and grabs
# the screen. Needs xvfb, xdotool and imagemagick.
bin=${BIN:-target/release/vedette}

# shoot OUT.png "xdotool command;xdotool command;..."
shoot() {
  local out=$1 script=$2 d=95
  while [ -e /tmp/.X$d-lock ]; do d=$((d + 1)); done
  Xvfb ":$d" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
  local xvfb=$!
  sleep 1.5
  # shellcheck disable=SC2086
  env -u WAYLAND_DISPLAY DISPLAY=":$d" "$bin" ${bin_args:-} >/tmp/vedette-shot.log 2>&1 &
  local app=$!
  sleep 5
  # Without a window manager nothing has the keyboard: give it the focus.
  local w
  w=$(DISPLAY=":$d" xdotool search --name Vedette | head -1)
  DISPLAY=":$d" xdotool windowfocus --sync "$w"
  IFS=';' read -ra cmds <<<"$script"
  for c in "${cmds[@]}"; do
    # shellcheck disable=SC2086
    DISPLAY=":$d" xdotool $c
    sleep 0.8
  done
  DISPLAY=":$d" import -window root "$out"
  kill "$app" 2>/dev/null || true
  sleep 0.5
  kill -9 "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  wait 2>/dev/null || true
  echo "$out"
}

