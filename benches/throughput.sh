#!/usr/bin/env bash
# Throughput and memory of `kifu validate`, against `grep -c '\[Game '`.
#
# For each game: builds a ~30 MB file of valid records with `kifu random`,
# then times grep, `kifu validate -j 1` and `-j 2` on it in RUNS rounds of
# the three back to back (and the control's `-j 1`, when there is one). It
# prints the best time of each, the ratios of the best times, and the
# median of each round's own `-j 1`/grep ratio: the machine's speed drifts,
# and a round's runs share its state. Then times two independent `-j 1`
# runs at once, which bounds what `-j 2` can gain on this machine. Then
# concatenates the mana file into one over 500 MB, reports the peak RSS of
# `kifu validate -j 1` and `-j 2` on it, and deletes it.
#
# A control tells the machine from the code: CONTROL_REV=946bbfbc builds
# that revision of kifu (exported with git archive, under the files'
# directory) and times its `validate -j 1` in the same rounds, so that
# both binaries' ratios to grep are measured on the same state of the
# machine.
#
# Usage: benches/throughput.sh [GAME...]   (default: mana shogun lotus)
# Environment: TMPDIR (where the files go), RUNS (default 5),
# SIZE_MB (default 30), BIG_MB (default 520), CONTROL_REV (none).
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

# The control: another revision of kifu, built apart.
control_kifu=
if [ -n "${CONTROL_REV:-}" ]; then
    tree=$dir/control-$CONTROL_REV
    if [ ! -d "$tree" ]; then
        mkdir -p "$tree"
        git archive "$CONTROL_REV" | tar -x -C "$tree"
    fi
    (cd "$tree" && CARGO_TARGET_DIR=$dir/control-target cargo build --release --quiet)
    control_kifu=$dir/control-target/release/kifu
fi

printf '%-7s %6s %8s %7s %7s %7s %8s %8s %8s %6s' \
    game MB records grep_s j1_s j2_s j1/grep median j2/grep j1/j2
[ -z "$control_kifu" ] || printf ' %7s %8s %8s' ctrl_s ctrl/grep median
echo
for game in "${games[@]}"; do
    file=$(make_file "$game")
    mb=$(echo "$(stat -c %s "$file") / 1000000" | bc -l)
    records=$(grep -c '\[Game ' "$file")
    # Warm the page cache.
    cat "$file" >/dev/null
    g=() j1=() j2=() c=() ratios=() control_ratios=()
    for _ in $(seq "$runs"); do
        g+=("$(once grep -c '\[Game ' "$file")")
        j1+=("$(once "$kifu" validate -j 1 "$file")")
        j2+=("$(once "$kifu" validate -j 2 "$file")")
        ratios+=("$(echo "${j1[-1]} / ${g[-1]}" | bc -l)")
        if [ -n "$control_kifu" ]; then
            c+=("$(once "$control_kifu" validate -j 1 "$file")")
            control_ratios+=("$(echo "${c[-1]} / ${g[-1]}" | bc -l)")
        fi
    done
    gb=$(printf '%s\n' "${g[@]}" | least)
    j1b=$(printf '%s\n' "${j1[@]}" | least)
    j2b=$(printf '%s\n' "${j2[@]}" | least)
    printf '%-7s %6.1f %8d %7.3f %7.3f %7.3f %7.1fx %7.1fx %7.1fx %6.2f' "$game" "$mb" "$records" \
        "$gb" "$j1b" "$j2b" "$(echo "$j1b / $gb" | bc -l)" \
        "$(printf '%s\n' "${ratios[@]}" | median)" "$(echo "$j2b / $gb" | bc -l)" \
        "$(echo "$j1b / $j2b" | bc -l)"
    if [ -n "$control_kifu" ]; then
        cb=$(printf '%s\n' "${c[@]}" | least)
        printf ' %7.3f %7.1fx %7.1fx' "$cb" "$(echo "$cb / $gb" | bc -l)" \
            "$(printf '%s\n' "${control_ratios[@]}" | median)"
    fi
    echo
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
pair_file=$(make_file mana)
alone=$(best "$kifu" validate -j 1 "$pair_file")
both=$(pair "$kifu" validate -j 1 "$pair_file")
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
