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

/// The kinds of the items of `movetext`, or the syntax error.
fn kinds(movetext: &str) -> Result<Vec<ItemKind>, String> {
    let text = format!("[Game \"mana\"]\n\n{movetext}\n");
    let record = crate::record::parse_record(text, 1).map_err(|e| e.to_string())?;
    Ok(record.items.iter().map(Item::kind).collect())
}

#[test]
fn variations_and_numeric_glyphs_are_items() {
    let one = ItemKind::Number {
        value: 1,
        dots: Dots::One,
    };
    let three = ItemKind::Number {
        value: 1,
        dots: Dots::Three,
    };
    let mv = ItemKind::Move { glyph: 0 };
    assert_eq!(
        kinds("1. ab $1 (1. cd! $255 {c} (1. ef) ; line\n) (1. gh)1... ij $0 *"),
        Ok(vec![
            one,
            mv,
            ItemKind::Nag { value: 1 },
            ItemKind::Open,
            one,
            ItemKind::Move { glyph: 1 },
            ItemKind::Nag { value: 255 },
            ItemKind::Comment,
            ItemKind::Open,
            one,
            mv,
            ItemKind::Close,
            ItemKind::Comment,
            ItemKind::Close,
            ItemKind::Open,
            one,
            mv,
            ItemKind::Close,
            three,
            mv,
            ItemKind::Nag { value: 0 },
            ItemKind::Result,
        ])
    );
}

#[test]
fn variations_nest_32_deep_and_no_deeper() {
    let nested = |depth: usize| format!("ab {}{}", "(ab ".repeat(depth), ")".repeat(depth));
    assert_eq!(kinds(&nested(32)).map(|k| k.len()), Ok(1 + 32 * 3));
    assert_eq!(
        kinds(&nested(33)),
        Err("3:132: variations nest at most 32 deep (at \"(ab ))))))))))))))))))))...\")".into())
    );
}

#[test]
fn variation_faults_say_where() {
    let cases = [
        (
            "ab (cd ef",
            "3:4: variation is not closed: '(' has no matching ')' (at \"(cd ef\")",
        ),
        (
            "ab (cd (ef) gh",
            "3:4: variation is not closed: '(' has no matching ')' (at \"(cd (ef) gh\")",
        ),
        ("ab cd) ef", "3:6: ')' without an opening '(' (at \") ef\")"),
        (
            "ab (cd *)",
            "3:8: a result token may not stand inside a variation: the result is the main line's (at \"*)\")",
        ),
        (
            "{c} (ab) cd",
            "3:5: a variation must follow the move it is an alternative to (at \"(ab) cd\")",
        ),
        (
            "ab ((cd) ef)",
            "3:5: a variation must follow the move it is an alternative to (at \"(cd) ef)\")",
        ),
        (
            "ab ( {c} ) cd",
            "3:10: a variation must hold at least one move (at \") cd\")",
        ),
        (
            "ab * (cd)",
            "3:6: nothing but comments may follow the result (at \"(cd)\")",
        ),
        (
            "ab $256",
            "3:4: \"$256\" is not a numeric annotation glyph ($0 to $255) (at \"$256\")",
        ),
        (
            "ab $x1",
            "3:4: \"$x1\" is not a numeric annotation glyph ($0 to $255) (at \"$x1\")",
        ),
        (
            "ab $",
            "3:4: \"$\" is not a numeric annotation glyph ($0 to $255) (at \"$\")",
        ),
        (
            "$1 ab",
            "3:1: an annotation glyph must follow a move (at \"$1 ab\")",
        ),
        (
            "ab (1. $1 cd)",
            "3:8: an annotation glyph must follow a move (at \"$1 cd)\")",
        ),
    ];
    for (movetext, error) in cases {
        assert_eq!(
            kinds(movetext).map(|_| ()),
            Err(error.to_owned()),
            "{movetext}"
        );
    }
}

#[test]
fn the_main_line_is_the_moves_outside_variations() {
    let text = "[Game \"mana\"]\n\n1. ab (1. cd (1. ef) gh) 1... ij (1... kl) mn *\n";
    let record = crate::record::parse_record(text.to_owned(), 1);
    let moves: Vec<&str> = record
        .as_ref()
        .map(|r| r.moves().map(|m| m.text).collect())
        .unwrap_or_default();
    assert_eq!(moves, ["ab", "ij", "mn"]);
}
