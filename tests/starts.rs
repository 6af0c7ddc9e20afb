//! One start for every front (issue 51): the same refused tags given to
//! `kifu new`, `kifu play`, `kifu engine` and `kifu serve`'s library start
//! are refused with the same words. `python/tests/test_games.py` gives the
//! same cases (`fixtures/starts/refused.json`) to the Python package.

use crate::support::run;

use kifu::game::GameKind;
use kifu::play::{StartOptions, start};
use run::kifu;

/// A start refused: the game, the tags given `with` the one at fault,
/// the tag and its value, and the words.
#[derive(Debug, serde::Deserialize)]
struct Refused {
    game: String,
    #[serde(default)]
    with: Vec<(String, String)>,
    tag: String,
    value: String,
    message: String,
}

/// The cases of `fixtures/starts/refused.json`.
fn cases() -> Vec<Refused> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/starts/refused.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The option of `kifu new` that gives `tag`.
fn option(tag: &str, value: &str) -> Vec<String> {
    match tag {
        "Setup" | "Position" | "Players" | "Flowers" | "Course" | "Rotation" | "First"
        | "Discs" => vec![format!("--{}", tag.to_lowercase()), value.to_owned()],
        _ => vec!["--tag".to_owned(), format!("{tag}={value}")],
    }
}

#[test]
fn every_front_refuses_the_same_tags_with_the_same_words() {
    let cases = cases();
    assert!(cases.len() >= 6, "{} cases", cases.len());
    for case in cases {
        let Refused {
            game,
            with,
            tag,
            value,
            message,
        } = &case;
        let mut args = vec!["new".to_owned(), game.clone()];
        for (name, value) in with.iter().chain([&(tag.clone(), value.clone())]) {
            args.extend(option(name, value));
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let said = kifu(&args, b"");
        assert_eq!(
            said,
            (String::new(), format!("kifu: {message}\n"), Some(2)),
            "new: {case:?}"
        );

        let mut args = args.clone();
        args[0] = "play";
        let said = kifu(&args, b":quit!\n");
        assert_eq!(
            said,
            (String::new(), format!("kifu: {message}\n"), Some(2)),
            "play: {case:?}"
        );

        let mut script = format!("kep 1\nnewgame {game}\n");
        for (name, value) in with.iter().chain([&(tag.clone(), value.clone())]) {
            script += &format!("tag {name} \"{value}\"\n");
        }
        script += "position\nquit\n";
        let (out, _, status) = kifu(&["engine", "--random"], script.as_bytes());
        let last = out.lines().last().unwrap_or_default();
        assert_eq!(
            (last, status),
            (
                format!("info string position refused: {message}").as_str(),
                Some(0)
            ),
            "engine: {case:?}"
        );

        let kind = GameKind::from_name(game).unwrap_or_else(|| panic!("{game}"));
        let options =
            StartOptions::of_tags(with.iter().cloned().chain([(tag.clone(), value.clone())]));
        let refused = start(kind, &options).map(|_| ()).map_err(|e| e.to_string());
        assert_eq!(refused, Err(message.clone()), "library: {case:?}");
    }
}

#[test]
fn a_start_s_tags_are_checked_before_its_players_place_it() {
    // Escampe without a Setup is placed by its players; a tag of another
    // game is refused first, in `kifu play` as in `kifu new`.
    let args = ["play", "escampe", "--tag", "Rotation=90"];
    let said = kifu(&args, b":quit!\n");
    let words = "kifu: tag Rotation does not apply to escampe\n";
    assert_eq!(said, (String::new(), words.to_owned(), Some(2)));
}
