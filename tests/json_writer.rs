//! `kifu json` writes its objects with kifu's own JSON writer
//! (`kifu::model::writer`); what it prints is, byte for byte, what
//! `serde_json` writes of the same records, plain and with `--positions`,
//! for every fixture and for random games of every game.

#[path = "support/fixtures.rs"]
mod support;

use kifu::game::GameKind;
use kifu::model::RecordJson;
use kifu::record::RecordReader;
use std::path::Path;
use support::{fixtures, run, scratch};

/// What serde_json writes of every record of `file`, one line each, as
/// `kifu json` names the file.
fn serde_json_lines(file: &Path, positions: bool) -> String {
    let name = file.display().to_string();
    let text = std::fs::read(file).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut lines = String::new();
    for record in RecordReader::new(&text[..]) {
        let record = record.unwrap_or_else(|e| panic!("{name}: {e}"));
        // Records that do not read print an object of their own, tested
        // by the fixtures' verdicts.
        if let Ok(record) = record {
            let json = RecordJson::new(&name, &record, positions);
            lines += &serde_json::to_string(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        lines.push('\n');
    }
    lines
}

/// `kifu json` of `file`, with `--positions` when asked, against serde_json.
fn same_as_serde_json(file: &Path, positions: bool) {
    let path = file.display().to_string();
    let mut args = vec!["json", path.as_str()];
    if positions {
        args.push("--positions");
    }
    let (out, _, _) = run(&args);
    let printed = String::from_utf8(out).unwrap_or_else(|e| panic!("{path}: {e}"));
    let expected = serde_json_lines(file, positions);
    let (printed, expected): (Vec<_>, Vec<_>) =
        (printed.lines().collect(), expected.lines().collect());
    assert_eq!(printed.len(), expected.len(), "{path}: number of lines");
    for (line, (printed, expected)) in printed.iter().zip(&expected).enumerate() {
        // An unreadable record's line is not serde_json's to compare.
        if !expected.is_empty() {
            assert_eq!(printed, expected, "{path}: line {}", line + 1);
        }
    }
}

#[test]
fn every_fixture_is_printed_as_serde_json_prints_it() {
    let mut files = 0;
    for game in ["mana", "escampe", "shogun", "lotus"] {
        for kind in ["valid", "invalid"] {
            for file in fixtures(game, kind) {
                same_as_serde_json(&file, false);
                same_as_serde_json(&file, true);
                files += 1;
            }
        }
    }
    assert!(files > 100, "only {files} fixtures found");
}

#[test]
fn random_games_of_every_game_are_printed_as_serde_json_prints_them() {
    let dir = scratch("json-writer");
    for kind in GameKind::ALL {
        let (text, _, status) = run(&["random", kind.name(), "--seed", "7", "--count", "20"]);
        assert_eq!(status, Some(0), "kifu random {kind}");
        let file = dir.join(format!("{kind}.kifu"));
        std::fs::write(&file, text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        same_as_serde_json(&file, false);
        same_as_serde_json(&file, true);
    }
}
