//! `kifu import`: a record's JSON, as `kifu json` prints it, back to the
//! text of the record.

use crate::record::{Dots, WrittenMove, write_record};
use serde::Deserialize;
use serde_json::{Map, Value};

/// The fields of a `kifu json` object that make up the record.
#[derive(Debug, Deserialize)]
struct RecordIn {
    tags: Option<Map<String, Value>>,
    #[serde(default)]
    comments: Vec<String>,
    #[serde(default)]
    moves: Vec<MoveIn>,
    result_token: Option<String>,
}

/// One move of a `kifu json` object.
#[derive(Debug, Deserialize)]
struct MoveIn {
    number: Option<String>,
    text: String,
    glyph: Option<String>,
    #[serde(default)]
    comments: Vec<String>,
}

/// The text record of one line of `kifu json` output.
///
/// # Errors
/// Why the line is not a record that `kifu json` wrote, in words.
pub fn text_from_json(line: &str) -> Result<String, String> {
    let json: RecordIn = serde_json::from_str(line).map_err(|e| format!("invalid JSON: {e}"))?;
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
