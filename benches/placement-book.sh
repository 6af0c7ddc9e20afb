#!/usr/bin/env bash
# Escampe's placement book: Black's placements that hold best against
# White's best reply (`kifu tune book`, docs/training.md), written to the
# file the engine ships (src/engine/placement/escampe.book):
#
#   benches/placement-book.sh          # KEEP=24 DEPTH=9 SCREEN=1
#
# About 9 minutes on 2 cores (11,088 placements screened, 96 weighed at
# depth 9, 24 played out). Then the placement match of benches/strength.md
# measures it.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin kifu
kifu=$(realpath "${CARGO_TARGET_DIR:-target}/release/kifu")
time nice "$kifu" tune book --game escampe --keep "${KEEP:-24}" \
    --screen-depth "${SCREEN:-1}" --depth "${DEPTH:-9}" \
    --out src/engine/placement/escampe.book
