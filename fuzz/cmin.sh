#!/bin/sh
# Minimises fuzz/corpus/TARGET with `cargo fuzz cmin`, then, if more than
# MAX files (500 by default) are left, keeps the MAX that cover most: a
# second merge writes libFuzzer's control file (the features of every
# file), and a greedy set cover keeps, one at a time, the file with the
# most features not yet covered (the smaller on a tie), until MAX files are
# kept or no file adds a feature.
#
#   fuzz/cmin.sh TARGET [MAX]
set -eu
target=$1
max=${2:-500}
cd "$(dirname "$0")"
dir=${CARGO_TARGET_DIR:-target}
export RUSTC_BOOTSTRAP=1
nice -n 19 cargo fuzz cmin --target-dir "$dir" "$target" "corpus/$target"
count=$(ls "corpus/$target" | wc -l)
echo "$target: $count files after cmin"
if [ "$count" -le "$max" ]; then
    exit 0
fi
work=$(mktemp -d)
mkdir "$work/out"
nice -n 19 "$dir/x86_64-unknown-linux-gnu/release/$target" -merge=1 \
    -merge_control_file="$work/control" "$work/out" "corpus/$target" \
    > "$work/log" 2>&1
python3 - "$work/control" "$max" <<'PY'
import os, sys
lines = open(sys.argv[1]).read().split("\n")
count = int(lines[0])
paths = lines[2:2 + count]
features, sizes = {}, {}
for line in lines[2 + count:]:
    words = line.split()
    if len(words) >= 2 and words[0] == "STARTED":
        sizes[int(words[1])] = int(words[2])
    elif words and words[0] == "FT":
        features[int(words[1])] = set(map(int, words[2:]))
covered, kept = set(), []
while len(kept) < int(sys.argv[2]):
    best = max(features, default=None,
               key=lambda i: (len(features[i] - covered), -sizes.get(i, 0)))
    if best is None or not features[best] - covered:
        break
    covered |= features.pop(best)
    kept.append(best)
keep = {paths[i] for i in kept}
for path in paths:
    if path not in keep:
        os.remove(path)
print(f"kept {len(kept)} of {count} files, {len(covered)} features")
PY
rm -r "$work"
echo "$target: $(ls "corpus/$target" | wc -l) files kept"
