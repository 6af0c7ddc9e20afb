//! Every subcommand that writes, run with its standard output, its
//! standard error or both closed before it starts (`kifu validate 2>&1 |
//! head -1`, once `head` has gone): it exits quietly with 0, 1 or 2, as
//! ripgrep does, and never panics (status 101).

use crate::support::fixtures as support;

use std::io::Write;
use std::process::{Command, Stdio};
use support::scratch;

/// Which of the two streams are closed.
#[derive(Debug, Clone, Copy)]
enum Closed {
    Out,
    Err,
    Both,
}

/// The exit status of `kifu ARGS` with `stdin` on standard input and the
/// `closed` streams a pipe whose reader has gone.
fn status_with_closed(args: &[&str], stdin: &[u8], closed: Closed) -> Option<i32> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kifu"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let gone = || {
        let (reader, writer) = rustix::pipe::pipe().unwrap_or_else(|e| panic!("pipe: {e}"));
        drop(reader);
        Stdio::from(writer)
    };
    if matches!(closed, Closed::Out | Closed::Both) {
        command.stdout(gone());
    }
    if matches!(closed, Closed::Err | Closed::Both) {
        command.stderr(gone());
    }
    let mut child = command.spawn().unwrap_or_else(|e| panic!("{args:?}: {e}"));
    if let Some(mut input) = child.stdin.take() {
        // The command may stop reading early: a closed input is no failure.
        let _ = input.write_all(stdin);
    }
    let status = child.wait().unwrap_or_else(|e| panic!("{args:?}: {e}"));
    status.code()
}

#[test]
fn every_subcommand_exits_quietly_when_its_output_is_closed() {
    let dir = scratch("closed-pipes");
    let empty = dir.join("empty.kifu");
    std::fs::write(&empty, "").unwrap_or_else(|e| panic!("{e}"));
    let empty = empty.to_string_lossy().into_owned();
    let kifu = env!("CARGO_BIN_EXE_kifu");
    let engine = format!("{kifu} engine --random --seed 1");
    let engine_script = "kep 1\nisready\nnewgame mana\nposition moves\ngo time 1000\nquit\n";
    let shogun = "fixtures/examples/shogun.kifu";
    let mana = "fixtures/examples/mana.kifu";
    let json = "fixtures/examples/mana.json";
    let runs: Vec<(Vec<&str>, &str)> = vec![
        (vec!["validate", shogun, mana], ""),
        (vec!["validate", "--format", "json", shogun, mana], ""),
        (vec!["validate", "fixtures/mana/invalid"], ""),
        (vec!["json", shogun], ""),
        (vec!["json", &empty], ""),
        (vec!["import", json], ""),
        (vec!["render", mana], ""),
        (vec!["render", "--format", "svg", mana], ""),
        (vec!["moves", mana], ""),
        (vec!["html", mana], ""),
        (vec!["new", "mana", "--seed", "1"], ""),
        (vec!["random", "mana", "--seed", "1", "--count", "200"], ""),
        (vec!["select", "--game", "mana", shogun, mana], ""),
        (vec!["stats", shogun, mana], ""),
        (vec!["fmt", shogun], ""),
        (vec!["fmt", "--check", shogun], ""),
        (vec!["completions", "bash"], ""),
        (vec!["man", "engine"], ""),
        (vec!["engine", "--random", "--seed", "1"], engine_script),
        (vec!["analyse", "--depth", "1", mana], ""),
        (
            vec!["play", "mana", "--setup", "b1 c6"],
            "e1-e4\n:board\n:json\n:quit!\n",
        ),
        (
            vec![
                "match", "--game", "mana", "--games", "2", "--engine", &engine, "--engine", &engine,
            ],
            "",
        ),
    ];
    for (args, stdin) in &runs {
        for closed in [Closed::Out, Closed::Err, Closed::Both] {
            let status = status_with_closed(args, stdin.as_bytes(), closed);
            assert!(
                matches!(status, Some(0..=2)),
                "kifu {} with {closed:?} closed: status {status:?}",
                args.join(" ")
            );
        }
    }
}
