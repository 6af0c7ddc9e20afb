//! `kifu import` reads any JSON text: NDJSON, pretty-printed objects one
//! after another (as `jq .` prints them) and arrays of records. Through the
//! binary: `kifu json | kifu import | kifu validate` judges every record as
//! the original, in every layout.

#[path = "support/fixtures.rs"]
mod fixtures;

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn kifu() -> Command {
    let mut cmd = Command::cargo_bin("kifu").unwrap_or_else(|e| panic!("{e}"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// Standard output, standard error and exit status.
fn run(cmd: &mut Command) -> (String, String, Option<i32>) {
    let output = cmd.output().unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

fn import(input: impl Into<Vec<u8>>) -> (String, String, Option<i32>) {
    run(kifu().arg("import").write_stdin(input.into()))
}

/// The verdicts of `validate --format json`, without where the records
/// and faults are: the layout of an imported record is its own.
fn verdicts(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| {
            let mut v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
            if let Some(map) = v.as_object_mut() {
                map.remove("file");
                map.remove("line");
            }
            if let Some(error) = v.get_mut("error").and_then(Value::as_object_mut) {
                error.remove("line");
                error.remove("column");
                error.remove("message");
            }
            v
        })
        .collect()
}

/// The layouts of the same JSON records: each with the line it starts on.
struct Layout {
    name: &'static str,
    text: String,
    lines: Vec<usize>,
}

/// `ndjson` as printed, pretty-printed one object after another, and
/// wrapped in one array, compact and pretty.
fn layouts(ndjson: &str) -> Vec<Layout> {
    let values: Vec<Value> = ndjson
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let pretty = |v: &Value| serde_json::to_string_pretty(v).unwrap_or_else(|e| panic!("{e}"));
    let mut all = Vec::new();
    // Each record starts on line `first + sum of the lines before it`.
    let mut laid = |name, first: usize, texts: Vec<String>, open: &str, sep: &str, close: &str| {
        let mut text = open.to_owned();
        let mut lines = Vec::new();
        let mut line = first;
        for (i, t) in texts.iter().enumerate() {
            if i > 0 {
                text.push_str(sep);
                line += sep.matches('\n').count();
            }
            lines.push(line);
            line += t.matches('\n').count();
            text.push_str(t);
        }
        text.push_str(close);
        all.push(Layout { name, text, lines });
    };
    let compact: Vec<String> = values.iter().map(Value::to_string).collect();
    let indented: Vec<String> = values.iter().map(pretty).collect();
    laid("ndjson", 1, compact.clone(), "", "\n", "\n");
    laid("pretty", 1, indented.clone(), "", "\n", "\n");
    laid("array", 2, compact, "[\n", ",\n", "\n]\n");
    let nested: Vec<String> = indented.iter().map(|t| t.replace('\n', "\n  ")).collect();
    laid("pretty array", 2, nested, "[\n  ", ",\n  ", "\n]\n");
    all
}

/// `kifu json ARGS` of `input` through every layout, imported and judged
/// again: the same verdicts as `kifu validate` of `input` gives, but for the
/// records that `json` could not read, which import names.
fn round_trip(what: &str, files: &[PathBuf], input: &str, json_args: &[&str]) {
    let (json, _, _) = run(kifu()
        .arg("json")
        .args(json_args)
        .args(files)
        .write_stdin(input));
    let (original, _, status) = run(kifu()
        .args(["validate", "--format", "json"])
        .args(if files.is_empty() { &["-"][..] } else { &[] })
        .args(files)
        .write_stdin(input));
    let unread: Vec<bool> = json.lines().map(|l| !l.contains("\"tags\"")).collect();
    let expected: Vec<Value> = verdicts(&original)
        .into_iter()
        .zip(&unread)
        .filter(|(_, unread)| !**unread)
        .map(|(v, _)| v)
        .collect();
    assert_eq!(expected.len(), unread.iter().filter(|u| !**u).count());
    for layout in layouts(&json) {
        let (text, stderr, import_status) = import(layout.text.as_bytes());
        let name = layout.name;
        let reported: String = unread
            .iter()
            .zip(&layout.lines)
            .enumerate()
            .filter(|(_, (unread, _))| **unread)
            .map(|(i, (_, line))| {
                format!(
                    "<stdin>:{line}: record {}: the object has no tags: it is not a record that kifu json wrote\n",
                    i + 1
                )
            })
            .collect();
        assert_eq!(stderr, reported, "{what}, {name}");
        let none_unread = reported.is_empty();
        assert_eq!(
            import_status,
            Some(if none_unread { 0 } else { 1 }),
            "{what}, {name}"
        );
        let (judged, _, again) = run(kifu()
            .args(["validate", "--format", "json", "-"])
            .write_stdin(text));
        assert_eq!(verdicts(&judged), expected, "{what}, {name}");
        if none_unread {
            assert_eq!(again, status, "{what}, {name}");
        }
    }
}

#[test]
fn every_fixture_round_trips_through_json_and_import_in_every_layout() {
    for game in ["mana", "escampe", "shogun", "lotus"] {
        for kind in ["valid", "invalid"] {
            let files = fixtures::fixtures(game, kind);
            assert!(!files.is_empty(), "{game}/{kind}");
            round_trip(&format!("{game}/{kind}"), &files, "", &[]);
        }
    }
}

#[test]
fn random_games_of_every_game_round_trip_with_and_without_positions() {
    for game in ["mana", "escampe", "shogun", "lotus"] {
        for seed in ["1", "2"] {
            let (games, _, status) =
                run(kifu().args(["random", game, "--seed", seed, "--count", "12"]));
            assert_eq!(status, Some(0), "{game}");
            round_trip(&format!("{game} seed {seed}"), &[], &games, &[]);
            round_trip(
                &format!("{game} seed {seed} positions"),
                &[],
                &games,
                &["--positions"],
            );
        }
    }
}

#[test]
fn json_with_positions_imports_as_without_them() {
    let files = ["fixtures/shogun/valid", "fixtures/lotus/valid"].map(|dir| {
        let mut found = fixtures::fixtures(dir.rsplit('/').nth(1).unwrap_or_default(), "valid");
        found.truncate(3);
        found
    });
    for files in files {
        let (plain, _, _) = run(kifu().arg("json").args(&files));
        let (with, _, _) = run(kifu().args(["json", "--positions"]).args(&files));
        assert!(with.contains("\"position\""));
        assert_eq!(import(with), import(plain));
    }
}
