//! The movetext grammar (see `grammar/record.ebnf`): move numbers, moves,
//! comments, glyphs, variations and the result, read one item at a time.

mod faults;
mod variations;

pub use variations::MAX_DEPTH;

use super::parse::MAX_ITEMS;
use super::{Dots, Item, ItemKind, Record, SyntaxError, SyntaxFault};
use faults::{
    Fault, after_result, bad_byte, bad_dots, chess_result, number_without_dot, result_in_variation,
    too_many_items,
};
use std::convert::Infallible;
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
    /// Where reading goes on; the end of the text after a syntax error.
    at: usize,
    /// Items read so far but move numbers, counted only when the movetext
    /// could hold more than [`MAX_ITEMS`].
    count: usize,
    /// Move numbers read so far, counted so too.
    numbers: usize,
    /// Whether the movetext is long enough to hold more than [`MAX_ITEMS`]
    /// items: each takes at least one byte, so a shorter one cannot, and its
    /// items need no counting.
    counting: bool,
    result_seen: bool,
    /// The syntax error that ended the movetext.
    error: Option<Fault>,
    /// How many variations are open.
    depth: u8,
    /// Where the outermost variation still open starts: its `(`.
    outer_open: usize,
    /// Where the line being read (the main line, or the variation last
    /// opened) starts.
    line_start: usize,
    /// Whether the line being read is known to hold a move: what a `(`,
    /// a `)` or a numeric glyph needs before it. Moves are not noted as
    /// they are read: the line is read again from its start when one of
    /// those asks, once.
    line_checked: bool,
}

impl<'a> Movetext<'a> {
    /// The movetext of `record`, from its start.
    pub(super) fn new(record: &'a Record) -> Self {
        Self {
            record,
            text: record.text(),
            at: record.movetext_at,
            count: 0,
            numbers: 0,
            counting: record.text().len().saturating_sub(record.movetext_at) > MAX_ITEMS,
            result_seen: false,
            error: None,
            depth: 0,
            outer_open: 0,
            line_start: record.movetext_at,
            line_checked: false,
        }
    }

    /// Whether the items read so far were read without error.
    ///
    /// # Errors
    /// The syntax error that stopped the reading.
    pub fn finish(&self) -> Result<(), SyntaxError> {
        match &self.error {
            Some((offset, fault, message)) => {
                Err(self.record.syntax_error(*offset, *fault, message.clone()))
            }
            None => Ok(()),
        }
    }

    /// The record's text as bytes.
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// Ends the movetext with a syntax error.
    ///
    /// Faults are kept aside, so that a legal item never travels through a
    /// larger `Result` in memory.
    fn fail(&mut self, error: Fault) -> Option<Item> {
        self.error = Some(error);
        self.at = self.text.len();
        None
    }

    /// An item that is not a comment, ending at `end`: nothing but comments
    /// may follow the result.
    #[inline]
    fn token(&mut self, item: Item, end: usize) -> Option<Item> {
        self.pass(item.span().start, end)?;
        self.result_seen = item.kind() == ItemKind::Result;
        Some(item)
    }

    /// Goes on to `end` after an item that is not a comment, read from
    /// `at`; or ends the movetext with a fault when the result came before:
    /// nothing but comments may follow it.
    #[inline]
    fn pass(&mut self, at: usize, end: usize) -> Option<()> {
        if self.result_seen {
            return self.fail(after_result(at)).map(drop);
        }
        self.at = end;
        Some(())
    }

    /// `12.` or `12...` at byte `at`; a word when the digits are not
    /// followed by a dot.
    #[inline]
    fn number<M>(&mut self, at: usize) -> Option<Read<M>> {
        let bytes = self.bytes();
        let mut end = at;
        let mut value = 0u32;
        while let Some(&b) = bytes.get(end) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u32::from(digit));
            end += 1;
        }
        if end - at > MAX_EXACT_DIGITS {
            value = saturated_value(bytes.get(at..end).unwrap_or_default());
        }
        let dot = |i: usize| bytes.get(end + i) == Some(&b'.');
        let dots = match (dot(0), dot(1)) {
            (false, _) => return self.digits_word(at).map(Read::of),
            (true, false) => Dots::One,
            (true, true) if dot(2) && !dot(3) => Dots::Three,
            (true, true) => return self.fail(bad_dots(bytes, at, end)).map(Read::of),
        };
        let end = end + if dots == Dots::One { 1 } else { 3 };
        self.pass(at, end)?;
        Some(Read::Item(ItemKind::Number { value, dots }, at..end))
    }

    /// A word that starts with digits not followed by a dot, at byte `at`:
    /// no move is written so.
    #[inline(never)]
    fn digits_word(&mut self, at: usize) -> Option<Item> {
        self.word(at)
    }

    /// A move word or a result token at byte `at`.
    #[inline]
    fn word(&mut self, at: usize) -> Option<Item> {
        let bytes = self.bytes();
        let mut end = at;
        let mut class = ByteClass::Ends;
        while let Some(&b) = bytes.get(end) {
            class = BYTE_CLASSES[usize::from(b)];
            if class != ByteClass::InWord {
                break;
            }
            end += 1;
        }
        if class == ByteClass::Bad {
            return self.fail(bad_byte(self.text, end));
        }
        let kind = match bytes.get(at..end).unwrap_or_default() {
            [] => return self.parenthesis(at),
            [b'$', ..] => return self.nag(at, end),
            [.., b'!' | b'?'] => return self.glyph_word(at, end),
            [b'*'] | [b'A'..=b'Z', b'+'] if self.depth > 0 => {
                return self.fail(result_in_variation(at));
            }
            [b'*'] | [b'A'..=b'Z', b'+'] => ItemKind::Result,
            word @ (b"1-0" | b"0-1" | b"1/2-1/2") => return self.fail(chess_result(word, at)),
            digits @ [b'0'..=b'9', ..] if digits.iter().all(u8::is_ascii_digit) => {
                return self.fail(number_without_dot(digits, at));
            }
            _ => ItemKind::Move { glyph: 0 },
        };
        self.token(Item::new(kind, at..end), end)
    }

    /// A word from `at` to `end` that ends with `!` or `?`: a move and its
    /// annotation glyph.
    fn glyph_word(&mut self, at: usize, end: usize) -> Option<Item> {
        let word = self.bytes().get(at..end).unwrap_or_default();
        let body_len = word
            .iter()
            .rposition(|&b| b != b'!' && b != b'?')
            .map_or(0, |i| i + 1);
        let (body, glyph) = word.split_at(body_len);
        if !GLYPHS.iter().any(|g| g.as_bytes() == glyph) {
            let glyph = String::from_utf8_lossy(glyph);
            return self.fail((
                at + body_len,
                SyntaxFault::BadGlyph,
                format!("{glyph:?} is not an annotation glyph"),
            ));
        }
        if body.is_empty() {
            return self.fail((
                at,
                SyntaxFault::GlyphWithoutMove,
                "an annotation glyph must follow a move".to_owned(),
            ));
        }
        if body.iter().all(u8::is_ascii_digit) {
            return self.fail(number_without_dot(body, at));
        }
        // A glyph is at most two bytes long.
        let kind = ItemKind::Move {
            glyph: glyph.len() as u8,
        };
        self.token(Item::new(kind, at..at + body_len), end)
    }

    /// `{...}`, starting at byte `at`; the span is the comment's inside.
    fn brace_comment(&mut self, at: usize) -> Option<Item> {
        let body = at + 1;
        match memchr::memchr(b'}', self.bytes().get(body..).unwrap_or_default()) {
            Some(len) => {
                self.at = body + len + 1;
                Some(Item::new(ItemKind::Comment, body..body + len))
            }
            None => self.fail((
                at,
                SyntaxFault::UnterminatedComment,
                "comment is not closed: '{' has no matching '}'".to_owned(),
            )),
        }
    }

    /// `; ...` up to the end of the line, starting at byte `at`.
    fn line_comment(&mut self, at: usize) -> Option<Item> {
        let body = at + 1;
        let rest = self.bytes().get(body..).unwrap_or_default();
        let end = body + memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        self.at = end;
        Some(Item::new(ItemKind::Comment, body..end))
    }
}

/// What [`Movetext::next_with`] reads: a move its quick reader read, or
/// any other item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read<M> {
    /// A move word read whole by the quick reader: the move and the word's
    /// span in the record's text.
    Move(M, Range<usize>),
    /// Any other item, as its kind and its span (an [`Item`] unpacked),
    /// among them move words left to the game's own reader.
    Item(ItemKind, Range<usize>),
}

impl<M> Read<M> {
    /// An item, unpacked.
    fn of(item: Item) -> Self {
        Read::Item(item.kind(), item.span())
    }
}

impl Movetext<'_> {
    /// The next item, as [`Iterator::next`] reads it, but a word is first
    /// offered to `quick`, which gets the text from the word's start and
    /// gives the move it read there and its length. When the word ends
    /// right there, it is that move, and the scanner reads no further.
    ///
    /// `quick` must read only bytes that may stand in a move word (never
    /// white space, `{`, `}`, `;`, `(`, `)`, `!` or `?`), and never a
    /// result token.
    #[inline]
    pub fn next_with<M>(
        &mut self,
        quick: impl FnOnce(&[u8]) -> Option<(M, usize)>,
    ) -> Option<Read<M>> {
        let bytes = self.bytes();
        let mut at = self.at;
        let first = loop {
            let Some(&b) = bytes.get(at) else {
                self.end();
                return None;
            };
            if !b.is_ascii_whitespace() {
                break b;
            }
            at += 1;
        };
        if self.counting {
            // Move numbers are counted apart: kifu's writer numbers the
            // moves a record may leave unnumbered, and what it writes must
            // read again.
            let numbers = first.is_ascii_digit();
            let count = match numbers {
                true => &mut self.numbers,
                false => &mut self.count,
            };
            if *count == MAX_ITEMS {
                return self.fail(too_many_items(at, numbers)).map(Read::of);
            }
            *count += 1;
        }
        match first {
            b'0'..=b'9' => self.number(at),
            b'{' => self.brace_comment(at).map(Read::of),
            b';' => self.line_comment(at).map(Read::of),
            _ => self.quick_word(at, quick),
        }
    }

    /// A word at byte `at`, read by `quick` when it can.
    #[inline]
    fn quick_word<M>(
        &mut self,
        at: usize,
        quick: impl FnOnce(&[u8]) -> Option<(M, usize)>,
    ) -> Option<Read<M>> {
        let bytes = self.bytes();
        if let Some((mv, len)) = quick(bytes.get(at..).unwrap_or_default()) {
            let end = at + len;
            let ends = bytes
                .get(end)
                .is_none_or(|&b| BYTE_CLASSES[usize::from(b)] == ByteClass::Ends);
            if len > 0 && ends {
                self.pass(at, end)?;
                return Some(Read::Move(mv, at..end));
            }
        }
        self.word(at).map(Read::of)
    }
}

impl Iterator for Movetext<'_> {
    type Item = Item;

    /// The next item; `None` at the end or at a syntax error, which is
    /// then kept for [`Movetext::finish`].
    #[inline]
    fn next(&mut self) -> Option<Item> {
        match self.next_with(|_| None::<(Infallible, usize)>)? {
            Read::Item(kind, span) => Some(Item::new(kind, span)),
            Read::Move(never, _) => match never {},
        }
    }
}

/// The most digits whose value always fits in 32 bits.
const MAX_EXACT_DIGITS: usize = 9;

/// The value of a move number's digits; `u32::MAX` when it does not fit
/// in 32 bits (no game gets that far).
fn saturated_value(digits: &[u8]) -> u32 {
    digits
        .iter()
        .try_fold(0u32, |value, digit| {
            value.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
        })
        .unwrap_or(u32::MAX)
}

/// What a byte is to a move word.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ByteClass {
    /// Part of the word.
    InWord,
    /// Ends the word: white space, `{`, `;`, `(` or `)`.
    Ends,
    /// Not allowed in a word: `}`, a control character, or any non-ASCII byte.
    Bad,
}

/// The class of every byte, worked out at compile time.
const BYTE_CLASSES: [ByteClass; 256] = {
    let mut table = [ByteClass::Bad; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_whitespace() || matches!(byte, b'{' | b';' | b'(' | b')') {
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

/// Every annotation glyph a move may carry.
pub const GLYPHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// Whether `text` is a result token: `*`, or one capital letter and `+`.
pub fn is_result(text: &str) -> bool {
    let bytes = text.as_bytes();
    text == "*" || (bytes.len() == 2 && bytes[0].is_ascii_uppercase() && bytes[1] == b'+')
}

#[cfg(test)]
#[path = "movetext_tests.rs"]
mod tests;
