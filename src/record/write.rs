//! Writes a record back to text.

use super::Dots;
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

/// Writes tags, comments before the first move, the moves and the result.
pub fn write_record(
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
    let mut line = LineFiller::default();
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

/// Joins words into lines no wider than [`LINE_WIDTH`].
#[derive(Debug, Default)]
struct LineFiller {
    width: usize,
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
        if self.width > 0 && self.width + 1 + len > LINE_WIDTH {
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
