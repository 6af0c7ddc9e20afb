#!/bin/sh
# The board with nothing to install (issue 55), measured: what the static
# page loads (gzip-compressed, as a web server sends it), the time from
# opening it to a playable board and the engine's nodes per second in
# Chromium, the same in Node against native kifu, and legalMoves + push +
# pop in Node against the Python package. Figures in benches/README.md.
# Needs what js/test.sh and python/test.sh install; runs release builds.
set -eu
cd "$(dirname "$0")/.."
js/build.sh
cargo build --quiet --release
SITE=target/bench-site
rm -rf "$SITE"
target/release/kifu site "$SITE" 2>/dev/null
echo "static page: the files, gzip -9 (what a web server sends compressed):"
total=0
for file in "$SITE"/*; do
    size=$(gzip -9 -c "$file" | wc -c)
    total=$((total + size))
    printf '  %-20s %8d bytes (%d uncompressed)\n' "$(basename "$file")" "$size" "$(wc -c < "$file")"
done
echo "  all: $total bytes"
nice node benches/wasm.mjs target/release/kifu
# The Python package in release, as its wheel is built.
VENV=${KIFU_VENV:-target/python-venv}
(. "$VENV/bin/activate" && cd python && maturin develop --quiet --release >/dev/null 2>&1)
nice "$VENV/bin/python" benches/moves.py
# The Rust test only drives Chromium: the WebAssembly is js/build.sh's release build.
nice cargo test --quiet --test browsers static_board_speed -- --ignored --nocapture 2>&1 |
    grep '^static board'
# Back to the debug build that python/test.sh tests.
(. "$VENV/bin/activate" && cd python && maturin develop --quiet >/dev/null 2>&1)
