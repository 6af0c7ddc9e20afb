//! Control characters from records (ESC, BEL, other C0 and C1 controls)
//! never reach the terminal raw: every text kifu prints from a record
//! shows them escaped (`\e`, `\u{7}`), as `ls` and `git` do, so a record
//! cannot retitle the terminal, clear it or overwrite verdict lines. JSON
//! stays exact.

use crate::support::matches as support;
use crate::support::run;

use run::kifu;

/// A name that would retitle the terminal, one that would clear it, and
/// one with a C1 control (CSI).
const PLAYERS: &str = "a\u{1b}]0;owned\u{7} b\u{1b}[2J c\u{9b}";

fn lotus() -> String {
    kifu(
        &["random", "lotus", "--seed", "1", "--players", PLAYERS],
        b"",
    )
    .0
}

/// No byte of a control character but the line end, outside kifu's own
/// colours (none here: the output is no terminal).
fn assert_shown(text: &str, what: &str) {
    let raw: Vec<char> = text
        .chars()
        .filter(|c| c.is_control() && *c != '\n')
        .collect();
    assert_eq!(raw, Vec::<char>::new(), "{what}: {text:?}");
}

#[test]
fn validate_render_stats_and_play_escape_what_records_hold() {
    let record = lotus();
    let (verdict, _, _) = kifu(&["validate", "-"], record.as_bytes());
    assert_eq!(
        verdict,
        "<stdin>:1: lotus, 29 turns, a:13 b:3 c:5 (place 4 taken; a\\e]0;owned\\u{7} wins)\n"
    );
    let (board, _, _) = kifu(&["render", "-"], record.as_bytes());
    assert_shown(&board, "render");
    assert!(board.contains("b\\e[2J"), "{board}");
    let (stats, _, _) = kifu(&["stats", "-"], record.as_bytes());
    assert_shown(&stats, "stats");
    assert!(
        stats.contains("a\\e]0;owned\\u{7} b\\e[2J c\\u{9b}"),
        "{stats}"
    );
    let (out, err, _) = kifu(&["play", "lotus", "--players", PLAYERS], b":board\nxx\n");
    assert_shown(&out, "play");
    assert_shown(&err, "play's refusals");
    assert!(out.contains("Turn 1: a\\e]0;owned\\u{7} to play"), "{out}");
    // An invalid record's fault quotes it: escaped too.
    let (fault, _, _) = kifu(
        &["validate", "-"],
        format!(
            "{}1. \u{1b}[2J *\n",
            record.split("\n\n").next().unwrap_or_default()
        )
        .as_bytes(),
    );
    assert_shown(&fault, "a fault");
    // JSON is exact: the names read back as they were.
    let (json, _, _) = kifu(&["json", "-"], record.as_bytes());
    let value: serde_json::Value =
        serde_json::from_str(json.trim()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(value["tags"]["Players"], PLAYERS);
}

#[test]
fn match_report_and_log_escape_the_engines_names() {
    let dir = support::scratch("escapes-report");
    let engine = support::random_engine(1);
    let run = support::kifu_in(
        &dir,
        &[
            "match",
            "--game",
            "mana",
            "--setup",
            "f1 c6",
            "--engine",
            &engine,
            "--name",
            "w\u{1b}[2J",
            "--engine",
            &engine,
            "--name",
            "b\u{7}",
            "--games",
            "2",
            "--out",
            "out.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    assert_shown(&run.out, "the table");
    assert_shown(&run.err, "the log");
    assert!(run.out.contains("w\\e[2J"), "{}", run.out);
    let report = support::kifu_in(&dir, &["match", "--report", "out.kifu"]);
    assert_shown(&report.out, "--report");
    assert!(report.out.contains("b\\u{7}"), "{}", report.out);
}
