//! `kifu analyse` through the binary, at a fixed depth, where the
//! engine's search is the same from run to run: the annotated records
//! (pinned), that they validate, and what it refuses.

use crate::support::run;
use crate::support::terminal;

use run::kifu;
use std::time::Duration;
use terminal::Terminal;

/// `kifu analyse --depth 2 FILE`, checked to validate; its output.
fn analysed(file: &str) -> String {
    let (out, err, status) = kifu(&["analyse", "--depth", "2", file], b"");
    assert_eq!((err.as_str(), status), ("", Some(0)), "{file}");
    let (verdicts, err, status) = kifu(&["validate", "-"], out.as_bytes());
    assert_eq!(status, Some(0), "{verdicts}{err}");
    out
}

#[test]
fn each_game_is_annotated_with_scores_glyphs_and_better_lines() {
    insta::assert_snapshot!("mana", analysed("fixtures/mana/valid/black-wins.kifu"));
    insta::assert_snapshot!(
        "escampe",
        analysed("fixtures/escampe/valid/black-wins.kifu")
    );
    insta::assert_snapshot!(
        "shogun",
        analysed("fixtures/shogun/valid/custom-discs.kifu")
    );
}

#[test]
fn a_lotus_record_is_judged_turn_by_turn() {
    // Depth 1: each turn weighed against the best one turn ahead, by the
    // lead each gives; the glyph and score after a turn's last pawn move,
    // a better turn as a variation of the turn it betters.
    let (out, err, status) = kifu(
        &[
            "analyse",
            "--depth",
            "1",
            "fixtures/lotus/valid/six-players.kifu",
        ],
        b"",
    );
    assert_eq!((err.as_str(), status), ("", Some(0)));
    let (verdicts, err, status) = kifu(&["validate", "-"], out.as_bytes());
    assert_eq!(status, Some(0), "{verdicts}{err}");
    insta::assert_snapshot!("lotus", out.clone());
    // The same through KEP, its engine a process asked with `go ...
    // searchmoves` for each turn played that is not its own.
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_kifu"));
    let (through, err, status) = kifu(
        &[
            "analyse",
            "--depth",
            "1",
            "--engine",
            &engine,
            "fixtures/lotus/valid/six-players.kifu",
        ],
        b"",
    );
    assert_eq!((err.as_str(), status), ("", Some(0)));
    assert_eq!(through, out);
}

#[test]
fn lotus_past_depth_1_and_invalid_records_are_refused_with_the_reason() {
    let (out, err, status) = kifu(
        &[
            "analyse",
            "--depth",
            "2",
            "fixtures/lotus/valid/six-players.kifu",
        ],
        b"",
    );
    assert_eq!((out.as_str(), status), ("", Some(1)));
    assert_eq!(
        err,
        "kifu: fixtures/lotus/valid/six-players.kifu:1: lotus is searched at depth 1 (one whole turn ahead) or for a time: past one turn its engine plays races out to their end, with no depth to stop at: use --movetime (not --depth 2)\n"
    );
    let invalid = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 b6-b4 *\n";
    let (out, err, status) = kifu(&["analyse", "--depth", "1", "-"], invalid.as_bytes());
    assert_eq!((out.as_str(), status), ("", Some(1)));
    assert_eq!(
        err,
        "kifu: <stdin>:4:10: move 1 (White, ply 2) b6-b4: disobeys the bird: the bird is on a \
         single square, and a piece of yours on a single square can move, so you must move one of \
         those\n"
    );
}

#[test]
fn the_record_s_own_comments_and_glyphs_stay_beside_the_engine_s() {
    let record = "[Game \"mana\"]\n[Setup \"f1 b6\"]\n\n\
                  {a game} 1. d1-d2! $1 {good start} d6-b5 {hm} 2. e1-d3 *\n";
    let (out, err, status) = kifu(&["analyse", "--depth", "2", "-"], record.as_bytes());
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    // The engine's score follows the record's own comment; the record's
    // glyph and numeric glyph stay on their move.
    // (The record is wrapped at 80 columns wherever its words fall.)
    let flat = out.replace('\n', " ");
    for kept in ["{a game} 1. d1-d2! $1 {good start} {cp ", "d6-b5 {hm} {cp "] {
        assert!(flat.contains(kept), "{kept:?} in\n{out}");
    }
    let (verdicts, err, status) = kifu(&["validate", "-"], out.as_bytes());
    assert_eq!(status, Some(0), "{verdicts}{err}");
}

#[test]
fn on_a_terminal_a_long_analysis_shows_its_progress() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("analyse-progress");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/mana/valid/black-wins.kifu"
    );
    // Standard output goes to a file: the terminal shows standard error.
    let command = format!(
        "{} analyse --movetime 100 {file} > analysed.kifu",
        env!("CARGO_BIN_EXE_kifu")
    );
    let mut terminal = Terminal::start(&dir, &command);
    assert_eq!(terminal.exit(Duration::from_secs(60)), Some(0));
    let screen = terminal.screen();
    assert!(
        screen.contains(&format!("analysing {file}:1: position ")),
        "{screen:?}"
    );
    let analysed = std::fs::read_to_string(dir.join("analysed.kifu")).unwrap_or_default();
    assert!(analysed.contains("{cp "), "{analysed}");
}
