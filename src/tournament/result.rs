//! A game's result as the standings count it, from the position a game
//! of a match ended in, or from its record (`kifu match --report`,
//! `--resume`).

use super::opening::{MainLine, MainLineError};
use super::termination::Termination;
use crate::game::{AnyGame, rank};
use crate::model::{GameResult, RaceSeat};
use crate::record::Record;
use compact_str::CompactString;

/// The result of a game that ended in `game`, played by `engines` (one
/// per seat, in turn order); `loser` is the seat that lost by failing,
/// if one did. Two players: the other one wins. More: the loser ranks
/// last, the others by their scores so far.
pub fn result_of_game(
    game: &dyn AnyGame,
    engines: Vec<String>,
    loser: Option<usize>,
) -> GameResult {
    let players = game.players();
    if let [first, second] = engines.as_slice() {
        let winner = match loser {
            Some(seat) => Some(1 - seat.min(1)),
            None => (game.outcome().and_then(|o| o.winner))
                .and_then(|winner| players.iter().position(|p| *p == winner)),
        };
        return GameResult::Duel {
            engines: [first.clone(), second.clone()],
            winner,
        };
    }
    let scores = game.scores();
    let score_of = |player: &str| {
        (scores.iter().flat_map(|s| s.iter()))
            .find(|s| s.player == player)
            .map_or(0, |s| s.score)
    };
    let kept: Vec<(CompactString, i32)> = (players.iter().enumerate())
        .filter(|(seat, _)| Some(*seat) != loser)
        .map(|(_, player)| (CompactString::from(*player), score_of(player)))
        .collect();
    let places = rank(&kept);
    let seats = (players.iter().zip(engines).enumerate())
        .map(|(seat, (player, engine))| RaceSeat {
            engine,
            score: score_of(player),
            place: match Some(seat) == loser {
                true => players.len(),
                false => (places.iter().find(|s| s.player == *player)).map_or(1, |s| s.place),
            },
        })
        .collect();
    GameResult::Race { seats }
}

/// Why a record is no match game whose result counts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordResultError {
    /// Its main line cannot be judged.
    #[error(transparent)]
    Line(#[from] MainLineError),
    /// Its tags do not say who played or how the game ended, after the
    /// record's line.
    #[error("{line}: {missing}")]
    Tags {
        /// The record's first line.
        line: usize,
        /// What the tags lack.
        missing: ResultTagsError,
    },
}

/// What a match record's tags lack to give its result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResultTagsError {
    /// No tag names the engine of a player (`White`).
    #[error("it has no {0} tag naming an engine")]
    NoEngine(String),
    /// No `Engines` tag, in a game of more than two players.
    #[error("it has no Engines tag")]
    NoEngines,
    /// An `Engines` tag with another number of engines than players.
    #[error("its Engines tag names {engines} engines for {players} players")]
    EngineCount {
        /// The engines it names.
        engines: usize,
        /// The game's players.
        players: usize,
    },
    /// A `Termination` that `kifu match` does not write.
    #[error("its Termination {0:?} is not one kifu match writes")]
    Termination(String),
}

/// The result of a match record: its game judged to its end, its
/// engines from the `White`/`Black`/`Red` tags (lotus: `Engines`), and
/// the player who lost by failing from its `Termination` tag: the one
/// to move at the end, unless a `Result` tag declares the winner (which
/// an adjudication by score does too).
///
/// # Errors
/// Why the record is no match game, after the line (and column) where it
/// is: its fault, an engine tag missing, or a `Termination` kifu does not
/// write.
pub fn result_of_record(record: &Record) -> Result<GameResult, RecordResultError> {
    let line = MainLine::of(record)?;
    recorded_result(record, line.end.as_ref()).map_err(|missing| RecordResultError::Tags {
        line: record.first_line(),
        missing,
    })
}

/// [`result_of_record`] of a record whose game ended in `game`.
fn recorded_result(record: &Record, game: &dyn AnyGame) -> Result<GameResult, ResultTagsError> {
    let players = game.players();
    let engines: Vec<String> = match players.len() {
        2 => (players.iter())
            .map(|player| {
                record
                    .tag(player)
                    .map(str::to_owned)
                    .ok_or_else(|| ResultTagsError::NoEngine((*player).to_owned()))
            })
            .collect::<Result<_, _>>()?,
        count => {
            let engines = record.tag("Engines").ok_or(ResultTagsError::NoEngines)?;
            let engines: Vec<String> = engines.split(", ").map(str::to_owned).collect();
            if engines.len() != count {
                return Err(ResultTagsError::EngineCount {
                    engines: engines.len(),
                    players: count,
                });
            }
            engines
        }
    };
    let termination = match record.tag("Termination") {
        None => Termination::Normal,
        Some(value) => Termination::from_tag(value)
            .ok_or_else(|| ResultTagsError::Termination(value.to_owned()))?,
    };
    let mover = game.turn().mover;
    let declared = (record.tag("Result"))
        .and_then(|token| token.strip_suffix('+'))
        .and_then(|initial| (players.iter()).position(|p| p.get(..1) == Some(initial)));
    let loser = match (termination, declared) {
        (_, Some(winner)) if termination != Termination::Normal && players.len() == 2 => {
            Some(1 - winner.min(1))
        }
        _ if !termination.has_loser() => None,
        _ => players.iter().position(|p| *p == mover),
    };
    Ok(result_of_game(game, engines, loser))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameKind, Tags};
    use crate::record::Tag;

    fn lotus() -> Box<dyn AnyGame> {
        let tags = [Tag {
            name: "Players".into(),
            value: "red green orange".into(),
            offset: 0,
        }];
        GameKind::Lotus.start(Tags::new(&tags)).expect("a start")
    }

    #[test]
    fn a_seat_that_failed_ranks_last_and_the_others_by_their_scores() {
        let engines = vec!["a".to_owned(), "b".to_owned(), "a".to_owned()];
        let seat = |engine: &str, place| RaceSeat {
            engine: engine.to_owned(),
            score: 0,
            place,
        };
        assert_eq!(
            result_of_game(lotus().as_ref(), engines.clone(), Some(1)),
            GameResult::Race {
                seats: vec![seat("a", 1), seat("b", 3), seat("a", 1)]
            }
        );
        assert_eq!(
            result_of_game(lotus().as_ref(), engines, None),
            GameResult::Race {
                seats: vec![seat("a", 1), seat("b", 1), seat("a", 1)]
            }
        );
    }
}
