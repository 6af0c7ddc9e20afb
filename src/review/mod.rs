//! The review of a game: the engine's view of every position of a record's
//! main line, each move judged by the chance of winning it gave away
//! against the engine's best move (searched alike), as lichess judges one,
//! with counts and an accuracy for each side; and the record written back
//! with the engine's scores, glyphs and better lines. `kifu analyse` and
//! the board's review (`kifu serve`) both make theirs here, each asking
//! its own engine.

use crate::game::{AnyGame, GameKind, MoveError, Numbering};
use crate::kep::Score;
use crate::record::Record;
use crate::tournament::{MainLine, MainLineError};

mod chance;
mod write;

pub use chance::{Class, Curve, accuracy, side_accuracy};

/// Why a lotus game is not reviewed at a depth past 1: kifu's engine
/// searches one whole turn ahead at depth 1, and past it plays races out
/// to their end (Monte Carlo), which no depth bounds.
pub const LOTUS_DEPTH: &str = "lotus is searched at depth 1 (one whole turn ahead) or for a time: past one turn its engine plays races out to their end, with no depth to stop at";

/// What the engine said of one position.
#[derive(Debug, Clone, Default)]
pub struct View {
    /// The move it would play; none when it resigns or the game is over.
    pub best: Option<String>,
    /// Its score, from the view of the player to move.
    pub score: Option<Score>,
    /// The line it expects, its best move first.
    pub line: Vec<String>,
}

/// One search a review asks for: the moves from the start to the position
/// to search, the search's number (from 0) and the most a review of this
/// record asks.
#[derive(Debug, Clone, Copy)]
pub struct Question<'a> {
    /// The game.
    pub kind: GameKind,
    /// The tags of its start, as an engine is told them.
    pub tags: &'a [(String, String)],
    /// The moves played to reach the position.
    pub moves: &'a [String],
    /// The plies of the main line before it.
    pub ply: usize,
    /// The engine's better move, played after those plies instead of the
    /// main line's, when the position is the one it reaches.
    pub better: Option<&'a str>,
    /// The moves the engine is to choose among (KEP's `searchmoves`): in
    /// a game of turns (lotus), the plies of the turn played, when it is
    /// not the engine's, so that the engine scores it from its mover's
    /// view; empty otherwise.
    pub only: &'a [String],
    /// This search's number, from 0.
    pub number: usize,
    /// The most searches the review may ask: every position, and one
    /// better move a move played.
    pub most: usize,
}

/// One move of the main line, judged: a ply, or in a game of turns
/// (lotus) a whole turn.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The move played (lotus: the turn's plies, a space between).
    pub played: String,
    /// Its player.
    pub mover: String,
    /// The score of the position it reached, from its mover's view: a
    /// win when it ended the game; none when the engine gave none.
    pub after: Option<Score>,
    /// The engine's best move in the position it was played in, and the
    /// line from there, when that move is another one.
    pub better: Option<Better>,
    /// The mover's chance of winning given away (from 0 to 1) against
    /// `better`; 0 when it played the engine's move.
    pub drop: f64,
}

/// The engine's move where another was played.
#[derive(Debug, Clone)]
pub struct Better {
    /// The move (lotus: the turn's plies, a space between).
    pub best: String,
    /// The line it expects, its move first (lotus: the turn's plies).
    pub line: Vec<String>,
    /// The score after it, from the mover's view, searched as the move
    /// played was.
    pub after: Option<Score>,
}

impl Judged {
    /// The class of the move: none for a good one.
    pub fn class(&self) -> Option<Class> {
        Class::of(self.drop)
    }

    /// Its accuracy, from 0 to 100.
    pub fn accuracy(&self) -> f64 {
        accuracy(self.drop)
    }

    /// Whether the engine's move scores better than the one played (a
    /// win sooner counts as better), so that its line is worth showing.
    pub fn bettered(&self) -> bool {
        match (&self.better, self.after) {
            (Some(Better { after: Some(b), .. }), Some(got)) => value(*b) > value(got),
            _ => false,
        }
    }
}

/// A score as one number, wins beyond every evaluation (an engine's `cp`
/// is kept within ±[`WIN`], and a win sooner is worth more).
fn value(score: Score) -> i32 {
    let sooner = |plies: u32| WIN + 1000 - plies.min(1000) as i32;
    match score {
        Score::Cp(n) => n.clamp(-WIN, WIN),
        Score::Win(plies) => sooner(plies),
        Score::Loss(plies) => -sooner(plies),
    }
}

/// Where [`value`] puts wins: past every evaluation an engine may give.
const WIN: i32 = 100_000;

/// How one side played: its moves' classes and its accuracy.
#[derive(Debug, Clone, PartialEq)]
pub struct Side {
    /// The player.
    pub player: String,
    /// Its moves in the main line.
    pub moves: usize,
    /// How many moves of each class, in the order of [`Class::ALL`].
    pub counts: [usize; 3],
    /// Its accuracy, from 0 to 100; none without moves.
    pub accuracy: Option<f64>,
}

/// A record's main line reviewed.
#[derive(Debug)]
pub struct Review {
    /// The game.
    pub kind: GameKind,
    /// The main line's plies.
    pub line: Vec<String>,
    /// Every position a move is played from, and the last: from the start
    /// to the end of the main line (lotus: where each turn starts, and
    /// the end of its last whole turn).
    pub positions: Vec<Box<dyn AnyGame>>,
    /// The plies of the main line before each position.
    pub plies: Vec<usize>,
    /// The engine's view of each of them.
    pub views: Vec<View>,
    /// Each move, judged.
    pub moves: Vec<Judged>,
    /// The curve its scores become chances by.
    pub curve: Curve,
}

/// The positions a review judges moves from, and the plies before each.
type Units = (Vec<Box<dyn AnyGame>>, Vec<usize>);

/// Why a record is not reviewed, after the line where it is.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError<E: std::error::Error + 'static> {
    /// The record's fault, or it starts no game.
    #[error(transparent)]
    Refused(MainLineError),
    /// The engine answered a turn asked for with another (it does not
    /// know `searchmoves`).
    #[error(
        "{line}: asked to weigh the turn {asked} after ply {ply}, the engine chose {chose}: a lotus review needs an engine that knows go's searchmoves"
    )]
    Unweighed {
        /// The record's first line.
        line: usize,
        /// The turn asked for.
        asked: String,
        /// The plies before it.
        ply: usize,
        /// The engine's choice.
        chose: String,
    },
    /// A move of its main line that does not replay.
    #[error(transparent)]
    Replay(#[from] MoveError),
    /// The engine's best move does not play.
    #[error("{line}: the engine's move {best} after ply {ply}: {error}")]
    Illegal {
        /// The record's first line.
        line: usize,
        /// The engine's move.
        best: String,
        /// The plies before it.
        ply: usize,
        /// Why it is refused.
        error: MoveError,
    },
    /// The engine failed.
    #[error("{line}: {error}")]
    Engine {
        /// The record's first line.
        line: usize,
        /// What failed.
        error: E,
    },
}

impl Review {
    /// The review of `record`'s main line, each position searched by
    /// `ask` (a position over is not asked), then, for each move that is
    /// not the engine's, the move played weighed against the engine's: in
    /// a two-player game the position after the engine's move is searched
    /// as the one after the move played was; in a game of turns (lotus),
    /// whose score after a turn is the next player's, the engine is asked
    /// to score the turn played itself (`searchmoves`).
    ///
    /// # Errors
    /// The record's fault, a best move that does not play, a turn asked
    /// for that the engine does not weigh, or the engine's failure.
    pub fn of<E: std::error::Error + 'static>(
        record: &Record,
        mut ask: impl FnMut(Question<'_>) -> Result<View, E>,
    ) -> Result<Self, ReviewError<E>> {
        let line = record.first_line();
        let MainLine { start, moves, .. } = MainLine::of(record).map_err(ReviewError::Refused)?;
        let kind = start.kind();
        let turns = start.numbering() == Numbering::Turns;
        let (positions, plies) = Self::units(start, &moves, turns)?;
        let units = plies.len() - 1;
        let most = positions.len() + units;
        let tags = positions[0].setup_tags();
        let mut number = 0;
        let mut search =
            |position: &dyn AnyGame, moves: &[String], better: Option<&str>, only: &[String]| {
                if position.is_over() {
                    return Ok(View::default());
                }
                let question = Question {
                    kind,
                    tags: &tags,
                    moves,
                    ply: moves.len() - usize::from(better.is_some()),
                    better,
                    only,
                    number,
                    most,
                };
                number += 1;
                ask(question).map_err(|error| ReviewError::Engine { line, error })
            };
        let mut views = Vec::new();
        for (position, &ply) in positions.iter().zip(&plies) {
            views.push(search(position.as_ref(), &moves[..ply], None, &[])?);
        }
        let curve = Curve::of(kind);
        let mut judged = Vec::new();
        for unit in 0..units {
            let (before, view) = (&positions[unit], &views[unit]);
            let (ply, next) = (plies[unit], plies[unit + 1]);
            let played = moves[ply..next].join(" ");
            let best = view.best.as_ref().filter(|&best| *best != played);
            // Lotus: the turn played, scored by the engine from its
            // mover's view; two-player games: the reply's score negated.
            let after = match (turns, best) {
                (true, Some(best)) => {
                    let asked = &moves[ply..next];
                    let view = search(before.as_ref(), &moves[..ply], None, asked)?;
                    if view.best.as_ref() != Some(&played) {
                        return Err(ReviewError::Unweighed {
                            line,
                            asked: played,
                            ply,
                            chose: view.best.unwrap_or_else(|| best.clone()),
                        });
                    }
                    view.score
                }
                (true, None) => view.score,
                (false, _) => after_score(positions[unit + 1].as_ref(), &views[unit + 1]),
            };
            let better = match best {
                Some(best) if turns => Some(Better {
                    best: best.clone(),
                    line: view.line.clone(),
                    after: view.score,
                }),
                Some(best) => {
                    let mut alternative = before.box_clone();
                    alternative
                        .play(best)
                        .map_err(|error| ReviewError::Illegal {
                            line,
                            best: best.clone(),
                            ply,
                            error,
                        })?;
                    let mut reached = moves[..ply].to_vec();
                    reached.push(best.clone());
                    let answer = search(alternative.as_ref(), &reached, Some(best), &[])?;
                    Some(Better {
                        best: best.clone(),
                        line: match view.line.is_empty() {
                            true => vec![best.clone()],
                            false => view.line.clone(),
                        },
                        after: after_score(alternative.as_ref(), &answer),
                    })
                }
                None => None,
            };
            let drop = match (&better, after) {
                (Some(Better { after: Some(b), .. }), Some(got)) => {
                    (curve.chance(*b) - curve.chance(got)).max(0.0)
                }
                _ => 0.0,
            };
            judged.push(Judged {
                played,
                mover: before.turn().mover.to_owned(),
                after,
                better,
                drop,
            });
        }
        Ok(Self {
            kind,
            line: moves,
            positions,
            plies,
            views,
            moves: judged,
            curve,
        })
    }

    /// The positions of the main line `moves` from `start` that a move is
    /// played from, and the last; with the plies before each. A move is a
    /// ply, or with `turns` (lotus) the plies of a whole turn (the plies of
    /// a turn left unfinished have no position).
    fn units(start: Box<dyn AnyGame>, moves: &[String], turns: bool) -> Result<Units, MoveError> {
        let mut game = start.box_clone();
        let (mut positions, mut plies) = (vec![start], vec![0]);
        for (ply, played) in moves.iter().enumerate() {
            game.play(played)?;
            // A turn the main line leaves unfinished is not judged.
            if !turns || game.is_over() || game.turn().opens {
                positions.push(game.box_clone());
                plies.push(ply + 1);
            }
        }
        Ok((positions, plies))
    }

    /// How each player played, in the order they first move.
    pub fn sides(&self) -> Vec<Side> {
        let players = self
            .positions
            .first()
            .map_or_else(Vec::new, |start| start.players());
        let mut sides: Vec<Side> = Vec::new();
        for player in players {
            let theirs: Vec<&Judged> = self.moves.iter().filter(|m| m.mover == player).collect();
            let mut counts = [0; 3];
            for class in theirs.iter().filter_map(|m| m.class()) {
                counts[class as usize] += 1;
            }
            let accuracies: Vec<f64> = theirs.iter().map(|m| m.accuracy()).collect();
            sides.push(Side {
                player: player.to_owned(),
                moves: theirs.len(),
                counts,
                accuracy: side_accuracy(&accuracies),
            });
        }
        let first = self.positions.first().map(|p| p.turn().mover.to_owned());
        sides.sort_by_key(|side| Some(&side.player) != first.as_ref());
        sides
    }

    /// The record's text with each move's score after it as a comment,
    /// its class's glyph, and the engine's better line as a variation.
    pub fn annotated(&self, record: &Record) -> String {
        write::annotated(record, self)
    }
}

/// The score of the position a move reached, from the view of the player
/// who moved: a win when the move ended the game, the engine's score of
/// the reply negated otherwise (none when it gave none).
fn after_score(position: &dyn AnyGame, view: &View) -> Option<Score> {
    match position.is_over() {
        true => Some(Score::Win(1)),
        false => view.score.map(negated),
    }
}

/// The score of the other side's view.
pub fn negated(score: Score) -> Score {
    match score {
        Score::Cp(n) => Score::Cp(-n),
        Score::Win(n) => Score::Loss(n),
        Score::Loss(n) => Score::Win(n),
    }
}

#[cfg(test)]
mod tests;
