#!/usr/bin/env bash
# The curve that turns an engine score into a chance of winning, fitted
# for each game to kifu's own engine games: the built-in engine at full
# strength plays itself from GAMES/2 openings (benches/openings.sh), each
# from both sides, MOVETIME ms a move (lotus: three seats, GAMES/3
# openings each raced from every seat); every move's `cp` score (from
# the mover's view, as kifu match writes it after the move; lotus: after
# the turn) is paired with whether the mover went on to win (lotus: to
# place first, a share of it when first place is shared), and
# benches/curve.py fits P(win) = 1 / (1 + exp(-k cp)) by maximum
# likelihood. The records go to ${TMPDIR:-/tmp}/kifu-curve/, one line a
# game to standard output: its k, the positions it came from, and the
# chance at a few scores. src/review/chance.rs keeps the k of each game.
#
#   benches/curve.sh                          # mana escampe shogun lotus
#   GAMES=60 MOVETIME=20 benches/curve.sh mana # quicker
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${KIFU:-}" ] || cargo build --release --quiet --bin kifu
kifu=$(realpath "${KIFU:-${CARGO_TARGET_DIR:-target}/release/kifu}")
dir=${TMPDIR:-/tmp}/kifu-curve
mkdir -p "$dir"
games=${GAMES:-200}
movetime=${MOVETIME:-50}
[ $# -gt 0 ] || set -- mana escampe shogun lotus
for game in "$@"; do
    openings=$dir/openings-$game.kifu
    out=$dir/$game.kifu
    engines=(--engine "$kifu engine" --engine "$kifu engine")
    if [ "$game" = lotus ]; then
        # Three seats, each opening raced from each seat.
        benches/openings.sh "$kifu" lotus $((games / 3)) "$openings"
        engines+=(--engine "$kifu engine")
        count=()
    else
        benches/openings.sh "$kifu" "$game" $((games / 2)) "$openings"
        count=(--games "$games")
    fi
    rm -f "$out"
    "$kifu" match --openings "$openings" "${count[@]}" --movetime "$movetime" \
        --max-plies 400 --concurrency "${CONCURRENCY:-1}" "${engines[@]}" --out "$out" \
        >"$dir/$game.log" 2>&1
    printf '%s: ' "$game"
    "$kifu" json "$out" | python3 benches/curve.py
done
