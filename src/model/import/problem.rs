//! Why a JSON value is not a record that `kifu json` wrote, and why a
//! JSON text is not one such record alone.

use crate::record::{MAX_DEPTH, MAX_ITEMS, MAX_RECORD_BYTES, SyntaxError};
use std::io;

/// Why a JSON value is not a record that `kifu json` wrote: the first
/// reason found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The value is not an object.
    #[error("expected a record object, found {0}")]
    NotARecord(&'static str),
    /// A field holding a value of another kind than it takes.
    #[error("{place}: expected {expected}, found {found}")]
    Kind {
        /// The field (`tags`, `move 3: nags`).
        place: String,
        /// The kind it takes (`an array`).
        expected: &'static str,
        /// The kind found (`a number`).
        found: &'static str,
    },
    /// An array of strings holding something else.
    #[error("{0}: expected only strings in the array")]
    NotOnlyStrings(String),
    /// A tag whose value is not a string on one line.
    #[error("tag {0}: the value must be a string on one line")]
    TagValue(String),
    /// A key given twice in one object.
    #[error("duplicate key {key:?} in {place}")]
    DuplicateKey {
        /// The key.
        key: String,
        /// The object (`tags`, `move 3`).
        place: String,
    },
    /// The text kept would make a record over its limit.
    #[error("the record's text would be larger than the limit of {MAX_RECORD_BYTES} bytes")]
    TooLarge,
    /// More moves in a line than a record holds.
    #[error("{0} moves: a record holds at most {MAX_ITEMS} movetext items")]
    TooManyMoves(usize),
    /// Variations nested deeper than a record holds.
    #[error("{0}: variations nest at most {MAX_DEPTH} deep")]
    TooDeep(String),
    /// A move object without `text`.
    #[error("{0}: the object has no text")]
    NoText(String),
    /// An object without `tags`.
    #[error("the object has no tags: it is not a record that kifu json wrote")]
    NoTags,
    /// A tag name no record can hold.
    #[error("{0:?} is not a tag name")]
    NotATagName(String),
    /// No tags, comments, moves or result.
    #[error("the record is empty: no tags, comments, moves or result")]
    Empty,
    /// A `result_token` that is no result.
    #[error("result token {0:?} is not * or a winner's initial and +, like B+")]
    ResultToken(String),
    /// A move's `text` that is no move word.
    #[error("{place}: {text:?} is not a move word")]
    NotAMoveWord {
        /// The move (`move 3, variation 1, move 2`).
        place: String,
        /// Its text.
        text: String,
    },
    /// A move's `number` that is no move number.
    #[error("{place}: {number:?} is not a move number")]
    NotAMoveNumber {
        /// The move.
        place: String,
        /// Its number.
        number: String,
    },
    /// A variation without moves.
    #[error("{0}: a variation holds at least one move")]
    EmptyVariation(String),
    /// The record written does not read back.
    #[error("kifu could not read the record back: {}", .0.message)]
    Unreadable(SyntaxError),
}

/// Why a JSON text is not one record object that `kifu json` wrote, alone.
#[derive(Debug, thiserror::Error)]
pub enum JsonTextError {
    /// The text does not start with an object.
    #[error("invalid JSON: expected a record object")]
    NotAnObject,
    /// More than one value.
    #[error("expected one record object")]
    NotOne,
    /// Not JSON, or a limit broken: the reader's words
    /// ([`super::JsonStop::Bad`]), which quote `serde_json`'s.
    #[error("{0}")]
    Invalid(String),
    /// The text could not be read.
    #[error(transparent)]
    Io(io::Error),
    /// The object is no record.
    #[error(transparent)]
    Record(#[from] ImportError),
}
