//! A stream of JSON records: NDJSON, objects one after another in any
//! whitespace (as `jq .` prints them), or arrays of records. It is read a
//! byte at a time through [`Counted`], which knows the line of the record
//! being read and stops any record, string or run of whitespace that is
//! too long, so that endless input ends with an error at once.

use super::fields::NotARecord;
use super::visit::{Expect, Shaped, State};
use super::{JsonRecord, JsonStop, MAX_JSON_RECORD_BYTES, MAX_JSON_SPACE_BYTES, RecordIn};
use crate::record::MAX_RECORD_BYTES;
use serde::de::{DeserializeSeed, Error, MapAccess, SeqAccess};
use serde_json::error::Category;
use std::cell::RefCell;
use std::io::{self, Read};
use std::rc::Rc;

/// A limit that [`Counted`] enforced, ending the input.
#[derive(Debug, Clone, Copy)]
enum Limit {
    Record,
    String,
    Space,
    Bom,
}

/// Where the reading is: what [`Counted`] has passed to the parser.
#[derive(Debug, Default)]
struct Tracker {
    /// Bytes since the last record ended.
    bytes: usize,
    /// Bytes of the string being read, or of the run of whitespace.
    run: usize,
    in_string: bool,
    escaped: bool,
    newlines: usize,
    last: u8,
    /// The last bytes read, to quote an escape in a message: a ring whose
    /// next byte goes at `total` modulo its length.
    recent: [u8; 16],
    /// Bytes read in all.
    total: usize,
    /// The limit that ended the input.
    limit: Option<Limit>,
    /// Records read whole.
    done: usize,
    /// The line of the record being read, once it has begun.
    start: Option<usize>,
}

impl Tracker {
    /// The line of the last byte read.
    fn line(&self) -> usize {
        1 + self.newlines - usize::from(self.last == b'\n')
    }

    /// Notes byte `b`; the limit it breaks, if any.
    fn step(&mut self, b: u8) -> Option<Limit> {
        self.bytes += 1;
        self.newlines += usize::from(b == b'\n');
        self.last = b;
        if let Some(slot) = self.recent.get_mut(self.total % 16) {
            *slot = b;
        }
        self.total += 1;
        if self.in_string {
            self.run += 1;
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                self.run = 0;
            }
        } else if matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
            self.run += 1;
            if self.run > MAX_JSON_SPACE_BYTES {
                return Some(Limit::Space);
            }
        } else {
            self.in_string = b == b'"';
            self.run = 0;
        }
        if self.run > MAX_RECORD_BYTES {
            return Some(Limit::String);
        }
        (self.bytes > MAX_JSON_RECORD_BYTES).then_some(Limit::Record)
    }

    /// The record being read, or the next one: its number and line.
    fn here(&self) -> (usize, usize) {
        (self.done + 1, self.start.unwrap_or_else(|| self.line()))
    }

    /// The last `\uXXXX` escape read of a UTF-16 surrogate, as written.
    fn last_surrogate(&self) -> Option<String> {
        let mut recent = self.recent;
        recent.rotate_left(self.total % 16);
        (0..recent.len().saturating_sub(5)).rev().find_map(|i| {
            let escape = recent.get(i..i + 6)?;
            let hex = std::str::from_utf8(escape.get(2..)?).ok()?;
            let unit = u16::from_str_radix(hex, 16).ok()?;
            (escape.starts_with(b"\\u") && (0xd800..0xe000).contains(&unit))
                .then(|| String::from_utf8_lossy(escape).into_owned())
        })
    }
}

/// The input, passed on a byte at a time and counted; a byte-order mark at
/// the start is dropped. It reads `input` a chunk at a time.
struct Counted<R> {
    input: R,
    tracker: Rc<RefCell<Tracker>>,
    /// Bytes of the byte-order mark matched so far; 3 once it is past.
    bom: usize,
    chunk: Box<[u8]>,
    /// The next byte of `chunk` to pass on, and the end of what it holds.
    at: usize,
    len: usize,
}

const BOM: [u8; 3] = [0xef, 0xbb, 0xbf];

impl<R: Read> Counted<R> {
    /// The next byte, left unread; `None` at the end.
    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.at >= self.len {
            self.len = self.input.read(&mut self.chunk)?;
            self.at = 0;
        }
        Ok(self
            .chunk
            .get(self.at..self.len)
            .and_then(|c| c.first().copied()))
    }
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.tracker.borrow().limit.is_some() {
            return Err(io::Error::other("limit"));
        }
        while let Some(&expected) = BOM.get(self.bom) {
            if self.peek()? == Some(expected) {
                self.at += 1;
                self.bom += 1;
            } else if self.bom > 0 {
                self.tracker.borrow_mut().limit = Some(Limit::Bom);
                return Err(io::Error::other("limit"));
            } else {
                self.bom = BOM.len();
            }
        }
        let (Some(b), Some(slot)) = (self.peek()?, buf.first_mut()) else {
            return Ok(0);
        };
        let mut tracker = self.tracker.borrow_mut();
        if let Some(limit) = tracker.step(b) {
            tracker.limit = Some(limit);
            return Err(io::Error::other("limit"));
        }
        *slot = b;
        self.at += 1;
        Ok(1)
    }
}

/// Reads every record of `input`, calling `each` on each in order.
pub(super) fn read(
    input: impl Read,
    each: &mut dyn FnMut(JsonRecord) -> io::Result<()>,
) -> Result<usize, JsonStop> {
    let tracker = Rc::new(RefCell::new(Tracker::default()));
    let counted = Counted {
        input,
        tracker: Rc::clone(&tracker),
        bom: 0,
        chunk: vec![0; 1 << 16].into_boxed_slice(),
        at: 0,
        len: 0,
    };
    let mut de = serde_json::Deserializer::from_reader(counted);
    let mut sink = Sink {
        tracker: &tracker,
        each,
        output: None,
    };
    loop {
        match de.end() {
            Ok(()) => return Ok(tracker.borrow().done),
            Err(e) if e.classify() == Category::Io => return Err(stop(&tracker.borrow(), e)),
            Err(_) => {}
        }
        let top = Top {
            sink: &mut sink,
            state: State::new(),
        };
        let result = Shaped(top).deserialize(&mut de);
        if let Some(e) = sink.output.take() {
            return Err(JsonStop::Output(e));
        }
        if let Err(e) = result {
            return Err(stop(&tracker.borrow(), e));
        }
    }
}

/// Why the input ends at `e`.
fn stop(tracker: &Tracker, e: serde_json::Error) -> JsonStop {
    let (number, line) = tracker.here();
    let bad = |reason: String| JsonStop::Bad {
        number,
        line,
        reason,
    };
    match tracker.limit {
        Some(Limit::Record) => {
            return bad(format!(
                "the record is larger than the limit of {MAX_JSON_RECORD_BYTES} bytes of JSON"
            ));
        }
        Some(Limit::String) => {
            return bad(format!(
                "a string is longer than the limit of {MAX_RECORD_BYTES} bytes"
            ));
        }
        Some(Limit::Space) => {
            return bad(format!(
                "more than {MAX_JSON_SPACE_BYTES} bytes of whitespace in a row"
            ));
        }
        Some(Limit::Bom) => return bad("invalid JSON: the text is not UTF-8".into()),
        None => {}
    }
    if e.classify() == Category::Io {
        return JsonStop::Input {
            line: tracker.line(),
            error: e.into(),
        };
    }
    let message = e.to_string();
    let at = format!("at line {} column {}", e.line(), e.column());
    let reason = if message.starts_with("unexpected end of hex escape")
        || message.starts_with("lone leading surrogate")
    {
        match tracker.last_surrogate() {
            Some(escape) => format!("a lone UTF-16 surrogate {escape} in a string {at}"),
            None => format!("a lone UTF-16 surrogate in a string {at}"),
        }
    } else if message.starts_with("invalid unicode code point") {
        format!("the text is not UTF-8 {at}")
    } else {
        message
    };
    bad(format!("invalid JSON: {reason}"))
}

/// Where read records go.
struct Sink<'a> {
    tracker: &'a RefCell<Tracker>,
    each: &'a mut dyn FnMut(JsonRecord) -> io::Result<()>,
    /// The failure to write a record, which ends the reading.
    output: Option<io::Error>,
}

impl Sink<'_> {
    /// Notes that a record begins, at the last byte read.
    fn begin(&self) {
        let mut tracker = self.tracker.borrow_mut();
        tracker.start = Some(tracker.line());
    }

    /// Passes on `record`, read whole; false when the output failed.
    fn end(&mut self, record: RecordIn) -> bool {
        let (number, line) = self.tracker.borrow().here();
        {
            let mut tracker = self.tracker.borrow_mut();
            tracker.done += 1;
            tracker.start = None;
            tracker.bytes = 0;
        }
        let text = record.into_text();
        match (self.each)(JsonRecord { number, line, text }) {
            Ok(()) => true,
            Err(e) => {
                self.output = Some(e);
                false
            }
        }
    }
}

/// A value at the top of the input: a record, or an array of records.
struct Top<'s, 'a> {
    sink: &'s mut Sink<'a>,
    /// The state of a value that is neither.
    state: State,
}

impl<'de> Expect<'de> for Top<'_, '_> {
    type Value = bool;
    fn state(&mut self) -> &mut State {
        &mut self.state
    }
    fn place(&self) -> &str {
        "the value"
    }
    fn other(self, kind: &'static str) -> bool {
        self.sink.begin();
        self.sink.end(NotARecord(self.state).other(kind))
    }
    fn map<A: MapAccess<'de>>(self, map: A) -> Result<bool, A::Error> {
        self.sink.begin();
        let record = super::fields::record(map)?;
        Ok(self.sink.end(record))
    }
    fn seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<bool, A::Error> {
        while seq.next_element_seed(Element(&mut *self.sink))?.is_some() {}
        Ok(true)
    }
}

/// One element of an array of records.
struct Element<'s, 'a>(&'s mut Sink<'a>);

impl<'de> DeserializeSeed<'de> for Element<'_, '_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.0.begin();
        let record = Shaped(NotARecord(State::new())).deserialize(d)?;
        if self.0.end(record) {
            Ok(())
        } else {
            Err(D::Error::custom("the output failed"))
        }
    }
}
