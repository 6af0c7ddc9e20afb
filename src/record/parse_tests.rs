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
fn the_plain_tag_line_reader_agrees_with_the_grammar() {
    let lines = [
        "[Game \"lotus\"]\n[Players \"red green\"]\n",
        "[Flowers \"YPW/WYPYPWPWPYWY\"]",
        "[Setup \"\"]\n\n1. a1-a2 *\n",
        "[Event \"caf\u{e9} \u{2654}\"]\n",
        "[Nickname \"x\"]\n[A_1 \"y\"]\n",
        "[Annotator \"a value longer than the twenty-four bytes kept inline\"]\n",
    ];
    for text in lines {
        let Some((rest, name, value, value_at)) = plain_tag_line(text, text.as_bytes()) else {
            panic!("{text:?} is a plain tag line");
        };
        let Ok((nom_rest, (nom_name, nom_value, nom_value_at))) = tag_line(text, text.as_bytes())
        else {
            panic!("{text:?} is a tag line");
        };
        assert_eq!(
            (rest, name, value, value_at),
            (nom_rest, nom_name, nom_value.as_str(), nom_value_at),
            "{text:?}"
        );
    }
}

#[test]
fn the_plain_tag_line_reader_leaves_other_forms_to_the_grammar() {
    let lines = [
        "[9Game \"x\"]\n",
        "[_Game \"x\"]\n",
        "[Ga-me \"x\"]\n",
        "[ Game \"x\"]\n",
        "[Game  \"x\"]\n",
        "[Game\t\"x\"]\n",
        "[Game\"x\"]\n",
        "[Game \"a \\\"b\\\"\"]\n",
        "[Game \"x\" ]\n",
        "[Game \"x\"] \n",
        "[Game \"x\"]\r\n",
        "[Game \"x\"] ; note\n",
        "[Game \"x]\n",
        "[Game \"x",
        "[Game x]\n",
    ];
    for text in lines {
        assert_eq!(plain_tag_line(text, text.as_bytes()), None, "{text:?}");
    }
    let long = format!("[Event \"{}\"]\n", "x".repeat(MAX_TAG_VALUE_BYTES + 1));
    assert_eq!(plain_tag_line(&long, long.as_bytes()), None);
    let longest = format!("[Event \"{}\"]\n", "x".repeat(MAX_TAG_VALUE_BYTES));
    assert!(plain_tag_line(&longest, longest.as_bytes()).is_some());
}

#[test]
fn tags_read_the_same_by_either_reader() {
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
