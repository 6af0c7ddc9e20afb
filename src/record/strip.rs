//! A record without some of its annotations: comments, variations or
//! glyphs, as `kifu fmt --strip` writes it.

use super::{ItemKind, Record, SyntaxError, parse_record};
use std::ops::Range;

/// What [`strip`] takes out of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Strip {
    /// Comments, `{...}` and `; ...`.
    Comments,
    /// Variations, each with everything inside it.
    Variations,
    /// Glyphs: `!`, `?!` ... after moves, and `$N`.
    Glyphs,
}

/// The record with what `what` names taken out of its movetext, the rest
/// as written: its tags, its moves and its line breaks.
///
/// # Errors
/// A syntax error of the record: only a record that was read whole
/// (by [`parse_record`]) is stripped.
pub fn strip(record: &Record, what: &[Strip]) -> Result<Record, SyntaxError> {
    let text = record.text();
    let mut cut: Vec<Range<usize>> = Vec::new();
    let mut depth = 0usize;
    let mut variation_at = 0;
    for item in &record.items {
        let span = item.span();
        match item.kind() {
            ItemKind::Open if what.contains(&Strip::Variations) => {
                if depth == 0 {
                    variation_at = span.start;
                }
                depth += 1;
            }
            ItemKind::Close if what.contains(&Strip::Variations) => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    cut.push(variation_at..span.end);
                }
            }
            _ if depth > 0 => {}
            ItemKind::Comment if what.contains(&Strip::Comments) => {
                // The span is the inside: `{` before it and `}` after it,
                // or `;` before it up to the end of the line.
                let braced = text.as_bytes().get(span.start.wrapping_sub(1)) == Some(&b'{');
                cut.push(span.start.saturating_sub(1)..span.end + usize::from(braced));
            }
            ItemKind::Move { glyph } if glyph > 0 && what.contains(&Strip::Glyphs) => {
                cut.push(span.end..span.end + usize::from(glyph));
            }
            ItemKind::Nag { .. } if what.contains(&Strip::Glyphs) => cut.push(span),
            _ => {}
        }
    }
    let mut kept = String::with_capacity(text.len());
    let mut at = 0;
    for range in cut {
        let before = text.get(at..range.start).unwrap_or("");
        // A word taken out takes the blanks before it along, unless it is
        // a glyph, which belongs to the move before it; the words on its
        // two sides stay apart.
        let bytes = text.as_bytes();
        match bytes.get(range.start) {
            Some(b'!' | b'?') => kept.push_str(before),
            _ => {
                kept.push_str(before.trim_end_matches([' ', '\t']));
                let joined = |byte: Option<&u8>| byte.is_some_and(|b| !b.is_ascii_whitespace());
                if joined(kept.as_bytes().last()) && joined(bytes.get(range.end)) {
                    kept.push(' ');
                }
            }
        }
        at = range.end;
    }
    kept.push_str(text.get(at..).unwrap_or(""));
    parse_record(kept, record.first_line())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stripped(text: &str, what: &[Strip]) -> String {
        let record = parse_record(text.to_owned(), 1).unwrap();
        strip(&record, what).unwrap().text().to_owned()
    }

    const RECORD: &str = "[Game \"mana\"]\n\n{opening} 1. a1-a2! $1 {good} f6-f5 (f6-e5?! {also}\n(f6-d5)) ; why\n2. b1-b2 *\n";

    #[test]
    fn comments_go_with_the_blanks_before_them() {
        assert_eq!(
            stripped(RECORD, &[Strip::Comments]),
            "[Game \"mana\"]\n\n 1. a1-a2! $1 f6-f5 (f6-e5?!\n(f6-d5))\n2. b1-b2 *\n"
        );
    }

    #[test]
    fn variations_go_whole_even_nested() {
        assert_eq!(
            stripped(RECORD, &[Strip::Variations]),
            "[Game \"mana\"]\n\n{opening} 1. a1-a2! $1 {good} f6-f5 ; why\n2. b1-b2 *\n"
        );
    }

    #[test]
    fn words_on_both_sides_stay_apart() {
        let text = "[Game \"mana\"]\n\n1. a1-a2{c}f6-f5(f6-e5)b1-b2 *\n";
        assert_eq!(
            stripped(text, &[Strip::Comments, Strip::Variations]),
            "[Game \"mana\"]\n\n1. a1-a2 f6-f5 b1-b2 *\n"
        );
    }

    #[test]
    fn glyphs_go_from_moves_and_as_numbers() {
        assert_eq!(
            stripped(RECORD, &[Strip::Glyphs, Strip::Comments]),
            "[Game \"mana\"]\n\n 1. a1-a2 f6-f5 (f6-e5\n(f6-d5))\n2. b1-b2 *\n"
        );
    }
}
