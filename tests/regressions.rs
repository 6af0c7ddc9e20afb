//! Inputs that once broke kifu, replayed through the fuzz targets' checks:
//! `tests/regressions/TARGET/*` goes to the check of fuzz target TARGET.

#[allow(dead_code, missing_docs)]
#[path = "../fuzz/src/lib.rs"]
mod checks;

use kifu::GameKind;
use kifu::record::RecordReader;
use std::path::{Path, PathBuf};

fn check(target: &str, data: &[u8]) {
    match target {
        "record_reader" => checks::record_reader(data),
        "json_import" => checks::json_import(data),
        "repl" => checks::repl(data),
        "engine_protocol" => checks::engine_protocol(data),
        "fmt" => checks::fmt(data),
        "page" => checks::page(data),
        name => match GameKind::from_name(name) {
            Some(kind) => checks::game(kind, data),
            None => panic!("tests/regressions/{name}: no such fuzz target"),
        },
    }
}

/// The paths in `dir`; none when it does not exist.
fn entries(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .map(|entry| entry.unwrap_or_else(|e| panic!("{e}")).path())
        .collect()
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_saved_input_passes_its_fuzz_check() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut count = 0;
    for dir in entries(&root) {
        let target = dir.file_name().map(|n| n.to_string_lossy().into_owned());
        for path in entries(&dir) {
            check(target.as_deref().unwrap_or_default(), &read(&path));
            count += 1;
        }
    }
    assert!(count > 0);
}

#[test]
fn validate_and_a_whole_parse_agree_on_every_fixture() {
    // `kifu validate` judges the movetext as it reads it; the record_reader
    // check asserts it gives the verdict of the record parsed whole. The
    // fmt and page checks hold fmt's canonical text and html's page to what
    // they promise on every fixture.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut count = 0;
    for game in entries(&root) {
        for kind in ["valid", "invalid"] {
            for path in entries(&game.join(kind)) {
                if path.extension().is_some_and(|e| e == "kifu") {
                    let data = read(&path);
                    checks::record_reader(&data);
                    checks::fmt(&data);
                    checks::page(&data);
                    count += 1;
                }
            }
        }
    }
    assert!(count > 100, "only {count} fixtures");
}

#[test]
fn the_quick_move_readers_agree_with_the_full_ones_on_random_games() {
    // Fixtures are checked through `record_reader` above; random games
    // add every kind of legal move, read with the text that follows it.
    for kind in GameKind::ALL {
        for seed in 0..40 {
            let mut rng = kifu::random::Rng::new(seed);
            let tags: Vec<kifu::record::Tag> = kind
                .random_tags(&mut rng)
                .into_iter()
                .chain([("Game".to_owned(), kind.name().to_owned())])
                .map(|(name, value)| kifu::record::Tag {
                    name: name.into(),
                    value: value.into(),
                    offset: 0,
                })
                .collect();
            let game = kind
                .start(kifu::game::Tags::new(&tags))
                .unwrap_or_else(|e| panic!("{e}"));
            let text = kifu::play::random_game(game, &mut rng);
            let mut records = RecordReader::new(text.as_bytes());
            match records.next() {
                Some(Ok(Ok(record))) => checks::quick_reader(&record),
                other => panic!("{kind} seed {seed}: {other:?}"),
            }
        }
    }
}

#[test]
fn a_line_that_is_not_utf8_does_not_hide_the_next_record() {
    let bytes = b"[Game \"mana\"]\n1. a1\xffa2\n\n[Game \"mana\"]\n\n1. a1-a2 *\n";
    let records: Vec<String> = RecordReader::new(&bytes[..])
        .map(|r| match r {
            Ok(Ok(record)) => format!("record at line {}", record.first_line()),
            Ok(Err(e)) => e.to_string(),
            Err(e) => panic!("{e}"),
        })
        .collect();
    assert_eq!(
        records,
        [
            "2:6: the text is not UTF-8 (byte 0xff, 'ÿ' in Latin-1): a Latin-1 file reads once converted, with iconv -f latin1 -t utf-8",
            "record at line 4"
        ]
    );
}

#[test]
fn a_comment_opened_after_multibyte_text_is_placed_in_characters() {
    let text = "[Game \"mana\"]\n1. a1-a2 \u{e9}\u{e9} { open\n";
    let error = RecordReader::new(text.as_bytes())
        .next()
        .and_then(|r| r.ok())
        .and_then(|r| r.err())
        .map(|e| e.to_string());
    assert_eq!(
        error.as_deref(),
        Some("2:13: comment is not closed: '{' has no matching '}' (at \"{ open\")")
    );
}

#[test]
fn no_move_is_played_after_the_end() {
    // Found by the mana and escampe fuzz targets: `play` accepted a listed
    // move once the game had ended.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mana/valid/black-wins.kifu");
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let record = match RecordReader::new(&text[..]).next() {
        Some(Ok(Ok(record))) => record,
        other => panic!("{other:?}"),
    };
    let mut game = GameKind::Mana
        .start(kifu::game::Tags::new(&record.tags))
        .unwrap_or_else(|e| panic!("{e}"));
    for word in record.moves() {
        game.play(word.text).unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(game.is_over());
    for mv in game.legal_moves().iter().chain(["a1-a2".to_owned()].iter()) {
        let refused = game.play(mv).err().map(|e| e.message);
        assert_eq!(refused.as_deref(), Some("the game is already over"), "{mv}");
    }
}
