#!/bin/sh
# The speed of `kifu serve` over loopback (issue 37): the move round trip
# (a move posted, the new state with its SVG board read) in each game,
# and a collection of 10,000 records opened. See benches/README.md.
#
#   benches/serve.sh              # 1000 moves a game, 10,000 records
#   MOVES=200 benches/serve.sh    # fewer moves
#   PLY=300 PLY_GAMES=shogun benches/serve.sh   # the answer at ply 300 against ply 1
set -eu
cd "$(dirname "$0")/.."
MOVES=${MOVES:-1000}
RECORDS=${RECORDS:-10000}
DIR=${TMPDIR:-/tmp}/kifu-serve-bench
mkdir -p "$DIR"
cargo build --release --quiet --bin kifu --example serve_client
TARGET=${CARGO_TARGET_DIR:-target}/release
KIFU=$TARGET/kifu
CLIENT=$TARGET/examples/serve_client
BIG=$DIR/big.kifu
[ -s "$BIG" ] || "$KIFU" random mana --seed 1 --count "$RECORDS" > "$BIG"
ls -l "$BIG"

# Starts `kifu serve ARGS` in the background; sets PORT and TOKEN.
start() {
    "$KIFU" serve "$@" > "$DIR/url" 2> "$DIR/serve.err" &
    SERVER=$!
    for _ in $(seq 100); do
        [ -s "$DIR/url" ] && break
        sleep 0.05
    done
    url=$(cat "$DIR/url")
    rest=${url#http://127.0.0.1:}
    PORT=${rest%%/*}
    TOKEN=${rest#*token=}
}

start
for game in mana shogun escampe lotus; do
    "$CLIENT" "$PORT" "$TOKEN" moves "$game" "$MOVES"
done
kill "$SERVER"; wait "$SERVER" 2> /dev/null || true

# A move's answer at ply PLY against ply 1 (issue 51): the server's
# processor time a state answer, then the round trips. One server each,
# so that each may keep its 1000 games (Mana's random games are short: the
# two together played more than 1000 to reach ply 300). Random games of
# Escampe and Lotus end before ply 300.
for game in ${PLY_GAMES:-shogun mana}; do
    start
    SERVER_PID=$SERVER "$CLIENT" "$PORT" "$TOKEN" cpu "$game" "${PLY:-300}"
    kill "$SERVER"; wait "$SERVER" 2> /dev/null || true
    start
    "$CLIENT" "$PORT" "$TOKEN" plies "$game" "${PLY:-300}"
    kill "$SERVER"; wait "$SERVER" 2> /dev/null || true
done

start "$BIG"
"$CLIENT" "$PORT" "$TOKEN" files 0 50
"$CLIENT" "$PORT" "$TOKEN" files 9950 50
kill "$SERVER"; wait "$SERVER" 2> /dev/null || true
