#!/usr/bin/env bash
# Throughput and memory of `kifu validate`, against `grep -c '\[Game '`.
#
# For each game: builds a ~30 MB file of valid records with `kifu random`,
# times `kifu validate -j 1`, `-j 2` and grep on it in the same run (best of
# RUNS), and prints the ratios. Then times two independent `-j 1` runs at
# once, which bounds what `-j 2` can gain on this machine. Then concatenates
# the mana file into one over 500 MB, reports the peak RSS of
# `kifu validate -j 1` and `-j 2` on it, and deletes it.
#
# Usage: benches/throughput.sh [GAME...]   (default: mana shogun lotus)
# Environment: TMPDIR (where the files go), RUNS (default 5),
# SIZE_MB (default 30), BIG_MB (default 520).
set -euo pipefail

cd "$(dirname "$0")/.."
runs=${RUNS:-5}
size_mb=${SIZE_MB:-30}
big_mb=${BIG_MB:-520}
dir=${TMPDIR:-/tmp}/kifu-throughput
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(mana shogun lotus)

cargo build --release --quiet
kifu=${CARGO_TARGET_DIR:-target}/release/kifu
mkdir -p "$dir"
trap 'rm -f "$dir"/big.kifu "$dir"/out.txt "$dir"/out2.txt' EXIT

. "$(dirname "$0")/timing.sh"

# A file of about $size_mb MB of random valid records of a game.
make_file() {
    local game=$1 file=$dir/$1.kifu
    if [ ! -s "$file" ]; then
        # Find how many records make the size, from a small sample.
        local sample per count
        sample=$("$kifu" random "$game" --seed 1 --count 200 | wc -c)
        per=$((sample / 200))
        count=$((size_mb * 1000000 / per))
        "$kifu" random "$game" --seed 1 --count "$count" >"$file"
    fi
    echo "$file"
}

printf '%-7s %8s %8s %8s %8s %8s %9s %9s %8s\n' \
    game MB records grep_s j1_s j2_s j1/grep j2/grep j1/j2
for game in "${games[@]}"; do
    file=$(make_file "$game")
    mb=$(echo "$(stat -c %s "$file") / 1000000" | bc -l)
    records=$(grep -c '\[Game ' "$file")
    # Warm the page cache.
    cat "$file" >/dev/null
    g=$(best grep -c '\[Game ' "$file")
    j1=$(best "$kifu" validate -j 1 "$file")
    j2=$(best "$kifu" validate -j 2 "$file")
    printf '%-7s %8.1f %8d %8s %8s %8s %9.1f %9.1f %8.2f\n' "$game" "$mb" "$records" "$g" "$j1" "$j2" \
        "$(echo "$j1 / $g" | bc -l)" "$(echo "$j2 / $g" | bc -l)" "$(echo "$j1 / $j2" | bc -l)"
done

# What two cores give this machine at all: two independent `-j 1` runs at
# once, each on its own copy of the work, against one run alone. A `-j 2`
# speed-up cannot exceed this factor.
pair() {
    local best="" t
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N)
        "$@" >"$dir/out.txt" &
        "$@" >"$dir/out2.txt"
        wait
        end=$(date +%s.%N)
        t=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    printf '%.3f' "$best"
}
control=$(make_file mana)
alone=$(best "$kifu" validate -j 1 "$control")
both=$(pair "$kifu" validate -j 1 "$control")
printf 'two -j 1 runs at once on the mana file: %s s (one alone: %s s): two cores give %.2fx\n' \
    "$both" "$alone" "$(echo "2 * $alone / $both" | bc -l)"

# Peak resident memory on a file over 500 MB.
small=$(make_file mana)
copies=$(((big_mb * 1000000) / $(stat -c %s "$small") + 1))
for _ in $(seq "$copies"); do cat "$small"; done >"$dir/big.kifu"
big=$(echo "$(stat -c %s "$dir/big.kifu") / 1000000" | bc)
for jobs in 1 2; do
    rss=$( { /usr/bin/time -f %M "$kifu" validate -j "$jobs" "$dir/big.kifu" >/dev/null; } 2>&1 | tail -1)
    echo "peak RSS, kifu validate -j $jobs on $big MB: $((rss / 1024)) MB ($rss KB)"
done
rm -f "$dir/big.kifu"
