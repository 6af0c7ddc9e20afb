//! What kifu writes, kifu reads: every writer of records (`match`, `play`,
//! `fmt`, `import`, `analyse`, `new`, `random`) given long and odd values
//! (quotes, backslashes, tabs, escapes, a value of the largest length, an
//! engine name of 5,000 bytes) writes records that `validate` accepts,
//! or refuses the value at once, saying why.

use crate::support::matches as support;
use crate::support::run;

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
    assert_eq!(
        (out.as_str(), said.as_str(), status),
        (
            "",
            "kifu: tag Event: 4097 bytes: a tag value is at most 4096\n",
            Some(2)
        )
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

/// The players of `kifu random lotus --seed 3`.
const PLAYERS: &str = "red green orange violet";

/// What `validate` says of the record `random lotus --seed 3` plays to
/// its end, and of the record started from its final position.
const PLAYED: &str = "lotus, 37 turns, r:17 g:0 o:6 v:2 (place 4 taken; red wins)";
const FINISHED: &str = "lotus, 0 turns, r:17 g:0 o:6 v:2 (place 4 taken; red wins)";

/// `random lotus --seed 3 --count 1`, and the final position of its game
/// as `json --positions` states it.
fn lotus_and_its_final_position() -> (String, String) {
    let (played, said, status) = kifu(&["random", "lotus", "--seed", "3", "--count", "1"], b"");
    assert_eq!((said.as_str(), status), ("", Some(0)));
    let (json, _, _) = kifu(&["json", "--positions", "-"], played.as_bytes());
    let record: serde_json::Value =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    let last = record["moves"].as_array().and_then(|moves| moves.last());
    let position = last.and_then(|m| m["position"]["position"].as_str());
    let position = position.unwrap_or_else(|| panic!("no final position in {json}"));
    (played, position.to_owned())
}

/// What `validate` says of each record of `text`, and its status.
fn verdicts(text: &str) -> (Vec<String>, Option<i32>) {
    let (out, _, status) = kifu(&["validate", "-j", "1", "-"], text.as_bytes());
    (
        out.lines()
            .map(|line| {
                line.split_once(": ")
                    .map_or(line, |(_, said)| said)
                    .to_owned()
            })
            .collect(),
        status,
    )
}

/// Issue #40: a record with no moves (a finished lotus game stated by its
/// final position) and the next record stayed one record through `json`
/// and `import` ("tag Game appears twice"), and in one file.
#[test]
fn a_record_with_no_moves_stays_apart_from_the_next_one() {
    let dir = support::scratch("writers-no-moves");
    let (played, position) = lotus_and_its_final_position();
    let finished =
        format!("[Game \"lotus\"]\n[Players \"{PLAYERS}\"]\n[Position \"{position}\"]\n\n");
    assert_eq!(verdicts(&finished), (vec![FINISHED.to_owned()], Some(0)));
    assert!(fs::write(dir.join("final.kifu"), &finished).is_ok());
    assert!(fs::write(dir.join("l1.kifu"), &played).is_ok());
    let json = support::kifu_in(&dir, &["json", "final.kifu", "l1.kifu"]);
    assert_eq!((json.err.as_str(), json.status), ("", Some(0)));
    let (imported, said, status) = kifu(&["import", "-"], json.out.as_bytes());
    assert_eq!((said.as_str(), status), ("", Some(0)));
    let both = vec![FINISHED.to_owned(), PLAYED.to_owned()];
    assert_eq!(verdicts(&imported), (both.clone(), Some(0)), "{imported}");
    // The same two records in one file, either way round.
    assert_eq!(verdicts(&format!("{finished}{played}")), (both, Some(0)));
    assert_eq!(
        verdicts(&format!("{played}{finished}")),
        (vec![PLAYED.to_owned(), FINISHED.to_owned()], Some(0))
    );
}

/// What `new`, `play`'s `:save`, `random`, `analyse`, `match` and `fmt`
/// write, put end to end, reads back as as many records with the same
/// verdicts, a record with no moves among them.
#[test]
fn what_every_writer_writes_reads_back_record_by_record_end_to_end() {
    let dir = support::scratch("writers-end-to-end");
    let (played, position) = lotus_and_its_final_position();
    let from_final = ["--players", PLAYERS, "--position", position.as_str()];
    let (new, said, status) = kifu(&[&["new", "lotus"][..], &from_final].concat(), b"");
    assert_eq!((said.as_str(), status), ("", Some(0)));
    let script = format!(":save {}\n:quit\n", dir.join("saved.kifu").display());
    let (_, said, status) = kifu(
        &[&["play", "lotus"][..], &from_final].concat(),
        script.as_bytes(),
    );
    assert_eq!((said.as_str(), status), ("", Some(0)));
    let saved = support::read(&dir, "saved.kifu");
    let mana = "[Game \"mana\"]\n[Setup \"f1 c6\"]\n\n1. f1-e2 e6-e5 *\n";
    let (analysed, said, status) = kifu(&["analyse", "--depth", "1", "-"], mana.as_bytes());
    assert_eq!((said.as_str(), status), ("", Some(0)));
    let random = support::random_engine(1);
    let matched = support::kifu_in(
        &dir,
        &[
            "match",
            "--game",
            "mana",
            "--engine",
            &random,
            "--engine",
            &random,
            "--games",
            "1",
            "--movetime",
            "20",
            "--out",
            "match.kifu",
        ],
    );
    assert_eq!(matched.status, Some(0), "{}", matched.err);
    let matched = support::read(&dir, "match.kifu");
    let (matched_verdict, _) = verdicts(&matched);
    let written = [&new, &played, &saved, &analysed, &new, &matched, &saved];
    let mut expected = Vec::new();
    for (text, said) in
        written
            .iter()
            .zip([FINISHED, PLAYED, FINISHED, "mana, 2 plies, *", FINISHED])
    {
        assert_eq!(verdicts(text), (vec![said.to_owned()], Some(0)), "{text}");
        expected.push(said.to_owned());
    }
    expected.extend(matched_verdict);
    expected.push(FINISHED.to_owned());
    let file = written.map(|text| text.as_str()).concat();
    assert_eq!(verdicts(&file), (expected.clone(), Some(0)), "{file}");
    let (formatted, said, status) = kifu(&["fmt", "-"], file.as_bytes());
    assert_eq!((said.as_str(), status), ("", Some(0)));
    assert_eq!(
        verdicts(&formatted),
        (expected.clone(), Some(0)),
        "{formatted}"
    );
    // Each record formatted alone, the outputs put end to end.
    let each: String = (written.iter())
        .map(|text| kifu(&["fmt", "-"], text.as_bytes()).0)
        .collect();
    assert_eq!(verdicts(&each), (expected.clone(), Some(0)), "{each}");
    let (json, _, _) = kifu(&["json", "-"], file.as_bytes());
    let (imported, said, status) = kifu(&["import", "-"], json.as_bytes());
    assert_eq!((said.as_str(), status), ("", Some(0)));
    assert_eq!(verdicts(&imported), (expected, Some(0)), "{imported}");
}
