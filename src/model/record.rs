//! A record as JSON: `kifu json`.

use super::moves::{JudgedMoves, WrittenMoves};
use super::{FaultJson, OutcomeJson, Version};
use crate::game::{Position, Score, Tags};
use crate::record::{ItemKind, Record, Tag};
use crate::referee::{Fault, Verdict, game_of};
use serde::Serialize;
use serde::ser::{Error as _, SerializeMap, SerializeStruct};
use std::cell::RefCell;

/// A record as `kifu json` prints it, judged as it is written: its moves
/// stream out as the referee accepts them. Its keys, in the order printed:
/// `kifu`, `file`, `line`, `game`, `tags`, `setup`, `comments`, `moves`,
/// `result_token`, `verdict`, `outcome`; a field with nothing to say is
/// left out.
#[derive(Debug)]
pub struct RecordJson<'a> {
    file: &'a str,
    record: &'a Record,
    moves: JudgedMoves<'a>,
}

impl<'a> RecordJson<'a> {
    /// The JSON of `record` read from `file`; with `positions`, each move
    /// carries the position after it. Nothing is judged until it is
    /// serialized.
    pub fn new(file: &'a str, record: &'a Record, positions: bool) -> Self {
        Self {
            file,
            record,
            moves: JudgedMoves {
                record,
                positions,
                verdict: RefCell::new(None),
            },
        }
    }

    /// The verdict, once the record has been serialized.
    pub fn verdict(&self) -> Option<Verdict> {
        self.moves.verdict.borrow().clone()
    }
}

impl Serialize for RecordJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let record = self.record;
        let game = game_of(record);
        let setup: Option<Position> = game
            .and_then(|kind| kind.start(Tags::new(&record.tags)).ok())
            .map(|start| start.position_json());
        let comments = WrittenMoves::leading_comments(record);
        let has_moves = record
            .items
            .iter()
            .any(|item| matches!(item.kind(), ItemKind::Move { .. }));
        let result_token = record.result_token().map(|(t, _)| t);

        let mut s = serializer.serialize_struct("Record", 11)?;
        s.serialize_field("kifu", &Version)?;
        s.serialize_field("file", self.file)?;
        s.serialize_field("line", &record.first_line())?;
        optional(&mut s, "game", game.as_ref())?;
        s.serialize_field("tags", &TagsJson(&record.tags))?;
        optional(&mut s, "setup", setup.as_ref())?;
        if comments.is_empty() {
            s.skip_field("comments")?;
        } else {
            s.serialize_field("comments", &comments)?;
        }
        if has_moves {
            s.serialize_field("moves", &self.moves)?;
        } else {
            self.moves.judge_silently();
            s.skip_field("moves")?;
        }
        optional(&mut s, "result_token", result_token)?;
        let verdict = self.moves.verdict.borrow();
        let verdict = verdict
            .as_ref()
            .ok_or_else(|| S::Error::custom("the record was not judged"))?;
        s.serialize_field("verdict", &RecordVerdictJson::new(verdict))?;
        let outcome = verdict.outcome.as_ref().map(OutcomeJson::new);
        optional(&mut s, "outcome", outcome.as_ref())?;
        s.end()
    }
}

/// Writes the field `key` when it has a value, and leaves it out when not.
fn optional<S: SerializeStruct, T: Serialize + ?Sized>(
    s: &mut S,
    key: &'static str,
    value: Option<&T>,
) -> Result<(), S::Error> {
    match value {
        Some(value) => s.serialize_field(key, value),
        None => s.skip_field(key),
    }
}

/// A record's tags as a JSON object, in the order written.
#[derive(Debug)]
pub struct TagsJson<'a>(pub &'a [Tag]);

impl Serialize for TagsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for tag in self.0 {
            map.serialize_entry(tag.name.as_str(), tag.value.as_str())?;
        }
        map.end()
    }
}

/// The verdict within a record's JSON, and the fields of a verdict that
/// `kifu validate --format json` prints after the file and the game.
#[derive(Debug, Serialize)]
pub struct RecordVerdictJson<'a> {
    /// Whether the record is valid.
    pub valid: bool,
    /// The plies accepted.
    pub plies: usize,
    /// The number of the last turn begun.
    pub turns: u32,
    /// The result of a valid record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<&'a str>,
    /// The outcome, if the game ended: in a verdict of its own only (a
    /// record's JSON gives it beside the verdict).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeJson<'a>>,
    /// The scores where the record stops, for games that keep a score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<&'a [Score]>,
    /// The fault of an invalid record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<FaultJson<'a>>,
}

impl<'a> RecordVerdictJson<'a> {
    /// The JSON of `verdict`, without its outcome.
    pub fn new(verdict: &'a Verdict) -> Self {
        Self {
            valid: verdict.is_valid(),
            plies: verdict.plies,
            turns: verdict.turns,
            result: verdict.is_valid().then(|| verdict.result()),
            outcome: None,
            scores: verdict.scores.as_deref(),
            error: verdict.fault.as_ref().map(FaultJson::new),
        }
    }
}

/// What `kifu json` prints for a record it cannot read: where, and why.
#[derive(Debug, Serialize)]
pub struct UnreadJson<'a> {
    /// The version of the JSON format: 1.
    pub kifu: Version,
    /// The file name.
    pub file: &'a str,
    /// The line of the syntax error.
    pub line: usize,
    /// The verdict: not valid, and the fault.
    pub verdict: UnreadVerdictJson<'a>,
}

/// The verdict on a record that cannot be read.
#[derive(Debug, Serialize)]
pub struct UnreadVerdictJson<'a> {
    /// Always false.
    pub valid: bool,
    /// The syntax error.
    pub error: FaultJson<'a>,
}

impl<'a> UnreadJson<'a> {
    /// The JSON of the record of `file` at `line` that cannot be read
    /// because of `fault`.
    pub fn new(file: &'a str, line: usize, fault: &'a Fault) -> Self {
        Self {
            kifu: Version,
            file,
            line,
            verdict: UnreadVerdictJson {
                valid: false,
                error: FaultJson::new(fault),
            },
        }
    }
}
