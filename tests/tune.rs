//! `kifu tune` through the binary: self-play's training positions, the
//! same bytes from the same seed (pinned), saved atomically; their fit,
//! its report (pinned); and what it refuses, with status 2 and a line's
//! number.

use crate::support::run::kifu;
use std::path::{Path, PathBuf};

/// A scratch file named `name`, removed first.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tune");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// A scratch file `name` of `kifu tune generate`'s positions of 20
/// shogun games at depth 2, seed 1.
fn shogun_positions(name: &str) -> PathBuf {
    let file = scratch(name);
    let path = file.to_string_lossy();
    generated(&[
        "--game", "shogun", "--games", "20", "--depth", "2", "--seed", "1", "--out", &path,
    ]);
    file
}

/// `kifu tune generate ARGS`, which must succeed: its output and standard
/// error.
fn generated(args: &[&str]) -> (String, String) {
    let mut all = vec!["tune", "generate"];
    all.extend_from_slice(args);
    let (out, err, status) = kifu(&all, b"");
    assert_eq!(status, Some(0), "{err}");
    (out, err)
}

#[test]
fn generate_writes_the_same_positions_from_the_same_seed() {
    let args = [
        "--game", "escampe", "--games", "3", "--depth", "2", "--seed", "4",
    ];
    let (out, err) = generated(&args);
    assert_eq!(err, "kifu: 3 games of escampe, 22 positions\n");
    assert_eq!(out.lines().count(), 22);
    assert_eq!(generated(&args).0, out);
    let file = scratch("escampe.ndjson");
    let path = file.to_string_lossy();
    let (to_file, err) = generated(&[&args[..], &["--out", &path]].concat());
    assert_eq!(
        (to_file.as_str(), err.as_str()),
        ("", "kifu: 3 games of escampe, 22 positions\n")
    );
    assert_eq!(std::fs::read_to_string(&file).ok(), Some(out.clone()));
    let other = generated(&[
        "--game", "escampe", "--games", "3", "--depth", "2", "--seed", "5",
    ]);
    assert_ne!(other.0, out);
    insta::assert_snapshot!(
        "escampe_first_lines",
        out.lines().take(4).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn fit_prints_the_error_and_the_weights_as_engine_options() {
    let file = shogun_positions("shogun-fit.ndjson");
    let path = file.to_string_lossy();
    let (out, err, status) = kifu(&["tune", "fit", &path], b"");
    assert_eq!((err.as_str(), status), ("", Some(0)));
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with("--option ShogunCloseness="), "{out}");
    insta::assert_snapshot!("shogun_fit", out);
    // Standard input is read as a file is.
    let text = std::fs::read(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kifu(&["tune", "fit"], &text).0, out);
}

#[test]
fn fit_starts_from_the_weights_given_as_engine_options() {
    let file = shogun_positions("shogun-fit-from.ndjson");
    let path = file.to_string_lossy();
    let fit = |options: &[&str]| {
        let mut args = vec!["tune", "fit", &path];
        args.extend(options);
        kifu(&args, b"")
    };
    let (out, err, status) = fit(&["--option", "ShogunCheck=40"]);
    assert_eq!((err.as_str(), status), ("", Some(0)));
    let given = out.lines().nth(1).unwrap_or_default();
    assert!(
        given.starts_with(
            "weights given:    ShogunCloseness=1 ShogunCheck=40 ShogunMobility=1 ShogunHanging=5 \
             ShogunPressure=5 ShogunEscape=-1 ShogunShows2=0 ShogunShows3=5 ShogunShows4=12, K "
        ),
        "{out}"
    );
    // The engine's own weights, given, are the engine's.
    let (same, _, _) = fit(&["--option", "ShogunCheck=11"]);
    assert_eq!(same, kifu(&["tune", "fit", &path], b"").0);
    for (option, why) in [
        ("Nope=1", "Nope is no weight of any game's evaluation"),
        ("ShogunCheck", "write it NAME=VALUE"),
        (
            "ShogunCheck=x",
            "ShogunCheck takes a whole number from -100000 to 100000, not x",
        ),
    ] {
        let (out, err, status) = fit(&["--option", option]);
        assert_eq!(
            (out.as_str(), err, status),
            ("", format!("kifu: --option {option:?}: {why}\n"), Some(2))
        );
    }
}

#[test]
fn a_bad_line_is_refused_by_its_number_and_why() {
    let good = std::fs::read_to_string(shogun_positions("shogun-bad.ndjson"));
    let good = good.unwrap_or_else(|e| panic!("{e}"));
    let first = good.lines().next().unwrap_or_default().to_owned();
    let refused = |text: String| {
        let (out, err, status) = kifu(&["tune", "fit", "-"], text.as_bytes());
        assert_eq!((out.as_str(), status), ("", Some(2)), "{err}");
        err
    };
    let (before, _) = first.split_once("\"result\":").unwrap_or_default();
    assert_eq!(
        refused(format!("{first}\n{before}\"result\":2}}\n")),
        "kifu: <stdin>:2: the result 2 is not from 0 to 1 (1 a win of the side to move, 0.5 a draw, 0 a loss)\n"
    );
    assert_eq!(
        refused(format!("{first}\n\n{{\"game\":\"lotus\"}}\n")),
        "kifu: <stdin>:3: not a training position: missing field `tags` at line 1 column 16\n"
    );
    let lotus = first.replace("\"shogun\"", "\"lotus\"");
    assert_eq!(
        refused(lotus),
        "kifu: <stdin>:1: lotus has no evaluation weights to tune: its engine plays races out (Monte Carlo) and weighs no position\n"
    );
    assert_eq!(
        refused(String::new()),
        "kifu: <stdin>: no training positions to fit\n"
    );
    let (_, err, status) = kifu(&["tune", "fit", "no-such-file.ndjson"], b"");
    assert_eq!(
        (err.as_str(), status),
        ("kifu: no-such-file.ndjson: no such file\n", Some(2))
    );
}

#[test]
fn results_the_evaluation_does_not_tell_are_refused_in_words() {
    let file = scratch("escampe-few.ndjson");
    let path = file.to_string_lossy();
    let args = [
        "--game", "escampe", "--games", "20", "--depth", "2", "--seed", "1", "--out", &path,
    ];
    generated(&args);
    // Every weight at 0: escampe's evaluation is then 0 everywhere (no
    // piece but the Unicorn is ever taken, so material never differs).
    let zeros: Vec<String> = ["FreePiece", "Threat", "Attack", "Attacked", "Escape"]
        .iter()
        .map(|weight| format!("Escampe{weight}=0"))
        .collect();
    let mut fit = vec!["tune", "fit", &path];
    for zero in &zeros {
        fit.extend(["--option", zero]);
    }
    let (out, err, status) = kifu(&fit, b"");
    assert_eq!((out.as_str(), status), ("", Some(2)));
    assert_eq!(
        err,
        format!(
            "kifu: {path}: escampe: the evaluation does not tell these results: a higher score wins no more often (K fits at its least, 0.000001)\n"
        )
    );
}

#[test]
fn lotus_and_a_file_that_cannot_be_saved_are_refused() {
    let (out, err, status) = kifu(&["tune", "generate", "--game", "lotus"], b"");
    assert_eq!(
        (out.as_str(), err.as_str(), status),
        (
            "",
            "kifu: lotus has no evaluation weights to tune: its engine plays races out (Monte Carlo) and weighs no position\n",
            Some(2)
        )
    );
    let dir = scratch("a-folder");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.to_string_lossy();
    let args = [
        "tune", "generate", "--game", "mana", "--games", "1", "--depth", "1", "--out", &path,
    ];
    let (_, err, status) = kifu(&args, b"");
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.starts_with(&format!("kifu: cannot save {path}")),
        "{err}"
    );
}

/// `kifu tune book`: a small sample's book, the same bytes on one thread
/// and on two, each placement one of Black's, read back by the engine's
/// book; a game whose players place nothing is refused.
#[test]
fn book_writes_black_s_best_placements_the_same_on_any_number_of_threads() {
    let args = [
        "tune",
        "book",
        "--game",
        "escampe",
        "--sample",
        "6",
        "--keep",
        "2",
        "--screen-depth",
        "1",
        "--depth",
        "3",
        "--seed",
        "5",
    ];
    let (one, err, status) = kifu(&[&args[..], &["--jobs", "1"]].concat(), b"");
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(
        err,
        "kifu: weighed the best 6 against the best reply at depth 3\n"
    );
    let (two, _, _) = kifu(&[&args[..], &["--jobs", "2"]].concat(), b"");
    assert_eq!(one, two);
    let comments: Vec<&str> = one.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(
        comments.get(1).copied(),
        Some(
            "# the best reply, made by `kifu tune book --game escampe --keep 2 --screen-depth 1 --depth 3 --sample 6 --seed 5`"
        )
    );
    let book = kifu::engine::placement::Book::read(&one).unwrap_or_else(|e| panic!("{e}: {one}"));
    assert_eq!(book.entries.len(), 2, "{one}");
    for entry in &book.entries {
        let mut placing = kifu::game::GameKind::Escampe
            .placing(&[])
            .unwrap_or_else(|| panic!("placed"));
        assert!(placing.place(&entry.words).is_ok(), "{entry:?}");
    }
    let file = scratch("escampe.book");
    let path = file.to_string_lossy();
    let (out, _, status) = kifu(&[&args[..], &["--out", &path]].concat(), b"");
    assert_eq!((out.as_str(), status), ("", Some(0)));
    assert_eq!(std::fs::read_to_string(&file).ok(), Some(one));
    let (_, err, status) = kifu(&["tune", "book", "--game", "mana"], b"");
    assert_eq!(
        (err.as_str(), status),
        (
            "kifu: mana's start is not placed by its players: only escampe has a placement book\n",
            Some(2)
        )
    );
}
