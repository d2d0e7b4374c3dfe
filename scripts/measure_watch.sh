#!/usr/bin/env bash
# What the animated solver view costs over a terminal, measured on the real
# binary in a tmux pseudo-terminal (100x30 unless WIDTH/HEIGHT say, xterm-256color):
#
#   bytes per step  everything doku writes to the terminal (tmux pipe-pane -o),
#                   divided by the steps the panel's counter advanced, naive on
#                   seed-9x9-a at 50 and at 25 steps/s (25: one step per frame).
#                   Bar: <= 200 bytes per step; at 50 steps/s on 100x40
#                   (WIDTH=100 HEIGHT=40), <= 120 with the side panel (issue
#                   25). Measured there, release build: 167 before the panel's
#                   stack had room and frames were compacted (src/ui/output.rs),
#                   113 after (25 steps/s: 259 -> 160).
#   CPU             user+system time of the doku process (/proc/PID/stat) over
#                   wall time: at 30 steps/s (30 frames/s, one step each), at
#                   1000 steps/s (30 frames/s, ~33 steps each), and paused.
#                   (As fast as possible spends ~60% of each frame stepping by
#                   design; naive finishes this puzzle in well under a second.)
#                   Bar: < 10% of one core at 30 frames/s; paused: none.
#
# Usage: scripts/measure_watch.sh [SECONDS]   (default 10 per measurement)
# DOKU_BIN picks the binary (default target/release/doku, built if missing);
# WIDTH and HEIGHT the pane (default 100x30; 120x40 gives roomy cells).
set -euo pipefail

cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-10}
WIDTH=${WIDTH:-100}
HEIGHT=${HEIGHT:-30}
BIN=${DOKU_BIN:-target/release/doku}
if [ ! -x "$BIN" ]; then
    cargo build --release
fi
command -v tmux >/dev/null || { echo "tmux is needed (apt-get install tmux)" >&2; exit 2; }

PUZZLE=203610000580007000400080020802000007000305000600000402040070008000400071000061504
# One tmux server per measurement: a server being killed refuses new clients.
RUN=0
SOCKET=doku-measure-$$-$RUN
TMP=$(mktemp -d)
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$TMP"' EXIT
TICKS_PER_SECOND=$(getconf CLK_TCK)

tm() { tmux -L "$SOCKET" "$@"; }

start() { # SPEED
    tm kill-server 2>/dev/null || true
    RUN=$((RUN + 1))
    SOCKET=doku-measure-$$-$RUN
    mkdir -p "$TMP/config" "$TMP/state"
    tm new-session -d -s m -x "$WIDTH" -y "$HEIGHT" \
        "exec env XDG_CONFIG_HOME=$TMP/config XDG_STATE_HOME=$TMP/state TERM=xterm-256color $BIN watch $PUZZLE --strategy naive --speed $1"
    sleep 1.5 # the first full frame goes out before anything is measured
}

steps() {
    tm capture-pane -p -t m | sed -n 's/.*steps  *\([0-9,]*\).*/\1/p' | tr -d , | head -n 1
}

cpu_ticks() { # PID: user + system clock ticks
    awk '{ print $14 + $15 }' "/proc/$1/stat"
}

bytes_per_step() { # SPEED
    start "$1"
    local out="$TMP/out-$1"
    : >"$out"
    tm pipe-pane -o -t m "cat >> $out"
    local s0 s1 bytes
    s0=$(steps)
    sleep "$SECONDS_EACH"
    s1=$(steps)
    tm pipe-pane -t m # stops the pipe
    sleep 0.2
    bytes=$(wc -c <"$out")
    awk -v b="$bytes" -v s="$((s1 - s0))" -v speed="$1" -v t="$SECONDS_EACH" 'BEGIN {
        printf "bytes per step at %5s steps/s: %6.1f  (%d bytes, %d steps in %ss)\n", speed, b / s, b, s, t }'
}

cpu() { # SPEED LABEL [pause]
    start "$1"
    local pid t0 t1
    pid=$(tm display-message -p -t m '#{pane_pid}')
    if [ "${3:-}" = pause ]; then
        tm send-keys -t m Space
        sleep 0.5
    fi
    t0=$(cpu_ticks "$pid")
    sleep "$SECONDS_EACH"
    t1=$(cpu_ticks "$pid")
    awk -v d="$((t1 - t0))" -v hz="$TICKS_PER_SECOND" -v t="$SECONDS_EACH" -v label="$2" 'BEGIN {
        printf "CPU %-32s %5.1f%% of one core  (%d ticks of 1/%ds in %ss)\n", label, 100 * d / hz / t, d, hz, t }'
}

echo "doku watch, naive on seed-9x9-a, ${WIDTH}x${HEIGHT} tmux pane, $BIN"
bytes_per_step 50
bytes_per_step 25
cpu 30 "at 30 steps/s (30 frames/s):"
cpu 1000 "at 1000 steps/s (30 frames/s):"
cpu 30 "paused:" pause
