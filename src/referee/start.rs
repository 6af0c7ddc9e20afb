//! The start of a record: the `Game` tag, the other tags, the start position.

use super::{Fault, warnings};
use crate::game::{COMMON_TAGS, Game, GameKind, SetupError, Tags};
use crate::record::{Location, Record, Tag};

/// The record's first line, where faults of the record as a whole point.
fn record_start(record: &Record) -> Location {
    Location {
        line: record.first_line(),
        column: 1,
    }
}

/// A fault of the tag section, at `location`.
fn fault(location: Location, code: &'static str, message: String) -> Fault {
    Fault {
        location,
        context: None,
        code,
        message,
    }
}

/// Reads the `Game` tag and checks that every tag may stand in a record of
/// that game.
pub(super) fn game_kind(record: &Record) -> Result<GameKind, Fault> {
    check_tags(record).map(|(kind, _)| kind)
}

/// [`game_kind`], with the warnings of the tags (module `warnings`), in
/// their order: one pass over the tags does both.
pub(super) fn check_tags(record: &Record) -> Result<(GameKind, Vec<Fault>), Fault> {
    let Some(name) = record.tag("Game") else {
        return Err(fault(
            record_start(record),
            "tag.no-game",
            "the record has no Game tag".into(),
        ));
    };
    let Some(kind) = GameKind::from_name(name) else {
        let known: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
        return Err(fault(
            at_tag(record, "Game"),
            "tag.unknown-game",
            format!("unknown game {name:?} (kifu knows {})", known.join(", ")),
        ));
    };
    let mut found = Vec::new();
    for tag in &record.tags {
        let name = tag.name.as_str();
        // The cheap question first: most tags are common ones or the game's own.
        let known = COMMON_TAGS.contains(&name) || kind.tags().contains(&name);
        if !known && let Some((code, message)) = foreign(kind, name) {
            return Err(fault(record.locate(tag.offset), code, message));
        }
        if let Some((code, message)) = warnings::of_tag(kind, tag, known) {
            let at = match code {
                warnings::MISSPELT => name_offset(record, tag),
                _ => tag.offset,
            };
            found.push(fault(record.locate(at), code, message));
        }
    }
    Ok((kind, found))
}

/// Where `tag`'s name starts in the record's text: it stands just before
/// the value.
fn name_offset(record: &Record, tag: &Tag) -> usize {
    let before = record.text().get(..tag.offset).unwrap_or_default();
    before.rfind(tag.name.as_str()).unwrap_or(tag.offset)
}

/// The start position of game `G` that the record's tags describe; its
/// fault is [`tag_fault`]'s to make.
///
/// The position stays where `from_tags` put it: a `Result` mapped to
/// another error type would copy the whole position (600 bytes for lotus).
#[inline]
pub(super) fn position<G: Game>(record: &Record) -> Result<G, SetupError> {
    G::from_tags(Tags::new(&record.tags))
}

/// Ends the reason of a fault in the movetext of a record that leaves
/// out every setup tag with the default setup it was judged from: `(the
/// record has no Setup tag: it was judged from the default, Setup "b1 c6")`.
pub(super) fn name_default_setup<G: Game>(record: &Record, fault: &mut Fault) {
    if G::SETUP_TAGS.iter().any(|name| record.tag(name).is_some()) {
        return;
    }
    let Ok(start) = position::<G>(record) else {
        return;
    };
    let missing: Vec<(String, String)> = (start.setup_tags().into_iter())
        .filter(|(name, _)| G::SETUP_TAGS.contains(&name.as_str()))
        .collect();
    if missing.is_empty() {
        return;
    }
    let names: Vec<&str> = missing.iter().map(|(name, _)| name.as_str()).collect();
    let values: Vec<String> = (missing.iter())
        .map(|(name, value)| format!("{name} {value:?}"))
        .collect();
    let tags = if names.len() == 1 { "tag" } else { "tags" };
    fault.message = format!(
        "{} (the record has no {} {tags}: it was judged from the default, {})",
        fault.message,
        names.join(" or "),
        values.join(", ")
    );
}

/// The fault of a tag that [`position`] refused.
pub(super) fn tag_fault(record: &Record, error: &SetupError) -> Fault {
    let first = error.first();
    fault(at_tag(record, &first.tag), first.code, error.to_string())
}

/// Where the tag `name` is, or the record's start when it is missing.
fn at_tag(record: &Record, name: &str) -> Location {
    record
        .find_tag(name)
        .map_or(record_start(record), |t| record.locate(t.offset))
}

/// The fault of a tag `name`, one that `kind` does not read, when it
/// belongs to another game: its code and words. A record's tags and a
/// fresh game's ([`crate::play::start`]) are refused by it alike.
pub fn foreign(kind: GameKind, name: &str) -> Option<(&'static str, String)> {
    let foreign =
        (GameKind::ALL.iter()).any(|other| *other != kind && other.tags().contains(&name));
    foreign.then(|| {
        (
            "tag.foreign",
            format!("tag {name} does not apply to {kind}"),
        )
    })
}
