//! Properties over random legal games of every kind: text round trips,
//! JSON round trips, and mutated records judged like a plain replay.

use kifu::game::{AnyGame, GameKind, Tags};
use kifu::random::Rng;
use kifu::random::random_game;
use kifu::record::{ItemKind, Record, RecordReader, Tag};
use kifu::referee::{Options, Verdict, judge};
use proptest::prelude::*;

/// A random legal game of `kind` from `seed`: its text and the moves chosen.
fn game(kind: GameKind, seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let tags = tags_of(kind, kind.random_tags(&mut rng));
    let start = |tags: &[Tag]| {
        kind.start(Tags::new(tags))
            .unwrap_or_else(|e| panic!("{kind} seed {seed}: {e}"))
    };
    // The same choices as `random_game`, made again to know the moves.
    let mut replay_rng = rng.clone();
    let text = random_game(start(&tags), &mut rng);
    let mut replay = start(&tags);
    let mut moves = Vec::new();
    for _ in 0..kifu::random::MAX_RANDOM_PLIES {
        if replay.outcome().is_some() {
            break;
        }
        let legal = replay.legal_moves();
        let Some(mv) = legal.get(replay_rng.below(legal.len())) else {
            panic!("{kind} seed {seed}: no legal move after {moves:?}, yet the game goes on");
        };
        moves.push(mv.clone());
        if let Err(e) = replay.play(mv) {
            panic!("{kind} seed {seed}: the listed legal move {mv} is refused: {e}");
        }
    }
    (text, moves)
}

fn tags_of(kind: GameKind, pairs: Vec<(String, String)>) -> Vec<Tag> {
    let game = ("Game".to_owned(), kind.name().to_owned());
    std::iter::once(game)
        .chain(pairs)
        .map(|(name, value)| Tag {
            name: name.into(),
            value: value.into(),
            offset: 0,
        })
        .collect()
}

/// The one record of `text`, or its syntax error in words.
fn parse(text: &str) -> Result<Record, String> {
    match RecordReader::new(text.as_bytes()).next() {
        Some(Ok(Ok(record))) => Ok(record),
        Some(Ok(Err(e))) => Err(e.to_string()),
        other => Err(format!("{other:?}")),
    }
}

fn verdict(record: &Record) -> Verdict {
    judge(record, Options::default(), |_| {}).0
}

/// The items of a record without their places: kind and text.
fn items(record: &Record) -> Vec<(String, String)> {
    record
        .items
        .iter()
        .map(|item| {
            let kind = match item.kind() {
                ItemKind::Move { .. } => {
                    let glyph = record.move_word(item).and_then(|w| w.glyph);
                    format!("move{}", glyph.unwrap_or(""))
                }
                other => format!("{other:?}"),
            };
            (kind, record.slice(&item.span()).to_owned())
        })
        .collect()
}

fn kinds() -> impl Strategy<Value = GameKind> {
    prop::sample::select(GameKind::ALL.to_vec())
}

/// The record's start position and its moves replayed through
/// [`AnyGame::play`]: how many played before the first refusal (or the end),
/// and the final position.
fn replay(record: &Record, kind: GameKind) -> Option<(usize, Box<dyn AnyGame>)> {
    let mut game = kind.start(Tags::new(&record.tags)).ok()?;
    let mut played = 0;
    for word in record.moves() {
        if game.is_over() || game.play(word.text).is_err() {
            break;
        }
        played += 1;
    }
    Some((played, game))
}

/// A move as messages quote it: cut after 40 characters.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// A valid record changed by dropping, swapping or altering a token.
fn mutate(text: &str, op: u8, a: usize, b: usize, c: char) -> String {
    let (head, movetext) = text.split_at(text.find("\n\n").map_or(0, |i| i + 2));
    let mut tokens: Vec<String> = movetext.split_whitespace().map(str::to_owned).collect();
    if tokens.is_empty() {
        return text.to_owned();
    }
    let (i, j) = (a % tokens.len(), b % tokens.len());
    match op % 3 {
        0 => {
            tokens.remove(i);
        }
        1 => tokens.swap(i, j),
        _ => {
            let mut chars: Vec<char> = tokens[i].chars().collect();
            let k = b % (chars.len() + 1);
            if k < chars.len() {
                chars[k] = c;
            } else {
                chars.push(c);
            }
            tokens[i] = chars.into_iter().collect();
        }
    }
    format!("{head}{}\n", tokens.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_survive_text_and_parse(kind in kinds(), seed in any::<u64>()) {
        let (text, moves) = game(kind, seed);
        let record = parse(&text).map_err(TestCaseError::fail)?;
        let read: Vec<&str> = record.moves().map(|m| m.text).collect();
        prop_assert_eq!(read, moves.iter().map(String::as_str).collect::<Vec<_>>());
        let verdict = verdict(&record);
        prop_assert!(verdict.is_valid(), "{:?}", verdict.fault);
        prop_assert_eq!(verdict.plies, moves.len());
    }

    #[test]
    fn json_then_import_gives_the_same_record(kind in kinds(), seed in any::<u64>()) {
        let (text, _) = game(kind, seed);
        let record = parse(&text).map_err(TestCaseError::fail)?;
        let (line, judged) = kifu::model::record_json("<stdin>", &record, false)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(judged.is_valid());
        let imported = kifu::model::text_from_json(&line).map_err(TestCaseError::fail)?;
        let again = parse(&imported).map_err(TestCaseError::fail)?;
        prop_assert_eq!(&again.tags.iter().map(|t| (&t.name, &t.value)).collect::<Vec<_>>(),
            &record.tags.iter().map(|t| (&t.name, &t.value)).collect::<Vec<_>>());
        prop_assert_eq!(items(&again), items(&record));
        prop_assert_eq!(verdict(&again).summary(), verdict(&record).summary());
    }

    #[test]
    fn mutated_records_are_judged_like_a_replay(
        kind in kinds(),
        seed in any::<u64>(),
        op in any::<u8>(),
        a in any::<usize>(),
        b in any::<usize>(),
        c in prop::sample::select(vec!['a', 'f', '1', '9', '-', 'x', '@', '+', '.', '[', ']', '*', '{', '!']),
    ) {
        let (text, _) = game(kind, seed);
        let mutated = mutate(&text, op, a, b, c);
        let Ok(record) = parse(&mutated) else {
            return Ok(());
        };
        let verdict = verdict(&record);
        let Some((played, game)) = replay(&record, kind) else {
            prop_assert!(!verdict.is_valid());
            return Ok(());
        };
        // The referee accepts a prefix of what the trait accepts.
        prop_assert!(verdict.plies <= played, "{} > {}\n{}", verdict.plies, played, mutated);
        let moves = record.moves().count();
        if verdict.is_valid() {
            prop_assert_eq!(verdict.plies, moves);
            prop_assert_eq!(&verdict.outcome, &game.outcome());
        } else if verdict.plies == played && played < moves && !game.is_over() {
            // The move the trait refused is the one the referee faults...
            let word = record.moves().nth(played).map(|m| quoted(m.text));
            // Or a number before it: a fault of the numbering names no move.
            let context = verdict.fault.as_ref().and_then(|f| f.context.clone());
            let named = context.and_then(|c| c.text);
            prop_assert!(named.is_none() || named == word, "{:?}\n{}", named, mutated);
        }
        if played < moves && !game.is_over() && verdict.plies == played {
            prop_assert!(!verdict.is_valid());
        }
    }
}
