//! Atomic saving: a temporary file in the target's directory, fsync, rename.
//!
//! Whatever goes wrong (a full disk, a missing directory, a crash half-way),
//! the target is either its old self or the complete new text, never a
//! truncated file. A symbolic link is written through: its target is
//! replaced, atomically, and the link kept. A FIFO, a device or a socket is
//! refused, and a read-only file unless the save is forced.
//!
//! A temporary file is named `.NAME.PID.N.kifu-tmp`, with NAME cut short so
//! that the whole fits in 255 bytes; one left by a process that died (killed
//! during a save) is removed at the next save into that directory. It is
//! created with the target's permissions (so a private file is never
//! readable by others, not even for a moment) and, where the process may,
//! given the target's owner and group. A file with other hard links is
//! replaced by a new file: the other names keep the old contents.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Why a file could not be saved.
#[derive(Debug, thiserror::Error)]
#[error("cannot save {}: {reason}", .path.display())]
pub struct SaveError {
    /// The file asked for.
    pub path: PathBuf,
    /// Why.
    pub reason: SaveReason,
}

/// Why a file could not be saved, after its name.
#[derive(Debug, thiserror::Error)]
pub enum SaveReason {
    /// The path names no file.
    #[error("not a file name")]
    NotAFileName,
    /// A symbolic link that leads nowhere.
    #[error("it is a symbolic link to a file that does not exist")]
    BrokenLink,
    /// A directory.
    #[error("is a directory")]
    Directory,
    /// A FIFO, a device or a socket.
    #[error("is not a regular file (a FIFO, a device or a socket): it is left alone")]
    NotRegular,
    /// A read-only file, not to be replaced.
    #[error("the file is read-only")]
    ReadOnly,
    /// The file system refused: the reason, said of `dir`.
    #[error("{}", io_reason(.error, .dir))]
    Io {
        /// What failed.
        error: io::Error,
        /// The directory the file is in.
        dir: PathBuf,
    },
    /// What is to be saved cannot be written yet (`kifu play`).
    #[error("{0}")]
    Unwritable(Box<dyn std::error::Error + Send + Sync>),
    /// The text to be saved does not read back as a record.
    #[error("kifu could not read the record back: {}", .0.message)]
    NotReadBack(crate::record::SyntaxError),
}

/// Whether a read-only target may be replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadOnly {
    /// A read-only target is refused.
    Refuse,
    /// A read-only target is replaced (`:save!`).
    Replace,
}

/// Distinguishes the temporary files of one process.
static COUNTER: AtomicU32 = AtomicU32::new(0);

/// The longest file name most file systems take (`NAME_MAX`).
const NAME_MAX: usize = 255;

/// How the names of kifu's temporary files end.
const TEMP_SUFFIX: &str = ".kifu-tmp";

/// Writes `contents` to `path` atomically.
///
/// The bytes go to a new temporary file beside the file, which is flushed
/// to disk and then renamed over it; the directory is synced last. On any
/// error the temporary file is removed and the file is left as it was.
///
/// # Errors
/// A [`SaveError`] naming the file and the reason.
pub fn save_atomic(
    path: &Path,
    contents: impl AsRef<[u8]>,
    read_only: ReadOnly,
) -> Result<(), SaveError> {
    save_atomic_with(path, read_only, |file| file.write_all(contents.as_ref()))
}

/// [`save_atomic`] of what `write` writes, as it writes it: a text of any
/// length is saved in constant memory. An error of `write` abandons the
/// save, the file left as it was.
///
/// # Errors
/// A [`SaveError`] naming the file and the reason (`write`'s error among
/// them).
pub fn save_atomic_with(
    path: &Path,
    read_only: ReadOnly,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), SaveError> {
    let fail = |reason: SaveReason| SaveError {
        path: path.to_owned(),
        reason,
    };
    if path.file_name().is_none() {
        return Err(fail(SaveReason::NotAFileName));
    }
    let target = target_of(path, read_only).map_err(fail)?;
    let (Some(file_name), Some(dir)) = (target.file_name(), target.parent()) else {
        return Err(fail(SaveReason::NotAFileName));
    };
    let dir = if dir.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        dir.to_owned()
    };
    remove_stale_temporaries(&dir);
    let temp = dir.join(temp_name(&file_name.to_string_lossy()));
    let existing = fs::metadata(&target).ok();
    let file = create_temporary(&temp, existing.as_ref()).map_err(|error| {
        fail(SaveReason::Io {
            error,
            dir: dir.clone(),
        })
    })?;
    let written = fill(file, existing.as_ref(), write).and_then(|()| fs::rename(&temp, &target));
    if let Err(error) = written {
        let _ = fs::remove_file(&temp);
        return Err(fail(SaveReason::Io { error, dir }));
    }
    // The rename is done; syncing the directory makes it durable. A failure
    // here (some file systems refuse it) does not undo the save.
    if let Ok(dir) = File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Gives the temporary `file` what [`take_over`] gives it, writes and
/// syncs it, and closes it (it is taken), ready to be renamed.
fn fill(
    mut file: File,
    existing: Option<&fs::Metadata>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    take_over(&file, existing)?;
    write_and_sync(&mut file, write)
}

/// Creates the temporary file `temp`, readable by no more than `existing`
/// (the target's metadata, if it exists) is from its first moment.
#[cfg(unix)]
fn create_temporary(temp: &Path, existing: Option<&fs::Metadata>) -> io::Result<File> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    // A new file gets what the umask leaves of 0666, as any file would.
    let mode = existing.map_or(0o666, |m| m.permissions().mode() & 0o777);
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(mode)
        .open(temp)
}

/// Creates the temporary file `temp`, where files have no modes.
#[cfg(not(unix))]
fn create_temporary(temp: &Path, _existing: Option<&fs::Metadata>) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(temp)
}

/// Gives the temporary `file` the owner and group of `existing` where the
/// process may, and its exact permissions.
#[cfg(unix)]
fn take_over(file: &File, existing: Option<&fs::Metadata>) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    if let Some(meta) = existing {
        let own = file.metadata()?;
        if (own.uid(), own.gid()) != (meta.uid(), meta.gid()) {
            // Only root may give a file away; others keep their own.
            let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
        }
        // After the owner, which clears set-id bits; the umask is undone.
        file.set_permissions(meta.permissions())?;
    }
    Ok(())
}

/// Gives the temporary `file` the permissions of `existing`, where files
/// have no owners.
#[cfg(not(unix))]
fn take_over(file: &File, existing: Option<&fs::Metadata>) -> io::Result<()> {
    match existing {
        Some(meta) => file.set_permissions(meta.permissions()),
        None => Ok(()),
    }
}

/// The file to replace: `path`, or the file a symbolic link leads to. A
/// directory, a FIFO, a device, a socket, a broken link, and a read-only
/// file unless `read_only` allows it, are refused with the reason.
fn target_of(path: &Path, read_only: ReadOnly) -> Result<PathBuf, SaveReason> {
    let link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = match link {
        true => fs::canonicalize(path).map_err(|_| SaveReason::BrokenLink)?,
        false => path.to_owned(),
    };
    let Ok(meta) = fs::metadata(&target) else {
        return Ok(target);
    };
    if meta.is_dir() {
        return Err(SaveReason::Directory);
    }
    if !meta.is_file() {
        return Err(SaveReason::NotRegular);
    }
    if meta.permissions().readonly() && read_only == ReadOnly::Refuse {
        return Err(SaveReason::ReadOnly);
    }
    Ok(target)
}

/// A fresh temporary name for a file named `file_name`, within [`NAME_MAX`].
fn temp_name(file_name: &str) -> String {
    let tail = format!(
        ".{}.{}{TEMP_SUFFIX}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let room = NAME_MAX - 1 - tail.len();
    let mut cut = file_name.len().min(room);
    while !file_name.is_char_boundary(cut) {
        cut -= 1;
    }
    format!(".{}{tail}", &file_name[..cut])
}

/// Removes the temporary files in `dir` left by kifu processes that no
/// longer run. Where processes cannot be looked up (no `/proc`), none is
/// removed.
fn remove_stale_temporaries(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let own = std::process::id();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temp_pid) else {
            continue;
        };
        if pid != own && !Path::new("/proc").join(pid.to_string()).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The process id in the name of one of kifu's temporary files.
fn temp_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(TEMP_SUFFIX)?;
    let mut parts = rest.rsplitn(3, '.');
    let (_counter, pid) = (parts.next()?.parse::<u32>().ok()?, parts.next()?);
    parts.next()?;
    pid.parse().ok()
}

/// Writes the text through a buffer, and syncs it to disk.
fn write_and_sync(
    file: &mut File,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut buffered = io::BufWriter::new(&mut *file);
    write(&mut buffered)?;
    buffered.flush()?;
    drop(buffered);
    file.sync_all()
}

/// A short reason for an I/O error.
fn io_reason(e: &io::Error, dir: &Path) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => format!("no such directory {}", dir.display()),
        io::ErrorKind::NotADirectory => format!("{} is not a directory", dir.display()),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        io::ErrorKind::StorageFull => "no space left on the device".to_owned(),
        io::ErrorKind::IsADirectory => "is a directory".to_owned(),
        io::ErrorKind::AlreadyExists => "its temporary file is in the way".to_owned(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
#[path = "save_tests.rs"]
mod tests;
