//! Shogun's move generation in the perft style: the counts of
//! `fixtures/shogun/perft.txt`, and the same counts found by trying every
//! move through the single-move check.

use crate::support::shogun as support;

use crate::support::perft;

use kifu::game::{GameKind, Tags};
use kifu::games::shogun::Shogun;
use support::{brute_force, read, start};

#[test]
fn perft_counts_match_the_fixture() {
    perft::check_generator::<Shogun>(&perft::cases("shogun", 8));
}

#[test]
fn brute_force_perft_agrees_to_depth_two() {
    let cases = perft::cases("shogun", 8);
    perft::check_brute::<Shogun, _>(&cases, 2, perft::Agree::Texts, |_| {
        |game: &Shogun| {
            brute_force(game)
                .iter()
                .map(|text| read(game, text))
                .collect()
        }
    });
}

#[test]
fn any_game_perft_is_the_same() {
    let game = start(&[]);
    let boxed = GameKind::Shogun
        .start(Tags::new(&[]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        kifu::game::AnyGame::perft(boxed.as_ref(), 2),
        kifu::game::perft(&game, 2)
    );
}
