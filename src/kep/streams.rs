//! The threads that keep an engine's three standard streams moving: its
//! input written line by line, its output read into a bounded queue, its
//! standard error read to the end with only the last lines kept.

use super::error::ProtocolError;
use super::lines::LineReader;
use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::process::ChildStdin;
use std::sync::mpsc::{Receiver, Sender, SyncSender};
use std::sync::{Mutex, PoisonError};
use web_time::Instant;

/// How many lines of an engine's standard error are kept.
pub const STDERR_LINES: usize = 10;

/// The longest line of standard error kept, in characters.
pub(super) const STDERR_LINE_CHARS: usize = 300;

/// What the reader of standard output hands on.
#[derive(Debug)]
pub(super) enum Received {
    /// A line, read as text.
    Text(String),
    /// A line too long, or not UTF-8.
    Bad(ProtocolError),
}

/// The file name of a program: `random.py` of `./bots/random.py`.
pub(super) fn program_name(program: &str) -> String {
    std::path::Path::new(program).file_name().map_or_else(
        || program.to_owned(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// Writes the lines of `lines` to the engine's standard input, telling
/// `written` when each is (or `None`, then stops, when one cannot be).
pub(super) fn write_input(
    mut input: ChildStdin,
    lines: &Receiver<String>,
    written: &Sender<Option<Instant>>,
) {
    for line in lines {
        let done = input
            .write_all(line.as_bytes())
            .and_then(|()| input.flush());
        let failed = done.is_err();
        if written.send(done.ok().map(|()| Instant::now())).is_err() || failed {
            return;
        }
    }
}

/// Reads the engine's standard output into `sender` until it ends or the
/// engine is dropped.
pub(super) fn read_output(output: impl Read, sender: &SyncSender<Received>) {
    let mut reader = LineReader::new(BufReader::new(output));
    while let Ok(Some(line)) = reader.next_line() {
        let line = line.map_or_else(Received::Bad, Received::Text);
        if sender.send(line).is_err() {
            return;
        }
    }
}

/// Reads the engine's standard error to its end, keeping the last
/// [`STDERR_LINES`] lines in `tail`.
pub(crate) fn keep_tail(errors: impl Read, tail: &Mutex<VecDeque<String>>) {
    let mut reader = LineReader::new(BufReader::new(errors));
    while let Ok(Some(line)) = reader.next_line() {
        let line = line.unwrap_or_else(|e| format!("({e})"));
        let line: String = line.trim_end().chars().take(STDERR_LINE_CHARS).collect();
        let mut tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
        if tail.len() == STDERR_LINES {
            tail.pop_front();
        }
        tail.push_back(line);
    }
}
