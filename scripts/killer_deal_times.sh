#!/usr/bin/env bash
# Killer deal times per difficulty: CPU seconds of one `doku generate
# --variant killer` each, over SEEDS seeds, with the median and range.
# Usage: scripts/killer_deal_times.sh [SEEDS] (default 11); builds release.
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-11}
cargo build --release --quiet
doku=${CARGO_TARGET_DIR:-target}/release/doku
for difficulty in easy medium hard expert extreme; do
  times=()
  for seed in $(seq 1 "$seeds"); do
    t=$( { /usr/bin/time -f "%U %S" "$doku" generate --variant killer \
      --difficulty "$difficulty" --seed "$seed" >/dev/null; } 2>&1 | tail -1 |
      awk '{ printf "%.3f", $1 + $2 }')
    times+=("$t")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk -v d="$difficulty" '
    { t[NR] = $1 }
    END { printf "%-8s median %6.3f s   min %6.3f   max %6.3f   (%d seeds, CPU)\n",
          d, t[int((NR + 1) / 2)], t[1], t[NR], NR }'
done
