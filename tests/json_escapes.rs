//! Every control byte, 0x00-0x1F and 0x7F, alone and between letters, in a
//! tag value, a comment and a Lotus player's name, through `kifu json`:
//! the line holds no raw control byte (which a JSON reader such as
//! Python's `json.loads` rejects), reads back as the same text, and is
//! byte for byte what `serde_json` writes of it; and back through
//! `kifu import`, whose record reads again to the same text. What the
//! record reader refuses (a line feed in a tag value, a player's name
//! that does not start with a letter) gets its exact code.

use crate::support::fixtures as support;

use assert_cmd::Command;
use serde_json::Value;
use support::{run, scratch, validate_json};

/// The bytes under test.
fn control_bytes() -> impl Iterator<Item = u8> {
    (0..0x20).chain([0x7f])
}

/// The byte alone, and between two letters.
fn shapes(byte: u8) -> [String; 2] {
    let c = char::from(byte);
    [c.to_string(), format!("a{c}b")]
}

/// Whether the Lotus `Players` tag splits names at `byte`.
fn splits_names(byte: u8) -> bool {
    char::from(byte).is_whitespace()
}

/// A record accepted by the reader, and the text `kifu json` must give at
/// each JSON pointer of its line.
struct Case {
    record: String,
    expected: Vec<(&'static str, String)>,
}

fn mana(tags: &str, movetext: &str) -> String {
    format!("[Game \"mana\"]\n{tags}\n1. c1-c3 {movetext} *\n\n")
}

fn lotus(players: &str) -> String {
    format!("[Game \"lotus\"]\n[Players \"{players}\"]\n\n*\n\n")
}

/// Every accepted case: each byte in each shape as a tag value and a
/// comment, and between letters in a Lotus player's name.
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for byte in control_bytes() {
        for text in shapes(byte) {
            if byte != b'\n' {
                cases.push(Case {
                    record: mana(&format!("[Event \"{text}\"]\n"), ""),
                    expected: vec![("/tags/Event", text.clone())],
                });
            }
            cases.push(Case {
                record: mana("", &format!("{{{text}}}")),
                expected: vec![("/moves/0/comments/0", text.clone())],
            });
        }
        if byte == b'\n' {
            continue;
        }
        let c = char::from(byte);
        let players = format!("r{c}ed green orange");
        let mut expected = vec![("/tags/Players", players.clone())];
        if splits_names(byte) {
            expected.push(("/setup/players/0/name", "r".into()));
            expected.push(("/setup/players/1/name", "ed".into()));
        } else {
            expected.push(("/setup/players/0/name", format!("r{c}ed")));
            expected.push(("/setup/to_move", format!("r{c}ed")));
        }
        cases.push(Case {
            record: lotus(&players),
            expected,
        });
    }
    cases
}

/// Runs kifu with `stdin`: standard output and the exit status.
fn with_stdin(args: &[&str], stdin: &[u8]) -> (Vec<u8>, Option<i32>) {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (output.stdout, output.status.code())
}

/// The lines of `kifu json` output, each checked to be JSON as serde_json
/// writes it, with no raw control byte.
fn json_lines(out: &[u8], what: &str) -> Vec<Value> {
    let text = String::from_utf8(out.to_vec()).unwrap_or_else(|e| panic!("{what}: {e}"));
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            assert!(
                !line.bytes().any(|b| b < 0x20),
                "{what}: line {} holds a raw control byte: {line:?}",
                i + 1
            );
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{what}: line {}: {e}: {line:?}", i + 1));
            let again = serde_json::to_string(&value).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(line, again, "{what}: line {}", i + 1);
            value
        })
        .collect()
}

/// Each line holds the expected text at each pointer, escaped in the line
/// as serde_json escapes that text.
fn check(cases: &[Case], lines: &[Value], printed: &[u8], what: &str) {
    assert_eq!(lines.len(), cases.len(), "{what}: one line per record");
    let printed = String::from_utf8_lossy(printed);
    let printed: Vec<&str> = printed.lines().collect();
    for ((case, line), raw) in cases.iter().zip(lines).zip(printed) {
        for (pointer, text) in &case.expected {
            assert_eq!(
                line.pointer(pointer).and_then(Value::as_str),
                Some(text.as_str()),
                "{what}: {pointer} of {:?}",
                case.record
            );
            let escaped = serde_json::to_string(text).unwrap_or_else(|e| panic!("{e}"));
            assert!(raw.contains(&escaped), "{what}: {escaped} not in {raw:?}");
        }
    }
}

#[test]
fn every_control_byte_is_escaped_by_kifu_json_and_read_back_by_kifu_import() {
    let cases = cases();
    assert_eq!(cases.len(), 33 * 2 * 2 - 2 + 32, "cases");
    let records: String = cases.iter().map(|c| c.record.as_str()).collect();
    let file = scratch("json-escapes").join("controls.kifu");
    std::fs::write(&file, &records).unwrap_or_else(|e| panic!("{e}"));
    let path = file.display().to_string();

    let (out, _, status) = run(&["json", &path]);
    assert_eq!(status, Some(0), "kifu json");
    check(&cases, &json_lines(&out, "kifu json"), &out, "kifu json");

    let (imported, status) = with_stdin(&["import", "-"], &out);
    assert_eq!(status, Some(0), "kifu import");
    let (again, status) = with_stdin(&["json", "-"], &imported);
    assert_eq!(status, Some(0), "kifu json of the imported records");
    let what = "kifu import, then kifu json";
    check(&cases, &json_lines(&again, what), &again, what);
}

/// A line feed ends a tag's line, so no tag value holds one; a player's
/// name is read only when it starts with a letter, and white space parts
/// names.
#[test]
fn what_the_reader_refuses_gets_its_code() {
    let dir = scratch("json-escapes-refused");
    let mut refused = Vec::new();
    for text in shapes(b'\n') {
        refused.push((
            mana(&format!("[Event \"{text}\"]\n"), ""),
            "record.unterminated-tag-value",
        ));
    }
    for byte in control_bytes().filter(|&b| b != b'\n') {
        let code = if splits_names(byte) {
            "lotus.players-count"
        } else {
            "lotus.players-initial"
        };
        refused.push((lotus(&format!("{} green orange", char::from(byte))), code));
    }
    assert_eq!(refused.len(), 2 + 32);
    for (i, (record, code)) in refused.iter().enumerate() {
        let file = dir.join(format!("{i}.kifu"));
        std::fs::write(&file, record).unwrap_or_else(|e| panic!("{e}"));
        let (verdicts, status) = validate_json(&file);
        assert_eq!(status, Some(1), "{record:?}");
        assert_eq!(verdicts.len(), 1, "{record:?}");
        assert_eq!(verdicts[0]["error"]["code"], *code, "{record:?}");
    }
}
