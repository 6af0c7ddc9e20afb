//! `kifu import`: records' JSON, as `kifu json` prints it, back to the text
//! of the records.
//!
//! The input is any JSON text: NDJSON, objects one after another in any
//! whitespace (as `jq .` prints them), or arrays of records, in any mix. It
//! is read as a stream, one record at a time: [`read_json_records`] holds
//! one record's kept fields at most, never the whole input.

mod fields;
mod problem;
mod stream;
#[cfg(test)]
mod tests;
mod visit;

use crate::record::{
    MAX_LINE_BYTES, MAX_RECORD_BYTES, MoveNumber, WrittenMove, check_readable, write_record,
};
use std::io::{self, Read};

pub use problem::{ImportError, JsonTextError};

/// The most bytes of JSON one record may take, counted from the end of the
/// record before it: room for `kifu json --positions` of the longest record.
pub const MAX_JSON_RECORD_BYTES: usize = 4 * MAX_RECORD_BYTES;

/// The most whitespace in a row that the JSON may hold outside strings.
pub const MAX_JSON_SPACE_BYTES: usize = MAX_LINE_BYTES;

/// One record read from JSON.
#[derive(Debug)]
pub struct JsonRecord {
    /// Its number in the input, from 1.
    pub number: usize,
    /// The line on which it starts.
    pub line: usize,
    /// The text of the record, or why it cannot be imported.
    pub text: Result<String, ImportError>,
}

/// Why [`read_json_records`] stopped before the end of the input.
#[derive(Debug)]
pub enum JsonStop {
    /// The input is not JSON, or breaks a limit, at the record `number`
    /// that starts at `line`; where the next record starts is unknown.
    Bad {
        /// The number of the record, from 1.
        number: usize,
        /// The line on which it starts.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The input could not be read, at `line`.
    Input {
        /// The line being read.
        line: usize,
        /// The failure.
        error: io::Error,
    },
    /// `each` failed.
    Output(io::Error),
}

/// Reads the records of `input` (read a chunk of 64 KiB at a time; it need
/// not be buffered), one at a time, and calls `each` with each
/// record's text (or why it cannot be imported), in order. A byte-order
/// mark at the start is skipped. Returns the number of records.
///
/// A record that is JSON but not a record (a duplicate key, a value of the
/// wrong kind) is passed to `each` as an error, and reading goes on.
///
/// # Errors
/// Text that is not JSON and broken limits end the reading, as do failures
/// of the input and of `each`.
pub fn read_json_records(
    input: impl Read,
    mut each: impl FnMut(JsonRecord) -> io::Result<()>,
) -> Result<usize, JsonStop> {
    stream::read(input, &mut each)
}

/// The text record of one JSON object that `kifu json` wrote, alone in
/// `json` but for whitespace.
///
/// # Errors
/// Why it is not one record that `kifu json` wrote.
pub fn text_from_json(json: &str) -> Result<String, JsonTextError> {
    if !json
        .trim_start_matches([' ', '\t', '\n', '\r'])
        .starts_with('{')
    {
        return Err(JsonTextError::NotAnObject);
    }
    let mut texts = Vec::new();
    let count = read_json_records(json.as_bytes(), |record| {
        texts.push(record.text);
        Ok(())
    });
    match (count, texts.pop()) {
        (Ok(1), Some(text)) => Ok(text?),
        (Ok(_), _) => Err(JsonTextError::NotOne),
        (Err(JsonStop::Bad { reason, .. }), _) => Err(JsonTextError::Invalid(reason)),
        (Err(JsonStop::Input { error, .. } | JsonStop::Output(error)), _) => {
            Err(JsonTextError::Io(error))
        }
    }
}

/// The fields of a `kifu json` object that make up the record.
#[derive(Debug, Default)]
struct RecordIn {
    tags: Option<Vec<(String, String)>>,
    comments: Vec<String>,
    moves: Vec<MoveIn>,
    result_token: Option<String>,
    /// The first reason the object is not a record.
    problem: Option<ImportError>,
}

/// One move of a `kifu json` object.
#[derive(Debug, Default)]
struct MoveIn {
    comments_before: Vec<String>,
    number: Option<String>,
    text: String,
    glyph: Option<String>,
    nags: Vec<u8>,
    comments: Vec<String>,
    variations: Vec<Vec<MoveIn>>,
    /// The move and its glyph as written, once checked.
    word: String,
}

impl RecordIn {
    /// The text of the record.
    fn into_text(mut self) -> Result<String, ImportError> {
        if let Some(problem) = self.problem {
            return Err(problem);
        }
        let pairs = self.tags.ok_or(ImportError::NoTags)?;
        for (name, _) in &pairs {
            let valid_name = name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !valid_name {
                return Err(ImportError::NotATagName(name.clone()));
            }
        }
        let empty = pairs.is_empty()
            && self.comments.is_empty()
            && self.moves.is_empty()
            && self.result_token.is_none();
        if empty {
            return Err(ImportError::Empty);
        }
        if let Some(token) = self
            .result_token
            .as_deref()
            .filter(|t| !crate::record::is_result(t))
        {
            return Err(ImportError::ResultToken(token.to_owned()));
        }
        ready(&mut self.moves, "")?;
        let written = written(&self.moves);
        let text = write_record(
            &pairs,
            &self.comments,
            &written,
            self.result_token.as_deref(),
        );
        check_readable(&text).map_err(ImportError::Unreadable)?;
        Ok(text)
    }
}

/// Checks the moves of a line at `place` (empty for the main line, else
/// `move 3, variation 1`) and of their variations, and readies each
/// move's word and number.
fn ready(moves: &mut [MoveIn], place: &str) -> Result<(), ImportError> {
    for (i, m) in moves.iter_mut().enumerate() {
        let here = match place {
            "" => format!("move {}", i + 1),
            place => format!("{place}, move {}", i + 1),
        };
        let is_word = !m.text.is_empty()
            && m.text
                .chars()
                .all(|c| c.is_ascii_graphic() && !"{};()".contains(c))
            && !m.text.starts_with('$');
        if !is_word {
            return Err(ImportError::NotAMoveWord {
                place: here,
                text: m.text.clone(),
            });
        }
        if let Some(n) = m.number.as_deref().filter(|n| !is_move_number(n)) {
            return Err(ImportError::NotAMoveNumber {
                place: here,
                number: n.to_owned(),
            });
        }
        m.word = format!("{}{}", m.text, m.glyph.as_deref().unwrap_or(""));
        for (j, line) in m.variations.iter_mut().enumerate() {
            let place = format!("{here}, variation {}", j + 1);
            if line.is_empty() {
                return Err(ImportError::EmptyVariation(place));
            }
            ready(line, &place)?;
        }
    }
    Ok(())
}

/// The moves of a line, [`ready`], as the record writer takes them.
fn written(moves: &[MoveIn]) -> Vec<WrittenMove<'_>> {
    moves
        .iter()
        .map(|m| WrittenMove {
            comments_before: &m.comments_before,
            number: m.number.as_deref().map(MoveNumber::Written),
            text: &m.word,
            nags: &m.nags,
            comments: &m.comments,
            variations: m.variations.iter().map(|line| written(line)).collect(),
        })
        .collect()
}

/// `12.` or `12...`: digits, as many as a record may write, then one dot
/// or three.
fn is_move_number(text: &str) -> bool {
    let digits = text
        .strip_suffix("...")
        .or_else(|| text.strip_suffix('.'))
        .unwrap_or("");
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}
