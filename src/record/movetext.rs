//! The movetext grammar (see `grammar/record.ebnf`): move numbers, moves,
//! comments and the result, read one item at a time.

use super::parse::MAX_ITEMS;
use super::{Dots, Item, ItemKind, Record, SyntaxError};
use std::ops::Range;

/// The movetext items of a record, read one at a time from its text.
///
/// Reading stops at the first syntax error, which [`Movetext::finish`] then
/// returns.
#[derive(Debug, Clone)]
pub struct Movetext<'a> {
    record: &'a Record,
    /// The record's text.
    text: &'a str,
    /// Where reading goes on.
    at: usize,
    /// Items read so far.
    count: usize,
    result_seen: bool,
    /// The syntax error that ended the movetext: its offset and message.
    error: Option<(usize, String)>,
}

/// An item, or the offset of a fault and its message.
type Scanned = Result<Item, (usize, String)>;

impl<'a> Movetext<'a> {
    /// The movetext of `record`, from its start.
    pub(super) fn new(record: &'a Record) -> Self {
        Self {
            record,
            text: record.text(),
            at: record.movetext_at,
            count: 0,
            result_seen: false,
            error: None,
        }
    }

    /// Whether the items read so far were read without error.
    ///
    /// # Errors
    /// The syntax error that stopped the reading.
    pub fn finish(&self) -> Result<(), SyntaxError> {
        match &self.error {
            Some((offset, message)) => Err(self.record.syntax_error(*offset, message.clone())),
            None => Ok(()),
        }
    }

    /// The next item; `None` at the end or at a syntax error, which is
    /// then kept in `self.error`.
    ///
    /// Items are returned as plain values and faults kept aside, so that a
    /// legal item never travels through a larger `Result` in memory.
    #[inline]
    fn scan(&mut self) -> Option<Item> {
        let bytes = self.text.as_bytes();
        let mut at = self.at;
        let first = loop {
            match bytes.get(at) {
                None => {
                    self.at = at;
                    return None;
                }
                Some(&b) if b.is_ascii_whitespace() => at += 1,
                Some(&b) => break b,
            }
        };
        if self.count == MAX_ITEMS {
            return self.fail(too_many_items(at));
        }
        let scanned = match first {
            b'{' => brace_comment(bytes, at),
            b';' => Ok(line_comment(bytes, at)),
            b'0'..=b'9' => self.number_or_word(at),
            _ => self.word(at),
        };
        let item = match scanned {
            Ok(item) => item,
            Err(error) => return self.fail(error),
        };
        if item.kind() != ItemKind::Comment {
            if self.result_seen {
                return self.fail(after_result(at));
            }
            self.result_seen = item.kind() == ItemKind::Result;
        }
        self.count += 1;
        let end = item.span().end;
        self.at = match item.kind() {
            ItemKind::Comment if first == b'{' => end + 1,
            ItemKind::Move { glyph } => end + usize::from(glyph),
            _ => end,
        };
        Some(item)
    }

    /// Ends the movetext with a syntax error: its offset and message.
    #[cold]
    fn fail(&mut self, error: (usize, String)) -> Option<Item> {
        self.error = Some(error);
        None
    }

    /// The end of the run of word bytes that starts at `at`.
    #[inline]
    fn word_end(&self, at: usize) -> usize {
        let rest = self.text.as_bytes().get(at..).unwrap_or_default();
        at + rest
            .iter()
            .position(|&b| WORD_BYTES[usize::from(b)] != ByteClass::InWord)
            .unwrap_or(rest.len())
    }

    /// A move word or a result token at byte `at`.
    #[inline]
    fn word(&self, at: usize) -> Scanned {
        let end = self.word_end(at);
        let bytes = self.text.as_bytes();
        if bytes
            .get(end)
            .is_some_and(|&b| WORD_BYTES[usize::from(b)] == ByteClass::Bad)
        {
            return Err(bad_byte(self.text, end));
        }
        let span = at..end;
        let kind = match &bytes[at..end] {
            [] => return Err((at, "unexpected text".to_owned())),
            [.., b'!' | b'?'] => return glyph_word(self.text, span),
            [b'*'] | [b'A'..=b'Z', b'+'] => ItemKind::Result,
            digits @ [b'0'..=b'9', ..] if digits.iter().all(u8::is_ascii_digit) => {
                let digits = String::from_utf8_lossy(digits);
                return Err((at, format!("a move number needs a dot: {digits}.")));
            }
            _ => ItemKind::Move { glyph: 0 },
        };
        Ok(Item::new(kind, span))
    }

    /// `12.` or `12...` at byte `at`; a word when the digits are not
    /// followed by a dot.
    fn number_or_word(&self, at: usize) -> Scanned {
        let bytes = self.text.as_bytes();
        let digits = bytes
            .get(at..)
            .unwrap_or_default()
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = at + digits;
        let dot = |i: usize| bytes.get(end + i) == Some(&b'.');
        let dots = match (dot(0), dot(1), dot(2), dot(3)) {
            (false, ..) => return self.word(at),
            (true, false, ..) => Dots::One,
            (true, true, true, false) => Dots::Three,
            _ => {
                let digits = String::from_utf8_lossy(&bytes[at..end]);
                return Err((
                    at,
                    format!("a move number is written {digits}. or {digits}..."),
                ));
            }
        };
        let kind = ItemKind::Number {
            value: number_value(&bytes[at..end]),
            dots,
        };
        Ok(Item::new(
            kind,
            at..end + if dots == Dots::One { 1 } else { 3 },
        ))
    }
}

/// The value of a move number's digits; `u32::MAX` when it does not fit
/// in 32 bits.
fn number_value(digits: &[u8]) -> u32 {
    digits
        .iter()
        .try_fold(0u32, |value, digit| {
            value.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
        })
        .unwrap_or(u32::MAX)
}

impl Iterator for Movetext<'_> {
    type Item = Item;

    #[inline]
    fn next(&mut self) -> Option<Item> {
        if self.error.is_some() {
            return None;
        }
        self.scan()
    }
}

#[cold]
fn too_many_items(at: usize) -> (usize, String) {
    let message = format!(
        "the movetext has more than the limit of {MAX_ITEMS} items (move numbers, moves, comments)"
    );
    (at, message)
}

#[cold]
fn after_result(at: usize) -> (usize, String) {
    (at, "nothing but comments may follow the result".into())
}

/// `{...}`, starting at byte `at`; the span is the comment's inside.
fn brace_comment(bytes: &[u8], at: usize) -> Scanned {
    let body = at + 1;
    match memchr::memchr(b'}', bytes.get(body..).unwrap_or_default()) {
        Some(len) => Ok(Item::new(ItemKind::Comment, body..body + len)),
        None => Err((
            at,
            "comment is not closed: '{' has no matching '}'".to_owned(),
        )),
    }
}

/// `; ...` up to the end of the line, starting at byte `at`.
fn line_comment(bytes: &[u8], at: usize) -> Item {
    let body = at + 1;
    let rest = bytes.get(body..).unwrap_or_default();
    let end = body + memchr::memchr(b'\n', rest).unwrap_or(rest.len());
    Item::new(ItemKind::Comment, body..end)
}

/// What a byte is to a move word.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ByteClass {
    /// Part of the word.
    InWord,
    /// Ends the word: white space, `{` or `;`.
    Ends,
    /// Not allowed in a word: `}`, a control character, or any non-ASCII byte.
    Bad,
}

/// The class of every byte, worked out at compile time.
const WORD_BYTES: [ByteClass; 256] = {
    let mut table = [ByteClass::Bad; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_whitespace() || byte == b'{' || byte == b';' {
            ByteClass::Ends
        } else if byte.is_ascii_graphic() && byte != b'}' {
            ByteClass::InWord
        } else {
            ByteClass::Bad
        };
        b += 1;
    }
    table
};

/// The fault of a byte that cannot be in a word, at byte `at` of `text`.
#[cold]
fn bad_byte(text: &str, at: usize) -> (usize, String) {
    let c = text.get(at..).and_then(|t| t.chars().next()).unwrap_or(' ');
    let what = if c == '}' {
        "'}' without an opening '{'".to_owned()
    } else {
        format!("unexpected character {c:?}")
    };
    (at, what)
}

/// A word that ends with `!` or `?`: a move and its annotation glyph.
fn glyph_word(text: &str, span: Range<usize>) -> Scanned {
    // The word is ASCII: every offset in it is a character boundary.
    let word = text.get(span.clone()).unwrap_or_default();
    let (body, glyph) = split_glyph(word);
    let body_end = span.start + body.len();
    if let Some(glyph) = glyph {
        if !matches!(glyph, "!" | "?" | "!!" | "??" | "!?" | "?!") {
            return Err((body_end, format!("{glyph:?} is not an annotation glyph")));
        }
    }
    if body.is_empty() {
        return Err((
            span.start,
            "an annotation glyph must follow a move".to_owned(),
        ));
    }
    if body.bytes().all(|b| b.is_ascii_digit()) {
        return Err((span.start, format!("a move number needs a dot: {body}.")));
    }
    let kind = ItemKind::Move {
        glyph: glyph.map_or(0, |g| g.len() as u8),
    };
    Ok(Item::new(kind, span.start..body_end))
}

/// Whether `text` is a result token: `*`, or one capital letter and `+`.
pub fn is_result(text: &str) -> bool {
    let bytes = text.as_bytes();
    text == "*" || (bytes.len() == 2 && bytes[0].is_ascii_uppercase() && bytes[1] == b'+')
}

/// Splits a trailing annotation glyph off a move word.
fn split_glyph(text: &str) -> (&str, Option<&str>) {
    if !matches!(text.as_bytes().last(), Some(b'!' | b'?')) {
        return (text, None);
    }
    let body = text.trim_end_matches(['!', '?']);
    if body.len() == text.len() {
        (text, None)
    } else {
        (body, Some(&text[body.len()..]))
    }
}
