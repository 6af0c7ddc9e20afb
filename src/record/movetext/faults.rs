//! The syntax faults of movetext, built only when one is found.

use super::MAX_ITEMS;
use crate::record::SyntaxFault;

/// A syntax fault of the movetext: its byte offset, the fault and its message.
pub(super) type Fault = (usize, SyntaxFault, String);

/// The fault of digits followed by two dots, or by more than three.
pub(super) fn bad_dots(bytes: &[u8], at: usize, end: usize) -> Fault {
    let digits = String::from_utf8_lossy(bytes.get(at..end).unwrap_or_default());
    (
        at,
        SyntaxFault::BadNumber,
        format!("a move number is written {digits}. or {digits}..."),
    )
}

/// The fault of a word of digits, at byte `at`.
pub(super) fn number_without_dot(digits: &[u8], at: usize) -> Fault {
    let digits = String::from_utf8_lossy(digits);
    let message = format!("a move number needs a dot: {digits}.");
    (at, SyntaxFault::NumberWithoutDot, message)
}

pub(super) fn too_many_items(at: usize, numbers: bool) -> Fault {
    let items = match numbers {
        true => "move numbers",
        false => "items (moves, comments, glyphs, variations, the result)",
    };
    let message = format!("the movetext has more than the limit of {MAX_ITEMS} {items}");
    (at, SyntaxFault::TooManyItems, message)
}

pub(super) fn after_result(at: usize) -> Fault {
    let message = "nothing but comments may follow the result".into();
    (at, SyntaxFault::AfterResult, message)
}

/// The fault of a byte that cannot be in a word, at byte `at`.
pub(super) fn bad_byte(text: &str, at: usize) -> Fault {
    let c = text.get(at..).and_then(|t| t.chars().next()).unwrap_or(' ');
    match c {
        '}' => (
            at,
            SyntaxFault::UnmatchedBrace,
            "'}' without an opening '{'".to_owned(),
        ),
        c => (
            at,
            SyntaxFault::BadCharacter,
            format!("unexpected character {c:?}"),
        ),
    }
}

pub(super) fn result_in_variation(at: usize) -> Fault {
    let message = "a result token may not stand inside a variation: the result is the main line's";
    (at, SyntaxFault::ResultInVariation, message.into())
}

/// The fault of a chess result, `word`, at byte `at`: kifu writes the
/// winner's colour.
pub(super) fn chess_result(word: &[u8], at: usize) -> Fault {
    let word = String::from_utf8_lossy(word);
    let message = format!(
        "{word:?} is a chess result: kifu ends the movetext with the winner's colour, W+, B+ or R+, or with * for a game not finished"
    );
    (at, SyntaxFault::ChessResult, message)
}
