//! `kifu analyse`: each record back with the engine's view of every move
//! (a [`Review`]): the score after it as a comment, `?!`, `?` or `??` by
//! the chance of winning it gives away, and the engine's better line as
//! a variation.

use super::Status;
use super::files::for_each_record;
use super::progress::Progress;
use crate::front::EngineError;
use crate::front::Ran;
use crate::front::args::AnalyseArgs;
use crate::game::GameKind;
use crate::kep::Decision;
use crate::record::Record;
use crate::review::{LOTUS_DEPTH, Question, Review, ReviewError, View};
use crate::seat::{Clock, PATIENCE, Seat, Terms, TimeControl};
use std::io::Write;
use std::time::Duration;

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
        let line = record.first_line();
        if let Some(depth) = args.depth.filter(|&d| d > 1) {
            if crate::referee::game_of(&record) == Some(GameKind::Lotus) {
                say!("kifu: {name}:{line}: {LOTUS_DEPTH}: use --movetime (not --depth {depth})");
                return Ok(Status::Invalid);
            }
        }
        progress.begin(format!("{name}:{line}"));
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

/// The text of `record` reviewed: the engine's score after each move,
/// its glyph, its better line (see [`Review`]).
///
/// # Errors
/// The record's fault, a lotus turn the engine does not weigh, or the
/// engine's failure, after the line where the record is.
fn analyse(
    record: &Record,
    engine: &mut dyn Seat,
    terms: Terms,
    progress: &Progress,
) -> Result<String, ReviewError<EngineError>> {
    let review = Review::of(record, |question| {
        if question.number == 0 {
            progress.set_length(question.most);
        }
        progress.tick(1);
        view(engine, question, terms)
    })?;
    Ok(review.annotated(record))
}

/// The engine's view of the position `question` asks about, searched
/// under `terms`.
fn view(engine: &mut dyn Seat, question: Question<'_>, terms: Terms) -> Result<View, EngineError> {
    engine.new_game(question.kind, question.tags);
    let answer = engine.ask_only(question.moves, question.only, &Clock::new(terms))?;
    Ok(View {
        best: match answer.decision {
            Decision::Move(words) => Some(words.join(" ")),
            Decision::Resign => None,
        },
        score: answer.score,
        line: answer.pv,
    })
}
