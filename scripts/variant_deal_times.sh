#!/usr/bin/env bash
# Deal times per variant and difficulty: CPU milliseconds (perf's
# task-clock: /usr/bin/time counts in steps of 10 ms, too coarse for deals
# of a few) of one `doku generate --variant V --difficulty D --seed S
# --size N --jobs 1` each, over SEEDS seeds, with the median and the max.
#
# Usage: scripts/variant_deal_times.sh [SEEDS] [BASE_BINARY]
#   SEEDS        seeds 1..SEEDS per variant and difficulty (default 15)
#   BASE_BINARY  another doku to time on the same seeds, run alternately
#                with this tree's, so both see the same machine load
#                (copy a release build aside before a change to compare).
# Environment: DOKU (the binary to time; default: a release build of this
# tree, built first), VARIANTS and DIFFICULTIES (space-separated lists),
# SIZE (the board's side, default 9; windoku is 9x9 only).
# Example, the expert 25x25 deal: SIZE=25 VARIANTS=classic DIFFICULTIES=expert
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-15}
base=${2:-}
if [ -z "${DOKU:-}" ]; then
  cargo build --release --quiet
  DOKU=${CARGO_TARGET_DIR:-target}/release/doku
fi
variants=${VARIANTS:-classic x windoku windoku,x jigsaw jigsaw,x}
difficulties=${DIFFICULTIES:-easy medium hard expert extreme}
size=${SIZE:-9}

# CPU milliseconds of one deal by binary $1, variant $2, difficulty $3, seed $4.
cpu_ms() {
  perf stat -x, -e task-clock "$1" generate --variant "$2" --difficulty "$3" \
    --seed "$4" --size "$size" --jobs 1 2>&1 >/dev/null | awk -F, '/task-clock/ { printf "%.1f", $1 }'
}

# "median max" of the numbers on stdin.
summary() {
  sort -g | awk '{ t[NR] = $1 } END { printf "%7.1f %7.1f", t[int((NR + 1) / 2)], t[NR] }'
}

if [ -n "$base" ]; then
  printf '%-10s %-8s %17s %17s   (%s seeds, %s, CPU ms)\n' variant difficulty \
    "base med     max" "this med     max" "$seeds" "${size}x$size"
else
  printf '%-10s %-8s %17s   (%s seeds, %s, CPU ms)\n' variant difficulty "med     max" \
    "$seeds" "${size}x$size"
fi
for variant in $variants; do
  for difficulty in $difficulties; do
    this=() before=()
    for seed in $(seq 1 "$seeds"); do
      if [ -n "$base" ]; then
        before+=("$(cpu_ms "$base" "$variant" "$difficulty" "$seed")")
      fi
      this+=("$(cpu_ms "$DOKU" "$variant" "$difficulty" "$seed")")
    done
    if [ -n "$base" ]; then
      printf '%-10s %-8s  %s   %s\n' "$variant" "$difficulty" \
        "$(printf '%s\n' "${before[@]}" | summary)" "$(printf '%s\n' "${this[@]}" | summary)"
    else
      printf '%-10s %-8s  %s\n' "$variant" "$difficulty" "$(printf '%s\n' "${this[@]}" | summary)"
    fi
  done
done
