//! Opens the input files and walks their records.

use super::Status;
use crate::record::{Record, RecordReader, SyntaxError};
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// The name of standard input in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Opens one input: `-` is standard input.
///
/// # Errors
/// A message naming the file and the reason, for standard error.
pub fn open(path: &Path) -> Result<(String, Box<dyn BufRead>), String> {
    if path.as_os_str() == "-" {
        return Ok((
            STDIN_NAME.to_owned(),
            Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        ));
    }
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(format!("{name}: is a directory"));
    }
    match File::open(path) {
        Ok(file) => Ok((name, Box::new(BufReader::with_capacity(1 << 16, file)))),
        Err(e) => Err(format!("{name}: {}", io_reason(&e))),
    }
}

/// A short reason for an I/O error, without the OS error number.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        _ => e.to_string(),
    }
}

/// The files to read: the given ones, or standard input.
pub fn paths(files: &[PathBuf]) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    }
}

/// Calls `visit` with each record (or its syntax error) of every file.
///
/// Unreadable files are reported on standard error and give
/// [`Status::Trouble`]; so does a file with no record in it. `visit` returns
/// its own status for the record; the worst status is returned.
///
/// # Errors
/// Only errors of `visit` (writing the output).
pub fn for_each_record(
    files: &[PathBuf],
    mut visit: impl FnMut(&str, Result<Record, SyntaxError>) -> io::Result<Status>,
) -> io::Result<Status> {
    let mut worst = Status::Ok;
    for path in paths(files) {
        let (name, reader) = match open(&path) {
            Ok(opened) => opened,
            Err(message) => {
                eprintln!("kifu: {message}");
                worst = worst.max(Status::Trouble);
                continue;
            }
        };
        let mut any = false;
        for item in RecordReader::new(reader) {
            match item {
                Ok(record) => {
                    any = true;
                    worst = worst.max(visit(&name, record)?);
                }
                Err(e) => {
                    eprintln!("kifu: {name}: {}", io_reason(&e));
                    worst = worst.max(Status::Trouble);
                    any = true;
                    break;
                }
            }
        }
        if !any {
            eprintln!("kifu: {name}: no record found");
            worst = worst.max(Status::Invalid);
        }
    }
    Ok(worst)
}
