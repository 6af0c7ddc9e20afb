//! The faults of the walk: the ply they name, and the words of a refused
//! move, with its hint.

use super::Walk;
use crate::game::{AnyGame, GAME_OVER, Game, MoveFault, Numbering, with_hint};
use crate::referee::{Fault, PlyContext};
use std::ops::Range;

/// The longest move text quoted in a message.
const QUOTED_MOVE_CHARS: usize = 40;

/// A move's text for a message, cut short when it is very long.
pub(in crate::referee) fn shorten(text: &str) -> String {
    match text.char_indices().nth(QUOTED_MOVE_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

impl Walk<'_> {
    /// The ply a fault names: the next one, or in a game numbered by
    /// turns the turn last opened; `text` is the move as written.
    pub(super) fn context<G: Game>(&self, game: &G, text: Option<&str>) -> PlyContext {
        match (G::NUMBERING, self.written) {
            (Numbering::Turns, Some(number)) => PlyContext {
                numbering: G::NUMBERING,
                number,
                mover: game.mover_of(number).to_owned(),
                ply: self.plies + 1,
                text: text.map(shorten),
                within: Vec::new(),
            },
            _ => self.next_ply(game, text),
        }
    }

    /// The next ply, as the position numbers it.
    pub(super) fn next_ply<G: Game>(&self, game: &G, text: Option<&str>) -> PlyContext {
        let turn = self.turn(game);
        PlyContext {
            numbering: G::NUMBERING,
            number: turn.number,
            mover: turn.mover.to_owned(),
            ply: self.plies + 1,
            text: text.map(shorten),
            within: Vec::new(),
        }
    }

    pub(super) fn fault(
        &self,
        offset: usize,
        context: Option<Box<PlyContext>>,
        code: &'static str,
        message: impl Into<String>,
    ) -> Option<Fault> {
        Some(Fault {
            location: self.record.locate(offset),
            context,
            code,
            message: message.into(),
        })
    }

    /// The fault of the game's reason `error` at `offset`, for the move
    /// written `text` (none for a fault between moves).
    pub(in crate::referee) fn game_fault<G: Game>(
        &self,
        game: &G,
        offset: usize,
        text: Option<&str>,
        error: &G::Error,
    ) -> Fault {
        let context = self.context(game, text);
        let message = error.message(context.text.as_deref().unwrap_or(""));
        Fault {
            location: self.record.locate(offset),
            context: Some(Box::new(context)),
            code: error.code(),
            message,
        }
    }

    /// The digits of a move number too large for 32 bits, as written
    /// (shortened when very long).
    pub(super) fn digits_at(&self, offset: usize) -> String {
        let text = self.record.text().get(offset..).unwrap_or("");
        let end = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        shorten(text.get(..end).unwrap_or(""))
    }

    /// The fault of a move played once the game has ended.
    pub(super) fn game_over<G: Game>(&self, game: &G, span: &Range<usize>) -> Fault {
        Fault {
            location: self.record.locate(span.start),
            context: Some(Box::new(self.context(game, Some(self.record.slice(span))))),
            code: GAME_OVER,
            message: "the game is already over".into(),
        }
    }

    /// The fault of a move the game refused for `error`.
    /// When the fault is in the move itself, the reason ends with a hint:
    /// the legal moves of its piece, or the legal move nearest to it.
    pub(super) fn refused<G: Game>(
        &self,
        game: &G,
        span: &Range<usize>,
        error: &G::Error,
    ) -> Fault {
        let text = self.record.slice(span);
        let mut fault = self.game_fault(game, span.start, Some(text), error);
        if error.is_about_the_move() {
            let message = std::mem::take(&mut fault.message);
            fault.message = with_hint(message, &AnyGame::legal_moves(game), text);
        }
        fault
    }
}
