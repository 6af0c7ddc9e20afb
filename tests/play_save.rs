//! `:save` through the binary: what `validate` accepts is saved and reads
//! back the same, and a read-only file is replaced only as `:save!`.

use crate::support::long;
use crate::support::play as support;

use std::fs;
use support::{play, scratch, validate};

#[test]
fn every_record_validate_accepts_is_saved_and_reads_back_the_same() {
    let dir = scratch("save-long");
    // 9,998 plies, within the limit of items as written (no numbers):
    // `:save` numbers every pair, and move numbers are counted apart.
    let (text, plies) = long::long_shogun(9998, 7);
    assert_eq!(plies, 9998, "the game ended early");
    assert!(fs::write(dir.join("long.kifu"), text).is_ok());
    let verdict = "shogun, 9998 plies, *\n";
    assert_eq!(
        validate(&dir, "long.kifu"),
        (format!("long.kifu:1: {verdict}"), Some(0))
    );
    let (out, err, code) = play(
        &dir,
        &["shogun", "--load", "long.kifu"],
        b":save out.kifu\n:quit\n",
    );
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    assert_eq!(
        validate(&dir, "out.kifu"),
        (format!("out.kifu:1: {verdict}"), Some(0))
    );
    let saved = fs::read_to_string(dir.join("out.kifu")).unwrap_or_default();
    assert!(
        saved.contains(" 4999. "),
        "the saved record numbers its moves"
    );
}

#[test]
fn a_read_only_file_needs_save_bang() {
    let dir = scratch("save-read-only");
    let target = dir.join("game.kifu");
    assert!(fs::write(&target, "keep\n").is_ok());
    let mut permissions = fs::metadata(&target)
        .map(|m| m.permissions())
        .unwrap_or_else(|e| panic!("{e}"));
    permissions.set_readonly(true);
    assert!(fs::set_permissions(&target, permissions).is_ok());
    let (_, err, code) = play(&dir, &["mana"], b"f1-e2\n:save game.kifu\n:quit!\n");
    assert_eq!(code, Some(1));
    assert_eq!(
        err,
        "kifu: line 2: cannot save game.kifu: the file is read-only (:save! replaces it)\n"
    );
    assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("keep\n"));
    let (out, _, code) = play(&dir, &["mana"], b"f1-e2\n:save! game.kifu\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Saved game.kifu (1 ply)\n"), "{out}");
    assert_eq!(
        validate(&dir, "game.kifu"),
        ("game.kifu:1: mana, 1 ply, *\n".to_owned(), Some(0))
    );
}

#[test]
fn tag_sets_a_tag_that_save_writes() {
    let dir = scratch("save-tag");
    let (out, err, code) = play(
        &dir,
        &["mana", "--setup", "b1 c6"],
        b":tag Event Club night\n:tag White Ana\n:tag Event Club night, round 2\n:tag Setup b1 b6\n:tag Result W+\ne1-e4\n:save game.kifu\n:quit\n",
    );
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 4: :tag Setup: the tag sets up the game, so it is given when the game starts (kifu play --help)\n\
             kifu: line 5: :tag Result: the result is the game's, and :save writes it\n",
            Some(1)
        ),
        "{out}"
    );
    // Each tag set is confirmed, with the value it replaced.
    let said: Vec<&str> = out.lines().filter_map(|l| l.split("> ").nth(1)).collect();
    assert!(
        out.contains(
            ":tag Event Club night\nset [Event \"Club night\"]\n\
             kifu mana> :tag White Ana\nset [White \"Ana\"]\n\
             kifu mana> :tag Event Club night, round 2\n\
             set [Event \"Club night, round 2\"], replacing [Event \"Club night\"]\n"
        ),
        "{said:?}\n{out}"
    );
    assert_eq!(
        fs::read_to_string(dir.join("game.kifu")).unwrap_or_default(),
        "[Game \"mana\"]\n[Date \"2026.12.01\"]\n[Setup \"b1 c6\"]\n[Event \"Club night, round 2\"]\n[White \"Ana\"]\n\n1. e1-e4 *\n"
    );
    assert_eq!(
        validate(&dir, "game.kifu"),
        ("game.kifu:1: mana, 1 ply, *\n".to_owned(), Some(0))
    );
}
