//! `kifu play` driven through the binary with standard input piped: scripted
//! sessions pinned as transcripts, and the records they save checked with
//! `kifu validate` (refusals are in `play_errors.rs`). Every game has its
//! session; a changed transcript is accepted with
//! `INSTA_UPDATE=always cargo test --test play`.

use crate::support::play as support;

use std::fs;
use support::{play, read, scratch, validate};

/// A scripted session: moves, an illegal move, undo, redo, save, load, quit.
/// Returns the transcript after checking the exit status and the saved file.
fn session(
    name: &str,
    args: &[&str],
    script: &str,
    saved: &str,
    expected_record: &str,
    expected_err: &str,
) -> String {
    let dir = scratch(name);
    let (out, err, code) = play(&dir, args, script.as_bytes());
    // The refusals, on standard error, after the number of their line.
    assert_eq!(err, expected_err, "{name}: standard error");
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
        "[Game \"mana\"]\n[Date \"2026.12.01\"]\n[Setup \"c1 b6\"]\n[White \"Ana\"]\n\n\
         1. a1-c2@b3 e6-e5 2. e1-f3@b3 a6-a5 3. d1-e1@e3 d6-d3 *\n",
        "kifu: line 4: move 3 (Black) f1-f2: the piece cannot reach that square: the piece on f1 stands on a double square and must move exactly 2 steps; did you mean f1-e2?\n\
         kifu: line 7: unknown command :foo (:help lists the commands)\n",
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
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 4: move 12 (Black) a1-a2: the game is already over\n",
            Some(1)
        ),
        "{out}"
    );
    assert!(out.contains("Game over: W+ (Daimyo captured)"), "{out}");
    let saved = read(&dir, "end.kifu");
    assert!(saved.ends_with("11. e1xd3 c6xb5 W+\n"), "{saved}");
    assert_eq!(validate(&dir, "end.kifu").1, Some(0));
}

#[test]
fn a_clean_script_exits_0_and_json_is_kifu_json() {
    let dir = scratch("mana-json");
    let (out, err, code) = play(&dir, &["mana"], b"b1-a2\n:json\n");
    // The move was never saved: a warning, which leaves the status 0.
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: warning: 1 unsaved move discarded at the end of the input \
             (end with :save FILE to keep the game, or :quit! to leave without this warning)\n",
            Some(0)
        ),
        "{out}"
    );
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
        "[Game \"escampe\"]\n[Date \"2026.12.01\"]\n[Setup \"b5 f6 d5 c5 c6 a6 / a1 d2 e1 f2 d1 e2\"]\n\n\
         1. f6-e5 a1-b1 2. c6-e6 d1-c1 3. -- b1-c2 *\n",
        "kifu: line 3: move 2 (Black) f2-f6: the piece cannot reach that square: the piece on f2 stands on a double square and must move exactly 2 steps\n",
    );
    assert!(
        out.contains("kifu escampe> f2-f6\nkifu escampe> d1-c1\n"),
        "{out}"
    );
    insta::assert_snapshot!("escampe_session", out);
}

#[test]
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
        "[Game \"shogun\"]\n[Date \"2026.12.01\"]\n[Setup \"ZYXXSXZY/ZXYSXZXY\"]\n\n\
         1. d1-d3 c8-a6 2. f1-e3 e8-e6 3. d3-c2 e6-d7 *\n",
        "kifu: line 3: move 2 (Red) a1-a8: no piece of the side to move there: a1 holds a White piece and Red is to move; did you mean a6-a2?\n",
    );
    assert!(
        out.contains("kifu shogun> a1-a8\nkifu shogun> e8-e6\n"),
        "{out}"
    );
    insta::assert_snapshot!("shogun_session", out);
}

#[test]
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
        "[Game \"lotus\"]\n[Date \"2026.12.01\"]\n[Players \"orange violet magenta red cyan\"]\n\
         [Flowers \"YPW/PPWWWYWYPYPY\"]\n\n1. m0 o0 r0 2. o0 v0 r0 3. r10 r7 o5 *\n",
        "kifu: line 4: turn 2 (violet) z0: no such pawn: no player's initial is 'z'; did you mean c0?\n\
         kifu: line 12: cannot save lotus.kifu: turn 4: a turn is three pawn moves; this one has fewer: \
         play the rest of it, or :undo\n",
    );
    assert!(out.contains("kifu lotus> z0\nkifu lotus> r0\n"), "{out}");
    insta::assert_snapshot!("lotus_session", out);
}

#[test]
fn a_seed_starts_the_game_kifu_new_writes_for_it() {
    let dir = scratch("seed-new");
    let board = |file: &str| {
        let output = support::kifu(&dir)
            .args(["render", file])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    for game in ["mana", "escampe", "shogun", "lotus"] {
        let new = support::kifu(&dir)
            .args(["new", game, "--seed", "7"])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        fs::write(dir.join("new.kifu"), &new.stdout).unwrap_or_else(|e| panic!("{e}"));
        let script = format!(":save {game}.kifu\n:quit\n");
        let (out, err, code) = play(&dir, &[game, "--seed", "7"], script.as_bytes());
        assert_eq!((err.as_str(), code), ("", Some(0)), "{game}: {out}");
        let played = board(&format!("{game}.kifu"));
        assert!(played.lines().count() > 5, "{game}: {played}");
        assert_eq!(played, board("new.kifu"), "{game}");
    }
}

#[test]
fn a_lotus_seed_draws_the_same_flowers_each_time() {
    let dir = scratch("lotus-seed");
    let args = ["lotus", "--players", "red green orange", "--seed", "2026"];
    let (first, err, code) = play(&dir, &args, b":tags\n");
    assert_eq!((err.as_str(), code), ("", Some(0)), "{first}");
    let (second, _, _) = play(&dir, &args, b":tags\n");
    assert_eq!(first, second);
    assert!(first.contains("[Flowers \""), "{first}");
}

#[test]
fn variations_are_loaded_kept_promoted_and_saved() {
    let dir = scratch("mana-variations");
    let record = "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n\
                  1. a1-c2@b3 e6-e5 2. e1-f3@b3 (2. e1-d3 (2. e1-e4 a6-a5) 2... f6-f4) a6-a5 *\n";
    fs::write(dir.join("start.kifu"), record).unwrap_or_else(|e| panic!("{e}"));
    let script = "\
:variations
:save same.kifu
:undo
:undo
e1-e4
:variations
:promote 2.1
:variations
:save next.kifu
:promote 7
:quit
";
    let (out, err, code) = play(&dir, &["--load", "start.kifu"], script.as_bytes());
    assert_eq!(
        (err.as_str(), code),
        (
            "kifu: line 10: there is no variation 7 (:variations lists them)\n",
            Some(1)
        ),
        "{out}"
    );
    // Written back with the number restated after the variation.
    assert_eq!(
        read(&dir, "same.kifu"),
        "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n\
         1. a1-c2@b3 e6-e5 2. e1-f3@b3 (2. e1-d3 (2. e1-e4 a6-a5) 2... f6-f4) 2... a6-a5\n*\n"
    );
    assert_eq!(
        read(&dir, "next.kifu"),
        "[Game \"mana\"]\n[Setup \"c1 b6\"]\n\n\
         1. a1-c2@b3 e6-e5 2. e1-e4 (2. e1-f3@b3 a6-a5) (2. e1-e4) (2. e1-d3 f6-f4) 2...\n\
         a6-a5 *\n"
    );
    for saved in ["same.kifu", "next.kifu"] {
        assert_eq!(validate(&dir, saved).1, Some(0), "{saved}");
    }
    insta::assert_snapshot!("mana_variations_session", out);
}
