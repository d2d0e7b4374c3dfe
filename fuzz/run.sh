#!/usr/bin/env bash
# Runs every cargo-fuzz target for a fixed time (default 60 s each), from
# the seed corpus in seeds/ plus whatever earlier runs found in corpus/.
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`);
# without them it says so and exits 0, since the same properties also run
# as proptest tests in tests/fuzz_parsers.rs under plain `cargo test`.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
if ! cargo +nightly --version >/dev/null 2>&1 || ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: nightly or cargo-fuzz missing; skipped (tests/fuzz_parsers.rs covers the same properties)"
  exit 0
fi
for target in puzzle_reader parse_puzzle save_file; do
  mkdir -p "corpus/$target"
  cargo +nightly fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -max_len=8192 -print_final_stats=1
  echo "fuzz: $target: corpus of $(ls "corpus/$target" | wc -l) inputs"
done
