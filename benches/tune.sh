#!/usr/bin/env bash
# Tunes the built-in engine's evaluation weights by self-play with kifu
# match; the records go to ${TMPDIR:-/tmp}/kifu-tune/, the tables and the
# weights found to standard output.
#
#   benches/tune.sh                         # mana escampe shogun, 2 rounds
#   GAMES=100 ROUNDS=1 benches/tune.sh shogun
#
# Each weight of a game is an option of `kifu engine` (ManaFreePiece...).
# A round tries, one weight at a time, half, one and a half and twice its
# current value, each in a match of GAMES games at --nodes NODES a move (a
# bound that the machine's load does not move, unlike time, and that
# costs a weight the nodes it costs, unlike a fixed depth) against the
# current weights, from GAMES/2 openings each played from both sides. The
# best trial replaces the current value if it scored at least MARGIN
# percent (55 by default). Last, the weights found play the defaults at
# --movetime 20 (the engine as kifu match and kifu play use it), GAMES
# games: the check that the tuning gained.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin kifu
kifu=$(realpath "${CARGO_TARGET_DIR:-target}/release/kifu")
dir=${TMPDIR:-/tmp}/kifu-tune
mkdir -p "$dir"
games=${GAMES:-200}
nodes=${NODES:-10000}
rounds=${ROUNDS:-2}
margin=${MARGIN:-55}

# score NAME MOVETIME MATCH-ARGS...: plays a match on $openings into
# $dir/NAME.kifu and prints the line of the engine named trial.
score() {
    local name=$1 movetime=$2
    shift 2
    rm -f "$dir/$name.kifu"
    "$kifu" match --openings "$openings" --games "$games" --max-plies 400 \
        --movetime "$movetime" --concurrency 2 --out "$dir/$name.kifu" "$@" \
        2>"$dir/$name.log" | grep '^trial '
}

# options VALUES...: the --option arguments setting the weights $names to VALUES.
options() {
    local i=0
    for value in "$@"; do
        echo "--option ${names[$i]}=$value"
        i=$((i + 1))
    done
}

for game in ${*:-mana escampe shogun}; do
    openings=$dir/openings-$game.kifu
    benches/openings.sh "$kifu" "$game" $((games / 2)) "$openings"
    prefix=$(echo "${game:0:1}" | tr a-z A-Z)${game:1}
    mapfile -t names < <(printf 'kep 1\nquit\n' | "$kifu" engine |
        sed -n "s/^option \($prefix[A-Za-z]*\) default .*/\1/p")
    mapfile -t defaults < <(printf 'kep 1\nquit\n' | "$kifu" engine |
        sed -n "s/^option $prefix[A-Za-z]* default \(.*\)/\1/p")
    current=("${defaults[@]}")
    echo "== $game: ${names[*]} from ${defaults[*]}, $games games a trial at $nodes nodes a move"
    for round in $(seq "$rounds"); do
        for i in "${!names[@]}"; do
            value=${current[$i]}
            best=$value best_score=0
            for trial in $((value / 2)) $((value * 3 / 2)) $((value * 2)); do
                [ "$trial" = "$value" ] && continue
                values=("${current[@]}")
                values[i]=$trial
                # shellcheck disable=SC2046
                line=$(score "$game-r$round-${names[$i]}-$trial" 60000 \
                    --engine "$kifu engine --nodes $nodes" --name trial $(options "${values[@]}") \
                    --engine "$kifu engine --nodes $nodes" --name current $(options "${current[@]}"))
                percent=$(echo "$line" | awk '{ sub("%", "", $6); print $6 }')
                echo "round $round: ${names[$i]} $trial against $value: $line"
                if awk -v p="$percent" -v b="$best_score" -v m="$margin" 'BEGIN { exit !(p >= m && p > b) }'; then
                    best=$trial best_score=$percent
                fi
            done
            current[i]=$best
        done
        echo "after round $round: ${current[*]}"
    done
    # shellcheck disable=SC2046
    line=$(score "$game-check" 20 \
        --engine "$kifu engine" --name trial $(options "${current[@]}") \
        --engine "$kifu engine" --name defaults)
    echo "== $game: ${names[*]} = ${current[*]} against ${defaults[*]} at --movetime 20: $line"
done
