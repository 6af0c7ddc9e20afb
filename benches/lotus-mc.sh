#!/usr/bin/env bash
# The two tables of benches/README.md "Lotus: Monte Carlo over whole
# turns", reproduced from the commit they were measured at: each match's
# table (seats, firsts, average score) goes to standard output, records
# and logs to ${TMPDIR:-/tmp}/kifu-lotus-mc/.
#
#   benches/lotus-mc.sh             # the line-ups: four matches of 150 games
#   benches/lotus-mc.sh tuning      # the tuning table: a build and a match a row
#   SETUPS=5 benches/lotus-mc.sh    # a quick run (15 games a match)
#
# Every match starts from SETUPS (50) random 3-player setups, each from
# every seat, and bounds the engine by playouts (--nodes), not time, so a
# match plays the same games on any machine under any load. The tuning
# rows were measured by editing the search's constants and rebuilding:
# this script makes the same edits (WIN_BONUS in src/engine/lotus/playout.rs,
# EXPLORATION and CANDIDATES in src/engine/lotus/monte_carlo.rs) in a copy
# of COMMIT. COMMIT (default 001d94be, the commit of both tables) may be
# any later one, whose figures may then differ. The --random seats of the
# last line-up were not seeded when the table was made: here they are
# (--seed 1 and 2), so the first places repeat but the average scores may
# not.
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${COMMIT:-001d94be}
setups=${SETUPS:-50}
dir=${TMPDIR:-/tmp}/kifu-lotus-mc
src=$dir/src
rm -rf "$src"
mkdir -p "$src"
git archive "$commit" | tar -x -C "$src"

# build: the release kifu of $src as it stands, copied to $dir/kifu.
build() {
    CARGO_TARGET_DIR=$dir/target cargo build --release --quiet --bin kifu \
        --manifest-path "$src/Cargo.toml"
    cp "$dir/target/release/kifu" "$dir/kifu"
}

# set FILE NAME VALUE: the line `const NAME: TYPE = VALUE;` of FILE in $src.
set_const() {
    local file=$src/$1
    sed -i -E "s/^(const $2: [a-z0-9]+ = ).*;$/\1$3;/" "$file"
    grep -q "^const $2: [a-z0-9]* = $3;$" "$file" || {
        echo "lotus-mc.sh: no const $2 in $1 at $commit" >&2
        exit 1
    }
}

# match NAME ENGINE...: 3 x SETUPS games from the setups, every seat's
# engine given as "COMMAND=NAME"; the match's table printed.
match() {
    local name=$1
    shift
    local seats=()
    for seat in "$@"; do
        seats+=(--engine "$dir/kifu engine ${seat%=*}" --name "${seat#*=}")
    done
    echo "== $name"
    rm -f "$dir/$name.kifu"
    "$dir/kifu" match --openings "$dir/setups.kifu" --movetime 60000 --concurrency 2 \
        "${seats[@]}" --out "$dir/$name.kifu" 2>"$dir/$name.log"
}

build
for s in $(seq "$setups"); do
    "$dir/kifu" new lotus --seed "$s" --players "red green orange"
    echo
done >"$dir/setups.kifu"

if [ "${1:-}" != tuning ]; then
    match greedy-baseline "--greedy=greedy0" "--greedy=greedy" "--greedy=greedy2"
    match nodes-200-greedy "--nodes 200=engine" "--greedy=greedy" "--greedy=greedy2"
    match nodes-600-greedy "--nodes 600=engine" "--greedy=greedy" "--greedy=greedy2"
    match nodes-200-random "--nodes 200=engine" "--random --seed 1=random" "--random --seed 2=random2"
    exit 0
fi

# The tuning table's rows: name, first-place bonus, exploration,
# candidates, playouts a move.
while read -r name bonus exploration candidates nodes; do
    set_const src/engine/lotus/playout.rs WIN_BONUS "$bonus"
    set_const src/engine/lotus/monte_carlo.rs EXPLORATION "$exploration"
    set_const src/engine/lotus/monte_carlo.rs CANDIDATES "$candidates"
    build
    match "$name" "--nodes $nodes=engine" "--greedy=greedy" "--greedy=greedy2"
done <<'ROWS'
lead-alone 0.0 10.0 12 200
lead-5 5.0 10.0 12 200
lead-10-kept 10.0 10.0 12 200
lead-20 20.0 10.0 12 200
lead-30 30.0 10.0 12 200
lead-20-exploration-20 20.0 20.0 12 200
candidates-6 10.0 10.0 6 200
candidates-24 10.0 10.0 24 200
exploration-5 10.0 5.0 12 200
exploration-20 10.0 20.0 12 200
nodes-600-lead-10 10.0 10.0 12 600
nodes-600-lead-20 20.0 10.0 12 600
ROWS
