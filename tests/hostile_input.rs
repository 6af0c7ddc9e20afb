//! Hostile input that breaks no size limit, through the binary: bytes that
//! are not text, files that are not records, and tags no game accepts.

use crate::support::hostile as support;

use std::path::Path;
use support::{fault, feed, kifu, out, validate};

#[test]
fn invalid_utf8_and_nul_bytes_each_fault_their_own_record() {
    let input = b"[Game \"mana\"]\n1. a1\xffa2\n\n[Game \"mana\"]\n\n1. a1\0a2 *\n";
    assert_eq!(
        validate("bytes", feed(input)),
        (
            "<stdin>:2:6: the text is not UTF-8 (byte 0xff, 'ÿ' in Latin-1): a Latin-1 file reads once converted, with iconv -f latin1 -t utf-8\n<stdin>:6:6: unexpected character '\\0' (at \"\\0a2 *\")\n".to_owned(),
            "2 records: 0 valid, 2 invalid\n".to_owned(),
            Some(1)
        )
    );
}

#[test]
fn an_empty_file_a_directory_and_a_missing_file() {
    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-empty.kifu");
    std::fs::write(&empty, "").unwrap_or_else(|e| panic!("{e}"));
    let empty = empty.to_string_lossy().into_owned();
    assert_eq!(
        kifu("empty", &["validate", &empty], feed(b"")).parts(),
        fault(&format!("kifu: {empty}: no record found\n"), 2)
    );
    assert_eq!(
        kifu("directory", &["validate", "grammar"], feed(b"")).parts(),
        fault(
            "kifu: grammar: no record file (*.kifu) in the directory\n",
            2
        )
    );
    assert_eq!(
        kifu("missing", &["json", "no/such.kifu"], feed(b"")).parts(),
        fault("kifu: no/such.kifu: no such file\n", 2)
    );
}

#[test]
fn an_unknown_game_and_a_lotus_game_with_two_players() {
    assert_eq!(
        validate("unknown", feed(b"[Game \"chess\"]\n\n*\n")),
        out(
            "<stdin>:1:7: unknown game \"chess\" (kifu knows mana, escampe, shogun, lotus)\n",
            1
        )
    );
    assert_eq!(
        validate(
            "two-players",
            feed(b"[Game \"lotus\"]\n[Players \"red green\"]\n\n*\n")
        ),
        out(
            "<stdin>:2:10: tag Players: 2 players: lotus is played by 3 to 6 players, named in turn order like \"red green orange\"\n",
            1
        )
    );
}

#[test]
fn malformed_discs_course_flowers_and_setup_tags() {
    let cases: &[(&str, &str)] = &[
        (
            "[Game \"shogun\"]\n[Discs \"X:1234 Y:4321 Z:2222\"]\n\n*\n",
            "<stdin>:2:8: tag Discs: \"X:1234 Y:4321 Z:2222\": S is missing; each kind once as KIND:dddd, like \"X:4231 Y:2341 Z:1432 S:1221\"\n",
        ),
        (
            "[Game \"shogun\"]\n[Discs \"X:0234 Y:4321 Z:2222 S:2112\"]\n\n*\n",
            "<stdin>:2:8: tag Discs: \"X:0234\": X takes four numbers from 1 to 4, for magnet types A, B, C and D\n",
        ),
        (
            "[Game \"shogun\"]\n[Discs \"X:1234 X:4321 Z:2222 S:2112\"]\n\n*\n",
            "<stdin>:2:8: tag Discs: X is given twice\n",
        ),
        (
            "[Game \"shogun\"]\n[Setup \"ZXXYSXYZ\"]\n\n*\n",
            "<stdin>:2:8: tag Setup: \"ZXXYSXYZ\": expected White's rank 1 and Red's rank 8 separated by '/', like \"XXYZSZYX/XYZSZYXX\"\n",
        ),
        (
            "[Game \"lotus\"]\n[Players \"red green orange\"]\n[Course \"LLFLLSLLFLLSLLFLLLX\"]\n\n*\n",
            "<stdin>:3:9: tag Course: square 19 is 'X': the course is written with . (plain), L (lily), F (frog) and S (stone)\n",
        ),
        (
            "[Game \"lotus\"]\n[Players \"red green orange\"]\n[Flowers \"xyz\"]\n\n*\n",
            "<stdin>:3:10: tag Flowers: \"xyz\": the value is arrival places 1-3 (P, W and Y in some order), '/', then the flowers of the twelve lily squares before the last (four each of P, W and Y), like \"PWY/WYPWYPWYPWYP\"\n",
        ),
        (
            "[Game \"mana\"]\n[Setup \"c1\"]\n\n*\n",
            "<stdin>:2:8: tag Setup: \"c1\": expected two squares, Black's Daimyo then White's, like \"c1 c6\"\n",
        ),
        (
            "[Game \"mana\"]\n[Setup \"zz b6\"]\n\n*\n",
            "<stdin>:2:8: tag Setup: \"zz\": Black's Daimyo stands on a double square of rank 1: b1, c1 or f1\n",
        ),
        (
            "[Game \"escampe\"]\n[Setup \"\"]\n\n*\n",
            "<stdin>:2:8: tag Setup: \"\": expected White's six squares, '/', then Black's six, Unicorn first, like \"b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1\"\n",
        ),
    ];
    for (i, (record, message)) in cases.iter().enumerate() {
        assert_eq!(
            validate(&format!("tag-{i}"), feed(record.as_bytes())),
            out(message, 1),
            "{record}"
        );
    }
}

#[test]
fn bare_cr_line_ends_are_named() {
    assert_eq!(
        validate("bare-cr", feed(b"[Game \"mana\"]\r\r1. f1-e2 *\r")),
        out(
            "<stdin>:1:14: the line ends are bare CR (old Mac style): kifu reads LF or CR LF (at \"\\r\\r1. f1-e2 *\")\n",
            1
        )
    );
}

#[test]
fn a_negative_number_gets_no_misleading_hint() {
    let record = "fixtures/mana/valid/annotated-with-comments-and-tags.kifu";
    for (args, message) in [
        (
            &["render", record, "--ply", "-1"][..],
            "error: invalid value '-1' for '--ply <PLY>': expected a whole number of 0 or more, like 12\n",
        ),
        (
            &["moves", record, "--record", "-2"][..],
            "error: invalid value '-2' for '--record <RECORD>': expected a record number, counted from 1\n",
        ),
        (
            &["random", "mana", "--seed", "-5"][..],
            "error: invalid value '-5' for '--seed <SEED>': expected a whole number of 0 or more, like 12\n",
        ),
    ] {
        let run = kifu("negative", args, feed(b""));
        assert_eq!(run.status, Some(2), "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(run.stderr.starts_with(message), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("-- -"), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn a_latin1_byte_is_named_with_the_fix() {
    let text = b"[Game \"mana\"]\n[Event \"Caf\xe9\"]\n[Setup \"b1 c6\"]\n\n*\n";
    assert_eq!(
        kifu("latin1", &["validate", "-"], feed(text)).parts(),
        out(
            "<stdin>:2:12: the text is not UTF-8 (byte 0xe9, 'é' in Latin-1): a Latin-1 file reads once converted, with iconv -f latin1 -t utf-8\n",
            1
        )
    );
}
