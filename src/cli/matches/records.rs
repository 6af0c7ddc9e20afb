//! The files of a match: openings to start from, records to count
//! (`--report`, `--resume`), and the `--out` file games are appended to.

use super::super::Status;
use super::super::files::{for_each_file, for_each_record, named, open};
use super::error::{MatchError, RecordReason};
use crate::collection::input::io_reason;
use crate::game::GameKind;
use crate::model::GameResult;
use crate::record::{RawRecord, Record, RecordReader, SyntaxError};
use crate::referee::game_of;
use crate::tournament::{Opening, result_of_record};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The results of the match records of `files`; a record that cannot be
/// counted is told on standard error, and makes the status 1.
pub(super) fn read_results(files: &[PathBuf]) -> (Vec<GameResult>, Status) {
    let mut results = Vec::new();
    let status = for_each_record(named(files), |name, record| {
        let counted = record
            .map_err(RecordReason::from)
            .and_then(|r| result_of_record(&r).map_err(RecordReason::Result));
        match counted {
            Ok(result) => {
                results.push(result);
                Ok(Status::Ok)
            }
            Err(reason) => {
                say!("kifu: {name}:{reason} (not counted)");
                Ok(Status::Invalid)
            }
        }
    });
    (results, status.unwrap_or(Status::Trouble))
}

/// The games of `--out` already played, each with its round.
pub(super) type Resumed = Vec<(usize, GameResult)>;

/// The rounds of the games already in `path`, and each one's round and
/// result in the file's order, for `--resume`; no file, or an empty one
/// (a match stopped before its first game ended), is no game yet.
///
/// A last record that cannot be counted is taken for one torn by a match
/// stopped while writing it (killed, or its disk full): it is cut off the
/// file, said on standard error, and its game is played again.
///
/// # Errors
/// A record before the last that is no game of this match: the match
/// cannot go on from a file it would make invalid.
pub(super) fn resume(path: &Path, kind: GameKind) -> Result<(HashSet<usize>, Resumed), MatchError> {
    let (mut rounds, mut results) = (HashSet::new(), Vec::new());
    if std::fs::metadata(path).map_or(true, |m| m.len() == 0) {
        return Ok((rounds, results));
    }
    // The record that could not be counted, with its first line: an error
    // unless it is the last.
    let mut failed: Option<(usize, String, RecordReason)> = None;
    let mut trouble = None;
    let status = for_each_file(named(&[path.to_path_buf()]), |name, records| {
        while let Some(raw) = records.next_raw()? {
            if let Some((_, file, reason)) = failed.take() {
                trouble.get_or_insert((file, reason));
            }
            let first_line = raw
                .as_ref()
                .map_or_else(|e| e.location.line, |r| r.first_line);
            let counted = raw
                .and_then(RawRecord::parse)
                .map_err(RecordReason::from)
                .and_then(|record| {
                    let round = round_of(&record, kind)?;
                    let result = result_of_record(&record).map_err(RecordReason::Result)?;
                    Ok((round, result))
                });
            match counted {
                Ok((round, result)) if rounds.insert(round) => results.push((round, result)),
                Ok((round, _)) => {
                    trouble.get_or_insert((name.to_owned(), RecordReason::Twice(round)));
                }
                Err(reason) => failed = Some((first_line, name.to_owned(), reason)),
            }
        }
        Ok(Status::Ok)
    });
    if let Some((file, reason)) = trouble {
        return Err(MatchError::Resume { file, reason });
    }
    if status.is_err() || status.is_ok_and(|s| s != Status::Ok) {
        return Err(MatchError::Unresumable(path.to_path_buf()));
    }
    if let Some((line, file, reason)) = failed {
        cut_torn_record(path, line).map_err(|e| MatchError::OutUnopened {
            path: path.to_path_buf(),
            reason: io_reason(&e),
        })?;
        say!(
            "kifu: {file}:{reason}: taken for the last record torn by a match stopped while writing it: it is cut off, and its game is played again"
        );
    }
    Ok((rounds, results))
}

/// Cuts `path` off before its line `line` (counted from 1), and the blank
/// lines before it.
fn cut_torn_record(path: &Path, line: usize) -> std::io::Result<()> {
    use std::io::BufRead;
    let mut input = std::io::BufReader::new(File::open(path)?);
    let (mut at, mut kept) = (0u64, 0u64);
    let mut text = Vec::new();
    for _ in 1..line {
        text.clear();
        let read = input.read_until(b'\n', &mut text)?;
        if read == 0 {
            break;
        }
        at += read as u64;
        if text.iter().any(|b| !b.is_ascii_whitespace()) {
            kept = at;
        }
    }
    let file = OpenOptions::new().write(true).open(path)?;
    file.set_len(kept)?;
    file.sync_data()
}

/// The `Round` of a record of a match of `kind`.
fn round_of(record: &Record, kind: GameKind) -> Result<usize, RecordReason> {
    let line = record.first_line();
    if game_of(record) != Some(kind) {
        return Err(RecordReason::NotOfGame { line, kind });
    }
    (record.tag("Round"))
        .and_then(|round| round.parse().ok())
        .ok_or(RecordReason::NoRound { line })
}

/// The openings of `--openings`: checked whole once, and then read again
/// as the games need them ([`OpeningReader`]), so that memory holds one
/// opening, whatever the size of the files.
#[derive(Debug)]
pub(super) struct OpeningFile {
    /// The files, in order.
    files: Vec<PathBuf>,
    /// How many openings they hold.
    pub count: usize,
    /// The first: the match's game and seats.
    pub first: Opening,
}

/// The openings of `path`: every record, valid and of one game (`game`
/// when given). Only regular files are taken, since they are read again.
///
/// # Errors
/// A path that is not a file, the first record that cannot open games, or
/// a file with none.
pub(super) fn openings(path: &Path, game: Option<GameKind>) -> Result<OpeningFile, MatchError> {
    let files = named(&[path.to_path_buf()]);
    let mut paths = Vec::new();
    for file in files.iter().flatten() {
        if !std::fs::metadata(file).is_ok_and(|m| m.is_file()) {
            return Err(MatchError::OpeningsNotAFile(file.clone()));
        }
        paths.push(file.clone());
    }
    let (mut first, mut count): (Option<Opening>, usize) = (None, 0);
    let mut trouble = None;
    let status = for_each_record(files, |name, record| {
        let wanted = game.or_else(|| first.as_ref().map(|o| o.start.kind()));
        match opening_of(record, wanted) {
            Ok(opening) => {
                count += 1;
                first.get_or_insert(opening);
            }
            Err(reason) => trouble = trouble.take().or(Some((name.to_owned(), reason))),
        }
        Ok(Status::Ok)
    });
    match (trouble, status, first) {
        (Some((file, reason)), _, _) => Err(MatchError::Openings { file, reason }),
        (None, Ok(Status::Ok), Some(first)) => Ok(OpeningFile {
            files: paths,
            count,
            first,
        }),
        (None, _, _) => Err(MatchError::NoOpenings(path.to_path_buf())),
    }
}

/// The opening of a record of `--openings`, whose game must be `wanted`
/// when that is known.
fn opening_of(
    record: Result<Record, SyntaxError>,
    wanted: Option<GameKind>,
) -> Result<Opening, RecordReason> {
    let record = record?;
    let line = record.first_line();
    let opening = Opening::of_record(&record).map_err(RecordReason::Opening)?;
    let kind = opening.start.kind();
    match wanted {
        Some(wanted) if wanted != kind => Err(RecordReason::OtherGame { line, kind, wanted }),
        _ => Ok(opening),
    }
}

/// Reads the openings of an [`OpeningFile`] in the order of the schedule:
/// opening `i` is the one before again, or is read by going on from it, or,
/// when the schedule comes back to an earlier one, from the first file
/// again.
pub(super) struct OpeningReader<'a> {
    of: &'a OpeningFile,
    /// The files not yet opened.
    files: std::slice::Iter<'a, PathBuf>,
    /// The file being read, and its name.
    reader: Option<(String, RecordReader<Box<dyn BufRead + Send>>)>,
    /// The index of the next record the reader gives.
    next: usize,
    /// The opening given last, and its index.
    last: Option<(usize, Opening)>,
}

impl std::fmt::Debug for OpeningReader<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpeningReader")
            .field("next", &self.next)
            .finish_non_exhaustive()
    }
}

impl<'a> OpeningReader<'a> {
    /// A reader of `of`'s openings, from its first.
    pub(super) fn new(of: &'a OpeningFile) -> Self {
        OpeningReader {
            of,
            files: of.files.iter(),
            reader: None,
            next: 0,
            last: None,
        }
    }

    /// Opening `index`, from 0.
    ///
    /// # Errors
    /// The files changed since they were checked: a record no longer
    /// opens games, or is no longer there.
    pub(super) fn get(&mut self, index: usize) -> Result<Opening, MatchError> {
        if let Some((at, opening)) = &self.last {
            if *at == index {
                return Ok(opening.clone());
            }
        }
        if index < self.next {
            *self = OpeningReader::new(self.of);
        }
        while self.next <= index {
            let opening = self.read_next()?;
            self.next += 1;
            self.last = Some((self.next - 1, opening));
        }
        match &self.last {
            Some((_, opening)) => Ok(opening.clone()),
            None => Err(MatchError::OpeningsChanged),
        }
    }

    /// The next record's opening, in this file or the ones after it.
    fn read_next(&mut self) -> Result<Opening, MatchError> {
        let wanted = Some(self.of.first.start.kind());
        loop {
            if let Some((name, reader)) = &mut self.reader {
                let failed = |reason| MatchError::Openings {
                    file: name.clone(),
                    reason,
                };
                match reader.next() {
                    Some(Ok(record)) => return opening_of(record, wanted).map_err(failed),
                    Some(Err(e)) => {
                        return Err(MatchError::OpeningsUnread {
                            file: name.clone(),
                            reason: io_reason(&e),
                        });
                    }
                    None => self.reader = None,
                }
            }
            let path = self.files.next().ok_or(MatchError::OpeningsChanged)?;
            let (name, input) = open(path).map_err(|e| MatchError::OpeningsUnread {
                file: path.display().to_string(),
                reason: e.to_string(),
            })?;
            self.reader = Some((name, RecordReader::new(input)));
        }
    }
}

/// The `--out` file, which every game is appended to, whole or not at
/// all, as soon as it ends: an interrupted match loses no finished game,
/// and a failed write (a full disk) leaves no part of a record.
#[derive(Debug)]
pub(super) struct Output {
    file: File,
    path: PathBuf,
    /// The length of the file: where the next record goes.
    len: u64,
}

impl Output {
    /// Opens `path` to append to it: a new file, or, with `resume`, the
    /// file of the games so far. An existing file is never overwritten.
    ///
    /// # Errors
    /// A file that exists without `resume`, or cannot be opened.
    pub(super) fn open(path: &Path, resume: bool) -> Result<Output, MatchError> {
        let file = OpenOptions::new()
            .append(true)
            .create(resume)
            .create_new(!resume)
            .open(path)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::AlreadyExists => MatchError::OutExists(path.to_path_buf()),
                _ => MatchError::OutUnopened {
                    path: path.to_path_buf(),
                    reason: io_reason(&e),
                },
            })?;
        let len = file.metadata().map_or(0, |m| m.len());
        Ok(Output {
            file,
            path: path.to_path_buf(),
            len,
        })
    }

    /// Appends a record, after a blank line unless it is the first, and
    /// syncs it to disk; when that fails, the file is cut back to where it
    /// was.
    ///
    /// # Errors
    /// Why it could not be written.
    pub(super) fn append(&mut self, record: &str) -> Result<(), MatchError> {
        let text = match self.len {
            0 => record.to_owned(),
            _ => format!("\n{record}"),
        };
        let written = (self.file.write_all(text.as_bytes())).and_then(|()| self.file.sync_data());
        if let Err(e) = written {
            let _ = self.file.set_len(self.len);
            return Err(MatchError::Unwritten {
                path: self.path.clone(),
                reason: io_reason(&e),
            });
        }
        self.len += text.len() as u64;
        Ok(())
    }
}
