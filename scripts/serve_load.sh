#!/usr/bin/env bash
# The load test of `doku serve`, on loopback only, bounded in time: real
# OpenSSH clients (`ssh -tt`, keys from a pipe, the pty at its 80x24 default)
# against a release server on a free port of 127.0.0.1.
#
#   players   N clients, each with its own key, play a scripted game for
#             SECONDS (a move and a digit every half second), then quit.
#             Reported: sessions that ended with their game saved (the
#             farewell line and the save file), the server's CPU per session
#             (user+system over wall time, /proc/PID/stat) and its memory
#             (peak resident set, less the idle server's, per session).
#   watchers  one watcher alone, then N at once, at 50 steps/s (`+` once
#             from 20), for SECONDS: bytes per second each received, and
#             the server's CPU and memory as above.
#   flood     4N connections at once past --max-sessions N (the first N are
#             a game each, the rest are told the server is full or refused)
#             while one player plays: that player's game must go on.
#
# Measured on the 2-core development machine (release build, 60 s, 30):
#   players (30): server CPU 6.1% of one core (0.20% per session);
#                 memory 5.2 MB idle, peak 24.3 MB (0.64 MB per session);
#                 30 of 30 sessions ended saved, 30 save files
#   one watcher at 50 steps/s: 2700 bytes/s; 30 at once: 2667 bytes/s each;
#                 server CPU 15.4% of one core (0.51% per session),
#                 peak 19.2 MB (0.47 MB per session)
#   flood: 120 connections at once past --max-sessions 30: 29 played, 50 told
#                 the server is full, 41 refused; the player already in went on
# Again with compacted frames (src/ui/output.rs), 20 s, 30 clients:
#   one watcher at 50 steps/s: 2345 bytes/s; 30 at once: 2248 bytes/s each;
#                 server CPU 10.8% of one core (0.36% per session), peak 22.8 MB
#   players (30): server CPU 4.2% of one core, peak 26.2 MB; 30 of 30 saved
#
# Usage: scripts/serve_load.sh [SECONDS] [N]   (default 60 s, 30 clients)
# DOKU_BIN picks the binary (default target/release/doku, built if missing).
set -uo pipefail

cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-60}
N=${2:-30}
BIN=${DOKU_BIN:-target/release/doku}
if [ ! -x "$BIN" ]; then
    cargo build --release
fi
command -v ssh >/dev/null || { echo "ssh is needed (apt-get install openssh-client)" >&2; exit 2; }

TMP=$(mktemp -d)
SERVER=
cleanup() {
    [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null || true
    jobs -p | xargs -r kill 2>/dev/null || true
    rm -rf "$TMP"
}
trap cleanup EXIT
TICKS=$(getconf CLK_TCK)

start_server() { # EXTRA ARGS...
    rm -rf "$TMP/state"
    "$BIN" serve --listen 127.0.0.1:0 --state "$TMP/state" --max-per-minute 100000 "$@" \
        >"$TMP/server.out" 2>"$TMP/server.err" &
    SERVER=$!
    for _ in $(seq 100); do
        PORT=$(sed -n 's/^doku serve: listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$TMP/server.out")
        [ -n "$PORT" ] && break
        sleep 0.05
    done
    [ -n "$PORT" ] || { cat "$TMP/server.err" >&2; exit 1; }
    sleep 0.3
}

stop_server() {
    kill -TERM "$SERVER"
    wait "$SERVER" || true
    SERVER=
}

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }
rss_kib() { awk '/^VmRSS/ { print $2 }' "/proc/$SERVER/status"; }

# Samples the server's resident set every 0.2 s into $TMP/peak until stopped.
sample_memory() {
    local peak=0 now
    while kill -0 "$SERVER" 2>/dev/null; do
        now=$(rss_kib 2>/dev/null || echo 0)
        [ "$now" -gt "$peak" ] && peak=$now && echo "$peak" >"$TMP/peak"
        sleep 0.2
    done
}

ssh_to() { # USER KEY
    ssh -tt -F /dev/null -p "$PORT" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
        -o IdentitiesOnly=yes -o IdentityAgent=none -o LogLevel=ERROR -i "$2" "$1@127.0.0.1"
}

for i in $(seq "$N"); do
    ssh-keygen -q -t ed25519 -N '' -f "$TMP/key$i"
done

player_keys() { # a scripted game: moves and digits, then q
    sleep 2
    local end=$((SECONDS + SECONDS_EACH)) k=0
    local moves=(l j h k l l j)
    while [ "$SECONDS" -lt "$end" ]; do
        printf '%s%s' "${moves[$((k % 7))]}" "$((k % 9 + 1))"
        k=$((k + 1))
        sleep 0.5
    done
    printf q
    sleep 2
}

watcher_keys() {
    sleep 2
    printf +
    sleep "$SECONDS_EACH"
    printf q
    sleep 2
}

measure() { # LABEL COUNT: after the clients are started, until they end
    local label=$1 count=$2 t0=$3 c0=$4 base=$5
    wait "${CLIENTS[@]}" || true
    local t1 c1 peak
    t1=$(date +%s.%N)
    c1=$(cpu_ticks)
    peak=$(cat "$TMP/peak" 2>/dev/null || echo "$base")
    awk -v l="$label" -v n="$count" -v t0="$t0" -v t1="$t1" -v c0="$c0" -v c1="$c1" \
        -v hz="$TICKS" -v base="$base" -v peak="$peak" 'BEGIN {
        cpu = (c1 - c0) / hz / (t1 - t0) * 100
        printf "%s: server CPU %.1f%% of one core (%.2f%% per session); memory %.1f MB idle, peak %.1f MB (%.2f MB per session)\n",
            l, cpu, cpu / n, base / 1024, peak / 1024, (peak - base) / 1024 / n }'
}

echo "doku serve load test: $N clients, $SECONDS_EACH s each, loopback ($(nproc) cores)"

# --- players
start_server --max-sessions $((N + 5))
BASE=$(rss_kib)
sample_memory &
T0=$(date +%s.%N); C0=$(cpu_ticks)
CLIENTS=()
for i in $(seq "$N"); do
    player_keys | ssh_to "player$i" "$TMP/key$i" >"$TMP/player$i.out" 2>&1 &
    CLIENTS+=($!)
done
measure "players ($N)" "$N" "$T0" "$C0" "$BASE"
saved=0
for i in $(seq "$N"); do
    grep -q "your game is saved" "$TMP/player$i.out" && saved=$((saved + 1))
done
files=$(find "$TMP/state/players" -name game.json | wc -l)
echo "players: $saved of $N sessions ended saved; $files save files"
stop_server

# --- watchers: one alone, then N at once
start_server --max-sessions $((N + 5))
BASE=$(rss_kib)
T0=$(date +%s.%N); C0=$(cpu_ticks)
watcher_keys | ssh_to watch "$TMP/key1" >"$TMP/alone.out" 2>&1
alone=$(wc -c <"$TMP/alone.out")
echo "one watcher at 50 steps/s: $((alone / SECONDS_EACH)) bytes/s"
rm -f "$TMP/peak"
sample_memory &
T0=$(date +%s.%N); C0=$(cpu_ticks)
CLIENTS=()
for i in $(seq "$N"); do
    watcher_keys | ssh_to watch "$TMP/key$i" >"$TMP/watcher$i.out" 2>&1 &
    CLIENTS+=($!)
done
measure "watchers ($N)" "$N" "$T0" "$C0" "$BASE"
total=0
for i in $(seq "$N"); do total=$((total + $(wc -c <"$TMP/watcher$i.out"))); done
echo "watchers: $((total / N / SECONDS_EACH)) bytes/s each on average ($N at once, 50 steps/s)"
stop_server

# --- flood past the limit while one player plays
start_server --max-sessions "$N"
CLIENTS=()
player_keys | ssh_to survivor "$TMP/key1" >"$TMP/survivor.out" 2>&1 &
SURVIVOR=$!
sleep 3
for i in $(seq $((4 * N))); do
    k=$((i % N + 1))
    (sleep 3; printf q) | ssh_to "flood$i" "$TMP/key$k" >"$TMP/flood$i.out" 2>&1 &
    CLIENTS+=($!)
done
wait "${CLIENTS[@]}" || true
full=$(grep -l "server is full" "$TMP"/flood*.out | wc -l)
games=$(grep -l "bye" "$TMP"/flood*.out | wc -l)
wait "$SURVIVOR" || true
if grep -q "your game is saved" "$TMP/survivor.out"; then ok=yes; else ok=NO; fi
echo "flood: $((4 * N)) connections at once past --max-sessions $N: $games played, $full told the server is full, $((4 * N - games - full)) refused otherwise; the player already in went on: $ok"
stop_server
