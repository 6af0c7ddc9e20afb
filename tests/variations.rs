//! Variations (issue 18): a random legal variation added to a valid record
//! keeps it valid, the JSON of a record with variations imports back to
//! the same tree, and `--line` reaches the position after every move of
//! every variation of the fixtures.

use crate::support::fixtures as support;

use assert_cmd::Command;
use kifu::game::{AnyGame, GameKind, Numbering, Tags, number_before};
use kifu::model::{MoveNode, WrittenMoves, record_json, text_from_json};
use kifu::play::random_game;
use kifu::random::Rng;
use kifu::record::{Record, RecordReader, WrittenMove, write_record};
use kifu::referee::{LineName, Options, Reached, judge, judge_record, position_at};
use proptest::prelude::*;
use serde_json::Value;
use std::path::Path;
use support::fixtures;

/// The longest main line the property plays.
const MAX_PLIES: usize = 60;

/// The one record of `text`.
fn parse(text: &str) -> Record {
    match RecordReader::new(text.as_bytes()).next() {
        Some(Ok(Ok(record))) => record,
        other => panic!("{other:?}\n{text}"),
    }
}

/// A random legal game of `kind` from `seed`: its tags and its first
/// moves, at most [`MAX_PLIES`] of them.
fn game(kind: GameKind, seed: u64) -> (Vec<(String, String)>, Vec<String>) {
    let mut rng = Rng::new(seed);
    let tags = kind.random_tags(&mut rng);
    let mut all = vec![("Game".to_owned(), kind.name().to_owned())];
    all.extend(tags);
    let record = parse(&kifu::record::write_record(&all, &[], &[], None));
    let start = kind
        .start(Tags::new(&record.tags))
        .unwrap_or_else(|e| panic!("{e}"));
    let played = parse(&random_game(start, &mut rng));
    let moves = played.moves().take(MAX_PLIES).map(|m| m.text.to_owned());
    let tags = played.tags.iter();
    let tags = tags.map(|t| (t.name.to_string(), t.value.to_string()));
    (tags.collect(), moves.collect())
}

/// The start position of a record with `tags`.
fn start(tags: &[(String, String)]) -> Box<dyn AnyGame> {
    let record = parse(&write_record(tags, &[], &[], None));
    let kind = GameKind::from_name(record.tag("Game").unwrap_or_default());
    let kind = kind.unwrap_or_else(|| panic!("{tags:?}"));
    kind.start(Tags::new(&record.tags))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Up to `n` random legal moves from `game`, chosen by `rng`; for lotus
/// whole turns, `n` of them.
fn random_moves(game: &dyn AnyGame, n: usize, rng: &mut Rng) -> Vec<String> {
    let mut game = game.box_clone();
    let plies = match game.numbering() {
        Numbering::Pairs => n,
        Numbering::Turns => 3 * n,
    };
    let mut moves = Vec::new();
    while moves.len() < plies && game.outcome().is_none() {
        let legal = game.legal_moves();
        let Some(mv) = legal.get(rng.below(legal.len())).cloned() else {
            break;
        };
        game.play(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        moves.push(mv);
    }
    moves
}

/// The written moves of `moves` from `game`, numbered; the variation
/// `variation` (which replaces the plies from `at` on) after the move at
/// `after`.
fn written<'a>(
    game: &dyn AnyGame,
    moves: &'a [String],
    variation: Option<(usize, usize, &'a [String])>,
) -> Vec<WrittenMove<'a>> {
    let mut game = game.box_clone();
    let mut before = Vec::new();
    let mut out: Vec<WrittenMove<'a>> = Vec::new();
    let mut first = true;
    for (i, mv) in moves.iter().enumerate() {
        let number = number_before(game.turn(), first);
        before.push(game.box_clone());
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        let mut variations = Vec::new();
        if let Some((at, _, line)) = variation.filter(|(_, after, _)| *after == i) {
            variations.push(written(before[at].as_ref(), line, None));
        }
        first = !variations.is_empty();
        out.push(WrittenMove {
            number: number.map(kifu::record::MoveNumber::from),
            text: mv,
            variations,
            ..WrittenMove::default()
        });
    }
    out
}

/// The record of `moves` from the start of `tags`, with `variation`.
fn record_text(
    tags: &[(String, String)],
    moves: &[String],
    variation: Option<(usize, usize, &[String])>,
) -> String {
    let start = start(tags);
    let mut end = start.box_clone();
    for mv in moves {
        end.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    let result = end.outcome().map_or(Some("*"), |o| o.token);
    write_record(
        tags,
        &[],
        &written(start.as_ref(), moves, variation),
        result,
    )
}

/// The JSON of a record, without its file name.
fn json(record: &Record) -> Value {
    let (line, _) = record_json("-", record, true).unwrap_or_else(|e| panic!("{e}"));
    let mut value: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}"));
    value.as_object_mut().map(|o| o.remove("file"));
    value
}

fn kinds() -> impl Strategy<Value = GameKind> {
    prop::sample::select(GameKind::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn a_random_legal_variation_keeps_a_record_valid_and_json_keeps_the_tree(
        kind in kinds(),
        seed in any::<u64>(),
        at in any::<usize>(),
        length in 1usize..6,
        choices in any::<u64>(),
    ) {
        let (tags, moves) = game(kind, seed);
        prop_assume!(!moves.is_empty());
        let plain = parse(&record_text(&tags, &moves, None));
        let plain = judge_record(&plain).unwrap_or_else(|e| panic!("{e}"));
        prop_assert!(plain.is_valid(), "{:?}", plain.fault);
        // The variation replaces a move, or a whole lotus turn, and stands
        // after it.
        let (at, after) = match kind.numbering() {
            Numbering::Pairs => (at % moves.len(), at % moves.len()),
            Numbering::Turns => {
                let turn = at % moves.len().div_ceil(3);
                (3 * turn, (3 * turn + 2).min(moves.len() - 1))
            }
        };
        let mut from = start(&tags);
        for mv in &moves[..at] {
            from.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
        let line = random_moves(from.as_ref(), length, &mut Rng::new(choices));
        prop_assume!(!line.is_empty());
        let text = record_text(&tags, &moves, Some((at, after, &line)));
        let record = parse(&text);
        let verdict = judge_record(&record).unwrap_or_else(|e| panic!("{e}"));
        prop_assert!(verdict.is_valid(), "{:?}\n{}", verdict.fault, text);
        prop_assert_eq!(verdict.summary(), plain.summary());
        // The JSON, imported, is the same record, and its JSON the same tree.
        let (line_json, _) = record_json("-", &record, false).unwrap_or_else(|e| panic!("{e}"));
        let imported =
            text_from_json(&line_json).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&imported, &text);
        prop_assert_eq!(json(&parse(&imported)), json(&record));
        // The variation's last position, reached by its name.
        let mut end = from.box_clone();
        for mv in &line {
            end.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
        match position_at(&record, &LineName::of(vec![1]), None) {
            Reached::Position(game) => prop_assert_eq!(game.position_json(), end.position_json()),
            other => prop_assert!(false, "{:?}\n{}", other, text),
        }
    }
}

/// The lines of a tree of moves: each line's name and its moves from the
/// start of the game, for the variations (which replace a move, or for
/// lotus the turn of the move they follow) inside `nodes`, played from
/// `prefix`.
fn lines(
    kind: GameKind,
    nodes: &[MoveNode<'_>],
    name: &[u32],
    prefix: &[String],
    found: &mut Vec<(Vec<u32>, Vec<String>)>,
) {
    let mut moves = prefix.to_vec();
    let mut count = 0;
    for (i, node) in nodes.iter().enumerate() {
        moves.push(node.text.to_owned());
        let replaced = match kind.numbering() {
            Numbering::Pairs => prefix.len() + i,
            Numbering::Turns => (prefix.len() + i) / 3 * 3,
        };
        for variation in node.variations() {
            count += 1;
            let mut name = name.to_vec();
            name.push(count);
            let mut line = moves[..replaced].to_vec();
            line.extend(variation.iter().map(|n| n.text.to_owned()));
            found.push((name.clone(), line));
            lines(kind, variation, &name, &moves[..replaced], found);
        }
    }
}

#[test]
fn every_position_of_every_variation_of_the_fixtures_is_reached_by_its_line() {
    for kind in GameKind::ALL {
        for file in fixtures(kind.name(), "valid") {
            let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
            let record = parse(&text);
            let nodes: Vec<MoveNode<'_>> = WrittenMoves::new(&record).collect();
            let mut found = Vec::new();
            lines(*kind, &nodes, &[], &[], &mut found);
            let tags: Vec<(String, String)> = (record.tags.iter())
                .map(|t| (t.name.to_string(), t.value.to_string()))
                .collect();
            for (name, moves) in found {
                // The same moves as a record of their own: a plain replay.
                let flat = parse(&record_text(&tags, &moves, None));
                let line = LineName::of(name);
                for ply in 0..=moves.len() {
                    let options = Options {
                        stop_after: Some(ply),
                        details: false,
                    };
                    let expected = judge(&flat, options, |_| {}).1.map(|g| g.position_json());
                    let reached = match position_at(&record, &line, Some(ply)) {
                        Reached::Position(game) => Some(game.position_json()),
                        other => panic!("{}: line {line} ply {ply}: {other:?}", file.display()),
                    };
                    assert_eq!(
                        reached,
                        expected,
                        "{}: line {line} ply {ply}",
                        file.display()
                    );
                }
                assert!(
                    matches!(position_at(&record, &line, Some(moves.len() + 1)), Reached::Short(n) if n == moves.len()),
                    "{}: line {line}",
                    file.display()
                );
            }
        }
    }
}

/// `kifu ARGS` from the repository root: standard output, standard error
/// and the exit status.
fn kifu(args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn render_and_moves_reach_a_position_inside_a_variation() {
    let file = "fixtures/mana/valid/variations-nested-three-deep.kifu";
    let (board, err, code) = kifu(&["render", file, "--line", "1.1", "--ply", "6", "--ascii"]);
    assert_eq!((err.as_str(), code), ("", Some(0)));
    insta::assert_snapshot!("mana_line_1_1_ply_6_ascii", board);
    let (moves, _, code) = kifu(&["moves", file, "--line", "1.1.1"]);
    assert_eq!(code, Some(0));
    assert_eq!(moves.lines().next(), Some("d6-d3"));
    let refused = [
        (
            vec!["--line", "2"],
            "kifu: fixtures/mana/valid/variations-nested-three-deep.kifu: the record has no line 2\n",
        ),
        (
            vec!["--line", "1.1", "--ply", "12"],
            "kifu: fixtures/mana/valid/variations-nested-three-deep.kifu: line 1.1 ends after 9 plies, not 12\n",
        ),
        (
            vec!["--ply", "65"],
            "kifu: fixtures/mana/valid/variations-nested-three-deep.kifu: the record has 64 plies, not 65\n",
        ),
    ];
    for (args, expected) in refused {
        let mut all = vec!["render", file];
        all.extend(args);
        let (out, err, code) = kifu(&all);
        assert_eq!((out.as_str(), err.as_str(), code), ("", expected, Some(2)));
    }
    let invalid = "fixtures/mana/invalid/variation-nested-illegal-move.kifu";
    let (_, err, code) = kifu(&["render", invalid, "--line", "1.1"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        err,
        "fixtures/mana/invalid/variation-nested-illegal-move.kifu:4:71: move 4 (Black, ply 7) c6-d5 \
         in the variation after 3... c6-d5 in the variation after 3. f3-f2: no piece of the \
         side to move there: c6 is empty\n"
    );
}
