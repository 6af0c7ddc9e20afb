//! The walk through the movetext: move numbers, moves, the end and the result.

use super::{Fault, PlyContext};
use crate::game::{Game, Numbering, Outcome, Turn, play, play_read, play_read_running};
use crate::record::{Dots, MoveWord, Record};
use std::ops::Range;

/// The longest move text quoted in a message.
const QUOTED_MOVE_CHARS: usize = 40;

/// A move's text for a message, cut short when it is very long.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(QUOTED_MOVE_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The state of the walk through the movetext.
pub(super) struct Walk<'a> {
    record: &'a Record,
    /// A number was written since the last ply.
    numbered: bool,
    /// Offset of the last item seen, for faults at the end.
    last_offset: usize,
    /// The number of the lotus turn in progress, once the walk has
    /// opened one: a turn that goes on past its end is that one.
    open_turn: Option<u32>,
    /// Plies played.
    plies: usize,
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
            open_turn: None,
            plies: 0,
            from_start: false,
            result: None,
        }
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
    fn turn<'g, G: Game>(&self, game: &'g G) -> Turn<'g> {
        let turn = game.turn();
        if self.from_start {
            let plies = u32::try_from(self.plies).unwrap_or(u32::MAX);
            Turn::of_pairs(plies, turn.mover)
        } else {
            turn
        }
    }

    fn context<G: Game>(&self, game: &G, text: Option<&str>) -> PlyContext {
        let turn = self.turn(game);
        PlyContext {
            label: G::NUMBERING.label(),
            number: turn.number,
            mover: turn.mover.to_owned(),
            text: text.map(shorten),
        }
    }

    fn fault(
        &self,
        offset: usize,
        context: Option<PlyContext>,
        message: impl Into<String>,
    ) -> Option<Fault> {
        Some(Fault {
            location: self.record.locate(offset),
            context,
            message: message.into(),
        })
    }

    /// The digits of a move number too large for 32 bits, as written
    /// (shortened when very long).
    fn digits_at(&self, offset: usize) -> String {
        let text = self.record.text().get(offset..).unwrap_or("");
        let end = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        shorten(text.get(..end).unwrap_or(""))
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
        // The common case: the number and dots the position expects.
        if value == turn.number
            && turn.opens == (dots == Dots::One)
            && (numbering == Numbering::Pairs || turn.opens)
        {
            self.numbered = true;
            return None;
        }
        self.number_fault(game, value, dots, offset)
    }

    /// Why a move number is not the one the position expects.
    #[cold]
    fn number_fault<G: Game>(
        &self,
        game: &G,
        value: u32,
        dots: Dots,
        offset: usize,
    ) -> Option<Fault> {
        let turn = self.turn(game);
        let numbering = G::NUMBERING;
        if numbering == Numbering::Turns && !turn.opens {
            return self.fault(
                offset,
                Some(self.context(game, None)),
                "a turn is three pawn moves; this one has fewer",
            );
        }
        if value != turn.number {
            let written = if value == u32::MAX {
                self.digits_at(offset)
            } else {
                value.to_string()
            };
            return self.fault(
                offset,
                Some(self.context(game, None)),
                format!(
                    "{} number {written} is out of sequence: expected {}",
                    numbering.label(),
                    turn.number
                ),
            );
        }
        match (numbering, dots, turn.opens) {
            (Numbering::Pairs, Dots::One, false) => {
                return self.fault(
                    offset,
                    Some(self.context(game, None)),
                    format!("the second move of a pair is numbered {}...", turn.number),
                );
            }
            (Numbering::Pairs, Dots::Three, true) => {
                return self.fault(
                    offset,
                    Some(self.context(game, None)),
                    format!("the first move of a pair is numbered {}.", turn.number),
                );
            }
            (Numbering::Turns, Dots::Three, _) => {
                return self.fault(
                    offset,
                    Some(self.context(game, None)),
                    format!("a turn is numbered {}.", turn.number),
                );
            }
            _ => {}
        }
        None
    }

    /// The move word that spans `span` (without its glyph).
    fn word(&self, span: &Range<usize>) -> MoveWord<'a> {
        MoveWord {
            text: self.record.slice(span),
            glyph: None,
            offset: span.start,
        }
    }

    /// A fault of the move `word`, about to be played in `game`.
    #[cold]
    fn move_fault<G: Game>(&self, game: &G, word: MoveWord<'_>, message: String) -> Fault {
        Fault {
            location: self.record.locate(word.offset),
            context: Some(self.context(game, Some(word.text))),
            message,
        }
    }

    /// Plays one move; `read` is the move, when the quick reader has read
    /// it already.
    ///
    /// Always inlined: out of line, the walk's loop paid a call per ply.
    #[inline(always)]
    pub(super) fn ply<G: Game>(
        &mut self,
        game: &mut G,
        span: Range<usize>,
        read: Option<&G::Move>,
    ) -> Result<(), Fault> {
        self.last_offset = span.start;
        // Once the game is over, `play` refuses every move with
        // the same message; only turns need to know first, before their
        // numbering is checked.
        if G::NUMBERING == Numbering::Turns {
            self.begin_turn(game, &span)?;
        }
        let played = match read {
            // `begin_turn` found the game running.
            Some(mv) if G::NUMBERING == Numbering::Turns => play_read_running(game, mv),
            Some(mv) => play_read(game, mv),
            None => play(game, self.record.slice(&span)),
        };
        if let Err(e) = played {
            return Err(self.illegal(game, &span, e.0));
        }
        self.numbered = false;
        self.plies += 1;
        Ok(())
    }

    /// Before a lotus ply: the game still runs, and a ply that opens a turn
    /// follows its number.
    #[inline(always)]
    fn begin_turn<G: Game>(&mut self, game: &G, span: &Range<usize>) -> Result<(), Fault> {
        if game.is_over() {
            return Err(self.move_fault(game, self.word(span), "the game is already over".into()));
        }
        let turn = self.turn(game);
        if !turn.opens {
            return Ok(());
        }
        if !self.numbered {
            return Err(self.unnumbered_turn(game, span, turn.number));
        }
        self.open_turn = Some(turn.number);
        Ok(())
    }

    /// The fault of a ply that opens turn `number` with no number: a
    /// fourth pawn move of the turn the walk opened last, or a turn with
    /// no number at all.
    #[cold]
    fn unnumbered_turn<G: Game>(&self, game: &G, span: &Range<usize>, number: u32) -> Fault {
        let word = self.word(span);
        match (self.open_turn, game.previous_mover()) {
            (Some(open), Some(mover)) => Fault {
                location: self.record.locate(word.offset),
                context: Some(PlyContext {
                    label: G::NUMBERING.label(),
                    number: open,
                    mover: mover.to_owned(),
                    text: Some(shorten(word.text)),
                }),
                message: "a turn is three pawn moves; this is a fourth".into(),
            },
            _ => self.move_fault(
                game,
                word,
                format!("a turn must start with its number: {number}."),
            ),
        }
    }

    /// The fault of a move the game refused with `message`.
    #[cold]
    fn illegal<G: Game>(&self, game: &G, span: &Range<usize>, message: String) -> Fault {
        let word = self.word(span);
        // A game's message may quote the whole text: quote it short.
        let short = shorten(word.text);
        let message = if short.len() < word.text.len() {
            message.replace(word.text, &short)
        } else {
            message
        };
        self.move_fault(game, word, message)
    }

    /// Checks the end of the movetext: a whole last turn and the result.
    pub(super) fn finish<G: Game>(&self, game: &G, outcome: Option<&Outcome>) -> Result<(), Fault> {
        let turn = self.turn(game);
        if outcome.is_none() && G::NUMBERING == Numbering::Turns && !turn.opens {
            let at = self.result_token().map_or(self.last_offset, |(_, at)| at);
            if let Some(fault) = self.fault(
                at,
                Some(self.context(game, None)),
                "a turn is three pawn moves; this one has fewer",
            ) {
                return Err(fault);
            }
        }
        let expected_token = match outcome {
            Some(o) => o.token,
            None => Some("*"),
        };
        if let Some((token, at)) = self.result_token() {
            if expected_token != Some(token) {
                let message = match (outcome, expected_token) {
                    (Some(o), None) => {
                        format!("the game is over ({}): it takes no result token", o.reason)
                    }
                    (Some(o), Some(t)) => format!("the result is {t} ({}), not {token}", o.reason),
                    (None, _) => format!("the game is not over: the result is *, not {token}"),
                };
                return Err(Fault {
                    location: self.record.locate(at),
                    context: None,
                    message,
                });
            }
        }
        if let Some(tag) = self.record.find_tag("Result") {
            let expected = outcome.map_or("*", |o| o.tag_value.as_ref());
            if tag.value != expected {
                return Err(Fault {
                    location: self.record.locate(tag.offset),
                    context: None,
                    message: format!(
                        "tag Result: {:?} disagrees with the game, whose result is {expected:?}",
                        tag.value
                    ),
                });
            }
        }
        Ok(())
    }
}
