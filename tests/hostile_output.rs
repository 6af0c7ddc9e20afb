//! Output that cannot be written (`/dev/full`): every subcommand, help and
//! completions included, says so and exits with status 2. None claims
//! success, none panics.

use std::fs::File;
use std::io::Write;
use std::process::{Command, Stdio};

const RECORD: &str = "fixtures/mana/valid/annotated-with-comments-and-tags.kifu";
const FULL: &str = "kifu: cannot write the output: No space left on device (os error 28)\n";

/// `kifu ARGS` with `input` on standard input and `/dev/full` as standard
/// output: its standard error and exit status.
fn into_full(args: &[&str], input: &[u8]) -> (String, Option<i32>) {
    let full = File::options()
        .write(true)
        .open("/dev/full")
        .unwrap_or_else(|e| panic!("/dev/full: {e}"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input);
    }
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn every_subcommand_fails_on_a_full_disk() {
    let record_json = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["json", RECORD])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("{e}"))
        .stdout;
    let cases: &[(&[&str], &[u8])] = &[
        (&["validate", RECORD], b""),
        (&["validate", "--format", "json", RECORD], b""),
        (&["validate", "-j", "2", RECORD], b""),
        (&["json", RECORD], b""),
        (&["json", "--positions", RECORD], b""),
        (&["import"], &record_json),
        (&["render", RECORD], b""),
        (&["moves", RECORD, "--ply", "2"], b""),
        (&["new", "mana"], b""),
        (&["random", "shogun", "--seed", "1"], b""),
        (&["play", "mana"], b"f1-e2\n"),
        (&["play", "mana", "--load", RECORD], b""),
        (&["render", RECORD, "--format", "svg"], b""),
        (&["html", RECORD], b""),
        (&["select", RECORD], b""),
        (&["stats", RECORD], b""),
        (&["fmt", RECORD], b""),
        (&["man"], b""),
        (&["man", "rules"], b""),
        (&["engine", "--random"], b"kep 1\nisready\n"),
    ];
    for (args, input) in cases {
        assert_eq!(
            into_full(args, input),
            (FULL.to_owned(), Some(2)),
            "{args:?}"
        );
    }
}

#[test]
fn help_version_and_completions_fail_on_a_full_disk() {
    for args in [
        &["--help"][..],
        &["-h"][..],
        &["help"][..],
        &["help", "validate"][..],
        &["validate", "--help"][..],
        &["play", "--help"][..],
        &["--version"][..],
        &["completions", "bash"][..],
        &["completions", "zsh"][..],
        &["completions", "fish"][..],
    ] {
        assert_eq!(into_full(args, b""), (FULL.to_owned(), Some(2)), "{args:?}");
    }
}
