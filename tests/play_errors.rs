//! `kifu play` refusing what it must: invalid records, bad options, saves
//! that cannot be done (leaving existing files intact), random bytes.

use crate::support::play as support;

use std::fs;
use std::io::Write;
use std::process::Stdio;
use support::{play, read, scratch, validate};

#[test]
fn an_invalid_record_is_played_up_to_its_fault() {
    let dir = scratch("mana-bad-load");
    let record = "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n1. a1-c2@b3 e6-e5 2. f1-f2 *\n";
    fs::write(dir.join("bad.kifu"), record).unwrap_or_else(|e| panic!("{e}"));
    let fault = "bad.kifu:4:22: move 2 (Black, ply 3) f1-f2: the piece cannot reach that square: \
                 the piece on f1 stands on a double square and must move exactly 2 steps; \
                 did you mean e1-f3?";
    // `--load`: the fault on standard error, the game at the ply before it;
    // status 1, since the game was not saved since.
    let (out, err, code) = play(&dir, &["--load", "bad.kifu"], b":moves\n");
    assert_eq!((err, code), (format!("kifu: {fault}\n"), Some(1)));
    assert!(out.contains("Move 2: Black to play\n"), "{out}");
    // Fixed and saved (here to its own file), it ends with 0.
    let (out, err, code) = play(&dir, &["--load", "bad.kifu"], b"e1-f3@b3\n:save\n:quit\n");
    assert_eq!((err, code), (format!("kifu: {fault}\n"), Some(0)), "{out}");
    assert!(out.contains("Saved bad.kifu (3 plies)\n"), "{out}");
    assert_eq!(
        read(&dir, "bad.kifu"),
        "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n1. a1-c2@b3 e6-e5 2. e1-f3@b3 *\n"
    );
    let (_, err, code) = play(&dir, &["--load", "missing.kifu"], b"");
    assert_eq!(
        (err.as_str(), code),
        ("kifu: missing.kifu: no such file\n", Some(2))
    );
    // :load plays it up to the fault too, and the game goes on from there.
    fs::write(dir.join("bad.kifu"), record).unwrap_or_else(|e| panic!("{e}"));
    let (out, err, code) = play(
        &dir,
        &["mana"],
        b":load bad.kifu\n:tags\ne1-f3@b3\n:save! bad.kifu\n",
    );
    assert_eq!(
        (err, code),
        (format!("kifu: line 1: {fault}\n"), Some(0)),
        "{out}"
    );
    assert!(
        out.contains(
            "kifu mana> :load bad.kifu\n\
             Loaded bad.kifu: 2 plies, up to the fault; the game goes on from there\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("kifu mana> :tags\n[Game \"mana\"]\n[Setup \"c1 b6\"]\n"),
        "{out}"
    );
    assert_eq!(validate(&dir, "bad.kifu").1, Some(0));
}

#[test]
fn bad_options_exit_2_with_the_tag_error() {
    let dir = scratch("options");
    let cases: &[(&[&str], &str)] = &[
        (
            &["mana", "--setup", "z9 b6"],
            "kifu: tag Setup: \"z9\": Black's Daimyo stands on a double square of rank 1: b1, c1 or f1\n",
        ),
        (
            &["mana", "--tag", "Result=B+"],
            "kifu: --tag: the Result tag comes from the game itself\n",
        ),
    ];
    for (args, expected) in cases {
        let (out, err, code) = play(&dir, args, b"a1-a2\n");
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            ("", *expected, Some(2)),
            "{args:?}"
        );
    }
    for args in [&["lotus", "--seed", "1", "--position", "x"][..], &[][..]] {
        let (_, _, code) = play(&dir, args, b"");
        assert_eq!(code, Some(2), "{args:?}");
    }
}

#[test]
fn saving_where_it_cannot_is_a_clear_error() {
    let dir = scratch("save-fails");
    fs::write(dir.join("somefile"), "not a directory").unwrap_or_else(|e| panic!("{e}"));
    let script = "b1-a2\n:save somefile/x.kifu\n:save nowhere/x.kifu\n:save .\n:quit!\n";
    let (out, err, code) = play(&dir, &["mana"], script.as_bytes());
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 2: cannot save somefile/x.kifu: somefile is not a directory\n\
             kifu: line 3: cannot save nowhere/x.kifu: no such directory nowhere\n\
             kifu: line 4: cannot save .: not a file name\n",
            Some(1)
        ),
        "{out}"
    );
    assert_eq!(read(&dir, "somefile"), "not a directory");
    assert!(!dir.join("nowhere").exists());
}

#[test]
fn a_failed_save_leaves_the_old_file_intact() {
    let dir = scratch("save-intact");
    let old = "[Game \"mana\"]\n\n1. a1-a2 *\n";
    fs::write(dir.join("old.kifu"), old).unwrap_or_else(|e| panic!("{e}"));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .current_dir(&dir)
        .args(["play", "mana"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    // Block the temporary file that the first save of this process creates,
    // so that the save fails after the game was written out.
    let blocker = dir.join(format!(".old.kifu.{}.0.kifu-tmp", child.id()));
    fs::create_dir(&blocker).unwrap_or_else(|e| panic!("{e}"));
    if let Some(mut stdin) = child.stdin.take() {
        // `:save!`: old.kifu is not the game's file.
        let _ = stdin.write_all(b"b1-a2\n:save! old.kifu\n:quit!\n");
    }
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        out.ends_with("kifu mana> :save! old.kifu\nkifu mana> :quit!\n"),
        "{out}"
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "kifu: line 2: cannot save old.kifu: its temporary file is in the way\n"
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(read(&dir, "old.kifu"), old);
    assert!(blocker.is_dir());
    let mut names: Vec<_> = fs::read_dir(&dir)
        .map(|it| it.filter_map(Result::ok).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    names.sort();
    assert_eq!(names.len(), 2, "{names:?}");
    // A directory in the target's place is refused too, and kept.
    fs::create_dir(dir.join("sub")).unwrap_or_else(|e| panic!("{e}"));
    let (_, err, _) = play(&dir, &["mana"], b"b1-a2\n:save sub\n:quit!\n");
    assert_eq!(err, "kifu: line 2: cannot save sub: is a directory\n");
    assert!(dir.join("sub").is_dir());
}

/// A small deterministic generator for the random input.
fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

#[test]
fn random_bytes_never_panic() {
    let dir = scratch("random");
    let pieces: &[&[u8]] = &[
        b"a1-a2",
        b":",
        b":save",
        b":load",
        b" ",
        b"\n",
        b"\r\n",
        b"1.",
        b"12...",
        b"@",
        b"x",
        b"\xff",
        b"\xc3",
        b"\x00",
        b"--",
        b"R*",
        b"[",
        b"{",
        b"\xe2\x82",
        b"!",
        b"?",
        b"\t",
    ];
    for seed in 0..12u64 {
        let mut state = seed;
        let mut script = Vec::new();
        for _ in 0..400 {
            match lcg(&mut state) % 3 {
                0 => script.push((lcg(&mut state) & 0xff) as u8),
                _ => {
                    let i = (lcg(&mut state) as usize) % pieces.len();
                    script.extend_from_slice(pieces[i]);
                }
            }
        }
        // :save and :load lines must not touch the repository: we run in `dir`.
        let (_, err, code) = play(&dir, &["mana"], &script);
        assert!(matches!(code, Some(0 | 1)), "seed {seed}: {code:?} {err}");
        assert!(!err.contains("panicked"), "seed {seed}: {err}");
    }
    let mut long = vec![b'a'; 200_000];
    long.extend_from_slice(b"\na1-a2\n");
    let (out, err, code) = play(&dir, &["mana"], &long);
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 1: the line is longer than 65536 bytes: the input is read no further\n",
            Some(1)
        )
    );
    // The session stops at the long line: what follows is not read.
    assert!(!out.contains("kifu mana> a1-a2\n"), "{out}");
}

#[test]
fn a_command_typed_without_its_colon_is_asked_about() {
    let dir = scratch("play-no-colon");
    let (out, err, code) = play(
        &dir,
        &["mana", "--setup", "b1 c6"],
        b"help\nquit\nundo\n:quit\n",
    );
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 1: \"help\" is not a move: did you mean :help?\n\
             kifu: line 2: \"quit\" is not a move: did you mean :quit?\n\
             kifu: line 3: \"undo\" is not a move: did you mean :undo?\n",
            Some(1)
        ),
        "{out}"
    );
}
