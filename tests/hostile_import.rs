//! Hostile JSON for `kifu import`, through the binary: huge lines, bytes
//! that are not UTF-8, and objects that are not records.

#[path = "support/hostile.rs"]
mod support;

use support::{fault, feed, import, stream};

#[test]
fn import_refuses_a_100_mb_line_and_bytes_that_are_not_utf8() {
    let input = stream(b"{\"tags\": \"", vec![b'a'; 1 << 16], 1600, b"\"}\n\xff\n");
    assert_eq!(
        import("import-long", input),
        fault(
            "<stdin>:1: the line is longer than the limit of 4194304 bytes\n<stdin>:2: invalid JSON: the line is not UTF-8\n",
            1
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
    assert_eq!(
        import("import-moves", input),
        fault(
            "<stdin>:1: 300001 moves: a record holds at most 10000 movetext items\n",
            1
        )
    );
}

#[test]
fn import_refuses_an_empty_record() {
    // Found by the json_import fuzz target: import wrote an empty record.
    assert_eq!(
        import("import-empty", feed(b"{\"tags\": {}}\n")),
        fault(
            "<stdin>:1: the record is empty: no tags, comments, moves or result\n",
            1
        )
    );
}

#[test]
fn import_refuses_a_result_token_that_is_not_one() {
    let input = b"\t[{},[],[],\"\" ]\n{\"tags\":{\"Game\":\"mana\"},\"result_token\":\"1-0\"}\n";
    assert_eq!(
        import("bad result token", feed(input)),
        fault(
            "<stdin>:1: result token \"\" is not * or a winner's initial and +, like B+\n<stdin>:2: result token \"1-0\" is not * or a winner's initial and +, like B+\n",
            1
        )
    );
}
