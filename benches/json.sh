#!/usr/bin/env bash
# Speed and memory of `kifu json`, against `kifu validate -j 1`.
#
# For each game: builds a ~30 MB file with `kifu random GAME --seed 1`
# (kept in $TMPDIR/kifu-json for the next run), then in the same run times
# `kifu validate -j 1`, `kifu json` and `kifu json --positions` on it, in
# RUNS rounds of the three back to back. It prints the best time of each,
# json/validate of the best times and the median of each round's ratio
# (target: at most 8; the machine's speed drifts, and a round's runs share
# its state), and the output rate of --positions against plain json's
# (target: at least 1/3). Last, the
# peak RSS (/usr/bin/time -f %M) of `kifu json --positions` on a 9,999-ply
# Shogun record (target: under 64 MB).
#
# Usage: benches/json.sh [GAME...]   (default: mana escampe shogun lotus)
# Environment: TMPDIR, RUNS (default 3), SIZE_MB (default 30).
set -euo pipefail

cd "$(dirname "$0")/.."
runs=${RUNS:-3}
size_mb=${SIZE_MB:-30}
dir=${TMPDIR:-/tmp}/kifu-json
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(mana escampe shogun lotus)

cargo build --release --quiet --bin kifu --example long_shogun
target=${CARGO_TARGET_DIR:-target}/release
kifu=$target/kifu
mkdir -p "$dir"
trap 'rm -f "$dir"/out.json' EXIT

best_out=$dir/out.json
. "$(dirname "$0")/timing.sh"

make_file() {
    local game=$1 file=$dir/$1.kifu sample per
    if [ ! -s "$file" ]; then
        sample=$("$kifu" random "$game" --seed 1 --count 200 | wc -c)
        per=$((sample / 200))
        "$kifu" random "$game" --seed 1 --count $((size_mb * 1000000 / per)) >"$file"
    fi
    echo "$file"
}

printf '%-8s %6s %9s %7s %9s %9s %9s %8s %9s %9s\n' \
    game in_MB validate_s json_s json/val median_j/v json_MB/s pos_s pos_MB/s pos/json
for game in "${games[@]}"; do
    file=$(make_file "$game")
    mb=$(echo "$(wc -c <"$file") / 1000000" | bc -l)
    # Rounds of the three runs back to back, so that each round's ratio
    # compares runs made on the same state of the machine.
    v=() j=() p=() ratios=()
    for _ in $(seq "$runs"); do
        v+=("$(once "$kifu" validate -j 1 "$file")")
        j+=("$(once "$kifu" json "$file")")
        jb=$(wc -c <"$dir/out.json")
        p+=("$(once "$kifu" json --positions "$file")")
        pb=$(wc -c <"$dir/out.json")
        ratios+=("$(echo "${j[-1]} / ${v[-1]}" | bc -l)")
    done
    vb=$(printf '%s\n' "${v[@]}" | least)
    jbest=$(printf '%s\n' "${j[@]}" | least)
    pbest=$(printf '%s\n' "${p[@]}" | least)
    jr=$(echo "$jb / 1000000 / $jbest" | bc -l)
    pr=$(echo "$pb / 1000000 / $pbest" | bc -l)
    printf '%-8s %6.1f %9.3f %7.3f %8.1fx %9.1fx %9.0f %8.3f %9.0f %9.2f\n' \
        "$game" "$mb" "$vb" "$jbest" "$(echo "$jbest / $vb" | bc -l)" \
        "$(printf '%s\n' "${ratios[@]}" | median)" "$jr" "$pbest" "$pr" \
        "$(echo "$pr / $jr" | bc -l)"
done

long=$dir/long-shogun.kifu
[ -s "$long" ] || "$target/examples/long_shogun" 9999 >"$long"
"$kifu" validate "$long"
rss=$({ /usr/bin/time -f %M "$kifu" json --positions "$long" >"$dir/out.json"; } 2>&1)
echo "json --positions, 9,999-ply shogun record: $(wc -c <"$dir/out.json") bytes, peak RSS ${rss} KB"
