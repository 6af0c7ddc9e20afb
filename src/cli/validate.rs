//! `kifu validate`: one verdict per record.

use super::Status;
use super::args::{Format, ValidateArgs};
use super::input::for_each_record;
use super::progress::Progress;
use crate::record::{Record, SyntaxError};
use crate::referee::{Fault, Options, Verdict, judge};
use serde_json::json;
use std::io::{self, Write};

/// Runs `kifu validate`.
///
/// # Errors
/// Failures to write `out`.
pub fn run(args: &ValidateArgs, colour: bool, out: &mut dyn Write) -> io::Result<Status> {
    let progress = Progress::start();
    for_each_record(&args.files, |name, record| {
        progress.tick();
        let (line, verdict) = verdict_of(record);
        match args.format {
            Format::Text => write_text(out, name, line, &verdict, colour)?,
            Format::Json => {
                serde_json::to_writer(&mut *out, &verdict_json(name, line, &verdict))?;
                out.write_all(b"\n")?;
            }
        }
        Ok(if verdict.is_valid() {
            Status::Ok
        } else {
            Status::Invalid
        })
    })
}

/// Judges a record, or turns its syntax error into a verdict.
pub fn verdict_of(record: Result<Record, SyntaxError>) -> (usize, Verdict) {
    match record {
        Ok(record) => (
            record.first_line(),
            judge(&record, Options::default(), |_| {}).0,
        ),
        Err(e) => (
            e.location.line,
            Verdict {
                kind: None,
                plies: 0,
                turns: 0,
                outcome: None,
                fault: Some(Fault {
                    location: e.location,
                    context: None,
                    message: e.message,
                }),
            },
        ),
    }
}

/// `file:1: mana, 57 plies, B+ (Daimyo captured)` or `file:14:9: move 12 ...`.
pub fn write_text(
    out: &mut dyn Write,
    name: &str,
    line: usize,
    verdict: &Verdict,
    colour: bool,
) -> io::Result<()> {
    let (start, end) = match (colour, verdict.is_valid()) {
        (false, _) => ("", ""),
        (true, true) => ("\x1b[32m", "\x1b[0m"),
        (true, false) => ("\x1b[31m", "\x1b[0m"),
    };
    match &verdict.fault {
        None => writeln!(out, "{name}:{line}: {start}{}{end}", verdict.summary()),
        Some(fault) => writeln!(out, "{name}:{start}{fault}{end}"),
    }
}

/// The verdict as a JSON object (`kifu validate --format json`).
pub fn verdict_json(name: &str, line: usize, verdict: &Verdict) -> serde_json::Value {
    json!({
        "file": name,
        "line": line,
        "game": verdict.kind,
        "valid": verdict.is_valid(),
        "plies": verdict.plies,
        "turns": verdict.turns,
        "result": verdict.is_valid().then(|| verdict.result()),
        "outcome": verdict.outcome.as_ref().map(super::json::outcome_json),
        "error": verdict.fault.as_ref().map(fault_json),
    })
}

/// A fault as a JSON object.
pub fn fault_json(fault: &Fault) -> serde_json::Value {
    let context = fault.context.as_ref();
    json!({
        "line": fault.location.line,
        "column": fault.location.column,
        "unit": context.map(|c| c.label),
        "number": context.map(|c| c.number),
        "player": context.map(|c| &c.mover),
        "move": context.and_then(|c| c.text.as_ref()),
        "reason": fault.message,
        "message": fault.to_string(),
    })
}
