//! A review of a game of turns (lotus), with an engine scripted: each
//! turn judged whole, the engine asked to score each turn played that is
//! not its own, and an engine that does not heed `searchmoves` refused.

use super::{Class, Question, Review, ReviewError, View};
use crate::kep::Score;
use crate::record::parse_record;
use std::convert::Infallible;

/// A six-player race of 34 turns (101 pawn moves; the last turn ends the
/// game after two).
const RACE: &str = include_str!("../../fixtures/lotus/valid/six-players.kifu");

/// The engine's own turn everywhere: three moves of no race's.
const OWN: [&str; 3] = ["z1", "z2", "z3"];

/// A scripted engine: its own turn scores `cp 1000`; a turn it is asked
/// to weigh (`searchmoves`) it plays and scores `cp 0`, unless `deaf`.
fn engine(question: Question<'_>, deaf: bool) -> View {
    match question.only {
        only if !only.is_empty() && !deaf => View {
            best: Some(only.join(" ")),
            score: Some(Score::Cp(0)),
            line: only.to_vec(),
        },
        _ => View {
            best: Some(OWN.join(" ")),
            score: Some(Score::Cp(1000)),
            line: OWN.map(str::to_owned).to_vec(),
        },
    }
}

#[test]
fn each_turn_is_judged_whole_the_engine_asked_to_score_the_turn_played() {
    let record = parse_record(RACE.to_owned(), 1).unwrap_or_else(|e| panic!("{e}"));
    let mut asked = Vec::new();
    let review = Review::of(&record, |question| -> Result<View, Infallible> {
        asked.push((question.ply, question.only.join(" "), question.most));
        Ok(engine(question, false))
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(review.moves.len(), 34);
    assert_eq!(
        review.plies,
        (0..34).map(|t| 3 * t).chain([101]).collect::<Vec<_>>()
    );
    let players = ["cyan", "magenta", "violet", "orange", "amber", "red"];
    for (turn, judged) in review.moves.iter().enumerate() {
        let plies = &review.line[3 * turn..(3 * turn + 3).min(101)];
        assert_eq!(judged.played, plies.join(" "));
        assert_eq!(judged.mover, players[turn % 6]);
        assert_eq!(judged.after, Some(Score::Cp(0)));
        let better = judged.better.as_ref().map(|b| (b.best.as_str(), b.after));
        assert_eq!(better, Some(("z1 z2 z3", Some(Score::Cp(1000)))));
        // 0.52 against 0.22 of a first place: a blunder.
        assert!((judged.drop - 0.2962).abs() < 1e-3, "{}", judged.drop);
        assert_eq!(judged.class(), Some(Class::Blunder));
    }
    // Each turn's start, then the turn played weighed: 68 searches, the
    // most 35 positions and 34 turns.
    let expected: Vec<(usize, String, usize)> = (0..34)
        .map(|turn| (3 * turn, String::new(), 69))
        .chain((0..34).map(|turn| (3 * turn, review.moves[turn].played.clone(), 69)))
        .collect();
    let mut sorted = asked.clone();
    sorted.sort_by_key(|(ply, only, _)| (!only.is_empty(), *ply));
    assert_eq!(sorted, expected);
}

#[test]
fn an_engine_that_does_not_weigh_the_turn_asked_is_refused() {
    let record = parse_record(RACE.to_owned(), 1).unwrap_or_else(|e| panic!("{e}"));
    let refused = Review::of(&record, |question| -> Result<View, Infallible> {
        Ok(engine(question, true))
    });
    let Err(refused @ ReviewError::Unweighed { .. }) = refused else {
        panic!("{refused:?}");
    };
    assert_eq!(
        refused.to_string(),
        "1: asked to weigh the turn o0 r0 v0 after ply 0, the engine chose z1 z2 z3: a lotus review needs an engine that knows go's searchmoves"
    );
}
