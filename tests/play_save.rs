//! `:save` through the binary: it never writes a record kifu would refuse
//! to read, and it replaces a read-only file only as `:save!`.

#[path = "support/long.rs"]
mod long;
#[path = "support/play.rs"]
mod support;

use std::fs;
use support::{play, scratch, validate};

#[test]
fn a_game_too_long_to_read_back_is_not_saved() {
    let dir = scratch("save-too-long");
    // 7,000 plies: within the limit as written (no numbers), over it once
    // `:save` numbers every pair.
    let (text, plies) = long::long_shogun(7000, 7);
    assert_eq!(plies, 7000, "the game ended early");
    assert!(fs::write(dir.join("long.kifu"), text).is_ok());
    assert_eq!(
        validate(&dir, "long.kifu"),
        ("long.kifu:1: shogun, 7000 plies, *\n".to_owned(), Some(0))
    );
    let (out, err, code) = play(
        &dir,
        &["shogun", "--load", "long.kifu"],
        b":save out.kifu\n:quit\n",
    );
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with(
            "kifu: line 1: cannot save out.kifu: kifu could not read the record back: the movetext has more than the limit of 10000 items"
        ),
        "{err}"
    );
    assert!(
        out.contains("kifu shogun> :save out.kifu\nkifu shogun> :quit\n"),
        "{out}"
    );
    assert!(!dir.join("out.kifu").exists());
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
    assert!(out.contains("Saved game.kifu (1 move)\n"), "{out}");
    assert_eq!(
        validate(&dir, "game.kifu"),
        ("game.kifu:1: mana, 1 ply, *\n".to_owned(), Some(0))
    );
}
