//! `kifu import` reads any JSON text: NDJSON, pretty-printed objects one
//! after another (as `jq .` prints them) and arrays of records. Through the
//! binary: `kifu json | kifu import | kifu validate` judges every record as
//! the original, in every layout.

use crate::support::fixtures;

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
            // Where a fault or a warning stands moves with the layout.
            let strip = |fault: &mut Value| {
                if let Some(fault) = fault.as_object_mut() {
                    fault.remove("line");
                    fault.remove("column");
                    fault.remove("message");
                }
            };
            if let Some(error) = v.get_mut("error") {
                strip(error);
            }
            if let Some(warnings) = v.get_mut("warnings").and_then(Value::as_array_mut) {
                warnings.iter_mut().for_each(strip);
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

fn fault(message: &str, status: i32) -> (String, String, Option<i32>) {
    (String::new(), message.to_owned(), Some(status))
}

const MANA: &str = "[Game \"mana\"]\n\n";

#[test]
fn empty_input_is_no_record_found_as_validate_says() {
    for input in ["", " \n\t\r\n", "\u{feff}", "[]", "[\n]\n"] {
        assert_eq!(
            import(input),
            fault("kifu: <stdin>: no record found\n", 2),
            "{input:?}"
        );
    }
    assert_eq!(
        run(kifu().args(["validate", "-"]).write_stdin("")),
        fault("kifu: <stdin>: no record found\n", 2)
    );
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let input = "\u{feff}{\"tags\": {\"Game\": \"mana\"}}\n";
    assert_eq!(import(input), (MANA.to_owned(), String::new(), Some(0)));
    let late = "{\"tags\": {\"Game\": \"mana\"}}\n\u{feff}{\"tags\": {\"Game\": \"mana\"}}\n";
    assert_eq!(
        import(late),
        (
            MANA.to_owned(),
            "<stdin>:2: record 2: invalid JSON: expected value at line 2 column 1\n".to_owned(),
            Some(1)
        )
    );
}

#[test]
fn a_duplicate_key_anywhere_names_the_key_and_the_record() {
    let input = "{\"tags\": {\"Game\": \"mana\", \"Game\": \"shogun\"}}\n\
                 {\"tags\": {\"Game\": \"mana\"}, \"moves\": [{\"text\": \"e1-e4\", \"text\": \"e1-e5\"}]}\n\
                 {\n  \"tags\": {\n    \"Game\": \"mana\"\n  },\n  \"tags\": {}\n}\n\
                 [\n  {\n    \"tags\": {\"Game\": \"mana\"},\n    \"setup\": {\"board\": [{\"a\": 1, \"a\": 2}]}\n  },\n\
                 {\"tags\": {\"Game\": \"mana\"}, \"moves\": [{\"text\": \"e1-e4\", \"position\": {\"x\": 1, \"x\": 1}}]}\n]\n\
                 {\"tags\": {\"Game\": \"mana\"}}\n";
    assert_eq!(
        import(input),
        (
            MANA.to_owned(),
            "<stdin>:1: record 1: duplicate key \"Game\" in tags\n\
             <stdin>:2: record 2: duplicate key \"text\" in move 1\n\
             <stdin>:3: record 3: duplicate key \"tags\" in the record\n\
             <stdin>:10: record 4: duplicate key \"a\" in setup\n\
             <stdin>:14: record 5: duplicate key \"x\" in move 1\n"
                .to_owned(),
            Some(1)
        )
    );
}

#[test]
fn a_lone_surrogate_is_named() {
    let input = "{\"tags\": {\"Game\": \"mana\"}, \"comments\": [\"\\ud800\"]}";
    assert_eq!(
        import(input),
        fault(
            "<stdin>:1: record 1: invalid JSON: a lone UTF-16 surrogate \\ud800 in a string at line 1 column 48\n",
            1
        )
    );
    let input = "{\"tags\": {\"Game\": \"mana\\udc00\"}}";
    assert_eq!(
        import(input),
        fault(
            "<stdin>:1: record 1: invalid JSON: a lone UTF-16 surrogate \\udc00 in a string at line 1 column 29\n",
            1
        )
    );
    let input = "{\"tags\": {\"Game\": \"mana\"}, \"x\": \"\\uD83D\\u0041\"}";
    assert_eq!(
        import(input),
        fault(
            "<stdin>:1: record 1: invalid JSON: a lone UTF-16 surrogate \\uD83D in a string at line 1 column 45\n",
            1
        )
    );
    // A surrogate pair is one character.
    let input = "{\"tags\": {\"Game\": \"mana\", \"Event\": \"\\ud83d\\ude00\"}}";
    assert_eq!(
        import(input),
        (
            "[Game \"mana\"]\n[Event \"\u{1f600}\"]\n\n".to_owned(),
            String::new(),
            Some(0)
        )
    );
}

#[test]
fn a_bad_record_is_reported_and_the_others_are_imported() {
    let input = "{\"tags\": {\"Game\": \"mana\"}}\n\
                 [5, {\"tags\": {\"Game\": 1}}, {\"tags\": {\"Game\": \"mana\"}, \"moves\": \"e1-e4\"}]\n\
                 {\"tags\": {\"Game\": \"mana\"}, \"moves\": [{\"glyph\": \"!\"}]}\n\
                 {\"tags\": {\"Game\": \"mana\"}}\n";
    assert_eq!(
        import(input),
        (
            format!("{MANA}\n{MANA}"),
            "<stdin>:2: record 2: expected a record object, found a number\n\
             <stdin>:2: record 3: tag Game: expected a string, found a number\n\
             <stdin>:2: record 4: moves: expected an array, found a string\n\
             <stdin>:3: record 5: move 1: the object has no text\n"
                .to_owned(),
            Some(1)
        )
    );
}

#[test]
fn text_that_is_not_json_ends_its_file_and_the_next_file_is_read() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let broken = dir.join("import-broken.json");
    let good = dir.join("import-good.json");
    let write = |path: &PathBuf, text: &str| {
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
    };
    write(
        &broken,
        "{\"tags\": {\"Game\": \"mana\"}}\n{\"tags\": {\"Game\": \"mana\"}\n{\"tags\": {\"Game\": \"mana\"}}\n",
    );
    write(&good, "{\"tags\": {\"Game\": \"shogun\"}}");
    let (stdout, stderr, status) = run(kifu()
        .arg("import")
        .arg(&broken)
        .arg("no-such-file.json")
        .arg(&good));
    assert_eq!(stdout, format!("{MANA}\n[Game \"shogun\"]\n\n"));
    assert_eq!(
        stderr,
        format!(
            "{}:2: record 2: invalid JSON: expected `,` or `}}` at line 3 column 1\n\
             kifu: no-such-file.json: no such file\n",
            broken.display()
        )
    );
    assert_eq!(status, Some(2));
}

#[test]
fn bytes_that_are_not_utf8_are_named() {
    let input = b"{\"tags\": {\"Game\": \"ma\xffna\"}}\n".to_vec();
    assert_eq!(
        import(input),
        fault(
            "<stdin>:1: record 1: invalid JSON: the text is not UTF-8 at line 1 column 22\n",
            1
        )
    );
    assert_eq!(
        import(b"\xef\xbb{}".to_vec()),
        fault(
            "<stdin>:1: record 1: invalid JSON: the text is not UTF-8\n",
            1
        )
    );
}
