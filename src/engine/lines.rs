//! Lines read from a stream with a bound on their length.

use super::MAX_LINE_BYTES;
use super::error::ProtocolError;
use std::io::{self, BufRead};

/// Reads `\n`-ended lines from a stream, each at most [`MAX_LINE_BYTES`]
/// long: the bytes of a longer line are skipped up to its end, never kept.
#[derive(Debug)]
pub struct LineReader<R> {
    input: R,
    line: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `input`.
    pub fn new(input: R) -> Self {
        Self {
            input,
            line: Vec::new(),
        }
    }

    /// The next line without its `\n` (a last line may lack it), or `None`
    /// at the end of the input; a line too long or not UTF-8 is an error.
    ///
    /// # Errors
    /// A failure to read the input.
    pub fn next_line(&mut self) -> io::Result<Option<Result<String, ProtocolError>>> {
        self.line.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                break;
            }
            any = true;
            let (part, used, ended) = match memchr::memchr(b'\n', buffer) {
                Some(at) => (&buffer[..at], at + 1, true),
                None => (buffer, buffer.len(), false),
            };
            if self.line.len() + part.len() > MAX_LINE_BYTES {
                too_long = true;
                self.line.clear();
            } else if !too_long {
                self.line.extend_from_slice(part);
            }
            self.input.consume(used);
            if ended {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        if too_long {
            return Ok(Some(Err(ProtocolError::LineTooLong)));
        }
        Ok(Some(
            String::from_utf8(std::mem::take(&mut self.line)).map_err(|_| ProtocolError::NotUtf8),
        ))
    }
}
