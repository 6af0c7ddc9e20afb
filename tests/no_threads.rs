//! When the system refuses a thread (here: every new thread asks for a
//! stack larger than memory, through `RUST_MIN_STACK`, as a limit on
//! processes would refuse it), kifu says so with status 2; it once
//! panicked ("failed to spawn thread", status 101). Work that can run on
//! one thread (validate) runs there.

use crate::support::matches as support;

use std::process::Command;

/// `kifu ARGS`, every new thread refused: standard error and status.
fn without_threads(args: &[&str], stdin: &str) -> (String, Option<i32>) {
    let mut command = Command::new(support::kifu_path());
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .env("RUST_MIN_STACK", "100000000000000")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let mut child = command.spawn().unwrap_or_else(|e| panic!("{e}"));
    if let Some(mut input) = child.stdin.take() {
        let _ = std::io::Write::write_all(&mut input, stdin.as_bytes());
    }
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn a_refused_thread_is_an_error_not_a_panic() {
    let engine = support::random_engine(1);
    let game = "fixtures/mana/valid/annotated-with-comments-and-tags.kifu";
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["analyse", "--depth", "1", game],
            "",
            "kifu: the engine: cannot start \"engine\": kifu cannot start a thread for it: ",
        ),
        (
            &[
                "match", "--game", "mana", "--setup", "f1 c6", "--engine", &engine, "--engine",
                &engine, "--games", "1",
            ],
            "",
            "kifu: engine 1 (",
        ),
        (&["engine"], "kep\n", "kifu engine: cannot start a thread: "),
        (
            &["play", "mana", "--setup", "f1 c6", "--vs", "engine"],
            "",
            "kifu: the engine: cannot start \"engine\": kifu cannot start a thread for it: ",
        ),
    ];
    for (args, stdin, said) in cases {
        let (err, status) = without_threads(args, stdin);
        assert_eq!(status, Some(2), "{args:?}: {err}");
        assert!(err.starts_with(said), "{args:?}: {err}");
        assert!(err.contains("cannot start a thread"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let (err, status) = without_threads(&["validate", "-j", "2", game], "");
    assert_eq!((err.as_str(), status), ("", Some(0)));
}
