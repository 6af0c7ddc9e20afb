use super::*;
use crate::games::lotus::DEFAULT_FLOWERS;

#[test]
fn reads_flowers() {
    let flowers = parse_flowers(DEFAULT_FLOWERS);
    assert_eq!(flowers, Ok(DEFAULT));
    assert_eq!(flowers.map(|f| f.value()).as_deref(), Ok(DEFAULT_FLOWERS));
    let code = |value: &str| parse_flowers(value).err().map(|e| e.code);
    assert_eq!(code("PWW/WYPWYPWYPWYP"), Some("lotus.flowers-arrival"));
    assert_eq!(code("PWY/WYPWYPWYPWYY"), Some("lotus.flowers-lilies"));
    assert_eq!(code("PWY/WYPWYPWYPWY"), Some("lotus.flowers-shape"));
    assert_eq!(code("PWB/WYPWYPWYPWYP"), Some("lotus.flowers-letters"));
    assert_eq!(code("PWYWYPWYPWYPWYP"), Some("lotus.flowers-shape"));
    assert_eq!(
        parse_flowers("PWW/WYPWYPWYPWYP").err().map(|e| e.message),
        Some("\"PWW/WYPWYPWYPWYP\": arrival places 1-3 hold one pink, one white and one yellow flower".to_owned())
    );
}

/// The codes and tags of the reasons a setup is refused for.
fn reasons(setup: LotusSetup) -> Vec<(String, &'static str)> {
    match from_setup(&setup) {
        Ok(_) => Vec::new(),
        Err(error) => error.reasons().map(|r| (r.tag.clone(), r.code)).collect(),
    }
}

fn value(text: &str) -> Option<CompactString> {
    Some(text.into())
}

#[test]
fn a_setup_reports_every_tag_at_fault() {
    let all_bad = LotusSetup {
        players: value("red rose"),
        flowers: value("PWY/WYP"),
        course: value("LLLL"),
        position: None,
    };
    let pair = |tag: &str, code| (tag.to_owned(), code);
    assert_eq!(
        reasons(all_bad.clone()),
        [
            pair("Players", "lotus.players-count"),
            pair("Flowers", "lotus.flowers-shape"),
            pair("Course", "lotus.course-lilies"),
        ]
    );
    let error = from_setup(&all_bad).err().map(|e| e.to_string());
    assert_eq!(
        error.as_deref().map(|e| e.split("; tag ").count()),
        Some(3),
        "{error:?}"
    );
    let no_players = LotusSetup {
        players: None,
        course: value(".x"),
        ..all_bad.clone()
    };
    assert_eq!(
        reasons(no_players),
        [
            pair("Players", "lotus.players-missing"),
            pair("Flowers", "lotus.flowers-shape"),
            pair("Course", "lotus.course-letter"),
        ]
    );
    let only_course = LotusSetup {
        players: value("red green orange"),
        flowers: None,
        course: value(&".".repeat(1000)),
        position: None,
    };
    assert_eq!(
        reasons(only_course),
        [pair("Course", "lotus.course-length")]
    );
    let good = LotusSetup {
        players: value("red green orange"),
        ..LotusSetup::default()
    };
    assert_eq!(reasons(good), []);
}

#[test]
fn every_setup_code_is_listed() {
    for code in SETUP_CODES {
        assert!(crate::games::lotus::fault::CODES.contains(&code), "{code}");
    }
}

/// A tag line read at the record's start.
fn tag(name: &str, value: &str) -> crate::record::Tag {
    crate::record::Tag {
        name: name.into(),
        value: value.into(),
        offset: 0,
    }
}

#[test]
fn finds_the_setup_tags_in_one_pass() {
    let tags = [
        tag("Game", "lotus"),
        tag("Course", "c"),
        tag("Players", "a b c"),
        tag("Result", "*"),
        tag("Players", "d e f"),
        tag("Position", "p"),
    ];
    let values = setup_values(Tags::new(&tags));
    assert_eq!(values, [Some("a b c"), None, Some("c"), Some("p")]);
    assert_eq!(values[0], Tags::new(&tags).get("Players"));
    assert_eq!(setup_values(Tags::new(&[])), [None; 4]);
}

#[test]
fn the_tags_read_in_place_give_the_setup_they_state() {
    let sets = [
        vec![tag("Players", "red green orange violet cyan")],
        vec![tag("Players", "a b c"), tag("Flowers", DEFAULT_FLOWERS)],
        vec![tag("Players", "a a"), tag("Flowers", "x"), tag("Course", "?")],
        vec![tag("Flowers", DEFAULT_FLOWERS), tag("Position", "p")],
    ];
    for tags in sets {
        let tags = Tags::new(&tags);
        let in_place = from_tags(tags).map_err(|e| e.to_string());
        let setup = from_setup(&read_setup(tags)).map_err(|e| e.to_string());
        assert_eq!(in_place, setup);
    }
}
