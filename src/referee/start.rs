//! The start of a record: the `Game` tag, the other tags, the start position.

use super::Fault;
use crate::game::{AnyGame, COMMON_TAGS, GameKind, Tags};
use crate::record::{Location, Record};

/// Reads the `Game` tag, checks the tags and builds the start position.
pub(super) fn start(record: &Record) -> Result<Box<dyn AnyGame>, Fault> {
    let record_start = Location {
        line: record.first_line(),
        column: 1,
    };
    let at_tag = |name: &str| {
        record
            .find_tag(name)
            .map_or(record_start, |t| record.locate(t.offset))
    };
    let fault = |location, message: String| Fault {
        location,
        context: None,
        message,
    };
    let Some(name) = record.tag("Game") else {
        return Err(fault(record_start, "the record has no Game tag".into()));
    };
    let Some(kind) = GameKind::from_name(name) else {
        let known: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
        return Err(fault(
            at_tag("Game"),
            format!("unknown game {name:?} (kifu knows {})", known.join(", ")),
        ));
    };
    for tag in &record.tags {
        let name = tag.name.as_str();
        if is_foreign(kind, name) {
            return Err(fault(
                record.locate(tag.offset),
                format!("tag {name} does not apply to {kind}"),
            ));
        }
        if name == "Date" && !is_date(&tag.value) {
            return Err(fault(
                record.locate(tag.offset),
                format!(
                    "tag Date: {:?} is not a date of the form YYYY.MM.DD (?? for unknown parts)",
                    tag.value
                ),
            ));
        }
    }
    kind.start(Tags::new(&record.tags))
        .map_err(|e| fault(at_tag(&e.tag), e.to_string()))
}

/// Whether `name` is a tag of another game and not one `kind` may carry.
///
/// The cheap questions come first: most tags are common ones or the game's own.
fn is_foreign(kind: GameKind, name: &str) -> bool {
    !COMMON_TAGS.contains(&name)
        && !kind.tags().contains(&name)
        && GameKind::ALL
            .iter()
            .any(|other| *other != kind && other.tags().contains(&name))
}

/// `YYYY.MM.DD`, any part of which may be question marks.
fn is_date(value: &str) -> bool {
    let mut parts = value.split('.');
    let widths = [4, 2, 2];
    widths.into_iter().all(|width| {
        parts.next().is_some_and(|part| {
            part.len() == width
                && (part.bytes().all(|b| b == b'?') || part.bytes().all(|b| b.is_ascii_digit()))
        })
    }) && parts.next().is_none()
}
