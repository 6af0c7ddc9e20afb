#!/usr/bin/env bash
# kifu match: what the referee costs, and whether its clocks are fair.
#
#   benches/match.sh            # all three measurements
#   GAMES=2000 benches/match.sh # fewer games in the first
#
# 1. The wall time of $GAMES (default 10,000) games of `kifu engine
#    --random` against itself at --concurrency 2, for each game (lotus:
#    three seats), with the referee's own time per move from the match
#    log (from a `move` received to the next `go` sent).
# 2. $TIMED (default 2,000) games of mana at --tc 1+0.01 between two test
#    engines that answer every `go` after 4 ms (examples/test_engine.rs
#    --delay 4), at --concurrency 2: every game must end by the rules;
#    a time forfeit there would be the referee's fault.
# Records go to ${TMPDIR:-/tmp}/kifu-match/, and are validated.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin kifu --example test_engine
target=${CARGO_TARGET_DIR:-target}/release
kifu=$(realpath "$target/kifu")
engine=$(realpath "$target/examples/test_engine")
dir=${TMPDIR:-/tmp}/kifu-match
mkdir -p "$dir"
games=${GAMES:-10000}
timed=${TIMED:-2000}

echo "== $games games of kifu engine --random against itself, --concurrency 2"
for game in mana escampe shogun lotus; do
    out="$dir/$game.kifu"
    rm -f "$out"
    engines=(--engine "$kifu engine --random" --engine "$kifu engine --random")
    if [ "$game" = lotus ]; then engines+=(--engine "$kifu engine --random"); fi
    start=$(date +%s.%N)
    "$kifu" match "${engines[@]}" --game "$game" --games "$games" --concurrency 2 \
        --out "$out" >"$dir/$game.table" 2>"$dir/$game.log"
    end=$(date +%s.%N)
    printf '%-8s %6.1f s   %s\n' "$game" "$(echo "$end - $start" | bc -l)" "$(tail -1 "$dir/$game.log")"
    "$kifu" validate --quiet "$out" 2>&1 | tail -1
done

echo "== $timed games of mana at --tc 1+0.01, engines answering after 4 ms, --concurrency 2"
out="$dir/timed.kifu"
rm -f "$out"
start=$(date +%s.%N)
"$kifu" match --engine "$engine --delay 4 --seed 1" --engine "$engine --delay 4 --seed 2" \
    --game mana --games "$timed" --tc 1+0.01 --concurrency 2 --out "$out" \
    >"$dir/timed.table" 2>"$dir/timed.log"
end=$(date +%s.%N)
printf 'wall time %.1f s   %s\n' "$(echo "$end - $start" | bc -l)" "$(tail -1 "$dir/timed.log")"
grep -h '^\[Termination ' "$out" | sort | uniq -c
"$kifu" validate --quiet "$out" 2>&1 | tail -1
