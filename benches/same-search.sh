#!/usr/bin/env bash
# benches/same-search.sh OLD NEW [COUNT]: whether two kifu binaries'
# engines search alike: from COUNT random setups of mana, escampe,
# shogun and lotus (`kifu new GAME --seed N`) and after each of its first
# plies (lotus: turns; a random game, `kifu engine --random --seed N`),
# both are asked `go nodes 20000` (lotus: 2000 playouts), a bound that
# makes the search repeat; every info line and move must be the same,
# times aside. Prints the positions compared and those that differ.
set -euo pipefail
old=$1 new=$2 count=${3:-20}
same=0 differ=0
for game in mana escampe shogun lotus; do
    nodes=20000
    [ "$game" = lotus ] && nodes=2000
    for seed in $(seq "$count"); do
        tags=$("$new" new "$game" --seed "$seed" |
            sed -n 's/^\[\([A-Za-z]*\) \(".*"\)\]$/tag \1 \2/p' | grep -v '^tag Game ')
        moves=""
        for ply in 0 1 2 3 4 5; do
            script=$(printf 'kep 1\nnewgame %s\n%s\nposition moves %s\ngo nodes %s movetime 600000\n' \
                "$game" "$tags" "$moves" "$nodes")
            a=$(echo "$script" | "$old" engine | grep -E '^(info (depth|nodes)|move)' | sed 's/ time [0-9]*//')
            b=$(echo "$script" | "$new" engine | grep -E '^(info (depth|nodes)|move)' | sed 's/ time [0-9]*//')
            if [ "$a" = "$b" ]; then same=$((same + 1)); else differ=$((differ + 1)); echo "differs: $game seed $seed moves $moves"; fi
            next=$(printf 'kep 1\nnewgame %s\n%s\nposition moves %s\ngo\n' "$game" "$tags" "$moves" |
                "$new" engine --random --seed "$seed" | sed -n 's/^move //p')
            [ -n "$next" ] && [ "$next" != resign ] || break
            moves="$moves $next"
        done
    done
done
echo "$same positions searched alike, $differ differ"
