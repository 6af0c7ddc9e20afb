//! The walk through the movetext: move numbers, moves, the end and the result.

mod faults;

pub(super) use faults::shorten;

use super::{Fault, Termination, termination};
use crate::game::{Game, Numbering, Outcome, Turn, play_read};
use crate::record::{Dots, Record};
use std::ops::Range;

/// The state of the walk through the movetext.
pub(super) struct Walk<'a> {
    record: &'a Record,
    /// A number was written since the last ply.
    numbered: bool,
    /// Offset of the last item seen, for faults at the end.
    last_offset: usize,
    /// In a game numbered by turns, the number of the last turn the
    /// record opened: a fault of a ply belongs to that turn, even where
    /// the game has moved on (a fourth pawn move, a move after the end).
    written: Option<u32>,
    /// Plies played, counted from the start of the game.
    plies: usize,
    /// The plies played before the line's first: 0 on the main line, the
    /// plies before the move a variation replaces.
    line_start: usize,
    /// Move pairs are counted from the record's first ply.
    from_start: bool,
    /// The span of the result token, once read.
    result: Option<Range<usize>>,
}

impl<'a> Walk<'a> {
    /// A walk through the movetext of `record`, from its start.
    pub(super) fn new(record: &'a Record) -> Self {
        Self {
            record,
            numbered: false,
            last_offset: 0,
            written: None,
            plies: 0,
            line_start: 0,
            from_start: false,
            result: None,
        }
    }

    /// Starts the walk at `game`, the record's start position: a position
    /// in the middle of a turn has opened that turn, as if numbered.
    pub(super) fn start<G: Game>(&mut self, game: &G) {
        let turn = game.turn();
        if G::NUMBERING == Numbering::Turns && !turn.opens {
            self.written = Some(turn.number);
        }
    }

    /// The walk through a variation that opens at `offset` and replaces
    /// the plies of this line from the `plies`-th on: numbered as this
    /// line is, or for a variation of the first ply as a record's first
    /// ply may be.
    pub(super) fn branch(&self, plies: usize, offset: usize) -> Self {
        Self {
            record: self.record,
            numbered: false,
            last_offset: offset,
            written: None,
            plies,
            line_start: plies,
            // A variation of the record's first ply numbers it as a record
            // may: it says again whether pairs count from that ply.
            from_start: self.from_start && plies > 0,
            result: None,
        }
    }

    /// The plies played so far.
    pub(super) fn plies(&self) -> usize {
        self.plies
    }

    /// Notes the result token, which spans `span`.
    pub(super) fn result(&mut self, span: Range<usize>) {
        self.result = Some(span);
    }

    /// The result token written, and its offset.
    fn result_token(&self) -> Option<(&'a str, usize)> {
        let span = self.result.as_ref()?;
        Some((self.record.slice(span), span.start))
    }

    /// Where the next ply stands: the game's numbering, or pairs counted
    /// from the record's first ply when the record numbers it that way.
    #[inline]
    pub(super) fn turn<'g, G: Game>(&self, game: &'g G) -> Turn<'g> {
        let turn = game.turn();
        if self.from_start {
            let plies = u32::try_from(self.plies).unwrap_or(u32::MAX);
            Turn::of_pairs(plies, turn.mover)
        } else {
            turn
        }
    }

    /// Checks a move number against the position.
    #[inline]
    pub(super) fn number<G: Game>(
        &mut self,
        game: &G,
        value: u32,
        dots: Dots,
        offset: usize,
    ) -> Option<Fault> {
        self.last_offset = offset;
        if game.is_over() {
            // A move after the end is a fault of the turn written before it.
            if G::NUMBERING == Numbering::Turns {
                self.written = Some(value);
            }
            return None;
        }
        // A record that starts with the second side to move may number its
        // first ply `1.` (pairs from the record's start) instead of `1...`.
        if self.plies == 0
            && G::NUMBERING == Numbering::Pairs
            && dots == Dots::One
            && value == 1
            && !game.turn().opens
        {
            self.from_start = true;
        }
        let turn = self.turn(game);
        let numbering = G::NUMBERING;
        // The common case: the number and dots the position expects. A
        // record from a position in the middle of a turn may number its
        // first ply `12...`, as the rest of that turn.
        if value == turn.number
            && turn.opens == (dots == Dots::One)
            && (numbering == Numbering::Pairs || turn.opens || self.plies == 0)
        {
            self.numbered = true;
            if numbering == Numbering::Turns {
                self.written = Some(value);
            }
            return None;
        }
        self.number_fault(game, value, dots, offset)
    }

    /// Why a move number is not the one the position expects.
    fn number_fault<G: Game>(
        &self,
        game: &G,
        value: u32,
        dots: Dots,
        offset: usize,
    ) -> Option<Fault> {
        let turn = self.turn(game);
        // The number of the turn under way where a record from a position
        // starts, which the record goes on with rather than cuts short.
        let continued = self.plies == 0 && value == turn.number;
        if !continued {
            if let Err(error) = game.check_turn_ends() {
                return Some(self.game_fault(game, offset, None, &error));
            }
        }
        let numbering = G::NUMBERING;
        let fault = |code, message: String| {
            self.fault(
                offset,
                Some(Box::new(self.next_ply(game, None))),
                code,
                message,
            )
        };
        if value != turn.number {
            let written = if value == u32::MAX {
                self.digits_at(offset)
            } else {
                value.to_string()
            };
            return fault(
                "number.out-of-sequence",
                format!(
                    "{} number {written} is out of sequence: expected {}",
                    numbering.label(),
                    turn.number
                ),
            );
        }
        match (numbering, dots, turn.opens) {
            (Numbering::Pairs, Dots::One, false) => fault(
                "number.second-of-pair",
                format!("the second move of a pair is numbered {}...", turn.number),
            ),
            (Numbering::Pairs, Dots::Three, true) => fault(
                "number.first-of-pair",
                format!("the first move of a pair is numbered {}.", turn.number),
            ),
            (Numbering::Turns, Dots::Three, _) => fault(
                "number.turn-dots",
                format!("a turn is numbered {}.", turn.number),
            ),
            // Only a record's first ply, from a position in the middle of a turn.
            (Numbering::Turns, Dots::One, false) => fault(
                "number.turn-continued",
                format!(
                    "the record starts in the middle of turn {0}: its first pawn moves are numbered {0}... or not at all",
                    turn.number
                ),
            ),
            _ => None,
        }
    }

    /// Plays one move; `read` is the move, when the quick reader has read
    /// it already.
    #[inline]
    pub(super) fn ply<G: Game>(
        &mut self,
        game: &mut G,
        span: &Range<usize>,
        read: Option<&G::Move>,
    ) -> Result<(), Fault> {
        self.last_offset = span.start;
        if game.is_over() {
            return Err(self.game_over(game, span));
        }
        if !self.numbered {
            if let Err(error) = game.check_unnumbered(self.plies == self.line_start) {
                return Err(self.refused(game, span, &error));
            }
        }
        let played = match read {
            Some(mv) => play_read(game, mv),
            None => game
                .read_move(self.record.slice(span).as_bytes())
                .and_then(|mv| game.check_and_apply(&mv)),
        };
        if let Err(error) = played {
            return Err(self.refused(game, span, &error));
        }
        self.numbered = false;
        self.plies += 1;
        Ok(())
    }

    /// Checks the end of the movetext: a whole last turn and the result;
    /// for a record whose Termination tag says the game ended off the
    /// board, how it ended.
    pub(super) fn finish<G: Game>(
        &self,
        game: &G,
        outcome: Option<&Outcome>,
    ) -> Result<Option<Termination>, Fault> {
        if outcome.is_none() {
            if let Err(error) = game.check_turn_ends() {
                let at = self.result_token().map_or(self.last_offset, |(_, at)| at);
                return Err(self.game_fault(game, at, None, &error));
            }
        }
        let off_the_board = termination::tag(self.record);
        let expected_token = match outcome {
            Some(o) => o.token,
            None => Some("*"),
        };
        let token = self.result_token();
        if let Some((token, at)) = token {
            // A game ended off the board may end its movetext with the
            // declared winner's token, as PGN writes a resignation.
            let declared = off_the_board.is_some()
                && outcome.is_none()
                && G::WINS.iter().any(|win| win.token == token);
            if expected_token != Some(token) && !declared {
                let (code, mut message) = match (outcome, expected_token) {
                    (Some(o), None) => (
                        "result.token-after-end",
                        format!("the game is over ({}): it takes no result token", o.reason),
                    ),
                    (Some(o), Some(t)) => (
                        "result.wrong",
                        format!("the result is {t} ({}), not {token}", o.reason),
                    ),
                    (None, _) => (
                        "result.not-over",
                        format!("the game is not over: the result is *, not {token}"),
                    ),
                };
                if let Some(tag) = off_the_board {
                    termination::explain_token::<G>(&mut message, &tag.value, outcome.is_some());
                }
                return Err(Fault {
                    location: self.record.locate(at),
                    context: None,
                    code,
                    message,
                });
            }
        }
        if let Some(tag) = off_the_board {
            let token = token.map(|(token, _)| token);
            return termination::judge::<G>(self.record, tag, game, outcome, token).map(Some);
        }
        if let Some(tag) = self.record.find_tag("Result") {
            let expected = outcome.map_or("*", |o| o.tag_value.as_ref());
            if tag.value != expected {
                return Err(Fault {
                    location: self.record.locate(tag.offset),
                    context: None,
                    code: "result.tag-disagrees",
                    message: format!(
                        "tag Result: {:?} disagrees with the game, whose result is {expected:?}",
                        tag.value
                    ),
                });
            }
        }
        Ok(None)
    }
}
