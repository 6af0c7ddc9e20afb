//! A record as JSON: `kifu json`.

use super::moves::{MovesWriter, WrittenMoves};
use super::writer::{JsonWriter, Streamed};
use super::{FaultJson, MoveJson, OutcomeJson, TerminationJson, Version};
use crate::game::{GameKind, Position, Score, Tags};
use crate::record::{ItemKind, Record, Tag};
use crate::referee::{Fault, Options, Ply, Verdict, Visitor, game_of, judge_with};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use serde::ser::SerializeMap;
use std::borrow::Cow;
use std::io::{self, Write};

/// How the referee walks a record for its JSON ([`RecordJson`]): to the
/// end, with each move's canonical text and parts.
pub const JSON_WALK: Options = Options {
    stop_after: None,
    details: true,
};

/// A record as `kifu json` prints it, written as the referee judges it:
/// [`RecordJson::begin`] writes what comes before the moves, the referee's
/// walk of the record ([`crate::referee::judge_with`], with details) tells
/// this visitor each move as it accepts it, which is written out at once,
/// and [`RecordJson::finish`] writes the rest with the verdict. Memory does
/// not grow with the length of the record. Its keys, in the order
/// printed: `kifu`, `file`, `line`, `game`, `tags`, `setup`, `comments`,
/// `moves`, `result_token`, `verdict`, `outcome`; a field with nothing to
/// say is left out.
#[derive(Debug)]
pub struct RecordJson<'a, W: Write> {
    out: &'a mut JsonWriter<W>,
    record: &'a Record,
    object: Streamed,
    /// The moves array, when the record has moves.
    moves: Option<MovesWriter<'a>>,
    /// The first failure to write, after which nothing more is written.
    failed: Option<io::Error>,
}

impl<'a, W: Write> RecordJson<'a, W> {
    /// Starts the JSON of `record` read from `file`, in `out`; with
    /// `positions`, each move carries the position after it.
    ///
    /// # Errors
    /// A failure to write.
    pub fn begin(
        out: &'a mut JsonWriter<W>,
        file: &str,
        record: &'a Record,
        positions: bool,
    ) -> io::Result<Self> {
        let game = game_of(record);
        let setup: Option<Position> = game
            .and_then(|kind| kind.start(Tags::new(&record.tags)).ok())
            .map(|start| start.position_json());
        let comments = WrittenMoves::leading_comments(record);
        let has_moves = record
            .items
            .iter()
            .any(|item| matches!(item.kind(), ItemKind::Move { .. }));

        let mut object = Streamed::object(out);
        object.field(out, "kifu", &Version)?;
        object.field(out, "file", file)?;
        object.field(out, "line", &record.first_line())?;
        optional(out, &mut object, "game", game.as_ref())?;
        object.field(out, "tags", &TagsJson(&record.tags))?;
        optional(out, &mut object, "setup", setup.as_ref())?;
        if !comments.is_empty() {
            object.field(out, "comments", &comments)?;
        }
        let moves = has_moves.then(|| MovesWriter::open(out, &mut object, record, positions));
        Ok(Self {
            out,
            record,
            object,
            moves,
            failed: None,
        })
    }

    /// Ends the JSON of the record, which the referee judged so.
    ///
    /// # Errors
    /// A failure to write, now or while the moves were written.
    pub fn finish(self, verdict: &Verdict) -> io::Result<()> {
        let Self {
            out,
            record,
            mut object,
            moves,
            failed,
        } = self;
        if let Some(error) = failed {
            return Err(error);
        }
        if let Some(moves) = moves {
            moves.close(out)?;
        }
        let result_token = record.result_token().map(|(t, _)| t);
        optional(out, &mut object, "result_token", result_token)?;
        object.field(out, "verdict", &RecordVerdictJson::new(verdict))?;
        let outcome = OutcomeJson::of(verdict);
        optional(out, &mut object, "outcome", outcome.as_ref())?;
        object.close(out);
        Ok(())
    }
}

/// The JSON of `record` read from `file` on one line, as `kifu json`
/// prints it, and its verdict: the referee walks it, [`RecordJson`]
/// writing it into a string.
///
/// # Errors
/// An error of a value written (none is expected of a record).
pub fn record_json(file: &str, record: &Record, positions: bool) -> io::Result<(String, Verdict)> {
    let mut out = JsonWriter::new(Vec::new());
    let mut json = RecordJson::begin(&mut out, file, record, positions)?;
    let (verdict, _) = judge_with(record, JSON_WALK, &mut json);
    json.finish(&verdict)?;
    out.flush()?;
    let line = String::from_utf8(out.into_inner()).map_err(io::Error::other)?;
    Ok((line, verdict))
}

impl<W: Write> Visitor for RecordJson<'_, W> {
    fn ply(&mut self, ply: Ply<'_>) {
        if self.failed.is_some() {
            return;
        }
        if let Some(moves) = self.moves.as_mut() {
            if let Err(error) = moves.ply(self.out, ply) {
                self.failed = Some(error);
            }
        }
    }

    fn begin_variation(&mut self) {
        if let Some(moves) = self.moves.as_mut() {
            moves.begin_variation();
        }
    }

    fn end_variation(&mut self) {
        if let Some(moves) = self.moves.as_mut() {
            moves.end_variation();
        }
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
pub(crate) struct RecordSchema<'a> {
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

/// Adds the field `key` to `object` when it has a `value`.
fn optional<W: Write, T: Serialize + ?Sized>(
    out: &mut JsonWriter<W>,
    object: &mut Streamed,
    key: &'static str,
    value: Option<&T>,
) -> io::Result<()> {
    match value {
        Some(value) => object.field(out, key, value),
        None => Ok(()),
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
    /// The game's result, as the Result tag says it: by the rules, or
    /// declared for a game ended off the board (`*` when undecided); left
    /// out when invalid.
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
