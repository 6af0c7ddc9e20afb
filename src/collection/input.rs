//! Opening the files kifu reads: `-` is standard input, and a compressed
//! file (gzip, zstd, bzip2 or xz, told by its first bytes, not its name) is
//! read through its decoder, as a stream, in constant memory.

pub use super::compress::Compression;
use super::compress::MAGIC_BYTES;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::Path;

/// The name of standard input in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// The size of the buffers between the file, its decoder and the reader.
const BUFFER_BYTES: usize = 1 << 16;

/// An input opened for reading: its name for messages and its text.
pub struct Input {
    /// The file's name as given, or [`STDIN_NAME`].
    pub name: String,
    /// The format it was compressed in, if it was.
    pub compression: Option<Compression>,
    /// The text, decompressed.
    pub text: Box<dyn BufRead + Send>,
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Why an input cannot be opened; its message names the file.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The path is a directory.
    #[error("{0}: is a directory")]
    Directory(String),
    /// A directory holds no record file (`*.kifu`, plain or compressed).
    #[error("{0}: no record file (*.kifu) in the directory")]
    NoRecordFile(String),
    /// A directory, or a file under it, cannot be walked.
    #[error("{name}: {reason}")]
    DirWalk {
        /// The directory or file.
        name: String,
        /// What failed.
        reason: String,
    },
    /// The file cannot be opened or its first bytes read.
    #[error("{name}: {}", io_reason(.error))]
    Unreadable {
        /// The file's name as given, or [`STDIN_NAME`].
        name: String,
        /// What failed.
        error: io::Error,
    },
    /// A zstd stream whose decoder cannot start.
    #[error("{name}: the zstd stream cannot be read: {error}")]
    Zstd {
        /// The file's name as given, or [`STDIN_NAME`].
        name: String,
        /// What failed.
        error: io::Error,
    },
}

/// Opens `path` (`-` is standard input), decompressing it when its first
/// bytes say it is compressed.
///
/// # Errors
/// Why the file cannot be opened.
pub fn open(path: &Path) -> Result<Input, OpenError> {
    if path.as_os_str() == "-" {
        if io::stdin().is_terminal() {
            // Not a hang: kifu waits for what is typed.
            say!("kifu: reading records from standard input (end with Ctrl-D)");
        }
        return decoded(STDIN_NAME.to_owned(), io::stdin());
    }
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(OpenError::Directory(name));
    }
    match File::open(path) {
        Ok(file) => decoded(name, file),
        Err(error) => Err(OpenError::Unreadable { name, error }),
    }
}

/// A short reason for an I/O error, without the OS error number.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        _ => e.to_string(),
    }
}

/// Whether `bytes` start like a compressed stream kifu reads.
pub fn is_compressed(bytes: &[u8]) -> bool {
    Compression::of(bytes).is_some()
}

/// The text of `source` (named `name`), through a decoder when it is
/// compressed.
///
/// # Errors
/// Its first bytes cannot be read, or its decoder cannot start.
pub fn decoded(name: String, mut source: impl Read + Send + 'static) -> Result<Input, OpenError> {
    let start = match read_start(&mut source) {
        Ok(start) => start,
        Err(error) => return Err(OpenError::Unreadable { name, error }),
    };
    let format = Compression::of(&start);
    let raw = BufReader::with_capacity(BUFFER_BYTES, io::Cursor::new(start).chain(source));
    let Some(format) = format else {
        return Ok(Input {
            name,
            compression: None,
            text: Box::new(raw),
        });
    };
    let decoder = match format.decoder(raw) {
        Ok(decoder) => decoder,
        Err(error) => return Err(OpenError::Zstd { name, error }),
    };
    Ok(Input {
        name,
        compression: Some(format),
        text: Box::new(BufReader::with_capacity(BUFFER_BYTES, decoder)),
    })
}

/// The first bytes of `source`, enough to tell every format (fewer when
/// it is shorter), read whole even from a pipe that gives a few at a time.
fn read_start(source: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut start = Vec::new();
    (source.take(MAGIC_BYTES as u64)).read_to_end(&mut start)?;
    Ok(start)
}

#[cfg(test)]
#[path = "input_tests.rs"]
mod tests;
