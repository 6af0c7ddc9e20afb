//! `kifu analyse` through the binary, at a fixed depth, where the
//! engine's search is the same from run to run: the annotated records
//! (pinned), that they validate, and what it refuses.

#[path = "support/run.rs"]
mod run;

use run::kifu;

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
fn lotus_and_invalid_records_are_refused_with_the_reason() {
    let (out, err, status) = kifu(
        &["analyse", "--depth", "1", "fixtures/examples/lotus.kifu"],
        b"",
    );
    assert_eq!(status, Some(1));
    assert_eq!(out, "");
    let first = err.lines().next().unwrap_or("");
    assert!(
        first.starts_with("kifu: fixtures/examples/lotus.kifu:")
            && first.ends_with(
                ": lotus is not analysed: its engine weighs whole turns, without scores"
            ),
        "{err}"
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
