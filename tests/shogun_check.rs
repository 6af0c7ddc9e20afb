//! Shogun's attacks and ends: a Shogun in check, a game won by the moves,
//! and a record that starts from a position that is already finished.

use crate::support::shogun as support;

use kifu::draw::{Charset, Drawing};
use kifu::game::Game;
use support::{play, position, start};

#[test]
fn a_shogun_in_check_is_marked() {
    let mut game = start(&[]);
    play(
        &mut game,
        "d1-d5 c8-d6 d5-e7 d6-b6 f1-f4 h8-h4 c1-b2 h4-g4 e7-e6+",
    );
    assert!(game.outcome().is_none());
    insta::assert_snapshot!("check_unicode", game.text(&Charset::Unicode.into()));
    insta::assert_snapshot!("check_ascii", game.text(&Charset::Ascii.into()));
}

#[test]
fn a_finished_game_names_the_winner() {
    let mut game = start(&[
        ("Setup", "ZYZXSXYX/XYXSYXZZ"),
        ("First", "red"),
        ("Rotation", "270"),
    ]);
    play(
        &mut game,
        "e8-b7 b1-c4 d8-e8 c1-b2 g8-g5 d1-d4 e8-f7 e1-e2 b7-d5+ e2-g2 c8-b7 d4-e7+ f7-h7 c4-a5 g5-f5+",
    );
    let outcome = game.outcome().unwrap_or_else(|| panic!("not over"));
    assert_eq!(outcome.token, Some("R+"));
    assert_eq!(outcome.tag_value, "R+");
    assert_eq!(outcome.winner.as_deref(), Some("Red"));
    assert_eq!(outcome.reason, "White has no legal move (Shogun attacked)");
    assert!(Game::legal_moves(&game).is_empty());
    insta::assert_snapshot!("mate_ascii", game.text(&Charset::Ascii.into()));
}

/// The ruling of kifu-rules(7): a position where the side to move already
/// meets an end condition is a finished game, won by the other side.
#[test]
fn a_position_that_meets_an_end_condition_is_a_finished_game() {
    for (value, token, reason) in [
        (
            "3s4/8/8/8/8/3y4/8/3XSX2 r",
            "W+",
            "Red has only the Shogun and one piece left",
        ),
        (
            "3s4/8/8/8/8/8/8/3XSX2 r",
            "W+",
            "Red has only the Shogun left",
        ),
        (
            "8/8/8/3Y4/8/3Z1zX1/Z7/4xsyS r",
            "W+",
            "Red has no legal move (Shogun not attacked)",
        ),
        (
            "1xx1y2y/3z4/1xX2X2/2XY4/6Z1/3Z3s/2z1S3/Y7 r",
            "W+",
            "Red has no legal move (Shogun attacked)",
        ),
        (
            "3s4/3xx3/8/8/8/8/8/3XS3 w",
            "R+",
            "White has only the Shogun and one piece left",
        ),
    ] {
        let game = position(value);
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{value}: not over"));
        assert_eq!(outcome.token, Some(token), "{value}");
        assert_eq!(outcome.reason, reason, "{value}");
        assert!(Game::legal_moves(&game).is_empty(), "{value}");
        assert!(Game::is_over(&game), "{value}");
    }
}
