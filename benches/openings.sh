#!/usr/bin/env bash
# benches/openings.sh KIFU GAME COUNT OUT: COUNT starts of GAME for matches
# between searching engines, written to OUT. Two engines at a fixed depth
# play the same game again and again from one start, so each match plays
# every start from each side. Mana and shogun: random setups (`kifu new
# GAME --seed N`); lotus: random three-player setups (kifu match --game
# lotus alone plays the default setup every game). Escampe, whose random
# setups often leave one side's pieces unable to move (the side to move
# first then wins whoever plays it): the default setup and two random
# plies.
set -euo pipefail
kifu=$1 game=$2 count=$3 out=$4
rm -f "$out"
if [ "$game" = escampe ]; then
    "$kifu" match --game escampe --games "$count" --max-plies 2 --out "$out" \
        --engine "$kifu engine --random --seed 21" --engine "$kifu engine --random --seed 22" \
        >/dev/null 2>&1
    exit
fi
players=()
[ "$game" = lotus ] && players=(--players "red green orange")
for seed in $(seq "$count"); do
    [ -s "$out" ] && echo >>"$out"
    "$kifu" new "$game" --seed "$seed" "${players[@]}" >>"$out"
done
