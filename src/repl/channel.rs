//! Where a session writes: the transcript on one side, refusals on the
//! other, and whether it may ask the user a question.

use super::Reply;
use std::fmt::Display;
use std::io::{self, Write};

/// The two outputs of a session and how it is driven.
pub(crate) struct Outputs<'a> {
    /// Boards, listings, what was done: standard output.
    pub out: &'a mut dyn Write,
    /// Refusals: an illegal move, a bad command, a failed save or load.
    pub err: &'a mut dyn Write,
    /// A person at a terminal answers questions (discard unsaved moves?
    /// replace that file?); a script is refused instead.
    pub terminal: bool,
}

impl Outputs<'_> {
    /// Writes a refusal, after what the transcript holds so far.
    ///
    /// # Errors
    /// Failures to write.
    pub(crate) fn refuse(&mut self, message: impl Display) -> io::Result<Reply> {
        self.out.flush()?;
        // A refusal may quote the record or the engine: shown, not obeyed.
        writeln!(self.err, "{}", crate::record::Visible(&message.to_string()))?;
        self.err.flush()?;
        Ok(Reply::REFUSED)
    }
}
