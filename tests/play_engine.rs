//! `kifu play --vs`: a game against the built-in engine (or any KEP
//! program) through the binary, with a script on standard input, and
//! `:hint` in any game. The engine's moves depend on its clock, so the
//! tests check that each is legal where it was played, as `kifu moves`
//! lists them, rather than which move it is.

use crate::support::matches;
use crate::support::play as support;

use support::{play, scratch};

/// The legal moves after `moves` from mana's `c1 c6`, as `kifu moves` lists them.
fn legal_after(dir: &std::path::Path, moves: &str) -> Vec<String> {
    let record = format!("[Game \"mana\"]\n[Setup \"c1 c6\"]\n\n{moves} *\n");
    std::fs::write(dir.join("so-far.kifu"), record).unwrap_or_else(|e| panic!("{e}"));
    let output = support::kifu(dir)
        .args(["moves", "so-far.kifu"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The moves the engine played, from the transcript.
fn engine_moves(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|line| line.strip_prefix("The engine plays "))
        .map(|rest| rest.split(' ').next().unwrap_or("").to_owned())
        .collect()
}

#[test]
fn the_engine_answers_each_move_with_a_legal_one() {
    let dir = scratch("vs-engine");
    let script = b"c1-c3\n:moves\n:quit!\n";
    let (out, err, status) = play(
        &dir,
        &[
            "mana",
            "--setup",
            "c1 c6",
            "--vs",
            "engine",
            "--movetime",
            "30",
        ],
        script,
    );
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    let replies = engine_moves(&out);
    assert_eq!(replies.len(), 1, "{out}");
    assert!(legal_after(&dir, "c1-c3").contains(&replies[0]), "{out}");
}

#[test]
fn the_engine_moves_first_when_the_user_takes_the_second_side() {
    let dir = scratch("vs-engine-white");
    let (out, err, status) = play(
        &dir,
        &[
            "mana",
            "--setup",
            "c1 c6",
            "--vs",
            "engine",
            "--side",
            "WHITE",
            "--movetime",
            "30",
        ],
        b":quit!\n",
    );
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    let replies = engine_moves(&out);
    assert_eq!(replies.len(), 1, "{out}");
    assert!(legal_after(&dir, "").contains(&replies[0]), "{out}");
    assert!(out.contains("White to move"), "{out}");
}

#[test]
fn the_saved_game_is_dated_and_names_the_engine_as_its_player() {
    let dir = scratch("vs-engine-saved");
    let args = [
        "mana",
        "--setup",
        "c1 c6",
        "--vs",
        "engine",
        "--movetime",
        "30",
    ];
    let (out, err, status) = play(&dir, &args, b"c1-c3\n:save game.kifu\n");
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    let saved = support::read(&dir, "game.kifu");
    let engine = format!("[White \"kifu-engine {}\"]", env!("CARGO_PKG_VERSION"));
    let head = format!("[Game \"mana\"]\n[Date \"2026.12.01\"]\n[Setup \"c1 c6\"]\n{engine}\n\n");
    assert!(saved.starts_with(&head), "{saved}");
    // A name given is kept.
    let named = ["--tag", "White=Eve"];
    let args: Vec<&str> = args.iter().copied().chain(named).collect();
    let (out, _, _) = play(&dir, &args, b"c1-c3\n:save! named.kifu\n");
    let saved = support::read(&dir, "named.kifu");
    assert!(
        saved.contains("[White \"Eve\"]\n") && !saved.contains("kifu-engine"),
        "{out}{saved}"
    );
}

#[test]
fn hint_gives_a_legal_move_and_its_score_in_any_game() {
    let dir = scratch("hint");
    let (out, err, status) = play(
        &dir,
        &["mana", "--setup", "c1 c6", "--movetime", "30"],
        b":hint\n:hint\n:quit!\n",
    );
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    assert!(out.contains("kifu mana> :hint\nhint: "), "{out}");
    // The unit of a `cp` score is said once, the first time.
    let hints: Vec<&str> = out.lines().filter(|l| l.starts_with("hint: ")).collect();
    assert_eq!(hints.len(), 2, "{out}");
    // (At the start no side is lost: the score is in cp.)
    assert!(hints[0].ends_with("; 100 cp is a piece)"), "{out}");
    assert!(
        hints[1].contains("(cp ") && !hints[1].contains("100 cp"),
        "{out}"
    );
    let line = out
        .lines()
        .find(|l| l.starts_with("hint: "))
        .unwrap_or_else(|| panic!("{out}"));
    let words: Vec<&str> = line.split(' ').collect();
    assert!(
        legal_after(&dir, "").contains(&words[1].to_owned()),
        "{line}"
    );
    assert!(
        matches!(words.get(2).copied(), Some("(cp" | "(win" | "(loss")),
        "{line}"
    );
    for game in ["escampe", "shogun", "lotus"] {
        let (out, err, status) = play(&dir, &[game, "--movetime", "30"], b":hint\n:quit!\n");
        assert_eq!((err.as_str(), status), ("", Some(0)), "{game}: {out}");
        assert!(out.contains("\nhint: "), "{game}: {out}");
    }
}

/// A forced result says what it means, where `cp` says its unit.
#[test]
fn a_hint_s_forced_win_says_what_it_means() {
    let dir = scratch("hint-win");
    // Black's Ronin on e5 takes the White Daimyo on d5 next.
    let record = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 a6-a5 2. a1-c2 e6-e5@e3 \
        3. f1-f3 b6-c5 4. e4xe5@e1 c5-b5 5. f3-f4 d6-e4@a6 6. d1-e1 a5-b3@a2 7. c2-b2 R*a4 \
        8. b1-a2 b5-c5 9. f4-d3 c6-d5 10. a2-a1@e3 c5-e6 11. a1xb3 e4-e3@b4 *\n";
    std::fs::write(dir.join("near.kifu"), record).unwrap_or_else(|e| panic!("{e}"));
    let (out, err, status) = play(
        &dir,
        &["--load", "near.kifu", "--movetime", "50"],
        b":hint\n:quit!\n",
    );
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    assert!(
        out.contains("\nhint: e5xd5 (win 1: a forced win in 1 ply)\n"),
        "{out}"
    );
}

#[test]
fn an_engine_that_fails_stops_playing_and_says_why() {
    let dir = scratch("vs-crash");
    let crashing = matches::test_engine("--crash-at 1");
    let (out, err, status) = play(
        &dir,
        &["mana", "--setup", "c1 c6", "--vs", &crashing],
        b"c1-c3\n:quit!\n",
    );
    assert_eq!(
        (err.as_str(), status),
        (
            "kifu: line 1: the engine: the engine exited (exit status: 3); it plays no more\n",
            Some(1)
        ),
        "{out}"
    );
}

#[test]
fn a_hint_the_rules_refuse_is_said_to_be_the_engines_failure() {
    let dir = scratch("hint-illegal");
    let illegal = matches::test_engine("--illegal-at 0");
    let (out, err, status) = play(
        &dir,
        &[
            "mana", "--setup", "c1 c6", "--vs", &illegal, "--side", "black",
        ],
        b":hint\n:quit!\n",
    );
    assert_eq!(
        (err.as_str(), status),
        (
            "kifu: line 1: the engine failed: its hint \"z9-z9\" is refused: move 1 (Black) \
             z9-z9: \"z9\" is not a square (files a-f, ranks 1-6)\n",
            Some(1)
        ),
        "{out}"
    );
    assert!(!out.contains("hint: "), "{out}");
}

#[test]
fn bad_engine_options_are_refused() {
    let dir = scratch("vs-refused");
    let (_, err, status) = play(&dir, &["mana", "--vs", "engine", "--side", "green"], b"");
    assert_eq!(
        (err.as_str(), status),
        (
            "kifu: --side green: the players are Black, White\n",
            Some(2)
        )
    );
    let (_, err, status) = play(&dir, &["mana", "--vs", "no-such-engine-here"], b"");
    assert_eq!(
        (err.as_str(), status),
        (
            "kifu: the engine: cannot start \"no-such-engine-here\": the program \"no-such-engine-here\" was not found on PATH\n",
            Some(2)
        )
    );
    // The README's `--vs 'kifu engine --random'`, with kifu not on PATH.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["play", "mana", "--vs", "kifu engine --random"])
        .env("PATH", dir.join("nothing-here"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (String::from_utf8_lossy(&output.stderr), output.status.code()),
        (
            "kifu: the engine: cannot start \"kifu engine --random\": the program \"kifu\" was not found on PATH\n".into(),
            Some(2)
        )
    );
}

/// What the test engine logged (`--log`) of the first move it was asked
/// for: the game and its tags, the position, and the `go` with its limits.
fn first_asked(dir: &std::path::Path, log: &str) -> Vec<String> {
    let text = support::read(dir, log);
    let mut asked = Vec::new();
    for line in text.lines() {
        asked.push(line.to_owned());
        if line.starts_with("go") {
            break;
        }
    }
    asked
}

#[test]
fn match_play_hint_and_analyse_ask_the_engine_alike() {
    // One seat under one clock: the same position, asked for through
    // `kifu match`, `kifu play --vs`, `:hint` and `kifu analyse`, reaches
    // the engine as the same lines, with the same limits.
    let dir = scratch("one-seat");
    let logged = |log: &str| {
        let path = dir.join(log).to_string_lossy().into_owned();
        matches::test_engine(&format!("--log {}", shell_words::quote(&path)))
    };
    let setup = ["--game", "mana", "--setup", "c1 c6", "--movetime", "200"];
    let (engine, random) = (logged("match.log"), matches::random_engine(1));
    let mut args = vec![
        "match", "--games", "1", "--engine", &engine, "--engine", &random,
    ];
    args.extend(setup);
    let run = matches::kifu_in(&dir, &args);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);

    let engine = logged("play.log");
    let mut args = vec!["--vs", engine.as_str(), "--side", "White"];
    args.extend(&setup[1..]);
    let (out, err, status) = play(&dir, &args, b":quit!\n");
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");

    let engine = logged("hint.log");
    let mut args = vec!["--vs", engine.as_str(), "--side", "Black"];
    args.extend(&setup[1..]);
    let (out, err, status) = play(&dir, &args, b":hint\n:quit!\n");
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");

    let record = "[Game \"mana\"]\n[Setup \"c1 c6\"]\n\n*\n";
    std::fs::write(dir.join("game.kifu"), record).unwrap_or_else(|e| panic!("{e}"));
    let engine = logged("analyse.log");
    let run = matches::kifu_in(
        &dir,
        &[
            "analyse",
            "game.kifu",
            "--engine",
            &engine,
            "--movetime",
            "200",
        ],
    );
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);

    let asked = first_asked(&dir, "match.log");
    assert_eq!(
        asked,
        [
            "newgame mana",
            "tag Setup \"c1 c6\"",
            "position",
            "go movetime 200"
        ],
        "kifu match"
    );
    for (front, log) in [
        ("kifu play --vs", "play.log"),
        (":hint", "hint.log"),
        ("kifu analyse", "analyse.log"),
    ] {
        assert_eq!(first_asked(&dir, log), asked, "{front}");
    }
}

#[test]
fn undo_against_an_engine_takes_back_the_users_move_and_the_reply() {
    let dir = scratch("vs-undo");
    let args = [
        "mana",
        "--setup",
        "b1 c6",
        "--vs",
        "engine",
        "--movetime",
        "50",
    ];
    let (out, err, status) = play(&dir, &args, b"e1-e4\n:undo\n:undo\n:quit!\n");
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    let took = out
        .lines()
        .find(|l| l.starts_with("Took back "))
        .unwrap_or_default();
    let words: Vec<&str> = took.split(' ').skip(2).collect();
    assert_eq!(
        words.len(),
        2,
        "the user's move and the engine's reply: {took}"
    );
    assert_eq!(words[0], "e1-e4");
    let after = out.split("Took back").nth(1).unwrap_or_default();
    assert!(after.contains("Move 1: Black to play\n"), "{out}");
    assert!(out.contains("kifu mana> :undo\nnothing to undo\n"), "{out}");
    // The engine's opening move, before the user has moved, stays.
    let args = [
        "mana",
        "--setup",
        "b1 c6",
        "--vs",
        "engine",
        "--side",
        "white",
        "--movetime",
        "50",
    ];
    let (out, _, _) = play(&dir, &args, b":undo\n:quit!\n");
    assert!(out.contains("kifu mana> :undo\nnothing to undo\n"), "{out}");
}
