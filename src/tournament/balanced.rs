//! The balanced starts a match of a two-player game opens from by
//! default, as chess testers open from a balanced book: positions a few
//! random plies from a random setup that the solver cannot decide within
//! 11 plies (shogun 7) and that a deep search scores within half a piece
//! of even. `benches/balanced.py` made them (`benches/README.md` says how);
//! each game's are a file of records in `src/tournament/starts/`.
//!
//! Every standard Mana start is a forced win for Black (`kifu solve`), and
//! two engines at one depth play one game again and again from one start:
//! a match from the standard start alone measures nothing.

use super::opening::{Opening, OpeningError};
use crate::game::GameKind;
use crate::record::RecordReader;

/// The starts of each two-player game, as records.
const STARTS: [(GameKind, &str); 3] = [
    (GameKind::Mana, include_str!("starts/mana.kifu")),
    (GameKind::Escampe, include_str!("starts/escampe.kifu")),
    (GameKind::Shogun, include_str!("starts/shogun.kifu")),
];

/// The records of `kind`'s balanced starts; `None` for a game that has
/// none (lotus: its races start from their setup).
pub fn balanced_records(kind: GameKind) -> Option<&'static str> {
    STARTS
        .iter()
        .find(|(game, _)| *game == kind)
        .map(|(_, text)| *text)
}

/// `kind`'s balanced starts, in the order shipped; `None` for a game that
/// has none.
///
/// # Errors
/// A start that opens no game: never, since the tests read every one.
pub fn balanced_openings(kind: GameKind) -> Option<Result<Vec<Opening>, OpeningError>> {
    let text = balanced_records(kind)?;
    let records = RecordReader::new(text.as_bytes());
    Some(
        records
            .map(|read| match read {
                Ok(Ok(record)) => Opening::of_record(&record),
                Ok(Err(e)) => Err(OpeningError::Balanced(e.to_string())),
                Err(e) => Err(OpeningError::Balanced(e.to_string())),
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Bounds, solve_game};
    use std::sync::atomic::AtomicBool;

    /// Every start opens a game of its own kind, in play; each is another
    /// position; the solver, a few plies deep, finds nothing forced.
    #[test]
    fn every_start_opens_an_undecided_game_of_its_kind() {
        for (kind, _) in STARTS {
            let openings = balanced_openings(kind)
                .expect("a two-player game has starts")
                .expect("every start opens a game");
            assert_eq!(openings.len(), 100, "{kind:?}");
            let mut seen = std::collections::HashSet::new();
            for opening in &openings {
                assert_eq!(opening.start.kind(), kind);
                let mut game = opening.start.box_clone();
                for mv in &opening.moves {
                    game.play(mv).expect("a legal move");
                }
                assert!(!game.is_over());
                let position = serde_json::to_string(&game.position_json()).expect("json");
                assert!(seen.insert(position), "{kind:?}: a start twice");
            }
            for opening in openings.iter().take(5) {
                let mut game = opening.start.box_clone();
                for mv in &opening.moves {
                    game.play(mv).expect("a legal move");
                }
                let bounds = Bounds {
                    depth: 5,
                    deadline: None,
                };
                let stop = AtomicBool::new(false);
                let solved = solve_game(game.as_ref(), bounds, &stop, &mut |_| {});
                let solved = solved.expect("a two-player game");
                assert_eq!((solved.proven, solved.depth), (None, 5), "{kind:?}");
            }
        }
        assert!(balanced_openings(GameKind::Lotus).is_none());
    }
}
