//! Rules of kifu-rules(7), FLOWER OF THE LOTUS, on small positions.

use super::*;
use crate::game::MoveFault;
use crate::record::Tag;

fn start(players: &str, course: Option<&str>) -> Lotus {
    let mut tags = vec![Tag {
        name: "Players".into(),
        value: players.into(),
        offset: 0,
    }];
    if let Some(course) = course {
        tags.push(Tag {
            name: "Course".into(),
            value: course.into(),
            offset: 0,
        });
    }
    Lotus::from_tags(Tags::new(&tags)).unwrap_or_else(|e| panic!("{e}"))
}

fn try_play(game: &mut Lotus, text: &str) -> Result<(), String> {
    let mv = game
        .read_move(text.as_bytes())
        .map_err(|e| e.message(text))?;
    game.check(&mv).map_err(|e| e.message(text))?;
    game.apply(&mv);
    Ok(())
}

fn play(game: &mut Lotus, moves: &str) {
    for mv in moves.split_whitespace() {
        try_play(game, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

fn squares(game: &Lotus) -> Vec<u16> {
    game.pawns().iter().map(|p| p.pos).collect()
}

#[test]
fn pawns_on_the_start_are_last_and_skip_occupied_squares() {
    let mut game = start("red green orange", None);
    play(&mut game, "r0 g0 o0");
    // r0: 1 + 2 -> 3; g0: 2 + 2 free squares 1 2 4 5 -> 5; o0: 3 + 2 -> 7.
    assert_eq!(squares(&game), [3, 0, 0, 5, 0, 0, 7, 0, 0]);
    assert_eq!(game.hands[1][Flower::Yellow.index()], 1);
    assert_eq!(game.turn().number, 2);
    assert_eq!(game.turn().mover, "green");
    assert!(game.turn().opens);
}

#[test]
fn each_turn_number_names_its_player_in_turn_order() {
    let mut game = start("red green orange", None);
    for _ in 0..4 {
        let mv = game.legal_moves()[0];
        game.apply(&mv);
    }
    // Turn 2 (green) is in progress.
    let movers: Vec<_> = (1..=7).map(|n| game.mover_of(n)).collect();
    assert_eq!(
        movers,
        ["red", "green", "orange", "red", "green", "orange", "red"]
    );
}

#[test]
fn with_the_start_empty_the_hindmost_pawn_is_last() {
    let mut game = start("a b c d e f", None);
    // Six players, two pawns each: empty the start in four turns.
    play(&mut game, "a0 b0 c0 d0 e0 f0 a0 b0 c0 d0 e0 f0");
    assert!(game.pawns().iter().all(|p| p.pos > 0));
    let hindmost = game.pawns().iter().map(|p| p.pos).min().unwrap_or(0);
    let pawn = game.pawns().iter().copied().find(|p| p.pos == hindmost);
    let others = game.pawns().iter().copied().filter(|p| p.pos != hindmost);
    assert!(pawn.is_some_and(|p| game.is_last(p)));
    assert!(others.clone().all(|p| !game.is_last(p)));
}

#[test]
fn a_count_past_the_course_enters_the_arrival_and_place_four_ends_the_game() {
    // Thirteen lily squares and nothing else: a pawn from 0 moving 3 lands on
    // 3, and a pawn near the end runs into the arrival.
    let mut game = start("red green orange", Some("LLLLLLLLLLLLL"));
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 3);
    let mut plies = 0;
    while game.outcome().is_none() && plies < 200 {
        let mv = game.legal_moves()[0];
        game.apply(&mv);
        plies += 1;
    }
    let outcome = game.outcome().unwrap_or_else(|| panic!("no end"));
    assert_eq!(game.arrived, 4);
    assert_eq!(outcome.token, None);
    assert!(outcome.reason.starts_with("place 4 taken; "), "{}", outcome.reason);
    let total: u32 = game
        .hands
        .iter()
        .flat_map(|h| h.iter())
        .map(|&n| u32::from(n))
        .sum::<u32>()
        + game.squares().iter().filter_map(|s| s.flower).count() as u32;
    assert_eq!(total, 17, "no flower is lost without a stone");
    assert_eq!(game.constraint(), None);
    assert!(game.legal_moves().is_empty());
}

#[test]
fn the_third_pawn_must_not_be_a_third_own_pawn() {
    let mut game = start("red green orange", None);
    play(&mut game, "r0 r0");
    assert!(game.legal_moves().iter().all(|m| m.owner != 0));
    assert_eq!(
        game.constraint().as_deref(),
        Some(
            "red's turn: third pawn move, 3 squares (5 for a last pawn); the first two were your own pawns, so this one must be another player's"
        )
    );
    assert_eq!(
        try_play(&mut game, "r0"),
        Err(
            "three own pawns: at least one of the three pawns must belong to another player"
                .to_owned()
        )
    );
}

#[test]
fn a_pawn_moved_twice_is_told_apart_from_a_third_own_pawn() {
    let mut game = start("red green orange", None);
    play(&mut game, "r0 r0");
    // Both moved pawns are blocked with the third red one.
    for moved in [0, 1] {
        let at = game.pawns()[moved].pos;
        assert_eq!(
            try_play(&mut game, &format!("r{at}")),
            Err(format!(
                "the same pawn twice: red's pawn on {at} has already moved this turn"
            ))
        );
    }
    play(&mut game, "g0");
    assert_eq!(
        game.constraint().as_deref().map(|c| c.contains("your own")),
        Some(false)
    );
}

#[test]
fn a_move_of_nobody_finds_no_pawn_on_an_empty_square() {
    let game = start("red green orange", None);
    let mv = LotusMove {
        owner: NOBODY,
        letter: b'x',
        from: 7,
        choice: Choice::None,
    };
    assert_eq!(
        game.check(&mv).map_err(|e| e.message("x7")),
        Err("no such pawn: square 7 is empty, ? has no pawn there".to_owned())
    );
}

/// The table of stops answers every pawn move that stops among the eight
/// squares ahead, so that only a longer one takes the slower way.
#[test]
fn the_table_of_stops_answers_every_stop_among_the_eight_squares_ahead() {
    for skipped in 0..8 {
        for window in 0..256usize {
            let free: Vec<u8> = (1..=8u8)
                .filter(|ahead| window >> (ahead - 1) & 1 == 0)
                .collect();
            let stop = free.get(skipped).copied().unwrap_or(0);
            assert_eq!(
                rules::STOPS[skipped << 8 | window],
                stop,
                "{skipped} skipped, occupancy {window:08b}"
            );
        }
    }
}

/// The exchange that a refusal suggests (a frog square's bracket missing,
/// or a stone's written there) is one the owner can make: in random games,
/// every legal exchange, written without its bracket or with a stone's,
/// is refused with an example that is itself legal. (The examples once
/// named a flower the owner or the partner did not hold.)
#[test]
fn the_exchange_a_refusal_suggests_can_be_made() {
    use crate::random::Rng;
    let mut rng = Rng::new(8);
    let mut suggested = 0;
    for _ in 0..12 {
        let tags: Vec<Tag> = (Lotus::random_tags(&mut rng).into_iter())
            .map(|(name, value)| Tag {
                name: name.into(),
                value: value.into(),
                offset: 0,
            })
            .collect();
        let mut game = Lotus::from_tags(Tags::new(&tags)).unwrap_or_else(|e| panic!("{e}"));
        while !game.is_over() {
            let legal = Game::legal_moves(&game);
            for mv in &legal {
                if !matches!(mv.choice, Choice::Exchange { .. }) {
                    continue;
                }
                for wrong in [Choice::None, Choice::Stone(Flower::White)] {
                    let refused = game.check(&LotusMove { choice: wrong, ..*mv });
                    let example = match refused {
                        Err(LotusError::Illegal(illegal)) => match *illegal {
                            LotusIllegal::ExchangeDue { example, .. }
                            | LotusIllegal::StoneOnFrog { example, .. } => example,
                            other => panic!("{mv}: {other:?}"),
                        },
                        other => panic!("{mv}: {other:?}"),
                    };
                    let (give, with_letter, take) = example;
                    let with = game.players.seat(with_letter).unwrap_or(u8::MAX);
                    let choice = Choice::Exchange {
                        give,
                        with,
                        with_letter,
                        take,
                    };
                    let example = LotusMove { choice, ..*mv };
                    assert_eq!(game.check(&example), Ok(()), "{mv}: {example}");
                    suggested += 1;
                }
            }
            game.apply(&legal[rng.below(legal.len())]);
        }
    }
    assert!(suggested > 1000, "{suggested} examples");
}

#[test]
fn the_json_schema_names_the_letters_the_game_writes() {
    assert_eq!(
        Flower::ALL.map(Flower::letter),
        crate::game::json::lotus::FLOWERS
    );
}
