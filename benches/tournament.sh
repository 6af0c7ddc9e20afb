#!/usr/bin/env bash
# kifu match, round two (issue 36): what the referee costs a move for a
# course player against a KEP engine's, a round-robin timed, and the
# clocks under load.
#
#   benches/tournament.sh                 # all three
#   GAMES=200 RR_GAMES=1000 benches/tournament.sh
#
# 1. $GAMES (default 200) games of escampe: the stand-in course client
#    (examples/course_client.rs, random moves, over TCP) against `kifu
#    engine --random`, then the same number of `kifu engine --random`
#    against itself (KEP both), one game at a time; each with the
#    referee's own time per move from the log (a move received to the
#    next question asked: `go`, or `JOUEUR`). The course player is
#    started afresh for each game, as course clients play one game.
# 2. A round-robin of four `kifu engine --random` (seeds 1-4) in mana,
#    $RR_GAMES (default 1,000) games at --concurrency 2, timed, with its
#    table (crosstable and ratings).
# 3. Under load: 4 busy shell loops on the machine, then $LOADED (default
#    6) games of shogun (at most 200 plies each) between two `kifu engine`
#    at --movetime 100, with the default margin: the longest moves the
#    referee measured, and the time forfeits (there must be none).
# Records go to ${TMPDIR:-/tmp}/kifu-tournament/, and are validated.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin kifu --example course_client
target=${CARGO_TARGET_DIR:-target}/release
kifu=$(realpath "$target/kifu")
client=$(realpath "$target/examples/course_client")
dir=${TMPDIR:-/tmp}/kifu-tournament
mkdir -p "$dir"
games=${GAMES:-200}
rr_games=${RR_GAMES:-1000}
loaded=${LOADED:-6}

timed() { # name, then the match's arguments
    local name=$1
    shift
    local out="$dir/$name.kifu"
    rm -f "$out"
    local start end
    start=$(date +%s.%N)
    "$kifu" match "$@" --out "$out" >"$dir/$name.table" 2>"$dir/$name.log"
    end=$(date +%s.%N)
    printf '%-12s %7.1f s   %s\n' "$name" "$(echo "$end - $start" | bc -l)" "$(tail -1 "$dir/$name.log")"
    "$kifu" validate --quiet "$out" 2>&1 | tail -1
}

echo "== $games games of escampe, one at a time: a course player, then KEP only"
timed course --engine "$client --seed 1 127.0.0.1 {port}" --protocol course \
    --engine "$kifu engine --random --seed 2" --game escampe --games "$games" --movetime 1000
timed kep --engine "$kifu engine --random --seed 1" --engine "$kifu engine --random --seed 2" \
    --game escampe --games "$games" --movetime 1000

echo "== a round-robin of four random engines, $rr_games games of mana, --concurrency 2"
timed round-robin --engine "$kifu engine --random --seed 1" --engine "$kifu engine --random --seed 2" \
    --engine "$kifu engine --random --seed 3" --engine "$kifu engine --random --seed 4" \
    --game mana --games "$rr_games" --concurrency 2
cat "$dir/round-robin.table"

echo "== under load: 4 busy loops, $loaded games of shogun, kifu engine at --movetime 100"
pids=()
for _ in 1 2 3 4; do
    (while :; do :; done) &
    pids+=($!)
done
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
sleep 30
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
timed loaded --engine "$kifu engine" --engine "$kifu engine" --game shogun --max-plies 200 \
    --games "$loaded" --movetime 100
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "longest moves (s):"
grep -o '{[0-9.]*s' "$dir/loaded.kifu" | tr -d '{s' | sort -n | uniq -c | tail -6 | tr -s ' \n' ' '
echo
grep -h '^\[Termination ' "$dir/loaded.kifu" | sort | uniq -c
