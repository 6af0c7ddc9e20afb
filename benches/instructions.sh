#!/usr/bin/env bash
# Instruction counts (callgrind) of `kifu validate -j 1`, or of `kifu json`,
# on the 1500-record file of each game: the counts of benches/README.md's
# instruction tables. They repeat exactly from run to run, unlike times.
#
#   benches/instructions.sh                     # validate, every game, this tree
#   benches/instructions.sh mana lotus          # some games
#   COMMAND=json benches/instructions.sh        # kifu json
#   REV=7d02861b benches/instructions.sh        # a past commit, exported and built apart
#
# The files, GAME-small.kifu in ${TMPDIR:-/tmp}/kifu-instructions/, are
# `kifu random GAME --seed 1 --count 1500` of this tree's release build,
# made once and kept, so that every revision counts the same records.
# The binary counted is built with PROFILE: `profiling` (release with line
# tables) where the revision has that profile, else `release`. KIFU
# counts a binary already built instead. Prints millions of instructions,
# and instructions a byte of the file.
set -euo pipefail
cd "$(dirname "$0")/.."
command=${COMMAND:-validate}
dir=${TMPDIR:-/tmp}/kifu-instructions
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(mana escampe shogun lotus)
mkdir -p "$dir"

for game in "${games[@]}"; do
    if [ ! -s "$dir/$game-small.kifu" ]; then
        cargo build --release --quiet --bin kifu
        "${CARGO_TARGET_DIR:-target}/release/kifu" random "$game" --seed 1 --count 1500 \
            >"$dir/$game-small.kifu"
    fi
done

kifu=${KIFU:-}
if [ -z "$kifu" ]; then
    src=.
    target=${CARGO_TARGET_DIR:-target}
    if [ -n "${REV:-}" ]; then
        src=$dir/src-$REV
        target=$dir/target-$REV
        rm -rf "$src"
        mkdir -p "$src"
        git archive "$REV" | tar -x -C "$src"
    fi
    profile=${PROFILE:-release}
    grep -q '^\[profile.profiling\]' "$src/Cargo.toml" && profile=${PROFILE:-profiling}
    CARGO_TARGET_DIR=$target cargo build --profile "$profile" --quiet --bin kifu \
        --manifest-path "$src/Cargo.toml"
    kifu=$target/$profile/kifu
fi

args=("$command")
[ "$command" = validate ] && args+=(-j 1)
for game in "${games[@]}"; do
    collected=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$kifu" "${args[@]}" "$dir/$game-small.kifu" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    bytes=$(wc -c <"$dir/$game-small.kifu")
    awk -v game="$game" -v n="$collected" -v bytes="$bytes" \
        'BEGIN { printf "%-8s %8.2fM %6.1f a byte\n", game, n / 1e6, n / bytes }'
done
