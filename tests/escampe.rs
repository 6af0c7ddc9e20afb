//! Escampe through the library: perft against fixtures/escampe/perft.txt
//! (cross-checked by brute force), the rendered board with the line constraint
//! in force (insta snapshots, Unicode and ASCII), and exact rulings.

use kifu::draw::{Charset, Drawing};
use kifu::game::{AnyGame, Game};
use kifu::games::escampe::Escampe;

const SETUP: &str = "b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1";

fn after(moves: &[&str]) -> Escampe {
    let mut game = Escampe::with_setup(SETUP).unwrap_or_else(|e| panic!("{e}"));
    for mv in moves {
        AnyGame::play(&mut game, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

fn refusal(moves: &[&str], last: &str) -> String {
    let mut game = after(moves);
    AnyGame::play(&mut game, last)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[test]
fn the_start_is_unconstrained() {
    let game = after(&[]);
    assert_eq!(Game::constraint(&game), None);
    insta::assert_snapshot!(
        "start_unicode",
        Drawing::text(&game, &Charset::Unicode.into())
    );
    insta::assert_snapshot!("start_ascii", Drawing::text(&game, &Charset::Ascii.into()));
}

#[test]
fn a_landing_square_constrains_the_reply() {
    let game = after(&["e6-d6"]);
    assert_eq!(
        Game::constraint(&game).as_deref(),
        Some("Black must move a piece from a triple square")
    );
    insta::assert_snapshot!(
        "triple_unicode",
        Drawing::text(&game, &Charset::Unicode.into())
    );
    insta::assert_snapshot!("triple_ascii", Drawing::text(&game, &Charset::Ascii.into()));
}

#[test]
fn a_constraint_no_piece_can_obey_forces_a_pass() {
    let moves = [
        "e6-d6", "d2-c2", "a6-a5", "a1-b3", "d5-c5", "b2-a4", "f5-e6", "b3-b4", "c5-d5", "c2-d2",
        "a5-c4",
    ];
    let game = after(&moves);
    assert_eq!(
        Game::constraint(&game).as_deref(),
        Some("Black must move a piece from a single square; none can move, so Black must pass")
    );
    assert_eq!(AnyGame::legal_moves(&game), ["--"]);
    insta::assert_snapshot!(
        "forced_pass_unicode",
        Drawing::text(&game, &Charset::Unicode.into())
    );
    let mut passed = game.clone();
    AnyGame::play(&mut passed, "--").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Game::constraint(&passed), None);
    insta::assert_snapshot!(
        "after_pass_ascii",
        Drawing::text(&passed, &Charset::Ascii.into())
    );
}

#[test]
fn the_end_shows_the_winner() {
    let moves = [
        "d5-e5", "d2-e2", "e6-f6", "c1-c3", "e5-d5", "e2-f2", "c6-b5", "--", "b6-d6", "c3-e4",
        "a6-b6", "f2-d2", "d6-c4", "e4-e3", "--", "b2xc4",
    ];
    let game = after(&moves);
    let outcome = Game::outcome(&game).unwrap_or_else(|| panic!("not over"));
    assert_eq!(outcome.tag_value, "B+");
    assert_eq!(outcome.reason, "Unicorn captured");
    assert_eq!(AnyGame::legal_moves(&game), Vec::<String>::new());
    insta::assert_snapshot!(
        "black_wins_ascii",
        Drawing::text(&game, &Charset::Ascii.into())
    );
}

#[test]
fn rulings_are_explained_exactly() {
    assert_eq!(
        refusal(&["e6-d6"], "c1-c3"),
        "breaks the line constraint: Black must move a piece from a triple square (White's last move ended on d6), and c1 is a double square"
    );
    assert_eq!(
        refusal(&["e6-d6"], "--"),
        "a pass is allowed only when no legal move exists: a1-b3 is legal"
    );
    assert_eq!(refusal(&[], "e6xd6"), "x on a non-capture: d6 is empty");
    assert_eq!(
        refusal(&[], "e6-d6@a4"),
        "\"e6-d6@a4\": Escampe has no bird; a move ends at its square, like b1-b3"
    );
}

#[test]
fn the_position_tag_round_trips() {
    let value = "pu1ppp/5p/6/6/P5/UPPP1P b 2";
    let game = Escampe::with_position(value).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        Game::setup_tags(&game),
        [("Position".to_owned(), value.to_owned())]
    );
    assert_eq!(
        Game::constraint(&game).as_deref(),
        Some("Black must move a piece from a double square")
    );
    let turn = Game::turn(&game);
    // White moves first in Escampe, so Black to move opens with `1...`.
    assert_eq!((turn.number, turn.opens, turn.mover), (1, false, "Black"));
    assert_eq!(
        Game::setup_tags(&after(&["e6-d6"])),
        [(
            "Position".to_owned(),
            "PUPP2/3P1P/6/6/1p1p2/p1p1up b 3".to_owned()
        )]
    );
}

#[test]
fn bad_setups_say_what_is_wrong() {
    let error = |setup: &str| {
        Escampe::with_setup(setup)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        error("b6 a6 c6 d5 e6 f5 e1 a1 b2 c1 d2 f1"),
        "tag Setup: \"b6 a6 c6 d5 e6 f5 e1 a1 b2 c1 d2 f1\": expected White's six squares, '/', then Black's six, Unicorn first, like \"b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1\""
    );
    assert_eq!(
        error("b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 g1"),
        "tag Setup: \"g1\" is not a square (files a-f, ranks 1-6)"
    );
    assert_eq!(
        error("b6 a6 c6 d5 e6 f2 / e1 a1 b2 c1 d2 f1"),
        "tag Setup: White's group mixes the two edges (b6 and f2): a group stands on ranks 1-2 or on ranks 5-6"
    );
}

use crate::support::perft;

/// fixtures/escampe/perft.txt: the generator's counts, and the same counts
/// found without it, by trying every move text through the one reader and
/// the single-move check.
#[test]
fn perft_counts_match_the_fixture_and_a_brute_force_count() {
    let texts = perft::step_texts6();
    perft::check_with_texts::<Escampe>("escampe", 5, &texts, 3);
}
