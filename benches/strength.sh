#!/usr/bin/env bash
# The built-in engine's strength, measured with kifu match; the records go
# to ${TMPDIR:-/tmp}/kifu-strength/, the tables to standard output.
#
#   benches/strength.sh                 # everything (about half an hour)
#   GAMES=50 LADDER=20 benches/strength.sh
#
# 1. kifu engine (--movetime 20 per move) against kifu engine --random:
#    GAMES games per two-player game; lotus: the engine and two random
#    seats, the seats rotating, GAMES games; and the engine with two
#    kifu engine --greedy seats (one turn ahead), from LADDER/2 setups.
# 2. kifu engine against kifu engine --greedy (a ply deep, by the
#    evaluation alone): LADDER games per two-player game.
# 3. The ladder: --depth d+1 against --depth d, d = 1..6, LADDER games each,
#    in mana, escampe and shogun.
# The matches between searching engines start from LADDER/2 openings,
# each played from both sides: two engines at a fixed depth would play the
# same game again and again from one start.
# 4. Nodes per second: searches to depth 12 (shogun: NPS_DEPTH, 8) from
#    five random setups of each two-player game, from the engine's last
#    info line of each (a search that finds a forced result ends sooner).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin kifu
kifu=$(realpath "${CARGO_TARGET_DIR:-target}/release/kifu")
dir=${TMPDIR:-/tmp}/kifu-strength
mkdir -p "$dir"
games=${GAMES:-200}
ladder=${LADDER:-60}
nps_depth=${NPS_DEPTH:-8}

# match NAME ARGS...: a match into $dir/NAME.kifu, its table printed.
match() {
    local name=$1
    shift
    rm -f "$dir/$name.kifu"
    "$kifu" match "$@" --concurrency 2 --out "$dir/$name.kifu" 2>"$dir/$name.log"
    "$kifu" validate --quiet "$dir/$name.kifu" 2>&1 | tail -1
}

# openings GAME COUNT: $dir/openings-GAME.kifu, COUNT starts for matches
# between searching engines (benches/openings.sh says which).
openings() {
    benches/openings.sh "$kifu" "$1" "$2" "$dir/openings-$1.kifu"
}

for game in mana escampe shogun; do
    openings "$game" $((ladder / 2))
    echo "== $game: engine against random, $games games"
    match "$game-random" --game "$game" --games "$games" --movetime 20 \
        --engine "$kifu engine" --name engine --engine "$kifu engine --random" --name random
    echo "== $game: engine against greedy, $ladder games from $((ladder / 2)) openings"
    match "$game-greedy" --openings "$dir/openings-$game.kifu" --games "$ladder" --movetime 20 \
        --engine "$kifu engine" --name engine --engine "$kifu engine --greedy" --name greedy
done
openings lotus $((ladder / 2))
lotus_openings="$dir/openings-lotus.kifu"
echo "== lotus: engine and two random seats, $games games"
match lotus-random --game lotus --games "$games" --movetime 50 \
    --engine "$kifu engine" --name engine --engine "$kifu engine --random" --name random \
    --engine "$kifu engine --random" --name random2
echo "== lotus: engine and two greedy seats, $((ladder / 2 * 3)) games"
match lotus-greedy --openings "$lotus_openings" --movetime 50 \
    --engine "$kifu engine" --name engine --engine "$kifu engine --greedy" --name greedy \
    --engine "$kifu engine --greedy" --name greedy2
echo "== lotus: greedy and two greedy seats (the baseline), $((ladder / 2 * 3)) games"
match lotus-greedy-baseline --openings "$lotus_openings" --movetime 50 \
    --engine "$kifu engine --greedy" --name greedy0 --engine "$kifu engine --greedy" --name greedy \
    --engine "$kifu engine --greedy" --name greedy2

for game in mana escampe shogun; do
    for d in 1 2 3 4 5 6; do
        echo "== $game: depth $((d + 1)) against depth $d, $ladder games"
        match "$game-depth$d" --openings "$dir/openings-$game.kifu" --games "$ladder" \
            --movetime 60000 --max-plies 400 \
            --engine "$kifu engine --depth $((d + 1))" --name "depth $((d + 1))" \
            --engine "$kifu engine --depth $d" --name "depth $d"
    done
done

echo "== nodes per second: depth 12 (shogun $nps_depth) from 5 random setups each"
for game in mana escampe shogun; do
    depth=12
    [ "$game" = shogun ] && depth=$nps_depth
    nodes=0 ms=0
    for seed in 1 2 3 4 5; do
        tags=$("$kifu" new "$game" --seed "$seed" |
            sed -n 's/^\[\([A-Za-z]*\) \(".*"\)\]$/tag \1 \2/p' | grep -v '^tag Game ')
        # No quit after the go: a quit read during the search stops it; the
        # end of the input waits for the move.
        line=$(printf 'kep 1\nnewgame %s\n%s\nposition\ngo depth %s movetime 600000\n' \
            "$game" "$tags" "$depth" | "$kifu" engine | grep '^info depth' | tail -1)
        nodes=$((nodes + $(echo "$line" | sed 's/.* nodes \([0-9]*\) .*/\1/')))
        ms=$((ms + $(echo "$line" | sed 's/.* time \([0-9]*\) .*/\1/')))
    done
    echo "$game: $nodes nodes in $ms ms: $((nodes * 1000 / (ms > 0 ? ms : 1))) nodes/s"
done
