//! `kifu fmt`: records in one canonical form. Tags in a fixed order, move
//! numbers as the game numbers them, moves as the referee writes them
//! (`x` on captures, `+` on Shogun checks), glyphs and comments kept,
//! lines wrapped. An invalid record is written back as it was.

use super::Status;
use super::input::{open, paths};
use super::validate::write_text;
use crate::front::args::FmtArgs;
use crate::game::{COMMON_TAGS, GameKind, Tags, number_before};
use crate::input::io_reason;
use crate::model::WrittenMoves;
use crate::record::{Dots, ItemKind, Record, RecordReader, WrittenMove, write_record_within};
use crate::referee::{Options, Verdict, judge, judge_record};
use std::io::{self, BufRead, Write};
use std::path::Path;

/// Runs `kifu fmt`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &FmtArgs, out: &mut dyn Write) -> io::Result<Status> {
    let width = usize::from(args.width);
    let mut worst = Status::Ok;
    for path in paths(&args.files) {
        let status = match (args.check, args.in_place) {
            (false, false) => print(&path, width, out)?,
            (check, _) => rewrite(&path, width, check, out)?,
        };
        worst = worst.max(status);
    }
    Ok(worst)
}

/// Prints the canonical form of the file at `path`.
fn print(path: &Path, width: usize, out: &mut dyn Write) -> io::Result<Status> {
    let (name, input) = match open(path) {
        Ok(opened) => opened,
        Err(message) => {
            eprintln!("kifu: {message}");
            return Ok(Status::Trouble);
        }
    };
    match canonical(&name, input, width) {
        Ok((text, status)) => {
            out.write_all(text.as_bytes())?;
            Ok(status)
        }
        Err(message) => {
            eprintln!("kifu: {message}");
            Ok(Status::Trouble)
        }
    }
}

/// `--check`: names the file if it is not canonical; `--in-place`
/// rewrites it, atomically, if it is not.
fn rewrite(path: &Path, width: usize, check: bool, out: &mut dyn Write) -> io::Result<Status> {
    let name = path.display().to_string();
    let fail = |message: String| {
        eprintln!("kifu: {message}");
        Ok(Status::Trouble)
    };
    if path.as_os_str() == "-" {
        return fail("standard input cannot be checked or rewritten in place".into());
    }
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => return fail(format!("{name}: {}", io_reason(&e))),
    };
    let plain = match open(path) {
        Ok((_, plain)) => plain,
        Err(message) => return fail(message),
    };
    let (text, status) = match canonical(&name, plain, width) {
        Ok(done) => done,
        Err(message) => return fail(message),
    };
    if text.as_bytes() == bytes {
        return Ok(status);
    }
    if check {
        writeln!(out, "{name}")?;
        return Ok(Status::Invalid);
    }
    if crate::input::is_compressed(&bytes) {
        return fail(format!(
            "{name}: a compressed file is not rewritten in place"
        ));
    }
    match crate::front::save_atomic(path, &text, crate::front::ReadOnly::Refuse) {
        Ok(()) => Ok(status),
        Err(e) => fail(e.to_string()),
    }
}

/// The canonical text of every record of `input`, and the status: 1 when
/// a record is invalid (and written back as it was).
///
/// # Errors
/// A message when a record cannot be written back (it was never read
/// whole) or the input fails.
fn canonical(
    name: &str,
    input: Box<dyn BufRead + Send>,
    width: usize,
) -> Result<(String, Status), String> {
    let mut text = String::new();
    let mut status = Status::Ok;
    let mut reader = RecordReader::new(input);
    while let Some(raw) = reader
        .next_raw()
        .map_err(|e| format!("{name}: {}", io_reason(&e)))?
    {
        let raw = raw.map_err(|e| {
            let line = e.location.line;
            format!(
                "{name}:{line}: the record cannot be written back: {}",
                e.message
            )
        })?;
        if !text.is_empty() {
            text.push('\n');
        }
        let (crlf, original, first_line) = (raw.crlf, raw.text.clone(), raw.first_line);
        let verdict = match raw.parse() {
            Ok(record) => match judge_record(&record) {
                Ok(verdict) if verdict.is_valid() && !has_variations(&record) => {
                    text.push_str(&format_record(&record, width));
                    continue;
                }
                // Variations are kept as written, for now.
                Ok(verdict) if verdict.is_valid() => {
                    push_as_written(&mut text, &original, crlf);
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
        eprint!("{}", String::from_utf8_lossy(&said));
        status = Status::Invalid;
        push_as_written(&mut text, &original, crlf);
    }
    Ok((text, status))
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

/// Whether the record holds variations.
fn has_variations(record: &Record) -> bool {
    (record.items.iter()).any(|item| item.kind() == ItemKind::Open)
}

/// A move in canonical form: its number, its text with its glyph, and the
/// comments after it.
type Canonical = (Option<(u32, Dots)>, String, Vec<String>);

/// A valid record in canonical form.
fn format_record(record: &Record, width: usize) -> String {
    let kind = record.tag("Game").and_then(GameKind::from_name);
    let start = kind.and_then(|k| k.start(Tags::new(&record.tags)).ok());
    let mut number = start.as_ref().map(|g| number_before(g.turn(), true));
    let mut written = WrittenMoves::new(record);
    let mut moves: Vec<Canonical> = Vec::new();
    let options = Options {
        stop_after: None,
        details: true,
    };
    let (_, end) = judge(record, options, |ply| {
        let Some(json) = written.next() else { return };
        let text = ply
            .detail
            .as_ref()
            .map_or(json.text, |d| d.normalized.as_str());
        let glyph = json.glyph.unwrap_or("");
        let comments = json.comments.iter().map(|c| (*c).to_owned()).collect();
        moves.push((number.flatten(), format!("{text}{glyph}"), comments));
        number = Some(number_before(ply.game.turn(), false));
    });
    let result = match end.as_ref().and_then(|g| g.outcome()) {
        Some(outcome) => outcome.token,
        None => Some("*"),
    };
    let written: Vec<WrittenMove<'_>> = (moves.iter())
        .map(|(number, text, comments)| WrittenMove {
            number: *number,
            text,
            comments,
            ..WrittenMove::default()
        })
        .collect();
    let leading: Vec<String> = (WrittenMoves::leading_comments(record).into_iter())
        .map(str::to_owned)
        .collect();
    write_record_within(width, &tag_order(record, kind), &leading, &written, result)
}

/// The tags in canonical order: `Game` and the common tags, then the
/// game's own, then the rest as written.
fn tag_order(record: &Record, kind: Option<GameKind>) -> Vec<(String, String)> {
    let known: Vec<&str> = (COMMON_TAGS.iter().copied())
        .chain(kind.map_or(&[][..], GameKind::tags).iter().copied())
        .collect();
    let rank = |name: &str| known.iter().position(|k| *k == name).unwrap_or(known.len());
    let mut tags: Vec<(usize, usize, String, String)> = (record.tags.iter().enumerate())
        .map(|(i, t)| (rank(&t.name), i, t.name.to_string(), t.value.to_string()))
        .collect();
    tags.sort();
    tags.into_iter()
        .map(|(_, _, name, value)| (name, value))
        .collect()
}
