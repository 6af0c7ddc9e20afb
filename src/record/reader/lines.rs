//! The input, handed out in runs of whole lines straight from its buffer.

use super::MAX_LINE_BYTES;
use std::fmt;
use std::io::{self, BufRead};

/// An input error that comes after the whole text, such as bytes that follow
/// a complete compressed stream: the text before it is read and judged
/// first, and the error is said after it.
#[derive(Debug)]
pub struct AfterText(pub String);

impl fmt::Display for AfterText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AfterText {}

impl AfterText {
    /// The I/O error that carries `message` after the text.
    pub fn error(message: String) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, Self(message))
    }

    /// Whether `e` comes after the text.
    pub fn is(e: &io::Error) -> bool {
        e.get_ref().is_some_and(|inner| inner.is::<Self>())
    }
}

/// The input, handed out in runs of whole lines.
#[derive(Debug)]
pub(super) struct Lines<R> {
    input: R,
    /// A line put together from more than one read, with its newline.
    carry: Vec<u8>,
    /// `carry` holds a line not yet taken.
    carry_pending: bool,
    /// The last run handed out is `carry`.
    carried: bool,
    /// The first line has been read.
    first_read: bool,
    /// The input is at its end.
    done: bool,
    /// The [`AfterText`] error that ended the input, for the call after the
    /// last run.
    after_end: Option<io::Error>,
}

/// What [`Lines::next`] hands out.
pub(super) enum Run<'a> {
    /// Whole lines, each ending with a newline.
    Lines(&'a [u8]),
    /// A line over [`MAX_LINE_BYTES`]: the input is read no further.
    TooLong,
    /// The end of the input.
    End,
}

impl<R: BufRead> Lines<R> {
    /// The runs of lines of `input`.
    pub(super) fn new(input: R) -> Self {
        Self {
            input,
            carry: Vec::new(),
            carry_pending: false,
            carried: false,
            first_read: false,
            done: false,
            after_end: None,
        }
    }

    /// The next run of lines: those that lie whole in the input's buffer, or
    /// else the next line put together on its own.
    #[inline]
    pub(super) fn next(&mut self) -> io::Result<Run<'_>> {
        if self.carry_pending {
            self.carried = true;
            return Ok(Run::Lines(&self.carry));
        }
        self.carried = false;
        if self.done {
            return self.after_end.take().map_or(Ok(Run::End), Err);
        }
        if !self.first_read {
            return self.read_line();
        }
        match self.whole_lines()? {
            None => {
                self.reach_end();
                Ok(Run::End)
            }
            Some(0) => self.read_line(),
            Some(whole) => {
                // The buffer is full already: this reads nothing.
                let buffer = self.input.fill_buf()?;
                Ok(Run::Lines(&buffer[..whole]))
            }
        }
    }

    /// The length of the whole lines at the start of the input's buffer,
    /// filled if it was empty; `None` at the end of the input. Lines are
    /// taken from at most [`MAX_LINE_BYTES`] + 1 bytes, so that none of them
    /// breaks the limit.
    fn whole_lines(&mut self) -> io::Result<Option<usize>> {
        loop {
            match self.input.fill_buf() {
                Ok([]) => return Ok(None),
                Err(e) if AfterText::is(&e) => {
                    self.after_end = Some(e);
                    return Ok(None);
                }
                Ok(buffer) => {
                    let window = &buffer[..buffer.len().min(MAX_LINE_BYTES + 1)];
                    return Ok(Some(memchr::memrchr(b'\n', window).map_or(0, |i| i + 1)));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Marks the end of the input. It is not read again: a terminal would
    /// wait for more after Ctrl-D.
    fn reach_end(&mut self) {
        self.done = true;
    }

    /// Takes `taken` bytes of the run last handed out.
    pub(super) fn consume(&mut self, taken: usize) {
        if self.carried {
            self.carry_pending = taken < self.carry.len();
        } else {
            self.input.consume(taken);
        }
    }

    /// Puts the next line together in `carry`, within the line limit: at a
    /// longer line, reading stops. The first line loses its byte-order mark.
    fn read_line(&mut self) -> io::Result<Run<'_>> {
        self.carry.clear();
        let mut any = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if AfterText::is(&e) => {
                    self.after_end = Some(e);
                    &[]
                }
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                self.reach_end();
                if !any {
                    return Ok(Run::End);
                }
                break;
            }
            any = true;
            let (chunk, used, end) = match memchr::memchr(b'\n', buffer) {
                Some(i) => (&buffer[..i], i + 1, true),
                None => (buffer, buffer.len(), false),
            };
            if self.carry.len() + chunk.len() > MAX_LINE_BYTES {
                // The line may have no end (`/dev/zero`): reading stops
                // here, rather than skipping to a newline that never comes.
                self.carry.clear();
                self.done = true;
                self.first_read = true;
                return Ok(Run::TooLong);
            }
            self.carry.extend_from_slice(chunk);
            self.input.consume(used);
            if end {
                break;
            }
        }
        let first = !self.first_read;
        self.first_read = true;
        // A byte-order mark some editors put before the first line is not text.
        if first && self.carry.starts_with(b"\xef\xbb\xbf") {
            self.carry.drain(..3);
        }
        self.carry.push(b'\n');
        self.carry_pending = true;
        self.carried = true;
        Ok(Run::Lines(&self.carry))
    }
}
