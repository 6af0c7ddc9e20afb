# Shared by the bench scripts, which source it: best wall time in seconds
# of a command over $runs runs. The output goes to a file ($best_out, by
# default $dir/out.txt), not /dev/null: GNU grep stops at the first match
# when its output is /dev/null. Status 1 (an invalid record) is no failure.
best() {
    local best="" t start end
    for _ in $(seq "$runs"); do
        start=$(date +%s.%N)
        "$@" >"${best_out:-$dir/out.txt}" || [ $? -eq 1 ]
        end=$(date +%s.%N)
        t=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    printf '%.3f' "$best"
}
