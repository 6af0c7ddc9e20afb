#!/bin/sh
# Seeds fuzz/corpus/TARGET from fixtures/ (the records, their JSON) when it
# is empty or missing, runs TARGET for SECONDS (1800 by default), then
# trims the corpus with cmin.sh. One fuzz process, at the lowest priority.
#
#   fuzz/regrow.sh TARGET [SECONDS]
#
# A new target needs a seed case below only if fixtures/ has inputs of its
# shape; the record_reader seeds (every record of fixtures/) also serve a
# target of the record grammar, such as one for variations.
set -eu
target=$1
seconds=${2:-1800}
cd "$(dirname "$0")"
corpus="corpus/$target"
mkdir -p "$corpus"
if [ -z "$(ls "$corpus")" ]; then
    case $target in
    record_reader)
        find ../fixtures -name '*.kifu' -exec cp {} "$corpus" \;
        ;;
    json_import)
        # The JSON of every record, one object a line, and the same
        # objects pretty-printed and in an array: streams as import reads
        # them.
        for file in ../fixtures/examples/*.json; do
            cp "$file" "$corpus/"
        done
        for file in $(find ../fixtures -path '*/valid/*.kifu'); do
            name=$(basename "$file" .kifu)
            (cd .. && cargo run -q -- json "fuzz/$file") > "$corpus/$name.ndjson" || true
        done
        python3 - "$corpus" <<'PY'
import json, os, sys
dir = sys.argv[1]
for name in sorted(os.listdir(dir)):
    if not name.endswith(".ndjson"):
        continue
    text = open(os.path.join(dir, name)).read()
    objects = [json.loads(line) for line in text.splitlines() if line.strip()]
    base = os.path.join(dir, name[: -len(".ndjson")])
    open(base + ".pretty", "w").write("\n".join(json.dumps(o, indent=2) for o in objects))
    open(base + ".array", "w").write(json.dumps(objects, indent=1))
PY
        ;;
    repl)
        # A line of commands for each game, default and random start: the
        # first byte picks the game (twice its index in GameKind::ALL, plus
        # one for a random start), the next eight seed the random start.
        for first in 0 1 2 3 4 5 6 7; do
            printf "\\$(printf %03o "$first")01234567#0\n#1 #2\n:moves\n:undo\n:redo\n#3\n:save x\n:load x\n:json\n:tags\n:new\n:quit\n" \
                > "$corpus/seed-$first"
        done
        ;;
    esac
fi
RUSTC_BOOTSTRAP=1 nice -n 19 cargo fuzz run --target-dir "${CARGO_TARGET_DIR:-target}" \
    "$target" "$corpus" -- -jobs=1 -workers=1 -max_total_time="$seconds" -print_final_stats=1
./cmin.sh "$target"
