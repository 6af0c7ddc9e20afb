//! `kifu play` driven through the binary with standard input piped: scripted
//! sessions pinned as transcripts, the records they save checked with
//! `kifu validate`, failed saves, bad options and random input.
//!
//! The sessions of escampe, shogun and lotus wait for their referees: they
//! are ignored until those land (then accept their snapshots with
//! `INSTA_UPDATE=always cargo test --test play -- --ignored`).

use assert_cmd::Command;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("play-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

fn kifu(dir: &Path) -> Command {
    let mut command = Command::cargo_bin("kifu").unwrap_or_else(|e| panic!("{e}"));
    command
        .current_dir(dir)
        .env("XDG_STATE_HOME", dir.join("state"));
    command
}

/// Runs `kifu play ARGS` in `dir` with `script` on standard input.
fn play(dir: &Path, args: &[&str], script: &[u8]) -> (String, String, Option<i32>) {
    let output = kifu(dir)
        .arg("play")
        .args(args)
        .write_stdin(script.to_vec())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// `kifu validate FILE` in `dir`: its output and exit status.
fn validate(dir: &Path, file: &str) -> (String, Option<i32>) {
    let output = kifu(dir)
        .args(["validate", file])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (text, output.status.code())
}

fn read(dir: &Path, file: &str) -> String {
    fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A scripted session: moves, an illegal move, undo, redo, save, load, quit.
/// Returns the transcript after checking the exit status and the saved file.
fn session(name: &str, args: &[&str], script: &str, saved: &str, expected_record: &str) -> String {
    let dir = scratch(name);
    let (out, err, code) = play(&dir, args, script.as_bytes());
    assert_eq!(err, "", "{name}: standard error");
    // The illegal move was refused, so a script ends with status 1.
    assert_eq!(code, Some(1), "{name}:\n{out}");
    assert_eq!(read(&dir, saved), expected_record, "{name}: saved record");
    let (verdict, code) = validate(&dir, saved);
    assert_eq!(code, Some(0), "{name}: {verdict}");
    let leftovers: Vec<_> = fs::read_dir(&dir)
        .map(|it| it.filter_map(Result::ok).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(
        leftovers
            .iter()
            .all(|n| !n.to_string_lossy().ends_with(".tmp")),
        "{leftovers:?}"
    );
    out
}

#[test]
fn a_scripted_mana_session() {
    let script = "\
1. a1-c2@b3 e6-e5
e1-f3@b3
a6-a5
f1-f2
:undo
:redo
:foo
3. d1-e1@e3
:save game.kifu
:new
:load game.kifu
d6-d3
:save game.kifu
:tags
:quit
b1-a2
";
    let out = session(
        "mana",
        &["mana", "--setup", "c1 b6", "--tag", "White=Ana"],
        script,
        "game.kifu",
        "[Game \"mana\"]\n[Setup \"c1 b6\"]\n[White \"Ana\"]\n\n\
         1. a1-c2@b3 e6-e5 2. e1-f3@b3 a6-a5 3. d1-e1@e3 d6-d3 *\n",
    );
    assert!(!out.contains("kifu mana> b1-a2"), "read after :quit");
    insta::assert_snapshot!("mana_session", out);
}

#[test]
fn a_mana_game_played_to_its_end() {
    let dir = scratch("mana-end");
    let script = "\
1. a1-c2@b3 e6-e5 2. e1-f3@b3 a6-a5 3. d1-e1@e3 d6-d3 4. b1-a2 a5-b5
5. c2-d2 e5-c4@d1 6. f3-f4 f6xf4@b2 7. d2-f3@d5 c4-d4 8. c1-b2@c3 f4-f5@f6
9. f1-e2 b5-a5@f4 10. b2-b5 d4-c3 11. e1xd3 c6xb5
a1-a2
:moves
:save end.kifu
";
    let (out, err, code) = play(&dir, &["mana", "--setup", "c1 b6"], script.as_bytes());
    assert_eq!((err.as_str(), code), ("", Some(1)), "{out}");
    assert!(out.contains("Game over: W+ (Daimyo captured)"), "{out}");
    assert!(
        out.contains("move 12 (Black) a1-a2: the game is already over"),
        "{out}"
    );
    let saved = read(&dir, "end.kifu");
    assert!(saved.ends_with("11. e1xd3 c6xb5 W+\n"), "{saved}");
    assert_eq!(validate(&dir, "end.kifu").1, Some(0));
}

#[test]
fn a_clean_script_exits_0_and_json_is_kifu_json() {
    let dir = scratch("mana-json");
    let (out, err, code) = play(&dir, &["mana"], b"b1-a2\n:json\n");
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    let json = out
        .lines()
        .find(|l| l.starts_with('{'))
        .unwrap_or_else(|| panic!("{out}"));
    let value: serde_json::Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(value["game"], "mana");
    assert_eq!(value["moves"][0]["text"], "b1-a2");
    assert_eq!(value["verdict"]["valid"], true);
}

#[test]
fn loading_a_record_continues_it() {
    let dir = scratch("mana-load");
    let record = "[Game \"mana\"]\n[Setup \"c1 b6\"]\n[Result \"*\"]\n\n\
                  1. a1-c2@b3 {a comment} e6-e5 2. e1-f3@b3 *\n";
    fs::write(dir.join("start.kifu"), record).unwrap_or_else(|e| panic!("{e}"));
    let (out, err, code) = play(
        &dir,
        &["--load", "start.kifu"],
        b":undo\n:undo\n:save next.kifu\n",
    );
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
    assert_eq!(
        read(&dir, "next.kifu"),
        "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n1. a1-c2@b3 *\n"
    );
    // The GAME argument, when given, must agree with the record.
    let (_, err, code) = play(&dir, &["escampe", "--load", "start.kifu"], b"");
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "kifu: start.kifu: the record is a game of mana, not escampe\n"
    );
}

#[test]
fn an_invalid_record_is_not_loaded() {
    let dir = scratch("mana-bad-load");
    let record = "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n1. a1-c2@b3 e6-e5 2. f1-f2 *\n";
    fs::write(dir.join("bad.kifu"), record).unwrap_or_else(|e| panic!("{e}"));
    let (_, err, code) = play(&dir, &["--load", "bad.kifu"], b"");
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with("kifu: bad.kifu:4:22: move 2 (Black) f1-f2: "),
        "{err}"
    );
    let (_, err, code) = play(&dir, &["--load", "missing.kifu"], b"");
    assert_eq!(
        (err.as_str(), code),
        ("kifu: missing.kifu: no such file\n", Some(2))
    );
    // :load refuses it too, and the game goes on unchanged.
    let (out, _, code) = play(&dir, &["mana"], b"a1-a2\n:load bad.kifu\n:tags\n");
    assert_eq!(code, Some(1));
    assert!(
        out.contains("\nbad.kifu:4:22: move 2 (Black) f1-f2: "),
        "{out}"
    );
    assert!(
        out.ends_with("kifu mana> :tags\n[Game \"mana\"]\n"),
        "{out}"
    );
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
            &["mana", "--seed", "3"],
            "kifu: --seed draws lotus's flowers; it does not apply to mana\n",
        ),
        (
            &["mana", "--tag", "Date=soon"],
            "kifu: tag Date: \"soon\" is not a date of the form YYYY.MM.DD (?? for unknown parts)\n",
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
    for args in [
        &["lotus", "--seed", "1", "--flowers", "PWY/PWYPWYPWYPWY"][..],
        &[][..],
    ] {
        let (_, _, code) = play(&dir, args, b"");
        assert_eq!(code, Some(2), "{args:?}");
    }
}

#[test]
fn saving_where_it_cannot_is_a_clear_error() {
    let dir = scratch("save-fails");
    fs::write(dir.join("somefile"), "not a directory").unwrap_or_else(|e| panic!("{e}"));
    let script = "a1-a2\n:save somefile/x.kifu\n:save nowhere/x.kifu\n:save .\n:quit\n";
    let (out, err, code) = play(&dir, &["mana"], script.as_bytes());
    assert_eq!((err.as_str(), code), ("", Some(1)));
    assert!(
        out.contains("\ncannot save somefile/x.kifu: somefile is not a directory\n"),
        "{out}"
    );
    assert!(
        out.contains("\ncannot save nowhere/x.kifu: no such directory nowhere\n"),
        "{out}"
    );
    assert!(out.contains("\ncannot save .: "), "{out}");
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
    let blocker = dir.join(format!(".old.kifu.{}.0.tmp", child.id()));
    fs::create_dir(&blocker).unwrap_or_else(|e| panic!("{e}"));
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(b"b1-b2\n:save old.kifu\n");
    }
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        out.ends_with(
            "kifu mana> :save old.kifu\ncannot save old.kifu: its temporary file is in the way\n"
        ),
        "{out}"
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
    let (out, _, _) = play(&dir, &["mana"], b"b1-b2\n:save sub\n");
    assert!(out.contains("\ncannot save sub: is a directory\n"), "{out}");
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
    assert_eq!((err.as_str(), code), ("", Some(1)));
    assert!(out.contains("the line is longer than 65536 bytes"), "{out}");
    assert!(out.contains("kifu mana> a1-a2\n"), "{out}");
}

#[test]
#[ignore = "needs the escampe referee"]
fn a_scripted_escampe_session() {
    let script = "\
1. f6-e5 a1-b1
c6-e6
f2-f6
d1-c1
:undo
:redo
:save escampe.kifu
:load escampe.kifu
3. -- b1-c2
:save escampe.kifu
:quit
";
    let out = session(
        "escampe",
        &[
            "escampe",
            "--setup",
            "b5 f6 d5 c5 c6 a6 / a1 d2 e1 f2 d1 e2",
        ],
        script,
        "escampe.kifu",
        "[Game \"escampe\"]\n[Setup \"b5 f6 d5 c5 c6 a6 / a1 d2 e1 f2 d1 e2\"]\n\n\
         1. f6-e5 a1-b1 2. c6-e6 d1-c1 3. -- b1-c2 *\n",
    );
    assert!(out.contains("move 2 (Black) f2-f6: "), "{out}");
    insta::assert_snapshot!("escampe_session", out);
}

#[test]
#[ignore = "needs the shogun referee"]
fn a_scripted_shogun_session() {
    let script = "\
1. d1-d3 c8-a6
f1-e3
a1-a8
e8-e6
:undo
:redo
:save shogun.kifu
:load shogun.kifu
3. d3-c2 e6-d7
:save shogun.kifu
:quit
";
    let out = session(
        "shogun",
        &["shogun", "--setup", "ZYXXSXZY/ZXYSXZXY"],
        script,
        "shogun.kifu",
        "[Game \"shogun\"]\n[Setup \"ZYXXSXZY/ZXYSXZXY\"]\n\n\
         1. d1-d3 c8-a6 2. f1-e3 e8-e6 3. d3-c2 e6-d7 *\n",
    );
    assert!(out.contains("move 2 (Red) a1-a8: "), "{out}");
    insta::assert_snapshot!("shogun_session", out);
}

#[test]
#[ignore = "needs the lotus referee"]
fn a_scripted_lotus_session() {
    let script = "\
1. m0 o0 r0
o0
v0
z0
r0
:undo
:redo
:save lotus.kifu
:load lotus.kifu
3. r10 r7 o5
4. r10[W<>oP]
:save lotus.kifu
:undo
:save lotus.kifu
:quit
";
    let out = session(
        "lotus",
        &[
            "lotus",
            "--players",
            "orange violet magenta red cyan",
            "--flowers",
            "YPW/PPWWWYWYPYPY",
        ],
        script,
        "lotus.kifu",
        "[Game \"lotus\"]\n[Players \"orange violet magenta red cyan\"]\n\
         [Flowers \"YPW/PPWWWYWYPYPY\"]\n\n1. m0 o0 r0 2. o0 v0 r0 3. r10 r7 o5 *\n",
    );
    assert!(out.contains(") z0: "), "{out}");
    assert!(
        out.contains("cannot save lotus.kifu: turn 4 is not finished"),
        "{out}"
    );
    insta::assert_snapshot!("lotus_session", out);
}

#[test]
#[ignore = "needs the lotus referee"]
fn a_lotus_seed_draws_the_same_flowers_each_time() {
    let dir = scratch("lotus-seed");
    let args = ["lotus", "--players", "red green orange", "--seed", "2026"];
    let (first, err, code) = play(&dir, &args, b":tags\n");
    assert_eq!((err.as_str(), code), ("", Some(0)), "{first}");
    let (second, _, _) = play(&dir, &args, b":tags\n");
    assert_eq!(first, second);
    assert!(first.contains("[Flowers \""), "{first}");
}
