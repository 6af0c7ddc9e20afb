//! `kifu import`: the JSON of `kifu json` back to text records.

use super::Status;
use super::args::ImportArgs;
use super::input::{io_reason, open, paths};
use crate::record::{Dots, WrittenMove, write_record};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::io::{self, BufRead, Write};

/// The longest line `kifu import` reads; a longer line is an error.
pub const MAX_JSON_LINE_BYTES: usize = 4 << 20;

/// The fields of a `kifu json` object that make up the record.
#[derive(Debug, Deserialize)]
struct RecordJson {
    tags: Option<Map<String, Value>>,
    #[serde(default)]
    comments: Vec<String>,
    #[serde(default)]
    moves: Vec<MoveJson>,
    result_token: Option<String>,
}

/// One move of a `kifu json` object.
#[derive(Debug, Deserialize)]
struct MoveJson {
    number: Option<String>,
    text: String,
    glyph: Option<String>,
    #[serde(default)]
    comments: Vec<String>,
}

/// Runs `kifu import`.
///
/// # Errors
/// Failures to write `out`.
pub fn run(args: &ImportArgs, out: &mut dyn Write) -> io::Result<Status> {
    let mut worst = Status::Ok;
    let mut first = true;
    for path in paths(&args.files) {
        let (name, mut reader) = match open(&path) {
            Ok(opened) => opened,
            Err(message) => {
                eprintln!("kifu: {message}");
                worst = worst.max(Status::Trouble);
                continue;
            }
        };
        let mut bytes = Vec::new();
        let mut number = 0;
        loop {
            let too_long = match read_line(&mut reader, &mut bytes) {
                Ok(Some(too_long)) => too_long,
                Ok(None) => break,
                Err(e) => {
                    eprintln!("kifu: {name}:{}: {}", number + 1, io_reason(&e));
                    worst = worst.max(Status::Trouble);
                    break;
                }
            };
            number += 1;
            if too_long {
                eprintln!(
                    "{name}:{number}: the line is longer than the limit of {MAX_JSON_LINE_BYTES} bytes"
                );
                worst = worst.max(Status::Invalid);
                continue;
            }
            let Ok(line) = std::str::from_utf8(&bytes) else {
                eprintln!("{name}:{number}: invalid JSON: the line is not UTF-8");
                worst = worst.max(Status::Invalid);
                continue;
            };
            if line.trim().is_empty() {
                continue;
            }
            match record_text(line) {
                Ok(text) => {
                    if !first {
                        out.write_all(b"\n")?;
                    }
                    first = false;
                    out.write_all(text.as_bytes())?;
                }
                Err(message) => {
                    eprintln!("{name}:{number}: {message}");
                    worst = worst.max(Status::Invalid);
                }
            }
        }
    }
    Ok(worst)
}

/// Reads one line, without its end, into `line`: `Some(true)` when it is
/// longer than [`MAX_JSON_LINE_BYTES`] (and dropped), `None` at the end.
fn read_line(input: &mut dyn BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, used, end) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        if too_long || line.len() + chunk.len() > MAX_JSON_LINE_BYTES {
            too_long = true;
            line.clear();
        } else {
            line.extend_from_slice(chunk);
        }
        input.consume(used);
        if end {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(any.then_some(too_long))
}

/// The text record of one line of `kifu json` output.
///
/// # Errors
/// Why the line is not a record that `kifu json` wrote, in words.
pub fn record_text(line: &str) -> Result<String, String> {
    let json: RecordJson = serde_json::from_str(line).map_err(|e| format!("invalid JSON: {e}"))?;
    let tags = json
        .tags
        .ok_or("the object has no tags: it is not a record that kifu json wrote")?;
    let mut pairs = Vec::with_capacity(tags.len());
    for (name, value) in tags {
        let valid_name = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid_name {
            return Err(format!("{name:?} is not a tag name"));
        }
        match value {
            Value::String(v) if !v.contains('\n') => pairs.push((name, v)),
            _ => {
                return Err(format!(
                    "tag {name}: the value must be a string on one line"
                ));
            }
        }
    }
    let empty = pairs.is_empty()
        && json.comments.is_empty()
        && json.moves.is_empty()
        && json.result_token.is_none();
    if empty {
        return Err("the record is empty: no tags, comments, moves or result".into());
    }
    if let Some(token) = json
        .result_token
        .as_deref()
        .filter(|t| !crate::record::is_result(t))
    {
        return Err(format!(
            "result token {token:?} is not * or a winner's initial and +, like B+"
        ));
    }
    if json.moves.len() > crate::record::MAX_ITEMS {
        return Err(format!(
            "{} moves: a record holds at most {} movetext items",
            json.moves.len(),
            crate::record::MAX_ITEMS
        ));
    }
    let mut words = Vec::with_capacity(json.moves.len());
    for (i, m) in json.moves.iter().enumerate() {
        let is_word = !m.text.is_empty()
            && m.text
                .chars()
                .all(|c| c.is_ascii_graphic() && !"{};".contains(c));
        if !is_word {
            return Err(format!("move {}: {:?} is not a move word", i + 1, m.text));
        }
        let number = match &m.number {
            None => None,
            Some(n) => Some(
                parse_number(n)
                    .ok_or_else(|| format!("move {}: {n:?} is not a move number", i + 1))?,
            ),
        };
        words.push((
            number,
            format!("{}{}", m.text, m.glyph.as_deref().unwrap_or("")),
        ));
    }
    let written: Vec<WrittenMove<'_>> = words
        .iter()
        .zip(&json.moves)
        .map(|((number, text), m)| WrittenMove {
            number: *number,
            text,
            comments: &m.comments,
        })
        .collect();
    Ok(write_record(
        &pairs,
        &json.comments,
        &written,
        json.result_token.as_deref(),
    ))
}

/// `12.` or `12...`.
fn parse_number(text: &str) -> Option<(u32, Dots)> {
    let (digits, dots) = match text.strip_suffix("...") {
        Some(digits) => (digits, Dots::Three),
        None => (text.strip_suffix('.')?, Dots::One),
    };
    Some((digits.parse().ok()?, dots))
}
