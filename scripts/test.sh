#!/usr/bin/env bash
# Runs every test: Rust unit tests, then the lit tests (tests/lit) against
# the release build, then prints one total line. Assumes scripts/setup.sh ran.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p target

cargo build --release --locked || exit 1
cargo test --release --locked 2>&1 | tee target/cargo-test.log
cargo_status=${PIPESTATUS[0]}
lit -sv tests/lit 2>&1 | tee target/lit.log
lit_status=${PIPESTATUS[0]}

# One closing line over both runners.
read -r cp cf < <(awk '/^test result:/ {p+=$4; f+=$6} END {print p+0, f+0}' target/cargo-test.log)
# lit's totals look like `  Passed  : 81 (100.00%)`.
lit_count() { sed -nE "s/^ *($1) *: *([0-9]+).*/\2/p" target/lit.log | awk '{s+=$1} END {print s+0}'; }
lp=$(lit_count 'Passed|Expectedly Failed')
lf=$(lit_count 'Failed|Unresolved|Timed Out|Unexpectedly Passed')
echo "tests: $((cp + lp)) passed, $((cf + lf)) failed"
[ "$cargo_status" = 0 ] && [ "$lit_status" = 0 ]
