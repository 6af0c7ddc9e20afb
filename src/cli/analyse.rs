//! `kifu analyse`: each record back with the engine's view of every move:
//! the score after it as a comment, `?` or `??` when it loses much, and
//! the engine's better line as a variation.

use super::Status;
use super::files::for_each_record;
use super::progress::Progress;
use crate::front::EngineError;
use crate::front::Ran;
use crate::front::args::AnalyseArgs;
use crate::game::{AnyGame, GameKind, MoveError, Numbering};
use crate::kep::{Decision, GameSoFar, Score};
use crate::model::{MoveNode, WrittenMoves};
use crate::play::{GameTree, NodeId};
use crate::record::{Record, write_record};
use crate::seat::{Clock, PATIENCE, Seat, Terms, TimeControl};
use crate::tournament::{MainLine, MainLineError};
use std::io::Write;
use std::time::Duration;

/// A move that loses more than this many hundredths of a piece is `?`.
pub(crate) const MISTAKE: i32 = 100;

/// A move that loses more than this many hundredths of a piece is `??`.
pub(crate) const BLUNDER: i32 = 300;

/// What the engine said of one position.
#[derive(Debug, Clone)]
struct View {
    best: Option<String>,
    score: Option<Score>,
    pv: Vec<String>,
}

/// Runs `kifu analyse`.
///
/// # Errors
/// An engine that cannot start, or a failure to write `out`.
pub(crate) fn run(args: &AnalyseArgs, out: &mut dyn Write) -> Ran {
    let mut engine = crate::seat::start(&args.engine, None).map_err(EngineError)?;
    let terms = args.terms();
    let files = super::files::named(args.file.as_slice());
    let progress = Progress::positions();
    let mut first = true;
    let status = for_each_record(files, |name, record| {
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                say!("kifu: {name}:{e}");
                return Ok(Status::Invalid);
            }
        };
        progress.begin(format!("{name}:{}", record.first_line()));
        match analyse(&record, engine.as_mut(), terms, &progress) {
            Ok(text) => {
                if !first {
                    writeln!(out)?;
                }
                first = false;
                out.write_all(text.as_bytes())?;
                Ok(Status::Ok)
            }
            Err(e) => {
                say!("kifu: {name}:{e}");
                Ok(Status::Invalid)
            }
        }
    });
    engine.leave();
    Ok(status?)
}

/// The time a search at a depth gets: ten minutes, a bound only against
/// an engine that never gets there.
const DEPTH_TIME: Duration = Duration::from_secs(600);

impl AnalyseArgs {
    /// The terms the engine searches each position under: `--movetime`,
    /// or `--depth` within [`DEPTH_TIME`].
    fn terms(&self) -> Terms {
        match self.depth {
            Some(depth) => Terms {
                time: TimeControl::MoveTime(DEPTH_TIME),
                depth: Some(depth),
                margin: PATIENCE,
            },
            None => Terms::patient(Duration::from_millis(self.movetime)),
        }
    }
}

/// Why a record is not analysed, after the line where it is.
#[derive(Debug, thiserror::Error)]
enum AnalyseError {
    /// The record's fault, or it starts no game.
    #[error(transparent)]
    Refused(MainLineError),
    /// A game numbered by turns (lotus).
    #[error(
        "{line}: {kind} is not analysed yet: its engine chooses and scores whole turns, and analyse weighs one move at a time"
    )]
    Turns {
        /// The record's first line.
        line: usize,
        /// Its game.
        kind: GameKind,
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
        error: EngineError,
    },
}

/// The text of `record` analysed.
///
/// # Errors
/// The record's fault, a lotus record, or the engine's failure, after the
/// line where the record is.
fn analyse(
    record: &Record,
    engine: &mut dyn Seat,
    terms: Terms,
    progress: &Progress,
) -> Result<String, AnalyseError> {
    let line = record.first_line();
    let MainLine { start, moves, .. } = MainLine::of(record).map_err(AnalyseError::Refused)?;
    if start.numbering() == Numbering::Turns {
        return Err(AnalyseError::Turns {
            line,
            kind: start.kind(),
        });
    }
    let tags = start.setup_tags();
    let mut positions = vec![start.box_clone()];
    for played in &moves {
        let Some(game) = positions.last() else { break };
        let mut next = game.box_clone();
        next.play(played)?;
        positions.push(next);
    }
    // Every position, then at most one alternative a move.
    progress.set_length(positions.len() + moves.len());
    let mut views = Vec::new();
    for (ply, position) in positions.iter().enumerate() {
        progress.tick(1);
        let game = GameSoFar {
            kind: start.kind(),
            tags: &tags,
            moves: &moves[..ply],
        };
        let view = view(engine, position.as_ref(), &game, terms)
            .map_err(|error| AnalyseError::Engine { line, error })?;
        views.push(view);
    }
    let mut assessed = Vec::new();
    for (ply, played) in moves.iter().enumerate() {
        progress.tick(1);
        let after = after_score(
            positions.get(ply + 1).map(AsRef::as_ref),
            views.get(ply + 1),
        );
        let best = views.get(ply).and_then(|v| v.best.clone());
        let lost = match (best, positions.get(ply), after) {
            (Some(best), Some(position), Some(got)) if best != *played => {
                let mut better = moves[..ply].to_vec();
                better.push(best.clone());
                let mut alternative = position.box_clone();
                alternative
                    .play(&best)
                    .map_err(|error| AnalyseError::Illegal {
                        line,
                        best: best.clone(),
                        ply,
                        error,
                    })?;
                let game = GameSoFar {
                    kind: start.kind(),
                    tags: &tags,
                    moves: &better,
                };
                let answer = view(engine, alternative.as_ref(), &game, terms)
                    .map_err(|error| AnalyseError::Engine { line, error })?;
                let alternative = after_score(Some(alternative.as_ref()), Some(&answer));
                alternative.map_or(0, |best| value(best) - value(got))
            }
            _ => 0,
        };
        assessed.push(MoveAssessment { after, lost });
    }
    Ok(annotate(record, &positions, &moves, &views, &assessed))
}

/// What the engine made of a move played: the score after it, from its
/// player's view, and how much less it is than the engine's best move's,
/// both searched alike.
#[derive(Debug, Clone, Copy)]
struct MoveAssessment {
    after: Option<Score>,
    lost: i32,
}

/// The score of the position a move reached, from the view of the player
/// who moved: a win when the move ended the game, the engine's score of
/// the reply negated otherwise (none when it gave none).
fn after_score(position: Option<&dyn AnyGame>, view: Option<&View>) -> Option<Score> {
    match position {
        Some(position) if position.is_over() => Some(Score::Win(1)),
        _ => view.and_then(|v| v.score).map(negated),
    }
}

/// The engine's view of `position`, the game told as `game`, searched
/// under `terms`.
fn view(
    engine: &mut dyn Seat,
    position: &dyn AnyGame,
    game: &GameSoFar<'_>,
    terms: Terms,
) -> Result<View, EngineError> {
    if position.is_over() {
        return Ok(View {
            best: None,
            score: None,
            pv: Vec::new(),
        });
    }
    engine.new_game(game.kind, game.tags);
    let answer = engine.ask(game.moves, &Clock::new(terms))?;
    let best = match answer.decision {
        Decision::Move(words) => Some(words.join(" ")),
        Decision::Resign => None,
    };
    Ok(View {
        best,
        score: answer.score,
        pv: answer.pv,
    })
}

/// A score as one number, wins beyond every evaluation (an engine's
/// `cp` is kept within ±[`WIN`], and a win sooner is worth more).
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

/// The score of the other side's view.
fn negated(score: Score) -> Score {
    match score {
        Score::Cp(n) => Score::Cp(-n),
        Score::Win(n) => Score::Loss(n),
        Score::Loss(n) => Score::Win(n),
    }
}

/// The record's text with each move's score, glyph and better line: its
/// main line played into a [`GameTree`], each better line a variation of
/// the move it betters.
fn annotate(
    record: &Record,
    positions: &[Box<dyn AnyGame>],
    moves: &[String],
    views: &[View],
    assessed: &[MoveAssessment],
) -> String {
    let tags: Vec<(String, String)> = (record.tags.iter())
        .map(|t| (t.name.to_string(), t.value.to_string()))
        .collect();
    let result = record.result_token().map(|(token, _)| token);
    let leading: Vec<String> = (WrittenMoves::leading_comments(record).into_iter())
        .map(str::to_owned)
        .collect();
    let Some(start) = positions.first() else {
        return write_record(&tags, &leading, &[], result);
    };
    // The record's own glyphs and comments, kept beside the engine's.
    let own: Vec<MoveNode<'_>> = WrittenMoves::new(record).collect();
    let mut tree = GameTree::new(start.box_clone());
    let mut at = NodeId::START;
    let mut better: Vec<(NodeId, &[String])> = Vec::new();
    for ((ply, played), assessed) in moves.iter().enumerate().zip(assessed) {
        let Some(before) = views.get(ply) else { break };
        let Ok((id, _)) = tree.play(at, played) else {
            break;
        };
        let node = own.get(ply);
        let (glyph, nag) = match assessed.lost {
            l if l > BLUNDER => ("??", 4),
            l if l > MISTAKE => ("?", 2),
            _ => ("", 0),
        };
        let mut nags = node
            .and_then(|n| n.more.as_ref())
            .map_or_else(Vec::new, |m| m.nags.clone());
        // A move that has a glyph of its own gets the engine's as `$2`/`$4`.
        let glyph = match node.and_then(|n| n.glyph) {
            Some(own_glyph) => {
                if nag > 0 {
                    nags.push(nag);
                }
                own_glyph
            }
            None => glyph,
        };
        tree.set_glyph(id, Some(glyph.to_owned()).filter(|g| !g.is_empty()));
        tree.set_nags(id, nags);
        let mut said: Vec<String> = node.map_or_else(Vec::new, |n| {
            n.comments.iter().map(|c| (*c).to_owned()).collect()
        });
        let ended = tree.position(id).is_over();
        said.extend(assessed.after.filter(|_| !ended).map(|s| s.to_string()));
        tree.set_comments(id, said);
        if let Some(best) = before.best.as_ref().filter(|_| assessed.lost > 0) {
            let line = match before.pv.is_empty() {
                true => std::slice::from_ref(best),
                false => before.pv.as_slice(),
            };
            better.push((at, line));
        }
        at = id;
    }
    // Each better line, as far as its moves are legal, once the main line
    // is whole: a variation beside the move it betters.
    for (from, line) in better {
        let mut node = from;
        for text in line {
            match tree.play(node, text) {
                Ok((id, _)) => node = id,
                Err(_) => break,
            }
        }
    }
    write_record(&tags, &leading, &tree.written(at), result)
}
