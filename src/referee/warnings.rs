//! What is wrong in a record without making it invalid: a malformed
//! informational tag, or a tag name that looks like a misspelt known one.
//! `kifu validate` tells them on standard error; `--strict` makes the
//! first one the record's fault.

use crate::game::{COMMON_TAGS, GameKind};
use crate::record::Tag;

/// The code of a tag name that looks like a slip for a known one: a
/// warning about the name, not the value.
pub(super) const MISSPELT: &str = "tag.misspelt";

/// Tags of every game that kifu reads beyond [`COMMON_TAGS`].
const MATCH_TAGS: [&str; 2] = ["Termination", "TimeControl"];

/// The warning of `tag` in a record of `kind`, if any: its code and
/// words. `known` says whether kifu reads the tag's name.
pub(super) fn of_tag(kind: GameKind, tag: &Tag, known: bool) -> Option<(&'static str, String)> {
    let (name, value) = (tag.name.as_str(), tag.value.as_str());
    match name {
        "Date" if !is_date(value) => Some((
            "tag.date",
            format!(
                "tag Date: {value:?} is not a date of the form YYYY.MM.DD (?? for unknown parts)"
            ),
        )),
        "TimeControl" if !is_time_control(value) => Some((
            "tag.time-control",
            format!("tag TimeControl: {value:?} is not SECONDS+INCREMENT (like 60+1) or -"),
        )),
        _ if known => None,
        _ => misspelt(kind, name).map(|known| {
            (
                MISSPELT,
                format!("tag {name} is not one kifu reads: did you mean {known}?"),
            )
        }),
    }
}

/// The known tag that `name` is a slip for: the same but for letter case,
/// or one edit away (for names of four letters or more), a swap of two
/// letters side by side counting as one edit.
fn misspelt(kind: GameKind, name: &str) -> Option<&'static str> {
    let mut known = COMMON_TAGS.iter().chain(kind.tags()).chain(&MATCH_TAGS);
    if MATCH_TAGS.contains(&name) {
        return None;
    }
    known
        .find(|k| {
            k.eq_ignore_ascii_case(name) || (name.len() >= 4 && strsim::osa_distance(k, name) == 1)
        })
        .copied()
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

/// `SECONDS+INCREMENT`, or `-`: each part digits, with decimals after a
/// point as cutechess writes them (`1+0.01`, `0.5+0`).
fn is_time_control(value: &str) -> bool {
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let seconds = |part: &str| match part.split_once('.') {
        Some((whole, decimals)) => digits(whole) && digits(decimals),
        None => digits(part),
    };
    value == "-"
        || value
            .split_once('+')
            .is_some_and(|(time, increment)| seconds(time) && seconds(increment))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_time_controls() {
        assert!(is_date("2024.05.01") && is_date("2024.??.??"));
        assert!(!is_date("2024-05-01") && !is_date("2024.5.1"));
        assert!(is_time_control("60+1") && is_time_control("-"));
        assert!(!is_time_control("60") && !is_time_control("+1") && !is_time_control("1+x"));
        for decimal in ["1+0.01", "0.5+0", "10+0.1", "0.25+0.125"] {
            assert!(is_time_control(decimal), "{decimal}");
        }
        for wrong in [
            "1+", "1.+2", "abc", ".5+1", "1+1.", "1+0.0.1", "1.5", "1++1", "-1+0",
        ] {
            assert!(!is_time_control(wrong), "{wrong}");
        }
    }

    #[test]
    fn slips_of_known_names() {
        assert_eq!(misspelt(GameKind::Mana, "setup"), Some("Setup"));
        // Two letters swapped are one slip.
        assert_eq!(misspelt(GameKind::Mana, "Evnet"), Some("Event"));
        assert_eq!(misspelt(GameKind::Mana, "Reslut"), Some("Result"));
        assert_eq!(misspelt(GameKind::Mana, "Resutl"), Some("Result"));
        assert_eq!(misspelt(GameKind::Mana, "Rselut"), None);
        assert_eq!(misspelt(GameKind::Mana, "Evet"), Some("Event"));
        assert_eq!(misspelt(GameKind::Lotus, "Player"), Some("Players"));
        assert_eq!(misspelt(GameKind::Mana, "Opening"), None);
        assert_eq!(misspelt(GameKind::Mana, "ECO"), None);
    }
}
