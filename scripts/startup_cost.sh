#!/usr/bin/env bash
# Start-up cost of doku's batch commands, base binary against new: the
# instructions of `doku solve --jobs 1` of one puzzle (callgrind, immune to
# load) with the dynamic loader's and clap's shares, then CPU time and page
# faults (perf stat -r 100), the two binaries alternating ROUNDS times.
# Usage: scripts/startup_cost.sh BASE_BINARY NEW_BINARY [ROUNDS] (default 10)
# Needs valgrind and perf.
set -euo pipefail
base=$1 new=$2 rounds=${3:-10}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# One hard 9x9 (the first of forum_hardest_1106): start-up plus a real search.
echo '........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3' >"$work/one.txt"
run=(solve --jobs 1 --file "$work/one.txt")
for bin in "$base" "$new"; do
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$bin" "${run[@]}" >/dev/null 2>&1
  callgrind_annotate --inclusive=yes "$work/cg" 2>/dev/null | awk -v b="$bin" '
    /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
    /rtld.c:_dl_start / { gsub(",", "", $1); loader = $1 }
    /Command::_do_parse \[|Cli as clap_builder::derive::Args>::augment_args \[|drop_in_place<clap_builder::builder::command::Command> \[/ {
      gsub(",", "", $1); clap += $1 }
    END { printf "%s: %d instructions, dynamic loader %d, clap %d\n", b, total, loader, clap }'
done
one() {
  perf stat -x, -e task-clock,page-faults -r 100 "$1" "${run[@]}" 2>&1 >/dev/null |
    awk -F, '/task-clock/ { t = $1 } /page-faults/ { p = $1 } END { printf "%.3f %d", t, p }'
}
for _ in $(seq "$rounds"); do echo "$(one "$base") $(one "$new")"; done | python3 -c '
import statistics as st, sys
rows = [list(map(float, line.split())) for line in sys.stdin]
med = lambda i: st.median(r[i] for r in rows)
print("task-clock, median of %d alternating rounds: base %.3f ms (%d page faults), new %.3f ms (%d), new/base %.3f"
      % (len(rows), med(0), med(1), med(2), med(3), st.median(r[2] / r[0] for r in rows)))'
