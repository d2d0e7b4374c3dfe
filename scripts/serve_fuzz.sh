#!/usr/bin/env bash
# A longer run of the malformed-packet test of `doku serve`: the bytes a real
# OpenSSH client sends in a whole session (recorded by a relay between `ssh`
# and the server) are sent again broken every way a bad client or a broken
# network would (bits flipped, cut short, a length overwritten, bytes put in
# or repeated; mostly in the part in the clear: version line, key exchange),
# ROUNDS times over four connections at a time. The server must not panic and
# must go on serving real clients, during and after.
#
# The test suite runs the same test with 160 rounds (a few seconds); this
# script runs it with more (default 5000, a few minutes on two cores).
#
# Usage: scripts/serve_fuzz.sh [ROUNDS]
set -euo pipefail

cd "$(dirname "$0")/.."
DOKU_SERVE_FUZZ_ROUNDS=${1:-5000} exec cargo test --test ssh_serve \
    a_real_clients_bytes_broken_every_way_leave_the_server_serving -- --nocapture
