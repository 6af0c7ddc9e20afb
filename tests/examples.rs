//! The shared example records: every verdict of an independent referee,
//! checked through the binary (valid or not, and the number of the move or
//! turn holding the first illegal ply).

use crate::support::fixtures as support;

use serde_json::Value;
use std::path::Path;
use support::validate_json;

fn check_examples(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/examples");
    let expected: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(dir.join(format!("{name}.json")))
            .unwrap_or_else(|e| panic!("{name}.json: {e}")),
    )
    .unwrap_or_else(|e| panic!("{name}.json: {e}"));
    let (verdicts, status) = validate_json(&dir.join(format!("{name}.kifu")));
    assert_eq!(verdicts.len(), expected.len(), "{name}: number of records");
    let mut wrong = Vec::new();
    for (i, (got, want)) in verdicts.iter().zip(&expected).enumerate() {
        let got_pair = (got["valid"].clone(), got["error"]["number"].clone());
        let want_pair = (want["ok"].clone(), want["move"].clone());
        if got_pair != want_pair {
            wrong.push(format!(
                "record {} (line {}): expected {want}, got {got}",
                i + 1,
                got["line"]
            ));
        }
    }
    assert!(wrong.is_empty(), "{name}:\n{}", wrong.join("\n"));
    let all_valid = expected.iter().all(|e| e["ok"] == true);
    assert_eq!(status, Some(if all_valid { 0 } else { 1 }));
}

#[test]
fn mana_examples_get_their_known_verdicts() {
    check_examples("mana");
}

#[test]
fn mana_position_examples_get_their_known_verdicts() {
    check_examples("mana-position");
}

#[test]
fn escampe_examples_get_their_known_verdicts() {
    check_examples("escampe");
}

#[test]
fn shogun_examples_get_their_known_verdicts() {
    check_examples("shogun");
}

#[test]
fn lotus_examples_get_their_known_verdicts() {
    check_examples("lotus");
}
