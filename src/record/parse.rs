//! The nom grammar of one record (see `grammar/record.ebnf`).

use super::failure::{Failure, ParseResult, fail};
use super::{Dots, Item, ItemKind, Record, SyntaxError, Tag};
use nom::Parser;
use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{char, space0};
use nom::combinator::recognize;
use nom::sequence::pair;
use std::ops::Range;

/// The longest tag value accepted.
pub const MAX_TAG_VALUE_BYTES: usize = 4096;
/// The most tags a record may have.
pub const MAX_TAGS: usize = 1000;
/// The most movetext items (move numbers, moves, comments, result) a record
/// may have; it bounds the memory of a record's parsed form.
pub const MAX_ITEMS: usize = 10_000;

/// About how many bytes of record text an item takes, to size the item list.
const ITEM_BYTES_GUESS: usize = 6;

/// Parses the text of one record whose first line is `first_line` in its file.
///
/// # Errors
/// A [`SyntaxError`] with the file location of the first fault.
pub fn parse_record(text: String, first_line: usize) -> Result<Record, SyntaxError> {
    let mut record = parse_head(text, first_line)?;
    // Movetext has an item every few bytes; one allocation is enough for most records.
    let mut items = Vec::with_capacity(record.text.len() / ITEM_BYTES_GUESS);
    let mut movetext = record.movetext();
    items.extend(movetext.by_ref());
    movetext.finish()?;
    record.items = items;
    Ok(record)
}

/// Parses the tag section of one record, leaving its movetext unread: the
/// record's [`Record::items`] are empty, and [`Record::movetext`] reads them.
///
/// # Errors
/// A [`SyntaxError`] in the tag section.
pub fn parse_head(text: String, first_line: usize) -> Result<Record, SyntaxError> {
    let mut record = Record {
        text,
        first_line,
        tags: Vec::with_capacity(4),
        items: Vec::new(),
        movetext_at: 0,
    };
    match tag_section(&record.text, &mut record.tags) {
        Ok(at) => {
            record.movetext_at = at;
            Ok(record)
        }
        Err((offset, message)) => Err(record.syntax_error(offset, message)),
    }
}

/// Reads the tags and returns the offset where the movetext starts; an error
/// is a byte offset and a message.
fn tag_section(text: &str, tags: &mut Vec<Tag>) -> Result<usize, (usize, String)> {
    let offset = |rest: &str| text.len() - rest.len();
    let to_error = |e: nom::Err<Failure<'_>>| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => (offset(f.input), f.message.into_owned()),
        nom::Err::Incomplete(_) => (text.len(), "unexpected end of record".to_owned()),
    };
    let mut rest = skip_blank(text);
    while rest.starts_with('[') {
        let (after, (name, value, value_at)) = tag_line(rest).map_err(to_error)?;
        if tags.len() == MAX_TAGS {
            return Err((
                offset(rest),
                format!("the record has more than the limit of {MAX_TAGS} tags"),
            ));
        }
        if tags.iter().any(|t| t.name == name) {
            return Err((offset(rest), format!("tag {name} appears twice")));
        }
        tags.push(Tag {
            name: name.to_owned(),
            value,
            offset: offset(value_at),
        });
        rest = skip_blank(after);
    }
    Ok(offset(rest))
}

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

fn skip_blank(input: &str) -> &str {
    input.trim_ascii_start()
}

/// `[Name "value"]` followed by the end of its line.
fn tag_line(input: &str) -> ParseResult<'_, (&str, String, &str)> {
    let (rest, _) = char('[').parse(input)?;
    let (rest, _) = space0.parse(rest)?;
    let (rest, name) = match tag_name(rest) {
        Ok(ok) => ok,
        Err(_) => {
            return fail(
                rest,
                "a tag name (a letter, then letters, digits or _) must follow '['",
            );
        }
    };
    let (rest, _) = space0.parse(rest)?;
    if !rest.starts_with('"') {
        return fail(
            rest,
            format!("tag {name}: the value must be in double quotes"),
        );
    }
    let value_at = rest;
    let (rest, value) = quoted(rest)?;
    let (rest, _) = space0.parse(rest)?;
    let rest = match char::<_, Failure>(']').parse(rest) {
        Ok((rest, _)) => rest,
        Err(_) => return fail(rest, format!("tag {name}: ']' expected after the value")),
    };
    let (rest, _) = space0.parse(rest)?;
    if !(rest.is_empty() || rest.starts_with('\n')) {
        return fail(rest, "a tag must stand alone on its line");
    }
    Ok((rest, (name, value, value_at)))
}

fn tag_name(input: &str) -> ParseResult<'_, &str> {
    recognize(pair(
        take_while1(|c: char| c.is_ascii_alphabetic()),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))
    .parse(input)
}

/// A double-quoted tag value with `\"` and `\\` escapes.
fn quoted(input: &str) -> ParseResult<'_, String> {
    let mut value = String::new();
    let mut chars = input.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((&input[i + 1..], value)),
            '\n' => return fail(input, "the tag value has no closing quote"),
            '\\' => match chars.next() {
                Some((_, e @ ('"' | '\\'))) => value.push(e),
                Some((j, _)) => {
                    return fail(
                        &input[i..j],
                        "only \\\" and \\\\ are escapes in a tag value",
                    );
                }
                None => break,
            },
            c => value.push(c),
        }
        if value.len() > MAX_TAG_VALUE_BYTES {
            return fail(
                input,
                format!("tag value is longer than the limit of {MAX_TAG_VALUE_BYTES} bytes"),
            );
        }
    }
    fail(input, "the tag value has no closing quote")
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

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
