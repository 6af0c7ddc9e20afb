//! Walking JSON values as they stream by, with every object checked for a
//! duplicate key on the way.
//!
//! A value of the wrong kind or a duplicate key does not stop the walk: the
//! first such problem is noted in [`State`] and the rest of the record is
//! read, so that the next record starts where this one ends.

use super::ImportError;
use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use std::collections::HashSet;
use std::fmt;

/// What reading one record has found so far.
#[derive(Debug)]
pub(super) struct State {
    /// The first reason the record cannot be imported.
    pub(super) problem: Option<ImportError>,
    /// Bytes still allowed for kept text and the keys of open objects.
    left: usize,
}

impl State {
    pub(super) fn new() -> Self {
        Self {
            problem: None,
            left: crate::record::MAX_RECORD_BYTES,
        }
    }

    /// Notes `problem` unless an earlier one is noted.
    pub(super) fn note(&mut self, problem: impl FnOnce() -> ImportError) {
        if self.problem.is_none() {
            self.problem = Some(problem());
        }
    }

    /// Takes `bytes` from the allowance; false (and a problem) when spent.
    fn take(&mut self, bytes: usize) -> bool {
        if bytes > self.left {
            self.left = 0;
            self.note(|| ImportError::TooLarge);
            false
        } else {
            self.left -= bytes;
            true
        }
    }
}

/// The keys of one object, to find a duplicate.
pub(super) struct Keys {
    seen: HashSet<String>,
    bytes: usize,
}

impl Keys {
    pub(super) fn new() -> Self {
        Self {
            seen: HashSet::new(),
            bytes: 0,
        }
    }

    /// Notes `key`; a problem naming it (and `place`) when seen before.
    pub(super) fn add(&mut self, state: &mut State, key: &str, place: &str) {
        if self.seen.contains(key) {
            state.note(|| ImportError::DuplicateKey {
                key: key.to_owned(),
                place: place.to_owned(),
            });
        } else if state.take(key.len()) {
            self.bytes += key.len();
            self.seen.insert(key.to_owned());
        }
    }

    /// Gives the keys' bytes back to the allowance.
    pub(super) fn release(self, state: &mut State) {
        state.left += self.bytes;
    }
}

/// A reader of one JSON value that expects some kinds of value: what it
/// does with each kind. By default a value is walked, checked and dropped,
/// and [`Expect::other`] says what to make of it.
pub(super) trait Expect<'de>: Sized {
    type Value;
    /// The state of the record being read.
    fn state(&mut self) -> &mut State;
    /// Where the value is, for a duplicate key: "tags", "move 3".
    fn place(&self) -> &str;
    /// The value, when it is not of a kind expected; `kind` is "a number".
    fn other(self, kind: &'static str) -> Self::Value;

    fn string(self, _: &str) -> Self::Value {
        self.other("a string")
    }
    fn number(self, _: u64) -> Self::Value {
        self.other("a number")
    }
    fn null(self) -> Self::Value {
        self.other("null")
    }
    fn map<A: MapAccess<'de>>(mut self, map: A) -> Result<Self::Value, A::Error> {
        let place = self.place().to_owned();
        drop_map(self.state(), &place, map)?;
        Ok(self.other("an object"))
    }
    fn seq<A: SeqAccess<'de>>(mut self, seq: A) -> Result<Self::Value, A::Error> {
        let place = self.place().to_owned();
        drop_seq(self.state(), &place, seq)?;
        Ok(self.other("an array"))
    }
}

/// Walks the rest of `map`, checking its keys, and drops it.
pub(super) fn drop_map<'de, A: MapAccess<'de>>(
    state: &mut State,
    place: &str,
    mut map: A,
) -> Result<(), A::Error> {
    let mut keys = Keys::new();
    while let Some(key) = map.next_key::<String>()? {
        keys.add(state, &key, place);
        map.next_value_seed(Shaped(Any::drop(state, place)))?;
    }
    keys.release(state);
    Ok(())
}

/// Walks the rest of `seq`, checking the objects in it, and drops it.
pub(super) fn drop_seq<'de, A: SeqAccess<'de>>(
    state: &mut State,
    place: &str,
    mut seq: A,
) -> Result<(), A::Error> {
    while seq
        .next_element_seed(Shaped(Any::drop(state, place)))?
        .is_some()
    {}
    Ok(())
}

/// A seed and visitor for any [`Expect`].
pub(super) struct Shaped<T>(pub(super) T);

impl<'de, T: Expect<'de>> DeserializeSeed<'de> for Shaped<T> {
    type Value = T::Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, T: Expect<'de>> Visitor<'de> for Shaped<T> {
    type Value = T::Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<T::Value, E> {
        Ok(self.0.other("a boolean"))
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<T::Value, E> {
        Ok(self.0.other("a number"))
    }
    fn visit_u64<E: Error>(self, v: u64) -> Result<T::Value, E> {
        Ok(self.0.number(v))
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<T::Value, E> {
        Ok(self.0.other("a number"))
    }
    fn visit_unit<E: Error>(self) -> Result<T::Value, E> {
        Ok(self.0.null())
    }
    fn visit_str<E: Error>(self, v: &str) -> Result<T::Value, E> {
        Ok(self.0.string(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<T::Value, A::Error> {
        self.0.seq(seq)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T::Value, A::Error> {
        self.0.map(map)
    }
}

/// Any value: a string is kept when asked for, the rest is dropped.
pub(super) struct Any<'s> {
    state: &'s mut State,
    place: &'s str,
    keep: bool,
}

impl<'s> Any<'s> {
    pub(super) fn drop(state: &'s mut State, place: &'s str) -> Self {
        Self {
            state,
            place,
            keep: false,
        }
    }
}

/// A value read where the record expects a string.
pub(super) enum Seen {
    Str(String),
    Null,
    Other(&'static str),
}

impl<'de> Expect<'de> for Any<'_> {
    type Value = Seen;
    fn state(&mut self) -> &mut State {
        self.state
    }
    fn place(&self) -> &str {
        self.place
    }
    fn other(self, kind: &'static str) -> Seen {
        Seen::Other(kind)
    }
    fn null(self) -> Seen {
        Seen::Null
    }
    fn string(self, v: &str) -> Seen {
        if self.keep && self.state.take(v.len()) {
            Seen::Str(v.to_owned())
        } else {
            Seen::Other("a string")
        }
    }
}

/// Reads the value of `map`'s current key as a string or null; `what`
/// names it in a problem.
pub(super) fn string<'de, A: MapAccess<'de>>(
    map: &mut A,
    state: &mut State,
    place: &str,
    what: &str,
) -> Result<Option<String>, A::Error> {
    let any = Any {
        state: &mut *state,
        place,
        keep: true,
    };
    Ok(match map.next_value_seed(Shaped(any))? {
        Seen::Str(s) => Some(s),
        Seen::Null => None,
        Seen::Other(kind) => {
            state.note(|| ImportError::Kind {
                place: what.to_owned(),
                expected: "a string",
                found: kind,
            });
            None
        }
    })
}

/// An array of strings, or null.
pub(super) struct Strings<'s> {
    pub(super) state: &'s mut State,
    pub(super) place: &'s str,
}

impl<'de> Expect<'de> for Strings<'_> {
    type Value = Vec<String>;
    fn state(&mut self) -> &mut State {
        self.state
    }
    fn place(&self) -> &str {
        self.place
    }
    fn other(self, kind: &'static str) -> Vec<String> {
        let place = self.place;
        self.state.note(|| ImportError::Kind {
            place: place.to_owned(),
            expected: "an array of strings",
            found: kind,
        });
        Vec::new()
    }
    fn null(self) -> Vec<String> {
        Vec::new()
    }
    fn seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let mut all = Vec::new();
        loop {
            let any = Any {
                state: &mut *self.state,
                place: self.place,
                keep: true,
            };
            match seq.next_element_seed(Shaped(any))? {
                None => return Ok(all),
                Some(Seen::Str(s)) => all.push(s),
                Some(Seen::Null | Seen::Other(_)) => {
                    let place = self.place;
                    self.state
                        .note(|| ImportError::NotOnlyStrings(place.to_owned()));
                }
            }
        }
    }
}
