//! The keys of maps: strings, or numbers and booleans written as strings,
//! as `serde_json` writes them.

use super::{Error, JsonWriter};
use serde::Serialize;
use serde::ser::{self, Error as _, Impossible};
use std::io::Write;

/// Serializes a map's key into `writer`.
pub(super) struct MapKey<'w, W: Write>(pub(super) &'w mut JsonWriter<W>);

/// The error for a key that cannot be a string.
fn not_a_string() -> Error {
    Error::custom("key must be a string")
}

impl<W: Write> MapKey<'_, W> {
    /// Adds `text` quoted, as a key.
    fn quoted(self, text: &str) -> Result<(), Error> {
        self.0.string(text);
        Ok(())
    }

    /// Adds a number as a string.
    fn number<T: Serialize>(self, value: T) -> Result<(), Error> {
        self.0.buf.push(b'"');
        self.0.as_serde_json(value)?;
        self.0.buf.push(b'"');
        Ok(())
    }
}

/// Keys that are integers.
macro_rules! integer_key {
    ($($method:ident: $type:ty),*) => {$(
        fn $method(self, value: $type) -> Result<(), Error> {
            self.quoted(itoa::Buffer::new().format(value))
        }
    )*};
}

/// Keys that no string can stand for.
macro_rules! no_key {
    ($($method:ident($($arg:ty),*) -> $ok:ty),*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<$ok, Error> {
            Err(not_a_string())
        }
    )*};
}

impl<W: Write> ser::Serializer for MapKey<'_, W> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    integer_key!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_i128: i128, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_u128: u128);

    no_key!(serialize_bytes(&[u8]) -> (), serialize_unit() -> (),
        serialize_unit_struct(&'static str) -> (), serialize_none() -> (),
        serialize_seq(Option<usize>) -> Impossible<(), Error>,
        serialize_tuple(usize) -> Impossible<(), Error>,
        serialize_tuple_struct(&'static str, usize) -> Impossible<(), Error>,
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>,
        serialize_map(Option<usize>) -> Impossible<(), Error>,
        serialize_struct(&'static str, usize) -> Impossible<(), Error>,
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>);

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        self.quoted(value)
    }

    fn serialize_char(self, value: char) -> Result<(), Error> {
        self.quoted(value.encode_utf8(&mut [0; 4]))
    }

    fn serialize_bool(self, value: bool) -> Result<(), Error> {
        self.quoted(if value { "true" } else { "false" })
    }

    fn serialize_f32(self, value: f32) -> Result<(), Error> {
        if !value.is_finite() {
            return Err(Error::custom(
                "float key must be finite (got NaN or +/-inf)",
            ));
        }
        self.number(value)
    }

    fn serialize_f64(self, value: f64) -> Result<(), Error> {
        if !value.is_finite() {
            return Err(Error::custom(
                "float key must be finite (got NaN or +/-inf)",
            ));
        }
        self.number(value)
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.quoted(variant)
    }

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
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(not_a_string())
    }
}
