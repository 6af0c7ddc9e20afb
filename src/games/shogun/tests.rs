//! Unit tests of the Shogun rules.

use super::*;
use crate::game::{Game, Tags};

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
    let mv: ShogunMove = "e1-e2".parse().unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(game.check(&mv), Ok(()));
    game.apply(&mv);
    assert_eq!(game.shogun[Side::White.index()], 12);
    assert_eq!(game.piece_at(12), Some((Side::White, Kind::S)));
    assert_eq!(game.piece_at(4), None);
    assert_eq!(game.to_move(), Side::Red);
    assert_eq!(game.position_value(), "xyzszyxx/8/8/8/8/8/4S3/XXYZ1ZYX r");
}

/// The game that tags given as names and values start.
fn started(tags: Vec<(String, String)>) -> Shogun {
    let tags: Vec<crate::record::Tag> = tags
        .into_iter()
        .map(|(name, value)| crate::record::Tag {
            name: name.into(),
            value: value.into(),
            offset: 0,
        })
        .collect();
    Shogun::from_tags(Tags::new(&tags)).unwrap_or_else(|e| panic!("{tags:?}: {e}"))
}

/// Random games from random setups, every position checked by `each`.
fn every_position_of_random_games(mut each: impl FnMut(&Shogun)) {
    let mut rng = crate::random::Rng::new(0x5140_6A11);
    for _ in 0..24 {
        let tags = Shogun::random_tags(&mut rng)
            .into_iter()
            .map(|(name, value)| (name.to_owned(), value))
            .collect();
        let mut game = started(tags);
        for _ in 0..200 {
            each(&game);
            let moves = Game::legal_moves(&game);
            if moves.is_empty() {
                break;
            }
            game.apply(&moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn the_kept_numbers_are_those_of_the_discs() {
    every_position_of_random_games(|game| {
        for square in 0..64 {
            let v = match game.piece_at(square) {
                Some((side, kind)) => {
                    let t = board::magnet(square, side, game.rotation % 180 == 90);
                    game.discs[kind.index()][usize::from(t)]
                }
                None => 0,
            };
            assert_eq!(game.shows(square), v, "{}", game.position_value());
            assert_eq!(game.shows_there(square, square), v);
            for side in 0..2 {
                let listed = game.showing[board::number_mask(v, side)] & bit(square) != 0;
                let owned = game.men[side] & bit(square) != 0;
                assert_eq!(listed, owned, "{}", game.position_value());
            }
        }
        let listed: Bits = game.showing.iter().fold(0, |all, &b| all | b);
        assert_eq!(listed, game.occupied(), "{}", game.position_value());
    });
}

#[test]
fn no_move_of_a_free_piece_leaves_its_shogun_attacked() {
    let mut moves_seen = 0;
    every_position_of_random_games(|game| {
        assert_eq!(game.free, game.free_pieces());
        for from in board::squares(game.free) {
            for to in 0..64 {
                let mv = ShogunMove {
                    from: from as u8,
                    to: to as u8,
                    capture: game.occupied() & bit(to) != 0,
                    check: false,
                };
                if game.check(&mv).is_ok() {
                    moves_seen += 1;
                    let mut after = game.clone();
                    after.apply(&mv);
                    assert_eq!(after.attacker_of(game.to_move), None, "{mv}");
                }
            }
        }
    });
    assert!(moves_seen > 10_000, "{moves_seen} moves of free pieces");
}

#[test]
fn the_settled_end_is_that_of_the_full_test() {
    let mut quick = 0;
    every_position_of_random_games(|game| {
        assert_eq!(game.loss, game.find_loss(), "{}", game.position_value());
        if game.surely_playing() {
            quick += 1;
            assert_eq!(game.find_loss(), None, "{}", game.position_value());
        }
        for side in 0..2 {
            let others = game.men[side].count_ones() - 1;
            assert_eq!(u32::from(game.others[side]), others);
        }
    });
    assert!(quick > 2000, "{quick} positions settled quickly");
}

#[test]
fn few_others_counts_up_to_one() {
    for men in [0, 1, 0b10, 0b11, 0b101, 0b111, 1 << 63, (1 << 63) | 1, !0] {
        let others = (men as Bits).count_ones().saturating_sub(1);
        let expected = (others <= 1).then_some(others);
        assert_eq!(rules::few_others(men), expected, "{men:b}");
    }
}

#[test]
fn a_move_gives_check_exactly_when_the_shogun_is_attacked_after_it() {
    let (mut checks, mut moves_seen) = (0, 0);
    every_position_of_random_games(|game| {
        let them = game.to_move.other();
        for mv in game.generate() {
            let mut after = game.clone();
            after.apply(&mv);
            let attacked = after.attacker_of(them).is_some();
            assert_eq!(mv.check, attacked, "{mv} in {}", game.position_value());
            moves_seen += 1;
            checks += usize::from(attacked);
        }
    });
    assert!(checks > 500 && moves_seen > 50_000, "{checks} checks in {moves_seen} moves");
}

/// The game the tags of `game`'s position (`setup_tags`) start.
fn restarted(game: &Shogun) -> Shogun {
    started(setup::tags_of(game))
}

#[test]
fn the_tags_of_a_position_start_that_position_with_its_numbering() {
    let same = |game: &Shogun| {
        let again = restarted(game);
        assert_eq!(again.position_value(), game.position_value());
        // Red's move keeps its place in a pair (First says Red opens);
        // White's opens one, as First cannot say otherwise of a Position.
        let opens = match game.to_move {
            Side::White => 0,
            Side::Red => game.plies % 2,
        };
        assert_eq!(again.plies % 2, opens, "{}", game.position_value());
        assert_eq!((again.rotation, again.discs), (game.rotation, game.discs));
    };
    every_position_of_random_games(same);
    // Full home ranks that are no setup: a piece of each side on the
    // other's rank, a Shogun off its square.
    for value in [
        "xyzszyxX/8/8/8/8/8/8/xXYZSZYX w",
        "xyzszyxx/8/8/8/8/8/8/XXYZZSYX w",
    ] {
        let game = position(value);
        assert_eq!(setup::tags_of(&game)[0].0, "Position", "{value}");
        same(&game);
    }
}

#[test]
fn the_json_schema_names_the_letters_the_game_writes() {
    use crate::game::json::shogun::{MAGNET_TYPES, PIECE_KINDS};
    assert_eq!(Kind::ALL.map(Kind::letter), PIECE_KINDS);
    assert_eq!([0, 1, 2, 3].map(board::type_letter), MAGNET_TYPES);
}

#[test]
fn a_piece_covers_the_squares_at_its_number_over_clear_paths() {
    let game = position("3s4/8/8/8/8/3y4/8/3XSX2 r");
    let names = |bits: Bits| board::squares(bits).map(board::square_name).collect::<Vec<_>>();
    // The X on d1 (a B magnet) shows 2: f1's path crosses the Shogun on e1,
    // and e2 is reached over d2.
    assert_eq!(game.shows(3), 2);
    assert_eq!(names(game.covers(3)), ["b1", "c2", "e2", "d3"]);
    assert_eq!(game.covers(20), 0, "an empty square covers nothing");
}

#[test]
fn a_free_piece_covers_what_it_may_move_to_and_its_own_pieces() {
    every_position_of_random_games(|game| {
        let own = game.men(game.to_move);
        let moves = game.generate();
        for from in board::squares(game.free) {
            let ends = (moves.iter().filter(|mv| usize::from(mv.from) == from))
                .fold(0, |bits, mv| bits | bit(usize::from(mv.to)));
            assert_eq!(game.covers(from) & !own, ends, "{from} in {}", game.position_value());
        }
    });
}
