//! `kifu json` on a long record, through the binary: every move is
//! written, with its position, and the object is whole.

use crate::support::long;

use assert_cmd::Command;
use long::long_shogun;

#[test]
fn the_json_of_a_long_record_with_positions_is_complete() {
    let (text, plies) = long_shogun(3000, 7);
    assert_eq!(plies, 3000, "the game ended early");
    let out = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .args(["json", "--positions", "-"])
        .write_stdin(text)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(stdout.lines().count(), 1);
    let value: serde_json::Value =
        serde_json::from_str(stdout.trim_end()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(value["kifu"], 1);
    assert_eq!(value["verdict"]["valid"], true);
    assert_eq!(value["verdict"]["plies"], plies);
    let moves = value["moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(moves.len(), plies);
    for (i, m) in moves.iter().enumerate() {
        assert!(m["parts"].is_object(), "move {}", i + 1);
        assert!(m["position"]["position"].is_string(), "move {}", i + 1);
    }
    assert!(value["outcome"].is_null());
}
