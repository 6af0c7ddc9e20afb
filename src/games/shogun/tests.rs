//! Unit tests of the Shogun rules.

use super::*;
use crate::game::Game;

fn position(value: &str) -> Shogun {
    Shogun::from_position(value).unwrap_or_else(|e| panic!("{value}: {e}"))
}

#[test]
fn a_position_value_round_trips() {
    for value in [
        "xyzszyxx/8/8/8/8/8/8/XXYZSZYX w",
        "1xx1y2y/3z3s/1xX2XY1/2X5/7Z/5z2/2S5/YZ6 w",
        "3s4/8/8/8/8/3y4/8/3XSX2 r",
    ] {
        assert_eq!(position(value).position_value(), value);
    }
}

#[test]
fn the_side_to_move_loses_with_its_shogun_and_one_piece() {
    let game = position("3s4/8/8/8/8/3y4/8/3XSX2 r");
    let outcome = game.outcome().unwrap_or_else(|| panic!("not over"));
    assert_eq!(outcome.reason, "Red has only the Shogun and one piece left");
    assert_eq!(outcome.tag_value, "W+");
    assert!(game.legal_moves().is_empty());
    let lone = position("3s4/8/8/8/8/8/8/3XSX2 r");
    assert_eq!(
        lone.outcome().map(|o| o.reason).as_deref(),
        Some("Red has only the Shogun left")
    );
}

#[test]
fn applying_a_shogun_move_follows_the_shogun() {
    let mut game = position("xyzszyxx/8/8/8/8/8/8/XXYZSZYX w");
    let mv: ShogunMove = "e1-e2".parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.check(&mv), Ok(()));
    game.apply(&mv);
    assert_eq!(game.shogun[Side::White.index()], 12);
    assert_eq!(game.piece_at(12), Some((Side::White, Kind::S)));
    assert_eq!(game.piece_at(4), None);
    assert_eq!(game.to_move(), Side::Red);
    assert_eq!(game.position_value(), "xyzszyxx/8/8/8/8/8/4S3/XXYZ1ZYX r");
}
