//! The nom grammar of a record's tag section (see `grammar/record.ebnf`),
//! the one reader of tag lines, and the whole record read at once.

use super::failure::{Failure, ParseResult, fail};
use super::reader::too_large;
use super::{Record, SyntaxError, SyntaxFault, Tag};
use compact_str::CompactString;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, space0};
use nom::combinator::{map_opt, verify};
use nom::{Offset, Parser};

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
    if text.len() > super::MAX_RECORD_BYTES {
        return Err(too_large(first_line, None));
    }
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
        Err((offset, fault, message)) => Err(record.syntax_error(offset, fault, message)),
    }
}

/// A fault of the tag section: its byte offset, the fault and its message.
type TagFault = (usize, SyntaxFault, String);

/// Reads the tags and returns the offset where the movetext starts.
///
/// The grammar reads the text as bytes: every mark it looks for (brackets,
/// quotes, backslashes, blanks, newlines) is ASCII, so it scans without
/// decoding characters, and the names and values between marks are taken
/// back from `text` by [`text_of`] without checking their UTF-8 again.
fn tag_section(text: &str, tags: &mut Vec<Tag>) -> Result<usize, TagFault> {
    let offset = |rest: &[u8]| text.len() - rest.len();
    let to_error = |e: nom::Err<Failure<'_>>| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => {
            (offset(f.input), f.fault, f.message.into_owned())
        }
        nom::Err::Incomplete(_) => (
            text.len(),
            SyntaxFault::UnexpectedText,
            "unexpected end of record".to_owned(),
        ),
    };
    let mut rest = text.as_bytes().trim_ascii_start();
    while rest.starts_with(b"[") {
        let (after, (name, value, value_at)) = tag_line(text, rest).map_err(to_error)?;
        if tags.len() == MAX_TAGS {
            return Err((
                offset(rest),
                SyntaxFault::TooManyTags,
                format!("the record has more than the limit of {MAX_TAGS} tags"),
            ));
        }
        if tags.iter().any(|t| t.name == name) {
            return Err((
                offset(rest),
                SyntaxFault::DuplicateTag,
                format!("tag {name} appears twice"),
            ));
        }
        tags.push(Tag {
            name: name.into(),
            value,
            offset: offset(value_at),
        });
        rest = after.trim_ascii_start();
    }
    Ok(offset(rest))
}

/// Whether a byte may stand in a tag name after its first letter.
fn is_name_byte(b: u8) -> bool {
    NAME_BYTES[usize::from(b)]
}

/// [`is_name_byte`] for every byte, worked out at compile time: a letter,
/// a digit or `_`.
const NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = byte.is_ascii_alphanumeric() || byte == b'_';
        b += 1;
    }
    table
};

/// `[Name "value"]` followed by the end of its line: the name, the value
/// with escapes resolved, and the input from the value's opening quote.
/// `input` is part of `text`, the record.
fn tag_line<'a>(
    text: &'a str,
    input: &'a [u8],
) -> ParseResult<'a, (&'a str, CompactString, &'a [u8])> {
    let (rest, _) = char('[').parse(input)?;
    let (rest, _) = space0.parse(rest)?;
    let Ok((rest, name)) = tag_name(text, rest) else {
        return fail(
            rest,
            SyntaxFault::BadTagName,
            "a tag name (a letter, then letters, digits or _) must follow '['",
        );
    };
    let (rest, _) = space0.parse(rest)?;
    if !rest.starts_with(b"\"") {
        return fail(
            rest,
            SyntaxFault::TagUnquoted,
            format!("tag {name}: the value must be in double quotes"),
        );
    }
    let value_at = rest;
    let (rest, value) = quoted(text, rest)?;
    let (rest, _) = space0.parse(rest)?;
    let Ok((rest, _)) = char::<_, Failure>(']').parse(rest) else {
        return fail(
            rest,
            SyntaxFault::TagUnclosed,
            format!("tag {name}: ']' expected after the value"),
        );
    };
    let (rest, _) = space0.parse(rest)?;
    if !matches!(rest.first(), None | Some(b'\n')) {
        return fail(
            rest,
            SyntaxFault::TagNotAlone,
            "a tag must stand alone on its line",
        );
    }
    Ok((rest, (name, value, value_at)))
}

/// A letter, then letters, digits or `_`.
fn tag_name<'a>(text: &'a str, input: &'a [u8]) -> ParseResult<'a, &'a str> {
    let word = take_while1(is_name_byte);
    let name = verify(word, |word: &[u8]| {
        word.first().is_some_and(u8::is_ascii_alphabetic)
    });
    map_opt(name, |name| text_of(text, name)).parse(input)
}

/// A double-quoted tag value with `\"` and `\\` escapes.
///
/// The value is read a run of plain text at a time, so a value without
/// escapes (the usual case) is copied in one go. Faults are reported in the
/// order a reader meets them from the left: a value past
/// [`MAX_TAG_VALUE_BYTES`], an end of line before the closing quote, or a
/// backslash that escapes neither `"` nor `\`.
fn quoted<'a>(text: &'a str, input: &'a [u8]) -> ParseResult<'a, CompactString> {
    let unclosed = || {
        fail(
            input,
            SyntaxFault::UnterminatedTagValue,
            "the tag value has no closing quote",
        )
    };
    let too_long = || {
        fail(
            input,
            SyntaxFault::TagValueTooLong,
            format!("tag value is longer than the limit of {MAX_TAG_VALUE_BYTES} bytes"),
        )
    };
    let (mut rest, _) = char('"').parse(input)?;
    let mut value = CompactString::default();
    loop {
        let (after, run) = plain_run(text, rest)?;
        if value.len() + run.len() > MAX_TAG_VALUE_BYTES {
            return too_long();
        }
        value.push_str(run);
        if let Ok((after, _)) = char::<_, Failure>('"').parse(after) {
            return Ok((after, value));
        }
        let at_backslash = after;
        let Ok((after, _)) = tag::<_, _, Failure>(&b"\\"[..]).parse(after) else {
            // The run stopped at the end of a line or of the text.
            return unclosed();
        };
        match after.split_first() {
            Some((&escaped @ (b'"' | b'\\'), after)) => {
                value.push(char::from(escaped));
                if value.len() > MAX_TAG_VALUE_BYTES {
                    return too_long();
                }
                rest = after;
            }
            Some(_) => {
                return fail(
                    at_backslash,
                    SyntaxFault::BadEscape,
                    "only \\\" and \\\\ are escapes in a tag value",
                );
            }
            None => return unclosed(),
        }
    }
}

/// Value text up to the next quote, backslash or end of line.
///
/// The stop is found with `memchr3`, which is cheaper than a byte-at-a-time
/// `take_till` on all but the shortest values.
fn plain_run<'a>(text: &'a str, input: &'a [u8]) -> ParseResult<'a, &'a str> {
    let end = memchr::memchr3(b'"', b'\\', b'\n', input).unwrap_or(input.len());
    let (run, rest) = input.split_at(end);
    match text_of(text, run) {
        Some(run) => Ok((rest, run)),
        None => fail(input, SyntaxFault::UnexpectedText, "unexpected text"),
    }
}

/// The text of `part`, a piece of `text` cut at ASCII marks and so at
/// character boundaries: sliced from `text`, with no UTF-8 to check again.
fn text_of<'a>(text: &'a str, part: &[u8]) -> Option<&'a str> {
    let start = text.as_bytes().offset(part);
    text.get(start..start + part.len())
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
