use super::*;

#[test]
fn reads_flowers() {
    let flowers = parse_flowers(DEFAULT_FLOWERS);
    assert_eq!(flowers, Ok(DEFAULT));
    assert_eq!(flowers.map(|f| f.value()).as_deref(), Ok(DEFAULT_FLOWERS));
    assert!(parse_flowers("PWW/WYPWYPWYPWYP").is_err());
    assert!(parse_flowers("PWY/WYPWYPWYPWYY").is_err());
    assert!(parse_flowers("PWY/WYPWYPWYPWY").is_err());
    assert!(parse_flowers("PWB/WYPWYPWYPWYP").is_err());
    assert!(parse_flowers("PWYWYPWYPWYPWYP").is_err());
}

#[test]
fn finds_the_setup_tags_in_one_pass() {
    let tag = |name: &str, value: &str| crate::record::Tag {
        name: name.into(),
        value: value.into(),
        offset: 0,
    };
    let tags = [
        tag("Game", "lotus"),
        tag("Course", "c"),
        tag("Players", "a b c"),
        tag("Result", "*"),
        tag("Players", "d e f"),
    ];
    let values = setup_values(Tags::new(&tags));
    assert_eq!(values, [Some("a b c"), None, Some("c")]);
    assert_eq!(values[0], Tags::new(&tags).get("Players"));
    assert_eq!(setup_values(Tags::new(&[])), [None; 3]);
}
