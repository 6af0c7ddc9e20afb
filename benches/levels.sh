#!/usr/bin/env bash
# The engine's eight levels (kifu engine --level N), measured with kifu
# match: each level against the one below, in each game; the records go
# to ${TMPDIR:-/tmp}/kifu-levels/, the table (one row a step: wins-losses-
# draws, the stronger's score, its Elo with the 95% interval, by
# benches/levels.py) to standard output.
#
#   benches/levels.sh                           # all four games
#   GAMES=60 MOVETIME=50 benches/levels.sh mana  # quicker, one game
#   STEPS="2 3" GAMES=40 benches/levels.sh shogun  # some steps only
#
# Two-player games: GAMES games a step, from GAMES/2 openings
# (benches/openings.sh) each played from both sides, MOVETIME ms a move
# (what level 8, which searches by time, gets; the levels below it stop
# at their depth or nodes first), 400 plies at most. Lotus: the level
# and two seats of the level below, from GAMES/3 openings, each played
# with the seats rotated (GAMES races).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${KIFU:-}" ] || cargo build --release --quiet --bin kifu
kifu=$(realpath "${KIFU:-${CARGO_TARGET_DIR:-target}/release/kifu}")
dir=${TMPDIR:-/tmp}/kifu-levels
mkdir -p "$dir"
games=${GAMES:-240}
movetime=${MOVETIME:-100}
concurrency=${CONCURRENCY:-1}

[ $# -gt 0 ] || set -- mana escampe shogun lotus
for game in "$@"; do
    {
        openings=$dir/openings-$game.kifu
        if [ "$game" = lotus ]; then
            benches/openings.sh "$kifu" lotus $((games / 3)) "$openings"
        else
            benches/openings.sh "$kifu" "$game" $((games / 2)) "$openings"
        fi
        for level in ${STEPS:-2 3 4 5 6 7 8}; do
            below=$((level - 1))
            out=$dir/$game-$level.kifu
            rm -f "$out"
            engines=(--engine "$kifu engine --level $level" --engine "$kifu engine --level $below")
            if [ "$game" = lotus ]; then
                engines+=(--engine "$kifu engine --level $below")
                count=()
            else
                count=(--games "$games")
            fi
            "$kifu" match --openings "$openings" "${count[@]}" --movetime "$movetime" \
                --max-plies 400 --concurrency "$concurrency" "${engines[@]}" --out "$out" \
                >"$dir/$game-$level.log" 2>&1
            printf '%s: level %s against %s: ' "$game" "$level" "$below"
            "$kifu" json "$out" | python3 benches/levels.py "$level"
        done
    }
done
