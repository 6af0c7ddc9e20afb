//! Opens the input files and walks their records.

use super::Status;
use crate::collection::input::{OpenError, io_reason};
use crate::collection::paths::DirWalk;
use crate::front::args::Inputs;
use crate::record::{RawRecord, Record, RecordReader, SyntaxError};
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

/// Opens one input: `-` is standard input; compressed files are decoded.
///
/// # Errors
/// Why it cannot be opened; the message names the file.
pub(super) fn open(path: &Path) -> Result<(String, Box<dyn BufRead + Send>), OpenError> {
    crate::collection::input::open(path).map(|input| (input.name, input.text))
}

/// The files to read: the given ones, or standard input.
pub(super) fn paths(files: &[PathBuf]) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    }
}

/// The files to read, or why a directory named yields none; see
/// [`crate::collection::paths::files`].
pub(super) fn files(inputs: &Inputs) -> Vec<Result<PathBuf, OpenError>> {
    crate::collection::paths::files(&inputs.files, inputs.walk())
}

/// The files `paths` names, directories walked as by default.
pub(super) fn named(paths: &[PathBuf]) -> Vec<Result<PathBuf, OpenError>> {
    crate::collection::paths::files(paths, DirWalk::default())
}

/// Calls `visit` with each record (or its syntax error) of every file.
///
/// Unreadable files are reported on standard error and give
/// [`Status::Trouble`]; a file with no record in it gives
/// [`Status::Invalid`]. `visit` returns its own status for the record; the
/// worst status is returned.
///
/// # Errors
/// Only errors of `visit` (writing the output).
pub(super) fn for_each_record(
    files: Vec<Result<PathBuf, OpenError>>,
    mut visit: impl FnMut(&str, Result<Record, SyntaxError>) -> io::Result<Status>,
) -> io::Result<Status> {
    for_each_file(files, |name, reader| {
        let mut worst = Status::Ok;
        for item in reader {
            worst = worst.max(visit(name, item?)?);
        }
        Ok(worst)
    })
}

/// Calls `read` with the record reader of every file, in order.
///
/// A failure to open a file, an I/O error while reading it, and a file with
/// no record are reported on standard error; the worst status is returned.
///
/// # Errors
/// Only errors of writing the output, which `read` returns as
/// [`ReadError::Output`].
pub(super) fn for_each_file(
    files: Vec<Result<PathBuf, OpenError>>,
    mut read: impl FnMut(&str, &mut Records) -> Result<Status, ReadError>,
) -> io::Result<Status> {
    let mut worst = Status::Ok;
    for path in files {
        let (name, input) = match path.and_then(|path| open(&path)) {
            Ok(opened) => opened,
            Err(message) => {
                say!("kifu: {message}");
                worst = worst.max(Status::Trouble);
                continue;
            }
        };
        let mut records = Records {
            reader: RecordReader::new(input),
            any: false,
        };
        match read(&name, &mut records) {
            Ok(status) => worst = worst.max(status),
            Err(ReadError::Input(e)) => {
                say!("kifu: {name}: {}", io_reason(&e));
                worst = worst.max(Status::Trouble);
                continue;
            }
            Err(ReadError::Output(e)) => return Err(e),
        }
        // No record is a problem of the input, not an invalid record.
        if !records.any {
            say!("kifu: {name}: no record found");
            worst = worst.max(Status::Trouble);
        }
    }
    Ok(worst)
}

/// An error while walking records: reading the input or writing the output.
#[derive(Debug)]
pub(super) enum ReadError {
    /// The input could not be read; the file is abandoned.
    Input(io::Error),
    /// The output could not be written; kifu stops.
    Output(io::Error),
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Output(e)
    }
}

/// The records of one file, unparsed, noting whether there was any.
pub(super) struct Records {
    reader: RecordReader<Box<dyn BufRead + Send>>,
    any: bool,
}

impl std::fmt::Debug for Records {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Records")
            .field("any", &self.any)
            .finish_non_exhaustive()
    }
}

impl Records {
    /// The next raw record, or the error that stands for it.
    ///
    /// # Errors
    /// An I/O failure of the input.
    pub(super) fn next_raw(&mut self) -> Result<Option<Result<RawRecord, SyntaxError>>, ReadError> {
        let next = self.reader.next_raw().map_err(ReadError::Input)?;
        self.any |= next.is_some();
        Ok(next)
    }
}

impl Iterator for Records {
    type Item = Result<Result<Record, SyntaxError>, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_raw()
            .map(|raw| raw.map(|r| r.and_then(RawRecord::parse)))
            .transpose()
    }
}
