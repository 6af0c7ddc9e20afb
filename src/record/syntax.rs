//! Why a record's text is not a record: the syntax faults of the record
//! layer, each with a stable code (listed in `kifu.5`, "Fault codes").

/// A place in a file: 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    /// The line, counted from 1.
    pub line: usize,
    /// The column in characters, counted from 1.
    pub column: usize,
}

/// A syntax error in a record: where it is and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}:{}: {}", .location.line, .location.column, .message)]
pub struct SyntaxError {
    /// Where the error is.
    pub location: Location,
    /// The fault, whose [`SyntaxFault::code`] is the stable code.
    pub fault: SyntaxFault,
    /// What is wrong, in words.
    pub message: String,
}

impl SyntaxError {
    /// The stable code of the fault, such as `record.unterminated-comment`.
    pub fn code(&self) -> &'static str {
        self.fault.code()
    }
}

/// The syntax faults of a record, one per reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum SyntaxFault {
    /// The text is not UTF-8.
    NotUtf8,
    /// A line is longer than [`super::MAX_LINE_BYTES`].
    LineTooLong,
    /// The record is larger than [`super::MAX_RECORD_BYTES`].
    RecordTooLarge,
    /// A `{` comment is never closed.
    UnterminatedComment,
    /// A `}` with no `{` before it.
    UnmatchedBrace,
    /// More than [`super::MAX_TAGS`] tags.
    TooManyTags,
    /// A tag name written twice.
    DuplicateTag,
    /// No tag name, or a bad one, after `[`.
    BadTagName,
    /// A tag value not in double quotes.
    TagUnquoted,
    /// A tag value whose closing quote is missing.
    UnterminatedTagValue,
    /// A tag value longer than [`super::MAX_TAG_VALUE_BYTES`].
    TagValueTooLong,
    /// A backslash in a tag value that escapes neither `"` nor `\`.
    BadEscape,
    /// No `]` after a tag's value.
    TagUnclosed,
    /// Text after a tag's `]` on its line.
    TagNotAlone,
    /// A move number written with two dots, or more than three.
    BadNumber,
    /// A word of digits with no dot after them.
    NumberWithoutDot,
    /// More than [`super::MAX_ITEMS`] movetext items.
    TooManyItems,
    /// Something other than a comment after the result.
    AfterResult,
    /// `!` and `?` that are not an annotation glyph.
    BadGlyph,
    /// An annotation glyph with no move before it.
    GlyphWithoutMove,
    /// A character that may not stand in movetext.
    BadCharacter,
    /// A `(` whose variation is never closed.
    UnclosedVariation,
    /// A `)` with no `(` before it.
    UnmatchedParenthesis,
    /// Variations nested more than [`super::MAX_DEPTH`] deep.
    VariationTooDeep,
    /// A result token inside a variation.
    ResultInVariation,
    /// A chess result (`1-0`, `0-1`, `1/2-1/2`) where a move stands.
    ChessResult,
    /// A `(` with no move before it in its line.
    VariationBeforeMove,
    /// A `)` that closes a variation holding no move.
    EmptyVariation,
}

impl SyntaxFault {
    /// Every syntax fault, in the order declared.
    pub const ALL: [SyntaxFault; 28] = [
        SyntaxFault::NotUtf8,
        SyntaxFault::LineTooLong,
        SyntaxFault::RecordTooLarge,
        SyntaxFault::UnterminatedComment,
        SyntaxFault::UnmatchedBrace,
        SyntaxFault::TooManyTags,
        SyntaxFault::DuplicateTag,
        SyntaxFault::BadTagName,
        SyntaxFault::TagUnquoted,
        SyntaxFault::UnterminatedTagValue,
        SyntaxFault::TagValueTooLong,
        SyntaxFault::BadEscape,
        SyntaxFault::TagUnclosed,
        SyntaxFault::TagNotAlone,
        SyntaxFault::BadNumber,
        SyntaxFault::NumberWithoutDot,
        SyntaxFault::TooManyItems,
        SyntaxFault::AfterResult,
        SyntaxFault::BadGlyph,
        SyntaxFault::GlyphWithoutMove,
        SyntaxFault::BadCharacter,
        SyntaxFault::UnclosedVariation,
        SyntaxFault::UnmatchedParenthesis,
        SyntaxFault::VariationTooDeep,
        SyntaxFault::ResultInVariation,
        SyntaxFault::ChessResult,
        SyntaxFault::VariationBeforeMove,
        SyntaxFault::EmptyVariation,
    ];

    /// The stable code, such as `record.unterminated-comment`.
    pub const fn code(self) -> &'static str {
        match self {
            SyntaxFault::NotUtf8 => "record.not-utf8",
            SyntaxFault::LineTooLong => "record.line-too-long",
            SyntaxFault::RecordTooLarge => "record.record-too-large",
            SyntaxFault::UnterminatedComment => "record.unterminated-comment",
            SyntaxFault::UnmatchedBrace => "record.unmatched-brace",
            SyntaxFault::TooManyTags => "record.too-many-tags",
            SyntaxFault::DuplicateTag => "record.duplicate-tag",
            SyntaxFault::BadTagName => "record.bad-tag-name",
            SyntaxFault::TagUnquoted => "record.tag-unquoted",
            SyntaxFault::UnterminatedTagValue => "record.unterminated-tag-value",
            SyntaxFault::TagValueTooLong => "record.tag-value-too-long",
            SyntaxFault::BadEscape => "record.bad-escape",
            SyntaxFault::TagUnclosed => "record.tag-unclosed",
            SyntaxFault::TagNotAlone => "record.tag-not-alone",
            SyntaxFault::BadNumber => "record.bad-number",
            SyntaxFault::NumberWithoutDot => "record.number-without-dot",
            SyntaxFault::TooManyItems => "record.too-many-items",
            SyntaxFault::AfterResult => "record.after-result",
            SyntaxFault::BadGlyph => "record.bad-glyph",
            SyntaxFault::GlyphWithoutMove => "record.glyph-without-move",
            SyntaxFault::BadCharacter => "record.bad-character",
            SyntaxFault::UnclosedVariation => "record.unclosed-variation",
            SyntaxFault::UnmatchedParenthesis => "record.unmatched-parenthesis",
            SyntaxFault::VariationTooDeep => "record.variation-too-deep",
            SyntaxFault::ResultInVariation => "record.result-in-variation",
            SyntaxFault::ChessResult => "record.chess-result",
            SyntaxFault::VariationBeforeMove => "record.variation-before-move",
            SyntaxFault::EmptyVariation => "record.empty-variation",
        }
    }
}

/// The code of every syntax fault, as [`crate::referee::CODES`] lists the
/// referee's: kifu.5 lists each one.
pub const CODES: [&str; SyntaxFault::ALL.len()] = {
    let mut codes = [""; SyntaxFault::ALL.len()];
    let mut i = 0;
    while i < codes.len() {
        codes[i] = SyntaxFault::ALL[i].code();
        i += 1;
    }
    codes
};

/// The longest snippet of text quoted in a syntax error.
const SNIPPET_CHARS: usize = 24;

/// ` (at "...")`: the text from an error's place to the end of its line, cut
/// short; empty at the end of the text.
pub(crate) fn snippet(rest: &str) -> String {
    let line = rest.split('\n').next().unwrap_or("");
    let cut = line
        .char_indices()
        .nth(SNIPPET_CHARS)
        .map_or(line.len(), |(i, _)| i);
    match &line[..cut] {
        "" => String::new(),
        text if cut < line.len() => format!(" (at {:?})", format!("{text}...")),
        text => format!(" (at {text:?})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fault_has_its_own_code() {
        let mut codes: Vec<&str> = CODES.to_vec();
        assert!(codes.iter().all(|c| c.starts_with("record.")), "{codes:?}");
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), SyntaxFault::ALL.len());
    }

    #[test]
    fn every_fault_is_listed_in_order() {
        for (i, fault) in SyntaxFault::ALL.into_iter().enumerate() {
            assert_eq!(fault as usize, i, "{fault:?}");
        }
        // The last variant declared closes the list.
        assert_eq!(
            SyntaxFault::EmptyVariation as usize + 1,
            SyntaxFault::ALL.len()
        );
    }
}
