//! Where each record of a file's text lies: the lines it spans, so that
//! a save writes a record in place of the one opened, and the length and
//! hash of the text, so that a save sees a file changed since.

use crate::record::{Record, SyntaxError};
use std::hash::{DefaultHasher, Hash, Hasher};

/// The length and hash of a file's text.
pub(crate) fn seen(bytes: &[u8]) -> (usize, u64) {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    (bytes.len(), hasher.finish())
}

/// A record of a file's text: the lines it spans (0-based, its last
/// excluded: the next record's first), whether its first line is known
/// (not for a record whose text could not be split off whole, whose error
/// stands at a later line), and the record or why it cannot be read.
pub(crate) struct Span {
    pub(crate) first: usize,
    pub(crate) end: usize,
    #[cfg_attr(not(feature = "server"), allow(dead_code))]
    pub(crate) known: bool,
    pub(crate) parsed: Result<Record, SyntaxError>,
}

/// The records of a file's text.
pub(crate) fn record_lines(text: &str) -> Vec<Span> {
    let mut reader = crate::record::RecordReader::new(text.as_bytes());
    let mut found: Vec<Span> = Vec::new();
    let lines = text.lines().count();
    while let Ok(Some(raw)) = reader.next_raw() {
        let (first, known, parsed) = match raw {
            Ok(raw) => (raw.first_line.saturating_sub(1), true, raw.parse()),
            Err(e) => (e.location.line.saturating_sub(1), false, Err(e)),
        };
        if let Some(last) = found.last_mut() {
            last.end = first.max(last.first);
        }
        found.push(Span {
            first,
            end: lines,
            known,
            parsed,
        });
    }
    found
}
