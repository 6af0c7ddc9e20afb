//! Text from records as a terminal is to show it: every control character
//! (C0 but the line end, DEL, C1) written as an escape, so that a record
//! cannot retitle the terminal, clear it or overwrite what was printed, as
//! `ls` and `git` show odd file names. ESC is `\e`, tab `\t`, carriage
//! return `\r`, and the others `\u{7}`. JSON and records are written
//! exact; this is for the text meant to be read.

use std::fmt;
use std::io;

/// `text`, its control characters escaped, as a [`fmt::Display`].
#[derive(Debug, Clone, Copy)]
pub struct Visible<'a>(pub &'a str);

impl fmt::Display for Visible<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_visible(f, self.0)
    }
}

/// Whether `bytes` may hold a control character other than the line end:
/// a C0 byte, DEL, or the first byte of a C1 character.
fn may_hide(bytes: &[u8]) -> bool {
    // A fold with no early exit, which the compiler makes vector code: the
    // text is short and almost never holds one.
    (bytes.iter()).fold(false, |hides, &b| {
        hides | ((b < 0x20) & (b != b'\n')) | (b == 0x7f) | (b == 0xc2)
    })
}

/// Whether `c` is shown as an escape.
fn hidden(c: char) -> bool {
    c.is_control() && c != '\n'
}

/// Writes `text` to `out`, its control characters escaped.
///
/// # Errors
/// Those of `out`.
pub fn write_visible(out: &mut (impl fmt::Write + ?Sized), text: &str) -> fmt::Result {
    // Text without a control byte (almost all) goes through in one piece.
    if !may_hide(text.as_bytes()) {
        return out.write_str(text);
    }
    let mut rest = text;
    while let Some((at, c)) = rest.char_indices().find(|&(_, c)| hidden(c)) {
        out.write_str(&rest[..at])?;
        match c {
            '\u{1b}' => out.write_str("\\e")?,
            '\t' => out.write_str("\\t")?,
            '\r' => out.write_str("\\r")?,
            other => write!(out, "\\u{{{:x}}}", u32::from(other))?,
        }
        rest = &rest[at + c.len_utf8()..];
    }
    out.write_str(rest)
}

/// Escapes the control characters of the text written to `out` from byte
/// `from` on (taken as UTF-8), in place: one look over text written piece
/// by piece, which almost never holds one.
pub fn make_visible(out: &mut Vec<u8>, from: usize) {
    let Some(written) = out.get(from..).filter(|text| may_hide(text)) else {
        return;
    };
    let text = String::from_utf8_lossy(written).into_owned();
    out.truncate(from);
    let mut shown = String::new();
    let _ = write_visible(&mut shown, &text);
    out.extend_from_slice(shown.as_bytes());
}

/// An [`io::Write`] for text that holds no codes of kifu's own (no
/// colours): everything written to it is shown through [`write_visible`].
/// The text is taken as UTF-8; bytes that are not are passed on as they
/// are.
pub struct VisibleWriter<'a>(pub &'a mut dyn io::Write);

impl fmt::Debug for VisibleWriter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VisibleWriter").finish_non_exhaustive()
    }
}

impl io::Write for VisibleWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if !may_hide(buf) {
            return self.0.write_all(buf);
        }
        match std::str::from_utf8(buf) {
            Ok(text) => {
                let mut shown = String::new();
                let _ = write_visible(&mut shown, text);
                self.0.write_all(shown.as_bytes())
            }
            Err(_) => self.0.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        let shown = |text: &str| Visible(text).to_string();
        assert_eq!(shown("plain é ©"), "plain é ©");
        assert_eq!(shown("a\u{1b}]0;title\u{7}b"), "a\\e]0;title\\u{7}b");
        assert_eq!(shown("\u{1b}[2J\tx\ry\nz"), "\\e[2J\\tx\\ry\nz");
        assert_eq!(
            shown("del\u{7f} csi\u{9b} nul\0"),
            "del\\u{7f} csi\\u{9b} nul\\u{0}"
        );
    }

    #[test]
    fn text_already_written_is_escaped_in_place() {
        let mut out = b"\x1b[1mkept: ".to_vec();
        out.extend_from_slice("red\u{7}, gr\u{1b}een é".as_bytes());
        make_visible(&mut out, 10);
        assert_eq!(out, "\u{1b}[1mkept: red\\u{7}, gr\\eeen é".as_bytes());
        make_visible(&mut out, 99);
        assert_eq!(out, "\u{1b}[1mkept: red\\u{7}, gr\\eeen é".as_bytes());
    }
}
