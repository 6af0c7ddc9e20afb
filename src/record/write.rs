//! Writes a record back to text.

use super::{Dots, MAX_ITEMS, MAX_TAG_VALUE_BYTES, Quoted, RecordReader, SyntaxError};
use std::borrow::Cow;
use std::fmt::Write as _;

/// One move to write, with the number that precedes it, if any, and the
/// variations that follow it.
#[derive(Debug, Clone, Default)]
pub struct WrittenMove<'a> {
    /// Comments before the move (at the start of a variation).
    pub comments_before: &'a [String],
    /// The move number to write before the move.
    pub number: Option<MoveNumber<'a>>,
    /// The move text, with any glyph.
    pub text: &'a str,
    /// Numeric annotation glyphs that follow the move: `$n`.
    pub nags: &'a [u8],
    /// Comments that follow the move.
    pub comments: &'a [String],
    /// Variations that follow the move, each a line of moves, written in
    /// parentheses after its comments.
    pub variations: Vec<Vec<WrittenMove<'a>>>,
}

/// A move number to write before a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveNumber<'a> {
    /// A number the game counted, and its dots.
    Counted(u32, Dots),
    /// A number as a record wrote it, dots included: `kifu import` writes
    /// those `kifu json` gave, even beyond 32 bits.
    Written(&'a str),
}

impl From<(u32, Dots)> for MoveNumber<'_> {
    fn from((number, dots): (u32, Dots)) -> Self {
        MoveNumber::Counted(number, dots)
    }
}

/// The longest movetext line written, unless a single word is longer.
pub const LINE_WIDTH: usize = 79;

/// Writes tags, comments before the first move, the moves and the result,
/// in movetext lines of at most 79 characters.
pub fn write_record(
    tags: &[(String, String)],
    leading_comments: &[String],
    moves: &[WrittenMove<'_>],
    result: Option<&str>,
) -> String {
    write_record_within(LINE_WIDTH, tags, leading_comments, moves, (result, &[]))
}

/// [`write_record`], in movetext lines of at most `width` characters
/// (unless a single word or comment is longer), with the comments written
/// after the result token.
pub fn write_record_within(
    width: usize,
    tags: &[(String, String)],
    leading_comments: &[String],
    moves: &[WrittenMove<'_>],
    (result, after_result): (Option<&str>, &[String]),
) -> String {
    let mut movetext = MovetextWriter::new(width);
    for comment in leading_comments {
        movetext.comment(comment);
    }
    movetext.moves(moves);
    movetext.record(tags, result, after_result)
}

/// A record's movetext written as it grows, a move or a comment at a
/// time, in lines of at most a width of characters: what
/// [`write_record_within`] writes after the tags. A game in play keeps
/// one, so that its record is not written again from the first move on
/// every move.
#[derive(Debug, Clone)]
pub struct MovetextWriter {
    out: String,
    line: LineFiller,
}

/// Where a [`MovetextWriter`] stood: its length and its line's state.
#[derive(Debug, Clone, Copy)]
pub struct MovetextMark {
    len: usize,
    line: LineFiller,
}

impl MovetextWriter {
    /// No movetext yet, in lines of at most `width` characters.
    pub fn new(width: usize) -> Self {
        Self {
            out: String::new(),
            line: LineFiller {
                width: 0,
                limit: width,
                glue: false,
            },
        }
    }

    /// Adds a comment.
    pub fn comment(&mut self, comment: &str) {
        self.line.comment(&mut self.out, comment);
    }

    /// Adds `moves`, each with its number, glyphs, comments and
    /// variations.
    pub fn moves(&mut self, moves: &[WrittenMove<'_>]) {
        write_line(&mut self.out, &mut self.line, moves);
    }

    /// Where the movetext stands now, to go back to with [`Self::rewind`].
    pub fn mark(&self) -> MovetextMark {
        MovetextMark {
            len: self.out.len(),
            line: self.line,
        }
    }

    /// Goes back to `mark`, forgetting what was written since.
    pub fn rewind(&mut self, mark: MovetextMark) {
        self.out.truncate(mark.len);
        self.line = mark.line;
    }

    /// The whole record: `tags`, then the movetext so far ending with
    /// `result` (a token, `*`, or none) and the comments `after_result`.
    pub fn record(
        &self,
        tags: &[(String, String)],
        result: Option<&str>,
        after_result: &[String],
    ) -> String {
        let mut out = String::new();
        for (name, value) in tags {
            let _ = writeln!(out, "[{name} {}]", Quoted(value));
        }
        out.push('\n');
        out.push_str(&self.out);
        let mut line = self.line;
        if let Some(result) = result {
            line.word(&mut out, result);
        }
        for comment in after_result {
            line.comment(&mut out, comment);
        }
        if line.width > 0 {
            out.push('\n');
        }
        out
    }
}

/// Why a text cannot be a tag's value as it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TagValueFault {
    /// Longer than [`MAX_TAG_VALUE_BYTES`]: its length in bytes.
    #[error("{0} bytes: a tag value is at most {MAX_TAG_VALUE_BYTES}")]
    TooLong(usize),
    /// More than one line.
    #[error("a tag value is one line")]
    Lines,
}

/// Why `value` cannot be a tag's value as it is (it reads back only
/// within [`MAX_TAG_VALUE_BYTES`], on one line), or `None`.
pub fn tag_value_fault(value: &str) -> Option<TagValueFault> {
    if value.len() > MAX_TAG_VALUE_BYTES {
        return Some(TagValueFault::TooLong(value.len()));
    }
    (value.contains(['\n', '\r'])).then_some(TagValueFault::Lines)
}

/// `value` as a tag value that reads back: each line end (which would end
/// the value) a space, and cut to at most `limit` bytes (and at most
/// [`MAX_TAG_VALUE_BYTES`]) at a character boundary, ending with `…` when
/// it is cut.
pub fn readable_tag_value(value: &str, limit: usize) -> Cow<'_, str> {
    let limit = limit.min(MAX_TAG_VALUE_BYTES);
    let one_line = match value.contains(['\n', '\r']) {
        true => Cow::Owned(value.replace(['\n', '\r'], " ")),
        false => Cow::Borrowed(value),
    };
    if one_line.len() <= limit {
        return one_line;
    }
    const ELLIPSIS: &str = "…";
    let mut cut = limit.saturating_sub(ELLIPSIS.len());
    while !one_line.is_char_boundary(cut) {
        cut -= 1;
    }
    Cow::Owned(format!("{}{ELLIPSIS}", &one_line[..cut]))
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

/// Writes the moves of a line, each with its variations.
fn write_line(out: &mut String, line: &mut LineFiller, moves: &[WrittenMove<'_>]) {
    for m in moves {
        for comment in m.comments_before {
            line.comment(out, comment);
        }
        match m.number {
            Some(MoveNumber::Written(number)) => line.word(out, number),
            Some(MoveNumber::Counted(n, dots)) => {
                let dots = if dots == Dots::One { "." } else { "..." };
                line.word(out, &format!("{n}{dots}"));
            }
            None => {}
        }
        line.word(out, m.text);
        for nag in m.nags {
            line.word(out, &format!("${nag}"));
        }
        for comment in m.comments {
            line.comment(out, comment);
        }
        for variation in &m.variations {
            line.word(out, "(");
            line.glue = true;
            write_line(out, line, variation);
            line.close(out);
        }
    }
}

/// Joins words into lines no wider than `limit`.
#[derive(Debug, Clone, Copy)]
struct LineFiller {
    width: usize,
    limit: usize,
    /// The next word follows the last one without a space: after a `(`.
    glue: bool,
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
        if std::mem::take(&mut self.glue) && self.width > 0 {
            out.push_str(word);
            self.width += len;
            return;
        }
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

    /// The `)` that closes a variation, right after its last word.
    fn close(&mut self, out: &mut String) {
        out.push(')');
        self.width += 1;
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
                text,
                ..WrittenMove::default()
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
