//! `kifu match` through the binary: matches of `kifu engine --random` in
//! every game that `kifu validate` accepts, and each misbehaviour of the
//! test engine (`examples/test_engine.rs`) with its exact outcome: the
//! record, the match log and the table. Engines are seeded and play one
//! game at a time, so every game is the same from run to run but for
//! the clock readings, which [`stable`] hides.

use crate::support::matches as support;

use support::{kifu_in, play_match, random_engine, read, scratch, stable, tag_values, test_engine};

/// The done-when of the issue: 100 games of the random engine against
/// itself in each game (lotus: three seats), every record valid.
#[test]
fn a_hundred_random_games_of_each_game_all_validate() {
    let dir = scratch("hundred");
    let random = random_engine(1);
    for (game, engines) in [("mana", 2), ("escampe", 2), ("shogun", 2), ("lotus", 3)] {
        let out = format!("{game}.kifu");
        let names = ["a", "b", "c"];
        let engines: Vec<(&str, &str)> = names[..engines]
            .iter()
            .map(|n| (random.as_str(), *n))
            .collect();
        let run = play_match(
            &dir,
            &engines,
            &[
                "--game",
                game,
                "--games",
                "100",
                "--concurrency",
                "2",
                "--out",
                &out,
            ],
        );
        assert_eq!(run.status, Some(0), "{game}: {}", run.err);
        let verdicts = kifu_in(&dir, &["validate", "--quiet", &out]);
        assert_eq!(
            (verdicts.err.as_str(), verdicts.status),
            ("100 records: 100 valid, 0 invalid\n", Some(0)),
            "{game}"
        );
        let text = read(&dir, &out);
        let mut rounds: Vec<usize> = tag_values(&text, "Round")
            .iter()
            .filter_map(|r| r.parse().ok())
            .collect();
        rounds.sort_unstable();
        assert_eq!(rounds, (1..=100).collect::<Vec<_>>(), "{game}");
        assert!(
            run.err.ends_with("\n") && run.err.contains("kifu: 100 games, "),
            "{}",
            run.err
        );
    }
}

/// A two-player game with no setup option opens from kifu's balanced
/// starts: each pass of the schedule (the pair's two games) from the next
/// start, in the order shipped, with `--games` and with an SPRT that sets
/// no number of games (which once played every game from the first
/// setup); with a setup option, from that setup.
#[test]
fn each_pass_starts_from_the_next_balanced_start() {
    let dir = scratch("balanced");
    let greedy = format!("{} engine --greedy", support::kifu_path().display());
    let crashing = test_engine("--crash-at 0");
    for (game, engines, limit, out) in [
        (
            "escampe",
            [(random_engine(1), "one"), (random_engine(2), "two")],
            ["--games", "6"],
            "games.kifu",
        ),
        (
            "mana",
            [(greedy, "greedy"), (crashing, "crashing")],
            ["--sprt", "elo0=0,elo1=100"],
            "sprt.kifu",
        ),
    ] {
        let engines = engines
            .each_ref()
            .map(|(command, name)| (command.as_str(), *name));
        let mut options = vec!["--game", game, "--out", out];
        options.extend(limit);
        let run = play_match(&dir, &engines, &options);
        assert_eq!(run.status, Some(0), "{out}: {}", run.err);
        let records = read(&dir, out);
        let rounds = tag_values(&records, "Round");
        assert!(rounds.len() >= 6, "{out}: {} games", rounds.len());
        let kind = kifu::game::GameKind::from_name(game).unwrap_or_else(|| panic!("{game}"));
        let starts = kifu::tournament::balanced_records(kind).unwrap_or_default();
        let openings: Vec<Vec<String>> = starts.split("\n\n[").map(moves_of).collect();
        for (round, record) in records.split("\n\n[").enumerate() {
            let start = &openings[round / 2 % openings.len()];
            let moves = moves_of(record);
            assert_eq!(
                moves.get(..start.len()),
                Some(&start[..]),
                "{out} game {}",
                round + 1
            );
        }
    }
    // The setup asked for, and no other.
    let run = play_match(
        &dir,
        &[(&random_engine(1), "one"), (&random_engine(2), "two")],
        &[
            "--game",
            "mana",
            "--setup",
            "b1 f6",
            "--games",
            "4",
            "--out",
            "setup.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    assert_eq!(tag_values(&read(&dir, "setup.kifu"), "Setup"), ["b1 f6"; 4]);
}

/// The moves of a record's text: its movetext without comments, move
/// numbers and result.
fn moves_of(record: &str) -> Vec<String> {
    let movetext: Vec<&str> = (record.lines())
        .filter(|line| !line.starts_with('[') && !line.contains("\"]"))
        .collect();
    let mut text = movetext.join(" ");
    while let Some((before, after)) = text.split_once('{') {
        let after = after.split_once('}').map_or("", |(_, rest)| rest);
        text = format!("{before} {after}");
    }
    (text.split_whitespace())
        .filter(|word| !word.ends_with('.') && !["*", "B+", "W+", "R+"].contains(word))
        .map(str::to_owned)
        .collect()
}

/// Colours alternate from game to game, and each engine plays each side
/// equally: the table says 2 games each, the records who was Black.
#[test]
fn colours_alternate_and_the_table_counts_both_engines() {
    let dir = scratch("colours");
    let run = play_match(
        &dir,
        &[(&random_engine(1), "one"), (&random_engine(2), "two")],
        &[
            "--game", "mana", "--setup", "c1 c6", "--games", "4", "--out", "m.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let text = read(&dir, "m.kifu");
    assert_eq!(tag_values(&text, "Black"), ["one", "two", "one", "two"]);
    assert_eq!(tag_values(&text, "White"), ["two", "one", "two", "one"]);
    assert_eq!(tag_values(&text, "Termination"), ["normal"; 4]);
    insta::assert_snapshot!("colours_table", run.out);
    insta::assert_snapshot!("colours_log", stable(&run.err));
    insta::assert_snapshot!(
        "colours_first_record",
        stable(text.split("\n\n[").next().unwrap_or(""))
    );
    let report = kifu_in(&dir, &["match", "--report", "m.kifu"]);
    assert_eq!(
        (report.out.as_str(), report.status),
        (run.out.as_str(), Some(0))
    );
}

/// One misbehaviour of the test engine, against the random engine, in
/// two games of mana from its standard start at 2+0.1: the records, the
/// log and the table.
fn misbehaviour(name: &str, faults: &str) -> (String, String, String) {
    let dir = scratch(name);
    let bad = test_engine(&format!("--seed 3 {faults}"));
    let run = play_match(
        &dir,
        &[(&bad, "bad"), (&random_engine(4), "good")],
        &[
            "--game", "mana", "--setup", "c1 c6", "--games", "2", "--tc", "2+0.1", "--out",
            "m.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let records = read(&dir, "m.kifu");
    let verdicts = kifu_in(&dir, &["validate", "m.kifu"]);
    assert_eq!(verdicts.status, Some(0), "{}{}", verdicts.out, verdicts.err);
    // A game lost by misbehaving is won by the other engine for select
    // as for stats and the verdicts.
    let file = dir.join("m.kifu");
    crate::support::run::one_result_everywhere(&[&file.to_string_lossy()]);
    (
        stable(&records),
        stable(&run.err),
        format!("{}{}", verdicts.out, run.out),
    )
}

#[test]
fn an_illegal_move_loses_the_game() {
    let (records, log, table) = misbehaviour("illegal", "--illegal-at 4");
    insta::assert_snapshot!("illegal_records", records);
    insta::assert_snapshot!("illegal_log", log);
    insta::assert_snapshot!("illegal_table", table);
}

#[test]
fn garbage_in_answer_to_go_loses_the_game() {
    let (records, log, table) = misbehaviour("garbage", "--garbage-at 5");
    insta::assert_snapshot!("garbage_records", records);
    insta::assert_snapshot!("garbage_log", log);
    insta::assert_snapshot!("garbage_table", table);
}

#[test]
fn a_malformed_score_is_a_protocol_error() {
    let (records, log, _) = misbehaviour("bad-score", "--bad-score-at 3");
    let said: Vec<&str> = (records.lines())
        .filter(|l| l.contains("protocol") || l.contains("2147483648"))
        .collect();
    assert_eq!(
        said,
        [
            "[Termination \"protocol error\"]",
            "{kifu: White (bad) answered with no move: it answered \"info depth 1 score cp \
             2147483648\": info: score cp must be a whole number, not 2147483648}"
        ],
        "{records}"
    );
    assert!(log.contains("good beat bad (protocol error)"), "{log}");
}

#[test]
fn a_second_move_written_late_is_dropped() {
    // The engine writes its move at ply 3 (and at 4, as the other seat)
    // twice, 2 ms apart: the second is not the answer to the next go.
    for ply in ["3", "4"] {
        let (records, _, _) = misbehaviour(&format!("twice-{ply}"), &format!("--twice-at {ply}"));
        let terminations: Vec<&str> = (records.lines())
            .filter(|l| l.starts_with("[Termination "))
            .collect();
        assert_eq!(terminations, ["[Termination \"normal\"]"; 2], "{records}");
    }
}

#[test]
fn a_crash_loses_the_game_and_the_engine_is_started_again() {
    let (records, log, table) = misbehaviour("crash", "--crash-at 1 --flood-stderr");
    insta::assert_snapshot!("crash_records", records);
    insta::assert_snapshot!("crash_log", log);
    insta::assert_snapshot!("crash_table", table);
}

#[test]
fn a_move_past_the_clock_loses_on_time() {
    let (records, log, table) = misbehaviour("time", "--sleep-at 2 2500");
    insta::assert_snapshot!("time_records", records);
    insta::assert_snapshot!("time_log", log);
    insta::assert_snapshot!("time_table", table);
}

#[test]
fn resigning_loses_the_game() {
    let (records, log, table) = misbehaviour("resign", "--resign-at 6");
    insta::assert_snapshot!("resign_records", records);
    insta::assert_snapshot!("resign_log", log);
    insta::assert_snapshot!("resign_table", table);
}

/// An engine that ignores `quit` is killed a second later; one that
/// floods its standard error never stalls the game. Neither is left
/// running once the match is over.
#[cfg(target_os = "linux")]
#[test]
fn no_engine_outlives_the_match() {
    let marker = format!("kifu-match-test-{}", std::process::id());
    let dir = scratch("no-child");
    let stubborn = test_engine(&format!("--ignore-quit --flood-stderr --marker {marker}"));
    let crashing = test_engine(&format!("--crash-at 2 --marker {marker}"));
    let run = play_match(
        &dir,
        &[(&stubborn, "stubborn"), (&crashing, "crashing")],
        &[
            "--game",
            "escampe",
            "--setup",
            "c6 a6 b6 d6 e6 f6 / c1 a1 b1 d1 e1 f1",
            "--games",
            "4",
            "--concurrency",
            "2",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    assert_eq!(support::processes_with(&marker), Vec::<String>::new());
    insta::assert_snapshot!("no_child_table", run.out);
}

/// The referee's side of the protocol reaps what it kills: once `quit`
/// returns, the process is gone, not a zombie, even one that ignores it.
#[cfg(target_os = "linux")]
#[test]
fn quit_reaps_the_engine() {
    let spec = kifu::kep::EngineSpec {
        command: test_engine("--ignore-quit"),
        ..Default::default()
    };
    let engine = kifu::kep::Engine::start(&spec).unwrap_or_else(|e| panic!("{e}"));
    let pid = engine.id();
    assert!(std::path::Path::new(&format!("/proc/{pid}")).exists());
    engine.quit();
    assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists());
}

/// `--seats N`: N lotus players, named as kifu.1 names them, whose seats
/// the engines share in turn; the records validate.
#[test]
fn lotus_seats_are_named_in_order_and_shared_in_turn() {
    let dir = scratch("seats");
    let random = random_engine(1);
    for (seats, players, engines) in [
        ("4", "red green orange blue", "a, b, a, b"),
        (
            "6",
            "red green orange blue yellow purple",
            "a, b, a, b, a, b",
        ),
    ] {
        let out = format!("seats-{seats}.kifu");
        let run = play_match(
            &dir,
            &[(&random, "a"), (&random, "b")],
            &[
                "--game", "lotus", "--seats", seats, "--games", "1", "--out", &out,
            ],
        );
        assert_eq!(run.status, Some(0), "{seats}: {}", run.err);
        let records = read(&dir, &out);
        assert_eq!(tag_values(&records, "Players"), [players]);
        assert_eq!(tag_values(&records, "Engines"), [engines]);
        let verdicts = kifu_in(&dir, &["validate", "--quiet", &out]);
        assert_eq!(verdicts.status, Some(0), "{}", verdicts.err);
    }
}

/// Lotus with three seats and two engines, one of which crashes on its
/// first turn: the game ends there, the crashed seat ranks last.
#[test]
fn a_lotus_seat_that_crashes_ranks_last() {
    let dir = scratch("lotus-crash");
    let run = play_match(
        &dir,
        &[
            (&test_engine("--crash-at 0"), "bad"),
            (&random_engine(5), "good"),
        ],
        &["--game", "lotus", "--games", "2", "--out", "l.kifu"],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let records = read(&dir, "l.kifu");
    assert_eq!(
        tag_values(&records, "Engines"),
        ["bad, good, bad", "good, bad, good"]
    );
    insta::assert_snapshot!("lotus_crash_records", stable(&records));
    insta::assert_snapshot!("lotus_crash_table", run.out);
    let verdicts = kifu_in(&dir, &["validate", "l.kifu"]);
    assert_eq!(verdicts.status, Some(0), "{}", verdicts.err);
    let selected = kifu_in(&dir, &["select", "--count", "--player", "go*", "l.kifu"]);
    assert_eq!((selected.out.as_str(), selected.status), ("2\n", Some(0)));
}

/// `--resume` plays only the games the file lacks; `--shard` slices the
/// games; `--report` counts the records of any set of files.
#[test]
fn resume_shards_and_report() {
    let dir = scratch("resume");
    let engines = [(random_engine(1), "one"), (random_engine(2), "two")];
    let engines: Vec<(&str, &str)> = engines.iter().map(|(c, n)| (c.as_str(), *n)).collect();
    let first = play_match(
        &dir,
        &engines,
        &["--game", "shogun", "--games", "3", "--out", "s.kifu"],
    );
    assert_eq!(first.status, Some(0), "{}", first.err);
    let again = play_match(
        &dir,
        &engines,
        &["--game", "shogun", "--games", "3", "--out", "s.kifu"],
    );
    assert_eq!(
        (again.err.as_str(), again.status),
        (
            "kifu: --out s.kifu exists: --resume goes on from it, or name another file\n",
            Some(2)
        )
    );
    let resumed = play_match(
        &dir,
        &engines,
        &[
            "--game", "shogun", "--games", "5", "--out", "s.kifu", "--resume",
        ],
    );
    assert_eq!(resumed.status, Some(0), "{}", resumed.err);
    assert_eq!(
        tag_values(&read(&dir, "s.kifu"), "Round"),
        ["1", "2", "3", "4", "5"]
    );
    assert!(resumed.err.contains("kifu: 2 games, "), "{}", resumed.err);
    assert!(resumed.out.contains("\n5 games"), "{}", resumed.out);
    for shard in ["1/2", "2/2"] {
        let out = format!("shard{}.kifu", &shard[..1]);
        let run = play_match(
            &dir,
            &engines,
            &[
                "--game", "shogun", "--games", "5", "--shard", shard, "--out", &out,
            ],
        );
        assert_eq!(run.status, Some(0), "{}", run.err);
    }
    assert_eq!(
        tag_values(&read(&dir, "shard1.kifu"), "Round"),
        ["1", "3", "5"]
    );
    assert_eq!(tag_values(&read(&dir, "shard2.kifu"), "Round"), ["2", "4"]);
    let report = kifu_in(&dir, &["match", "--report", "shard1.kifu", "shard2.kifu"]);
    assert_eq!(report.status, Some(0), "{}", report.err);
    assert!(report.out.contains("\n5 games"), "{}", report.out);
}

/// Openings: each record's start and moves open two games, one from
/// each side.
#[test]
fn each_opening_is_played_from_both_sides() {
    let dir = scratch("openings");
    let openings = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 a6-a5 *\n\n\
                    [Game \"mana\"]\n[Setup \"c1 f6\"]\n\n1. b1-a2 *\n";
    std::fs::write(dir.join("openings.kifu"), openings).unwrap_or_else(|e| panic!("{e}"));
    let run = play_match(
        &dir,
        &[(&random_engine(1), "one"), (&random_engine(2), "two")],
        &["--openings", "openings.kifu", "--out", "o.kifu"],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let text = read(&dir, "o.kifu");
    assert_eq!(
        tag_values(&text, "Setup"),
        ["b1 c6", "b1 c6", "c1 f6", "c1 f6"]
    );
    assert_eq!(tag_values(&text, "Black"), ["one", "two", "one", "two"]);
    let starts: Vec<&str> = text.lines().filter(|l| l.starts_with("1. ")).collect();
    assert!(
        starts[..2]
            .iter()
            .all(|l| l.starts_with("1. e1-e4 a6-a5 2. ")),
        "{starts:?}"
    );
    assert!(
        starts[2..].iter().all(|l| l.starts_with("1. b1-a2 ")),
        "{starts:?}"
    );
    // More games than openings from each side: the file is read again
    // from its first record, as the schedule comes back to it.
    let run = play_match(
        &dir,
        &[(&random_engine(1), "one"), (&random_engine(2), "two")],
        &[
            "--openings",
            "openings.kifu",
            "--games",
            "7",
            "--out",
            "again.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    assert_eq!(
        tag_values(&read(&dir, "again.kifu"), "Setup"),
        [
            "b1 c6", "b1 c6", "c1 f6", "c1 f6", "b1 c6", "b1 c6", "c1 f6"
        ]
    );
    // Standard input cannot be read again.
    let run = play_match(
        &dir,
        &[(&random_engine(1), "one"), (&random_engine(2), "two")],
        &["--openings", "-"],
    );
    assert_eq!(
        (run.status, run.err.as_str()),
        (
            Some(2),
            "kifu: --openings -: not a file: kifu reads the openings again as the games need \
             them, which standard input and pipes cannot give\n"
        )
    );
}

/// Mistakes on the command line: exit status 2 and a message that says
/// what to do, before any game.
#[test]
fn bad_options_are_refused_before_any_game() {
    let dir = scratch("refused");
    let random = random_engine(1);
    let unknown_option = format!(
        "kifu: engine 1 ({random}): it has no option \"Depth\" (it declares: none) \
         (engine.unknown-option)\n"
    );
    let cases: [(&[&str], &str); 5] = [
        (
            &["match", "--engine", &random, "--game", "mana"],
            "kifu: mana is a two-player game: give two --engine or more, not 1\n",
        ),
        (
            &[
                "match",
                "--engine",
                "no-such-engine-here",
                "--engine",
                &random,
                "--game",
                "mana",
            ],
            "kifu: engine 1 (no-such-engine-here): cannot start \"no-such-engine-here\": the program \"no-such-engine-here\" was not found on PATH (engine.cannot-start)\n",
        ),
        (
            &[
                "match", "--engine", &random, "--option", "Depth=3", "--engine", &random, "--game",
                "mana",
            ],
            &unknown_option,
        ),
        (
            &[
                "match", "--name", "x", "--engine", &random, "--engine", &random, "--game", "mana",
            ],
            "error: --name belongs to an --engine: give it after the --engine it is for\n\n\
             Usage: kifu match [OPTIONS]\n\nFor more information, try '--help'.\n",
        ),
        (
            &[
                "match", "--engine", &random, "--engine", &random, "--game", "mana", "--seats", "4",
            ],
            "kifu: --seats is for lotus; mana has two players\n",
        ),
    ];
    for (args, message) in cases {
        let run = kifu_in(&dir, args);
        assert_eq!(
            (run.err.as_str(), run.status),
            (message, Some(2)),
            "{args:?}"
        );
        assert_eq!(run.out, "");
    }
}

/// An engine that stops reading its input never blocks the referee,
/// even with a `position` far longer than a pipe holds: the move's time
/// runs out, and the engine is killed and reaped.
#[cfg(target_os = "linux")]
#[test]
fn an_engine_that_stops_reading_loses_on_time() {
    use kifu::kep::{Command, Engine, EngineFailure, EngineSpec, GoLimits};
    use std::time::Duration;
    let spec = EngineSpec {
        command: test_engine("--deaf"),
        ..EngineSpec::default()
    };
    let mut engine = Engine::start(&spec).unwrap_or_else(|e| panic!("{e}"));
    let pid = engine.id();
    let moves = vec!["a1-a2".to_owned(); 50_000];
    engine.send(&Command::Position { moves });
    let failure = engine.go(GoLimits::default(), Duration::from_millis(300));
    assert_eq!(
        failure.map(|_| ()),
        Err(EngineFailure::TimeOut {
            awaited: "move",
            allowed: Duration::from_millis(300)
        })
    );
    drop(engine);
    assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists());
}

/// `--place`: the engines place escampe's start, Black's engine first;
/// kifu's engine draws Black's placement from its book and places White
/// by search; the record's `Setup` is what they placed. A game whose
/// players place nothing, or a start given too, is refused.
#[test]
fn the_engines_place_the_start_with_place() {
    let dir = scratch("place");
    let kifu_engine = format!("{} engine", support::kifu_path().display());
    let engines = [
        (kifu_engine.as_str(), "kifu"),
        (&*random_engine(3), "random"),
    ];
    let options = [
        "--game",
        "escampe",
        "--place",
        "--games",
        "2",
        "--movetime",
        "30",
        "--out",
        "placed.kifu",
    ];
    let run = play_match(&dir, &engines, &options);
    assert_eq!(run.status, Some(0), "{}", run.err);
    let records = read(&dir, "placed.kifu");
    let setups = tag_values(&records, "Setup");
    let blacks = tag_values(&records, "Black");
    assert_eq!((setups.len(), blacks.len()), (2, 2), "{records}");
    let book = kifu::engine::placement::Book::shipped(kifu::game::GameKind::Escampe)
        .unwrap_or_else(|| panic!("escampe's book"));
    let booked: Vec<String> = book.entries.iter().map(|e| e.words.join(" ")).collect();
    for (setup, black) in setups.iter().zip(&blacks) {
        let (white_group, black_group) =
            setup.split_once(" / ").unwrap_or_else(|| panic!("{setup}"));
        assert_eq!(white_group.split(' ').count(), 6, "{setup}");
        assert_eq!(
            booked.contains(&black_group.to_owned()),
            black == "kifu",
            "{black} placed Black: {setup}"
        );
    }
    let verdict = kifu_in(&dir, &["validate", "placed.kifu"]);
    assert_eq!(verdict.status, Some(0), "{}{}", verdict.out, verdict.err);
    // Refused: a game whose players place nothing; a start given besides.
    let run = play_match(&dir, &engines, &["--game", "mana", "--place"]);
    assert_eq!(run.status, Some(2));
    assert_eq!(
        run.err,
        "kifu: --place: the players of mana place nothing (escampe's do)\n"
    );
    let run = play_match(
        &dir,
        &engines,
        &[
            "--game",
            "escampe",
            "--place",
            "--setup",
            "b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1",
        ],
    );
    assert_eq!(run.status, Some(2));
    assert!(
        run.err.contains("'--place' cannot be used with '--setup"),
        "{}",
        run.err
    );
}
