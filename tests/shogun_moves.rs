//! Shogun moves: the single-move check against legal-move generation, the
//! reason and code of every refused move, the canonical text of a move,
//! and the numbering of the plies.

use crate::support::shogun as support;

use kifu::game::{Game, MoveError};
use kifu::games::shogun::{Shogun, ShogunError, ShogunMove};
use support::{
    Rng, brute_force, error, generated, play, position, random_position, random_rank, read, start,
};

#[test]
fn the_single_move_check_agrees_with_legal_move_generation() {
    let mut rng = Rng(0x5EED_5140_6A11);
    let mut positions = 0;
    let mut checks = 0;
    let mut ends = 0;
    let rotations = ["0", "90", "180", "270"];
    for game_index in 0..16 {
        let setup = format!("{}/{}", random_rank(&mut rng, 4), random_rank(&mut rng, 3));
        let first = if game_index % 2 == 0 { "white" } else { "red" };
        let mut game = start(&[
            ("Setup", &setup),
            ("First", first),
            ("Rotation", rotations[game_index % 4]),
        ]);
        for _ in 0..40 {
            let expected = brute_force(&game);
            assert_eq!(generated(&game), expected, "{}", game.position_value());
            positions += 1;
            checks += usize::from(game.constraint().is_some());
            let moves = Game::legal_moves(&game);
            if moves.is_empty() {
                ends += 1;
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.apply(&mv);
        }
    }
    for _ in 0..300 {
        if let Some(game) = random_position(&mut rng) {
            assert_eq!(
                generated(&game),
                brute_force(&game),
                "{}",
                game.position_value()
            );
            positions += 1;
            checks += usize::from(game.constraint().is_some());
            ends += usize::from(game.outcome().is_some());
        }
    }
    assert!(positions > 600, "{positions} positions");
    assert!(checks > 20, "{checks} positions in check");
    assert!(ends >= 3, "{ends} finished positions");
}

/// Checks that each move of `cases` is refused with its code and words.
fn refused(game: &Shogun, cases: &[(&str, &str, &str)]) {
    for &(text, code, message) in cases {
        let error = error(game, text);
        assert_eq!(
            (error.code, error.message.as_str()),
            (code, message),
            "{text}"
        );
    }
}

#[test]
fn moves_are_refused_with_a_reason() {
    let reach = "the piece cannot reach that square";
    let mut game = start(&[]);
    refused(
        &game,
        &[
            (
                "a1-a2",
                "shogun.wrong-distance",
                &format!("{reach}: the X on a1 shows 4, and a2 is 1 square away"),
            ),
            (
                "g1-h2",
                "shogun.wrong-distance",
                &format!(
                    "{reach}: the Y on g1 shows 1, and h2 is 2 squares away (a piece never moves diagonally)"
                ),
            ),
            (
                "d1-d2",
                "shogun.wrong-distance",
                &format!("{reach}: the Z on d1 shows 4, and d2 is 1 square away"),
            ),
            (
                "d1-d3",
                "shogun.wrong-distance",
                &format!(
                    "{reach}: the Z on d1 shows 4, and d3 is 2 squares away (a path of 4 squares there would need more than one turn)"
                ),
            ),
            (
                "e8-e7",
                "shogun.opponent-piece",
                "no piece of the side to move there: e8 holds a Red piece and White is to move",
            ),
            (
                "e4-e5",
                "shogun.empty-square",
                "no piece of the side to move there: e4 is empty",
            ),
            (
                "a1-a1",
                "shogun.stays-put",
                &format!("{reach}: a move must leave its square, and the X on a1 shows 4"),
            ),
            (
                "a1xb1",
                "shogun.own-piece",
                &format!("{reach}: b1 holds one of your own pieces"),
            ),
            (
                "e1xe2",
                "shogun.false-capture-mark",
                "x on a non-capture: e2 is empty",
            ),
            (
                "e1-e2+",
                "shogun.false-check-mark",
                "+ on a move that does not attack: after the move no White piece attacks the Red Shogun on d8",
            ),
            (
                "e1-e9",
                "shogun.not-a-square",
                "not a Shogun move: \"e1-e9\": \"e9\" is not a square (files a-h, ranks 1-8)",
            ),
        ],
    );
    // a1-d2 is open by a2, b2, c2 though b1, c1, d1 block the other L path.
    let open = read(&game, "a1-d2");
    assert_eq!(game.check(&open), Ok(()));
    // The Z on d1 goes to d5, where it shows 3 and attacks d8.
    play(&mut game, "d1-d5+");
    assert_eq!(
        game.constraint().as_deref(),
        Some("Red's Shogun on d8 is attacked by the White Z on d5: the move must end the attack")
    );
    refused(
        &game,
        &[(
            "a8-a5",
            "shogun.leaves-shogun-attacked",
            "leaves own shogun attacked: it was attacked and still is: after the move the White Z on d5 (showing 3) could reach the Red Shogun on d8",
        )],
    );
}

#[test]
fn a_blocked_path_names_what_blocks_it() {
    let mut game = start(&[("Setup", "XZXZSXYY/YXYSZZXX"), ("First", "red")]);
    play(&mut game, "e8-b7 b1-e2");
    refused(
        &game,
        &[(
            "a8-e8",
            "shogun.path-blocked",
            "the piece cannot reach that square: the straight path is blocked at b8, c8, d8",
        )],
    );
    let mut game = start(&[("Setup", "ZYXYSZXX/XXYSZYZX"), ("Rotation", "90")]);
    play(&mut game, "c1-c2 b8-c5");
    refused(
        &game,
        &[(
            "b1-e2",
            "shogun.path-blocked",
            "the piece cannot reach that square: both L paths are blocked: the path turning at e1 by d1, e1, the path turning at b2 by c2 (a piece never jumps, and turns at most once)",
        )],
    );
}

#[test]
fn the_canonical_move_says_x_and_plus() {
    // The Z on d1 shows 4; on d5 (type C) it shows 3 and attacks d8.
    let game = start(&[]);
    let detail = game.describe(&read(&game, "d1-d5"));
    assert_eq!(detail.normalized, "d1-d5+");
    assert_eq!(
        serde_json::to_value(&detail.parts).unwrap_or_default(),
        serde_json::json!({"from": "d1", "to": "d5", "side": "white", "piece": "Z",
            "shows": 4, "check": true})
    );
    // The X on d1 (type B) shows 2; the Red Y on d3 can be taken.
    let game = position("3s4/8/8/8/8/3y4/8/3XSX2 w");
    let moves: Vec<String> = Game::legal_moves(&game)
        .iter()
        .filter(|m| m.from == 3)
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["d1-b1", "d1-c2", "d1-e2", "d1xd3"]);
    assert_eq!(game.describe(&read(&game, "d1-d3")).normalized, "d1xd3");
}

#[test]
fn odd_text_is_refused_with_its_code() {
    let game = start(&[]);
    for (text, code) in [
        ("", "shogun.not-a-square"),
        ("-", "shogun.not-a-square"),
        ("x", "shogun.not-a-square"),
        ("+", "shogun.not-a-square"),
        ("a", "shogun.not-a-square"),
        ("a1", "shogun.no-separator"),
        ("a1-", "shogun.not-a-square"),
        ("a1x", "shogun.not-a-square"),
        ("a1-a", "shogun.not-a-square"),
        ("é1-a1", "shogun.not-a-square"),
        ("a1-é1", "shogun.not-a-square"),
        ("a1—a2", "shogun.no-separator"),
        ("a1-a2+x", "shogun.text-after-move"),
        ("+a1-a2", "shogun.not-a-square"),
        ("a0-a1", "shogun.not-a-square"),
        ("a1-a9", "shogun.not-a-square"),
        ("i1-a1", "shogun.not-a-square"),
        ("A1-A2", "shogun.not-a-square"),
        ("a1-a2 ", "shogun.text-after-move"),
        ("a1 -a2", "shogun.no-separator"),
        ("a1--a2", "shogun.not-a-square"),
        ("a1xxa2", "shogun.not-a-square"),
    ] {
        let fault = game
            .read_move(text.as_bytes())
            .err()
            .unwrap_or_else(|| panic!("{text:?} was read"));
        let error = MoveError::of(&fault, text);
        assert_eq!(error.code, code, "{text:?}: {}", error.message);
        assert!(
            error
                .message
                .starts_with(&format!("not a Shogun move: {text:?}: ")),
            "{text:?}: {}",
            error.message
        );
    }
}

#[test]
fn a_move_parses_as_the_game_reads_it() {
    let game = start(&[]);
    for text in ["e1-e2", "d1xd5+", "a1-a5+"] {
        let parsed: Result<ShogunMove, _> = text.parse();
        assert_eq!(
            parsed.map_err(ShogunError::Syntax),
            game.read_move(text.as_bytes())
        );
    }
}

#[test]
fn red_moving_first_opens_each_numbered_move() {
    let mut game = start(&[("First", "red")]);
    let turn = game.turn();
    assert_eq!((turn.number, turn.opens, turn.mover), (1, true, "Red"));
    play(&mut game, "a8-a5");
    let turn = game.turn();
    assert_eq!((turn.number, turn.opens, turn.mover), (1, false, "White"));
    play(&mut game, "a1-a5");
    let turn = game.turn();
    assert_eq!((turn.number, turn.opens, turn.mover), (2, true, "Red"));
}
