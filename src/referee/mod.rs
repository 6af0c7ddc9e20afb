//! Judges a record: its tags, its numbering, every move and its result.
//!
//! [`judge`] builds the start position from the tags ([`start`]), walks the
//! movetext ([`walk`]) and returns a [`Verdict`].

mod start;
mod verdict;
mod walk;

pub use verdict::{Fault, PlyContext, Verdict};

use crate::game::{AnyGame, MoveDetail};
use crate::record::{ItemKind, MoveWord, Record};
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
pub fn judge(
    record: &Record,
    options: Options,
    mut observe: impl FnMut(Ply<'_>),
) -> (Verdict, Option<Box<dyn AnyGame>>) {
    let mut verdict = Verdict {
        kind: None,
        plies: 0,
        turns: 0,
        outcome: None,
        scores: None,
        fault: None,
    };
    let mut game = match start::start(record) {
        Ok(game) => game,
        Err(fault) => {
            verdict.fault = Some(fault);
            return (verdict, None);
        }
    };
    verdict.kind = Some(game.kind());
    let mut walk = Walk::new(record);
    let mut stopped = false;
    for item in &record.items {
        if options.stop_after.is_some_and(|n| verdict.plies >= n) {
            stopped = true;
            break;
        }
        let fault = match &item.kind {
            ItemKind::Number { value, dots } => {
                walk.number(game.as_ref(), *value, *dots, item.span.start)
            }
            ItemKind::Move { glyph } => {
                let word = MoveWord {
                    text: record.slice(&item.span),
                    glyph: glyph.as_ref().map(|g| record.slice(g)),
                    offset: item.span.start,
                };
                let detail = if options.details {
                    game.detail(word.text).ok()
                } else {
                    None
                };
                match walk.ply(game.as_mut(), word) {
                    Ok(()) => {
                        verdict.plies += 1;
                        observe(Ply {
                            index: verdict.plies - 1,
                            word,
                            detail,
                            game: game.as_ref(),
                        });
                        None
                    }
                    Err(fault) => Some(fault),
                }
            }
            ItemKind::Comment | ItemKind::Result => None,
        };
        if let Some(fault) = fault {
            verdict.turns = last_begun_turn(game.as_ref(), verdict.plies);
            verdict.scores = game.scores();
            verdict.fault = Some(fault);
            return (verdict, Some(game));
        }
    }
    verdict.turns = last_begun_turn(game.as_ref(), verdict.plies);
    verdict.outcome = game.outcome();
    verdict.scores = game.scores();
    stopped |= options.stop_after.is_some_and(|n| verdict.plies >= n);
    if !stopped {
        verdict.fault = walk.finish(game.as_ref(), verdict.outcome.as_ref()).err();
    }
    (verdict, Some(game))
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
