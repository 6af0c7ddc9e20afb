//! Variations and numeric glyphs: `(`, `)` and `$n`, and what each needs
//! before it.
//!
//! None of this is on the way of a record without variations or numeric
//! glyphs: a `(`, a `)` or a word that starts with `$` is read only once
//! the game's quick reader has turned it down. Nor does reading a move
//! note anything for them: when a `(`, a `)` or a `$n` needs a move before
//! it in its line, the line is read again from its start, up to its first
//! move, once per line.

use super::{Fault, Movetext};
use crate::record::{Item, ItemKind, SyntaxFault};

/// The deepest variations may nest.
pub const MAX_DEPTH: usize = 32;

impl Movetext<'_> {
    /// A `(` or a `)` at byte `at`: the one byte that starts no word. (Any
    /// other would be a character the record cannot hold, and is told so.)
    #[inline(never)]
    pub(super) fn parenthesis(&mut self, at: usize) -> Option<Item> {
        match self.bytes().get(at) {
            Some(b'(') => self.open(at),
            Some(b')') => self.close(at),
            _ => self.fail(super::faults::bad_byte(self.text, at)),
        }
    }

    /// `(` at byte `at`: a variation opens.
    fn open(&mut self, at: usize) -> Option<Item> {
        self.pass(at, at + 1)?;
        if usize::from(self.depth) == MAX_DEPTH {
            let message = format!("variations nest at most {MAX_DEPTH} deep");
            return self.fail((at, SyntaxFault::VariationTooDeep, message));
        }
        if !self.holds_move(at) {
            let message = "a variation must follow the move it is an alternative to";
            return self.fail((at, SyntaxFault::VariationBeforeMove, message.into()));
        }
        if self.depth == 0 {
            self.outer_open = at;
        }
        self.depth += 1;
        self.line_start = at + 1;
        self.line_checked = false;
        Some(Item::new(ItemKind::Open, at..at + 1))
    }

    /// `)` at byte `at`: the variation last opened closes.
    fn close(&mut self, at: usize) -> Option<Item> {
        self.pass(at, at + 1)?;
        if self.depth == 0 {
            let message = "')' without an opening '('".to_owned();
            return self.fail((at, SyntaxFault::UnmatchedParenthesis, message));
        }
        if !self.holds_move(at) {
            let message = "a variation must hold at least one move".to_owned();
            return self.fail((at, SyntaxFault::EmptyVariation, message));
        }
        self.depth -= 1;
        // The line it closes into had a move before its `(`.
        self.line_checked = true;
        Some(Item::new(ItemKind::Close, at..at + 1))
    }

    /// A word from `at` to `end` that starts with `$`: a numeric
    /// annotation glyph, `$0` to `$255`.
    #[inline(never)]
    pub(super) fn nag(&mut self, at: usize, end: usize) -> Option<Item> {
        let word = self.bytes().get(at..end).unwrap_or_default();
        let digits = word.get(1..).unwrap_or_default();
        let value = (1..=3)
            .contains(&digits.len())
            .then_some(digits)
            .filter(|d| d.iter().all(u8::is_ascii_digit))
            .and_then(|d| std::str::from_utf8(d).ok()?.parse::<u8>().ok());
        let Some(value) = value else {
            let word = String::from_utf8_lossy(word);
            return self.fail((
                at,
                SyntaxFault::BadGlyph,
                format!("{word:?} is not a numeric annotation glyph ($0 to $255)"),
            ));
        };
        self.pass(at, end)?;
        if !self.holds_move(at) {
            let message = "an annotation glyph must follow a move".to_owned();
            return self.fail((at, SyntaxFault::GlyphWithoutMove, message));
        }
        Some(Item::new(ItemKind::Nag { value }, at..end))
    }

    /// Whether the line being read holds a move before byte `until`; the
    /// line is read again from its start to find out, the first time only.
    fn holds_move(&mut self, until: usize) -> bool {
        if !self.line_checked {
            let mut again = Movetext {
                at: self.line_start,
                counting: false,
                line_checked: true,
                ..Movetext::new(self.record)
            };
            self.line_checked = again
                .by_ref()
                .take_while(|item| item.span().start < until)
                .any(|item| matches!(item.kind(), ItemKind::Move { .. }));
        }
        self.line_checked
    }

    /// The end of the text: every variation must be closed, unless a
    /// syntax error ended the reading first.
    #[inline(never)]
    pub(super) fn end(&mut self) {
        if self.depth > 0 && self.error.is_none() {
            self.depth = 0;
            let fault: Fault = (
                self.outer_open,
                SyntaxFault::UnclosedVariation,
                "variation is not closed: '(' has no matching ')'".to_owned(),
            );
            self.fail(fault);
        }
    }
}
