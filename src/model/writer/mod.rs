//! Compact JSON, byte for byte as `serde_json::to_writer` writes it, from
//! any [`Serialize`] value, with a fraction of the work per field.
//!
//! `kifu json` writes some twenty short keys and strings per move. Through
//! `serde_json` each costs several `io::Write` calls and a scan for escapes,
//! which came to half of the command's time. Here every piece goes into one
//! byte buffer, the names of fields and of enum variants are copied without
//! a scan (they are names in the code, which need no escape: a debug build
//! asserts it), and a string needing no escape is one copy. The buffer is
//! handed to the output once it holds [`FLUSH_BYTES`], between the elements
//! of an array, so that memory stays bounded however long a record is. Floating-point numbers,
//! which records never hold, are written by `serde_json` itself.

mod compound;
mod key;
#[cfg(test)]
mod tests;

use compound::Compound;
use serde::Serialize;
use serde::ser;
use std::fmt;
use std::io::{self, Write};

/// How much the buffer holds before it is written out.
pub const FLUSH_BYTES: usize = 1 << 16;

/// A JSON writer over `out`: [`JsonWriter::write`] serializes a value,
/// [`JsonWriter::flush`] writes out what is buffered.
#[derive(Debug)]
pub struct JsonWriter<W: Write> {
    buf: Vec<u8>,
    out: W,
}

impl<W: Write> JsonWriter<W> {
    /// A writer to `out`.
    pub fn new(out: W) -> Self {
        Self {
            buf: Vec::with_capacity(FLUSH_BYTES * 2),
            out,
        }
    }

    /// Serializes `value` as compact JSON.
    ///
    /// # Errors
    /// A failure to write, or an error `value` reports.
    pub fn write<T: Serialize + ?Sized>(&mut self, value: &T) -> io::Result<()> {
        value.serialize(&mut *self).map_err(Error::into_io)
    }

    /// Adds `bytes` as they are, such as the newline after an object.
    ///
    /// # Errors
    /// A failure to write.
    pub fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(bytes);
        self.flush_if_full()
    }

    /// Writes out everything buffered, and flushes `out`.
    ///
    /// # Errors
    /// A failure to write.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()
    }

    /// The output, once everything buffered is written to it ([`Self::flush`]).
    pub fn into_inner(self) -> W {
        self.out
    }

    /// Writes the buffer out once it holds [`FLUSH_BYTES`].
    #[inline]
    fn flush_if_full(&mut self) -> io::Result<()> {
        if self.buf.len() >= FLUSH_BYTES {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Adds a string, quoted and escaped.
    #[inline]
    fn string(&mut self, text: &str) {
        let bytes = text.as_bytes();
        self.buf.push(b'"');
        if bytes.iter().all(|&b| !needs_escape(b)) {
            self.buf.extend_from_slice(bytes);
        } else {
            escape_into(&mut self.buf, bytes);
        }
        self.buf.push(b'"');
    }

    /// Adds a name from the code, quoted: the name of a struct's field or
    /// of an enum's variant. Such names need no escape, and are copied
    /// without a scan.
    #[inline]
    fn name(&mut self, name: &'static str) {
        debug_assert!(name.bytes().all(|b| !needs_escape(b)), "name {name:?}");
        self.buf.push(b'"');
        self.buf.extend_from_slice(name.as_bytes());
        self.buf.push(b'"');
    }

    /// Opens an enum's variant that holds a value: `{"Variant":`.
    fn open_variant(&mut self, variant: &'static str) {
        self.buf.push(b'{');
        self.name(variant);
        self.buf.push(b':');
    }

    /// Adds a number or other value as `serde_json` writes it.
    #[inline(never)]
    fn as_serde_json<T: Serialize>(&mut self, value: T) -> Result<(), Error> {
        serde_json::to_writer(&mut self.buf, &value).map_err(|e| Error::Custom(e.to_string()))
    }
}

/// An object or an array written a part at a time, across calls: for a
/// value whose parts come only as they are written, such as a record
/// whose moves are written as the referee accepts them. It holds no borrow
/// of the writer, which is handed to each call.
#[derive(Debug)]
pub struct Streamed {
    first: bool,
    close: u8,
}

impl Streamed {
    /// Opens an object: `{`.
    pub fn object<W: Write>(out: &mut JsonWriter<W>) -> Self {
        out.buf.push(b'{');
        Self {
            first: true,
            close: b'}',
        }
    }

    /// Adds the comma before every part but the first.
    fn separate<W: Write>(&mut self, out: &mut JsonWriter<W>) {
        if !self.first {
            out.buf.push(b',');
        }
        self.first = false;
    }

    /// Adds a field of the object: its name from the code, then its value.
    ///
    /// # Errors
    /// An error `value` reports.
    pub fn field<W: Write, T: Serialize + ?Sized>(
        &mut self,
        out: &mut JsonWriter<W>,
        key: &'static str,
        value: &T,
    ) -> io::Result<()> {
        self.separate(out);
        out.name(key);
        out.buf.push(b':');
        value.serialize(&mut *out).map_err(Error::into_io)
    }

    /// Adds a field of the object whose value is an array written a part
    /// at a time, and opens it: `"key":[`.
    pub fn array_field<W: Write>(&mut self, out: &mut JsonWriter<W>, key: &'static str) -> Self {
        self.separate(out);
        out.name(key);
        out.buf.extend_from_slice(b":[");
        Self {
            first: true,
            close: b']',
        }
    }

    /// Adds an element of the array. The buffer is written out between
    /// elements, so that a long array never sits whole in memory.
    ///
    /// # Errors
    /// A failure to write, or an error `value` reports.
    #[inline]
    pub fn element<W: Write, T: Serialize + ?Sized>(
        &mut self,
        out: &mut JsonWriter<W>,
        value: &T,
    ) -> io::Result<()> {
        self.separate(out);
        value.serialize(&mut *out).map_err(Error::into_io)?;
        out.flush_if_full()
    }

    /// Closes it.
    pub fn close<W: Write>(self, out: &mut JsonWriter<W>) {
        out.buf.push(self.close);
    }
}

/// Serializes `value` as a compact JSON string.
///
/// # Errors
/// An error `value` reports.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> io::Result<String> {
    let mut writer = JsonWriter::new(Vec::new());
    writer.write(value)?;
    writer.flush()?;
    String::from_utf8(writer.into_inner()).map_err(io::Error::other)
}

/// Whether JSON escapes byte `b` in a string.
#[inline]
const fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Adds `bytes` escaped as `serde_json` escapes them.
#[inline(never)]
fn escape_into(buf: &mut Vec<u8>, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for &b in bytes {
        match b {
            b'"' => buf.extend_from_slice(b"\\\""),
            b'\\' => buf.extend_from_slice(b"\\\\"),
            0x08 => buf.extend_from_slice(b"\\b"),
            0x0c => buf.extend_from_slice(b"\\f"),
            b'\n' => buf.extend_from_slice(b"\\n"),
            b'\r' => buf.extend_from_slice(b"\\r"),
            b'\t' => buf.extend_from_slice(b"\\t"),
            b if b < 0x20 => {
                buf.extend_from_slice(b"\\u00");
                buf.push(HEX[usize::from(b >> 4)]);
                buf.push(HEX[usize::from(b & 0xf)]);
            }
            b => buf.push(b),
        }
    }
}

/// What can go wrong: a failure to write, or what a value reports.
#[derive(Debug)]
pub enum Error {
    /// The output failed.
    Io(io::Error),
    /// The value could not be serialized.
    Custom(String),
}

impl Error {
    /// As an I/O error, for callers that write.
    fn into_io(self) -> io::Error {
        match self {
            Error::Io(e) => e,
            Error::Custom(message) => io::Error::other(message),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => e.fmt(f),
            Error::Custom(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error::Custom(message.to_string())
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

/// Adds an integer.
macro_rules! integer {
    ($($method:ident: $type:ty),*) => {$(
        #[inline]
        fn $method(self, value: $type) -> Result<(), Error> {
            self.buf.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
            Ok(())
        }
    )*};
}

impl<'w, W: Write> ser::Serializer for &'w mut JsonWriter<W> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'w, W>;
    type SerializeTuple = Compound<'w, W>;
    type SerializeTupleStruct = Compound<'w, W>;
    type SerializeTupleVariant = Compound<'w, W>;
    type SerializeMap = Compound<'w, W>;
    type SerializeStruct = Compound<'w, W>;
    type SerializeStructVariant = Compound<'w, W>;

    integer!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_i128: i128, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_u128: u128);

    #[inline]
    fn serialize_bool(self, value: bool) -> Result<(), Error> {
        let text: &[u8] = if value { b"true" } else { b"false" };
        self.buf.extend_from_slice(text);
        Ok(())
    }

    fn serialize_f32(self, value: f32) -> Result<(), Error> {
        self.as_serde_json(value)
    }

    fn serialize_f64(self, value: f64) -> Result<(), Error> {
        self.as_serde_json(value)
    }

    #[inline]
    fn serialize_char(self, value: char) -> Result<(), Error> {
        match u8::try_from(value) {
            Ok(b) if !needs_escape(b) && b.is_ascii() => {
                self.buf.extend_from_slice(&[b'"', b, b'"'])
            }
            _ => self.string(value.encode_utf8(&mut [0; 4])),
        }
        Ok(())
    }

    #[inline]
    fn serialize_str(self, value: &str) -> Result<(), Error> {
        self.string(value);
        Ok(())
    }

    fn serialize_bytes(self, value: &[u8]) -> Result<(), Error> {
        self.as_serde_json(value)
    }

    #[inline]
    fn serialize_none(self) -> Result<(), Error> {
        self.buf.extend_from_slice(b"null");
        Ok(())
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.serialize_none()
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_none()
    }

    #[inline]
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.name(variant);
        Ok(())
    }

    #[inline]
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.open_variant(variant);
        value.serialize(&mut *self)?;
        self.buf.push(b'}');
        Ok(())
    }

    #[inline]
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'w, W>, Error> {
        Ok(Compound::open(self, b'[', None))
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'w, W>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'w, W>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, W>, Error> {
        self.open_variant(variant);
        Ok(Compound::open(self, b'[', Some(b'}')))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'w, W>, Error> {
        Ok(Compound::open(self, b'{', None))
    }

    #[inline]
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'w, W>, Error> {
        Ok(Compound::open(self, b'{', None))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'w, W>, Error> {
        self.open_variant(variant);
        Ok(Compound::open(self, b'{', Some(b'}')))
    }
}
