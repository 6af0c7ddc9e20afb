#!/usr/bin/env bash
# Mutation testing with cargo-mutants (`cargo install cargo-mutants
# --locked`): each part below is mutated with only the test binaries that
# cover it, so that a run is as short as it can be. Results in
# benches/MUTANTS.md; each part's full output in
# ${TMPDIR:-/tmp}/kifu-mutants/PART/mutants.out/ (caught.txt, missed.txt,
# unviable.txt, timeout.txt, outcomes.json).
#
#   benches/mutants.sh                  # every part, one after another
#   benches/mutants.sh writer clock     # some parts
#   MUTANTS_ARGS=--iterate benches/mutants.sh lotus
#                                       # goes on with a part: skips the
#                                       # mutants its last run caught
#
# Parts: writer (the JSON writer), clock (the KEP clock), mana, escampe,
# shogun, lotus (each game's rule checks and setup checkers), lines (the
# moves Mana and Escampe share), referee (the referee's walk), guard (the
# server's guard and router), files (the files the server reads and
# writes, and the atomic save) and course (the Escampe course's protocol,
# its seat and `match --listen`'s lobby). The mutants an audit planted by
# hand in the server, the course client and the Python bindings are
# benches/planted.py's.
#
# cargo-mutants finds the source files by following `mod` lines, and the
# games are declared by the games! macro of src/games/mod.rs, which it does
# not expand; so it runs on a copy of the work tree whose src/games/mod.rs
# also names each game's module under `#[cfg(any())]`, a line that
# compiles to nothing. The copy is mutated in place, and builds into
# CARGO_TARGET_DIR (default: beside the copy), kept from run to run.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${TMPDIR:-/tmp}/kifu-mutants
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$dir/target}
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(writer clock mana escampe shogun lotus lines referee guard files course)

# A part's files mutated (-f, -e), then `--`, the test binaries built and
# run (each passed to every cargo command, so that no other test binary is
# built: the lib's and `integration`, tests/tests.rs, whose modules are
# the files of tests/), then `--`, the test harness's filters, given to
# both binaries: a test runs when its name holds one of the filters and
# none of the skips. So each part names the lib's modules it runs and the
# modules of `integration` (`fixtures::`, the files of tests/) it runs:
# the writer and the clock run only their own tests; the others skip the
# library's tests of what they cannot reach (the engine's take 16 of the
# lib's 20 s, the match's statistics 2 s more) and, for one game, the
# other games' tests. tests/codes.rs is left out: it reads the same
# fixtures' verdicts as tests/fixtures.rs does, which already differ
# wherever a code would.
part() {
    case $1 in
    writer)
        echo "-f src/model/writer/*.rs -e src/model/writer/tests.rs" \
            "-- --lib --test integration" \
            "-- model::writer:: json_writer:: json_escapes::"
        ;;
    clock)
        # tests/matches.rs's tests of a game lost (on time, by a crash, an
        # illegal move, garbage or resigning), a move too late and a
        # malformed score. (Their words `loses late malformed`, the
        # filters before issue 51, also ran six lib tests of other modules
        # by chance, none of which reaches the clock.)
        echo "-f src/seat/clock.rs -- --lib --test integration" \
            "-- seat:: tournament::" \
            "matches::a_crash_loses matches::a_move_past_the_clock_loses" \
            "matches::an_engine_that_stops_reading_loses matches::an_illegal_move_loses" \
            "matches::garbage_in_answer_to_go_loses matches::resigning_loses" \
            "matches::a_second_move_written_late matches::a_malformed_score"
        ;;
    mana) game "$1" "mana::" ;;
    escampe) game "$1" "escampe:: placement::" ;;
    shogun) game "$1" "shogun_perft:: shogun_moves:: shogun_check:: shogun_setup::" ;;
    lotus) game "$1" "lotus:: lotus_moves::" ;;
    lines)
        echo "-f src/games/lines/*.rs -e src/games/lines/tests.rs -e src/games/lines/draw.rs" \
            "-e src/games/lines/text.rs -- --lib --test integration" \
            "-- $(lib_modules) fixtures:: mana:: escampe:: $(unreached) $(other_games mana escampe)"
        ;;
    referee)
        echo "-f src/referee/walk.rs -f src/referee/walk/*.rs -f src/referee/tree.rs" \
            "-f src/referee/line.rs -f src/referee/start.rs -f src/referee/termination.rs" \
            "-- --lib --test integration" \
            "-- $(lib_modules) fixtures:: variations:: termination:: invalid_records:: $(unreached)"
        ;;
    guard)
        # The lib's tests of the server and the HTTP tests of its guard.
        echo "-f src/serve/guard.rs -f src/serve/router.rs -- --lib --test integration" \
            "-- serve:: serve_guard:: serve_watch::the_guard"
        ;;
    files)
        echo "-f src/serve/files.rs -f src/serve/listing.rs -f src/play/save.rs" \
            "-- --lib --test integration" \
            "-- serve:: play::save:: serve_losses:: serve_play::a_collection serve_annotate::" \
            "serve_guard::the_api_document"
        ;;
    course)
        # tests/course.rs runs the stand-in course client, an example.
        echo "-f src/course/*.rs -f src/seat/course.rs -f src/cli/matches/lobby.rs" \
            "-f src/cli/matches/listen.rs -- --lib --test integration" \
            "-- course:: seat::course"
        ;;
    *)
        echo "mutants.sh: no part $1" >&2
        exit 2
        ;;
    esac
}

# game GAME MODULES: a game's part: its rule checks and setup checkers,
# with its unit tests, the fixtures' verdicts and the modules MODULES of
# `integration`.
game() {
    echo "-f src/games/$1/rules.rs -f src/games/$1/setup.rs" \
        "-- --lib --test integration" \
        "-- $(lib_modules) fixtures:: $2 $(unreached) $(other_games "$1")"
}

# The library's tests that reach no rule, record or referee code: the
# engine, the match and its statistics, the seats, the server, the
# command line's front and the models of tables and ratings.
unreached_modules="engine tournament seat serve front cli model"
unreached() {
    for module in $unreached_modules; do
        printf -- '--skip %s:: ' "$module"
    done
}

# A filter for each of the library's other modules (the `mod` lines of
# src/lib.rs), so that all their tests run. Where a file of tests/ has the
# module's name (tests/course.rs), `MODULE::` would run that file too: the
# filter is then `MODULE::tests::`, where the lib keeps its tests.
lib_modules() {
    local module
    for module in $(sed -n 's/^\(pub\(([a-z]*)\)\? \)\?mod \([a-z_0-9]*\);$/\3/p' src/lib.rs); do
        case " $unreached_modules " in *" $module "*) continue ;; esac
        if [ -e "tests/$module.rs" ]; then
            printf '%s::tests:: ' "$module"
        else
            printf '%s:: ' "$module"
        fi
    done
}

# other_games GAME...: skip the tests of every game but these (the lib's
# games::OTHER:: and the fixtures' tests named *_OTHER_*).
other_games() {
    for other in mana escampe shogun lotus; do
        case " $* " in *" $other "*) continue ;; esac
        printf -- '--skip ::%s:: --skip _%s_ ' "$other" "$other"
    done
}

copy=$dir/tree
rm -rf "$copy"
mkdir -p "$copy"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$copy"
{
    echo
    echo "// For cargo-mutants (benches/mutants.sh), which does not expand games!."
    for game in escampe lotus mana shogun; do
        echo "#[cfg(any())]"
        echo "mod $game;"
    done
} >>"$copy/src/games/mod.rs"

for name in "${parts[@]}"; do
    spec=$(part "$name")
    read -r -a files <<<"${spec%% -- *}"
    rest=${spec#* -- }
    read -r -a binaries <<<"${rest%% -- *}"
    read -r -a filters <<<"${rest#* -- }"
    cargo_args=()
    for arg in "${binaries[@]}"; do
        [ "$arg" = --test ] && continue
        case $arg in --lib) cargo_args+=(-C --lib) ;; *) cargo_args+=(-C "--test=$arg") ;; esac
    done
    echo "== $name: ${files[*]}; ${binaries[*]}; tests matching ${filters[*]}"
    mkdir -p "$dir/$name"
    started=$(date +%s)
    if [ "$name" = clock ] || [ "$name" = course ]; then
        # tests/matches.rs runs the test engine, and tests/course.rs the
        # stand-in course client: examples that a build of test binaries
        # alone leaves out.
        (cd "$copy" && CARGO_PROFILE_DEV_DEBUG=false nice -n 19 cargo build --quiet \
            --example test_engine --example course_client)
    fi
    CARGO_PROFILE_DEV_DEBUG=false nice -n 19 cargo mutants --dir "$copy" --in-place \
        --no-shuffle --output "$dir/$name" ${MUTANTS_ARGS:-} "${files[@]}" "${cargo_args[@]}" \
        -- -- "${filters[@]}" || true
    out=$dir/$name/mutants.out
    echo "== $name: $(($(date +%s) - started)) s;" \
        "caught $(wc -l <"$out/caught.txt"), missed $(wc -l <"$out/missed.txt")," \
        "unviable $(wc -l <"$out/unviable.txt"), timeouts $(wc -l <"$out/timeout.txt")"
done
