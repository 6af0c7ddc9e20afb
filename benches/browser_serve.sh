#!/bin/sh
# The browser's part of `kifu serve`'s speed (issue 37): Debian's Chromium,
# headless through chromedriver, timing inside the page a move round trip
# (the click on the target square to the new board decoded) in each game,
# and a collection of 10,000 records opened in the page (its first page
# listed). See benches/README.md; benches/serve.sh times the server alone.
#
#   benches/browser_serve.sh             # 300 moves a game, 10,000 records
#   MOVES=100 benches/browser_serve.sh   # fewer moves
set -eu
cd "$(dirname "$0")/.."
MOVES=${MOVES:-300}
RECORDS=${RECORDS:-10000}
PROFILE=${PROFILE:-release}
DIR=${TMPDIR:-/tmp}/kifu-browser-bench
rm -rf "$DIR"
mkdir -p "$DIR"
if [ "$PROFILE" = release ]; then
    cargo build --release --quiet --bin kifu --example browser_serve
else
    cargo build --quiet --bin kifu --example browser_serve
    PROFILE=debug
fi
TARGET=${CARGO_TARGET_DIR:-target}/$PROFILE
KIFU=$TARGET/kifu
"$KIFU" random mana --seed 1 --count "$RECORDS" > "$DIR/big.kifu"
ls -l "$DIR/big.kifu"

"$KIFU" serve "$DIR/big.kifu" > "$DIR/url" 2> "$DIR/serve.err" &
SERVER=$!
trap 'kill "$SERVER" 2> /dev/null || true' EXIT
for _ in $(seq 100); do
    [ -s "$DIR/url" ] && break
    sleep 0.05
done
"$TARGET/examples/browser_serve" "$(cat "$DIR/url")" "$DIR" "$MOVES"
