//! The nom grammar of a record's tag section (see `grammar/record.ebnf`),
//! and the whole record read at once.

use super::failure::{Failure, ParseResult, fail};
use super::{Location, MAX_RECORD_BYTES, Record, SyntaxError, Tag};
use nom::Parser;
use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{char, space0};
use nom::combinator::recognize;
use nom::sequence::pair;

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
    if text.len() > MAX_RECORD_BYTES {
        return Err(SyntaxError {
            location: Location {
                line: first_line,
                column: 1,
            },
            message: format!("record is larger than the limit of {MAX_RECORD_BYTES} bytes"),
        });
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

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
