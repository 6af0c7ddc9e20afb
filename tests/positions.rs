//! Every position is a start: the `Position` value that `kifu json
//! --positions` gives after a ply, with the record's other tags and the
//! moves left, makes a record that replays the rest of the game to the
//! same verdict (notation.md, "Starting from any position").
//!
//! Checked for every ply of every fixture and example record (the invalid
//! ones up to their fault) and of random games, in every game:
//! - lotus keeps its turn numbers (the value states the turn), so the
//!   fault is the very same one: code, turn, player, move and message;
//!   a position in the middle of a turn is replayed with the rest of the
//!   turn unnumbered, and again numbered `12...`;
//! - mana, escampe and shogun number their moves from 1 again from a
//!   position (and the numbers are optional), so the moves left are
//!   written without numbers and the fault's code is compared; a record
//!   whose fault is in its numbering (`number.*`) is left out, and so is
//!   the end of a mana or escampe game won by taking the leader, which no
//!   `Position` may state (each side keeps its Daimyo or Unicorn).

use assert_cmd::Command;
use kifu::game::{AnyGame, GameKind, Tags};
use kifu::record::{Dots, ItemKind, Record, RecordReader};
use kifu::referee::{Options, Verdict, judge};
use std::path::Path;

/// The tags of `game` that state its start, which the `Position` tag replaces.
fn start_tags(game: &str) -> &'static [&'static str] {
    match game {
        "lotus" => &["Flowers", "Position"],
        "shogun" => &["Setup", "First", "Position"],
        _ => &["Setup", "Position"],
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The records of a text, less those that do not parse.
fn records(text: &[u8]) -> Vec<Record> {
    RecordReader::new(text)
        .filter_map(|read| read.ok()?.ok())
        .collect()
}

/// The records of every `.kifu` file under `fixtures/GAME/` and of the
/// game's examples, each with its name.
fn fixture_records(game: &str) -> Vec<(String, Record)> {
    let mut files = Vec::new();
    for kind in ["valid", "invalid"] {
        let dir = root().join("fixtures").join(game).join(kind);
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        files.extend(entries.filter_map(|e| e.ok().map(|e| e.path())));
    }
    let examples = root().join("fixtures/examples");
    files.push(examples.join(format!("{game}.kifu")));
    if game == "mana" {
        files.push(examples.join("mana-position.kifu"));
    }
    files.retain(|path| path.extension().is_some_and(|x| x == "kifu"));
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
        let name = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .display()
            .to_string();
        for (i, record) in records(&text).into_iter().enumerate() {
            found.push((format!("{name} record {}", i + 1), record));
        }
    }
    found
}

/// `kifu random GAME --seed SEED --count COUNT`, record by record.
fn random_records(game: &str, seed: u64, count: u64) -> Vec<(String, Record)> {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .args([
            "random",
            game,
            "--seed",
            &seed.to_string(),
            "--count",
            &count.to_string(),
        ])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(output.status.code(), Some(0));
    let found = records(&output.stdout);
    assert_eq!(found.len() as u64, count);
    (found.into_iter().enumerate())
        .map(|(i, r)| {
            (
                format!("kifu random {game} --seed {seed}, game {}", i + 1),
                r,
            )
        })
        .collect()
}

/// A position of a record: its `Position` value, whether the game is over,
/// whether the next ply opens a turn, and its turn number.
struct Stop {
    value: String,
    over: bool,
    opens: bool,
    turn: u32,
}

impl Stop {
    fn of(game: &dyn AnyGame) -> Self {
        Stop {
            value: game.position_json().value().to_owned(),
            over: game.is_over(),
            opens: game.turn().opens,
            turn: game.turn().number,
        }
    }
}

/// The record's verdict, and its position at the start and after each ply
/// accepted.
fn stops(record: &Record) -> Option<(Verdict, Vec<Stop>)> {
    let kind = GameKind::from_name(record.tag("Game")?)?;
    let start = kind.start(Tags::new(&record.tags)).ok()?;
    let mut stops = vec![Stop::of(start.as_ref())];
    let (verdict, _) = judge(record, Options::default(), |ply| {
        stops.push(Stop::of(ply.game))
    });
    Some((verdict, stops))
}

/// `value` with `\` and `"` escaped, for a tag.
fn escaped(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The record of `record`'s tags, `Position` for its start tags, and the
/// items after its first `plies` moves; `numbers` keeps the move numbers,
/// and `continued` opens with that turn's number, `12...`.
fn rebuilt(
    record: &Record,
    value: &str,
    plies: usize,
    numbers: bool,
    continued: Option<u32>,
) -> String {
    let mut text = String::new();
    let start = start_tags(record.tag("Game").unwrap_or_default());
    for tag in record
        .tags
        .iter()
        .filter(|t| !start.contains(&t.name.as_str()))
    {
        text.push_str(&format!("[{} \"{}\"]\n", tag.name, escaped(&tag.value)));
    }
    text.push_str(&format!("[Position \"{value}\"]\n\n"));
    if let Some(turn) = continued {
        text.push_str(&format!("{turn}... "));
    }
    let mut moves = 0;
    for item in &record.items {
        let kind = item.kind();
        if moves < plies {
            moves += usize::from(matches!(kind, ItemKind::Move { .. }));
            continue;
        }
        match kind {
            ItemKind::Number { value, dots } if numbers => {
                let dots = if dots == Dots::One { "." } else { "..." };
                text.push_str(&format!("{value}{dots} "));
            }
            ItemKind::Move { glyph } => {
                let span = item.span();
                let word = record.slice(&(span.start..span.end + usize::from(glyph)));
                text.push_str(&format!("{word} "));
            }
            ItemKind::Result => text.push_str(&format!("{} ", record.slice(&item.span()))),
            ItemKind::Number { .. }
            | ItemKind::Comment
            | ItemKind::Open
            | ItemKind::Close
            | ItemKind::Nag { .. } => {}
        }
    }
    text.push('\n');
    text
}

/// What must stay the same: the fault's code (and with `exact`, its ply,
/// counted from the record's start for a replay that began `plies` plies
/// in, and its words), and the result and scores of the game.
fn summary(verdict: &Verdict, exact: bool, plies: usize) -> String {
    let fault = verdict.fault.as_ref().map(|f| {
        if exact {
            let context = f.context.as_ref().map(|c| {
                let mut c = c.clone();
                c.ply += plies;
                c
            });
            // A replay starts from a Position tag: no default setup to name.
            let message = f.message.split(" (the record has no ").next();
            format!("{} {context:?} {message:?}", f.code)
        } else {
            f.code.to_owned()
        }
    });
    let result = verdict
        .outcome
        .as_ref()
        .map(|o| (o.tag_value.clone(), o.winner.clone()));
    format!("{fault:?} {result:?} {:?}", verdict.scores)
}

/// Replays `record` from every position it passes; what went wrong.
fn check(name: &str, record: &Record) -> Vec<String> {
    // The main line is replayed from each of its positions; a record with
    // variations is left to tests/variations.rs.
    if (record.items.iter()).any(|item| item.kind() == ItemKind::Open) {
        return Vec::new();
    }
    let Some((verdict, passed)) = stops(record) else {
        return Vec::new();
    };
    let lotus = record.tag("Game") == Some("lotus");
    let number_fault = verdict
        .fault
        .as_ref()
        .is_some_and(|f| f.code.starts_with("number."));
    if !lotus && number_fault {
        return Vec::new();
    }
    let expected = summary(&verdict, lotus, 0);
    let mut wrong = Vec::new();
    for (plies, stop) in passed.iter().enumerate() {
        if stop.over && matches!(record.tag("Game"), Some("mana" | "escampe")) {
            continue;
        }
        let mut variants = vec![None];
        if lotus && !stop.opens && !stop.over {
            variants.push(Some(stop.turn));
        }
        for continued in variants {
            let text = rebuilt(record, &stop.value, plies, lotus, continued);
            let Some(again) = records(text.as_bytes()).pop() else {
                wrong.push(format!(
                    "{name} after {plies} plies: does not parse:\n{text}"
                ));
                continue;
            };
            let (replayed, start) = stops(&again)
                .map(|(v, s)| (v, s.into_iter().next()))
                .unwrap_or_default();
            let got = summary(&replayed, lotus, plies);
            let same_start = start.is_some_and(|s| s.value == stop.value);
            let expected = match unnumbered_turn(record, plies, stop) {
                // The record left out the number of the turn that the
                // position opens: the replay, starting there, must open with it.
                Some(word) => {
                    let fault = replayed.fault.as_ref();
                    let context = fault.and_then(|f| f.context.as_ref());
                    let refused = fault.is_some_and(|f| f.code == "lotus.unnumbered-turn")
                        && context.is_some_and(|c| {
                            c.number == stop.turn && c.text.as_deref() == Some(word)
                        });
                    if refused {
                        got.clone()
                    } else {
                        format!("lotus.unnumbered-turn at {word}")
                    }
                }
                None => expected.clone(),
            };
            if got != expected || !same_start {
                wrong.push(format!(
                    "{name} after {plies} plies:\n  want {expected}\n  got  {got} (start {same_start})\n{text}"
                ));
            }
        }
    }
    wrong
}

/// The first move left after `plies` moves when it stands with no number
/// where the position `stop` opens a lotus turn.
fn unnumbered_turn<'r>(record: &'r Record, plies: usize, stop: &Stop) -> Option<&'r str> {
    if record.tag("Game") != Some("lotus") || !stop.opens || stop.over {
        return None;
    }
    let mut moves = 0;
    let mut left = record.items.iter().skip_while(|item| {
        let counted = moves < plies;
        moves += usize::from(matches!(item.kind(), ItemKind::Move { .. }));
        counted
    });
    let first = left.find(|item| item.kind() != ItemKind::Comment)?;
    matches!(first.kind(), ItemKind::Move { .. }).then(|| record.slice(&first.span()))
}

fn check_all(cases: &[(String, Record)], minimum: usize) {
    assert!(cases.len() >= minimum, "{} records", cases.len());
    let wrong: Vec<String> = cases.iter().flat_map(|(name, r)| check(name, r)).collect();
    assert!(
        wrong.is_empty(),
        "{} failures:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn lotus_fixtures_replay_from_every_position() {
    check_all(&fixture_records("lotus"), 60);
}

#[test]
fn random_lotus_games_replay_from_every_position() {
    check_all(&random_records("lotus", 7, 12), 12);
}

#[test]
fn mana_records_replay_from_every_position() {
    let mut cases = fixture_records("mana");
    cases.extend(random_records("mana", 7, 6));
    check_all(&cases, 40);
}

#[test]
fn escampe_records_replay_from_every_position() {
    let mut cases = fixture_records("escampe");
    cases.extend(random_records("escampe", 7, 6));
    check_all(&cases, 30);
}

#[test]
fn shogun_records_replay_from_every_position() {
    let mut cases = fixture_records("shogun");
    cases.extend(random_records("shogun", 7, 4));
    check_all(&cases, 30);
}
