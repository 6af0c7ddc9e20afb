//! `kifu validate`: one verdict per record.

use super::Status;
use super::files::{ReadError, Records, files, for_each_file};
use super::parallel;
use super::progress::Progress;
use crate::draw::ansi::{Brush, Sgr};
use crate::front::Ran;
use crate::front::args::{Format, ValidateArgs};
use crate::model::VerdictJson;
use crate::record::{RawRecord, Record, SyntaxError, Visible, make_visible, write_visible};
use crate::referee::{Verdict, judge_record};
use std::fmt::{self, Write as _};
use std::io::{self, Write};

/// Records judged together by one thread.
const BATCH_RECORDS: usize = 256;
/// The most text in one batch.
const BATCH_BYTES: usize = 1 << 20;

/// Runs `kifu validate`: records are judged on `--jobs` threads and their
/// verdicts printed in input order, exactly as one thread would.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &ValidateArgs, colour: bool, out: &mut dyn Write) -> Ran {
    let progress = Progress::start();
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let mut tally = Counts::default();
    let status = for_each_file(files(&args.input), |name, records| {
        let mut input_error = None;
        let batches = std::iter::from_fn(|| next_batch(records, &mut input_error));
        parallel::ordered(
            batches,
            jobs,
            |batch| judge_batch(name, batch, args, colour),
            |judged| {
                progress.tick(BATCH_RECORDS);
                tally.add(&judged.tally);
                // Warnings go to standard error, each before its verdict's
                // batch and after the verdicts before it.
                if !judged.warnings.is_empty() {
                    out.flush()?;
                    let _ = io::stderr().write_all(&judged.warnings);
                }
                out.write_all(&judged.text)
            },
        )?;
        match input_error {
            Some(e) => Err(e),
            None => Ok(if tally.invalid > 0 {
                Status::Invalid
            } else {
                Status::Ok
            }),
        }
    })?;
    if tally.valid + tally.invalid > 1 {
        // After the verdicts, where both streams go to one reader.
        out.flush()?;
        say!("{}", tally.summary());
    }
    Ok(status)
}

/// How many records were valid and invalid.
#[derive(Debug, Default, Clone, Copy)]
struct Counts {
    valid: usize,
    invalid: usize,
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        self.valid += other.valid;
        self.invalid += other.invalid;
    }

    /// `1,000 records: 998 valid, 2 invalid`.
    fn summary(&self) -> String {
        let total = self.valid + self.invalid;
        let records = if total == 1 { "record" } else { "records" };
        format!(
            "{} {records}: {} valid, {} invalid",
            grouped(total),
            grouped(self.valid),
            grouped(self.invalid)
        )
    }
}

/// `n` with its thousands grouped by commas: `12,345`.
pub(super) fn grouped(n: impl ToString) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// What a batch gives: its verdicts, its warnings, and the count.
struct BatchOutput {
    text: Vec<u8>,
    warnings: Vec<u8>,
    tally: Counts,
}

/// Records read together, judged by one thread.
pub(super) type Batch = Vec<Result<RawRecord, SyntaxError>>;

/// Up to [`BATCH_RECORDS`] records or [`BATCH_BYTES`] of text.
pub(super) fn next_batch(records: &mut Records, error: &mut Option<ReadError>) -> Option<Batch> {
    let mut batch = Vec::new();
    let mut bytes = 0;
    while batch.len() < BATCH_RECORDS && bytes < BATCH_BYTES {
        match records.next_raw() {
            Ok(Some(raw)) => {
                bytes += raw.as_ref().map_or(0, |r| r.text.len());
                batch.push(raw);
            }
            Ok(None) => break,
            Err(e) => {
                *error = Some(e);
                break;
            }
        }
    }
    (!batch.is_empty()).then_some(batch)
}

/// The verdicts of a batch, as the bytes to print, its warnings, and the
/// count of valid and invalid records.
fn judge_batch(name: &str, batch: Batch, args: &ValidateArgs, colour: bool) -> BatchOutput {
    let mut text = Vec::new();
    let mut warnings = Vec::new();
    let mut tally = Counts::default();
    for raw in batch {
        let (line, mut verdict) = verdict_of(raw.and_then(RawRecord::parse_head));
        if args.strict {
            verdict.make_strict();
        }
        for warning in &verdict.warnings {
            let (at, message) = (&warning.location, &warning.message);
            let _ = writeln!(
                warnings,
                "{name}:{}:{}: warning: {message}",
                at.line, at.column
            );
        }
        if verdict.is_valid() {
            tally.valid += 1;
            if args.quiet {
                continue;
            }
        } else {
            tally.invalid += 1;
        }
        match args.format {
            Format::Text => write_text(&mut text, name, line, &verdict, colour),
            Format::Json => {
                // Writing a JSON value to a Vec cannot fail.
                if serde_json::to_writer(&mut text, &VerdictJson::new(name, line, &verdict)).is_ok()
                {
                    text.push(b'\n');
                }
            }
        }
    }
    BatchOutput {
        text,
        warnings,
        tally,
    }
}

/// Judges a record, or turns its syntax error into a verdict; with the
/// line the verdict names: the record's first, or the syntax error's.
pub(super) fn verdict_of(record: Result<Record, SyntaxError>) -> (usize, Verdict) {
    let judged = record.and_then(|record| Ok((record.first_line(), judge_record(&record)?)));
    judged.unwrap_or_else(|e| (e.location.line, Verdict::of_syntax_error(e)))
}

/// `file:1: mana, 57 plies, B+ (Daimyo captured)` or `file:14:9: move 12 ...`.
pub(super) fn write_text(
    out: &mut Vec<u8>,
    name: &str,
    line: usize,
    verdict: &Verdict,
    colour: bool,
) {
    let mut out = Bytes(out);
    let look = if verdict.is_valid() {
        Sgr::VALID
    } else {
        Sgr::INVALID
    };
    let colours = Brush::new(colour).codes(look);
    // Writing to a Vec cannot fail.
    let _ = match &verdict.fault {
        None => write_summary_line(out.0, name, line, verdict, colours),
        Some(fault) => {
            let (start, end) = colours;
            let fault = fault.to_string();
            writeln!(out, "{}:{start}{}{end}", Visible(name), Visible(&fault))
        }
    };
}

/// `file:1: mana, 57 plies, B+ (Daimyo captured)`, with the summary between
/// the `start` and `end` colour codes. Written piece by piece, without the
/// machinery of `format_args!`: this is the line of almost every record.
fn write_summary_line(
    bytes: &mut Vec<u8>,
    name: &str,
    line: usize,
    verdict: &Verdict,
    (start, end): (&str, &str),
) -> fmt::Result {
    let mut out = Bytes(bytes);
    write_visible(&mut out, name)?;
    out.write_str(":")?;
    out.write_str(itoa::Buffer::new().format(line))?;
    out.write_str(": ")?;
    out.write_str(start)?;
    // Lotus's player names come from the record: shown, not obeyed.
    let from = out.0.len();
    verdict.write_summary(&mut out)?;
    make_visible(out.0, from);
    out.write_str(end)?;
    out.write_str("\n")
}

/// A byte buffer as a [`fmt::Write`]: text goes straight in, with no I/O
/// error to carry as through [`io::Write`].
struct Bytes<'a>(&'a mut Vec<u8>);

impl fmt::Write for Bytes<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0.extend_from_slice(text.as_bytes());
        Ok(())
    }
}
