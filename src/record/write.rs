//! Writes a record back to text.

use super::{Dots, MAX_ITEMS, RecordReader, SyntaxError};
use std::fmt::Write as _;

/// One move to write, with the number that precedes it, if any.
#[derive(Debug, Clone, Copy)]
pub struct WrittenMove<'a> {
    /// The move number to write before the move.
    pub number: Option<(u32, Dots)>,
    /// The move text, with any glyph.
    pub text: &'a str,
    /// Comments that follow the move.
    pub comments: &'a [String],
}

/// The longest movetext line written, unless a single word is longer.
const LINE_WIDTH: usize = 79;

/// Writes tags, comments before the first move, the moves and the result,
/// in movetext lines of at most [`LINE_WIDTH`] characters.
pub fn write_record(
    tags: &[(String, String)],
    leading_comments: &[String],
    moves: &[WrittenMove<'_>],
    result: Option<&str>,
) -> String {
    write_record_within(LINE_WIDTH, tags, leading_comments, moves, result)
}

/// [`write_record`], in movetext lines of at most `width` characters
/// (unless a single word or comment is longer).
pub fn write_record_within(
    width: usize,
    tags: &[(String, String)],
    leading_comments: &[String],
    moves: &[WrittenMove<'_>],
    result: Option<&str>,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{escaped}\"]");
    }
    out.push('\n');
    let mut line = LineFiller {
        width: 0,
        limit: width,
    };
    for comment in leading_comments {
        line.comment(&mut out, comment);
    }
    for m in moves {
        if let Some((n, dots)) = m.number {
            let dots = if dots == Dots::One { "." } else { "..." };
            line.word(&mut out, &format!("{n}{dots}"));
        }
        line.word(&mut out, m.text);
        for comment in m.comments {
            line.comment(&mut out, comment);
        }
    }
    if let Some(result) = result {
        line.word(&mut out, result);
    }
    if line.width > 0 {
        out.push('\n');
    }
    out
}

/// Checks that `text`, one record as [`write_record`] wrote it, reads back
/// within the reader's limits (items, line length, record size), so that
/// kifu never writes a record it would refuse to read.
///
/// A text of at most [`MAX_ITEMS`] bytes is within every limit, and is not
/// read again.
///
/// # Errors
/// The syntax error the reader would give.
pub fn check_readable(text: &str) -> Result<(), SyntaxError> {
    if text.len() <= MAX_ITEMS {
        return Ok(());
    }
    match RecordReader::new(text.as_bytes()).next_record() {
        Ok(Some(Err(error))) => Err(error),
        // Reading text in memory cannot fail.
        Ok(Some(Ok(_)) | None) | Err(_) => Ok(()),
    }
}

/// Joins words into lines no wider than `limit`.
#[derive(Debug)]
struct LineFiller {
    width: usize,
    limit: usize,
}

impl LineFiller {
    /// A comment: `{...}`, or `;...` to the end of the line when it holds a `}`.
    fn comment(&mut self, out: &mut String, comment: &str) {
        if comment.contains('}') {
            let single_line = comment.replace('\n', " ");
            self.word(out, &format!(";{single_line}"));
            out.push('\n');
            self.width = 0;
        } else {
            self.word(out, &format!("{{{comment}}}"));
        }
    }

    fn word(&mut self, out: &mut String, word: &str) {
        let len = word.chars().count();
        if self.width > 0 && self.width + 1 + len > self.limit {
            out.push('\n');
            self.width = 0;
        }
        if self.width > 0 {
            out.push(' ');
            self.width += 1;
        }
        out.push_str(word);
        self.width += len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record_of(moves: usize) -> String {
        let texts = vec!["a1-a2".to_owned(); moves];
        let written: Vec<WrittenMove<'_>> = texts
            .iter()
            .map(|text| WrittenMove {
                number: None,
                text,
                comments: &[],
            })
            .collect();
        write_record(&[("Game".into(), "mana".into())], &[], &written, Some("*"))
    }

    #[test]
    fn a_record_over_the_item_limit_is_not_readable() {
        assert_eq!(
            check_readable(&record_of(9_999)).map_err(|e| e.code()),
            Ok(())
        );
        assert_eq!(
            check_readable(&record_of(10_000)).map_err(|e| e.code()),
            Err("record.too-many-items")
        );
    }
}
