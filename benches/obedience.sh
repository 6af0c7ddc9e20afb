#!/usr/bin/env bash
# Whether the built-in engine obeys `go movetime`, `go time .. inc ..` and
# `stop`, measured by examples/obedience.rs (see there) from three
# positions of each game; a table on standard output.
#
#   benches/obedience.sh            # 5 tries of each (about two minutes)
#   TRIES=20 benches/obedience.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin kifu --example obedience
target=${CARGO_TARGET_DIR:-target}/release
"$target/examples/obedience" "$(realpath "$target/kifu")" --tries "${TRIES:-5}"
