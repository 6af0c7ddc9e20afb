//! The checks the fuzz targets run, shared by them.
#![forbid(unsafe_code)]

use kifu::game::{Game, GameKind, GameVisitor, MoveFault, Tags};
use kifu::record::{Record, RecordReader, Tag};
use kifu::referee::{Options, Verdict, judge, judge_record};
use kifu::rng::Rng;

/// The record reader, the parser and the referee on any bytes: no panic,
/// a record that parses is judged without panicking, and the verdict of
/// `kifu validate` (tags parsed, movetext judged as it is read) is the
/// verdict of the record parsed whole.
pub fn record_reader(data: &[u8]) {
    let mut reader = RecordReader::new(data);
    while let Ok(Some(raw)) = reader.next_raw() {
        let Ok(raw) = raw else { continue };
        let streamed = raw
            .clone()
            .parse_head()
            .and_then(|record| judge_record(&record))
            .unwrap_or_else(Verdict::of_syntax_error);
        let whole = match raw.parse() {
            Ok(record) => {
                quick_reader(&record);
                let _ = record.locate(record.text().len());
                let options = Options {
                    stop_after: None,
                    details: true,
                };
                judge(&record, options, |_| {}).0
            }
            Err(error) => Verdict::of_syntax_error(error),
        };
        assert_eq!(
            streamed.fault, whole.fault,
            "validate and a whole parse disagree"
        );
        assert_eq!(
            streamed.summary(),
            whole.summary(),
            "validate and a whole parse disagree"
        );
        if let Some(fault) = &whole.fault {
            let _ = fault.to_string();
        }
    }
}

/// The referee's quick move reader agrees with the full one on every move
/// of `record`, read in place with whatever follows it in the text: what
/// `Game::read_move_at` reads is what `Game::parse_move` reads from the
/// same bytes, and those bytes may stand in a move word.
pub fn quick_reader(record: &Record) {
    let Some(kind) = record.tag("Game").and_then(GameKind::from_name) else {
        return;
    };
    kind.visit(QuickReader { record });
}

struct QuickReader<'a> {
    record: &'a Record,
}

impl GameVisitor for QuickReader<'_> {
    type Output = ();

    fn visit<G: Game>(self) {
        let Ok(mut game) = G::from_tags(Tags::new(&self.record.tags)) else {
            return;
        };
        let text = self.record.text();
        for word in self.record.moves() {
            let rest = text.get(word.offset..).unwrap_or_default();
            if let Some((mv, len)) = game.read_move_at(rest.as_bytes()) {
                let read = rest
                    .get(..len)
                    .unwrap_or_else(|| panic!("{rest:?}: read {len} bytes"));
                assert!(
                    !read.is_empty()
                        && !read.contains(|c: char| c.is_whitespace() || "{};!?".contains(c)),
                    "the quick reader read {read:?} as a move"
                );
                assert_eq!(
                    format!(
                        "{:?}",
                        game.read_move(read.as_bytes()).map_err(|e| e.message(read))
                    ),
                    format!("{:?}", Ok::<_, String>(mv)),
                    "the quick reader and the full reader disagree on {read:?}"
                );
            }
            let Ok(mv) = game.read_move(word.text.as_bytes()) else {
                return;
            };
            if game.is_over() || game.check_and_apply(&mv).is_err() {
                return;
            }
        }
    }
}

/// `kifu import` on any line: no panic, and a record it writes is a record
/// the reader parses with the same tags and moves.
pub fn json_import(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(text) = kifu::model::text_from_json(line) else {
        return;
    };
    let json: serde_json::Value = match serde_json::from_str(line) {
        Ok(json) => json,
        Err(e) => panic!("import accepted invalid JSON: {e}"),
    };
    let mut reader = RecordReader::new(text.as_bytes());
    let record = match reader.next() {
        Some(Ok(Ok(record))) => record,
        other => panic!("import wrote {text:?}, which reads as {other:?}"),
    };
    let tags = json.get("tags").and_then(|t| t.as_object());
    let written: Vec<(&str, &str)> = tags
        .map(|t| {
            t.iter()
                .filter_map(|(k, v)| Some((k.as_str(), v.as_str()?)))
                .collect()
        })
        .unwrap_or_default();
    let read: Vec<(&str, &str)> = record
        .tags
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    assert_eq!(written, read, "tags changed through import: {text:?}");
    let moves: Vec<String> = json
        .get("moves")
        .and_then(|m| m.as_array())
        .map(|m| {
            m.iter()
                .map(|m| {
                    let text = m.get("text").and_then(|t| t.as_str()).unwrap_or("");
                    let glyph = m.get("glyph").and_then(|t| t.as_str()).unwrap_or("");
                    format!("{text}{glyph}")
                })
                .collect()
        })
        .unwrap_or_default();
    let read: Vec<String> = record
        .moves()
        .map(|m| format!("{}{}", m.text, m.glyph.unwrap_or("")))
        .collect();
    assert_eq!(moves, read, "moves changed through import: {text:?}");
}

/// The most moves one input plays: every position checks its whole
/// legal-move list, which is slow under the sanitizer.
const MAX_WORDS: usize = 24;

/// The canonical text of a move, as the legal-move list writes it: Mana
/// lists moves without their bird squares.
fn canonical(kind: GameKind, normalized: &str) -> String {
    match kind {
        GameKind::Mana => normalized.split('@').next().unwrap_or("").to_owned(),
        _ => normalized.to_owned(),
    }
}

/// One game driven by the bytes: the first byte picks the default or a
/// random start (seeded by the next eight bytes; always random for Escampe and Lotus); the rest is words, each a
/// move's text or `#n` for the n-th legal move. At every position the
/// legal-move list and the single-move check must agree.
pub fn game(kind: GameKind, data: &[u8]) {
    let (head, rest) = data.split_at(data.len().min(9));
    let mut tags = vec![Tag {
        name: "Game".into(),
        value: kind.name().into(),
        offset: 0,
    }];
    // Escampe has no default setup, Lotus no default players: their start
    // is always random.
    let always_random = matches!(kind, GameKind::Escampe | GameKind::Lotus);
    if always_random || head.first().is_some_and(|b| b & 1 == 1) {
        let mut seed = [0u8; 8];
        for (s, b) in seed.iter_mut().zip(head.iter().skip(1)) {
            *s = *b;
        }
        let mut rng = Rng::new(u64::from_le_bytes(seed));
        for (name, value) in kind.random_tags(&mut rng) {
            tags.push(Tag {
                name: name.into(),
                value: value.into(),
                offset: 0,
            });
        }
    }
    let mut game = match kind.start(Tags::new(&tags)) {
        Ok(game) => game,
        Err(e) => panic!("the start position of {tags:?} is refused: {e}"),
    };
    let text = String::from_utf8_lossy(rest);
    for word in text.split_ascii_whitespace().take(MAX_WORDS) {
        if game.is_over() {
            let _ = game.outcome();
            assert!(game.play(word).is_err(), "{word} played after the end");
            return;
        }
        let legal = game.legal_moves();
        let mut listed = Vec::with_capacity(legal.len());
        for mv in &legal {
            match game.detail(mv) {
                Ok(detail) => listed.push(canonical(kind, &detail.normalized)),
                Err(e) => panic!("listed move {mv} is refused: {e}\n{game:?}"),
            }
        }
        let chosen = match word.strip_prefix('#') {
            Some(n) if !legal.is_empty() => {
                let n: usize = n.parse().unwrap_or(0);
                legal[n % legal.len()].clone()
            }
            _ => word.to_owned(),
        };
        let detail = game.detail(&chosen);
        let mut next = game.box_clone();
        let played = next.play(&chosen);
        assert_eq!(
            detail.is_ok(),
            played.is_ok(),
            "detail and play disagree on {chosen}"
        );
        if let Ok(detail) = detail {
            let canon = canonical(kind, &detail.normalized);
            assert!(
                listed.contains(&canon),
                "{chosen} ({canon}) is played but not listed in {listed:?}\n{game:?}"
            );
            let _ = game.constraint();
            game = next;
        }
    }
    let _ = game.outcome();
    let _ = game.position_json();
    let _ = game.render(kifu::game::Charset::Ascii);
}
