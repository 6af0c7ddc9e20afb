//! The files of a match: openings to start from, records to count
//! (`--report`, `--resume`), and the `--out` file games are appended to.

use super::super::Status;
use super::super::files::{for_each_file, for_each_record, named};
use super::error::{MatchError, RecordReason};
use crate::collection::input::io_reason;
use crate::game::GameKind;
use crate::model::GameResult;
use crate::record::{RawRecord, Record};
use crate::referee::game_of;
use crate::tournament::{Opening, result_of_record};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The results of the match records of `files`; a record that cannot be
/// counted is told on standard error, and makes the status 1.
pub(super) fn read_results(files: &[PathBuf]) -> (Vec<GameResult>, Status) {
    let mut results = Vec::new();
    let status = for_each_record(named(files), |name, record| {
        let counted = record
            .map_err(RecordReason::from)
            .and_then(|r| result_of_record(&r).map_err(RecordReason::Refused));
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

/// The rounds and results of the games already in `path`, for
/// `--resume`; no file, or an empty one (a match stopped before its first
/// game ended), is no game yet.
///
/// A last record that cannot be counted is taken for one torn by a match
/// stopped while writing it (killed, or its disk full): it is cut off the
/// file, said on standard error, and its game is played again.
///
/// # Errors
/// A record before the last that is no game of this match: the match
/// cannot go on from a file it would make invalid.
pub(super) fn resume(
    path: &Path,
    kind: GameKind,
) -> Result<(HashSet<usize>, Vec<GameResult>), MatchError> {
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
                    let result = result_of_record(&record).map_err(RecordReason::Refused)?;
                    Ok((round, result))
                });
            match counted {
                Ok((round, result)) if rounds.insert(round) => results.push(result),
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

/// The openings of `path`: every record, valid and of one game (`game`
/// when given).
///
/// # Errors
/// The first record that cannot open games, or a file with none.
pub(super) fn openings(path: &Path, game: Option<GameKind>) -> Result<Vec<Opening>, MatchError> {
    let mut openings: Vec<Opening> = Vec::new();
    let mut trouble = None;
    let status = for_each_record(named(&[path.to_path_buf()]), |name, record| {
        let opening = record.map_err(RecordReason::from).and_then(|record| {
            let line = record.first_line();
            let opening = Opening::of_record(&record).map_err(RecordReason::Refused)?;
            let kind = opening.start.kind();
            let wanted = game.or_else(|| openings.first().map(|o| o.start.kind()));
            match wanted {
                Some(wanted) if wanted != kind => {
                    Err(RecordReason::OtherGame { line, kind, wanted })
                }
                _ => Ok(opening),
            }
        });
        match opening {
            Ok(opening) => openings.push(opening),
            Err(reason) => trouble = trouble.take().or(Some((name.to_owned(), reason))),
        }
        Ok(Status::Ok)
    });
    match (trouble, status) {
        (Some((file, reason)), _) => Err(MatchError::Openings { file, reason }),
        (None, Ok(Status::Ok)) => Ok(openings),
        (None, _) => Err(MatchError::NoOpenings(path.to_path_buf())),
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
