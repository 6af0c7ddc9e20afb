#!/usr/bin/env bash
# Which starts of each two-player game are decided before the first move,
# as far as `kifu solve` reaches (every reply tried, no evaluation):
#
#   benches/decided.sh                 # SEEDS=100
#
# - mana: its nine standard setups (the Daimyos on b, c or f), 11 plies;
# - escampe: the placements `kifu new escampe --seed N` draws, N = 1..SEEDS,
#   11 plies (its players choose their placement: no start is standard);
# - shogun: the standard setup and `kifu new shogun --seed N`, N =
#   1..SEEDS/5, SHOGUN plies (7 by default).
# Each line: the start, the solver's answer; then a count per game.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin kifu
kifu=$(realpath "${CARGO_TARGET_DIR:-target}/release/kifu")
seeds=${SEEDS:-100}
shogun_depth=${SHOGUN:-7}

# solve NAME DEPTH: the record on standard input solved, one line.
solve() {
    local answer
    answer=$("$kifu" solve --depth "$2" | head -1)
    echo "$1: $answer"
}

echo "== mana: the nine standard setups, 11 plies"
for black in b1 c1 f1; do
    for white in b6 c6 f6; do
        printf '[Game "mana"]\n[Setup "%s %s"]\n\n*\n' "$black" "$white" | solve "Setup $black $white" 11
    done
done | tee /tmp/decided-mana.txt
echo "mana: $(grep -c 'wins in' /tmp/decided-mana.txt) of 9 decided within 11 plies"

echo "== escampe: $seeds random placements, 11 plies"
for seed in $(seq "$seeds"); do
    "$kifu" new escampe --seed "$seed" | solve "seed $seed" 11
done >/tmp/decided-escampe.txt
grep -c . /tmp/decided-escampe.txt >/dev/null
echo "escampe: $(grep -c 'wins in\|loses in' /tmp/decided-escampe.txt) of $seeds decided within 11 plies" \
    "($(grep -c 'White to move wins' /tmp/decided-escampe.txt) for White, who moves first;" \
    "$(grep -c 'White to move loses' /tmp/decided-escampe.txt) for Black)"

count=$((seeds / 5))
echo "== shogun: the standard setup and $count random setups, $shogun_depth plies"
{
    "$kifu" new shogun | solve "standard" "$shogun_depth"
    for seed in $(seq "$count"); do
        "$kifu" new shogun --seed "$seed" | solve "seed $seed" "$shogun_depth"
    done
} >/tmp/decided-shogun.txt
head -1 /tmp/decided-shogun.txt
echo "shogun: $(grep -c 'wins in\|loses in' /tmp/decided-shogun.txt) of $((count + 1)) decided within $shogun_depth plies"
