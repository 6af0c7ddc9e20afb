//! `kifu json` writes its objects with kifu's own JSON writer
//! (`kifu::model::writer`); what it prints is, byte for byte, what
//! `serde_json` writes of the same JSON, plain and with `--positions`, for
//! every fixture and for random games of every game: each line read back
//! by serde_json (which keeps the order of keys) and written again is the
//! line printed.

use crate::support::fixtures as support;

use kifu::game::GameKind;
use std::path::Path;
use support::{fixtures, run, scratch};

/// `kifu json` of `file`, with `--positions` when asked, against serde_json.
fn same_as_serde_json(file: &Path, positions: bool) {
    let path = file.display().to_string();
    let mut args = vec!["json", path.as_str()];
    if positions {
        args.push("--positions");
    }
    let (out, _, _) = run(&args);
    let printed = String::from_utf8(out).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(!printed.is_empty(), "{path}: nothing printed");
    for (line, printed) in printed.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(printed)
            .unwrap_or_else(|e| panic!("{path}: line {}: {e}", line + 1));
        let expected = serde_json::to_string(&value).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(printed, expected, "{path}: line {}", line + 1);
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
