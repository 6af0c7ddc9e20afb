//! A record as JSON: `kifu json`.

use super::moves::{JudgedMoves, WrittenMoves};
use super::{FaultJson, MoveJson, OutcomeJson, TerminationJson, Version};
use crate::game::{GameKind, Position, Score, Tags};
use crate::record::{ItemKind, Record, Tag};
use crate::referee::{Fault, Verdict, game_of};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use serde::ser::{Error as _, SerializeMap, SerializeStruct};
use std::borrow::Cow;
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

// The object `RecordJson` writes, for its JSON Schema only: the same keys
// in the same order, of the same types, left out by the same rules.
/// A record as `kifu json` prints it, its keys in the order printed.
#[derive(JsonSchema)]
#[schemars(rename = "Record", deny_unknown_fields)]
#[expect(
    dead_code,
    reason = "it describes RecordJson's output, and is never built"
)]
pub(super) struct RecordSchema<'a> {
    /// The version of the format: 1.
    kifu: Version,
    /// The file name.
    file: &'a str,
    /// The record's first line.
    #[schemars(range(min = 1))]
    line: usize,
    /// The game; left out when the record has no valid Game tag, or a tag
    /// the game does not allow.
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<GameKind>,
    /// Every tag, in the order written; always present, maybe empty.
    tags: TagsJson<'a>,
    /// The start position; left out when the tags make none.
    #[serde(skip_serializing_if = "Option::is_none")]
    setup: Option<Position>,
    /// The comments before the first move; left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    comments: Vec<&'a str>,
    /// Every move as written, in order; left out when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    moves: Vec<MoveJson<'a>>,
    /// The result token written (`*`, or a winner's initial and `+`); left
    /// out when none is.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(r"^(\*|[A-Z]\+)$"))]
    result_token: Option<&'a str>,
    /// What the referee says.
    verdict: RecordVerdictSchema,
    /// How the game ended; left out for an unfinished game.
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<OutcomeJson<'a>>,
}

/// The schema of the verdict in a record's object: [`RecordVerdictJson`]'s
/// without the outcome, which the record gives beside its verdict.
struct RecordVerdictSchema;

impl JsonSchema for RecordVerdictSchema {
    fn schema_name() -> Cow<'static, str> {
        "RecordVerdict".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut schema = RecordVerdictJson::json_schema(generator);
        if let Some(properties) = schema
            .get_mut("properties")
            .and_then(serde_json::Value::as_object_mut)
        {
            properties.shift_remove("outcome");
        }
        schema.insert(
            "description".into(),
            "What the referee says of a record; its outcome stands beside it.".into(),
        );
        schema
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

impl JsonSchema for TagsJson<'_> {
    fn schema_name() -> Cow<'static, str> {
        "Tags".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A record's tags, each name and its value, in the order written.",
            "type": "object",
            "propertyNames": { "pattern": "^[A-Za-z][A-Za-z0-9_]*$" },
            "additionalProperties": { "type": "string" }
        })
    }
}

/// The verdict within a record's JSON, and the fields of a verdict that
/// `kifu validate --format json` prints after the file and the game.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RecordVerdictJson<'a> {
    /// Whether the record is valid: true or false.
    pub valid: bool,
    /// The moves accepted; lotus: the pawn moves.
    pub plies: usize,
    /// The move pairs or lotus turns begun.
    pub turns: u32,
    /// The result by the rules, as the Result tag would say it (`*` for
    /// a game ended off the board); left out when invalid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<&'a str>,
    /// How the game ended off the board, when its Termination tag says
    /// so: the declared result; left out otherwise, and when invalid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub termination: Option<TerminationJson<'a>>,
    /// How the game ended; left out for an unfinished game. Only in a
    /// verdict of its own: a record's object gives it beside the verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeJson<'a>>,
    /// Lotus: the scores where the record stops, as in the outcome; left
    /// out for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<&'a [Score]>,
    /// The fault; left out for a valid record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<FaultJson<'a>>,
    /// What is wrong without making the record invalid (a malformed Date,
    /// a misspelt tag name: see FAULT CODES), each as a fault; left out
    /// when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub warnings: Vec<FaultJson<'a>>,
}

impl<'a> RecordVerdictJson<'a> {
    /// The JSON of `verdict`, without its outcome.
    pub fn new(verdict: &'a Verdict) -> Self {
        Self {
            valid: verdict.is_valid(),
            plies: verdict.plies,
            turns: verdict.turns,
            result: verdict.is_valid().then(|| verdict.result()),
            termination: verdict.termination.as_ref().map(TerminationJson::new),
            outcome: None,
            scores: verdict.scores.as_deref(),
            error: verdict.fault.as_ref().map(FaultJson::new),
            warnings: verdict.warnings.iter().map(FaultJson::new).collect(),
        }
    }
}

/// What `kifu json` prints for a record it cannot read at all: where, and
/// why.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "UnreadRecord", deny_unknown_fields)]
pub struct UnreadJson<'a> {
    /// The version of the format: 1.
    pub kifu: Version,
    /// The file name.
    pub file: &'a str,
    /// The line of the syntax error.
    #[schemars(range(min = 1))]
    pub line: usize,
    /// The verdict: not valid, and the fault.
    pub verdict: UnreadVerdictJson<'a>,
}

/// The verdict on a record that cannot be read at all.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "UnreadVerdict", deny_unknown_fields)]
pub struct UnreadVerdictJson<'a> {
    /// Always false.
    #[schemars(extend("const" = false))]
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
