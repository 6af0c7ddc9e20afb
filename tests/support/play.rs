//! Helpers shared by the `kifu play` tests: a scratch directory per test,
//! and the binary run in it with standard input piped.
#![allow(dead_code)]

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};

/// A fresh, empty directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("play-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

pub fn kifu(dir: &Path) -> Command {
    let mut command = Command::cargo_bin("kifu").unwrap_or_else(|e| panic!("{e}"));
    command
        .current_dir(dir)
        .env("XDG_STATE_HOME", dir.join("state"))
        // The day the records are dated: 2026.12.01.
        .env("SOURCE_DATE_EPOCH", "1796083200");
    command
}

/// Runs `kifu play ARGS` in `dir` with `script` on standard input.
pub fn play(dir: &Path, args: &[&str], script: &[u8]) -> (String, String, Option<i32>) {
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
pub fn validate(dir: &Path, file: &str) -> (String, Option<i32>) {
    let output = kifu(dir)
        .args(["validate", file])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (text, output.status.code())
}

pub fn read(dir: &Path, file: &str) -> String {
    fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}
