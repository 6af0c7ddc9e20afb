use super::*;

fn tag(name: &str, value: &str) -> Vec<(String, String)> {
    vec![(name.to_owned(), value.to_owned())]
}

/// The words of the start refused for `tags`.
fn refused(kind: GameKind, tags: Vec<(String, String)>) -> String {
    match start_of_tags(kind, tags) {
        Ok(start) => panic!("{kind} started: {:?}", start.tags),
        Err(e) => e.to_string(),
    }
}

#[test]
fn lotus_has_a_default_that_options_replace_and_escampe_none() {
    let bare = StartOptions::default();
    // Escampe's start is placed by its players: no tag fills it in.
    assert_eq!(bare.tag_list(GameKind::Escampe), Ok(Vec::new()));
    assert_eq!(
        bare.tag_list(GameKind::Lotus),
        Ok(tag("Players", "red green orange"))
    );
    assert_eq!(bare.tag_list(GameKind::Mana), Ok(Vec::new()));
    let given = StartOptions::of_tags(tag("Position", "x"));
    assert_eq!(given.position.as_deref(), Some("x"));
    assert_eq!(given.tag_list(GameKind::Escampe), Ok(tag("Position", "x")));
}

#[test]
fn options_of_tags_name_the_setup_tags_and_keep_the_others_in_order() {
    let tags = [("Event", "Club"), ("Setup", "c1 c6"), ("Round", "2")];
    let options = StartOptions::of_tags(tags.map(|(n, v)| (n.to_owned(), v.to_owned())));
    assert_eq!(options.setup.as_deref(), Some("c1 c6"));
    let others: Vec<&str> = options.tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(others, ["Event", "Round"]);
    let listed = options.tag_list(GameKind::Mana).unwrap_or_default();
    let names: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Setup", "Event", "Round"]);
}

#[test]
fn a_start_is_refused_as_the_referee_refuses_a_record_s_tags() {
    assert_eq!(
        refused(GameKind::Mana, tag("Setup", "z9")),
        "tag Setup: \"z9\": expected two squares, Black's Daimyo then White's, like \"c1 c6\""
    );
    assert_eq!(
        refused(GameKind::Mana, tag("Course", "x")),
        "tag Course does not apply to mana"
    );
    assert_eq!(
        refused(GameKind::Lotus, Vec::new()),
        "tag Players: required: the 3 to 6 players in turn order, like [Players \"red green orange\"]"
    );
    assert_eq!(
        refused(GameKind::Mana, tag("Result", "B+")),
        "tag Result: it is not a start's tag (the game is named apart, the result comes from the game itself)"
    );
    assert_eq!(
        refused(GameKind::Mana, tag("9x", "1")),
        "\"9x\" is not a tag name (ASCII letters, digits and _, from a letter)"
    );
    assert_eq!(
        refused(GameKind::Mana, tag("Event", "a\nb")),
        "tag Event: a tag value is one line"
    );
    assert_eq!(
        refused(GameKind::Mana, tag("Event", &"v".repeat(4097))),
        "tag Event: 4097 bytes: a tag value is at most 4096"
    );
    let twice = [tag("Event", "a"), tag("Event", "b")].concat();
    assert_eq!(refused(GameKind::Mana, twice), "tag Event is given twice");
    let many: Vec<(String, String)> = (0..MAX_TAGS)
        .map(|i| (format!("T{i}"), String::new()))
        .collect();
    assert_eq!(
        refused(GameKind::Mana, many),
        format!("the start has more than the limit of {MAX_TAGS} tags")
    );
}

#[test]
fn a_start_has_its_tags_as_given_and_as_a_fresh_record_writes_them() {
    let options = StartOptions {
        setup: Some("c1 c6".into()),
        tags: tag("Event", "Club"),
        ..StartOptions::default()
    };
    let start = start(GameKind::Mana, &options).expect("a start");
    assert_eq!(
        start.tags,
        [
            tag("Game", "mana"),
            tag("Setup", "c1 c6"),
            tag("Event", "Club")
        ]
        .concat()
    );
    assert_eq!(start.record_tags(), start.tags);
    assert_eq!(start.game.turn().mover, "Black");
    assert!(start.placing.is_none());
    // Lotus's default players come first; the game writes its own setup tags.
    let lotus = super::start(GameKind::Lotus, &StartOptions::default()).expect("a start");
    let names: Vec<String> = lotus.record_tags().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["Game", "Players", "Flowers"]);
}

#[test]
fn escampe_without_a_setup_is_placed_first_and_a_record_cannot_wait() {
    let start = super::start(GameKind::Escampe, &StartOptions::default()).expect("a start");
    assert!(start.placing.is_some());
    assert_eq!(
        start.placed().map(|s| s.tags).map_err(|e| e.to_string()),
        Err("escampe has no default setup: give one with --setup (like \"b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1\"), draw one with --seed N, or place the pieces in kifu play escampe".to_owned())
    );
    let drawn = StartOptions {
        seed: Some(1),
        ..StartOptions::default()
    };
    let start = super::start(GameKind::Escampe, &drawn).and_then(Start::placed);
    assert!(start.is_ok(), "{start:?}");
}

#[test]
fn a_tag_option_is_name_equals_value() {
    assert_eq!(
        tag_option("Event=a=b"),
        Ok(("Event".to_owned(), "a=b".to_owned()))
    );
    assert_eq!(
        tag_option("Event"),
        Err(TagOptionError::NoValue("Event".to_owned()))
    );
    assert_eq!(tag_option("Game=mana"), Err(TagOptionError::Game));
    assert_eq!(tag_option("Result=B+"), Err(TagOptionError::Result));
    assert_eq!(
        tag_option("9=1"),
        Err(TagOptionError::NotATagName("9".to_owned()))
    );
}
