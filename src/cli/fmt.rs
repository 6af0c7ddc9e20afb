//! `kifu fmt`: records in one canonical form
//! ([`crate::collection::format`]). An invalid record is written back as
//! it was, and said on standard error as `validate` says it.

use super::Status;
use super::files::{files, open};
use super::validate::write_text;
use crate::collection::format::fmt_text;
use crate::collection::input::{OpenError, io_reason};
use crate::front::args::FmtArgs;
use crate::front::{Ran, ReadOnly};
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

/// Prints the canonical form of the file at `path`, record by record.
fn print(path: &Path, args: &FmtArgs, out: &mut dyn Write) -> io::Result<Status> {
    let (name, input) = match open(path) {
        Ok(opened) => opened,
        Err(message) => {
            say!("kifu: {message}");
            return Ok(Status::Trouble);
        }
    };
    match write_canonical(&name, input, args, Verdicts::Said, out) {
        Ok(status) => Ok(status),
        Err(FmtError::Output(e)) => Err(e),
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
    /// `--check` or `--in-place` of a device, a FIFO or a socket.
    #[error(
        "{0}: is not a regular file (a device, a FIFO or a socket): --check and --in-place read only regular files"
    )]
    NotRegular(String),
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

/// The longest text `--check` shows a diff of; past it, the first line
/// that differs is said instead, so that memory stays bounded.
const MAX_DIFF_BYTES: u64 = 32 << 20;

/// [`rewrite`]'s work: the status, or why the file cannot be formatted.
///
/// The file is read as a stream, twice when it differs from its canonical
/// form: once to compare (in constant memory), once to write.
fn rewritten(
    path: &Path,
    args: &FmtArgs,
    check: bool,
    out: &mut dyn Write,
) -> Result<Status, FmtError> {
    let name = path.display().to_string();
    regular_file(path, &name)?;
    let (_, input) = open(path)?;
    let mut same = Compare::new(open(path)?.1);
    let status = write_canonical(&name, input, args, Verdicts::Said, &mut same)?;
    let Some(line) = same
        .first_difference()
        .map_err(|error| FmtError::Unreadable {
            name: name.clone(),
            error,
        })?
    else {
        return Ok(status);
    };
    if check {
        show_diff(path, &name, args, line, out)?;
        return Ok(Status::Invalid);
    }
    let compression = crate::collection::input::open(path)?.compression;
    let mut failed = None;
    let saved = crate::front::save_atomic_with(path, ReadOnly::Refuse, |file| {
        let (_, input) = open(path).map_err(io::Error::other)?;
        // A failure that is not the file's own abandons the save, and is
        // said as itself.
        let write = |out: &mut dyn Write| match write_canonical(
            &name,
            input,
            args,
            Verdicts::Unsaid,
            out,
        ) {
            Ok(_) => Ok(()),
            Err(FmtError::Output(e)) => Err(e),
            Err(other) => {
                failed = Some(other);
                Err(io::Error::other("abandoned"))
            }
        };
        match compression {
            None => write(file),
            Some(format) => format.encode(file, write),
        }
    });
    match (saved, failed) {
        (_, Some(error)) => Err(error),
        (Err(error), None) => Err(error.into()),
        (Ok(()), None) => Ok(status),
    }
}

/// Refuses what is not a regular file: `--check` and `--in-place` read a
/// file twice, and a device (`/dev/zero`) or a FIFO cannot be.
fn regular_file(path: &Path, name: &str) -> Result<(), FmtError> {
    if path.as_os_str() == "-" {
        return Err(FmtError::StandardInput);
    }
    let meta = std::fs::metadata(path).map_err(|error| FmtError::Unreadable {
        name: name.to_owned(),
        error,
    })?;
    match meta.is_file() {
        true => Ok(()),
        false => Err(FmtError::NotRegular(name.to_owned())),
    }
}

/// Prints the unified diff between the file and its canonical form, or,
/// for a text over [`MAX_DIFF_BYTES`], the first line that differs.
fn show_diff(
    path: &Path,
    name: &str,
    args: &FmtArgs,
    line: usize,
    out: &mut dyn Write,
) -> Result<(), FmtError> {
    let unreadable = |error| FmtError::Unreadable {
        name: name.to_owned(),
        error,
    };
    let mut before = Vec::new();
    let (_, input) = open(path)?;
    input
        .take(MAX_DIFF_BYTES + 1)
        .read_to_end(&mut before)
        .map_err(unreadable)?;
    if before.len() as u64 > MAX_DIFF_BYTES {
        say!(
            "kifu: {name}:{line}: not in canonical form from this line on (no diff is shown of a text over {} MiB)",
            MAX_DIFF_BYTES >> 20
        );
        return Ok(());
    }
    let mut text = Vec::new();
    write_canonical(
        name,
        Box::new(before.as_slice()),
        args,
        Verdicts::Unsaid,
        &mut text,
    )?;
    let (before, text) = (
        String::from_utf8_lossy(&before),
        String::from_utf8_lossy(&text),
    );
    let diff = similar::TextDiff::from_lines(before.as_ref(), text.as_ref());
    let shown = diff.unified_diff().header(name, name).to_string();
    out.write_all(shown.as_bytes()).map_err(FmtError::Output)
}

/// Whether [`write_canonical`] says the verdicts of invalid records on
/// standard error: once a file, not again when it is read a second time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdicts {
    Said,
    Unsaid,
}

/// A file's byte-order mark, which its canonical form keeps.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Writes the canonical text of every record of `input` to `out`, record by
/// record, and returns the status: 1 when a record is invalid (and written
/// back as it was). The file's line ending (that of its first record) and
/// byte-order mark are kept.
///
/// # Errors
/// A record that cannot be written back (it was never read whole), the
/// input fails, or `out` fails ([`FmtError::Output`]).
fn write_canonical(
    name: &str,
    mut input: Box<dyn BufRead + Send + '_>,
    args: &FmtArgs,
    verdicts: Verdicts,
    out: &mut dyn Write,
) -> Result<Status, FmtError> {
    let unreadable = |error| FmtError::Unreadable {
        name: name.to_owned(),
        error,
    };
    let width = usize::from(args.width);
    let bom = input.fill_buf().map_err(unreadable)?.starts_with(BOM);
    let mut status = Status::Ok;
    let mut crlf = None;
    // The last record written ends with an empty line already.
    let mut apart = false;
    let mut reader = RecordReader::new(input);
    while let Some(raw) = reader.next_raw().map_err(unreadable)? {
        let raw = raw.map_err(|e| FmtError::Unwritable {
            name: name.to_owned(),
            line: e.location.line,
            message: e.message,
        })?;
        let separator = match crlf {
            None if bom => BOM,
            None => b"",
            Some(_) if apart => b"",
            Some(true) => b"\r\n",
            Some(false) => b"\n",
        };
        let crlf = *crlf.get_or_insert(raw.crlf);
        out.write_all(separator).map_err(FmtError::Output)?;
        let (original, first_line) = (raw.text.clone(), raw.first_line);
        let verdict = match raw.parse() {
            Ok(record) => match judge_record(&record) {
                Ok(verdict) if verdict.is_valid() => {
                    let record = stripped(name, record, &args.strip)?;
                    let (text, canonical) = fmt_text(&record, &verdict, width);
                    write_lines(out, &text, crlf).map_err(FmtError::Output)?;
                    // A record of tags alone (a finished lotus game stated
                    // by its final position) keeps the empty line that ends
                    // its tags, so that a record after it, in this output
                    // or in a file put after it, stays apart.
                    apart = canonical && text.ends_with("\n\n");
                    if apart {
                        write_lines(out, "", crlf).map_err(FmtError::Output)?;
                    }
                    continue;
                }
                Ok(verdict) => verdict,
                Err(error) => Verdict::of_syntax_error(error),
            },
            Err(error) => Verdict::of_syntax_error(error),
        };
        if verdicts == Verdicts::Said {
            // As `validate` says it, on standard error.
            let mut said = Vec::new();
            let line = verdict
                .fault
                .as_ref()
                .map_or(first_line, |f| f.location.line);
            write_text(&mut said, name, line, &verdict, false);
            let _ = io::stderr().write_all(&said);
        }
        status = Status::Invalid;
        apart = false;
        write_lines(out, &original, crlf).map_err(FmtError::Output)?;
    }
    Ok(status)
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

/// Writes a record's text (lines ending with `\n`) with one line ending at
/// its end: `\r\n` ones in a file of those.
fn write_lines(out: &mut dyn Write, text: &str, crlf: bool) -> io::Result<()> {
    let kept = text.trim_end_matches('\n');
    match crlf {
        true => {
            for line in kept.split('\n') {
                out.write_all(line.as_bytes())?;
                out.write_all(b"\r\n")?;
            }
            Ok(())
        }
        false => {
            out.write_all(kept.as_bytes())?;
            out.write_all(b"\n")
        }
    }
}

/// A sink that compares what is written to it with `expected`, and keeps
/// the line where they first differ, in constant memory.
struct Compare {
    expected: Box<dyn BufRead + Send>,
    /// The lines found alike so far.
    line: usize,
    /// They differ, from `line` + 1 on.
    differ: bool,
    /// Reading `expected` failed.
    failed: Option<io::Error>,
}

impl Compare {
    fn new(expected: Box<dyn BufRead + Send>) -> Self {
        Self {
            expected,
            line: 0,
            differ: false,
            failed: None,
        }
    }

    /// The line (counted from 1) where the two texts first differ, if they
    /// do: what was written may also end before `expected` does.
    ///
    /// # Errors
    /// Reading `expected` failed.
    fn first_difference(mut self) -> io::Result<Option<usize>> {
        if !self.differ {
            match self.expected.fill_buf() {
                Ok([]) => {}
                Ok(_) => self.differ = true,
                Err(e) => self.failed = Some(e),
            }
        }
        if let Some(e) = self.failed {
            return Err(e);
        }
        Ok(self.differ.then_some(self.line + 1))
    }
}

impl Write for Compare {
    fn write(&mut self, mut data: &[u8]) -> io::Result<usize> {
        let written = data.len();
        while !self.differ && self.failed.is_none() && !data.is_empty() {
            let expected = match self.expected.fill_buf() {
                Ok(expected) => expected,
                Err(e) => {
                    self.failed = Some(e);
                    break;
                }
            };
            let n = expected.len().min(data.len());
            let alike = (expected.iter().zip(data))
                .position(|(a, b)| a != b)
                .unwrap_or(n);
            self.line += memchr::memchr_iter(b'\n', &data[..alike]).count();
            self.differ = alike < n || n == 0;
            self.expected.consume(alike);
            data = &data[alike..];
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
