use super::*;
use crate::record::parse_head;

/// What `next_with` reads from the movetext of `movetext`, with a quick
/// reader that reads two-letter words `ab` as the move `"ab"`; and the
/// syntax error that stopped it, if any.
fn read_quickly(movetext: &str) -> (Vec<Read<String>>, Option<String>) {
    let record = parse_head(format!("[Game \"mana\"]\n\n{movetext}\n"), 1);
    let Ok(record) = record else {
        return (Vec::new(), Some("no record".to_owned()));
    };
    let mut items = record.movetext();
    let mut read = Vec::new();
    while let Some(next) = items.next_with(|text| match text {
        [a @ b'a'..=b'z', b @ b'a'..=b'z', ..] => {
            Some((String::from_utf8_lossy(&[*a, *b]).into_owned(), 2))
        }
        _ => None,
    }) {
        read.push(next);
    }
    (read, items.finish().err().map(|e| e.to_string()))
}

#[test]
fn a_word_the_quick_reader_reads_whole_is_its_move() {
    let (read, error) = read_quickly("1. ab {c} cd");
    let at = "[Game \"mana\"]\n\n".len();
    assert_eq!(error, None);
    assert_eq!(
        read,
        vec![
            Read::Item(
                ItemKind::Number {
                    value: 1,
                    dots: Dots::One
                },
                at..at + 2
            ),
            Read::Move("ab".to_owned(), at + 3..at + 5),
            Read::Item(ItemKind::Comment, at + 7..at + 8),
            Read::Move("cd".to_owned(), at + 10..at + 12),
        ]
    );
}

#[test]
fn a_word_that_goes_on_past_the_quick_move_is_left_to_the_scanner() {
    let (read, error) = read_quickly("abc ab! a");
    let at = "[Game \"mana\"]\n\n".len();
    assert_eq!(error, None);
    assert_eq!(
        read,
        vec![
            Read::Item(ItemKind::Move { glyph: 0 }, at..at + 3),
            Read::Item(ItemKind::Move { glyph: 1 }, at + 4..at + 6),
            Read::Item(ItemKind::Move { glyph: 0 }, at + 8..at + 9),
        ]
    );
}

#[test]
fn a_quick_move_after_the_result_is_a_syntax_error() {
    let (read, error) = read_quickly("ab * cd");
    assert_eq!(read.len(), 2);
    assert_eq!(
        error.as_deref(),
        Some("3:6: nothing but comments may follow the result (at \"cd\")")
    );
}

#[test]
fn the_item_limit_holds_for_the_densest_movetext() {
    // Comments side by side: two bytes an item, the fewest a run of
    // items can take.
    let (read, error) = read_quickly(&"{}".repeat(MAX_ITEMS + 1));
    assert_eq!(read.len(), MAX_ITEMS);
    let error = error.unwrap_or_default();
    assert!(
        error.starts_with("3:20001: the movetext has more than the limit of 10000 items"),
        "{error}"
    );
    let (read, error) = read_quickly(&"{}".repeat(MAX_ITEMS));
    assert_eq!((read.len(), error), (MAX_ITEMS, None));
}

#[test]
fn a_movetext_too_short_to_pass_the_item_limit_counts_no_items() {
    let short = parse_head(format!("[Game \"mana\"]\n\n{}\n", "a ".repeat(4999)), 1);
    let long = parse_head(format!("[Game \"mana\"]\n\n{}\n", "a ".repeat(5001)), 1);
    let counting = |record: Result<Record, SyntaxError>| record.map(|r| r.movetext().counting);
    assert_eq!(counting(short), Ok(false));
    assert_eq!(counting(long), Ok(true));
}
