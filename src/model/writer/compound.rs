//! Arrays, objects, and the variants of enums that hold them.

use super::key::MapKey;
use super::{Error, JsonWriter};
use serde::Serialize;
use serde::ser;
use std::io::Write;

/// An array or object under way: its separators, and how it closes.
#[derive(Debug)]
pub struct Compound<'w, W: Write> {
    writer: &'w mut JsonWriter<W>,
    first: bool,
    close: u8,
    /// A second closing byte, for an enum's variant: `{"V":[...]}`.
    then: Option<u8>,
}

impl<'w, W: Write> Compound<'w, W> {
    /// Opens an array (`[`) or an object (`{`).
    #[inline]
    pub(super) fn open(writer: &'w mut JsonWriter<W>, open: u8, then: Option<u8>) -> Self {
        writer.buf.push(open);
        let close = if open == b'[' { b']' } else { b'}' };
        Self {
            writer,
            first: true,
            close,
            then,
        }
    }

    /// Adds the comma before every item but the first.
    #[inline]
    fn separate(&mut self) {
        if !self.first {
            self.writer.buf.push(b',');
        }
        self.first = false;
    }

    /// Adds an element of an array. The buffer is written out between
    /// elements, so that a long array never sits whole in memory.
    #[inline]
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.separate();
        value.serialize(&mut *self.writer)?;
        Ok(self.writer.flush_if_full()?)
    }

    /// Adds a field of a struct: its name, then its value.
    // Forced, with the struct serializers' `serialize_field`: inlined into
    // each struct's serializer, a field's name is a constant, copied without
    // a call. The two buy 14% to 16% of `kifu json`'s instructions, and 11%
    // to 30% of its wall time on the 30 MB files (benches/README.md).
    #[inline(always)]
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.separate();
        self.writer.name(key);
        self.writer.buf.push(b':');
        value.serialize(&mut *self.writer)
    }

    /// Closes it.
    #[inline]
    fn close(self) -> Result<(), Error> {
        self.writer.buf.push(self.close);
        if let Some(then) = self.then {
            self.writer.buf.push(then);
        }
        Ok(())
    }
}

/// The serializers of arrays: each element through [`Compound::element`].
macro_rules! array {
    ($($serializer:ident: $method:ident),*) => {$(
        impl<W: Write> ser::$serializer for Compound<'_, W> {
            type Ok = ();
            type Error = Error;

            #[inline]
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }

            #[inline]
            fn end(self) -> Result<(), Error> {
                self.close()
            }
        }
    )*};
}

array!(SerializeSeq: serialize_element, SerializeTuple: serialize_element,
    SerializeTupleStruct: serialize_field, SerializeTupleVariant: serialize_field);

impl<W: Write> ser::SerializeMap for Compound<'_, W> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.separate();
        key.serialize(MapKey(&mut *self.writer))
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.writer.buf.push(b':');
        value.serialize(&mut *self.writer)
    }

    fn end(self) -> Result<(), Error> {
        self.close()
    }
}

/// The serializers of structs: each field through [`Compound::field`].
macro_rules! object {
    ($($serializer:ident),*) => {$(
        impl<W: Write> ser::$serializer for Compound<'_, W> {
            type Ok = ();
            type Error = Error;

            #[inline(always)]
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(key, value)
            }

            #[inline]
            fn end(self) -> Result<(), Error> {
                self.close()
            }
        }
    )*};
}

object!(SerializeStruct, SerializeStructVariant);
