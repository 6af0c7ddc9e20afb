use super::*;
use crate::games::lines::Reason;
use crate::random::Rng;

/// The quick path of `check_and_apply` refuses and plays exactly what
/// `check` then `apply` do, and `check` accepts exactly the generated
/// moves, on positions reached by random play.
#[test]
fn check_and_apply_agrees_with_check_then_apply() {
    let mut candidates = vec![EscampeMove::Pass];
    for from in 0..36 {
        for to in 0..36 {
            for capture in [false, true] {
                candidates.push(EscampeMove::Step { from, to, capture });
            }
        }
    }
    let mut rng = Rng::new(3);
    for game in 0..6 {
        let mut escampe = Escampe::random_tags(&mut rng)
            .first()
            .map(|(_, setup)| Escampe::with_setup(setup))
            .unwrap_or_else(|| panic!("no setup"))
            .unwrap_or_else(|e| panic!("{e}"));
        for ply in 0..150 {
            if escampe.is_over() {
                break;
            }
            let legal = escampe.legal_moves();
            for m in &candidates {
                let mut fused = escampe.clone();
                let mut apart = escampe.clone();
                let fused_result = fused.check_and_apply(m);
                let apart_result = apart.check(m).map(|()| apart.apply(m));
                assert_eq!(fused_result, apart_result, "game {game} ply {ply}: {m}");
                assert_eq!(fused, apart, "game {game} ply {ply}: {m}");
                let generated = match *m {
                    EscampeMove::Step { from, to, .. } => legal.iter().any(|l| {
                        matches!(*l, EscampeMove::Step { from: f, to: t, .. } if f == from && t == to)
                    }),
                    EscampeMove::Pass => legal.contains(m),
                };
                if fused_result.is_ok() {
                    assert!(
                        generated,
                        "game {game} ply {ply}: {m} passes but is not generated"
                    );
                }
            }
            for m in &legal {
                assert_eq!(escampe.check(m), Ok(()), "game {game} ply {ply}: {m}");
            }
            escampe.apply(&legal[rng.below(legal.len())]);
        }
    }
}

#[test]
fn every_fault_code_is_listed_once() {
    use crate::games::lines::StepFault;
    let illegal = [
        EscampeIllegal::BreaksConstraint {
            mover: Side::White,
            lines: 1,
            from: 0,
            last: None,
        },
        EscampeIllegal::UnicornTakes {
            mover: Side::White,
            from: 0,
            to: 1,
            owner: Side::Black,
        },
        EscampeIllegal::PaladinTaken {
            to: 0,
            owner: Side::Black,
        },
        EscampeIllegal::PassWithAMove {
            legal: EscampeMove::Pass,
        },
        EscampeIllegal::Step(StepFault::EmptySquare { from: 0 }),
    ];
    let syntax = [
        EscampeSyntax::NoReentry,
        EscampeSyntax::NotAMove,
        EscampeSyntax::NoBird,
    ];
    let mut found: Vec<&str> = illegal.iter().map(|f| f.code()).collect();
    found.extend(syntax.iter().map(|f| f.code()));
    found.extend(setup::LINE_CODES.all());
    found.extend(setup::SETUP_CODES);
    found.push(setup::IMPOSSIBLE_CONSTRAINT);
    crate::games::lines::assert_codes_match(Escampe::CODES, &found, "escampe.");
}

fn setup_error(text: &str, position: bool) -> (Vec<&'static str>, String) {
    let result = if position {
        Escampe::with_position(text)
    } else {
        Escampe::with_setup(text)
    };
    let error = result.err().unwrap_or_else(|| panic!("{text} accepted"));
    (error.reasons().map(|r| r.code).collect(), error.to_string())
}

#[test]
fn a_setup_error_lists_every_independent_reason() {
    // Two White Unicorns, and a constraint Black could not have set:
    // Black has no piece on a single square.
    assert_eq!(
        setup_error("1u1p1p/6/6/6/U5/UPPP1P w 1", true),
        (
            vec!["escampe.unicorn-count", "escampe.impossible-constraint"],
            "tag Position: White has 2 Unicorns; each side has exactly one; \
             tag Position: the constraint 1 says Black's last move ended on a single square, and no Black piece stands on one"
                .to_owned()
        )
    );
    // A square twice in White's group, and Black's group off the edges.
    assert_eq!(
        setup_error("b6 b6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f3", false).0,
        ["escampe.repeated-square", "escampe.off-edge"]
    );
    // Both groups misread.
    assert_eq!(
        setup_error("b6 a6 c6 / e1 a1 b2 c1 d2 z9", false),
        (
            vec!["escampe.group-size", "escampe.setup-square"],
            "tag Setup: White's group \"b6 a6 c6\" has 3 squares; each side places six, Unicorn first; \
             tag Setup: \"z9\" is not a square (files a-f, ranks 1-6)"
                .to_owned()
        )
    );
}

/// kifu-rules(7): a `Position`'s constraint must be one the side not to
/// move could have set, by a last move ending on a square of that kind.
#[test]
fn a_position_constraint_is_one_the_last_mover_could_have_set() {
    // White's pieces stand on a1 (triple), b1 and c1 (double): Black to
    // move may be held to 2 or 3 lines, not to 1.
    let board = "pu1ppp/5p/6/6/6/UPP3";
    for n in ["2", "3", "-"] {
        let game = Escampe::with_position(&format!("{board} b {n}"));
        assert!(game.is_ok(), "{n}: {game:?}");
    }
    assert_eq!(
        setup_error(&format!("{board} b 1"), true).0,
        ["escampe.impossible-constraint"]
    );
}


#[test]
    fn the_start_built_from_the_groups_is_the_one_its_setup_tag_states() {
        let mut rng = crate::random::Rng::new(11);
        for _ in 0..200 {
            let mut placing = super::placement::EscampePlacing::default();
            while placing.mover().is_some() {
                let words = crate::kep::random_placement(&placing, &mut rng);
                placing.place(&words).expect("a legal placement");
            }
            let (_, setup) = placing.tag().expect("placed");
            let built = placing.start().expect("all placed").expect("a start");
            let read = super::Escampe::with_setup(&setup).expect("a start");
            assert_eq!(built.own::<super::Escampe>(), Some(&read), "{setup}");
        }
    }
