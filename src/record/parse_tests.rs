//! Tests of the record grammar.
use super::*;
use crate::record::ItemKind;

fn error(text: &str) -> String {
    match parse_record(text.to_owned(), 1) {
        Ok(r) => panic!("parsed {r:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn reads_tags_numbers_moves_comments_and_result() {
    let text = "[Game \"mana\"]\n[Event \"a \\\"b\\\" \\\\\"]\n\n1. a1-a2! {good} f6-f5 ; rest\n2... b1-b2?! *\n";
    let record = parse_record(text.to_owned(), 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.tag("Event"), Some("a \"b\" \\"));
    let moves: Vec<_> = record.moves().map(|m| (m.text, m.glyph)).collect();
    assert_eq!(
        moves,
        [("a1-a2", Some("!")), ("f6-f5", None), ("b1-b2", Some("?!"))]
    );
    assert_eq!(record.result_token().map(|r| r.0), Some("*"));
    let comments: Vec<_> = record
        .items
        .iter()
        .filter(|i| i.kind() == ItemKind::Comment)
        .map(|i| record.slice(&i.span()))
        .collect();
    assert_eq!(comments, ["good", " rest"]);
    assert_eq!(record.locate(record.items[3].span().start).line, 6);
}

#[test]
fn rejects_text_after_the_result() {
    assert_eq!(
        error("[Game \"mana\"]\n1. a1-a2 * b1-b2\n"),
        "2:12: nothing but comments may follow the result (at \"b1-b2\")"
    );
}

#[test]
fn rejects_a_duplicate_tag() {
    assert_eq!(
        error("[Game \"mana\"]\n[Game \"mana\"]\n"),
        "2:1: tag Game appears twice (at \"[Game \\\"mana\\\"]\")"
    );
}

#[test]
fn rejects_an_unclosed_tag_value() {
    assert_eq!(
        error("[Game \"mana]\n"),
        "1:7: the tag value has no closing quote (at \"\\\"mana]\")"
    );
}

#[test]
fn rejects_a_bad_glyph_and_a_bad_number() {
    assert_eq!(
        error("[Game \"mana\"]\n1. a1-a2!!!\n"),
        "2:9: \"!!!\" is not an annotation glyph (at \"!!!\")"
    );
    assert_eq!(
        error("[Game \"mana\"]\n1.. a1-a2\n"),
        "2:1: a move number is written 1. or 1... (at \"1.. a1-a2\")"
    );
    assert_eq!(
        error("[Game \"mana\"]\n1 a1-a2\n"),
        "2:1: a move number needs a dot: 1. (at \"1 a1-a2\")"
    );
}

#[test]
fn rejects_control_characters() {
    assert_eq!(
        error("[Game \"mana\"]\n1. a1\0a2\n"),
        "2:6: unexpected character \'\\0\' (at \"\\0a2\")"
    );
}

#[test]
fn a_bad_escape_is_reported_at_its_backslash() {
    assert_eq!(
        error("[Game \"mana\"]\n[Event \"a\\q\"]\n\n1. a1-a2 *\n"),
        "2:10: only \\\" and \\\\ are escapes in a tag value (at \"\\\\q\\\"]\")"
    );
}

#[test]
fn the_grammar_reads_every_form_of_a_tag_line() {
    let lines = [
        ("[Game \"lotus\"]\n", "Game", "lotus"),
        (
            "[Flowers \"YPW/WYPYPWPWPYWY\"]",
            "Flowers",
            "YPW/WYPYPWPWPYWY",
        ),
        ("[Setup \"\"]\n\n1. a1-a2 *\n", "Setup", ""),
        (
            "[Event \"caf\u{e9} \u{2654}\"]\n",
            "Event",
            "caf\u{e9} \u{2654}",
        ),
        ("[A_1 \"y\"]\n", "A_1", "y"),
        ("[ Game \"x\"]\n", "Game", "x"),
        ("[Game  \"x\"]\n", "Game", "x"),
        ("[Game\t\"x\"]\n", "Game", "x"),
        ("[Game\"x\"]\n", "Game", "x"),
        ("[Game \"a \\\"b\\\"\"]\n", "Game", "a \"b\""),
        ("[Game \"x\" ]\n", "Game", "x"),
        ("[Game \"x\"] \n", "Game", "x"),
    ];
    for (text, name, value) in lines {
        let record = parse_head(text.to_owned(), 1).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let tags: Vec<_> = record
            .tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect();
        assert_eq!(tags, [(name, value)], "{text:?}");
        assert_eq!(&text[record.tags[0].offset..][..1], "\"", "{text:?}");
    }
    let longest = format!("[Event \"{}\"]\n", "x".repeat(MAX_TAG_VALUE_BYTES));
    assert!(parse_head(longest, 1).is_ok());
}

#[test]
fn every_syntax_fault_has_its_code() {
    let long_value = format!("[Event \"{}\"]\n", "x".repeat(MAX_TAG_VALUE_BYTES + 1));
    let many_tags: String = (0..=MAX_TAGS).map(|i| format!("[T{i} \"x\"]\n")).collect();
    let many_items = format!("[Game \"mana\"]\n{}", "{} ".repeat(MAX_ITEMS + 1));
    let big = "x".repeat(crate::record::MAX_RECORD_BYTES + 1);
    let cases: [(&str, SyntaxFault); 19] = [
        (
            "[Game \"mana\"]\n[Game \"mana\"]\n",
            SyntaxFault::DuplicateTag,
        ),
        ("[9Game \"x\"]\n", SyntaxFault::BadTagName),
        ("[Game x]\n", SyntaxFault::TagUnquoted),
        ("[Game \"x]\n", SyntaxFault::UnterminatedTagValue),
        ("[Game \"x", SyntaxFault::UnterminatedTagValue),
        (&long_value, SyntaxFault::TagValueTooLong),
        ("[Event \"a\\q\"]\n", SyntaxFault::BadEscape),
        ("[Game \"x\" x]\n", SyntaxFault::TagUnclosed),
        ("[Game \"x\"] ; note\n", SyntaxFault::TagNotAlone),
        (&many_tags, SyntaxFault::TooManyTags),
        ("1.. a1-a2\n", SyntaxFault::BadNumber),
        ("1 a1-a2\n", SyntaxFault::NumberWithoutDot),
        (&many_items, SyntaxFault::TooManyItems),
        ("1. a1-a2 * b1-b2\n", SyntaxFault::AfterResult),
        ("1. a1-a2!!!\n", SyntaxFault::BadGlyph),
        ("1. !! a1-a2\n", SyntaxFault::GlyphWithoutMove),
        ("1. a1\0a2\n", SyntaxFault::BadCharacter),
        ("1. a1-a2 } *\n", SyntaxFault::UnmatchedBrace),
        ("1. a1-a2 { open\n", SyntaxFault::UnterminatedComment),
    ];
    for (text, fault) in cases {
        let error = parse_record(text.to_owned(), 1).map(drop);
        assert_eq!(error.map_err(|e| e.fault), Err(fault), "{:.40?}", text);
    }
    let error = parse_record(big, 1).map(drop).map_err(|e| e.code());
    assert_eq!(error, Err("record.record-too-large"));
}

#[test]
fn spaces_around_a_tag_change_nothing() {
    let tags = |text: &str| {
        let record = parse_head(text.to_owned(), 1).unwrap_or_else(|e| panic!("{e}"));
        let pairs = record
            .tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.clone()));
        pairs.collect::<Vec<_>>()
    };
    assert_eq!(
        tags("[Game \"mana\"]\n[Nick \"a\"]\n"),
        tags("[ Game  \"mana\" ]\n[Nick\t\"a\"]\n")
    );
}
