//! `kifu json`: every record as one JSON object per line.

use super::Status;
use super::args::JsonArgs;
use super::input::for_each_record;
use super::validate::{fault_json, verdict_of};
use crate::game::{GameKind, Outcome, Tags};
use crate::record::{ItemKind, Record};
use crate::referee::{Options, judge};
use serde_json::{Map, Value, json};
use std::io::{self, Write};

/// Runs `kifu json`.
///
/// # Errors
/// Failures to write `out`.
pub fn run(args: &JsonArgs, out: &mut dyn Write) -> io::Result<Status> {
    for_each_record(&args.files, |name, record| {
        let (value, valid) = match record {
            Ok(record) => record_json(name, &record, args.positions),
            Err(e) => {
                let (line, verdict) = verdict_of(Err(e));
                let fault = verdict.fault.as_ref().map(fault_json);
                (
                    json!({"file": name, "line": line, "verdict": {"valid": false, "error": fault}}),
                    false,
                )
            }
        };
        serde_json::to_writer(&mut *out, &value)?;
        out.write_all(b"\n")?;
        Ok(if valid { Status::Ok } else { Status::Invalid })
    })
}

/// The outcome as a JSON object.
pub fn outcome_json(outcome: &Outcome) -> Value {
    json!({
        "result": outcome.tag_value,
        "winner": outcome.winner,
        "reason": outcome.reason,
        "scores": outcome.scores,
    })
}

/// One record as JSON, and whether it is valid.
pub fn record_json(name: &str, record: &Record, positions: bool) -> (Value, bool) {
    let mut details = Vec::new();
    let (verdict, _) = judge(
        record,
        Options {
            stop_after: None,
            details: true,
        },
        |ply| {
            let position = positions.then(|| ply.game.position_json());
            details.push((ply.detail, position));
        },
    );
    let tags: Map<String, Value> = record
        .tags
        .iter()
        .map(|t| (t.name.to_string(), Value::String(t.value.to_string())))
        .collect();
    let start = verdict
        .kind
        .and_then(|kind| kind.start(Tags::new(&record.tags)).ok())
        .map(|game| game.position_json());
    let (leading, moves) = moves_json(record, details);
    let value = json!({
        "file": name,
        "line": record.first_line(),
        "game": verdict.kind.map(GameKind::name),
        "tags": tags,
        "setup": start,
        "comments": leading,
        "moves": moves,
        "result_token": record.result_token().map(|(t, _)| t),
        "verdict": {
            "valid": verdict.is_valid(),
            "plies": verdict.plies,
            "turns": verdict.turns,
            "result": verdict.is_valid().then(|| verdict.result()),
            "scores": verdict.scores,
            "error": verdict.fault.as_ref().map(fault_json),
        },
        "outcome": verdict.outcome.as_ref().map(outcome_json),
    });
    (value, verdict.is_valid())
}

/// The comments before the first move, and every move with its comments.
fn moves_json(
    record: &Record,
    details: Vec<(Option<crate::game::MoveDetail>, Option<Value>)>,
) -> (Vec<Value>, Vec<Value>) {
    let mut details = details.into_iter();
    let mut leading = Vec::new();
    let mut moves: Vec<Value> = Vec::new();
    let mut number: Option<&str> = None;
    for item in &record.items {
        match item.kind() {
            ItemKind::Comment => {
                let text = Value::String(record.slice(&item.span()).to_owned());
                match moves
                    .last_mut()
                    .and_then(|m| m.get_mut("comments"))
                    .and_then(Value::as_array_mut)
                {
                    Some(comments) => comments.push(text),
                    None => leading.push(text),
                }
            }
            ItemKind::Move { .. } => {
                let (detail, position) = details.next().unwrap_or((None, None));
                let word = record.move_word(item);
                let mut value = json!({
                    "number": number.take(),
                    "text": record.slice(&item.span()),
                    "glyph": word.and_then(|w| w.glyph),
                    "normalized": detail.as_ref().map(|d| &d.normalized),
                    "parts": detail.map(|d| d.parts),
                    "comments": [],
                });
                if let (Some(position), Some(map)) = (position, value.as_object_mut()) {
                    map.insert("position".to_owned(), position);
                }
                moves.push(value);
            }
            ItemKind::Number { .. } => number = Some(record.slice(&item.span())),
            ItemKind::Result => {}
        }
    }
    (leading, moves)
}
