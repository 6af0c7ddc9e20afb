#!/usr/bin/env bash
# The curve that turns an engine score into a chance of winning, fitted
# for each two-player game to kifu's own engine games: the built-in
# engine at full strength plays itself from GAMES/2 openings
# (benches/openings.sh), each from both sides, MOVETIME ms a move; every
# move's `cp` score (from the mover's view, as kifu match writes it after
# the move) is paired with whether the mover went on to win, and
# benches/curve.py fits P(win) = 1 / (1 + exp(-k cp)) by maximum
# likelihood. The records go to ${TMPDIR:-/tmp}/kifu-curve/, one line a
# game to standard output: its k, the positions it came from, and the
# chance at a few scores. src/review.rs keeps the k of each game.
#
#   benches/curve.sh                          # mana escampe shogun
#   GAMES=60 MOVETIME=20 benches/curve.sh mana # quicker
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${KIFU:-}" ] || cargo build --release --quiet --bin kifu
kifu=$(realpath "${KIFU:-${CARGO_TARGET_DIR:-target}/release/kifu}")
dir=${TMPDIR:-/tmp}/kifu-curve
mkdir -p "$dir"
games=${GAMES:-200}
movetime=${MOVETIME:-50}
[ $# -gt 0 ] || set -- mana escampe shogun
for game in "$@"; do
    openings=$dir/openings-$game.kifu
    out=$dir/$game.kifu
    benches/openings.sh "$kifu" "$game" $((games / 2)) "$openings"
    rm -f "$out"
    "$kifu" match --openings "$openings" --games "$games" --movetime "$movetime" \
        --max-plies 400 --engine "$kifu engine" --engine "$kifu engine" --out "$out" \
        >"$dir/$game.log" 2>&1
    printf '%s: ' "$game"
    "$kifu" json "$out" | python3 benches/curve.py
done
