//! What the tests of `kifu serve --watch` share: a short match's records,
//! played once into a file and split record by record.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Stdio};

/// The engines of the short match: kifu's random players, seeded.
pub const ENGINES: [&str; 2] = [
    "kifu engine --random --seed 1",
    "kifu engine --random --seed 2",
];

/// Runs `kifu match` of `games` games of mana in `dir`, to `out`; its
/// status.
pub fn play_match(dir: &Path, games: u32, out: &str) -> Option<i32> {
    let kifu = env!("CARGO_BIN_EXE_kifu");
    let engines = ENGINES.map(|e| e.replacen("kifu", kifu, 1));
    Command::new(kifu)
        .args(["match", "--engine", &engines[0], "--engine", &engines[1]])
        .args([
            "--game",
            "mana",
            "--games",
            &games.to_string(),
            "--out",
            out,
        ])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("{e}"))
        .code()
}

/// `kifu ARGS` in `dir`: its standard output.
pub fn kifu(dir: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(output.status.success(), "kifu {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap_or_else(|e| panic!("{e}"))
}

/// The SVG `kifu render` draws of record `n` (from 1) of `file`.
pub fn render(dir: &Path, file: &str, n: usize) -> String {
    kifu(
        dir,
        &[
            "render",
            "--format",
            "svg",
            "--record",
            &n.to_string(),
            file,
        ],
    )
}

/// The table `kifu match --report FILE --format json` gives.
pub fn report(dir: &Path, file: &str) -> serde_json::Value {
    let text = kifu(dir, &["match", "--report", file, "--format", "json"]);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}
