//! The fixture records under `fixtures/`, and their verdicts through the
//! binary as JSON.
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The `.kifu` files of `fixtures/GAME/KIND/`, sorted.
pub fn fixtures(game: &str, kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(game)
        .join(kind);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|x| x == "kifu"))
        .collect();
    found.sort();
    found
}

/// `kifu validate --format json FILE`: each line of its output read as a
/// record's verdict, and the exit status.
pub fn validate_json(file: &Path) -> (Vec<Value>, Option<i32>) {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .args(["validate", "--format", "json"])
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let verdicts = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{}: {l}: {e}", file.display())))
        .collect();
    (verdicts, output.status.code())
}

/// The verdict of `file`, a fixture of one record, and the exit status.
pub fn verdict(file: &Path) -> (Value, Option<i32>) {
    let (mut verdicts, status) = validate_json(file);
    assert_eq!(verdicts.len(), 1, "{}: {verdicts:?}", file.display());
    (verdicts.remove(0), status)
}

/// Runs kifu from the repository root: standard output, standard error
/// and the exit status.
pub fn run(args: &[&str]) -> (Vec<u8>, String, Option<i32>) {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        output.stdout,
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// A fresh, empty directory `name` of this test process, under the
/// target's temporary directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}
