//! Where the games of a match start: a position the tags describe, and
//! the moves played from it before the engines take over.

use crate::game::{AnyGame, GameKind, Tags};
use crate::play::{Start, StartError, start_of_tags};
use crate::record::Record;
use crate::referee::{Fault, Options, game_of, judge};
use std::borrow::Cow;

/// A start of the games of a match.
#[derive(Debug)]
pub struct Opening {
    /// The start position, before the opening's moves.
    pub start: Box<dyn AnyGame>,
    /// The tags that describe it, sent to the engines with `tag` and
    /// written in each record (without `Game`).
    pub tags: Vec<(String, String)>,
    /// The opening's moves, as the referee writes them (lotus: pawn moves).
    pub moves: Vec<String>,
}

/// Why tags or a record open no game of a match.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// The tags describe no start.
    #[error(transparent)]
    Start(#[from] StartError),
    /// The record has no main line to play from.
    #[error(transparent)]
    Line(#[from] MainLineError),
    /// A start shipped with kifu that cannot be read (the tests read
    /// every one).
    #[error("a balanced start of kifu's cannot be read: {0}")]
    Balanced(String),
    /// The game of the start is over already.
    #[error("its game is over ({0}): an opening leaves the engines a game to play")]
    Over(Cow<'static, str>),
    /// The game of the record's main line is over, after the record's line.
    #[error("{line}: its game is over ({reason}): an opening leaves the engines a game to play")]
    RecordOver {
        /// The record's first line.
        line: usize,
        /// How the game ended.
        reason: Cow<'static, str>,
    },
}

/// Why a record has no main line to play from, after the line (and
/// column) where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MainLineError {
    /// The record names no game.
    #[error("{0}: the record names no game")]
    NoGame(usize),
    /// The record's fault, as `kifu validate` words it.
    #[error("{0}")]
    Fault(Fault),
    /// The game refuses the record's start.
    #[error("{0}: the record has no game")]
    NoStart(usize),
}

impl Clone for Opening {
    fn clone(&self) -> Self {
        Opening {
            start: self.start.box_clone(),
            tags: self.tags.clone(),
            moves: self.moves.clone(),
        }
    }
}

impl Opening {
    /// The start that these tags (without `Game`) describe, with no moves,
    /// started as every front starts one ([`crate::play::start_of_tags`]).
    ///
    /// # Errors
    /// Why the tags describe no start, or a start whose game is over.
    pub fn of_tags(kind: GameKind, tags: &[(String, String)]) -> Result<Opening, OpeningError> {
        let start = start_of_tags(kind, tags.to_vec()).and_then(Start::placed)?;
        if let Some(outcome) = start.game.outcome() {
            return Err(OpeningError::Over(outcome.reason));
        }
        Ok(Opening {
            tags: start.game.setup_tags(),
            start: start.game,
            moves: Vec::new(),
        })
    }

    /// The start of a game whose players place it (escampe's placement
    /// phase), when `kind` has one: no tags, no moves, and the empty board
    /// as its start until they have placed.
    pub fn to_place(kind: GameKind) -> Option<Opening> {
        let placing = kind.placing(&[])?;
        Some(Opening {
            start: placing.board(),
            tags: Vec::new(),
            moves: Vec::new(),
        })
    }

    /// The start and main-line moves of a record of an openings file. The
    /// record must be valid, and its game still running at its end.
    ///
    /// # Errors
    /// Why the record cannot open games, after the line (and column)
    /// where it is: its fault, or its game has ended.
    pub fn of_record(record: &Record) -> Result<Opening, OpeningError> {
        let line = MainLine::of(record)?;
        if let Some(outcome) = line.end.outcome() {
            return Err(OpeningError::RecordOver {
                line: record.first_line(),
                reason: outcome.reason,
            });
        }
        Ok(Opening {
            tags: line.start.setup_tags(),
            start: line.start,
            moves: line.moves,
        })
    }
}

/// The main line of a valid record: where it starts, its moves as the
/// referee writes them, and where it ends.
#[derive(Debug)]
pub struct MainLine {
    /// The start position.
    pub start: Box<dyn AnyGame>,
    /// The moves (lotus: pawn moves).
    pub moves: Vec<String>,
    /// The position after the last move.
    pub end: Box<dyn AnyGame>,
}

impl MainLine {
    /// The main line of `record`, judged to its end.
    ///
    /// # Errors
    /// The record's fault as `kifu validate` words it, or that it has no
    /// game, after the line (and column) where it is.
    pub fn of(record: &Record) -> Result<MainLine, MainLineError> {
        let line = record.first_line();
        let kind = game_of(record).ok_or(MainLineError::NoGame(line))?;
        // One walk: the main line's plies, as the referee writes them.
        let mut moves = Vec::new();
        let options = Options {
            stop_after: None,
            details: true,
        };
        let (verdict, end) = judge(record, options, |ply| {
            if let (0, Some(detail)) = (ply.depth, ply.detail) {
                moves.push(detail.normalized.to_string());
            }
        });
        if let Some(fault) = verdict.fault {
            return Err(MainLineError::Fault(fault));
        }
        let start =
            (kind.start(Tags::new(&record.tags))).map_err(|_| MainLineError::NoStart(line))?;
        let end = end.ok_or(MainLineError::NoStart(line))?;
        Ok(MainLine { start, moves, end })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::parse_record;

    #[test]
    fn an_opening_is_its_start_and_its_moves_normalised() {
        let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 a6-a5 *\n";
        let record = parse_record(text.to_owned(), 1).expect("a record");
        let opening = Opening::of_record(&record).expect("an opening");
        assert_eq!(opening.moves, ["e1-e4", "a6-a5"]);
        assert_eq!(opening.tags, opening.start.setup_tags());
        assert_eq!(opening.start.turn().mover, "Black");
    }

    #[test]
    fn an_invalid_or_finished_record_opens_nothing() {
        let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 b6-b4 *\n";
        let record = parse_record(text.to_owned(), 1).expect("a record");
        assert_eq!(
            Opening::of_record(&record)
                .map(|_| ())
                .map_err(|e| e.to_string()),
            Err(
                "4:10: move 1 (White, ply 2) b6-b4: disobeys the bird: the bird is on a single \
                 square, and a piece of yours on a single square can move, so you must move one \
                 of those"
                    .to_owned()
            )
        );
        let setup = [("Setup".to_owned(), "z9".to_owned())];
        assert_eq!(
            (Opening::of_tags(GameKind::Mana, &setup).map(|_| ())).map_err(|e| e.to_string()),
            Err(
                "tag Setup: \"z9\": expected two squares, Black's Daimyo then White's, \
                 like \"c1 c6\""
                    .to_owned()
            )
        );
    }
}
