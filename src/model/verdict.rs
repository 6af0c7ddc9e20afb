//! A verdict as JSON: `kifu validate --format json`, and the pieces of it
//! that `kifu json` shares.

use super::RecordVerdictJson;
use crate::game::{GameKind, Outcome, Score};
use crate::referee::{Decided, Fault, Termination, Verdict};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use std::borrow::Cow;
use std::fmt;

/// A verdict as `kifu validate --format json` prints it, one per record,
/// its keys in the order printed.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Verdict", deny_unknown_fields)]
pub struct VerdictJson<'a> {
    /// The version of the format: 1.
    pub kifu: Version,
    /// The file name.
    pub file: &'a str,
    /// The record's first line, or for a record that cannot be read at all
    /// the line of the syntax error.
    #[schemars(range(min = 1))]
    pub line: usize,
    /// The game; left out when the record has no valid Game tag, or a tag
    /// the game does not allow.
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
                outcome: OutcomeJson::of(verdict),
                ..RecordVerdictJson::new(verdict)
            },
        }
    }
}

/// How a game ended, as JSON.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Outcome", deny_unknown_fields)]
pub struct OutcomeJson<'a> {
    /// The result, as the Result tag would say it: `B+`, `W+` or `R+` for
    /// a win; for lotus the final scores in turn order by initial, like
    /// `r:12 g:9 o:3`.
    pub result: &'a str,
    /// Who won; left out on a lotus tie for first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'a str>,
    /// Why the game ended, in words: for a game ended off the board, the
    /// Termination tag's value (`resign`).
    pub reason: &'a str,
    /// How it was decided: `rules`, or `off-board` for a game ended off
    /// the board whose record declares the winner.
    pub decided: Decided,
    /// Lotus: every player's final score and place, in turn order; equal
    /// scores share a place. Left out for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<&'a [Score]>,
}

impl<'a> OutcomeJson<'a> {
    /// The JSON of `outcome`, the end of a game by the rules.
    pub fn new(outcome: &'a Outcome) -> Self {
        Self {
            result: &outcome.tag_value,
            winner: outcome.winner.as_deref(),
            reason: &outcome.reason,
            decided: Decided::Rules,
            scores: outcome.scores.as_deref(),
        }
    }

    /// How the game of `verdict` ended, by the rules or off the board
    /// with a declared winner; none while it is undecided.
    pub fn of(verdict: &'a Verdict) -> Option<Self> {
        if let Some(outcome) = &verdict.outcome {
            return Some(Self::new(outcome));
        }
        let termination = verdict.termination.as_ref()?;
        let win = termination.declared?;
        Some(Self {
            result: win.token,
            winner: Some(win.winner),
            reason: &termination.reason,
            decided: Decided::OffBoard,
            scores: None,
        })
    }
}

/// How a game ended off the board, as JSON: the result a match referee
/// declared and the record's Termination tag, its keys in the order
/// printed.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Termination", deny_unknown_fields)]
pub struct TerminationJson<'a> {
    /// The declared result, as the Result tag says it: a winner's token
    /// (`B+`), or `*` when the record declares none.
    #[schemars(pattern(r"^(\*|[A-Z]\+)$"))]
    pub result: &'static str,
    /// The declared winner's name (`Black`); left out when none is declared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    /// How the game ended: the Termination tag's value (`time forfeit`).
    pub reason: &'a str,
}

impl<'a> TerminationJson<'a> {
    /// The JSON of `termination`.
    pub fn new(termination: &'a Termination) -> Self {
        Self {
            result: termination.result(),
            winner: termination.declared.map(|win| win.winner),
            reason: &termination.reason,
        }
    }
}

/// A fault: where it is, its code and why, its keys in the order printed.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Fault", deny_unknown_fields)]
pub struct FaultJson<'a> {
    /// The line of the fault in the file.
    #[schemars(range(min = 1))]
    pub line: usize,
    /// The column, in characters, from 1.
    #[schemars(range(min = 1))]
    pub column: usize,
    /// `move` or `turn`: how the movetext is numbered; left out for a fault
    /// outside the movetext.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "super::schema::units")]
    pub unit: Option<&'static str>,
    /// The number of the move or turn; left out for a fault outside the
    /// movetext.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// The number of the ply at fault, from 1 at the record's start
    /// (along its variation, when in one); left out for a fault outside
    /// the movetext.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub ply: Option<usize>,
    /// Who was to move; left out for a fault outside the movetext.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<&'a str>,
    /// The move as written; left out for a fault that is not in a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(rename = "move")]
    pub move_text: Option<&'a str>,
    /// When the fault is in a variation: the move each variation around
    /// it follows, with its number (`5. b1-b3`; lotus: the whole turn),
    /// innermost first; left out on the main line.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[schemars(length(min = 1))]
    pub within: &'a [String],
    /// The fault's stable code (see FAULT CODES in kifu.5).
    #[schemars(schema_with = "super::schema::codes")]
    pub code: &'static str,
    /// The reason, in words.
    pub reason: &'a str,
    /// The whole line `kifu validate` prints after the file name.
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
            ply: context.map(|c| c.ply),
            player: context.map(|c| c.mover.as_str()),
            move_text: context.and_then(|c| c.text.as_deref()),
            within: context.map_or(&[], |c| c.within.as_slice()),
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

impl<T> JsonSchema for Displayed<'_, T> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Displayed".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "string" })
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

impl JsonSchema for Version {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Version".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "integer", "const": Self::NUMBER })
    }
}

/// An error that stops kifu from printing a record's JSON, as JSON: what
/// the REPL's `:json` prints when the game cannot be written.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Error", deny_unknown_fields)]
pub struct ErrorJson<'a> {
    /// The version of the format: 1.
    pub kifu: Version,
    /// Why the game cannot be written, in words.
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
