//! The files a command line names: each file as given, and the record
//! files under each directory, found as ripgrep finds files.

use super::input::{OpenError, io_reason};
use std::path::{Path, PathBuf};

/// The names a record file has: `.kifu`, plain or compressed.
const RECORD_FILE_ENDINGS: [&str; 5] = [".kifu", ".kifu.gz", ".kifu.zst", ".kifu.bz2", ".kifu.xz"];

/// How directories are walked.
#[derive(Debug, Clone, Copy, Default)]
pub struct DirWalk {
    /// Hidden files and directories (named `.…`) are read too.
    pub hidden: bool,
    /// Symbolic links to directories are walked too.
    pub follow: bool,
}

/// Whether a file's name is that of a record file.
pub fn is_record_file(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy());
    name.is_some_and(|n| RECORD_FILE_ENDINGS.iter().any(|end| n.ends_with(end)))
}

/// The files to read, in order: each path that is not a directory as it
/// is (`-` is standard input), and for each directory the record files
/// under it, at any depth, in sorted path order; none given is standard
/// input. Hidden files and directories and symbolic links to directories
/// under a directory are skipped unless `walk` says otherwise; a path
/// given by name is always read.
///
/// A directory that cannot be read, or holds no record file, stands in
/// the list as the error that says so.
pub fn files(paths: &[PathBuf], walk: DirWalk) -> Vec<Result<PathBuf, OpenError>> {
    if paths.is_empty() {
        return vec![Ok(PathBuf::from("-"))];
    }
    let mut files = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" || !path.is_dir() {
            files.push(Ok(path.clone()));
            continue;
        }
        let before = files.len();
        walk_directory(path, walk, &mut files);
        if files.len() == before {
            files.push(Err(OpenError::NoRecordFile(path.display().to_string())));
        }
    }
    files
}

/// Appends the record files under `directory`, or the errors met there.
fn walk_directory(directory: &Path, walk: DirWalk, files: &mut Vec<Result<PathBuf, OpenError>>) {
    let hidden = |entry: &walkdir::DirEntry| {
        entry.depth() > 0 && entry.file_name().to_string_lossy().starts_with('.')
    };
    let entries = walkdir::WalkDir::new(directory)
        .follow_links(walk.follow)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|entry| walk.hidden || !hidden(entry));
    for entry in entries {
        match entry {
            // A link to a file is read as the file; one to a directory is
            // walked only when following links.
            Ok(entry) if is_record_file(entry.path()) && is_file(&entry) => {
                files.push(Ok(entry.into_path()));
            }
            Ok(_) => {}
            Err(error) => {
                let name = (error.path()).map_or_else(
                    || directory.display().to_string(),
                    |p| p.display().to_string(),
                );
                let reason = match (error.loop_ancestor(), error.io_error()) {
                    (Some(ancestor), _) => {
                        format!("a link loop back to {}", ancestor.display())
                    }
                    (None, Some(io)) => io_reason(io),
                    (None, None) => error.to_string(),
                };
                files.push(Err(OpenError::DirWalk { name, reason }));
            }
        }
    }
}

/// Whether the entry is a file, or a link to one.
fn is_file(entry: &walkdir::DirEntry) -> bool {
    entry.file_type().is_file() || (entry.path_is_symlink() && entry.path().is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_files_end_in_kifu_plain_or_compressed() {
        for name in [
            "a.kifu",
            "dir/b.kifu.gz",
            "c.kifu.zst",
            "d.kifu.bz2",
            "e.kifu.xz",
        ] {
            assert!(is_record_file(Path::new(name)), "{name}");
        }
        for name in ["a.json", "kifu", "a.kifu.txt", "a.verdict", "a.kifux"] {
            assert!(!is_record_file(Path::new(name)), "{name}");
        }
    }
}
