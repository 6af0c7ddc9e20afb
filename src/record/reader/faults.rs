//! The errors that stand for a record: text that is not UTF-8, a comment
//! never closed, a record over the size limit.

use super::MAX_RECORD_BYTES;
use super::newlines::count_lines;
use crate::record::{Location, SyntaxError, SyntaxFault, snippet};

/// The error for the first byte of a record's text that is not UTF-8, if
/// any; the text starts on file line `first_line`, one line a text line.
pub(super) fn utf8_error(text: &[u8], first_line: usize) -> Option<SyntaxError> {
    let error = std::str::from_utf8(text).err()?;
    Some(not_utf8(text, error, first_line))
}

/// The error for `error`, found in a record's text that starts on file line
/// `first_line`.
pub(super) fn not_utf8(text: &[u8], error: std::str::Utf8Error, first_line: usize) -> SyntaxError {
    let bad = error.valid_up_to();
    let before = &text[..bad];
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
    let good = &before[line_start..];
    SyntaxError {
        fault: SyntaxFault::NotUtf8,
        location: Location {
            line: first_line + count_lines(before),
            column: String::from_utf8_lossy(good).chars().count() + 1,
        },
        message: not_utf8_words(text.get(bad).copied().unwrap_or(0)),
    }
}

/// Why a text whose first byte out of UTF-8 is `byte` is not read, and the
/// usual fix: such a byte is most often a letter of Latin-1 (`é` is 0xe9).
fn not_utf8_words(byte: u8) -> String {
    let latin1 = match byte {
        0xa0.. => format!(", {:?} in Latin-1", char::from(byte)),
        _ => String::new(),
    };
    format!(
        "the text is not UTF-8 (byte 0x{byte:02x}{latin1}): a Latin-1 file reads once converted, with iconv -f latin1 -t utf-8"
    )
}

/// The error for a comment opened at `location` and never closed, in a
/// record's `text` that starts on file line `first_line`.
pub(super) fn unclosed_comment(text: &str, first_line: usize, location: Location) -> SyntaxError {
    let at = text
        .split('\n')
        .nth(location.line - first_line)
        .and_then(|line| {
            let (i, _) = line.char_indices().nth(location.column.saturating_sub(1))?;
            line.get(i..)
        })
        .unwrap_or("");
    SyntaxError {
        fault: SyntaxFault::UnterminatedComment,
        location,
        message: format!(
            "comment is not closed: '{{' has no matching '}}'{}",
            snippet(at)
        ),
    }
}

/// The error for a record, starting on file line `first_line`, that grew
/// over the size limit; within the comment opened at `open_comment`, if any.
pub(in crate::record) fn too_large(
    first_line: usize,
    open_comment: Option<Location>,
) -> SyntaxError {
    match open_comment {
        Some(location) => SyntaxError {
            fault: SyntaxFault::UnterminatedComment,
            location,
            message: format!(
                "comment is not closed within the record size limit of {MAX_RECORD_BYTES} bytes"
            ),
        },
        None => SyntaxError {
            fault: SyntaxFault::RecordTooLarge,
            location: Location {
                line: first_line,
                column: 1,
            },
            message: format!("record is larger than the limit of {MAX_RECORD_BYTES} bytes"),
        },
    }
}
