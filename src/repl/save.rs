//! Atomic saving: a temporary file in the target's directory, fsync, rename.
//!
//! Whatever goes wrong (a full disk, a missing directory, a crash half-way),
//! the target is either its old self or the complete new text, never a
//! truncated file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Why a file could not be saved.
#[derive(Debug, thiserror::Error)]
#[error("cannot save {}: {reason}", .path.display())]
pub(crate) struct SaveError {
    /// The file asked for.
    pub path: PathBuf,
    /// Why, in words.
    pub reason: String,
}

/// Distinguishes the temporary files of one process.
static COUNTER: AtomicU32 = AtomicU32::new(0);

/// Writes `contents` to `path` atomically.
///
/// The bytes go to a new temporary file beside `path`, which is flushed to
/// disk and then renamed over `path`; the directory is synced last. On any
/// error the temporary file is removed and `path` is left as it was.
///
/// # Errors
/// A [`SaveError`] naming the file and the reason.
pub(crate) fn save_atomic(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), SaveError> {
    let fail = |reason: String| SaveError {
        path: path.to_owned(),
        reason,
    };
    let Some(file_name) = path.file_name() else {
        return Err(fail("not a file name".into()));
    };
    if path.is_dir() {
        return Err(fail("is a directory".into()));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    };
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(file_name);
    temp_name.push(format!(
        ".{}.{}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let temp = dir.join(temp_name);
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .map_err(|e| fail(reason(&e, &dir)))?;
    let written = write_and_sync(&mut file, path, contents.as_ref()).and_then(|()| {
        drop(file);
        fs::rename(&temp, path)
    });
    if let Err(e) = written {
        let _ = fs::remove_file(&temp);
        return Err(fail(reason(&e, &dir)));
    }
    // The rename is done; syncing the directory makes it durable. A failure
    // here (some file systems refuse it) does not undo the save.
    if let Ok(dir) = File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Writes the text, keeps an existing file's permissions, and syncs.
fn write_and_sync(file: &mut File, path: &Path, contents: &[u8]) -> io::Result<()> {
    if let Ok(meta) = fs::metadata(path) {
        file.set_permissions(meta.permissions())?;
    }
    file.write_all(contents)?;
    file.flush()?;
    file.sync_all()
}

/// A short reason for an I/O error.
fn reason(e: &io::Error, dir: &Path) -> String {
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
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "kifu-save-{}-{name}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        assert!(fs::create_dir_all(&dir).is_ok());
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .map(|it| {
                it.filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    #[test]
    fn saves_and_replaces_leaving_no_temporary_file() {
        let dir = scratch("replace");
        let target = dir.join("game.kifu");
        assert!(save_atomic(&target, "one\n").is_ok());
        assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("one\n"));
        assert!(save_atomic(&target, "two\n").is_ok());
        assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("two\n"));
        assert_eq!(entries(&dir), ["game.kifu"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_directory_is_a_clear_error() {
        let dir = scratch("missing");
        let target = dir.join("nowhere").join("game.kifu");
        let message = save_atomic(&target, "x").map_err(|e| e.to_string());
        let expected = format!(
            "cannot save {}: no such directory {}",
            target.display(),
            dir.join("nowhere").display()
        );
        assert_eq!(message, Err(expected));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_in_place_of_the_directory_fails_and_harms_nothing() {
        let dir = scratch("notdir");
        let blocker = dir.join("plain");
        assert!(fs::write(&blocker, "keep me").is_ok());
        let result = save_atomic(&blocker.join("game.kifu"), "x");
        let expected = format!(
            "cannot save {}: {} is not a directory",
            blocker.join("game.kifu").display(),
            blocker.display()
        );
        assert_eq!(result.map_err(|e| e.to_string()), Err(expected));
        assert_eq!(
            fs::read_to_string(&blocker).ok().as_deref(),
            Some("keep me")
        );
        assert_eq!(entries(&dir), ["plain"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_directory_as_target_is_refused_and_kept() {
        let dir = scratch("isdir");
        let target = dir.join("sub");
        assert!(fs::create_dir(&target).is_ok());
        let message = save_atomic(&target, "x").map_err(|e| e.to_string());
        assert_eq!(
            message,
            Err(format!("cannot save {}: is a directory", target.display()))
        );
        assert!(target.is_dir());
        assert_eq!(entries(&dir), ["sub"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn paths_without_a_file_name_are_refused() {
        let refused = |path: &str| save_atomic(Path::new(path), "x").map_err(|e| e.to_string());
        assert_eq!(refused(""), Err("cannot save : not a file name".into()));
        assert_eq!(refused(".."), Err("cannot save ..: not a file name".into()));
    }
}
