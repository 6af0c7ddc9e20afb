//! Splitting one record off the runs of lines: following comments and
//! movetext to find where the record ends, within the limits.

use super::faults::{not_utf8, too_large, unclosed_comment, utf8_error};
use super::marks::Marks;
use super::newlines::{NewlineCount, count_lines};
use super::{MAX_LINE_BYTES, MAX_RECORD_BYTES, RawRecord};
use crate::record::{Location, SyntaxError, SyntaxFault};

/// The record being split off: its text so far and what its lines hold.
#[derive(Debug)]
pub(super) struct Split {
    /// The record's lines, each ending with a newline, without the `\r`
    /// before it.
    pub(super) text: Vec<u8>,
    /// The file line of the last line taken.
    pub(super) line: usize,
    /// The file line of the record's first line; 0 before it.
    first_line: usize,
    scan: ScanState,
    /// Some line ended with `\r\n`, which the text holds as `\n`.
    crlf: bool,
    /// The fault that stands for the record; its text is no longer kept,
    /// but its lines are still followed, to find where the next one starts.
    poison: Option<SyntaxError>,
}

/// What the lines of a record read so far hold.
#[derive(Debug, Default, Clone, Copy)]
struct ScanState {
    in_comment: bool,
    comment_start: Option<Location>,
    seen_movetext: bool,
    /// An empty line has ended the tag section: a tag line after it starts
    /// the next record, as one after movetext does.
    tags_ended: bool,
    /// A `[` within a line has been seen in movetext: it is searched a line
    /// at a time.
    line_by_line: bool,
}

impl Split {
    /// A record that starts after file line `line`; its movetext is searched
    /// a line at a time from the start if `line_by_line`.
    pub(super) fn new(line: usize, line_by_line: bool) -> Self {
        Self {
            text: Vec::new(),
            line,
            first_line: 0,
            scan: ScanState {
                line_by_line,
                ..ScanState::default()
            },
            crlf: false,
            poison: None,
        }
    }

    /// Takes the lines of `run` up to the start of the next record: how many
    /// bytes it took, and whether the next record starts there.
    pub(super) fn take(&mut self, run: &[u8], marks: &Marks) -> (usize, bool) {
        let mut at = 0;
        if self.first_line == 0 {
            // Blank lines before a record are not part of it.
            let Some(first) = run.iter().position(|b| !b.is_ascii_whitespace()) else {
                self.line += count_lines(run);
                return (run.len(), false);
            };
            at = line_start(run, first);
            self.line += count_lines(&run[..at]);
            self.first_line = self.line + 1;
        }
        loop {
            // Near the size limit lines are taken one at a time, so that
            // the one that breaks it is known.
            let near_limit =
                self.poison.is_none() && self.text.len() + (run.len() - at) > MAX_RECORD_BYTES;
            let piece_end = match near_limit {
                true => line_end(run, at),
                false => run.len(),
            };
            let mut scanner = Scanner {
                run: &run[..piece_end],
                counted: at,
                line: self.line + 1,
                column: 0,
                scan: &mut self.scan,
                marks,
                newlines: NewlineCount::from(at),
            };
            let end = scanner.scan(at);
            let newlines = scanner.newlines;
            self.keep(&run[at..end], &newlines.since(at));
            if end < piece_end || piece_end == run.len() {
                return (end, end < run.len());
            }
            at = end;
        }
    }

    /// Appends whole lines to the text, without the `\r` of `\r\n`, and
    /// counts them, those the scan passed as `newlines` tells; the record turns
    /// into an error if it grows too large.
    fn keep(&mut self, lines: &[u8], newlines: &NewlineCount) {
        let rest = &lines[newlines.to..];
        self.line += newlines.lines + count_lines(rest);
        if self.poison.is_some() {
            return;
        }
        let before = self.text.len();
        // Most records are taken from one run: their text is allocated once,
        // at its size.
        self.text.reserve(lines.len());
        if memchr::memchr(b'\r', lines).is_some() {
            self.crlf |= push_without_cr(&mut self.text, lines);
        } else {
            self.text.extend_from_slice(lines);
        }
        if self.text.len() > MAX_RECORD_BYTES {
            // Only one line at a time is taken this close to the limit.
            self.text.truncate(before);
            let error = utf8_error(&self.text, self.first_line)
                .unwrap_or_else(|| too_large(self.first_line, self.scan.open_comment()));
            self.poison = Some(error);
        }
    }

    /// Whether the movetext was searched a line at a time in the end.
    pub(super) fn line_by_line(&self) -> bool {
        self.scan.line_by_line
    }

    /// Takes a line over [`MAX_LINE_BYTES`], where reading stops: it counts
    /// as movetext, and makes the record an error.
    pub(super) fn take_long_line(&mut self) {
        self.line += 1;
        if self.first_line == 0 {
            self.first_line = self.line;
        }
        self.scan.seen_movetext |= !self.scan.in_comment;
        if self.poison.is_none() {
            let error = SyntaxError {
                fault: SyntaxFault::LineTooLong,
                location: Location {
                    line: self.line,
                    column: 1,
                },
                message: format!(
                    "line is longer than the limit of {MAX_LINE_BYTES} bytes: the input is read no further"
                ),
            };
            self.poison = Some(utf8_error(&self.text, self.first_line).unwrap_or(error));
        }
    }

    /// The record, the error that stands for it, or `None` if no line was
    /// taken.
    pub(super) fn finish(self) -> Option<Result<RawRecord, SyntaxError>> {
        let first_line = self.first_line;
        if first_line == 0 {
            return None;
        }
        if let Some(error) = self.poison {
            return Some(Err(error));
        }
        let text = match String::from_utf8(self.text) {
            Ok(text) => text,
            Err(e) => return Some(Err(not_utf8(e.as_bytes(), e.utf8_error(), first_line))),
        };
        if let Some(location) = self.scan.open_comment() {
            return Some(Err(unclosed_comment(&text, first_line, location)));
        }
        Some(Ok(RawRecord {
            text,
            first_line,
            crlf: self.crlf,
        }))
    }
}

/// Appends `lines` to `text`, without the `\r` of `\r\n`; whether there
/// was any.
fn push_without_cr(text: &mut Vec<u8>, lines: &[u8]) -> bool {
    let mut from = 0;
    for cr in memchr::memchr_iter(b'\r', lines) {
        if lines.get(cr + 1) == Some(&b'\n') {
            text.extend_from_slice(&lines[from..cr]);
            from = cr + 1;
        }
    }
    text.extend_from_slice(&lines[from..]);
    from > 0
}

impl ScanState {
    /// Where the comment the lines end in opens, if they end in one.
    fn open_comment(&self) -> Option<Location> {
        self.comment_start.filter(|_| self.in_comment)
    }
}

/// Follows comments and movetext through a run of whole lines.
struct Scanner<'a> {
    run: &'a [u8],
    /// The offset up to which lines and columns are counted, and the file
    /// line and the characters before it on its line there.
    counted: usize,
    line: usize,
    column: usize,
    scan: &'a mut ScanState,
    /// The searches through movetext.
    marks: &'a Marks,
    /// The newlines passed so far.
    newlines: NewlineCount,
}

impl Scanner<'_> {
    /// Scans from `at`, the start of a line, up to the first line that
    /// starts the next record: its offset, or the length of the run.
    fn scan(&mut self, mut at: usize) -> usize {
        // The tag section: a line at a time, up to the first movetext or,
        // after an empty line, the next record's first tag line.
        while !self.scan.seen_movetext {
            let Some(first) = self.run[at..].iter().position(|&b| !is_blank(b)) else {
                return self.run.len();
            };
            let line = at;
            at += first;
            at = match self.run[at] {
                b'\n' => {
                    self.scan.tags_ended = true;
                    self.pass_newline(at)
                }
                b'[' if self.scan.tags_ended => return line,
                b'[' => self.next_line(at),
                _ => self.rest_of_line(at),
            };
        }
        // Movetext: only `[`, `{` and `;` matter, and `[` only where it
        // starts a line. Once a `[` is found within a line (Lotus marks
        // captures so), the lines are searched a line at a time: there are
        // fewer of them than brackets.
        if self.scan.line_by_line && !self.scan.in_comment {
            if let Some(start) = record_starting_at(self.run, at) {
                return start;
            }
        }
        loop {
            if self.scan.in_comment {
                self.newlines.skip();
                let Some(close) = memchr::memchr(b'}', &self.run[at..]) else {
                    return self.run.len();
                };
                self.scan.in_comment = false;
                at += close + 1;
            }
            let search = match self.scan.line_by_line {
                true => &self.marks.lines,
                false => {
                    // Lines may be skipped.
                    self.newlines.skip();
                    &self.marks.brackets
                }
            };
            let Some(found) = search.find(&self.run[at..]) else {
                return self.run.len();
            };
            at += found;
            match self.run[at] {
                b'[' => match blank_before(self.run, at) {
                    Some(start) => return start,
                    None => {
                        self.scan.line_by_line = true;
                        at += 1;
                    }
                },
                b'{' => {
                    self.open_comment(at);
                    at += 1;
                }
                end_or_comment => {
                    at = match end_or_comment {
                        b'\n' => self.pass_newline(at),
                        _ => self.next_line(at),
                    };
                    if let Some(start) = record_starting_at(self.run, at) {
                        return start;
                    }
                }
            }
        }
    }

    /// Scans the tag section from `at`, within a line, up to the first
    /// movetext (a comment is movetext) or the end of the line; returns
    /// where to go on.
    fn rest_of_line(&mut self, at: usize) -> usize {
        for (i, &b) in self.run[at..].iter().enumerate() {
            match b {
                b'\n' => return self.pass_newline(at + i),
                // A comment is movetext, as the grammar has it: a tag line
                // after it starts the next record.
                b';' => {
                    self.scan.seen_movetext = true;
                    return self.next_line(at + i);
                }
                b'{' => {
                    self.scan.seen_movetext = true;
                    self.open_comment(at + i);
                    return at + i + 1;
                }
                b if b.is_ascii_whitespace() => {}
                _ => {
                    self.scan.seen_movetext = true;
                    return at + i + 1;
                }
            }
        }
        self.run.len()
    }

    /// Counts the newline at `at`; returns where the next line starts.
    fn pass_newline(&mut self, at: usize) -> usize {
        self.newlines.pass(self.run, at);
        at + 1
    }

    /// Skips to the start of the next line from `at`, counting the newline.
    fn next_line(&mut self, at: usize) -> usize {
        match memchr::memchr(b'\n', &self.run[at..]) {
            Some(i) => self.pass_newline(at + i),
            None => self.run.len(),
        }
    }

    /// Notes a comment opened by the `{` at `at`.
    fn open_comment(&mut self, at: usize) {
        let between = &self.run[self.counted..at];
        // The column in characters: UTF-8 continuation bytes do not start one.
        let characters = |bytes: &[u8]| bytes.iter().filter(|&&b| b & 0xc0 != 0x80).count();
        match memchr::memrchr(b'\n', between) {
            Some(end) => {
                self.line += count_lines(between);
                self.column = characters(&between[end + 1..]);
            }
            None => self.column += characters(between),
        }
        self.counted = at;
        self.scan.in_comment = true;
        self.scan.comment_start = Some(Location {
            line: self.line,
            column: self.column + 1,
        });
    }
}

/// Whitespace within a line.
fn is_blank(b: u8) -> bool {
    b.is_ascii_whitespace() && b != b'\n'
}

/// `at`, if a line starts there whose first byte other than blanks is `[`.
fn record_starting_at(run: &[u8], at: usize) -> Option<usize> {
    let starts_line = at == 0 || run[at - 1] == b'\n';
    let first = run[at..].iter().find(|&&b| !is_blank(b));
    (starts_line && first == Some(&b'[')).then_some(at)
}

/// The start of the line holding `at`, if only blanks come before `at` on it.
fn blank_before(run: &[u8], at: usize) -> Option<usize> {
    let blanks = run[..at].iter().rev().take_while(|&&b| is_blank(b)).count();
    let start = at - blanks;
    (start == 0 || run[start - 1] == b'\n').then_some(start)
}

/// The start of the line holding `at`.
fn line_start(run: &[u8], at: usize) -> usize {
    memchr::memrchr(b'\n', &run[..at]).map_or(0, |i| i + 1)
}

/// The end of the line holding `at`, after its newline.
fn line_end(run: &[u8], at: usize) -> usize {
    memchr::memchr(b'\n', &run[at..]).map_or(run.len(), |i| at + i + 1)
}
