//! The fields of a record object that make up the record: `tags`,
//! `comments`, `moves` (with their variations) and `result_token`. Every other field (`setup`,
//! `verdict`, a move's `parts` and `position`...) is walked, checked for
//! duplicate keys and dropped.

use super::visit::{Any, Expect, Keys, Shaped, State, Strings, string};
use super::{ImportError, MoveIn, RecordIn};
use crate::record::{MAX_DEPTH, MAX_ITEMS};
use serde::de::{MapAccess, SeqAccess};

/// Reads the fields of a record object from `map`.
pub(super) fn record<'de, A: MapAccess<'de>>(mut map: A) -> Result<RecordIn, A::Error> {
    let mut state = State::new();
    let mut keys = Keys::new();
    let mut record = RecordIn::default();
    while let Some(key) = map.next_key::<String>()? {
        keys.add(&mut state, &key, "the record");
        let state = &mut state;
        match key.as_str() {
            "tags" => record.tags = map.next_value_seed(Shaped(Tags(state)))?,
            "comments" => {
                let place = "comments";
                record.comments = map.next_value_seed(Shaped(Strings { state, place }))?;
            }
            "moves" => record.moves = map.next_value_seed(Shaped(Moves::main(state)))?,
            "result_token" => {
                record.result_token = string(&mut map, state, "result_token", "result_token")?;
            }
            place => {
                map.next_value_seed(Shaped(Any::drop(state, place)))?;
            }
        }
    }
    keys.release(&mut state);
    record.problem = state.problem;
    Ok(record)
}

/// A record that is not an object: what it was instead, walked and
/// dropped.
pub(super) struct NotARecord(pub(super) State);

impl<'de> Expect<'de> for NotARecord {
    type Value = RecordIn;
    fn state(&mut self) -> &mut State {
        &mut self.0
    }
    fn place(&self) -> &str {
        "the value"
    }
    fn other(mut self, kind: &'static str) -> RecordIn {
        self.0.note(|| ImportError::NotARecord(kind));
        RecordIn {
            problem: self.0.problem,
            ..RecordIn::default()
        }
    }
    fn map<A: MapAccess<'de>>(self, map: A) -> Result<RecordIn, A::Error> {
        record(map)
    }
}

/// The record's `tags`: an object of strings, each on one line.
struct Tags<'s>(&'s mut State);

impl<'de> Expect<'de> for Tags<'_> {
    type Value = Option<Vec<(String, String)>>;
    fn state(&mut self) -> &mut State {
        self.0
    }
    fn place(&self) -> &str {
        "tags"
    }
    fn other(self, kind: &'static str) -> Self::Value {
        self.0.note(|| ImportError::Kind {
            place: "tags".to_owned(),
            expected: "an object",
            found: kind,
        });
        None
    }
    fn null(self) -> Self::Value {
        None
    }
    fn map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let state = self.0;
        let mut keys = Keys::new();
        let mut tags = Vec::new();
        while let Some(name) = map.next_key::<String>()? {
            keys.add(state, &name, "tags");
            let what = format!("tag {name}");
            match string(&mut map, state, "tags", &what)? {
                Some(value) if !value.contains('\n') => tags.push((name, value)),
                _ => state.note(|| ImportError::TagValue(name)),
            }
        }
        keys.release(state);
        Ok(Some(tags))
    }
}

/// The record's `moves`, or a variation's: an array of move objects, of
/// which at most [`MAX_ITEMS`] are kept.
struct Moves<'s> {
    state: &'s mut State,
    /// Where the line is: empty for the main line, else `move 3,
    /// variation 1`.
    place: String,
    /// How deep in variations the line is.
    depth: usize,
}

impl<'s> Moves<'s> {
    fn main(state: &'s mut State) -> Self {
        Self {
            state,
            place: String::new(),
            depth: 0,
        }
    }

    /// The place of its move number `n`, from 1.
    fn move_place(&self, n: usize) -> String {
        match self.place.as_str() {
            "" => format!("move {n}"),
            place => format!("{place}, move {n}"),
        }
    }

    /// The place of the line itself.
    fn line_place(&self) -> &str {
        match self.place.as_str() {
            "" => "moves",
            place => place,
        }
    }
}

impl<'de> Expect<'de> for Moves<'_> {
    type Value = Vec<MoveIn>;
    fn state(&mut self) -> &mut State {
        self.state
    }
    fn place(&self) -> &str {
        self.line_place()
    }
    fn other(self, kind: &'static str) -> Vec<MoveIn> {
        let place = self.line_place().to_owned();
        self.state.note(|| ImportError::Kind {
            place,
            expected: "an array",
            found: kind,
        });
        Vec::new()
    }
    fn null(self) -> Vec<MoveIn> {
        Vec::new()
    }
    fn seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<MoveIn>, A::Error> {
        let mut moves = Vec::new();
        let mut count = 0usize;
        loop {
            let place = self.move_place(count + 1);
            let found = seq.next_element_seed(Shaped(Move {
                state: &mut *self.state,
                place: &place,
                depth: self.depth,
            }))?;
            let Some(found) = found else { break };
            count += 1;
            if let Some(m) = found.filter(|_| count <= MAX_ITEMS) {
                moves.push(m);
            }
        }
        if count > MAX_ITEMS {
            self.state.note(|| ImportError::TooManyMoves(count));
        }
        Ok(moves)
    }
}

/// A move's `variations`: an array of lines, each an array of moves.
struct Variations<'s> {
    state: &'s mut State,
    place: &'s str,
    /// The depth of the move they follow.
    depth: usize,
}

impl<'de> Expect<'de> for Variations<'_> {
    type Value = Vec<Vec<MoveIn>>;
    fn state(&mut self) -> &mut State {
        self.state
    }
    fn place(&self) -> &str {
        self.place
    }
    fn other(self, kind: &'static str) -> Self::Value {
        let place = self.place;
        self.state.note(|| ImportError::Kind {
            place: format!("{place}: variations"),
            expected: "an array",
            found: kind,
        });
        Vec::new()
    }
    fn null(self) -> Self::Value {
        Vec::new()
    }
    fn seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let depth = self.depth + 1;
        if depth > MAX_DEPTH {
            let place = self.place;
            self.state.note(|| ImportError::TooDeep(place.to_owned()));
        }
        let mut lines = Vec::new();
        loop {
            let line = Moves {
                state: &mut *self.state,
                place: format!("{}, variation {}", self.place, lines.len() + 1),
                depth,
            };
            match seq.next_element_seed(Shaped(line))? {
                Some(line) => lines.push(line),
                None => return Ok(lines),
            }
        }
    }
}

/// A move's `nags`: an array of numbers from 0 to 255.
struct Nags<'s> {
    state: &'s mut State,
    place: &'s str,
}

impl<'de> Expect<'de> for Nags<'_> {
    type Value = Vec<u8>;
    fn state(&mut self) -> &mut State {
        self.state
    }
    fn place(&self) -> &str {
        self.place
    }
    fn other(self, kind: &'static str) -> Self::Value {
        let place = self.place;
        self.state.note(|| ImportError::Kind {
            place: format!("{place}: nags"),
            expected: "an array",
            found: kind,
        });
        Vec::new()
    }
    fn null(self) -> Self::Value {
        Vec::new()
    }
    fn seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut nags = Vec::new();
        loop {
            let nag = Nag {
                state: &mut *self.state,
                place: self.place,
            };
            match seq.next_element_seed(Shaped(nag))? {
                Some(Some(value)) => nags.push(value),
                Some(None) => {}
                None => return Ok(nags),
            }
        }
    }
}

/// One numeric glyph: a number from 0 to 255.
struct Nag<'s> {
    state: &'s mut State,
    place: &'s str,
}

impl<'de> Expect<'de> for Nag<'_> {
    type Value = Option<u8>;
    fn state(&mut self) -> &mut State {
        self.state
    }
    fn place(&self) -> &str {
        self.place
    }
    fn other(self, kind: &'static str) -> Self::Value {
        let place = self.place;
        self.state.note(|| ImportError::Kind {
            place: format!("{place}: nags"),
            expected: "numbers from 0 to 255",
            found: kind,
        });
        None
    }
    fn number(self, value: u64) -> Self::Value {
        match u8::try_from(value) {
            Ok(value) => Some(value),
            Err(_) => self.other("a larger number"),
        }
    }
}

/// One move: `comments_before`, `number`, `text`, `glyph`, `nags`,
/// `comments` and `variations` are kept.
struct Move<'s> {
    state: &'s mut State,
    place: &'s str,
    depth: usize,
}

impl<'de> Expect<'de> for Move<'_> {
    type Value = Option<MoveIn>;
    fn state(&mut self) -> &mut State {
        self.state
    }
    fn place(&self) -> &str {
        self.place
    }
    fn other(self, kind: &'static str) -> Option<MoveIn> {
        let place = self.place;
        self.state.note(|| ImportError::Kind {
            place: place.to_owned(),
            expected: "an object",
            found: kind,
        });
        None
    }
    fn map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<MoveIn>, A::Error> {
        let Move {
            state,
            place,
            depth,
        } = self;
        let mut keys = Keys::new();
        let mut m = MoveIn::default();
        let mut text = None;
        while let Some(key) = map.next_key::<String>()? {
            keys.add(state, &key, place);
            match key.as_str() {
                "number" => m.number = string(&mut map, state, place, place)?,
                "text" => text = string(&mut map, state, place, place)?,
                "glyph" => m.glyph = string(&mut map, state, place, place)?,
                "comments" => {
                    m.comments = map.next_value_seed(Shaped(Strings { state, place }))?;
                }
                "comments_before" => {
                    m.comments_before = map.next_value_seed(Shaped(Strings { state, place }))?;
                }
                "nags" => m.nags = map.next_value_seed(Shaped(Nags { state, place }))?,
                "variations" => {
                    let variations = Variations {
                        state,
                        place,
                        depth,
                    };
                    m.variations = map.next_value_seed(Shaped(variations))?;
                }
                _ => {
                    map.next_value_seed(Shaped(Any::drop(state, place)))?;
                }
            }
        }
        keys.release(state);
        match text {
            Some(text) => m.text = text,
            None => state.note(|| ImportError::NoText(place.to_owned())),
        }
        Ok(Some(m))
    }
}
