//! `:load` and `:save`: the game's file, and writing the record to it.
//!
//! The game's file is the one loaded or last saved: `:save` with no name
//! writes it, and `:save FILE` over any other existing file asks first on
//! a terminal, or needs `:save! FILE`.

use super::guard::Pending;
use super::record::{LoadError, Loaded};
use super::show::length;
use super::{Outputs, ReadOnly, Reply, SaveError, SaveReason, Session, save_atomic};
use crate::draw::Charset;
use crate::game::GameKind;
use crate::record::{RecordReader, check_readable};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The file a game was loaded from or last saved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GameFile {
    /// The name as the user gave it.
    path: PathBuf,
    /// The file it names, links resolved, when it could be found.
    real: Option<PathBuf>,
}

impl GameFile {
    /// The file `path` names now.
    pub(crate) fn of(path: &Path) -> GameFile {
        GameFile {
            path: path.to_owned(),
            real: fs::canonicalize(path).ok(),
        }
    }

    /// Whether `path` names this file.
    fn is(&self, path: &Path) -> bool {
        self.path == path || fs::canonicalize(path).is_ok_and(|p| self.real.as_ref() == Some(&p))
    }
}

impl Session {
    /// `:load FILE` (once allowed): replaces the session with the file's
    /// first record. An invalid record is played up to its fault, which is
    /// shown, so that the game can be fixed from there.
    ///
    /// # Errors
    /// Failures to write.
    pub(super) fn load(&mut self, path: &Path, io: &mut Outputs<'_>) -> io::Result<Reply> {
        match load(path, None, self.charset) {
            Ok(Loaded { session, fault }) => {
                *self = Session {
                    colour: self.colour,
                    opponent: self.opponent.take(),
                    movetime: self.movetime,
                    cp_said: self.cp_said,
                    ..session
                };
                let moves = length(self.kind, self.game(), self.moves().len());
                match fault {
                    Some(fault) => {
                        io.refuse(&fault)?;
                        writeln!(
                            io.out,
                            "Loaded {}: {moves}, up to the fault; the game goes on from there",
                            path.display()
                        )?;
                    }
                    None => writeln!(io.out, "Loaded {}: {moves}", path.display())?,
                }
                self.show(io.out)?;
                Ok(Reply::DONE)
            }
            Err(e) => io.refuse(&e),
        }
    }

    /// `:save [FILE]` and `:save! [FILE]`: the game's file by default; an
    /// existing file that is not the game's only when forced or agreed.
    ///
    /// # Errors
    /// Failures to write.
    pub(super) fn save_command(
        &mut self,
        path: Option<PathBuf>,
        forced: bool,
        io: &mut Outputs<'_>,
    ) -> io::Result<Reply> {
        let given = path.is_some();
        let Some(path) = path.or_else(|| self.file.as_ref().map(|f| f.path.clone())) else {
            return io.refuse("no file to save to yet: :save FILE names one");
        };
        let other = given
            // A read-only file is refused as such, by `save_atomic`.
            && fs::metadata(&path).is_ok_and(|m| m.is_file() && !m.permissions().readonly())
            && !self.file.as_ref().is_some_and(|f| f.is(&path));
        if forced {
            return self.save(&path, ReadOnly::Replace, io);
        }
        if !other {
            return self.save(&path, ReadOnly::Refuse, io);
        }
        if io.terminal {
            self.pending = Some(Pending::Save(path));
            return Ok(Reply::ASKS);
        }
        io.refuse(format_args!(
            "cannot save {0}: the file exists, and this game was neither loaded from it nor saved to it (:save! {0} replaces it)",
            path.display()
        ))
    }

    /// Writes the record to `path` atomically; it becomes the game's file.
    ///
    /// # Errors
    /// Failures to write.
    pub(super) fn save(
        &mut self,
        path: &Path,
        read_only: ReadOnly,
        io: &mut Outputs<'_>,
    ) -> io::Result<Reply> {
        let saved = (self.record_text(true))
            .map_err(|e| SaveReason::Unwritable(Box::new(e)))
            .and_then(|text| match check_readable(&text) {
                Ok(()) => Ok(text),
                Err(e) => Err(SaveReason::NotReadBack(e)),
            })
            .map_err(|reason| SaveError {
                path: path.to_owned(),
                reason,
            })
            .and_then(|text| save_atomic(path, &text, read_only));
        match saved {
            Ok(()) => {
                self.file = Some(GameFile::of(path));
                self.fault = false;
                self.mark_saved();
                writeln!(
                    io.out,
                    "Saved {} ({})",
                    path.display(),
                    length(self.kind, self.game(), self.moves().len())
                )?;
                Ok(Reply::DONE)
            }
            Err(
                e @ SaveError {
                    reason: SaveReason::ReadOnly,
                    ..
                },
            ) => io.refuse(format_args!("{e} (:save! replaces it)")),
            Err(e) => io.refuse(e),
        }
    }
}

/// Reads the first record of a file and makes a session of it; when `kind`
/// is given the record must be of that game. The file becomes the game's
/// file (which `:save` writes) unless it is standard input, compressed, or
/// holds more records than the first, which a save would lose.
///
/// # Errors
/// A [`LoadError`]: an unreadable file, or a record that does not start
/// a game.
pub(super) fn load(
    path: &Path,
    kind: Option<GameKind>,
    charset: Charset,
) -> Result<Loaded, LoadError> {
    let input = crate::collection::input::open(path)?;
    let name = input.name;
    let mut records = RecordReader::new(input.text);
    let record = match records.next() {
        None => return Err(LoadError::Empty(name)),
        Some(Err(error)) => return Err(LoadError::Input { name, error }),
        Some(Ok(Err(error))) => return Err(LoadError::Syntax { name, error }),
        Some(Ok(Ok(record))) => record,
    };
    let (mut session, fault) = Session::from_record(&record, &name, charset)?;
    if let Some(wanted) = kind.filter(|&k| k != session.kind) {
        return Err(LoadError::OtherGame {
            name,
            found: session.kind,
            wanted,
        });
    }
    let alone = records.next().is_none();
    if alone && path.as_os_str() != "-" && !compressed(path) {
        session.file = Some(GameFile::of(path));
    }
    Ok(Loaded { session, fault })
}

/// Whether the file at `path` starts like a compressed stream.
fn compressed(path: &Path) -> bool {
    let mut head = [0u8; 8];
    let read = std::fs::File::open(path).and_then(|mut f| f.read(&mut head));
    read.is_ok_and(|n| crate::collection::input::is_compressed(head.get(..n).unwrap_or_default()))
}
