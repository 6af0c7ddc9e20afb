use super::*;
use crate::game::MoveFault;
use crate::games::lines::Reason;
use crate::random::Rng;

fn every_candidate() -> Vec<ManaMove> {
    let mut all = vec![ManaMove::Pass];
    for from in 0..36 {
        for to in 0..36 {
            for capture in [false, true] {
                all.push(ManaMove::Step {
                    from,
                    to,
                    capture,
                    bird: None,
                });
            }
        }
    }
    all.extend((0..36).map(|to| ManaMove::Enter { to, bird: None }));
    all
}

/// The single-move check and move generation agree on positions reached by
/// random play.
#[test]
fn check_agrees_with_legal_move_generation() {
    let candidates = every_candidate();
    let mut rng = Rng::new(1);
    for game in 0..16 {
        let mut mana = Mana::random_tags(&mut rng)
            .first()
            .map(|(_, setup)| Mana::with_setup(setup))
            .unwrap_or_else(|| panic!("no setup"))
            .unwrap_or_else(|e| panic!("{e:?}"));
        for ply in 0..200 {
            if mana.outcome().is_some() {
                break;
            }
            let legal = mana.legal_moves();
            let checked: Vec<ManaMove> = candidates
                .iter()
                .copied()
                .filter(|m| mana.check(m).is_ok())
                .collect();
            for m in &checked {
                let written_as_generated = match *m {
                    ManaMove::Step { from, to, .. } => legal.iter().any(|l| matches!(*l, ManaMove::Step { from: f, to: t, .. } if f == from && t == to)),
                    other => legal.contains(&other),
                };
                assert!(
                    written_as_generated,
                    "game {game} ply {ply}: {m} passes check but is not generated"
                );
            }
            for m in &legal {
                assert!(
                    mana.check(m).is_ok(),
                    "game {game} ply {ply}: generated {m} fails check"
                );
            }
            let pick = legal[rng.below(legal.len())];
            mana.apply(&pick);
        }
    }
}

/// Every step with or without a bird's square (on the end square, or on
/// a square of each kind), every re-entry and the pass.
fn every_candidate_with_birds() -> Vec<ManaMove> {
    let mut all = every_candidate();
    for from in 0..36 {
        for to in 0..36 {
            for capture in [false, true] {
                for bird in [to, 0, 1, 3] {
                    all.push(ManaMove::Step {
                        from,
                        to,
                        capture,
                        bird: Some(bird),
                    });
                }
            }
        }
    }
    all.extend((0..36).map(|to| ManaMove::Enter { to, bird: Some(to) }));
    all
}

/// The quick path of `check_and_apply` refuses and plays exactly what
/// `check` then `apply` do, on positions reached by random play.
#[test]
fn check_and_apply_agrees_with_check_then_apply() {
    let candidates = every_candidate_with_birds();
    let mut rng = Rng::new(2);
    for game in 0..3 {
        let mut mana = Mana::random_tags(&mut rng)
            .first()
            .map(|(_, setup)| Mana::with_setup(setup))
            .unwrap_or_else(|| panic!("no setup"))
            .unwrap_or_else(|e| panic!("{e:?}"));
        for ply in 0..120 {
            if mana.is_over() {
                break;
            }
            for m in &candidates {
                let mut fused = mana.clone();
                let mut apart = mana.clone();
                let fused_result = fused.check_and_apply(m);
                let apart_result = apart.check(m).map(|()| apart.apply(m));
                assert_eq!(fused_result, apart_result, "game {game} ply {ply}: {m}");
                assert_eq!(fused, apart, "game {game} ply {ply}: {m}");
            }
            let legal = mana.legal_moves();
            mana.apply(&legal[rng.below(legal.len())]);
        }
    }
}

#[test]
fn a_daimyo_capture_ends_the_game_for_the_capturer() {
    // The Black Ronin on c2 (a single square) steps onto the White Daimyo on c3.
    let mut mana = position("6/6/6/2d3/R1R3/5D b -");
    let mv: ManaMove = "c2xc3".parse().unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(mana.check(&mv), Ok(()));
    mana.apply(&mv);
    let outcome = mana.outcome().unwrap_or_else(|| panic!("not over"));
    assert_eq!(
        (outcome.token, outcome.reason.as_ref()),
        (Some("B+"), "Daimyo captured")
    );
    assert!(mana.legal_moves().is_empty());
}

fn position(value: &str) -> Mana {
    let tags = [crate::record::Tag {
        name: "Position".into(),
        value: value.into(),
        offset: 0,
    }];
    Mana::from_tags(Tags::new(&tags)).unwrap_or_else(|e| panic!("{e:?}"))
}

#[test]
fn the_bird_stands_on_the_moved_piece_when_no_square_of_its_kind_is_free() {
    // Every single square but c2 is taken; the Daimyo on a1 lands on c2.
    let start = position("r3r1/1r1r2/2d1r1/1R3R/R3R1/D2R2 b -");
    for text in ["a1-c2", "a1-c2@c2"] {
        let mut mana = start.clone();
        let mv: ManaMove = text.parse().unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(mana.check(&mv), Ok(()), "{text}");
        mana.apply(&mv);
        assert_eq!(mana.bird, Bird::at(8), "{text}");
    }
    let elsewhere: ManaMove = "a1-c2@d1".parse().unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(
        start.check(&elsewhere),
        Err(ManaError::Illegal(ManaIllegal::BirdOnPiece { bird: 3 }))
    );
    let error = start
        .check(&elsewhere)
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    assert_eq!(
        (error.code(), error.message("a1-c2@d1").as_str()),
        (
            "mana.bird-on-piece",
            "bad bird square: a piece stands on d1"
        )
    );
}

#[test]
fn a_bird_whose_square_is_not_known_is_written_by_its_lines() {
    // The record names no bird square: the bird stands on some double
    // square, of the kind of a4.
    let mut mana = position("r1rdrr/6/3r2/2R3/6/R1DRRR b -");
    let mv: ManaMove = "a1-a4".parse().unwrap_or_else(|e| panic!("{e:?}"));
    mana.apply(&mv);
    let value = setup::position_value(&mana);
    assert_eq!(value, "r1rdrr/6/R2r2/2R3/6/2DRRR w 2");
    let read = position(&value);
    assert_eq!((read.bird, read.to_move), (mana.bird, mana.to_move));
    assert_eq!(setup::position_value(&read), value);
    // No square of its kind free: the bird stands on the piece just moved.
    let mut full = position("r3r1/1r1r2/2d1r1/1R3R/R3R1/D2R2 b -");
    let mv: ManaMove = "a1-c2".parse().unwrap_or_else(|e| panic!("{e:?}"));
    full.apply(&mv);
    assert_eq!(setup::position_value(&full), "r3r1/1r1r2/2d1r1/1R3R/R1D1R1/3R2 w 1");
}

#[test]
fn the_position_tag_round_trips_through_the_shared_board_text() {
    let value = "r1rdrr/6/3r2/2R3/6/R1DRRR w a3";
    let tags = [crate::record::Tag {
        name: "Position".into(),
        value: value.into(),
        offset: 0,
    }];
    let mana = Mana::from_tags(Tags::new(&tags)).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(setup::position_value(&mana), value);
    let error = |board: &str| {
        let tags = [crate::record::Tag {
            name: "Position".into(),
            value: format!("{board} b -").into(),
            offset: 0,
        }];
        Mana::from_tags(Tags::new(&tags))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        error("rrdrrr/6/6/6/6/RRDRRRR"),
        "tag Position: rank 1 (\"RRDRRRR\") holds more than 6 squares"
    );
    assert_eq!(
        error("rrdrrr/6/6/6/6/RRDRR"),
        "tag Position: rank 1 (\"RRDRR\") does not hold 6 squares"
    );
    assert_eq!(
        error("rrdrrr/6/6/6/RRDRRR"),
        "tag Position: \"rrdrrr/6/6/6/RRDRRR\": the board has 6 ranks separated by '/', not 5"
    );
    assert_eq!(
        error("rrdrrr/6/6/6/6/RRDRRX"),
        "tag Position: 'X' is not a Mana piece (D, R, d, r) or a digit"
    );
}

#[test]
fn every_fault_code_is_listed_once() {
    use crate::games::lines::StepFault;
    let illegal = [
        ManaIllegal::DisobeysBird { lines: 1 },
        ManaIllegal::PassWithAMove,
        ManaIllegal::PassWithARonin,
        ManaIllegal::NoCapturedRonin,
        ManaIllegal::EntryOccupied { to: 0 },
        ManaIllegal::EntryWhilePieceMoves { lines: None },
        ManaIllegal::BirdWrongKind { to: 0, bird: 1 },
        ManaIllegal::BirdOnPiece { bird: 0 },
        ManaIllegal::Step(StepFault::FalseCapture { to: 0 }),
    ];
    let syntax = [ManaSyntax::AfterBird { at: 0 }, ManaSyntax::NotARonin];
    let mut found: Vec<&str> = illegal.iter().map(|f| f.code()).collect();
    found.extend(syntax.iter().map(|f| f.code()));
    found.extend(setup::LINE_CODES.all());
    found.extend(setup::SETUP_CODES);
    crate::games::lines::assert_codes_match(Mana::CODES, &found, "mana.");
}

fn tags_error(name: &str, value: &str) -> SetupError {
    let tags = [crate::record::Tag {
        name: name.to_owned().into(),
        value: value.into(),
        offset: 0,
    }];
    Mana::from_tags(Tags::new(&tags))
        .err()
        .unwrap_or_else(|| panic!("{value} accepted"))
}

fn codes_and_text(error: &SetupError) -> (Vec<&'static str>, String) {
    (error.reasons().map(|r| r.code).collect(), error.to_string())
}

#[test]
fn a_setup_error_lists_every_independent_reason() {
    // Two Black Daimyos, six White Ronins, and the bird on a piece.
    let error = tags_error("Position", "rrrdrr/r5/6/6/6/R1DRDR b a1");
    assert_eq!(
        codes_and_text(&error),
        (
            vec![
                "mana.daimyo-count",
                "mana.ronin-count",
                "mana.bird-on-occupied"
            ],
            "tag Position: Black has 2 Daimyos; each side has exactly one; \
             tag Position: White has 6 Ronins; each side has at most five; \
             tag Position: the bird cannot stand on a1: a piece stands there"
                .to_owned()
        )
    );
    // A side to move and a bird that cannot be read, and a board that can.
    let error = tags_error("Position", "6/6/6/6/6/6 x z9");
    assert_eq!(
        codes_and_text(&error).0,
        ["mana.side-to-move", "mana.bird-square"]
    );
    // Both Daimyos off their home double squares.
    let error = tags_error("Setup", "a1 d6");
    assert_eq!(
        codes_and_text(&error),
        (
            vec!["mana.daimyo-square", "mana.daimyo-square"],
            "tag Setup: \"a1\": Black's Daimyo stands on a double square of rank 1: b1, c1 or f1; \
             tag Setup: \"d6\": White's Daimyo stands on a double square of rank 6: b6, c6 or f6"
                .to_owned()
        )
    );
}

#[test]
fn read_setup_keeps_the_tags_unjudged_and_from_setup_judges_them() {
    let tags = [crate::record::Tag {
        name: "Setup".into(),
        value: "a1 c6".into(),
        offset: 0,
    }];
    let setup = Mana::read_setup(Tags::new(&tags)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(setup, ManaSetup::Daimyos([0, 32]));
    let error = Mana::from_setup(setup)
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    assert_eq!(error.first().code, "mana.daimyo-square");
    assert_eq!(
        Mana::from_setup(ManaSetup::Daimyos([2, 32])).map(|m| m.setup_tags()),
        Ok(vec![("Setup".to_owned(), "c1 c6".to_owned())])
    );
}

/// Only the standard start, Black to move with the bird off, is written
/// as `Setup`: the same board with White to move, or with the bird on, is
/// a `Position`.
#[test]
fn setup_tags_are_a_setup_only_for_the_standard_start() {
    let tags = |value: &str| position(value).setup_tags();
    assert_eq!(
        tags("rrdrrr/6/6/6/6/RRDRRR b -"),
        [("Setup".to_owned(), "c1 c6".to_owned())]
    );
    for value in ["rrdrrr/6/6/6/6/RRDRRR w -", "rrdrrr/6/6/6/6/RRDRRR b 2"] {
        assert_eq!(
            tags(value),
            [("Position".to_owned(), value.to_owned())],
            "{value}"
        );
    }
}
