//! The files the server may read and write: those named on its command
//! line, and the record files under the directories named, listed once at
//! its start. A request names a file by its index in the list, never by
//! a path; the file is opened by the canonical path found at the start,
//! and refused if that path now leads elsewhere.

use super::error::ApiError;
use crate::collection::input::{OpenError, io_reason, is_compressed};
use crate::collection::paths::{DirWalk, files};
use crate::model::writer::JsonWriter;
use crate::model::{RecordSchema, UnreadJson, record_json};
use crate::play::{ReadOnly, save_atomic};
use crate::record::RecordReader;
use crate::referee::Verdict;
use axum::http::StatusCode;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

/// The most records a page of `GET /api/files/{i}` gives.
pub(super) const PAGE_RECORDS: usize = 100;

/// The size of records' JSON past which a page takes no more records
/// (it gives one at least).
pub(super) const PAGE_BYTES: usize = 1 << 20;

/// A file the server may read and write.
#[derive(Debug, Clone)]
struct Named {
    /// Its name as `kifu validate` writes it: under the name given.
    name: String,
    /// Its canonical path, or for a file not yet there the path given.
    path: PathBuf,
}

/// The files the server may read and write, in the order found.
#[derive(Debug, Default)]
pub(super) struct Files {
    list: Vec<Named>,
    /// Each file's count of records with the length and time of change
    /// it was counted at: a listing counts only the files changed since
    /// (a collection of 10,000 records, 4.8 MB, takes 4 ms to count).
    counts: std::sync::Mutex<Vec<Option<Counted>>>,
    /// Each file's lock, held from reading a file to renaming its new
    /// text over it: saves to one file, of games and of records open,
    /// follow one another, so that none writes over another's.
    writing: Vec<std::sync::Mutex<()>>,
}

/// A count of records, and the file's length and time of change then.
#[derive(Debug, Clone, Copy)]
struct Counted {
    len: u64,
    modified: Option<std::time::SystemTime>,
    records: usize,
}

/// A file in `GET /api/files`.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(super) struct FileJson<'a> {
    /// Its index: the name requests give it.
    index: usize,
    /// Its name, under the file or directory named.
    name: &'a str,
    /// Whether it is there yet (a file named may be created by a save).
    exists: bool,
    /// How many records it holds; none when it cannot be read.
    records: Option<usize>,
}

/// A page of a file's records, as [`Files::records_json`] writes it: for
/// its JSON Schema only.
#[derive(schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
#[expect(
    dead_code,
    reason = "it describes records_json's answer, and is never built"
)]
pub(super) struct RecordsPage {
    /// The file's index.
    index: usize,
    /// The file's name.
    name: String,
    /// The records of the page, each as `kifu json` writes it.
    records: Vec<PageRecord>,
    /// The number of the first record left for another page; none at the
    /// end.
    next: Option<usize>,
}

/// A record of a page: read, or why it cannot be.
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[expect(
    dead_code,
    reason = "it describes records_json's answer, and is never built"
)]
enum PageRecord {
    /// A record, as `kifu json` writes it.
    Read(RecordSchema<'static>),
    /// A record that cannot be read.
    Unread(UnreadJson<'static>),
}

/// What a save left in a file, to know it again at the next save of the
/// same game: the length of the file's bytes kept before the game's
/// record (the blank line between them not counted), and the length and
/// hash of the whole text written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Saved {
    kept: usize,
    len: usize,
    hash: u64,
}

fn hash_of(bytes: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// Why a file or directory named cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum FilesError {
    /// A path that names no file.
    #[error("{}: not a file name", .0.display())]
    NotAFileName(PathBuf),
    /// A path that names something other than a plain file or a
    /// directory (a FIFO, a device), which reading could block on.
    #[error("{}: not a plain file or a directory", .0.display())]
    NotAPlainFile(PathBuf),
    /// A file whose directory is not there.
    #[error("{}: its directory: {}", .path.display(), io_reason(.error))]
    NoDirectory {
        /// The file.
        path: PathBuf,
        /// Why its directory has no canonical path.
        error: io::Error,
    },
    /// A directory that has no canonical path.
    #[error("{}: {}", .path.display(), io_reason(.error))]
    Unresolved {
        /// The directory.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A directory, or a file under it, that cannot be walked.
    #[error(transparent)]
    Walk(#[from] OpenError),
}

impl Files {
    /// The files of `paths`: each file as named (it may not exist yet,
    /// to be created by a save, if its directory does), and the record
    /// files under each directory, without hidden files or links to
    /// directories, without what is not a plain file (a FIFO), and without
    /// the files whose canonical path leaves the directory (a symbolic link
    /// pointing outside).
    ///
    /// # Errors
    /// A directory that cannot be walked, a file whose directory is not
    /// there, or a path named that is neither a plain file nor a directory.
    pub(super) fn list(paths: &[PathBuf]) -> Result<Self, FilesError> {
        let mut list = Vec::new();
        for path in paths {
            let kind = std::fs::metadata(path).map(|meta| meta.file_type());
            if kind
                .as_ref()
                .is_ok_and(|kind| !kind.is_file() && !kind.is_dir())
            {
                return Err(FilesError::NotAPlainFile(path.clone()));
            }
            if !path.is_dir() {
                list.push(Named {
                    name: path.display().to_string(),
                    path: canonical_file(path)?,
                });
                continue;
            }
            let root = path
                .canonicalize()
                .map_err(|error| FilesError::Unresolved {
                    path: path.clone(),
                    error,
                })?;
            for found in files(std::slice::from_ref(path), DirWalk::default()) {
                let found = found?;
                let Ok(canonical) = found.canonicalize() else {
                    continue;
                };
                if !canonical.metadata().is_ok_and(|meta| meta.is_file()) {
                    continue;
                }
                if canonical.starts_with(&root) {
                    list.push(Named {
                        name: found.display().to_string(),
                        path: canonical,
                    });
                }
            }
        }
        let counts = std::sync::Mutex::new(vec![None; list.len()]);
        let writing = list.iter().map(|_| std::sync::Mutex::new(())).collect();
        Ok(Self {
            list,
            counts,
            writing,
        })
    }

    /// Every file, for `GET /api/files`.
    pub(super) fn listing(&self) -> Vec<FileJson<'_>> {
        (self.list.iter().enumerate())
            .map(|(index, named)| {
                let exists = named.path.exists();
                FileJson {
                    index,
                    name: &named.name,
                    exists,
                    records: exists.then(|| self.count_of(index)).flatten(),
                }
            })
            .collect()
    }

    /// How many records file `index` holds, if it can be read. The file
    /// is counted outside the lock of the counts, so that no slow file
    /// holds up another's count.
    pub(super) fn count_of(&self, index: usize) -> Option<usize> {
        let named = self.list.get(index)?;
        let meta = std::fs::metadata(&named.path).ok()?;
        if !meta.is_file() {
            return None;
        }
        let (len, modified) = (meta.len(), meta.modified().ok());
        let counts = || (self.counts.lock()).unwrap_or_else(std::sync::PoisonError::into_inner);
        let known = counts().get(index).copied().flatten();
        if let Some(known) = known.filter(|k| k.len == len && k.modified == modified) {
            return Some(known.records);
        }
        let records = count(&named.path).ok()?;
        if let Some(slot) = counts().get_mut(index) {
            *slot = Some(Counted {
                len,
                modified,
                records,
            });
        }
        Some(records)
    }

    /// The file of index `index`, as the request wrote it.
    ///
    /// # Errors
    /// 404 for an index that names no file.
    fn named(&self, index: &str) -> Result<(usize, &Named), ApiError> {
        let found = (index.parse::<usize>().ok()).and_then(|i| Some((i, self.list.get(i)?)));
        found.ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "serve.no-file",
                "no such file: files are named by their index in /api/files".to_owned(),
            )
        })
    }

    /// The JSON of a page of the records of file `index`: from the
    /// `from`th (0 the first), at most `count` of them and never more than
    /// [`PAGE_RECORDS`], nor more once the page passes [`PAGE_BYTES`], as
    /// `kifu json` writes each one: `{"index", "name", "records": [...],
    /// "next"}`, `next` the number of the first record left for another
    /// page, or `null` when none is. The records before are skipped
    /// unread: a page's answer is bounded, whatever the file's size.
    ///
    /// # Errors
    /// 404 for no such file, 403 for a file that now leads elsewhere, 409
    /// for one that cannot be read.
    pub(super) fn records_json(
        &self,
        index: &str,
        from: usize,
        count: Option<usize>,
    ) -> Result<String, ApiError> {
        let (index, named) = self.named(index)?;
        let input = open(named)?;
        let mut out = JsonWriter::new(Vec::new());
        let unreadable = |e: io::Error| unreadable(named, &e);
        out.raw(b"{\"index\":").map_err(unreadable)?;
        out.write(&index).map_err(unreadable)?;
        out.raw(b",\"name\":").map_err(unreadable)?;
        out.write(&named.name).map_err(unreadable)?;
        out.raw(b",\"records\":[").map_err(unreadable)?;
        let mut reader = RecordReader::new(input);
        for _ in 0..from {
            if reader.next_raw().map_err(unreadable)?.is_none() {
                break;
            }
        }
        let count = count.unwrap_or(PAGE_RECORDS).min(PAGE_RECORDS);
        let (mut given, mut size) = (0, 0);
        while given < count
            && size < PAGE_BYTES
            && let Some(raw) = reader.next_raw().map_err(unreadable)?
        {
            if given > 0 {
                out.raw(b",").map_err(unreadable)?;
            }
            given += 1;
            match raw.and_then(crate::record::RawRecord::parse) {
                Ok(record) => {
                    let (line, _) = record_json(&named.name, &record, false).map_err(unreadable)?;
                    size += line.len();
                    out.raw(line.as_bytes()).map_err(unreadable)?;
                }
                Err(e) => {
                    let line = e.location.line;
                    let verdict = Verdict::of_syntax_error(e);
                    if let Some(fault) = &verdict.fault {
                        out.write(&UnreadJson::new(&named.name, line, fault))
                            .map_err(unreadable)?;
                    }
                }
            }
        }
        let more = reader.next_raw().map_err(unreadable)?.is_some();
        out.raw(b"],\"next\":").map_err(unreadable)?;
        out.write(&more.then_some(from.saturating_add(given)))
            .map_err(unreadable)?;
        out.raw(b"}").map_err(unreadable)?;
        out.flush().map_err(unreadable)?;
        String::from_utf8(out.into_inner()).map_err(|e| unreadable(io::Error::other(e)))
    }

    /// Saves `record` into file `index`: in place of the record that
    /// `last` says this game saved there, if the file is as that save left
    /// it, else after what the file holds. Every byte the file held before
    /// is kept as it was, text or not. Gives the file's name and what this
    /// save left.
    ///
    /// # Errors
    /// 404 for no such file, 403 for a file that now leads elsewhere, 409
    /// for a compressed file or one that cannot be read or saved.
    pub(super) fn save(
        &self,
        index: usize,
        record: &str,
        last: Option<Saved>,
    ) -> Result<(String, Saved), ApiError> {
        self.rewrite(index, |name, old| {
            let unchanged = last.filter(|s| s.len == old.len() && s.hash == hash_of(old));
            let kept = unchanged.map_or(old.len(), |s| s.kept);
            let mut new = old[..kept].to_vec();
            if !new.is_empty() {
                if !new.ends_with(b"\n") {
                    new.push(b'\n');
                }
                new.push(b'\n');
            }
            new.extend_from_slice(record.as_bytes());
            let saved = Saved {
                kept,
                len: new.len(),
                hash: hash_of(&new),
            };
            Ok((new, (name.to_owned(), saved)))
        })
    }
}

/// Reading a file whole, and rewriting it under its lock.
impl Files {
    /// File `index`'s number, name and bytes; none yet for a file not
    /// there.
    ///
    /// # Errors
    /// 404 for no such file, 403 for a file that now leads elsewhere, 409
    /// for a compressed file, or one that is not a plain file or cannot
    /// be read.
    pub(super) fn read_whole(&self, index: &str) -> Result<(usize, String, Vec<u8>), ApiError> {
        let (index, named) = self.named(index)?;
        Ok((index, named.name.clone(), read_whole(named)?))
    }

    /// Rewrites file `index` with what `change` makes of its name and of
    /// what it holds now (nothing for a file not there yet), atomically,
    /// and gives what `change` gave beside the bytes. The file is read,
    /// changed and renamed over under its lock: a save that waited for
    /// another reads what the other wrote.
    ///
    /// # Errors
    /// As [`Files::read_whole`], `change`'s refusal, and 409 when the
    /// file cannot be saved.
    pub(super) fn rewrite<T>(
        &self,
        index: usize,
        change: impl FnOnce(&str, &[u8]) -> Result<(Vec<u8>, T), ApiError>,
    ) -> Result<T, ApiError> {
        let (index, named) = self.named(&index.to_string())?;
        let lock = self.writing.get(index).map(|lock| {
            lock.lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        });
        let old = read_whole(named)?;
        let (new, given) = change(&named.name, &old)?;
        save(&named.path, &new)?;
        drop(lock);
        Ok(given)
    }
}

/// What a file of the list holds, whole; nothing for a file not there.
///
/// # Errors
/// 403 for a file that now leads elsewhere, 409 for a compressed file, or
/// one that is not a plain file or cannot be read.
fn read_whole(named: &Named) -> Result<Vec<u8>, ApiError> {
    check_still(named)?;
    check_plain(named)?;
    let bytes = held(named, std::fs::read(&named.path))?;
    if is_compressed(&bytes) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "serve.compressed",
            format!("{}: a compressed file is not written", named.name),
        ));
    }
    Ok(bytes)
}

/// What a `read` of `named` gave: its bytes, or none for a file not there
/// yet. Any other failure is refused, so that a save never writes over a
/// file it could not read.
///
/// # Errors
/// 409 for a file that is there but cannot be read.
fn held(named: &Named, read: io::Result<Vec<u8>>) -> Result<Vec<u8>, ApiError> {
    match read {
        Ok(bytes) => Ok(bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(unreadable(named, &e)),
    }
}

/// Writes `bytes` to `path` atomically, a read-only file refused.
///
/// # Errors
/// 409 when it cannot be saved.
fn save(path: &Path, bytes: &[u8]) -> Result<(), ApiError> {
    save_atomic(path, bytes, ReadOnly::Refuse)
        .map_err(|e| ApiError::new(StatusCode::CONFLICT, "serve.save", e.to_string()))
}

/// The canonical path of a file named: its own, or for a file not yet
/// there, its directory's with its name, the path it will have once a
/// save creates it.
///
/// # Errors
/// No file name, or no such directory.
fn canonical_file(path: &Path) -> Result<PathBuf, FilesError> {
    if let Ok(canonical) = path.canonicalize() {
        return Ok(canonical);
    }
    let name = (path.file_name()).ok_or_else(|| FilesError::NotAFileName(path.to_owned()))?;
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    let dir = parent.unwrap_or(Path::new(".")).canonicalize();
    let dir = dir.map_err(|error| FilesError::NoDirectory {
        path: path.to_owned(),
        error,
    })?;
    Ok(dir.join(name))
}

/// Refuses a file whose path now leads elsewhere than at the start (a
/// directory on the way replaced by a link).
fn check_still(named: &Named) -> Result<(), ApiError> {
    match named.path.canonicalize() {
        Ok(now) if now != named.path => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "serve.moved",
            format!("{}: the path now leads elsewhere", named.name),
        )),
        _ => Ok(()),
    }
}

/// Refuses a file that is there but is not a plain file (a FIFO, a
/// device), which reading could block on or never end.
fn check_plain(named: &Named) -> Result<(), ApiError> {
    match std::fs::metadata(&named.path) {
        Ok(meta) if !meta.is_file() => Err(ApiError::new(
            StatusCode::CONFLICT,
            "serve.not-a-file",
            format!("{}: not a plain file", named.name),
        )),
        _ => Ok(()),
    }
}

/// Opens a file of the list to read its records.
fn open(named: &Named) -> Result<Box<dyn BufRead + Send>, ApiError> {
    check_still(named)?;
    check_plain(named)?;
    crate::collection::input::open(&named.path)
        .map(|input| input.text)
        .map_err(|e| ApiError::new(StatusCode::CONFLICT, "serve.unreadable", e.to_string()))
}

/// 409: the file cannot be read.
fn unreadable(named: &Named, e: &io::Error) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "serve.unreadable",
        format!("{}: {}", named.name, io_reason(e)),
    )
}

/// How many records the file at `path` holds, read without judging them.
fn count(path: &Path) -> io::Result<usize> {
    let input = crate::collection::input::open(path).map_err(io::Error::other)?;
    let mut reader = RecordReader::new(input.text);
    let mut count = 0;
    while reader.next_raw()?.is_some() {
        count += 1;
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, SystemTime};

    /// Writes `text` to `path` with the modification time `at`.
    fn write_at(path: &Path, text: &str, at: SystemTime) {
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
        let file = std::fs::File::options().write(true).open(path);
        file.and_then(|f| f.set_modified(at))
            .unwrap_or_else(|e| panic!("{e}"));
    }

    /// A file's count is kept while it keeps both its length and its time,
    /// and made again when either changes: another writer may keep one.
    #[test]
    fn a_count_is_made_again_when_the_length_or_the_time_changes() {
        let dir = std::env::temp_dir().join(format!("kifu-count-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join("games.kifu");
        let record = "[Game \"mana\"]\n\n*\n";
        let two = format!("{record}\n{record}");
        write_at(&path, &two, SystemTime::UNIX_EPOCH);
        let files = Files::list(std::slice::from_ref(&path)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(files.count_of(0), Some(2));
        // One record as long as the two, written later.
        let pad = "x".repeat(two.len() - "[Game \"mana\"]\n\n{} *\n".len());
        let one = format!("[Game \"mana\"]\n\n{{{pad}}} *\n");
        assert_eq!(one.len(), two.len());
        let later = SystemTime::UNIX_EPOCH + Duration::from_secs(60);
        write_at(&path, &one, later);
        assert_eq!(files.count_of(0), Some(1));
        // Three records, at the very same time.
        write_at(&path, &format!("{two}\n{record}"), later);
        assert_eq!(files.count_of(0), Some(3));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A file not there yet holds nothing; one that is there but cannot be
    /// read is refused (a save would write over it), whatever the reason.
    /// (Running as root, as CI does, no permission keeps a file from being
    /// read: the failures are made here.)
    #[test]
    fn a_file_that_cannot_be_read_is_refused_and_one_not_there_is_empty() {
        let named = Named {
            name: "games.kifu".to_owned(),
            path: PathBuf::from("games.kifu"),
        };
        let read = |kind: io::ErrorKind| held(&named, Err(io::Error::from(kind)));
        assert_eq!(read(io::ErrorKind::NotFound).ok(), Some(Vec::new()));
        for kind in [io::ErrorKind::PermissionDenied, io::ErrorKind::Other] {
            let refused = read(kind).err().unwrap_or_else(|| panic!("{kind:?} taken"));
            assert_eq!(
                (refused.status, refused.code),
                (StatusCode::CONFLICT, "serve.unreadable"),
                "{kind:?}"
            );
        }
        assert_eq!(held(&named, Ok(b"x".to_vec())).ok(), Some(b"x".to_vec()));
    }

    /// A page stops once its records' JSON reaches [`PAGE_BYTES`]: a
    /// record of exactly that much is a page of its own.
    #[test]
    fn a_page_stops_once_its_records_reach_page_bytes() {
        let dir = std::env::temp_dir().join(format!("kifu-page-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join("games.kifu");
        // A record with a comment of `lines` lines of 999 x, then `more` x.
        let record = |lines: usize, more: usize| {
            let pad = format!("{}\n", "x".repeat(999)).repeat(lines) + &"x".repeat(more);
            format!("[Game \"mana\"]\n\n{{{pad}}} *\n")
        };
        std::fs::write(&path, "").unwrap_or_else(|e| panic!("{e}"));
        let files = Files::list(std::slice::from_ref(&path)).unwrap_or_else(|e| panic!("{e}"));
        // The name the file goes by in its records' JSON.
        let name = files.list[0].name.clone();
        let json_len = |text: &str| {
            let record =
                crate::record::parse_record(text.to_owned(), 1).unwrap_or_else(|e| panic!("{e}"));
            record_json(&name, &record, false)
                .map(|(line, _)| line.len())
                .unwrap_or_else(|e| panic!("{e}"))
        };
        // Each line adds 1,001 bytes of JSON (999 x and `\n`), each x one.
        let lines = (PAGE_BYTES - json_len(&record(0, 0))) / 1001;
        let exact = record(lines, PAGE_BYTES - json_len(&record(lines, 0)));
        assert_eq!(json_len(&exact), PAGE_BYTES);
        std::fs::write(&path, format!("{exact}\n{}", record(0, 0)))
            .unwrap_or_else(|e| panic!("{e}"));
        let page = files
            .records_json("0", 0, None)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let page: serde_json::Value = serde_json::from_str(&page).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(page["records"].as_array().map(Vec::len), Some(1));
        assert_eq!(page["next"], 1);
        let rest = files
            .records_json("0", 1, None)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let rest: serde_json::Value = serde_json::from_str(&rest).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rest["records"].as_array().map(Vec::len), Some(1));
        assert_eq!(rest["next"], serde_json::Value::Null);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
