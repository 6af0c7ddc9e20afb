//! Mana through the binary: rendered boards (insta), legal moves; and
//! perft against fixtures/mana/perft.txt, cross-checked by brute force.

use assert_cmd::Command;
use kifu::games::mana::Mana;

fn kifu(args: &[&str]) -> (String, Option<i32>) {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code(),
    )
}

const GAME: &str = "fixtures/mana/valid/white-wins-with-bird-squares.kifu";

fn render(ply: &str, ascii: bool) -> String {
    let mut args = vec!["render", GAME, "--ply", ply];
    if ascii {
        args.push("--ascii");
    }
    let (out, status) = kifu(&args);
    assert_eq!(status, Some(0));
    out
}

#[test]
fn renders_the_start_position() {
    insta::assert_snapshot!("start_unicode", render("0", false));
    insta::assert_snapshot!("start_ascii", render("0", true));
}

#[test]
fn renders_the_bird_after_a_move_that_places_it() {
    insta::assert_snapshot!("ply1_bird_on_b3_unicode", render("1", false));
    insta::assert_snapshot!("ply1_bird_on_b3_ascii", render("1", true));
}

#[test]
fn renders_a_bird_whose_square_was_not_written() {
    insta::assert_snapshot!("ply2_bird_square_unknown_ascii", render("2", true));
}

#[test]
fn renders_a_mid_game_position_with_captures() {
    insta::assert_snapshot!("ply12_unicode", render("12", false));
}

#[test]
fn renders_the_end_of_the_game() {
    let (out, status) = kifu(&["render", GAME, "--ascii"]);
    assert_eq!(status, Some(0));
    insta::assert_snapshot!("end_ascii", out);
}

#[test]
fn lists_the_legal_moves_of_the_first_position() {
    let (out, status) = kifu(&["moves", GAME, "--ply", "0"]);
    assert_eq!(status, Some(0));
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 16, "{out}");
    assert_eq!(moves[..3], ["a1-c2", "a1-b3", "a1-a4"]);
    assert_eq!(moves.last(), Some(&"f1-f3"));
}

#[test]
fn lists_nothing_when_the_game_is_over() {
    assert_eq!(kifu(&["moves", GAME]), (String::new(), Some(0)));
}

#[test]
fn a_ply_beyond_the_record_is_a_usage_error() {
    let (out, status) = kifu(&["render", GAME, "--ply", "99"]);
    assert_eq!((out.as_str(), status), ("", Some(2)));
}

#[test]
fn a_walled_in_side_can_only_pass() {
    let (out, status) = kifu(&[
        "moves",
        "fixtures/mana/valid/pass-then-forced-disobedience.kifu",
        "--ply",
        "0",
    ]);
    assert_eq!((out.as_str(), status), ("--\n", Some(0)));
}

use crate::support::perft;

/// fixtures/mana/perft.txt: the generator's counts, and the same counts
/// found without it, by trying every move text through the one reader and
/// the single-move check.
#[test]
fn perft_counts_match_the_fixture_and_a_brute_force_count() {
    let mut texts = perft::step_texts6();
    texts.extend((0..36).map(|square| format!("R*{}", perft::name6(square))));
    perft::check_with_texts::<Mana>("mana", 5, &texts, 3);
}
