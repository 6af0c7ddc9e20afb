//! The reader of a record's tag section (see `grammar/record.ebnf`), its
//! tag lines read by nom, and the whole record read at once.

use super::quote::{QuoteFault, read_quoted};
use super::reader::too_large;
use super::{Record, SyntaxError, SyntaxFault, Tag};
use crate::grammar::{Parsed, byte, byte_in, bytes_while, cut_with, fail};
use compact_str::CompactString;
use nom::Parser;
use nom::combinator::recognize;
use nom::sequence::preceded;
use std::borrow::Cow;

/// The longest tag value accepted.
pub const MAX_TAG_VALUE_BYTES: usize = 4096;
/// The most tags a record may have.
pub const MAX_TAGS: usize = 1000;
/// The most movetext items a record may have: moves, comments, glyphs,
/// variations and the result; and, counted apart, as many move numbers.
/// It bounds the memory of a record's parsed form.
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
/// The reader works on the text as bytes: every mark it looks for
/// (brackets, quotes, backslashes, blanks, newlines) is ASCII, so it scans
/// without decoding characters, and the names and values between marks are
/// taken back from `text` by [`text_of`] without checking their UTF-8 again.
fn tag_section(text: &str, tags: &mut Vec<Tag>) -> Result<usize, TagFault> {
    let offset = |rest: &[u8]| text.len() - rest.len();
    let mut rest = text.as_bytes().trim_ascii_start();
    while rest.starts_with(b"[") {
        let line = tag_line(text, rest)
            .map_err(|(at, fault, message)| (offset(at), fault, message.into_owned()))?;
        if tags.len() == MAX_TAGS {
            return Err((
                offset(rest),
                SyntaxFault::TooManyTags,
                format!("the record has more than the limit of {MAX_TAGS} tags"),
            ));
        }
        if tags.iter().any(|t| t.name == line.name) {
            return Err((
                offset(rest),
                SyntaxFault::DuplicateTag,
                format!("tag {} appears twice", line.name),
            ));
        }
        tags.push(Tag {
            name: line.name.into(),
            value: line.value,
            offset: offset(line.value_at),
        });
        rest = line.rest.trim_ascii_start();
    }
    Ok(offset(rest))
}

/// A tag line as read: its name, its value with escapes resolved, where
/// the value's opening quote stands, and the input after the line.
#[derive(Debug)]
struct TagLine<'a> {
    name: &'a str,
    value: CompactString,
    value_at: &'a [u8],
    rest: &'a [u8],
}

/// Why a tag line is wrong: the input where the fault is, the fault and
/// its message.
type LineFault<'a> = (&'a [u8], SyntaxFault, Cow<'static, str>);

/// What the productions of a tag line return: the fault they name comes
/// with its message.
type LineParsed<'a, T> = Parsed<'a, T, (SyntaxFault, Cow<'static, str>)>;

/// The message of a tag line with no name.
const BAD_TAG_NAME: &str = "a tag name (a letter, then letters, digits or _) must follow '['";

/// The one reader of a tag line, over the nom parser [`line`]. `input`
/// starts with the `[` and is part of `text`, the record.
fn tag_line<'a>(text: &'a str, input: &'a [u8]) -> Result<TagLine<'a>, LineFault<'a>> {
    match line(text, input) {
        Ok((_, line)) => Ok(line),
        Err(nom::Err::Error(stop) | nom::Err::Failure(stop)) => {
            let (fault, message) = stop
                .fault
                .unwrap_or((SyntaxFault::BadTagName, BAD_TAG_NAME.into()));
            Err((stop.rest, fault, message))
        }
        Err(nom::Err::Incomplete(_)) => Err((input, SyntaxFault::BadTagName, BAD_TAG_NAME.into())),
    }
}

/// `tag line = "[", { space }, tag name, { space }, tag value, { space },
/// "]", { space }, end of line` (`grammar/record.ebnf`): the name, the
/// value and where its opening quote stands, and the input from the end
/// of the line on.
fn line<'a>(text: &'a str, input: &'a [u8]) -> LineParsed<'a, TagLine<'a>> {
    let (rest, _) = (byte(b'['), space0).parse(input)?;
    let (rest, name) = tag_name(text, rest)?;
    let (value_at, _) = space0(rest)?;
    let (rest, value) = tag_value(text, name, value_at)?;
    let unclosed = || {
        let message = format!("tag {name}: ']' expected after the value");
        (SyntaxFault::TagUnclosed, message.into())
    };
    let (rest, _) = preceded(space0, cut_with(byte(b']'), unclosed)).parse(rest)?;
    let (rest, ()) = preceded(space0, end_of_line).parse(rest)?;
    let line = TagLine {
        name,
        value,
        value_at,
        rest,
    };
    Ok((rest, line))
}

/// `tag name = letter, { letter | digit | "_" }`, a part of `text`.
fn tag_name<'a>(text: &'a str, input: &'a [u8]) -> LineParsed<'a, &'a str> {
    let name = recognize((
        byte_in(|b: u8| b.is_ascii_alphabetic()),
        bytes_while(is_name_byte),
    ));
    let bad_name = || (SyntaxFault::BadTagName, BAD_TAG_NAME.into());
    let (rest, name) = cut_with(name, bad_name).parse(input)?;
    match text_of(text, name) {
        Some(name) => Ok((rest, name)),
        None => fail(input, bad_name()),
    }
}

/// `tag value = '"', { value char | '\"' | '\\' }, '"'`, read by
/// [`quoted`], of the tag `name`.
fn tag_value<'a>(text: &'a str, name: &str, input: &'a [u8]) -> LineParsed<'a, CompactString> {
    let unquoted = || {
        let message = format!("tag {name}: the value must be in double quotes");
        (SyntaxFault::TagUnquoted, message.into())
    };
    let _ = cut_with(byte(b'"'), unquoted).parse(input)?;
    match quoted(text, input) {
        Ok((value, rest)) => Ok((rest, value)),
        Err((rest, fault, message)) => fail(rest, (fault, message)),
    }
}

/// `{ space }`: the spaces and tabs that start `input` (nom's `space0`).
#[inline(always)]
fn space0<'a>(input: &'a [u8]) -> LineParsed<'a, &'a [u8]> {
    bytes_while(|b| b == b' ' || b == b'\t')(input)
}

/// The end of a tag's line: a newline or the end of the text.
fn end_of_line(input: &[u8]) -> LineParsed<'_, ()> {
    match input.first() {
        None | Some(b'\n') => Ok((input, ())),
        // `\r\n` is read as a newline already: a `\r` here ends lines alone.
        Some(b'\r') => {
            let message = "the line ends are bare CR (old Mac style): kifu reads LF or CR LF";
            fail(input, (SyntaxFault::TagNotAlone, message.into()))
        }
        Some(_) => {
            let message = "a tag must stand alone on its line";
            fail(input, (SyntaxFault::TagNotAlone, message.into()))
        }
    }
}

/// Whether `name` is a tag name: a letter, then letters, digits or `_`.
pub fn is_tag_name(name: &str) -> bool {
    name.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) && name.bytes().all(is_name_byte)
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

/// The double-quoted tag value that `input` (a part of `text`) starts
/// with, read by [`read_quoted`] within [`MAX_TAG_VALUE_BYTES`], and the
/// input after its closing quote.
fn quoted<'a>(text: &'a str, input: &'a [u8]) -> Result<(CompactString, &'a [u8]), LineFault<'a>> {
    let at = text.len() - input.len();
    let bytes = text.as_bytes();
    let rest_at = |offset: usize| bytes.get(offset..).unwrap_or_default();
    match read_quoted(text, at, MAX_TAG_VALUE_BYTES) {
        Ok((value, after)) => Ok((value, rest_at(after))),
        Err((offset, QuoteFault::Unclosed)) => Err((
            rest_at(offset),
            SyntaxFault::UnterminatedTagValue,
            "the tag value has no closing quote".into(),
        )),
        Err((offset, QuoteFault::TooLong)) => Err((
            rest_at(offset),
            SyntaxFault::TagValueTooLong,
            format!("tag value is longer than the limit of {MAX_TAG_VALUE_BYTES} bytes").into(),
        )),
        Err((offset, QuoteFault::BadEscape)) => Err((
            rest_at(offset),
            SyntaxFault::BadEscape,
            "only \\\" and \\\\ are escapes in a tag value".into(),
        )),
    }
}

/// The text of `part`, a piece of `text` cut at ASCII marks and so at
/// character boundaries: sliced from `text`, with no UTF-8 to check again.
fn text_of<'a>(text: &'a str, part: &[u8]) -> Option<&'a str> {
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    text.get(start..start + part.len())
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
