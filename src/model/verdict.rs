//! A verdict as JSON: `kifu validate --format json`, and the pieces of it
//! that `kifu json` shares.

use super::RecordVerdictJson;
use crate::game::{GameKind, Outcome, Score};
use crate::referee::{Fault, Verdict};
use serde::Serialize;
use std::fmt;

/// A verdict as `kifu validate --format json` prints it, its keys in the
/// order printed.
#[derive(Debug, Serialize)]
pub struct VerdictJson<'a> {
    /// The version of the JSON format: 1.
    pub kifu: Version,
    /// The file name.
    pub file: &'a str,
    /// The line the verdict names: the record's first, or its fault's.
    pub line: usize,
    /// The game, once its `Game` tag is read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    /// What the referee says, with the outcome.
    #[serde(flatten)]
    pub verdict: RecordVerdictJson<'a>,
}

impl<'a> VerdictJson<'a> {
    /// The verdict on the record of `file` named at `line`.
    pub fn new(file: &'a str, line: usize, verdict: &'a Verdict) -> Self {
        Self {
            kifu: Version,
            file,
            line,
            game: verdict.kind,
            verdict: RecordVerdictJson {
                outcome: verdict.outcome.as_ref().map(OutcomeJson::new),
                ..RecordVerdictJson::new(verdict)
            },
        }
    }
}

/// How a game ended, as JSON.
#[derive(Debug, Serialize)]
pub struct OutcomeJson<'a> {
    /// The `Result` tag's value (`B+`, `1/2-1/2`...).
    pub result: &'a str,
    /// Who won, if anyone did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'a str>,
    /// Why the game ended.
    pub reason: &'a str,
    /// The final scores, for games that keep a score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<&'a [Score]>,
}

impl<'a> OutcomeJson<'a> {
    /// The JSON of `outcome`.
    pub fn new(outcome: &'a Outcome) -> Self {
        Self {
            result: &outcome.tag_value,
            winner: outcome.winner.as_deref(),
            reason: &outcome.reason,
            scores: outcome.scores.as_deref(),
        }
    }
}

/// A fault as JSON, its keys in the order printed.
#[derive(Debug, Serialize)]
pub struct FaultJson<'a> {
    /// The file line.
    pub line: usize,
    /// The column, in characters.
    pub column: usize,
    /// `move` or `turn`, for a fault in the movetext.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<&'static str>,
    /// The move or turn number, for a fault in the movetext.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// Who was to move, for a fault in the movetext.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<&'a str>,
    /// The move as written, for a fault in a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(rename = "move")]
    pub move_text: Option<&'a str>,
    /// The stable code of the fault, listed in kifu.5.
    pub code: &'static str,
    /// The reason in words.
    pub reason: &'a str,
    /// The whole message, as `kifu validate` prints it.
    pub message: Displayed<'a, Fault>,
}

impl<'a> FaultJson<'a> {
    /// The JSON of `fault`.
    pub fn new(fault: &'a Fault) -> Self {
        let context = fault.context.as_ref();
        Self {
            line: fault.location.line,
            column: fault.location.column,
            unit: context.map(|c| c.numbering.label()),
            number: context.map(|c| c.number),
            player: context.map(|c| c.mover.as_str()),
            move_text: context.and_then(|c| c.text.as_deref()),
            code: fault.code,
            reason: &fault.message,
            message: Displayed(fault),
        }
    }
}

/// A value serialized as the JSON string of its [`fmt::Display`], without
/// building the string first.
#[derive(Debug)]
pub struct Displayed<'a, T>(pub &'a T);

impl<T: fmt::Display> Serialize for Displayed<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

/// The version of the JSON format, written first in every object kifu
/// prints as `"kifu": 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Version;

impl Version {
    /// The version number.
    pub const NUMBER: u8 = 1;
}

impl Serialize for Version {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(Self::NUMBER)
    }
}

/// An error that stops kifu from printing a record's JSON, as JSON: what
/// the REPL's `:json` prints when the game cannot be written.
#[derive(Debug, Serialize)]
pub struct ErrorJson<'a> {
    /// The version of the JSON format: 1.
    pub kifu: Version,
    /// The error in words.
    pub error: &'a str,
}

impl<'a> ErrorJson<'a> {
    /// The JSON of the error `error`.
    pub fn new(error: &'a str) -> Self {
        Self {
            kifu: Version,
            error,
        }
    }
}
