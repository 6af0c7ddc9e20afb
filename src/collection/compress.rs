//! The compressed formats kifu reads and writes back: gzip, zstd, bzip2
//! and xz, told by their first bytes, decoded and encoded as streams.
//!
//! A decoder's failure becomes one error saying, in words, what is wrong
//! with the stream. Bytes after a complete stream that do not begin
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
#[cfg(feature = "compress")]
const ZSTD_WINDOW_LOG_MAX: u32 = 27;

impl Compression {
    /// The format whose magic number `start` begins with, if any.
    pub fn of(start: &[u8]) -> Option<Self> {
        match start {
            [0x1f, 0x8b, ..] => Some(Compression::Gzip),
            // A frame, or a skippable frame (pzstd begins with one).
            [0x28, 0xb5, 0x2f, 0xfd, ..] | [0x50..=0x5f, 0x2a, 0x4d, 0x18, ..] => {
                Some(Compression::Zstd)
            }
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
        let stream = Stream::new(self, Lookahead::new(raw))?;
        Ok(Box::new(Damage {
            format: self,
            decoder: Box::new(Streams {
                format: self,
                stream: Some(stream),
            }),
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
            #[cfg(feature = "compress")]
            Compression::Zstd => {
                let mut encoder = zstd::stream::write::Encoder::new(out, 0)?;
                write(&mut encoder)?;
                encoder.finish().map(drop)
            }
            #[cfg(feature = "compress")]
            Compression::Bzip2 => {
                let mut encoder = bzip2::write::BzEncoder::new(out, bzip2::Compression::default());
                write(&mut encoder)?;
                encoder.finish().map(drop)
            }
            #[cfg(feature = "compress")]
            Compression::Xz => {
                let mut encoder = liblzma::write::XzEncoder::new(out, 6);
                write(&mut encoder)?;
                encoder.finish().map(drop)
            }
            #[cfg(not(feature = "compress"))]
            _ => Err(self.unbuilt()),
        }
    }

    /// The error of a format this build cannot code: without the
    /// `compress` feature (the library as the JavaScript and Python
    /// packages build it), kifu codes gzip alone, in pure Rust.
    #[cfg(not(feature = "compress"))]
    fn unbuilt(self) -> io::Error {
        io::Error::new(
            io::ErrorKind::Unsupported,
            format!(
                "{} is not read here: this kifu reads gzip alone (built without the `compress` feature)",
                self.name()
            ),
        )
    }
}

/// The streams of one format one after another (gzip members, zstd
/// frames, bzip2 and xz streams), which end where bytes that do not start
/// another follow a complete one: the text ends there, and those bytes
/// are an [`AfterText`] error. Zero bytes after an xz stream, in fours, are
/// its padding (as the xz format has it).
struct Streams<R: BufRead> {
    format: Compression,
    /// The stream being read; `None` once the last has ended.
    stream: Option<Stream<Lookahead<R>>>,
}

impl<R: BufRead> Read for Streams<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(stream) = self.stream.as_mut() else {
                return Ok(0);
            };
            let n = stream.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            let Some(mut raw) = self.stream.take().map(Stream::into_inner) else {
                return Ok(0);
            };
            let padding = match self.format {
                Compression::Xz => raw.skip_zeros()?,
                _ => 0,
            };
            let next = raw.peek(MAGIC_BYTES)?;
            if next.is_empty() && padding % 4 == 0 {
                return Ok(0);
            }
            if padding % 4 == 0 && Compression::of(next) == Some(self.format) {
                self.stream = Some(Stream::new(self.format, raw)?);
                continue;
            }
            let what = if padding % 4 != 0 || next.iter().all(|&b| b == 0) {
                "zero bytes".to_owned()
            } else {
                format!("bytes that are not {}", self.format.name())
            };
            return Err(AfterText::error(format!(
                "the {} stream is complete, but {what} follow the end of the stream",
                self.format.name()
            )));
        }
    }
}

/// The most bytes [`Compression::of`] looks at.
pub const MAGIC_BYTES: usize = 10;

/// One stream (member, frame) of a format, decoded up to its end.
enum Stream<R: BufRead> {
    Gzip(flate2::bufread::GzDecoder<R>),
    #[cfg(feature = "compress")]
    Zstd(zstd::stream::read::Decoder<'static, R>),
    #[cfg(feature = "compress")]
    Bzip2(bzip2::bufread::BzDecoder<R>),
    #[cfg(feature = "compress")]
    Xz(liblzma::bufread::XzDecoder<R>),
}

impl<R: BufRead> Stream<R> {
    /// The stream that `raw` begins.
    fn new(format: Compression, raw: R) -> io::Result<Self> {
        Ok(match format {
            Compression::Gzip => Stream::Gzip(flate2::bufread::GzDecoder::new(raw)),
            #[cfg(feature = "compress")]
            Compression::Zstd => {
                let mut decoder = zstd::stream::read::Decoder::with_buffer(raw)?.single_frame();
                decoder.window_log_max(ZSTD_WINDOW_LOG_MAX)?;
                Stream::Zstd(decoder)
            }
            #[cfg(feature = "compress")]
            Compression::Bzip2 => Stream::Bzip2(bzip2::bufread::BzDecoder::new(raw)),
            #[cfg(feature = "compress")]
            Compression::Xz => Stream::Xz(liblzma::bufread::XzDecoder::new(raw)),
            #[cfg(not(feature = "compress"))]
            _ => return Err(format.unbuilt()),
        })
    }

    /// The bytes after the stream.
    fn into_inner(self) -> R {
        match self {
            Stream::Gzip(decoder) => decoder.into_inner(),
            #[cfg(feature = "compress")]
            Stream::Zstd(decoder) => decoder.finish(),
            #[cfg(feature = "compress")]
            Stream::Bzip2(decoder) => decoder.into_inner(),
            #[cfg(feature = "compress")]
            Stream::Xz(decoder) => decoder.into_inner(),
        }
    }
}

impl<R: BufRead> Read for Stream<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Stream::Gzip(decoder) => decoder.read(buf),
            #[cfg(feature = "compress")]
            Stream::Zstd(decoder) => decoder.read(buf),
            #[cfg(feature = "compress")]
            Stream::Bzip2(decoder) => decoder.read(buf),
            #[cfg(feature = "compress")]
            Stream::Xz(decoder) => decoder.read(buf),
        }
    }
}

/// A reader that looks further ahead than its source's buffer may hold:
/// the bytes after a stream, to tell whether another one begins there.
struct Lookahead<R> {
    /// Bytes taken from `source` to look at, not yet consumed.
    ahead: Vec<u8>,
    source: R,
}

impl<R: BufRead> Lookahead<R> {
    fn new(source: R) -> Self {
        Self {
            ahead: Vec::new(),
            source,
        }
    }

    /// The next `n` bytes, fewer at the end, not consumed.
    fn peek(&mut self, n: usize) -> io::Result<&[u8]> {
        while self.ahead.len() < n {
            let more = self.source.fill_buf()?;
            if more.is_empty() {
                break;
            }
            let taken = more.len().min(n - self.ahead.len());
            self.ahead.extend_from_slice(&more[..taken]);
            self.source.consume(taken);
        }
        Ok(&self.ahead[..self.ahead.len().min(n)])
    }

    /// Consumes the zero bytes that come next, and says how many.
    fn skip_zeros(&mut self) -> io::Result<u64> {
        let mut skipped = 0;
        loop {
            let next = self.fill_buf()?;
            let zeros = next.iter().take_while(|&&b| b == 0).count();
            if zeros == 0 {
                return Ok(skipped);
            }
            self.consume(zeros);
            skipped += zeros as u64;
        }
    }
}

impl<R: BufRead> Read for Lookahead<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.read(buf)?;
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Lookahead<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.ahead.is_empty() {
            self.source.fill_buf()
        } else {
            Ok(&self.ahead)
        }
    }

    fn consume(&mut self, n: usize) {
        if self.ahead.is_empty() {
            self.source.consume(n);
        } else {
            self.ahead.drain(..n.min(self.ahead.len()));
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
        if e.kind() == io::ErrorKind::Unsupported {
            return text;
        }
        #[cfg(feature = "compress")]
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
