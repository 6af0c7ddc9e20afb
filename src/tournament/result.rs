//! A game's result as the standings count it, from the position a game
//! of a match ended in, or from its record (`kifu match --report`,
//! `--resume`).

use super::opening::MainLine;
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
pub fn result_of_record(record: &Record) -> Result<GameResult, String> {
    let line = MainLine::of(record)?;
    recorded_result(record, line.end.as_ref()).map_err(|e| format!("{}: {e}", record.first_line()))
}

/// [`result_of_record`] of a record whose game ended in `game`.
fn recorded_result(record: &Record, game: &dyn AnyGame) -> Result<GameResult, String> {
    let players = game.players();
    let engines: Vec<String> = match players.len() {
        2 => (players.iter())
            .map(|player| {
                record
                    .tag(player)
                    .map(str::to_owned)
                    .ok_or_else(|| format!("it has no {player} tag naming an engine"))
            })
            .collect::<Result<_, _>>()?,
        count => {
            let engines = record.tag("Engines").ok_or("it has no Engines tag")?;
            let engines: Vec<String> = engines.split(", ").map(str::to_owned).collect();
            if engines.len() != count {
                return Err(format!(
                    "its Engines tag names {} engines for {count} players",
                    engines.len()
                ));
            }
            engines
        }
    };
    let termination = match record.tag("Termination") {
        None => Termination::Normal,
        Some(value) => Termination::from_tag(value)
            .ok_or_else(|| format!("its Termination {value:?} is not one kifu match writes"))?,
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
