//! Sessions driven line by line, without a terminal.

use super::*;

/// The date the sessions' records are given.
const DATE: &str = "2026.12.01";

fn mana() -> Session {
    let started = Session::start(
        GameKind::Mana,
        &[
            ("Date".into(), DATE.into()),
            ("Setup".into(), "c1 b6".into()),
        ],
        Charset::Ascii,
    );
    assert!(started.is_ok(), "{started:?}");
    started.unwrap_or_else(|_| unreachable!())
}

fn say(session: &mut Session, line: &str) -> (String, Reply) {
    let mut out = Vec::new();
    let reply = session.handle(line, &mut out);
    assert!(reply.is_ok());
    (
        String::from_utf8_lossy(&out).into_owned(),
        reply.unwrap_or_default(),
    )
}

#[test]
fn moves_numbers_and_glyphs() {
    assert!(is_move_number("12."));
    assert!(is_move_number("3..."));
    assert!(!is_move_number("."));
    assert!(!is_move_number("12"));
    assert!(!is_move_number("a1."));
    assert_eq!(strip_glyph("a1-a2!?"), "a1-a2");
    assert_eq!(strip_glyph("!!"), "!!");
}

#[test]
fn a_line_plays_all_its_moves_or_none() {
    let mut s = mana();
    let (_, reply) = say(&mut s, "1. a1-c2@b3 e6-e5");
    assert_eq!(reply, Reply::DONE);
    assert_eq!(s.moves(), ["a1-c2@b3", "e6-e5"]);
    let (text, reply) = say(&mut s, "2. e1-f3@b3 a6-a6");
    assert!(reply.refused);
    assert!(text.starts_with("move 2 (White) a6-a6: "), "{text}");
    assert!(text.contains("nothing from this line was played"), "{text}");
    assert_eq!(s.moves(), ["a1-c2@b3", "e6-e5"]);
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut s = mana();
    say(&mut s, "a1-c2@b3");
    say(&mut s, "e6-e5");
    let (text, _) = say(&mut s, ":undo");
    assert!(text.starts_with("Took back e6-e5\n"), "{text}");
    assert_eq!(s.moves(), ["a1-c2@b3"]);
    say(&mut s, ":redo");
    assert_eq!(s.moves(), ["a1-c2@b3", "e6-e5"]);
    say(&mut s, ":undo");
    let other = s.game().legal_moves().into_iter().find(|m| m != "e6-e5");
    let other = other.unwrap_or_default();
    assert_eq!(say(&mut s, &other).1, Reply::DONE);
    let (text, _) = say(&mut s, ":redo");
    assert_eq!(text, "nothing to redo\n");
    assert_eq!(s.moves(), ["a1-c2@b3".to_owned(), other]);
    // Two unsaved moves: `:new` is refused in a script, `:new!` is not.
    let (text, reply) = say(&mut s, ":new");
    assert!(reply.refused);
    assert_eq!(
        text,
        ":new: 2 unsaved moves would be lost (:new! starts again anyway; :save FILE keeps them)\n"
    );
    assert_eq!(s.moves().len(), 2);
    say(&mut s, ":new!");
    assert!(s.moves().is_empty());
    assert_eq!(s.unsaved(), None);
}

#[test]
fn the_record_numbers_the_moves_and_ends_with_the_result() {
    let mut s = mana();
    say(&mut s, "a1-c2@b3 e6-e5 e1-f3@b3");
    assert_eq!(
        s.record_text(true),
        Ok("[Game \"mana\"]\n[Date \"2026.12.01\"]\n[Setup \"c1 b6\"]\n\n1. a1-c2@b3 e6-e5 2. e1-f3@b3 *\n".to_owned())
    );
}

#[test]
fn bad_tags_are_refused_with_the_referees_message() {
    let bad = Session::start(
        GameKind::Mana,
        &[("Setup".into(), "z9 b6".into())],
        Charset::Ascii,
    );
    assert!(bad.is_err_and(|e| e.to_string().starts_with("tag Setup: ")));
    let date = Session::start(
        GameKind::Mana,
        &[("Date".into(), "yesterday".into())],
        Charset::Ascii,
    );
    // A malformed Date is a warning of `validate`, not a fault.
    assert_eq!(date.map(drop), Ok(()));
}

#[test]
fn quit_and_unknown_commands() {
    let mut s = mana();
    assert!(say(&mut s, ":quit").1.quit);
    let (text, reply) = say(&mut s, ":nope");
    assert!(reply.refused);
    assert_eq!(text, "unknown command :nope (:help lists the commands)\n");
    assert_eq!(say(&mut s, "   ").1, Reply::DONE);
}

fn lotus() -> Session {
    let started = Session::start(
        GameKind::Lotus,
        &[
            ("Date".into(), DATE.into()),
            ("Players".into(), "red green orange".into()),
        ],
        Charset::Ascii,
    );
    assert!(started.is_ok(), "{started:?}");
    started.unwrap_or_else(|_| unreachable!())
}

#[test]
fn a_different_move_after_undo_keeps_the_line_it_replaces() {
    let mut s = mana();
    say(&mut s, "1. a1-c2@b3 e6-e5 2. e1-f3@b3 a6-a5");
    say(&mut s, ":undo");
    // The same move plays the line again, and the rest stays to redo.
    say(&mut s, "a1-c2@b3 e6-e5");
    assert_eq!(say(&mut s, ":variations").0, "no variations\n");
    assert_eq!(s.moves(), ["a1-c2@b3", "e6-e5"]);
    assert_eq!(say(&mut s, "e1-d3").1, Reply::DONE);
    assert_eq!(say(&mut s, ":redo").0, "nothing to redo\n");
    say(&mut s, ":undo");
    say(&mut s, "e1-e4");
    assert_eq!(
        say(&mut s, ":variations").0,
        "1  2. e1-d3\n2  2. e1-f3@b3 a6-a5\n"
    );
    assert_eq!(
        s.record_text(true),
        Ok(
            "[Game \"mana\"]\n[Date \"2026.12.01\"]\n[Setup \"c1 b6\"]\n\n\
            1. a1-c2@b3 e6-e5 2. e1-e4 (2. e1-d3) (2. e1-f3@b3 a6-a5) *\n"
                .to_owned()
        )
    );
}

#[test]
fn promoting_a_variation_makes_it_the_main_line() {
    let mut s = mana();
    say(&mut s, "1. a1-c2@b3 e6-e5 2. e1-f3@b3 a6-a5");
    say(&mut s, ":undo");
    say(&mut s, "1. a1-c2@b3 e6-e5 2. e1-d3");
    let (text, reply) = say(&mut s, ":promote 1");
    assert_eq!(reply, Reply::DONE);
    assert!(text.starts_with("Promoted 1: 4 moves\n"), "{text}");
    assert_eq!(s.moves(), ["a1-c2@b3", "e6-e5", "e1-f3@b3", "a6-a5"]);
    assert_eq!(say(&mut s, ":variations").0, "1  2. e1-d3\n");
    let (text, reply) = say(&mut s, ":promote 1.1");
    assert!(reply.refused);
    assert_eq!(text, "there is no variation 1.1 (:variations lists them)\n");
    assert_eq!(
        s.record_text(true),
        Ok(
            "[Game \"mana\"]\n[Date \"2026.12.01\"]\n[Setup \"c1 b6\"]\n\n\
            1. a1-c2@b3 e6-e5 2. e1-f3@b3 (2. e1-d3) 2... a6-a5 *\n"
                .to_owned()
        )
    );
}

#[test]
fn a_nested_variation_is_promoted_with_the_one_around_it() {
    let mut s = mana();
    say(&mut s, "1. a1-c2@b3 e6-e5 2. e1-f3@b3 a6-a5");
    say(&mut s, ":undo");
    say(&mut s, "1. a1-c2@b3 e6-e5 2. e1-d3");
    say(&mut s, ":promote 1");
    say(&mut s, ":undo");
    say(&mut s, ":undo");
    assert_eq!(say(&mut s, "e1-e4").1, Reply::DONE);
    assert_eq!(
        say(&mut s, ":variations").0,
        "1  2. e1-f3@b3 a6-a5\n2  2. e1-d3\n"
    );
    let loaded = crate::record::parse_record(
        "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n\
         1. a1-c2@b3 e6-e5 2. e1-f3@b3 (2. e1-d3 (2. e1-e4 a6-a5) 2... f6-f4) a6-a5 *\n"
            .to_owned(),
        1,
    );
    let loaded = loaded.map_err(|e| e.to_string()).and_then(|record| {
        Session::from_record(&record, "nested.kifu", Charset::Ascii).map_err(|e| e.to_string())
    });
    let Ok((mut s, None)) = loaded else {
        panic!("{loaded:?}");
    };
    assert_eq!(
        say(&mut s, ":variations").0,
        "1  2. e1-d3 f6-f4\n  1.1  2. e1-e4 a6-a5\n"
    );
    say(&mut s, ":promote 1.1");
    assert_eq!(s.moves(), ["a1-c2@b3", "e6-e5", "e1-e4", "a6-a5"]);
    assert_eq!(
        say(&mut s, ":variations").0,
        "1  2. e1-f3@b3 a6-a5\n2  2. e1-d3 f6-f4\n"
    );
}

#[test]
fn a_lotus_variation_replaces_the_whole_turn() {
    let mut s = lotus();
    say(&mut s, "r0");
    say(&mut s, "g0");
    say(&mut s, "o0");
    say(&mut s, ":undo");
    assert_eq!(say(&mut s, "g0").1, Reply::DONE);
    assert_eq!(say(&mut s, ":variations").0, "1  1. r0 g0 o0\n");
    let text = s.record_text(true);
    assert_eq!(
        text,
        Ok(
            "[Game \"lotus\"]\n[Date \"2026.12.01\"]\n[Players \"red green orange\"]\n\n\
            1. r0 g0 g0 (1. r0 g0 o0) *\n"
                .to_owned()
        )
    );
    let record = crate::record::parse_record(text.unwrap_or_default(), 1);
    let verdict = record.map(|r| crate::referee::judge_record(&r).map(|v| v.summary()));
    assert_eq!(
        verdict,
        Ok(Ok(
            "lotus, 1 turn, * (scores so far: red 0, green 1, orange 0)".to_owned()
        ))
    );
}
