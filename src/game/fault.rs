//! Why a game refuses a move or a setup: typed reasons with stable codes,
//! whose messages are built only when a fault is reported.
//!
//! Every code is listed in `kifu.5` ("Fault codes"); `kifu validate
//! --format json` gives it beside the message.

use std::fmt;

/// A game's reason to refuse a move's text or the move itself.
///
/// The reason is a value (an enum per game, syntax and legality kept
/// apart); the words come only when the fault is reported, from the
/// reason and the move as written, so no message is rewritten afterwards.
pub trait MoveFault: fmt::Debug + Clone {
    /// The stable code, such as `mana.disobeys-bird`.
    fn code(&self) -> &'static str;
    /// The reason in words, for the move written `text` (which the message
    /// may quote; the referee hands it over already cut short).
    fn message(&self, text: &str) -> String;
    /// Whether the fault is in the move itself (its piece, its squares),
    /// so that the legal moves of the position may help the writer; not so
    /// for a fault of the turn around it.
    fn is_about_the_move(&self) -> bool {
        true
    }
}

/// A refused move as the rest of kifu sees it: the code and the words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveError {
    /// The stable code of the reason.
    pub code: &'static str,
    /// The reason in words.
    pub message: String,
    /// Whether the fault is in the move itself, so that the legal moves
    /// may help ([`MoveFault::is_about_the_move`]).
    pub about_the_move: bool,
}

/// The code of a move played after the game has ended, in every game.
pub const GAME_OVER: &str = "move.game-over";

impl MoveError {
    /// The error of `fault`, for the move written `text`.
    pub fn of(fault: &impl MoveFault, text: &str) -> Self {
        Self {
            code: fault.code(),
            message: fault.message(text),
            about_the_move: fault.is_about_the_move(),
        }
    }

    /// A move played once the game has ended.
    pub fn game_over() -> Self {
        Self {
            code: GAME_OVER,
            message: "the game is already over".into(),
            about_the_move: false,
        }
    }
}

/// A tag that a game cannot accept, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("tag {tag}: {message}")]
pub struct TagError {
    /// The tag at fault (`Game` stands for the record when a tag is missing).
    pub tag: String,
    /// The stable code of the reason, such as `shogun.setup-count`.
    pub code: &'static str,
    /// Why it is wrong.
    pub message: String,
}

impl TagError {
    /// A new error about `tag`.
    pub fn new(tag: &str, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            tag: tag.to_owned(),
            code,
            message: message.into(),
        }
    }
}

/// Why tags do not make a start position: every reason found, in the
/// order of the tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    first: TagError,
    more: Vec<TagError>,
}

impl SetupError {
    /// The error of the reasons found; `None` when there are none.
    pub fn of(reasons: Vec<TagError>) -> Option<Self> {
        let mut reasons = reasons.into_iter();
        let first = reasons.next()?;
        Some(Self {
            first,
            more: reasons.collect(),
        })
    }

    /// The first reason: the tag a verdict points at, and its code.
    pub fn first(&self) -> &TagError {
        &self.first
    }

    /// Every reason found.
    pub fn reasons(&self) -> impl Iterator<Item = &TagError> {
        std::iter::once(&self.first).chain(&self.more)
    }
}

impl From<TagError> for SetupError {
    fn from(first: TagError) -> Self {
        Self {
            first,
            more: Vec::new(),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, reason) in self.reasons().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{reason}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}
