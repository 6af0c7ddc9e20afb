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
    /// Where reading goes on.
    at: usize,
    /// Items read so far.
    count: usize,
    result_seen: bool,
    /// The syntax error that ended the movetext: its offset and message.
    error: Option<(usize, String)>,
}

impl<'a> Movetext<'a> {
    /// The movetext of `record`, from its start.
    pub(super) fn new(record: &'a Record) -> Self {
        Self {
            record,
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

    /// The next item, `None` at the end; an error is a byte offset and a message.
    #[inline]
    fn scan(&mut self) -> Result<Option<Item>, (usize, String)> {
        let text = self.record.text();
        let bytes = text.as_bytes();
        let mut at = self.at;
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        self.at = at;
        let Some(&first) = bytes.get(at) else {
            return Ok(None);
        };
        if self.count == MAX_ITEMS {
            return Err(too_many_items(at));
        }
        let (item, end) = match first {
            b'{' => brace_comment(bytes, at)?,
            b';' => line_comment(bytes, at),
            _ => token(text, at)?,
        };
        match item.kind {
            ItemKind::Comment => {}
            _ if self.result_seen => return Err(after_result(at)),
            ItemKind::Result => self.result_seen = true,
            _ => {}
        }
        self.count += 1;
        self.at = end;
        Ok(Some(item))
    }
}

impl Iterator for Movetext<'_> {
    type Item = Item;

    #[inline]
    fn next(&mut self) -> Option<Item> {
        if self.error.is_some() {
            return None;
        }
        self.scan().unwrap_or_else(|error| {
            self.error = Some(error);
            None
        })
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

/// An item read from the movetext and the offset just after it; or the
/// offset of a fault and its message.
type Scanned = Result<(Item, usize), (usize, String)>;

/// `{...}`, starting at byte `at`.
fn brace_comment(bytes: &[u8], at: usize) -> Scanned {
    let body = at + 1;
    match memchr::memchr(b'}', bytes.get(body..).unwrap_or_default()) {
        Some(len) => Ok((
            Item {
                kind: ItemKind::Comment,
                span: body..body + len,
            },
            body + len + 1,
        )),
        None => Err((
            at,
            "comment is not closed: '{' has no matching '}'".to_owned(),
        )),
    }
}

/// `; ...` up to the end of the line, starting at byte `at`.
fn line_comment(bytes: &[u8], at: usize) -> (Item, usize) {
    let body = at + 1;
    let rest = bytes.get(body..).unwrap_or_default();
    let end = body + memchr::memchr(b'\n', rest).unwrap_or(rest.len());
    (
        Item {
            kind: ItemKind::Comment,
            span: body..end,
        },
        end,
    )
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

/// A move number, move word or result token, starting at byte `at` of
/// `text`.
#[inline]
fn token(text: &str, at: usize) -> Scanned {
    let bytes = text.as_bytes();
    let rest = bytes.get(at..).unwrap_or_default();
    let end = at + run_length(rest, |b| WORD_BYTES[usize::from(b)] == ByteClass::InWord);
    let word = &bytes[at..end];
    if word.first().is_some_and(u8::is_ascii_digit) {
        if let Some(number) = move_number(word, at)? {
            return Ok(number);
        }
    }
    if bytes
        .get(end)
        .is_some_and(|&b| WORD_BYTES[usize::from(b)] == ByteClass::Bad)
    {
        return Err(bad_byte(text, end));
    }
    let span = at..end;
    match word {
        [] => Err((at, "unexpected text".to_owned())),
        [.., b'!' | b'?'] => glyph_word(text, span),
        [b'*'] | [b'A'..=b'Z', b'+'] => Ok((
            Item {
                kind: ItemKind::Result,
                span,
            },
            end,
        )),
        [b'0'..=b'9', ..] if word.iter().all(u8::is_ascii_digit) => {
            Err((at, format!("a move number needs a dot: {}.", &text[span])))
        }
        _ => Ok((
            Item {
                kind: ItemKind::Move { glyph: 0 },
                span,
            },
            end,
        )),
    }
}

/// How many bytes at the start of `bytes` are `wanted`.
#[inline]
fn run_length(bytes: &[u8], wanted: impl Fn(u8) -> bool) -> usize {
    bytes
        .iter()
        .position(|&b| !wanted(b))
        .unwrap_or(bytes.len())
}

/// `12.` or `12...` at the start of `word`, which is at byte `at`; `None`
/// when the digits are not followed by a dot, so that they start a word.
fn move_number(word: &[u8], at: usize) -> Result<Option<(Item, usize)>, (usize, String)> {
    let digits = run_length(word, |b| b.is_ascii_digit());
    let after = word.get(digits..).unwrap_or_default();
    let dots = match run_length(after, |b| b == b'.') {
        0 => return Ok(None),
        1 => Dots::One,
        3 => Dots::Three,
        _ => {
            let digits = String::from_utf8_lossy(&word[..digits]);
            return Err((
                at,
                format!("a move number is written {digits}. or {digits}..."),
            ));
        }
    };
    let value = word[..digits].iter().try_fold(0u32, |value, &digit| {
        value.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
    });
    let end = at + digits + if dots == Dots::One { 1 } else { 3 };
    let item = Item {
        kind: ItemKind::Number { value, dots },
        span: at..end,
    };
    Ok(Some((item, end)))
}

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
    let end = span.end;
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
    let item = Item {
        kind: ItemKind::Move {
            glyph: glyph.map_or(0, |g| g.len() as u8),
        },
        span: span.start..body_end,
    };
    Ok((item, end))
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
