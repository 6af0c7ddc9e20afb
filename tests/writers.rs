//! What kifu writes, kifu reads: every writer of records (`match`, `play`,
//! `fmt`, `import`, `analyse`, `new`, `random`) given long and odd values
//! (quotes, backslashes, tabs, escapes, a value of the largest length, an
//! engine name of 5,000 bytes) writes records that `validate` accepts,
//! or refuses the value at once, saying why.

#[path = "support/run.rs"]
mod run;
#[path = "support/matches.rs"]
mod support;

use run::kifu;
use std::fs;

/// A value with every character a tag value must escape or may hold.
const ODD: &str = "q\" b\\ t\t é esc\u{1b}[2J bel\u{7} end";

/// The largest value a tag holds: 4,096 bytes.
fn longest() -> String {
    "é".repeat(2048)
}

/// `text` must be this many valid records, as `validate` judges it.
fn assert_valid(text: &str, records: usize, what: &str) {
    let (verdicts, said, status) = kifu(&["validate", "-j", "1", "-"], text.as_bytes());
    let summary = match records {
        1 => String::new(),
        n => format!("{n} records: {n} valid, 0 invalid\n"),
    };
    assert_eq!((said, status), (summary, Some(0)), "{what}:\n{text}");
    assert_eq!(verdicts.lines().count(), records, "{what}: {verdicts}");
}

#[test]
fn new_random_fmt_import_and_analyse_write_what_validates() {
    let long = longest();
    for value in [ODD, long.as_str()] {
        let tag = format!("Event={value}");
        let (new, said, status) = kifu(&["new", "mana", "--setup", "f1 c6", "--tag", &tag], b"");
        assert_eq!((said.as_str(), status), ("", Some(0)));
        assert_valid(&new, 1, "new");
        let record = format!(
            "{}1. f1-e2 {{{value}}} e6-e5 *\n",
            new.trim_end_matches("*\n")
        );
        assert_valid(&record, 1, "the record");
        let (formatted, _, _) = kifu(&["fmt", "-"], record.as_bytes());
        assert_valid(&formatted, 1, "fmt");
        let (json, _, _) = kifu(&["json", "-"], record.as_bytes());
        let (imported, said, status) = kifu(&["import", "-"], json.as_bytes());
        assert_eq!((said.as_str(), status), ("", Some(0)));
        assert_valid(&imported, 1, "import");
        let (analysed, said, status) = kifu(&["analyse", "--depth", "1", "-"], record.as_bytes());
        assert_eq!((said.as_str(), status), ("", Some(0)));
        assert_valid(&analysed, 1, "analyse");
    }
    let players = "a\u{1b}[31m b\"q c\\d";
    let (random, _, _) = kifu(
        &[
            "random",
            "lotus",
            "--seed",
            "1",
            "--count",
            "3",
            "--players",
            players,
        ],
        b"",
    );
    assert_valid(&random, 3, "random");
}

#[test]
fn a_value_no_record_can_hold_is_refused_at_once() {
    let too_long = "x".repeat(4097);
    let (out, said, status) = kifu(
        &[
            "new",
            "mana",
            "--setup",
            "f1 c6",
            "--tag",
            &format!("Event={too_long}"),
        ],
        b"",
    );
    assert_eq!((out.as_str(), status), ("", Some(2)), "{said}");
    assert!(
        said.contains("tag value is longer than the limit of 4096 bytes"),
        "{said}"
    );
    let (out, said, status) = kifu(
        &["random", "lotus", "--players", &format!("{too_long} b c")],
        b"",
    );
    assert_eq!(
        (out.as_str(), said.as_str(), status),
        (
            "",
            "kifu: --players: 4101 bytes: a tag value is at most 4096\n",
            Some(2)
        )
    );
    for event in [too_long.as_str(), "two\nlines"] {
        let (_, said, status) = kifu(
            &[
                "match", "--game", "mana", "--event", event, "--engine", "x", "--engine", "y",
            ],
            b"",
        );
        assert_eq!(status, Some(2), "{said}");
        assert!(said.starts_with("error: invalid value"), "{said}");
    }
}

#[test]
fn play_saves_odd_values_that_validate() {
    let dir = support::scratch("writers-play");
    let file = dir.join("odd.kifu");
    let script = format!("f1-e2\n:tag Event {ODD}\n:save {}\n", file.display());
    let (_, said, status) = kifu(
        &[
            "play",
            "mana",
            "--setup",
            "f1 c6",
            "--tag",
            &format!("Site={ODD}"),
        ],
        script.as_bytes(),
    );
    assert_eq!(status, Some(0), "{said}");
    let saved = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_valid(&saved, 1, "play");
}

/// An engine whose `id name` is 5,000 bytes, and a `--name` with a line
/// end: the records hold them shortened (and it is said), and validate;
/// `--report` counts the games and `--resume` goes on (both once failed).
#[test]
fn match_writes_long_and_odd_names_as_records_that_validate() {
    let dir = support::scratch("writers-match");
    let long_name = "n".repeat(5000);
    let long = support::test_engine(&format!("--name {long_name}"));
    let random = support::random_engine(1);
    let run = support::kifu_in(
        &dir,
        &[
            "match",
            "--game",
            "mana",
            "--setup",
            "f1 c6",
            "--engine",
            &long,
            "--engine",
            &random,
            "--name",
            "two\nlines",
            "--event",
            ODD,
            "--games",
            "2",
            "--movetime",
            "20",
            "--out",
            "out.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let shortened = format!("{}…", "n".repeat(252));
    assert!(
        run.err.starts_with(&format!(
            "kifu: engine 1's name (5000 bytes) is written as \"{shortened}\"\nkifu: engine 2's name (9 bytes, with a line end) is written as \"two lines\"\n"
        )),
        "{}",
        run.err
    );
    let records = support::read(&dir, "out.kifu");
    assert_valid(&records, 2, "match");
    assert!(records.contains(&format!("\"{shortened}\"]")), "{records}");
    let report = support::kifu_in(&dir, &["match", "--report", "out.kifu", "--format", "json"]);
    assert_eq!(report.status, Some(0), "{}", report.err);
    let table: serde_json::Value =
        serde_json::from_str(&report.out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(table["games"], 2, "{}", report.out);
    let resumed = support::kifu_in(
        &dir,
        &[
            "match",
            "--game",
            "mana",
            "--setup",
            "f1 c6",
            "--engine",
            &long,
            "--engine",
            &random,
            "--name",
            "two\nlines",
            "--games",
            "4",
            "--movetime",
            "20",
            "--out",
            "out.kifu",
            "--resume",
        ],
    );
    assert_eq!(resumed.status, Some(0), "{}", resumed.err);
    assert_valid(&support::read(&dir, "out.kifu"), 4, "match --resume");
}
