//! Opening the files kifu reads: `-` is standard input, and a compressed
//! file (gzip, zstd, bzip2 or xz, told by its first bytes, not its name) is
//! read through its decoder, as a stream, in constant memory.

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
    Walk {
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

/// A compression format kifu reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compression {
    Gzip,
    Zstd,
    Bzip2,
    Xz,
}

impl Compression {
    /// The format whose magic number `start` begins with, if any.
    fn of(start: &[u8]) -> Option<Self> {
        match start {
            [0x1f, 0x8b, ..] => Some(Compression::Gzip),
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
            [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => Some(Compression::Xz),
            // `BZh`, the block size, then a block's or the end's magic: text
            // that merely starts with `BZh` is not taken for bzip2.
            [b'B', b'Z', b'h', b'1'..=b'9', rest @ ..]
                if rest.starts_with(&[0x31, 0x41, 0x59, 0x26, 0x53, 0x59])
                    || rest.starts_with(&[0x17, 0x72, 0x45, 0x38, 0x50, 0x90]) =>
            {
                Some(Compression::Bzip2)
            }
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }
}

/// The text of `source`, through a decoder when it is compressed.
fn decoded(name: String, mut source: impl Read + Send + 'static) -> Result<Input, OpenError> {
    let start = match read_start(&mut source) {
        Ok(start) => start,
        Err(error) => return Err(OpenError::Unreadable { name, error }),
    };
    let format = Compression::of(&start);
    let raw = BufReader::with_capacity(BUFFER_BYTES, io::Cursor::new(start).chain(source));
    let Some(format) = format else {
        return Ok(Input {
            name,
            text: Box::new(raw),
        });
    };
    let decoder: Box<dyn Read + Send> = match format {
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(raw)),
        Compression::Zstd => match zstd::stream::read::Decoder::with_buffer(raw) {
            Ok(decoder) => Box::new(decoder),
            Err(error) => return Err(OpenError::Zstd { name, error }),
        },
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(raw)),
        Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(raw)),
    };
    let named = Damage { format, decoder };
    Ok(Input {
        name,
        text: Box::new(BufReader::with_capacity(BUFFER_BYTES, named)),
    })
}

/// The first bytes of `source`, enough to tell every format (fewer when
/// it is shorter), read whole even from a pipe that gives a few at a time.
fn read_start(source: &mut impl Read) -> io::Result<Vec<u8>> {
    const MAGIC_BYTES: u64 = 10;
    let mut start = Vec::new();
    source.take(MAGIC_BYTES).read_to_end(&mut start)?;
    Ok(start)
}

/// A decoder whose errors say that the compressed stream is damaged, and
/// in which format.
struct Damage {
    format: Compression,
    decoder: Box<dyn Read + Send>,
}

impl Read for Damage {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.decoder.read(buf).map_err(|e| {
            let reason = match e.kind() {
                io::ErrorKind::UnexpectedEof => "it ends too soon".to_owned(),
                _ => e.to_string(),
            };
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the {} stream is damaged: {reason}", self.format.name()),
            )
        })
    }
}

#[cfg(test)]
#[path = "input_tests.rs"]
mod tests;
