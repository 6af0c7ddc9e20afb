//! An invalid record is not a dead end: `render`, `moves`, `json` and
//! `html` work up to its last legal ply, tell the fault on standard error
//! as `validate` does, and exit with status 1.

use crate::support::run;

use run::kifu;

/// A Mana record whose 24th ply comes after the game ended.
const OVER: &str = "fixtures/mana/invalid/move-after-daimyo-captured.kifu";
/// A Mana record whose second ply disobeys the bird.
const BIRD: &str = "fixtures/mana/invalid/disobeys-the-bird.kifu";

/// What `kifu validate` says of `file`.
fn verdict(file: &str) -> String {
    let (out, _, status) = kifu(&["validate", file], b"");
    assert_eq!(status, Some(1), "{file} is invalid");
    out
}

#[test]
fn render_draws_the_position_before_the_fault() {
    let (before, err, status) = kifu(&["render", OVER, "--ply", "23"], b"");
    assert_eq!((err.as_str(), status), (verdict(OVER).as_str(), Some(1)));
    let (drawn, err, status) = kifu(&["render", OVER], b"");
    assert_eq!(
        (drawn.as_str(), err.as_str(), status),
        (before.as_str(), verdict(OVER).as_str(), Some(1))
    );
    assert!(drawn.ends_with("Black wins: Daimyo captured\n"), "{drawn}");
    for format in ["svg", "text"] {
        let (drawn, _, status) = kifu(&["render", BIRD, "--format", format], b"");
        let (first, _, _) = kifu(&["render", BIRD, "--format", format, "--ply", "1"], b"");
        assert_eq!((drawn, status), (first, Some(1)), "{format}");
    }
}

#[test]
fn a_ply_before_the_fault_is_drawn_and_the_fault_still_told() {
    let (drawn, err, status) = kifu(&["render", OVER, "--ply", "3"], b"");
    assert!(drawn.contains("┌───┬"), "{drawn}");
    assert_eq!((err.as_str(), status), (verdict(OVER).as_str(), Some(1)));
}

#[test]
fn a_ply_past_the_fault_says_which_ply_to_ask_for() {
    let (drawn, err, status) = kifu(&["render", OVER, "--ply", "30"], b"");
    assert_eq!(drawn, "");
    assert_eq!(
        err,
        format!(
            "{}kifu: {OVER}: ply 30 is past the fault: --ply 23 shows the position before it\n",
            verdict(OVER)
        )
    );
    assert_eq!(status, Some(1));
}

#[test]
fn moves_lists_the_moves_before_the_fault() {
    let (listed, err, status) = kifu(&["moves", BIRD], b"");
    let (first, _, _) = kifu(&["moves", BIRD, "--ply", "1"], b"");
    assert!(listed.lines().count() > 1, "{listed}");
    assert_eq!(
        (listed, err.as_str(), status),
        (first, verdict(BIRD).as_str(), Some(1))
    );
}

#[test]
fn json_and_html_tell_the_fault_on_standard_error() {
    let (json, err, status) = kifu(&["json", BIRD], b"");
    assert_eq!((err.as_str(), status), (verdict(BIRD).as_str(), Some(1)));
    // The first move is played, the one at fault is not.
    assert!(json.contains("\"normalized\":\"e1-e4\""), "{json}");
    assert!(json.contains("\"text\":\"b6-b4\"}"), "{json}");
    let (page, err, status) = kifu(&["html", BIRD], b"");
    assert_eq!((err.as_str(), status), (verdict(BIRD).as_str(), Some(1)));
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..40]);
}
