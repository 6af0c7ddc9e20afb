//! Sessions driven line by line, without a terminal.

use super::*;

fn mana() -> Session {
    let started = Session::start(
        GameKind::Mana,
        &[("Setup".into(), "c1 b6".into())],
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
    say(&mut s, ":new");
    assert!(s.moves().is_empty());
}

#[test]
fn the_record_numbers_the_moves_and_ends_with_the_result() {
    let mut s = mana();
    say(&mut s, "a1-c2@b3 e6-e5 e1-f3@b3");
    assert_eq!(
        s.record_text(true),
        Ok("[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n1. a1-c2@b3 e6-e5 2. e1-f3@b3 *\n".to_owned())
    );
}

#[test]
fn bad_tags_are_refused_with_the_referees_message() {
    let bad = Session::start(
        GameKind::Mana,
        &[("Setup".into(), "z9 b6".into())],
        Charset::Ascii,
    );
    assert!(bad.is_err_and(|e| e.starts_with("tag Setup: ")));
    let date = Session::start(
        GameKind::Mana,
        &[("Date".into(), "yesterday".into())],
        Charset::Ascii,
    );
    assert_eq!(
        date.map(drop),
        Err(
            "tag Date: \"yesterday\" is not a date of the form YYYY.MM.DD (?? for unknown parts)"
                .into()
        )
    );
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
