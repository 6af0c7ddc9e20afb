//! Splits any byte stream into records, one at a time, in bounded memory.
//!
//! The input is taken in runs of whole lines straight from its buffer. A
//! record ends where a line whose first non-blank byte is `[` follows
//! movetext outside a comment, or follows an empty line after the tag
//! lines (a record with no movetext); within movetext, searches for `[`,
//! `{` and `;` skip the lines between (or, once brackets turn up within
//! lines, for line ends, `{` and `;`), and each run is copied into the
//! record's text at once. Only a line split between two reads of the input (and the
//! file's first line, which may start with a byte-order mark) is put
//! together on its own.

mod faults;
mod lines;
mod marks;
mod newlines;
mod split;

pub(super) use faults::too_large;
pub use lines::AfterText;

use super::{Record, SyntaxError, parse_head, parse_record};
use lines::{Lines, Run};
use marks::Marks;
use split::Split;
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
    lines: Lines<R>,
    /// The lines taken into records so far.
    line_number: usize,
    /// The search through movetext, set up once.
    marks: Marks,
    /// The last record's movetext was searched a line at a time: so is the
    /// next one's, as records of one file are alike.
    line_by_line: bool,
}

/// The text of one record, split off but not yet parsed.
#[derive(Debug, Clone, Default)]
pub struct RawRecord {
    /// The record's lines, each ending with a newline.
    pub text: String,
    /// The file line on which it starts.
    pub first_line: usize,
    /// Its lines ended with `\r\n` in the file (the text holds `\n`).
    pub crlf: bool,
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

impl<R: BufRead> RecordReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        Self {
            lines: Lines::new(input),
            line_number: 0,
            marks: Marks::new(),
            line_by_line: false,
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
        let mut record = Split::new(self.line_number, self.line_by_line);
        loop {
            let (taken, ended) = match self.lines.next()? {
                Run::End => break,
                Run::TooLong => {
                    record.take_long_line();
                    continue;
                }
                Run::Lines(run) => record.take(run, &self.marks),
            };
            self.lines.consume(taken);
            if ended {
                break;
            }
        }
        self.line_number = record.line;
        self.line_by_line = record.line_by_line();
        Ok(record.finish())
    }
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = io::Result<Result<Record, SyntaxError>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}

#[cfg(test)]
#[path = "reader_tests.rs"]
mod tests;
