//! The compressed formats kifu reads and writes back: gzip, zstd, bzip2
//! and xz, told by their first bytes, decoded and encoded as streams.
//!
//! A decoder's failure becomes one error saying, in words, what is wrong
//! with the stream. Bytes after a complete gzip stream that do not begin
//! another one (zero padding, text) end the text where the stream ended:
//! everything before them is read, and then the error says what follows.

use crate::record::AfterText;
use std::io::{self, BufRead, Read, Write};

/// A compression format kifu reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// gzip (RFC 1952), one or more members.
    Gzip,
    /// Zstandard, one or more frames.
    Zstd,
    /// bzip2, one or more streams.
    Bzip2,
    /// xz, one or more streams.
    Xz,
}

/// The largest zstd window kifu decodes, as a power of two (128 MiB, the
/// decoder's own default): a larger one would take that much memory.
const ZSTD_WINDOW_LOG_MAX: u32 = 27;

impl Compression {
    /// The format whose magic number `start` begins with, if any.
    pub fn of(start: &[u8]) -> Option<Self> {
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

    /// The format's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }

    /// A decoder of `raw`, whose errors say what is wrong with the stream.
    ///
    /// # Errors
    /// A zstd decoder that cannot start.
    pub fn decoder(self, raw: impl BufRead + Send + 'static) -> io::Result<Box<dyn Read + Send>> {
        let decoder: Box<dyn Read + Send> = match self {
            Compression::Gzip => Box::new(GzipMembers::new(raw)),
            Compression::Zstd => {
                let mut decoder = zstd::stream::read::Decoder::with_buffer(raw)?;
                decoder.window_log_max(ZSTD_WINDOW_LOG_MAX)?;
                Box::new(decoder)
            }
            Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(raw)),
            Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(raw)),
        };
        Ok(Box::new(Damage {
            format: self,
            decoder,
            ended: None,
        }))
    }

    /// Writes what `write` writes to `out` in this format, and ends the
    /// stream.
    ///
    /// # Errors
    /// Those of `write` and of writing `out`.
    pub fn encode(
        self,
        out: &mut dyn Write,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        match self {
            Compression::Gzip => {
                let mut encoder =
                    flate2::write::GzEncoder::new(out, flate2::Compression::default());
                write(&mut encoder)?;
                encoder.finish().map(drop)
            }
            Compression::Zstd => {
                let mut encoder = zstd::stream::write::Encoder::new(out, 0)?;
                write(&mut encoder)?;
                encoder.finish().map(drop)
            }
            Compression::Bzip2 => {
                let mut encoder = bzip2::write::BzEncoder::new(out, bzip2::Compression::default());
                write(&mut encoder)?;
                encoder.finish().map(drop)
            }
            Compression::Xz => {
                let mut encoder = liblzma::write::XzEncoder::new(out, 6);
                write(&mut encoder)?;
                encoder.finish().map(drop)
            }
        }
    }
}

/// The members of a gzip stream one after another, which ends where bytes
/// that do not start a member follow a complete one: the text ends there,
/// and those bytes are an [`AfterText`] error.
struct GzipMembers<R: BufRead> {
    /// The member being read; `None` once the stream has ended.
    member: Option<flate2::bufread::GzDecoder<R>>,
}

impl<R: BufRead> GzipMembers<R> {
    fn new(raw: R) -> Self {
        Self {
            member: Some(flate2::bufread::GzDecoder::new(raw)),
        }
    }
}

impl<R: BufRead> Read for GzipMembers<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(member) = self.member.as_mut() else {
                return Ok(0);
            };
            let n = member.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            let Some(mut raw) = self
                .member
                .take()
                .map(flate2::bufread::GzDecoder::into_inner)
            else {
                return Ok(0);
            };
            let next = raw.fill_buf()?;
            if next.is_empty() {
                return Ok(0);
            }
            if Compression::of(next) == Some(Compression::Gzip) {
                self.member = Some(flate2::bufread::GzDecoder::new(raw));
                continue;
            }
            let what = match next.iter().all(|&b| b == 0) {
                true => "zero bytes",
                false => "bytes that are not gzip",
            };
            return Err(AfterText::error(format!(
                "the gzip stream is complete, but {what} follow the end of the stream"
            )));
        }
    }
}

/// A decoder whose errors say in words what is wrong with the stream, and
/// in which format.
struct Damage {
    format: Compression,
    decoder: Box<dyn Read + Send>,
    /// The error that ended the stream, said again at every later read.
    ended: Option<String>,
}

impl Read for Damage {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(said) = &self.ended {
            return Err(io::Error::new(io::ErrorKind::InvalidData, said.clone()));
        }
        self.decoder.read(buf).map_err(|e| {
            if AfterText::is(&e) {
                return e;
            }
            let said = self.reason(&e);
            self.ended = Some(said.clone());
            io::Error::new(io::ErrorKind::InvalidData, said)
        })
    }
}

impl Damage {
    /// What the decoder's error `e` means, in words.
    fn reason(&self, e: &io::Error) -> String {
        let name = self.format.name();
        let text = e.to_string();
        if e.kind() == io::ErrorKind::UnexpectedEof {
            return format!("the {name} stream is damaged: it ends too soon");
        }
        if self.format == Compression::Zstd && text.contains("too much memory") {
            return format!(
                "the zstd stream was written with a window larger than kifu reads \
                 (at most {} MiB; zstd --long=27 or less)",
                1u32 << (ZSTD_WINDOW_LOG_MAX - 20)
            );
        }
        if self.format == Compression::Xz
            && (text.contains("internal error") || text.contains("data error"))
        {
            return "the xz stream is corrupt".to_owned();
        }
        format!("the {name} stream is damaged: {text}")
    }
}
