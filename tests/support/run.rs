//! `kifu ARGS` run in the repository with `stdin` on standard input.
#![allow(dead_code)]

use assert_cmd::Command;

/// Standard output, standard error and exit status of `kifu ARGS`.
pub fn kifu(args: &[&str], stdin: &[u8]) -> (String, String, Option<i32>) {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}
