#!/usr/bin/env bash
# Speed of `kifu select` and `kifu stats` against `kifu validate`, and of
# `kifu validate` on compressed copies of the same file.
#
# For each game: a ~30 MB file of `kifu random GAME --seed 1` (kept in
# $TMPDIR/kifu-throughput, shared with throughput.sh), its .gz and .zst
# copies (made with the gzip and zstd commands when they are present), then
# the best of RUNS wall times of each command on it, in the same run.
#
# Usage: benches/collections.sh [GAME...]   (default: mana shogun lotus)
# Environment: TMPDIR, RUNS (default 3), SIZE_MB (default 30).
set -euo pipefail

cd "$(dirname "$0")/.."
runs=${RUNS:-3}
size_mb=${SIZE_MB:-30}
dir=${TMPDIR:-/tmp}/kifu-throughput
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(mana shogun lotus)

cargo build --release --quiet --bin kifu
kifu=${CARGO_TARGET_DIR:-target}/release/kifu
mkdir -p "$dir"

. "$(dirname "$0")/timing.sh"

printf '%-7s %6s %9s %9s %9s %9s %9s %9s\n' \
    game MB validate select stats sel/val val.gz val.zst
for game in "${games[@]}"; do
    file=$dir/$game.kifu
    if [ ! -s "$file" ]; then
        per=$(( $("$kifu" random "$game" --seed 1 --count 200 | wc -c) / 200 ))
        "$kifu" random "$game" --seed 1 --count $((size_mb * 1000000 / per)) >"$file"
    fi
    command -v gzip >/dev/null && [ ! -s "$file.gz" ] && gzip -k "$file"
    command -v zstd >/dev/null && [ ! -s "$file.zst" ] && zstd -q -k "$file"
    mb=$(( $(wc -c <"$file") / 1000000 ))
    v=$(best "$kifu" validate "$file")
    s=$(best "$kifu" select --result '*' --invert "$file")
    st=$(best "$kifu" stats "$file")
    gz=-; zs=-
    [ -s "$file.gz" ] && gz=$(best "$kifu" validate "$file.gz")
    [ -s "$file.zst" ] && zs=$(best "$kifu" validate "$file.zst")
    printf '%-7s %6s %9s %9s %9s %9s %9s %9s\n' "$game" "$mb" "$v" "$s" "$st" \
        "$(echo "scale=2; $s / $v" | bc -l)" "$gz" "$zs"
done
