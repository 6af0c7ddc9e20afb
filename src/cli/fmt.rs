//! `kifu fmt`: records in one canonical form
//! ([`crate::collection::format`]). An invalid record is written back as
//! it was, and said on standard error as `validate` says it.

use super::Status;
use super::files::{files, open};
use super::validate::write_text;
use crate::collection::format::{format_record, has_variations};
use crate::collection::input::{OpenError, io_reason};
use crate::front::Ran;
use crate::front::args::FmtArgs;
use crate::record::{Record, RecordReader, Strip, strip};
use crate::referee::{Verdict, judge_record};
use std::io::{self, BufRead, Read, Write};
use std::path::Path;

/// Runs `kifu fmt`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &FmtArgs, out: &mut dyn Write) -> Ran {
    let mut worst = Status::Ok;
    for path in files(&args.input) {
        let status = match (path, args.check, args.in_place) {
            (Err(error), _, _) => {
                say!("kifu: {error}");
                Status::Trouble
            }
            (Ok(path), false, false) => print(&path, args, out)?,
            (Ok(path), check, _) => rewrite(&path, args, check, out)?,
        };
        worst = worst.max(status);
    }
    Ok(worst)
}

/// Prints the canonical form of the file at `path`.
fn print(path: &Path, args: &FmtArgs, out: &mut dyn Write) -> io::Result<Status> {
    let (name, input) = match open(path) {
        Ok(opened) => opened,
        Err(message) => {
            say!("kifu: {message}");
            return Ok(Status::Trouble);
        }
    };
    match canonical(&name, input, args) {
        Ok((text, status)) => {
            out.write_all(text.as_bytes())?;
            Ok(status)
        }
        Err(message) => {
            say!("kifu: {message}");
            Ok(Status::Trouble)
        }
    }
}

/// Why a file cannot be formatted; its message names the file.
#[derive(Debug, thiserror::Error)]
enum FmtError {
    /// `--check` or `--in-place` of standard input.
    #[error("standard input cannot be checked or rewritten in place")]
    StandardInput,
    /// The file cannot be opened.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// The file cannot be read.
    #[error("{name}: {}", io_reason(.error))]
    Unreadable {
        /// The file.
        name: String,
        /// What failed.
        error: io::Error,
    },
    /// A record that was never read whole, so cannot be written back.
    #[error("{name}:{line}: the record cannot be written back: {message}")]
    Unwritable {
        /// The file.
        name: String,
        /// The record's line.
        line: usize,
        /// Why it was not read whole.
        message: String,
    },
    /// `--in-place` of a compressed file.
    #[error("{0}: a compressed file is not rewritten in place")]
    Compressed(String),
    /// The rewritten file could not be saved.
    #[error(transparent)]
    Save(#[from] crate::front::SaveError),
    /// The output could not be written: kifu stops.
    #[error("cannot write the output: {0}")]
    Output(#[source] io::Error),
}

/// `--check`: prints how the file differs from its canonical form, if it
/// does; `--in-place` rewrites it, atomically, if it does.
fn rewrite(path: &Path, args: &FmtArgs, check: bool, out: &mut dyn Write) -> io::Result<Status> {
    match rewritten(path, args, check, out) {
        Ok(status) => Ok(status),
        Err(FmtError::Output(e)) => Err(e),
        Err(error) => {
            say!("kifu: {error}");
            Ok(Status::Trouble)
        }
    }
}

/// [`rewrite`]'s work: the status, or why the file cannot be formatted.
fn rewritten(
    path: &Path,
    args: &FmtArgs,
    check: bool,
    out: &mut dyn Write,
) -> Result<Status, FmtError> {
    let name = path.display().to_string();
    if path.as_os_str() == "-" {
        return Err(FmtError::StandardInput);
    }
    let unreadable = |error| FmtError::Unreadable {
        name: name.clone(),
        error,
    };
    let (_, mut plain) = open(path)?;
    let mut before = Vec::new();
    plain.read_to_end(&mut before).map_err(unreadable)?;
    let (text, status) = canonical(&name, Box::new(before.as_slice()), args)?;
    if text.as_bytes() == before {
        return Ok(status);
    }
    if check {
        let before = String::from_utf8_lossy(&before);
        let diff = similar::TextDiff::from_lines(before.as_ref(), text.as_str());
        let shown = diff.unified_diff().header(&name, &name).to_string();
        out.write_all(shown.as_bytes()).map_err(FmtError::Output)?;
        return Ok(Status::Invalid);
    }
    let bytes = std::fs::read(path).map_err(unreadable)?;
    if crate::collection::input::is_compressed(&bytes) {
        return Err(FmtError::Compressed(name));
    }
    crate::front::save_atomic(path, &text, crate::front::ReadOnly::Refuse)?;
    Ok(status)
}

/// The canonical text of every record of `input`, and the status: 1 when
/// a record is invalid (and written back as it was).
///
/// # Errors
/// A record that cannot be written back (it was never read whole), or
/// the input fails.
fn canonical(
    name: &str,
    input: Box<dyn BufRead + Send + '_>,
    args: &FmtArgs,
) -> Result<(String, Status), FmtError> {
    let width = usize::from(args.width);
    let mut text = String::new();
    let mut status = Status::Ok;
    let mut reader = RecordReader::new(input);
    while let Some(raw) = reader.next_raw().map_err(|error| FmtError::Unreadable {
        name: name.to_owned(),
        error,
    })? {
        let raw = raw.map_err(|e| FmtError::Unwritable {
            name: name.to_owned(),
            line: e.location.line,
            message: e.message,
        })?;
        if !text.is_empty() {
            text.push('\n');
        }
        let (crlf, original, first_line) = (raw.crlf, raw.text.clone(), raw.first_line);
        let verdict = match raw.parse() {
            Ok(record) => match judge_record(&record) {
                Ok(verdict) if verdict.is_valid() => {
                    let record = stripped(name, record, &args.strip)?;
                    match has_variations(&record) {
                        false => text.push_str(&format_record(&record, width)),
                        // Variations are kept as written, for now.
                        true => push_as_written(&mut text, record.text(), crlf),
                    }
                    continue;
                }
                Ok(verdict) => verdict,
                Err(error) => Verdict::of_syntax_error(error),
            },
            Err(error) => Verdict::of_syntax_error(error),
        };
        // As `validate` says it, on standard error.
        let mut said = Vec::new();
        let line = verdict
            .fault
            .as_ref()
            .map_or(first_line, |f| f.location.line);
        write_text(&mut said, name, line, &verdict, false);
        let _ = io::stderr().write_all(&said);
        status = Status::Invalid;
        push_as_written(&mut text, &original, crlf);
    }
    Ok((text, status))
}

/// The valid `record` without what `what` names.
fn stripped(name: &str, record: Record, what: &[Strip]) -> Result<Record, FmtError> {
    if what.is_empty() {
        return Ok(record);
    }
    strip(&record, what).map_err(|e| FmtError::Unwritable {
        name: name.to_owned(),
        line: e.location.line,
        message: e.message,
    })
}

/// Appends a record's text as it was written, with one newline at its end.
fn push_as_written(text: &mut String, original: &str, crlf: bool) {
    let kept = original.trim_end_matches('\n');
    match crlf {
        true => text.push_str(&kept.replace('\n', "\r\n")),
        false => text.push_str(kept),
    }
    text.push_str(if crlf { "\r\n" } else { "\n" });
}
