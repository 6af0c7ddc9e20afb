//! The record layer: tag sections, movetext, comments and results.
//!
//! It knows no game. A [`Record`] holds the text of one record and what the
//! syntax says about it: its tags and a flat list of movetext [`Item`]s, each
//! pointing back into the text; a variation is the items between an
//! [`ItemKind::Open`] and its [`ItemKind::Close`]. Moves stay opaque words here; each game
//! parses them itself.
//!
//! [`parse_record`] reads a record whole. [`parse_head`] reads only its tag
//! section, and [`Record::movetext`] then reads the items one at a time:
//! that is how `kifu validate` judges a record without building the list.
//!
//! ```
//! let text = "[Game \"mana\"]\n\n1. a1-a2 f6-f5 *\n";
//! let record = kifu::record::parse_record(text.to_string(), 1).unwrap();
//! assert_eq!(record.tag("Game"), Some("mana"));
//! assert_eq!(record.moves().count(), 2);
//! ```

mod movetext;
mod parse;
mod quote;
mod reader;
mod strip;
mod syntax;
mod visible;
mod write;

pub use movetext::{GLYPHS, MAX_DEPTH, Movetext, Read, is_result};
pub use parse::{MAX_ITEMS, MAX_TAG_VALUE_BYTES, MAX_TAGS, is_tag_name, parse_head, parse_record};
pub use quote::{QuoteFault, Quoted, read_quoted};
pub use reader::{AfterText, MAX_LINE_BYTES, MAX_RECORD_BYTES, RawRecord, RecordReader};
pub use strip::{Strip, strip};
pub use syntax::{CODES, Location, SyntaxError, SyntaxFault};
pub use visible::{Visible, VisibleWriter, make_visible, write_visible};
pub use write::{
    LINE_WIDTH, MoveNumber, MovetextMark, MovetextWriter, TagValueFault, WrittenMove,
    check_readable, readable_tag_value, tag_value_fault, write_record, write_record_within,
};

pub(crate) use syntax::snippet;

use compact_str::CompactString;
use std::ops::Range;

/// One `[Name "value"]` tag.
///
/// Its name and value are compact strings: those of up to 24 bytes, nearly
/// all of them, are kept inline, so that reading a record's tags costs no
/// allocation per tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The tag name.
    pub name: CompactString,
    /// The value with escapes resolved.
    pub value: CompactString,
    /// Byte offset of the value's opening quote in the record text.
    pub offset: usize,
}

/// How a move number is written: `12.` or `12...`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Dots {
    /// `12.`: before the first move of a pair (or a lotus turn).
    One,
    /// `12...`: before the second move of a pair.
    Three,
}

/// What a movetext item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    /// A move number.
    Number {
        /// The number written; `u32::MAX` when it does not fit in 32 bits
        /// (no game gets that far, so it is out of sequence either way).
        value: u32,
        /// The dots after it.
        dots: Dots,
    },
    /// A move word, opaque to this layer, with its annotation glyph if any.
    Move {
        /// The length in bytes of the annotation glyph (`!`, `?!`, ...)
        /// written right after the move; 0 for none.
        glyph: u8,
    },
    /// A comment; the span is its inner text.
    Comment,
    /// A result token such as `B+` or `*`.
    Result,
    /// `(`: a variation opens, an alternative to the move before it.
    Open,
    /// `)`: the variation last opened closes.
    Close,
    /// A numeric annotation glyph `$0` to `$255`, after a move.
    Nag {
        /// The glyph's number.
        value: u8,
    },
}

/// One item of movetext and the text it spans.
///
/// It is sixteen bytes of plain numbers, so that it travels in registers
/// whole: a record's text is at most [`MAX_RECORD_BYTES`], so 32-bit offsets
/// hold any place in it, and [`Item::kind`] unpacks what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    /// Which [`ItemKind`] it is.
    class: Class,
    /// The dots of a number (1 or 3), the length of a move's glyph, the
    /// value of a numeric glyph.
    small: u8,
    /// The value of a number.
    value: u32,
    start: u32,
    end: u32,
}

/// The variant of an [`Item`]'s kind, stored apart from its fields; an
/// enum, so that `Option<Item>` needs no more room than the item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Number,
    Move,
    Comment,
    Result,
    Open,
    Close,
    Nag,
}

impl Item {
    /// An item of kind `kind` spanning `span` of a record's text.
    pub(crate) fn new(kind: ItemKind, span: Range<usize>) -> Self {
        // A record is at most `MAX_RECORD_BYTES` long (`parse_head` and
        // `parse_record` refuse longer ones): its offsets fit in 32 bits.
        let offset = |at: usize| at as u32;
        let (class, small, value) = match kind {
            ItemKind::Number { value, dots } => (Class::Number, dots as u8, value),
            ItemKind::Move { glyph } => (Class::Move, glyph, 0),
            ItemKind::Comment => (Class::Comment, 0, 0),
            ItemKind::Result => (Class::Result, 0, 0),
            ItemKind::Open => (Class::Open, 0, 0),
            ItemKind::Close => (Class::Close, 0, 0),
            ItemKind::Nag { value } => (Class::Nag, value, 0),
        };
        Self {
            class,
            small,
            value,
            start: offset(span.start),
            end: offset(span.end),
        }
    }

    /// What the item is.
    pub fn kind(&self) -> ItemKind {
        match self.class {
            Class::Number => ItemKind::Number {
                value: self.value,
                dots: if self.small == Dots::Three as u8 {
                    Dots::Three
                } else {
                    Dots::One
                },
            },
            Class::Move => ItemKind::Move { glyph: self.small },
            Class::Comment => ItemKind::Comment,
            Class::Result => ItemKind::Result,
            Class::Open => ItemKind::Open,
            Class::Close => ItemKind::Close,
            Class::Nag => ItemKind::Nag { value: self.small },
        }
    }

    /// The byte range of the item in the record text (for a comment, its
    /// inner text).
    pub fn span(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// One record: its text, its tags and its movetext items.
#[derive(Debug, Clone, Default)]
pub struct Record {
    text: String,
    first_line: usize,
    /// The tags in the order written.
    pub tags: Vec<Tag>,
    /// The movetext items in the order written (empty after [`parse_head`]).
    pub items: Vec<Item>,
    /// Where the movetext starts in the text.
    movetext_at: usize,
}

/// A move word of the movetext, as the games see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveWord<'a> {
    /// The move as written, without its glyph.
    pub text: &'a str,
    /// The annotation glyph, if any.
    pub glyph: Option<&'a str>,
    /// Byte offset in the record text.
    pub offset: usize,
}

impl Record {
    /// The full text of the record.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The file line on which the record starts.
    pub fn first_line(&self) -> usize {
        self.first_line
    }

    /// The value of the tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// The tag `name` itself, if present.
    pub fn find_tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The text an item spans.
    pub fn slice(&self, span: &Range<usize>) -> &str {
        self.text.get(span.clone()).unwrap_or("")
    }

    /// The move words of the main line in order, without those of its
    /// variations.
    pub fn moves(&self) -> impl Iterator<Item = MoveWord<'_>> {
        let mut depth = 0usize;
        self.items.iter().filter_map(move |item| {
            match item.kind() {
                ItemKind::Open => depth += 1,
                ItemKind::Close => depth = depth.saturating_sub(1),
                _ if depth == 0 => return self.move_word(item),
                _ => {}
            }
            None
        })
    }

    /// The move word of an item, if it is a move.
    pub fn move_word(&self, item: &Item) -> Option<MoveWord<'_>> {
        let ItemKind::Move { glyph } = item.kind() else {
            return None;
        };
        Some(self.move_word_at(item.span(), glyph))
    }

    /// The move word that spans `span`, followed by a glyph of `glyph` bytes.
    pub fn move_word_at(&self, span: Range<usize>, glyph: u8) -> MoveWord<'_> {
        let glyph_end = span.end + usize::from(glyph);
        MoveWord {
            text: self.slice(&span),
            glyph: (glyph > 0).then(|| self.slice(&(span.end..glyph_end))),
            offset: span.start,
        }
    }

    /// The result token written at the end of the movetext, if any.
    pub fn result_token(&self) -> Option<(&str, usize)> {
        self.items.iter().find_map(|item| match item.kind() {
            ItemKind::Result => Some((self.slice(&item.span()), item.span().start)),
            _ => None,
        })
    }

    /// The movetext items, read from the text one at a time.
    pub fn movetext(&self) -> Movetext<'_> {
        Movetext::new(self)
    }

    /// A syntax error at byte `offset` of the text, quoting the text there.
    pub(crate) fn syntax_error(
        &self,
        offset: usize,
        fault: SyntaxFault,
        message: String,
    ) -> SyntaxError {
        SyntaxError {
            location: self.locate(offset),
            fault,
            message: message + &snippet(self.text.get(offset..).unwrap_or("")),
        }
    }

    /// The file location of a byte offset in the record text.
    pub fn locate(&self, offset: usize) -> Location {
        let offset = offset.min(self.text.len());
        let before = self.text.get(..offset).unwrap_or("");
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Location {
            line: self.first_line + before.matches('\n').count(),
            column: before.get(line_start..).map_or(0, |s| s.chars().count()) + 1,
        }
    }
}
