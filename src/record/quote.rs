//! The one definition of a quoted value, as a tag value is written in a
//! record and in the engine protocol: double quotes around it, `\"` and
//! `\\` the only escapes, no end of line inside.

use compact_str::CompactString;
use std::fmt;

/// Why a quoted value cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteFault {
    /// The end of the line or of the text before the closing quote.
    Unclosed,
    /// The value is longer than the limit given.
    TooLong,
    /// A backslash that escapes neither `"` nor `\`.
    BadEscape,
}

/// The double-quoted value that starts at byte `at` of `text` (where a
/// `"` stands), with `\"` and `\\` escapes resolved, and the offset just
/// after its closing quote; or the fault and the offset where it is: the
/// opening quote for a value unclosed or past `limit` bytes, the backslash
/// for a bad escape. Faults are reported in the order a reader meets them
/// from the left.
///
/// The value is read a run of plain text at a time, up to the next quote,
/// backslash or end of line (found with `memchr3`), so a value without
/// escapes (the usual case) is copied in one go. Every mark is ASCII, so
/// the runs are cut at character boundaries.
///
/// # Errors
/// The fault and its offset.
pub fn read_quoted(
    text: &str,
    at: usize,
    limit: usize,
) -> Result<(CompactString, usize), (usize, QuoteFault)> {
    let bytes = text.as_bytes();
    let mut start = at + 1;
    let mut value = CompactString::default();
    loop {
        let rest = bytes.get(start..).unwrap_or_default();
        let end = start + memchr::memchr3(b'"', b'\\', b'\n', rest).unwrap_or(rest.len());
        let run = text.get(start..end).unwrap_or_default();
        if value.len() + run.len() > limit {
            return Err((at, QuoteFault::TooLong));
        }
        match bytes.get(end..).unwrap_or_default() {
            [b'"', ..] => {
                // A value without escapes, the usual one, is taken in one go.
                if value.is_empty() {
                    return Ok((run.into(), end + 1));
                }
                value.push_str(run);
                return Ok((value, end + 1));
            }
            [b'\\', escaped @ (b'"' | b'\\'), ..] => {
                value.push_str(run);
                value.push(char::from(*escaped));
                if value.len() > limit {
                    return Err((at, QuoteFault::TooLong));
                }
                start = end + 2;
            }
            [b'\\', _, ..] => return Err((end, QuoteFault::BadEscape)),
            // The end of the line or of the text, or a backslash there.
            _ => return Err((at, QuoteFault::Unclosed)),
        }
    }
}

/// `value` in double quotes, with `"` and `\` escaped: what
/// [`read_quoted`] reads back as `value` (which holds no end of line).
#[derive(Debug, Clone, Copy)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        let mut rest = self.0;
        while let Some(at) = rest.find(['"', '\\']) {
            let (run, after) = rest.split_at(at);
            f.write_str(run)?;
            f.write_str("\\")?;
            let (mark, after) = after.split_at(1);
            f.write_str(mark)?;
            rest = after;
        }
        f.write_str(rest)?;
        f.write_str("\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_value_reads_back() {
        for value in ["", "c1 f6", "say \"hi\"", "a\\b", "\\\"", "zoë"] {
            let text = Quoted(value).to_string();
            assert_eq!(
                read_quoted(&text, 0, 100),
                Ok((value.into(), text.len())),
                "{text}"
            );
        }
    }

    #[test]
    fn faults_say_where() {
        assert_eq!(read_quoted("\"ab", 0, 9), Err((0, QuoteFault::Unclosed)));
        assert_eq!(
            read_quoted("\"a\\q\"", 0, 9),
            Err((2, QuoteFault::BadEscape))
        );
        assert_eq!(read_quoted("\"abc\"", 0, 2), Err((0, QuoteFault::TooLong)));
        assert_eq!(
            read_quoted("\"a\nb\"", 0, 9),
            Err((0, QuoteFault::Unclosed))
        );
    }
}
