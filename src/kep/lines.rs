//! Lines read from a stream with a bound on their length.

use super::MAX_LINE_BYTES;
use super::error::ProtocolError;
use std::io::{self, BufRead, Read};

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
        let limit = MAX_LINE_BYTES as u64 + 1;
        if (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.line)?
            == 0
        {
            return Ok(None);
        }
        if self.line.last() == Some(&b'\n') {
            self.line.pop();
        } else if self.line.len() > MAX_LINE_BYTES {
            self.line.clear();
            self.input.skip_until(b'\n')?;
            return Ok(Some(Err(ProtocolError::LineTooLong)));
        }
        Ok(Some(
            String::from_utf8(std::mem::take(&mut self.line)).map_err(|_| ProtocolError::NotUtf8),
        ))
    }
}
