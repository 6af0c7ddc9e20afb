//! Properties over random legal games of every kind: text round trips,
//! JSON round trips, mutated records judged like a plain replay, and
//! records written end to end read back apart.

use kifu::collection::format::{format_record, has_variations};
use kifu::game::{AnyGame, GameKind, Tags, number_before};
use kifu::model::text_from_json;
use kifu::play::random_game;
use kifu::random::Rng;
use kifu::record::{ItemKind, Record, RecordReader, Tag, WrittenMove, write_record};
use kifu::referee::{Options, Verdict, judge, judge_record};
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
    for _ in 0..kifu::play::MAX_RANDOM_PLIES {
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
        let imported = kifu::model::text_from_json(&line)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
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

/// A move of a record being written: its number, text, comments and
/// variations, as [`write_record`] takes them.
struct Written {
    number: Option<(u32, kifu::record::Dots)>,
    text: String,
    comments: Vec<String>,
    variations: Vec<Vec<Written>>,
}

/// The moves `moves` played from `game`, numbered as the game numbers a
/// line that starts there (`first`: the record's first move).
fn numbered(game: &mut Box<dyn AnyGame>, moves: &[String], first: bool) -> Vec<Written> {
    let mut line = Vec::new();
    for mv in moves {
        let number = number_before(game.turn(), first && line.is_empty());
        line.push(Written {
            number,
            text: mv.clone(),
            comments: Vec::new(),
            variations: Vec::new(),
        });
        if let Err(e) = game.play(mv) {
            panic!("the legal move {mv} is refused: {e}");
        }
    }
    line
}

/// The moves of `line` as [`write_record`] takes them.
fn as_written(line: &[Written]) -> Vec<WrittenMove<'_>> {
    line.iter()
        .map(|m| WrittenMove {
            number: m.number.map(kifu::record::MoveNumber::from),
            text: &m.text,
            comments: &m.comments,
            variations: m.variations.iter().map(|v| as_written(v)).collect(),
            ..WrittenMove::default()
        })
        .collect()
}

/// The record of the game `moves` make from `tags`, started from the
/// position after `from` of them (written by its setup tags), as kifu's
/// writers write it. With `extras`, it holds a comment before the moves and
/// after the first one, and the first whole pair or turn it plays again as
/// a variation.
fn started_from(tags: &[Tag], moves: &[String], from: usize, extras: bool) -> Option<String> {
    let kind = tags
        .first()
        .and_then(|t| GameKind::from_name(&t.value))
        .unwrap_or_else(|| panic!("no game in {tags:?}"));
    let mut game = kind
        .start(Tags::new(tags))
        .unwrap_or_else(|e| panic!("{kind}: {e}"));
    for mv in &moves[..from] {
        let _ = game.play(mv);
    }
    let mut written = vec![("Game".to_owned(), kind.name().to_owned())];
    written.extend(game.setup_tags());
    // The game as the record starts it: a position tag may number anew.
    let written_tags = tags_of(kind, written[1..].to_vec());
    // A position without a Unicorn or a Daimyo, where escampe and mana
    // end, is no start.
    let mut game = kind.start(Tags::new(&written_tags)).ok()?;
    let setup = game.box_clone();
    let rest = &moves[from..];
    let mut line = numbered(&mut game, rest, true);
    let mut leading = Vec::new();
    if extras {
        leading.push("before the first move".to_owned());
        // The first pair or turn that a number opens, played again as its
        // own variation (after its first move; in lotus, after the turn).
        let opens: Vec<usize> = (0..line.len())
            .filter(|&i| i > 0 && line[i].number.is_some())
            .collect();
        if let Some(&start) = opens.first() {
            let end = opens.get(1).copied().unwrap_or(line.len());
            let mut before = setup.box_clone();
            for mv in &rest[..start] {
                let _ = before.play(mv);
            }
            let variation = numbered(&mut before, &rest[start..end], true);
            // A lotus variation stands after the whole turn it replaces.
            let after = if kind == GameKind::Lotus {
                end - 1
            } else {
                start
            };
            line[after].variations.push(variation);
        }
        if let Some(first) = line.first_mut() {
            first.comments.push("after the first move".to_owned());
        }
    }
    let result = match game.outcome() {
        Some(outcome) => outcome.token,
        None => Some("*"),
    };
    Some(write_record(&written, &leading, &as_written(&line), result))
}

/// What `kifu validate` says of each record of `text`, in order.
fn verdicts_of(text: &str) -> Vec<String> {
    RecordReader::new(text.as_bytes())
        .map(|read| match read {
            Ok(Ok(record)) => match judge_record(&record) {
                Ok(verdict) => verdict.summary(),
                Err(e) => e.to_string(),
            },
            Ok(Err(e)) => e.to_string(),
            Err(e) => e.to_string(),
        })
        .collect()
}

/// `text` through `kifu json` and then `kifu import`, as they write.
fn json_then_import(text: &str) -> Result<String, String> {
    let mut ndjson = String::new();
    for read in RecordReader::new(text.as_bytes()) {
        let record = read
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
        let (line, _) = kifu::model::record_json("-", &record, false).map_err(|e| e.to_string())?;
        ndjson.push_str(&line);
        ndjson.push('\n');
    }
    let texts: Vec<String> = ndjson
        .lines()
        .map(text_from_json)
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    Ok(texts.join("\n"))
}

/// `text` through `kifu fmt`, as it writes: each valid record without
/// variations in canonical form (a record of tags alone with the empty
/// line after them), the others as they are, their last line ends
/// trimmed, an empty line between records.
fn formatted(text: &str) -> Result<String, String> {
    let mut out = String::new();
    for read in RecordReader::new(text.as_bytes()) {
        let record = read
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
        if !out.is_empty() && !out.ends_with("\n\n") {
            out.push('\n');
        }
        let verdict = judge_record(&record).ok().filter(|v| v.is_valid());
        let valid = verdict.is_some();
        let text = match (verdict, has_variations(&record)) {
            (Some(verdict), false) => format_record(&record, &verdict, 79),
            _ => record.text().to_owned(),
        };
        out.push_str(text.trim_end_matches('\n'));
        out.push('\n');
        if valid && !has_variations(&record) && text.ends_with("\n\n") {
            out.push('\n');
        }
    }
    Ok(out)
}

/// The records of one random game of `kind` from `seed`, each written as
/// kifu writes it: the game from its start, and from its first, a middle
/// and its final position, each with and without comments and a
/// variation.
fn records_of_game(kind: GameKind, seed: u64) -> Vec<String> {
    let (text, moves) = game(kind, seed);
    let tags = match parse(&text) {
        Ok(record) => record.tags,
        Err(e) => panic!("{kind} seed {seed}: {e}"),
    };
    let mut records = vec![text];
    for from in [0, moves.len() / 2, moves.len()] {
        for extras in [false, true] {
            records.extend(started_from(&tags, &moves, from, extras));
        }
    }
    records
}

/// The property: the records `picks` chooses among those of one random
/// game, put end to end (`apart`: with a blank line between), read back as
/// as many records with the same verdicts, as written and through
/// `json` and `import`, and through `fmt` (of them all, and of each one
/// alone).
fn records_keep_apart(
    kind: GameKind,
    seed: u64,
    picks: &[usize],
    apart: bool,
) -> Result<(), TestCaseError> {
    let records = records_of_game(kind, seed);
    let chosen: Vec<&String> = picks.iter().map(|&i| &records[i % records.len()]).collect();
    let mut expected = Vec::new();
    for record in &chosen {
        let alone = parse(record).map_err(TestCaseError::fail)?;
        let verdict = judge_record(&alone).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(verdict.is_valid(), "{:?}\n{}", verdict.fault, record);
        prop_assert_eq!(verdicts_of(record), vec![verdict.summary()], "{}", record);
        expected.push(verdict.summary());
    }
    let separator = if apart { "\n" } else { "" };
    let file = chosen
        .iter()
        .map(|r| r.as_str())
        .collect::<Vec<_>>()
        .join(separator);
    prop_assert_eq!(&verdicts_of(&file), &expected, "validate:\n{}", file);
    let imported = json_then_import(&file).map_err(TestCaseError::fail)?;
    prop_assert_eq!(
        &verdicts_of(&imported),
        &expected,
        "json, import:\n{}",
        imported
    );
    let canonical = formatted(&file).map_err(TestCaseError::fail)?;
    prop_assert_eq!(&verdicts_of(&canonical), &expected, "fmt:\n{}", canonical);
    // Each record formatted alone, as files put end to end.
    let pieces: Vec<String> = (chosen.iter())
        .map(|record| formatted(record))
        .collect::<Result<_, _>>()
        .map_err(TestCaseError::fail)?;
    let canonical = pieces.concat();
    prop_assert_eq!(
        &verdicts_of(&canonical),
        &expected,
        "fmt, each:\n{}",
        canonical
    );
    Ok(())
}

/// The records of a random game, two to five of them put end to end.
fn picks() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..7usize, 2..=5)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn mana_records_written_end_to_end_read_back_apart(seed in any::<u64>(), picks in picks(), apart in any::<bool>()) {
        records_keep_apart(GameKind::Mana, seed, &picks, apart)?;
    }

    #[test]
    fn escampe_records_written_end_to_end_read_back_apart(seed in any::<u64>(), picks in picks(), apart in any::<bool>()) {
        records_keep_apart(GameKind::Escampe, seed, &picks, apart)?;
    }

    #[test]
    fn shogun_records_written_end_to_end_read_back_apart(seed in any::<u64>(), picks in picks(), apart in any::<bool>()) {
        records_keep_apart(GameKind::Shogun, seed, &picks, apart)?;
    }

    #[test]
    fn lotus_records_written_end_to_end_read_back_apart(seed in any::<u64>(), picks in picks(), apart in any::<bool>()) {
        records_keep_apart(GameKind::Lotus, seed, &picks, apart)?;
    }
}
