//! Splits any byte stream into records, one at a time, in bounded memory.

use super::{Location, Record, SyntaxError, parse_head, parse_record, snippet};
use std::io::{self, BufRead};

/// The longest line a record may hold; longer lines are an error.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The largest record; larger ones are an error.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// Reads records one after another from a buffered reader.
///
/// Memory is bounded by [`MAX_RECORD_BYTES`] whatever the input. A record
/// whose text breaks a limit or is not UTF-8 comes out as a [`SyntaxError`],
/// and reading goes on with the next record.
#[derive(Debug)]
pub struct RecordReader<R> {
    input: R,
    /// A line read ahead that starts the next record, without its end.
    line: Vec<u8>,
    line_number: usize,
    /// The line in `line` was read ahead and starts the next record.
    pending: Option<LineRead>,
    done: bool,
    /// The size of the last record, to size the next one's buffer.
    last_size: usize,
}

/// What reading one line gave.
#[derive(Debug)]
enum LineRead {
    /// A line, not yet checked to be UTF-8.
    Text,
    /// A line that breaks the length limit.
    Bad(SyntaxError),
}

/// The text of one record, split off but not yet parsed.
#[derive(Debug, Clone, Default)]
pub struct RawRecord {
    /// The record's lines, each ending with a newline.
    pub text: String,
    /// The file line on which it starts.
    pub first_line: usize,
}

impl RawRecord {
    /// Parses the record.
    ///
    /// # Errors
    /// The first syntax error.
    pub fn parse(self) -> Result<Record, SyntaxError> {
        parse_record(self.text, self.first_line)
    }

    /// Parses the record's tag section only; see [`parse_head`].
    ///
    /// # Errors
    /// The first syntax error of the tag section.
    pub fn parse_head(self) -> Result<Record, SyntaxError> {
        parse_head(self.text, self.first_line)
    }
}

/// What a scan of one line found.
#[derive(Debug, Default, Clone, Copy)]
struct ScanState {
    in_comment: bool,
    comment_start: Option<Location>,
    seen_movetext: bool,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        Self {
            input,
            line: Vec::new(),
            line_number: 0,
            pending: None,
            done: false,
            last_size: 0,
        }
    }

    /// The next record, a syntax error standing for one record, or `None` at
    /// the end.
    ///
    /// # Errors
    /// The outer error is an I/O failure of the input; reading cannot go on.
    pub fn next_record(&mut self) -> io::Result<Option<Result<Record, SyntaxError>>> {
        Ok(self.next_raw()?.map(|raw| raw.and_then(RawRecord::parse)))
    }

    /// The text of the next record, unparsed, or the error that stands for it.
    ///
    /// # Errors
    /// The outer error is an I/O failure of the input; reading cannot go on.
    pub fn next_raw(&mut self) -> io::Result<Option<Result<RawRecord, SyntaxError>>> {
        // Lines go straight into the record's text; it is checked to be
        // UTF-8 once it is whole.
        let mut text = Vec::with_capacity(self.last_size.min(MAX_RECORD_BYTES) + 64);
        let mut first_line = 0;
        let mut poison: Option<SyntaxError> = None;
        let mut scan = ScanState::default();
        loop {
            let line_start = text.len();
            let read = match self.pending.take() {
                Some(read) => {
                    text.extend_from_slice(&self.line);
                    read
                }
                None => match self.read_line(&mut text)? {
                    Some(read) => read,
                    None => {
                        self.done = true;
                        break;
                    }
                },
            };
            let number = self.line_number;
            let line = &text[line_start..];
            let trimmed = line.trim_ascii_start();
            let bad = match read {
                LineRead::Text => None,
                LineRead::Bad(error) => Some(error),
            };
            if first_line == 0 && trimmed.is_empty() && bad.is_none() {
                text.truncate(line_start);
                continue;
            }
            if scan.seen_movetext && !scan.in_comment && trimmed.starts_with(b"[") {
                self.line.clear();
                self.line.extend_from_slice(line);
                text.truncate(line_start);
                self.pending = Some(bad.map_or(LineRead::Text, LineRead::Bad));
                break;
            }
            if first_line == 0 {
                first_line = number;
            }
            if bad.is_some() && line.is_empty() {
                // A line over the limit, dropped unread: count it as movetext.
                scan.seen_movetext |= !scan.in_comment;
            } else {
                scan_line(line, number, &mut scan);
            }
            // After a fault the record's text is no longer kept, but its
            // lines are still followed, to find where the next one starts.
            if poison.is_some() {
                text.truncate(line_start);
                continue;
            }
            if let Some(error) = bad {
                text.truncate(line_start);
                poison = Some(utf8_error(&text, first_line).unwrap_or(error));
                continue;
            }
            if text.len() + 1 > MAX_RECORD_BYTES {
                text.truncate(line_start);
                poison =
                    Some(utf8_error(&text, first_line).unwrap_or(too_large(first_line, &scan)));
                continue;
            }
            text.push(b'\n');
        }
        if first_line == 0 {
            return Ok(None);
        }
        self.last_size = text.len();
        if let Some(error) = poison {
            return Ok(Some(Err(error)));
        }
        let text = match String::from_utf8(text) {
            Ok(text) => text,
            Err(e) => {
                return Ok(Some(Err(not_utf8(
                    e.as_bytes(),
                    e.utf8_error(),
                    first_line,
                ))));
            }
        };
        if let (true, Some(location)) = (scan.in_comment, scan.comment_start) {
            let at = text
                .split('\n')
                .nth(location.line - first_line)
                .and_then(|line| {
                    let (i, _) = line.char_indices().nth(location.column.saturating_sub(1))?;
                    line.get(i..)
                })
                .unwrap_or("");
            return Ok(Some(Err(SyntaxError {
                location,
                message: format!(
                    "comment is not closed: '{{' has no matching '}}'{}",
                    snippet(at)
                ),
            })));
        }
        Ok(Some(Ok(RawRecord { text, first_line })))
    }

    /// Reads one line and appends it, without its end, to `text`, within
    /// the limits: a line over [`MAX_LINE_BYTES`] is not appended.
    fn read_line(&mut self, text: &mut Vec<u8>) -> io::Result<Option<LineRead>> {
        if self.done {
            return Ok(None);
        }
        let start = text.len();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let (chunk, used, end) = match memchr::memchr(b'\n', buf) {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            if text.len() - start + chunk.len() > MAX_LINE_BYTES {
                too_long = true;
                text.truncate(start);
            } else if !too_long {
                text.extend_from_slice(chunk);
            }
            self.input.consume(used);
            if end {
                break;
            }
        }
        self.line_number += 1;
        if too_long {
            return Ok(Some(LineRead::Bad(SyntaxError {
                location: Location {
                    line: self.line_number,
                    column: 1,
                },
                message: format!("line is longer than the limit of {MAX_LINE_BYTES} bytes"),
            })));
        }
        // A byte-order mark some editors put before the first line is not text.
        if self.line_number == 1 && text[start..].starts_with(b"\xef\xbb\xbf") {
            text.drain(start..start + 3);
        }
        if text.last() == Some(&b'\r') && text.len() > start {
            text.pop();
        }
        Ok(Some(LineRead::Text))
    }
}

/// The error for the first byte of a record's text that is not UTF-8, if
/// any; the text starts on file line `first_line`, one line a text line.
fn utf8_error(text: &[u8], first_line: usize) -> Option<SyntaxError> {
    let error = std::str::from_utf8(text).err()?;
    Some(not_utf8(text, error, first_line))
}

/// The error for `error`, found in a record's text that starts on file line
/// `first_line`.
fn not_utf8(text: &[u8], error: std::str::Utf8Error, first_line: usize) -> SyntaxError {
    let bad = error.valid_up_to();
    let before = &text[..bad];
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
    let good = &before[line_start..];
    SyntaxError {
        location: Location {
            line: first_line + memchr::memchr_iter(b'\n', before).count(),
            column: String::from_utf8_lossy(good).chars().count() + 1,
        },
        message: format!(
            "the text is not UTF-8 (byte 0x{:02x})",
            text.get(bad).copied().unwrap_or(0)
        ),
    }
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = io::Result<Result<Record, SyntaxError>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}

/// Follows comments through one line and notes whether it holds movetext.
fn scan_line(line: &[u8], number: usize, scan: &mut ScanState) {
    let bytes = line;
    let is_tag_line = !scan.in_comment && line.trim_ascii_start().starts_with(b"[");
    if is_tag_line {
        return;
    }
    let plain = !scan.in_comment && memchr::memchr2(b'{', b';', bytes).is_none();
    if plain {
        if !line.trim_ascii().is_empty() {
            scan.seen_movetext = true;
        }
        return;
    }
    // The column in characters of the byte at hand: UTF-8 continuation
    // bytes do not start a character.
    let mut column = 0;
    for &b in bytes {
        if b & 0xc0 != 0x80 {
            column += 1;
        }
        if scan.in_comment {
            if b == b'}' {
                scan.in_comment = false;
            }
            continue;
        }
        match b {
            b'{' => {
                scan.in_comment = true;
                scan.comment_start = Some(Location {
                    line: number,
                    column,
                });
            }
            b';' => return,
            b if b.is_ascii_whitespace() => {}
            _ => scan.seen_movetext = true,
        }
    }
}

fn too_large(first_line: usize, scan: &ScanState) -> SyntaxError {
    match (scan.in_comment, scan.comment_start) {
        (true, Some(location)) => SyntaxError {
            location,
            message: format!(
                "comment is not closed within the record size limit of {MAX_RECORD_BYTES} bytes"
            ),
        },
        _ => SyntaxError {
            location: Location {
                line: first_line,
                column: 1,
            },
            message: format!("record is larger than the limit of {MAX_RECORD_BYTES} bytes"),
        },
    }
}

#[cfg(test)]
#[path = "reader_tests.rs"]
mod tests;
