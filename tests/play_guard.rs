//! `kifu play` keeping work safe, through the binary with a script on
//! standard input: the unsaved-work guard (`:quit`, `:new`, `:load`, the
//! end of input), `:save` with no name and over another file, the count
//! of legal moves, and lotus played bare (escampe's placement:
//! `tests/placement.rs`).

use crate::support::play as support;

use std::fs;
use support::{play, read, scratch, validate};

const OTHER: &str = "[Game \"mana\"]\n\n1. b1-a2 *\n";

const WARNING: &str = "kifu: warning: 1 unsaved move discarded at the end of the input \
                       (end with :save FILE to keep the game, or :quit! to leave without this warning)\n";

#[test]
fn unsaved_moves_stop_quit_new_and_load_in_a_script() {
    let dir = scratch("guard");
    fs::write(dir.join("other.kifu"), OTHER).unwrap_or_else(|e| panic!("{e}"));
    let (out, err, code) = play(
        &dir,
        &["mana"],
        b"e1-e4\n:quit\n:new\n:load other.kifu\n:moves\n",
    );
    assert_eq!(
        err,
        "kifu: line 2: :quit: 1 unsaved move would be lost (:quit! leaves anyway; :save FILE keeps them)\n\
         kifu: line 3: :new: 1 unsaved move would be lost (:new! starts again anyway; :save FILE keeps them)\n\
         kifu: line 4: :load other.kifu: 1 unsaved move would be lost \
         (:load! other.kifu loads it anyway; :save FILE keeps them)\n"
            .to_owned()
            + WARNING
    );
    // Refused lines: status 1; the game went on as it was.
    assert_eq!(code, Some(1));
    assert!(
        out.ends_with("kifu mana> :moves\na6-a5 e6-e5\n2 legal moves\n"),
        "{out}"
    );
    // The `!` forms do it anyway; a loaded game is saved as it stands.
    let (out, err, code) = play(
        &dir,
        &["mana"],
        b"e1-e4\n:new!\ne1-e4\n:load! other.kifu\n:quit\nb1-a2\n",
    );
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    assert!(out.contains("kifu mana> :new!\nNew game\n"), "{out}");
    assert!(out.contains("Loaded other.kifu: 1 ply\n"), "{out}");
    assert!(out.ends_with("kifu mana> :quit\n"), "{out}");
    let (out, err, code) = play(&dir, &["mana"], b"e1-e4\n:quit!\nb1-a2\n");
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    assert!(out.ends_with("kifu mana> :quit!\n"), "{out}");
    // Nothing unsaved: a fresh game, a move taken back, a game saved.
    for script in [
        &b":quit\n"[..],
        b"e1-e4\n:undo\n:quit\n",
        b"e1-e4\n:save mine.kifu\n:quit\n",
        b"e1-e4\n:save mine.kifu\n",
    ] {
        let _ = fs::remove_file(dir.join("mine.kifu"));
        let (out, err, code) = play(&dir, &["mana"], script);
        assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    }
    let _ = fs::remove_file(dir.join("mine.kifu"));
    // Taken back after a save is unsaved again.
    let (_, err, code) = play(&dir, &["mana"], b"e1-e4\n:save mine.kifu\n:undo\n:quit\n");
    assert_eq!(
        (err, code),
        (
            "kifu: line 4: :quit: 1 unsaved move would be lost (:quit! leaves anyway; :save keeps them)\n"
                .to_owned()
                + WARNING,
            Some(1)
        )
    );
}

#[test]
fn save_writes_the_games_file_and_asks_before_another() {
    let dir = scratch("save-target");
    fs::write(dir.join("other.kifu"), OTHER).unwrap_or_else(|e| panic!("{e}"));
    // No file yet: `:save` says so.
    let (_, err, code) = play(&dir, &["mana"], b"e1-e4\n:save\n:quit!\n");
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 2: no file to save to yet: :save FILE names one\n",
            Some(1)
        )
    );
    // An existing file that is not the game's needs `:save!`; then it is
    // the game's, and `:save` writes it.
    let (out, err, code) = play(
        &dir,
        &["mana"],
        b"e1-e4\n:save other.kifu\n:save! other.kifu\ne6-e5\n:save\n:save ./other.kifu\n:quit\n",
    );
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 2: cannot save other.kifu: the file exists, and this game was neither \
             loaded from it nor saved to it (:save! other.kifu replaces it)\n",
            Some(1)
        ),
        "{out}"
    );
    assert!(
        out.contains("kifu mana> :save\nSaved other.kifu (2 plies)\n"),
        "{out}"
    );
    assert!(
        out.contains("kifu mana> :save ./other.kifu\nSaved ./other.kifu (2 plies)\n"),
        "{out}"
    );
    assert_eq!(
        read(&dir, "other.kifu"),
        "[Game \"mana\"]\n[Date \"2026.12.01\"]\n\n1. e1-e4 e6-e5 *\n"
    );
    // The file loaded is the game's: `:save` writes it back.
    fs::write(dir.join("other.kifu"), OTHER).unwrap_or_else(|e| panic!("{e}"));
    let (out, err, code) = play(
        &dir,
        &["--load", "other.kifu"],
        b"e6-e5\n:save\n:save new.kifu\n:save\n:quit\n",
    );
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    assert!(
        out.contains("kifu mana> :save\nSaved other.kifu (2 plies)\n"),
        "{out}"
    );
    // Saved under a new name, the game's file is the new one.
    assert!(
        out.ends_with("kifu mana> :save\nSaved new.kifu (2 plies)\nkifu mana> :quit\n"),
        "{out}"
    );
    assert_eq!(
        read(&dir, "other.kifu"),
        "[Game \"mana\"]\n\n1. b1-a2 e6-e5 *\n"
    );
    assert_eq!(validate(&dir, "new.kifu").1, Some(0));
    // A file of two records is not written back by a bare `:save`.
    let two = format!("{OTHER}\n{OTHER}");
    fs::write(dir.join("two.kifu"), &two).unwrap_or_else(|e| panic!("{e}"));
    let (_, err, code) = play(&dir, &["--load", "two.kifu"], b":save\n:save two.kifu\n");
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 1: no file to save to yet: :save FILE names one\n\
             kifu: line 2: cannot save two.kifu: the file exists, and this game was neither \
             loaded from it nor saved to it (:save! two.kifu replaces it)\n",
            Some(1)
        )
    );
    assert_eq!(read(&dir, "two.kifu"), two);
}

#[test]
fn moves_counts_one_legal_move_in_the_singular() {
    let dir = scratch("one-move");
    let position = "1u1pp1/p1p1p1/6/6/P1PP2/1UP1P1 w -";
    let (out, err, code) = play(
        &dir,
        &["escampe", "--position", position],
        b":moves\na2-b2 e5-d3\n:moves\n:quit!\n",
    );
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    assert!(out.contains("kifu escampe> :moves\n"), "{out}");
    assert!(
        out.contains(" legal moves\nkifu escampe> a2-b2 e5-d3\n"),
        "{out}"
    );
    assert!(
        out.ends_with("kifu escampe> :moves\nb1-a2\n1 legal move\nkifu escampe> :quit!\n"),
        "{out}"
    );
}

#[test]
fn lotus_plays_bare_from_its_default() {
    let dir = scratch("bare");
    let (out, err, code) = play(&dir, &["lotus"], b":tags\n");
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    assert!(
        out.ends_with("kifu lotus> :tags\n[Game \"lotus\"]\n[Date \"2026.12.01\"]\n[Players \"red green orange\"]\n"),
        "{out}"
    );
    assert!(out.contains("red to play"), "{out}");
}

/// A record a match referee ended on time, loaded and played on: the
/// game goes on by the rules, so the saved record drops `Termination`
/// with `Result`, and validates.
#[test]
fn a_match_record_played_on_saves_without_its_termination() {
    let dir = scratch("play-on-termination");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/mana/valid/terminated-time-forfeit-declared-winner.kifu");
    let fixture = fixture.to_string_lossy().into_owned();
    let (_, err, status) = play(&dir, &["--load", &fixture], b"a6-a5\n:save on.kifu\n");
    assert_eq!((err.as_str(), status), ("", Some(0)));
    let saved = read(&dir, "on.kifu");
    assert!(
        !saved.contains("Termination") && saved.contains("[TimeControl \"1+0.01\"]"),
        "{saved}"
    );
    assert_eq!(
        validate(&dir, "on.kifu"),
        ("on.kifu:1: mana, 6 plies, *\n".to_owned(), Some(0))
    );
}
