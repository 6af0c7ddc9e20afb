//! Judges a record: its tags, its numbering, every move and its result.
//!
//! [`judge_with`] builds the start position from the tags (module
//! `start`), walks the movetext's tree of lines in one loop as it reads
//! it (module `tree`; a line's numbers, moves and end in module `walk`),
//! in code compiled for the record's game, tells a [`Visitor`] each ply,
//! each variation's begin and end, each comment and the fault (module
//! `watch`), and returns a [`Verdict`]. The JSON writer, the page's move
//! list, the game in play's tree (`play::HeardTree`) and `analyse` are
//! such visitors; [`judge`] takes a closure of plies alone, and
//! [`judge_record`] judges without a visitor, for `kifu validate`.

mod line;
mod start;
pub use start::foreign as foreign_tag;
mod termination;
mod tree;
mod verdict;
mod walk;
mod warnings;
mod watch;

pub use line::{LineName, LineNameError, Reached, position_at};
pub use verdict::{Decided, Fault, PlyContext, Termination, Verdict};

/// The code of every fault the referee itself reports, whatever the game:
/// of the tag section, of move numbers, of moves after the end and of the
/// result. kifu.5 lists each one.
pub const CODES: &[&str] = &[
    "tag.no-game",
    "tag.unknown-game",
    "tag.foreign",
    "tag.date",
    "tag.time-control",
    "tag.misspelt",
    "number.out-of-sequence",
    "number.second-of-pair",
    "number.first-of-pair",
    "number.turn-dots",
    "number.turn-continued",
    crate::game::GAME_OVER,
    "result.token-after-end",
    "result.wrong",
    "result.not-over",
    "result.tag-disagrees",
    "result.termination-after-end",
    "result.no-such-winner",
    tree::WITHIN_TURN,
];

/// Every fault code kifu gives: the referee's, the record layer's and
/// each game's.
pub fn every_code() -> impl Iterator<Item = &'static str> {
    let games = crate::game::GameKind::ALL
        .iter()
        .flat_map(|kind| kind.codes());
    CODES
        .iter()
        .chain(&crate::record::CODES)
        .chain(games)
        .copied()
}

use crate::game::{AnyGame, Game, GameVisitor, MoveDetail};
use crate::record::{MoveWord, Movetext, Record, SyntaxError};
use tree::{Flow, Tree, Walked};
use walk::Walk;
use watch::Watch;

/// One accepted ply, as the referee hands it to an observer.
#[derive(Debug)]
pub struct Ply<'a> {
    /// Its index from 0.
    pub index: usize,
    /// The move as written.
    pub word: MoveWord<'a>,
    /// Its canonical text and parts, when asked for.
    pub detail: Option<MoveDetail>,
    /// The position after it.
    pub game: &'a dyn AnyGame,
    /// How deep in variations it stands: 0 on the main line, 1 in a
    /// variation of the main line, 2 in a variation of that...
    pub depth: usize,
}

/// A consumer of a record's walk: the referee tells it, in the order the
/// movetext is written, each ply it accepts, where each variation begins
/// and ends, and each comment; then the fault, if there is one. A move of the main line comes first, then its
/// variations, each between its begin and its end (and theirs within
/// them), then the next move. Any `FnMut(Ply)` is a visitor of plies
/// alone.
pub trait Visitor {
    /// A ply accepted.
    fn ply(&mut self, ply: Ply<'_>);
    /// A variation begins: its plies replace the move last told at the
    /// depth around it (lotus: the turn that move ends).
    fn begin_variation(&mut self) {}
    /// The variation last begun ends.
    fn end_variation(&mut self) {}
    /// A comment, as written between its braces (or after its `;`), where
    /// it stands among the plies.
    fn comment(&mut self, text: &str) {
        let _ = text;
    }
    /// The fault that ends the walk of an invalid record, once it is over.
    fn fault(&mut self, fault: &Fault) {
        let _ = fault;
    }
}

impl<F: FnMut(Ply<'_>)> Visitor for F {
    fn ply(&mut self, ply: Ply<'_>) {
        self(ply);
    }
}

/// How far to go and what to tell the observer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Stop after this many plies, without judging the rest.
    pub stop_after: Option<usize>,
    /// Give each ply's [`MoveDetail`] to the observer.
    pub details: bool,
}

/// Judges a record, telling `observe` of each ply, and returns the
/// verdict and the position reached: [`judge_with`] for a consumer of
/// plies alone.
pub fn judge(
    record: &Record,
    options: Options,
    mut observe: impl FnMut(Ply<'_>),
) -> (Verdict, Option<Box<dyn AnyGame>>) {
    judge_with(record, options, &mut observe)
}

/// Judges a record, telling `visitor` of its walk (each ply, and where
/// each variation begins and ends), and returns the verdict and the
/// position reached.
///
/// The movetext is read from the record's text as the walk goes, so a
/// record from [`crate::record::parse_head`] is judged whole. A syntax error
/// anywhere in it makes the verdict, as if the record had not parsed.
pub fn judge_with(
    record: &Record,
    options: Options,
    visitor: &mut dyn Visitor,
) -> (Verdict, Option<Box<dyn AnyGame>>) {
    let (verdict, reached) = match judge_movetext(record, options, Some(&mut *visitor), true) {
        Ok(judged) => judged,
        Err(error) => (Verdict::of_syntax_error(error), None),
    };
    if let Some(fault) = &verdict.fault {
        visitor.fault(fault);
    }
    (verdict, reached)
}

/// The game of a record whose tag section is sound, as its verdict names
/// it; known before any move is judged.
pub fn game_of(record: &Record) -> Option<crate::game::GameKind> {
    start::game_kind(record).ok()
}

/// Judges a whole record without an observer, as `kifu validate` does.
///
/// # Errors
/// A syntax error anywhere in the movetext.
pub fn judge_record(record: &Record) -> Result<Verdict, SyntaxError> {
    judge_movetext(record, Options::default(), None, false).map(|(verdict, _)| verdict)
}

/// What judging a record gives: the verdict and the position reached, or
/// a syntax error of its movetext.
type Judgement = Result<(Verdict, Option<Box<dyn AnyGame>>), SyntaxError>;

/// The consumer of a walk, if any.
type Observer<'o> = Option<&'o mut dyn Visitor>;

/// Judges a record, telling `observe` of each ply; with the position
/// reached when `keep` asks for it.
fn judge_movetext(
    record: &Record,
    options: Options,
    observe: Observer<'_>,
    keep: bool,
) -> Judgement {
    let items = record.movetext();
    match start::check_tags(record) {
        Ok((kind, warnings)) => kind.visit(JudgeGame {
            record,
            items,
            options,
            observe,
            keep,
            warnings,
        }),
        Err(fault) => tag_fault(items, fault),
    }
}

/// The verdict of a record whose tags are at fault, unless its movetext
/// has a syntax error.
fn tag_fault(items: Movetext<'_>, fault: Fault) -> Judgement {
    check_syntax(items)?;
    let verdict = Verdict {
        fault: Some(fault),
        ..Verdict::default()
    };
    Ok((verdict, None))
}

/// Judging a record of a game known by its type, so that the walk through
/// the movetext is compiled for each game.
struct JudgeGame<'r, 'o> {
    record: &'r Record,
    items: Movetext<'r>,
    options: Options,
    observe: Observer<'o>,
    /// Whether to give back the position reached.
    keep: bool,
    /// What the tags have that is suspect but not wrong.
    warnings: Vec<Fault>,
}

impl GameVisitor for JudgeGame<'_, '_> {
    type Output = Judgement;

    fn visit<G: Game>(self) -> Judgement {
        self.judge::<G>()
    }
}

impl JudgeGame<'_, '_> {
    /// Judges the record from its start position: its walk, the verdict,
    /// and the position reached when asked for.
    ///
    /// Each game's walk is a function of its own: inlined into the
    /// dispatch on the game, the loop took more instructions.
    #[inline(never)]
    fn judge<G: Game>(self) -> Judgement {
        let Self {
            record,
            items,
            options,
            observe,
            keep,
            warnings,
        } = self;
        // The walk plays in the position where it was built: moved out of
        // the `Result`, a large position would be copied.
        let mut position = start::position::<G>(record);
        let game = match &mut position {
            Ok(game) => game,
            Err(error) => {
                let fault = start::tag_fault(record, error);
                return tag_fault(items, fault).map(|(verdict, game)| {
                    let verdict = Verdict {
                        warnings,
                        ..verdict
                    };
                    (verdict, game)
                });
            }
        };
        let mut walk = Walk::new(record);
        walk.start(game);
        let mut watch = Watch::new(options, observe);
        let walked = Tree::new(record, &mut watch, None).main(items, walk, game);
        let Walked {
            flow, items, walk, ..
        } = walked;
        check_syntax(items)?;
        let mut verdict = Verdict {
            kind: Some(G::KIND),
            plies: walk.plies(),
            turns: last_begun_turn(game, walk.plies()),
            warnings,
            ..Verdict::default()
        };
        if let Flow::Fault(fault) = flow {
            verdict.scores = Game::scores(game);
            verdict.fault = Some(fault);
        } else {
            end_of_record(game, &mut verdict);
            if !watch.stops_after(verdict.plies) {
                match walk.finish(game, verdict.outcome.as_ref()) {
                    Ok(termination) => verdict.termination = termination,
                    Err(fault) => verdict.fault = Some(fault),
                }
            }
        }
        // A refused move may be one the writer meant for another setup.
        let refused_move = |f: &&mut Fault| f.context.as_ref().is_some_and(|c| c.text.is_some());
        if let Some(fault) = verdict.fault.as_mut().filter(refused_move) {
            start::name_default_setup::<G>(record, fault);
        }
        let reached: Option<Box<dyn AnyGame>> = match position {
            Ok(game) if keep => Some(Box::new(game)),
            _ => None,
        };
        Ok((verdict, reached))
    }
}

/// The outcome and the scores where a record ends: a game over has its
/// final scores in its outcome, which the verdict shares.
///
/// Out of line: once per record, it stays out of the walk's loop.
#[inline(never)]
fn end_of_record<G: Game>(game: &G, verdict: &mut Verdict) {
    verdict.outcome = Game::outcome(game);
    verdict.scores = (verdict.outcome.as_ref())
        .and_then(|o| o.scores.clone())
        .or_else(|| Game::scores(game));
}

/// Reads the rest of the movetext for a syntax error.
fn check_syntax(mut items: Movetext<'_>) -> Result<(), SyntaxError> {
    items.by_ref().for_each(drop);
    items.finish()
}

/// The number of the last turn that has begun.
fn last_begun_turn<G: Game>(game: &G, plies: usize) -> u32 {
    let turn = Game::turn(game);
    match (plies, turn.opens) {
        (0, _) => 0,
        (_, true) => turn.number.saturating_sub(1),
        (_, false) => turn.number,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::parse_head;
    use std::sync::Arc;

    /// The verdict line of a record read as `kifu validate` reads it.
    fn verdict(text: &str) -> String {
        let judged = parse_head(text.to_owned(), 1).and_then(|record| judge_record(&record));
        match judged {
            Ok(verdict) => match verdict.fault {
                Some(fault) => fault.to_string(),
                None => verdict.summary_display().to_string(),
            },
            Err(error) => format!("syntax {error}"),
        }
    }

    #[test]
    fn a_later_syntax_error_wins_over_an_illegal_move() {
        let text = "[Game \"mana\"]\n[Setup \"b1 b6\"]\n1. a1-a6 f6-f5 2. b2}b3 *\n";
        assert_eq!(
            verdict(text),
            "syntax 3:21: '}' without an opening '{' (at \"}b3 *\")"
        );
    }

    #[test]
    fn a_later_syntax_error_wins_over_a_bad_tag() {
        let text = "[Game \"mana\"]\n[Setup \"z9 b6\"]\n1. a1-a2 * f6-f5\n";
        assert_eq!(
            verdict(text),
            "syntax 3:12: nothing but comments may follow the result (at \"f6-f5\")"
        );
    }

    #[test]
    fn a_finished_game_shares_its_final_scores_with_the_verdict() {
        let text = include_str!("../../fixtures/lotus/valid/custom-course-short.kifu");
        let judged = parse_head(text.to_owned(), 1).and_then(|record| judge_record(&record));
        let Ok(verdict) = judged else {
            panic!("{judged:?}");
        };
        let shared = verdict.outcome.as_ref().and_then(|o| o.scores.as_ref());
        assert!(matches!((shared, &verdict.scores), (Some(a), Some(b)) if Arc::ptr_eq(a, b)));
    }

    #[test]
    fn a_game_under_way_has_scores_so_far() {
        let text = "[Game \"lotus\"]\n[Players \"red green orange\"]\n\n1. r0 g0 o0 *\n";
        assert_eq!(
            verdict(text),
            "lotus, 1 turn, * (scores so far: red 0, green 1, orange 0)"
        );
    }

    #[test]
    fn the_movetext_is_judged_as_it_is_read() {
        let text = "[Game \"mana\"]\n[Setup \"b1 b6\"]\n1. a1-a6 f6-f5 *\n";
        assert_eq!(
            verdict(text),
            "3:4: move 1 (Black, ply 1) a1-a6: the piece cannot reach that square: the piece on a1 stands on a triple square and must move exactly 3 steps; the legal moves of the piece on a1: a1-c2, a1-b3, a1-a4"
        );
    }
}
