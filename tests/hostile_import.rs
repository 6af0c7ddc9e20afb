//! Hostile JSON for `kifu import`, through the binary: huge lines, bytes
//! that are not UTF-8, and objects that are not records.

#[path = "support/hostile.rs"]
mod support;

use support::{feed, kifu, stream};

#[test]
fn import_refuses_a_100_mb_line_and_bytes_that_are_not_utf8() {
    let input = stream(b"{\"tags\": \"", vec![b'a'; 1 << 16], 1600, b"\"}\n\xff\n");
    let r = kifu("import-long", &["import"], input);
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        (
            "",
            "<stdin>:1: the line is longer than the limit of 4194304 bytes\n<stdin>:2: invalid JSON: the line is not UTF-8\n",
            Some(1)
        )
    );
}

#[test]
fn import_of_a_4_mb_line_of_tiny_moves_stays_in_bounds() {
    let input = stream(
        b"{\"tags\": {\"Game\": \"mana\"}, \"moves\": [{\"text\": \"a\"}",
        b",{\"text\":\"a\"}".to_vec(),
        300_000,
        b"]}\n",
    );
    let r = kifu("import-moves", &["import"], input);
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        (
            "",
            "<stdin>:1: 300001 moves: a record holds at most 10000 movetext items\n",
            Some(1)
        )
    );
}

#[test]
fn import_refuses_an_empty_record() {
    // Found by the json_import fuzz target: import wrote an empty record.
    let r = kifu("import-empty", &["import"], feed(b"{\"tags\": {}}\n"));
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        (
            "",
            "<stdin>:1: the record is empty: no tags, comments, moves or result\n",
            Some(1)
        )
    );
}

#[test]
fn import_refuses_a_result_token_that_is_not_one() {
    let input = b"\t[{},[],[],\"\" ]\n{\"tags\":{\"Game\":\"mana\"},\"result_token\":\"1-0\"}\n";
    let r = kifu("bad result token", &["import"], feed(input));
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        (
            "",
            "<stdin>:1: result token \"\" is not * or a winner's initial and +, like B+\n<stdin>:2: result token \"1-0\" is not * or a winner's initial and +, like B+\n",
            Some(1)
        )
    );
}
