//! The nom grammar of one record (see `grammar/record.ebnf`).

use super::failure::{Failure, ParseResult, fail};
use super::{Dots, Item, ItemKind, Record, SyntaxError, Tag};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{take_till, take_while, take_while1};
use nom::character::complete::{char, digit1, space0};
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
    let mut record = Record {
        text: String::new(),
        first_line,
        tags: Vec::with_capacity(4),
        // Movetext has an item every few bytes; one allocation is enough for most records.
        items: Vec::with_capacity(text.len() / ITEM_BYTES_GUESS),
    };
    let outcome = record_body(&text, &mut record.tags, &mut record.items);
    record.text = text;
    match outcome {
        Ok(()) => Ok(record),
        Err((offset, message)) => Err(SyntaxError {
            location: record.locate(offset),
            message: message + &super::snippet(record.text.get(offset..).unwrap_or("")),
        }),
    }
}

/// Runs the grammar; an error is a byte offset and a message.
fn record_body(
    text: &str,
    tags: &mut Vec<Tag>,
    items: &mut Vec<Item>,
) -> Result<(), (usize, String)> {
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
    let mut result_seen = false;
    loop {
        rest = skip_blank(rest);
        if rest.is_empty() {
            return Ok(());
        }
        let start = offset(rest);
        if items.len() == MAX_ITEMS {
            return Err((
                start,
                format!(
                    "the movetext has more than the limit of {MAX_ITEMS} items (move numbers, moves, comments)"
                ),
            ));
        }
        let (after, item) = movetext_item(rest).map_err(to_error)?;
        let item = item.at(start);
        match item.kind {
            ItemKind::Comment => {}
            _ if result_seen => {
                return Err((start, "nothing but comments may follow the result".into()));
            }
            ItemKind::Result => result_seen = true,
            _ => {}
        }
        items.push(item);
        rest = after;
    }
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

/// An item before its position in the text is known: its ranges are
/// relative to the item's first byte.
struct Parsed {
    kind: ItemKind,
    span: Range<usize>,
}

impl Parsed {
    /// The item once it is known to start at byte `start` of the record.
    fn at(self, start: usize) -> Item {
        let shift = |r: Range<usize>| start + r.start..start + r.end;
        let kind = match self.kind {
            ItemKind::Move { glyph } => ItemKind::Move {
                glyph: glyph.map(shift),
            },
            kind => kind,
        };
        Item {
            kind,
            span: shift(self.span),
        }
    }
}

fn movetext_item(input: &str) -> ParseResult<'_, Parsed> {
    match input.as_bytes().first() {
        Some(b'{') => brace_comment(input),
        Some(b';') => line_comment(input),
        Some(b) if b.is_ascii_digit() => alt((move_number, word)).parse(input),
        _ => word(input),
    }
}

fn brace_comment(input: &str) -> ParseResult<'_, Parsed> {
    let (rest, _) = char('{').parse(input)?;
    let (after, body) = take_till(|c| c == '}').parse(rest)?;
    if after.is_empty() {
        return fail(input, "comment is not closed: '{' has no matching '}'");
    }
    Ok((
        &after[1..],
        Parsed {
            kind: ItemKind::Comment,
            span: 1..1 + body.len(),
        },
    ))
}

fn line_comment(input: &str) -> ParseResult<'_, Parsed> {
    let (rest, _) = char(';').parse(input)?;
    let (after, body) = take_till(|c| c == '\n').parse(rest)?;
    Ok((
        after,
        Parsed {
            kind: ItemKind::Comment,
            span: 1..1 + body.len(),
        },
    ))
}

/// `12.` or `12...`.
fn move_number(input: &str) -> ParseResult<'_, Parsed> {
    let (rest, digits) = digit1.parse(input)?;
    let (rest, dots) = take_while1(|c| c == '.').parse(rest)?;
    let dots = match dots.len() {
        1 => Dots::One,
        3 => Dots::Three,
        _ => {
            return fail(
                input,
                format!("a move number is written {digits}. or {digits}..."),
            );
        }
    };
    let value = digits.parse::<u32>().ok();
    Ok((
        rest,
        Parsed {
            kind: ItemKind::Number { value, dots },
            span: 0..input.len() - rest.len(),
        },
    ))
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

/// A move word or a result token.
fn word(input: &str) -> ParseResult<'_, Parsed> {
    let bytes = input.as_bytes();
    let mut end = 0;
    let mut bad = None;
    while let Some(&b) = bytes.get(end) {
        match WORD_BYTES[usize::from(b)] {
            ByteClass::InWord => {}
            ByteClass::Ends => break,
            ByteClass::Bad => {
                bad = bad.or(Some(end));
            }
        }
        end += 1;
    }
    // `end` stops only at an ASCII byte, so it is a character boundary.
    let (text, rest) = input.split_at(end);
    if let Some(i) = bad {
        let c = text[i..].chars().next().unwrap_or(' ');
        let what = if c == '}' {
            "'}' without an opening '{'".to_owned()
        } else {
            format!("unexpected character {c:?}")
        };
        return fail(&input[i..], what);
    }
    if text.is_empty() {
        return fail(input, "unexpected text");
    }
    if is_result(text) {
        return Ok((
            rest,
            Parsed {
                kind: ItemKind::Result,
                span: 0..text.len(),
            },
        ));
    }
    let (body, glyph) = split_glyph(text);
    if let Some(glyph) = glyph {
        if !matches!(glyph, "!" | "?" | "!!" | "??" | "!?" | "?!") {
            return fail(
                &input[body.len()..],
                format!("{glyph:?} is not an annotation glyph"),
            );
        }
    }
    if body.is_empty() {
        return fail(input, "an annotation glyph must follow a move");
    }
    if body.bytes().all(|b| b.is_ascii_digit()) {
        return fail(input, format!("a move number needs a dot: {body}."));
    }
    Ok((
        rest,
        Parsed {
            kind: ItemKind::Move {
                glyph: glyph.map(|g| body.len()..body.len() + g.len()),
            },
            span: 0..body.len(),
        },
    ))
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
