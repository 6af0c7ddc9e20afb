//! A record as JSON: `kifu json`.

use super::{FaultJson, OutcomeJson};
use crate::game::{GameKind, MoveDetail, Tags};
use crate::record::{ItemKind, Record, Tag};
use crate::referee::{Options, Verdict, judge};
use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::Value;

/// A record as `kifu json` prints it, its keys in the order printed.
#[derive(Debug, Serialize)]
pub struct RecordJson<'a> {
    /// The file name.
    pub file: &'a str,
    /// The line on which the record starts.
    pub line: usize,
    /// The game, once its `Game` tag is read.
    pub game: Option<GameKind>,
    /// The tags, an object in the order written.
    pub tags: TagsJson<'a>,
    /// The start position, when the tags make one.
    pub setup: Option<Value>,
    /// The comments before the first move.
    pub comments: Vec<&'a str>,
    /// The moves, each with its comments.
    pub moves: Vec<MoveJson<'a>>,
    /// The result token written at the end of the movetext.
    pub result_token: Option<&'a str>,
    /// What the referee says.
    pub verdict: RecordVerdictJson<'a>,
    /// The outcome, if the game ended.
    pub outcome: Option<OutcomeJson<'a>>,
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

/// One move of a record, as JSON.
#[derive(Debug, Serialize)]
pub struct MoveJson<'a> {
    /// The move number written before it (`12.`, `12...`).
    pub number: Option<&'a str>,
    /// The move as written, without its glyph.
    pub text: &'a str,
    /// Its annotation glyph.
    pub glyph: Option<&'a str>,
    /// The move written the canonical way, when the referee read it.
    pub normalized: Option<&'a str>,
    /// Its parts, when the referee read it.
    pub parts: Option<&'a Value>,
    /// The comments after it.
    pub comments: Vec<&'a str>,
    /// The position after it, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<&'a Value>,
}

/// The verdict within a record's JSON.
#[derive(Debug, Serialize)]
pub struct RecordVerdictJson<'a> {
    /// Whether the record is valid.
    pub valid: bool,
    /// The plies accepted.
    pub plies: usize,
    /// The number of the last turn begun.
    pub turns: u32,
    /// The result of a valid record.
    pub result: Option<&'a str>,
    /// The scores where the record stops, for games that keep a score.
    pub scores: Option<&'a [crate::game::Score]>,
    /// The fault of an invalid record.
    pub error: Option<FaultJson<'a>>,
}

/// A record and what the referee says of it: what [`RecordJson`] shows.
#[derive(Debug)]
pub struct JudgedRecord<'r> {
    record: &'r Record,
    verdict: Verdict,
    /// Each accepted ply's canonical text and parts, and the position after it.
    plies: Vec<(Option<MoveDetail>, Option<Value>)>,
}

impl<'r> JudgedRecord<'r> {
    /// Judges `record`; with `positions`, each move keeps the position after it.
    pub fn judge(record: &'r Record, positions: bool) -> Self {
        let mut plies = Vec::new();
        let options = Options {
            stop_after: None,
            details: true,
        };
        let (verdict, _) = judge(record, options, |ply| {
            let position = positions.then(|| ply.game.position_json());
            plies.push((ply.detail, position));
        });
        Self {
            record,
            verdict,
            plies,
        }
    }

    /// The verdict.
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The record as JSON, read from `file`.
    pub fn json<'a>(&'a self, file: &'a str) -> RecordJson<'a> {
        let (record, verdict) = (self.record, &self.verdict);
        let setup = verdict
            .kind
            .and_then(|kind| kind.start(Tags::new(&record.tags)).ok())
            .map(|game| game.position_json());
        let (comments, moves) = self.moves_json();
        RecordJson {
            file,
            line: record.first_line(),
            game: verdict.kind,
            tags: TagsJson(&record.tags),
            setup,
            comments,
            moves,
            result_token: record.result_token().map(|(t, _)| t),
            verdict: RecordVerdictJson {
                valid: verdict.is_valid(),
                plies: verdict.plies,
                turns: verdict.turns,
                result: verdict.is_valid().then(|| verdict.result()),
                scores: verdict.scores.as_deref(),
                error: verdict.fault.as_ref().map(FaultJson::new),
            },
            outcome: verdict.outcome.as_ref().map(OutcomeJson::new),
        }
    }

    /// The comments before the first move, and every move with its comments.
    fn moves_json(&self) -> (Vec<&str>, Vec<MoveJson<'_>>) {
        let record = self.record;
        let mut plies = self.plies.iter();
        let mut leading = Vec::new();
        let mut moves: Vec<MoveJson<'_>> = Vec::new();
        let mut number = None;
        for item in &record.items {
            match item.kind() {
                ItemKind::Comment => {
                    let text = record.slice(&item.span());
                    match moves.last_mut() {
                        Some(last) => last.comments.push(text),
                        None => leading.push(text),
                    }
                }
                ItemKind::Move { .. } => {
                    let (detail, position) = plies
                        .next()
                        .map_or((None, None), |(d, p)| (d.as_ref(), p.as_ref()));
                    moves.push(MoveJson {
                        number: number.take(),
                        text: record.slice(&item.span()),
                        glyph: record.move_word(item).and_then(|w| w.glyph),
                        normalized: detail.map(|d| d.normalized.as_str()),
                        parts: detail.map(|d| &d.parts),
                        comments: Vec::new(),
                        position,
                    });
                }
                ItemKind::Number { .. } => number = Some(record.slice(&item.span())),
                ItemKind::Result => {}
            }
        }
        (leading, moves)
    }
}

/// What `kifu json` prints for a record it cannot read: where, and why.
#[derive(Debug, Serialize)]
pub struct UnreadJson<'a> {
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
    /// The JSON of the record of `file` that `verdict` (made of a syntax
    /// error by [`Verdict::of_syntax_error`]) stands for.
    pub fn new(file: &'a str, line: usize, fault: &'a crate::referee::Fault) -> Self {
        Self {
            file,
            line,
            verdict: UnreadVerdictJson {
                valid: false,
                error: FaultJson::new(fault),
            },
        }
    }
}
