# Shared by the bench scripts, which source it. The output of a timed
# command goes to a file ($best_out, by default $dir/out.txt), not
# /dev/null: GNU grep stops at the first match when its output is
# /dev/null. Status 1 (an invalid record) is no failure.

# The wall time in seconds of one run of a command. The output file is
# removed first, outside the time: truncating a large output of the run
# before would be counted in this one.
once() {
    local out=${best_out:-$dir/out.txt} start end
    rm -f "$out"
    start=$(date +%s.%N)
    "$@" >"$out" || [ $? -eq 1 ]
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

# The best wall time in seconds of a command over $runs runs.
best() {
    local best="" t
    for _ in $(seq "$runs"); do
        t=$(once "$@")
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    printf '%.3f' "$best"
}

# The smallest and the median of numbers, one a line.
least() { sort -g | head -1; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
