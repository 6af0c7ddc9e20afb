//! Judges a record: its tags, its numbering, every move and its result.
//!
//! [`judge`] builds the start position from the tags ([`start`]), walks the
//! movetext as it reads it ([`walk`]) and returns a [`Verdict`];
//! [`judge_record`] does the same without an observer, for `kifu validate`.

mod start;
mod verdict;
mod walk;

pub use verdict::{Fault, PlyContext, Verdict};

use crate::game::{AnyGame, MoveDetail};
use crate::record::{ItemKind, MoveWord, Movetext, Record, SyntaxError};
use walk::Walk;

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
}

/// How far to go and what to tell the observer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Stop after this many plies, without judging the rest.
    pub stop_after: Option<usize>,
    /// Give each ply's [`MoveDetail`] to the observer.
    pub details: bool,
}

/// Judges a record and returns the verdict and the position reached.
///
/// The movetext is read from the record's text as the walk goes, so a
/// record from [`crate::record::parse_head`] is judged whole. A syntax error
/// anywhere in it makes the verdict, as if the record had not parsed.
pub fn judge(
    record: &Record,
    options: Options,
    mut observe: impl FnMut(Ply<'_>),
) -> (Verdict, Option<Box<dyn AnyGame>>) {
    match judge_movetext(record, options, Some(&mut observe)) {
        Ok(judged) => judged,
        Err(error) => (Verdict::of_syntax_error(error), None),
    }
}

/// Judges a whole record without an observer, as `kifu validate` does.
///
/// # Errors
/// A syntax error anywhere in the movetext.
pub fn judge_record(record: &Record) -> Result<Verdict, SyntaxError> {
    judge_movetext(record, Options::default(), None).map(|(verdict, _)| verdict)
}

/// Judges a record, telling `observe` of each ply; the error is a syntax
/// error of its movetext.
fn judge_movetext(
    record: &Record,
    options: Options,
    mut observe: Option<&mut dyn FnMut(Ply<'_>)>,
) -> Result<(Verdict, Option<Box<dyn AnyGame>>), SyntaxError> {
    let mut verdict = Verdict {
        kind: None,
        plies: 0,
        turns: 0,
        outcome: None,
        scores: None,
        fault: None,
    };
    let mut items = record.movetext();
    let mut game = match start::start(record) {
        Ok(game) => game,
        Err(fault) => {
            check_syntax(items)?;
            verdict.fault = Some(fault);
            return Ok((verdict, None));
        }
    };
    verdict.kind = Some(game.kind());
    let mut walk = Walk::new(record, game.numbering());
    let mut stopped = false;
    for item in items.by_ref() {
        if options.stop_after.is_some_and(|n| verdict.plies >= n) {
            stopped = true;
            break;
        }
        // Every arm that does not fault goes on with the next item.
        let fault = match item.kind() {
            ItemKind::Number { value, dots } => {
                match walk.number(game.as_ref(), value, dots, item.span().start) {
                    None => continue,
                    Some(fault) => fault,
                }
            }
            ItemKind::Move { .. } => {
                let Some(word) = record.move_word(&item) else {
                    continue;
                };
                let detail = options
                    .details
                    .then(|| game.detail(word.text).ok())
                    .flatten();
                match walk.ply(game.as_mut(), word) {
                    Ok(()) => {
                        verdict.plies += 1;
                        if let Some(observe) = observe.as_mut() {
                            observe(Ply {
                                index: verdict.plies - 1,
                                word,
                                detail,
                                game: game.as_ref(),
                            });
                        }
                        continue;
                    }
                    Err(fault) => fault,
                }
            }
            ItemKind::Result => {
                walk.result(item.span());
                continue;
            }
            ItemKind::Comment => continue,
        };
        check_syntax(items)?;
        verdict.turns = last_begun_turn(game.as_ref(), verdict.plies);
        verdict.scores = game.scores();
        verdict.fault = Some(fault);
        return Ok((verdict, Some(game)));
    }
    check_syntax(items)?;
    verdict.turns = last_begun_turn(game.as_ref(), verdict.plies);
    verdict.outcome = game.outcome();
    verdict.scores = game.scores();
    stopped |= options.stop_after.is_some_and(|n| verdict.plies >= n);
    if !stopped {
        verdict.fault = walk.finish(game.as_ref(), verdict.outcome.as_ref()).err();
    }
    Ok((verdict, Some(game)))
}

/// Reads the rest of the movetext for a syntax error.
fn check_syntax(mut items: Movetext<'_>) -> Result<(), SyntaxError> {
    items.by_ref().for_each(drop);
    items.finish()
}

/// The number of the last turn that has begun.
fn last_begun_turn(game: &dyn AnyGame, plies: usize) -> u32 {
    let turn = game.turn();
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
    fn the_movetext_is_judged_as_it_is_read() {
        let text = "[Game \"mana\"]\n[Setup \"b1 b6\"]\n1. a1-a6 f6-f5 *\n";
        assert_eq!(
            verdict(text),
            "3:4: move 1 (Black) a1-a6: the piece cannot reach that square: the piece on a1 stands on a triple square and must move exactly 3 steps"
        );
    }
}
