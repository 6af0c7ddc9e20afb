#!/usr/bin/env bash
# Peak memory (RSS, /usr/bin/time -f %M) of `kifu fmt`, `kifu html` and
# `kifu match --openings` on inputs of about 1, 10 and 100 MB: none should
# grow with its input (issue 35's goal for html: under 64 MB).
#
# Inputs, kept in $TMPDIR/kifu-memory for the next run: `kifu random GAME`
# games for fmt and html (distinct games, so that html's pictures keep
# growing the set of lines a page shares); for match, the same games cut
# to their first six plies with result `*` (those already over dropped),
# played with `--games 2` by two `kifu engine --random`: the match reads
# the openings it plays, not the file.
#
# Usage: benches/memory.sh [GAME] [SIZE_MB...]   (default: mana 1 10 100)
# Environment: KIFU (a kifu binary to measure instead of a release build),
# TMPDIR.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-mana}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1 10 100)
if [ -z "${KIFU:-}" ]; then
    cargo build --release --quiet --bin kifu
    KIFU=${CARGO_TARGET_DIR:-target}/release/kifu
fi
kifu=$(realpath "$KIFU")
dir=${TMPDIR:-/tmp}/kifu-memory
mkdir -p "$dir"

# first_plies PLIES: records on standard input cut to their first PLIES plies.
first_plies() {
    python3 -c '
import re, sys
plies = int(sys.argv[1])
for record in re.split(r"\n\n(?=\[)", sys.stdin.read().strip()):
    head, _, moves = record.partition("\n\n")
    kept, n = [], 0
    for word in moves.split():
        if word in ("W+", "B+", "R+", "*") or n == plies:
            break
        kept.append(word)
        n += not re.fullmatch(r"\d+\.", word)
    if kept and re.fullmatch(r"\d+\.", kept[-1]):
        kept.pop()
    print(head + "\n\n" + " ".join(kept + ["*"]) + "\n")
' "$1"
}

# only_running FILE: the records of FILE whose game is still running.
only_running() {
    python3 -c '
import re, sys
path, verdicts = sys.argv[1], sys.stdin.read()
keep = {int(m) for m in re.findall(r"^[^\n]*:(\d+): [a-z]+, \d+ plies, \*$", verdicts, re.M)}
line = 1
for record in re.split(r"\n\n(?=\[)", open(path).read().strip()):
    if line in keep:
        print(record + "\n")
    line += record.count("\n") + 2
' "$1"
}

megabytes() { awk '{ printf "%.1f MB", $1 / 1048576 }' <<<"$(stat -c %s "$1")"; }

peak() { # peak COMMAND...: the command's peak RSS in MB, its output dropped
    /usr/bin/time -f %M -o "$dir/rss" "$@" >/dev/null 2>&1 || true
    awk '{ printf "%.1f MB", $1 / 1024 }' "$dir/rss"
}

printf '| %s, MB asked (records; openings) | fmt | html | match --openings --games 2 |\n|---|---:|---:|---:|\n' "$game"
for mb in "${sizes[@]}"; do
    games="$dir/$game-$mb.kifu" openings="$dir/$game-$mb-openings.kifu"
    if [ ! -s "$games" ]; then
        per=$("$kifu" random "$game" --seed 1 --count 100 | wc -c)
        "$kifu" random "$game" --seed 1 --count $((mb * 1048576 * 100 / per)) >"$games"
    fi
    if [ ! -s "$openings" ]; then
        count=$(grep -c '^\[Game' "$games")
        per=$((count * 1048576 / $(first_plies 6 <"$games" | wc -c)))
        "$kifu" random "$game" --seed 2 --count $((mb * per * 11 / 10)) | first_plies 6 >"$dir/cut.kifu"
        ("$kifu" validate "$dir/cut.kifu" 2>/dev/null || true) | only_running "$dir/cut.kifu" >"$openings"
    fi
    engine="$kifu engine --random"
    printf '| %s (%s; openings %s) | %s | %s | %s |\n' "$mb" \
        "$(megabytes "$games")" "$(megabytes "$openings")" \
        "$(peak "$kifu" fmt "$games")" "$(peak "$kifu" html "$games")" \
        "$(peak "$kifu" match --openings "$openings" --games 2 --engine "$engine" --engine "$engine")"
done
