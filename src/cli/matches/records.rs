//! The files of a match: openings to start from, records to count
//! (`--report`, `--resume`), and the `--out` file games are appended to.

use super::super::Status;
use super::super::files::{for_each_record, named};
use super::error::{MatchError, RecordReason};
use crate::collection::input::io_reason;
use crate::game::GameKind;
use crate::model::GameResult;
use crate::record::Record;
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
/// `--resume`; no file is no game yet.
///
/// # Errors
/// A record that is no game of this match: the match cannot go on from
/// a file it would make invalid.
pub(super) fn resume(
    path: &Path,
    kind: GameKind,
) -> Result<(HashSet<usize>, Vec<GameResult>), MatchError> {
    let (mut rounds, mut results) = (HashSet::new(), Vec::new());
    if !path.exists() {
        return Ok((rounds, results));
    }
    let mut trouble = None;
    let status = for_each_record(named(&[path.to_path_buf()]), |name, record| {
        let counted = record.map_err(RecordReason::from).and_then(|record| {
            let round = round_of(&record, kind)?;
            Ok((
                round,
                result_of_record(&record).map_err(RecordReason::Refused)?,
            ))
        });
        let at = |reason| (name.to_owned(), reason);
        match counted {
            Ok((round, result)) if rounds.insert(round) => results.push(result),
            Ok((round, _)) => trouble = Some(at(RecordReason::Twice(round))),
            Err(reason) => trouble = trouble.take().or(Some(at(reason))),
        }
        Ok(Status::Ok)
    });
    match (trouble, status) {
        (Some((file, reason)), _) => Err(MatchError::Resume { file, reason }),
        (None, Ok(Status::Ok)) => Ok((rounds, results)),
        (None, _) => Err(MatchError::Unresumable(path.to_path_buf())),
    }
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

/// The `--out` file, which every game is appended to, in one write, as
/// soon as it ends: an interrupted match loses no finished game.
#[derive(Debug)]
pub(super) struct Output {
    file: File,
    path: PathBuf,
    empty: bool,
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
        let empty = file.metadata().map_or(true, |m| m.len() == 0);
        Ok(Output {
            file,
            path: path.to_path_buf(),
            empty,
        })
    }

    /// Appends a record, after a blank line unless it is the first.
    ///
    /// # Errors
    /// Why it could not be written.
    pub(super) fn append(&mut self, record: &str) -> Result<(), MatchError> {
        let text = match self.empty {
            true => record.to_owned(),
            false => format!("\n{record}"),
        };
        (self.file.write_all(text.as_bytes()))
            .and_then(|()| self.file.flush())
            .map_err(|e| MatchError::Unwritten {
                path: self.path.clone(),
                reason: io_reason(&e),
            })?;
        self.empty = false;
        Ok(())
    }
}
