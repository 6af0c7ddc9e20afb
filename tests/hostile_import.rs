//! Hostile JSON for `kifu import`, through the binary: huge strings and
//! records, endless input, and objects that are not records.

use crate::support::hostile as support;

use std::io::Write;
use support::{Feed, fault, feed, import, kifu, stream};

#[test]
fn import_stops_a_100_mb_string_at_the_limit() {
    let input = stream(b"{\"tags\": \"", vec![b'a'; 1 << 16], 1600, b"\"}\n\xff\n");
    assert_eq!(
        import("import-long", input),
        fault(
            "<stdin>:1: record 1: a string is longer than the limit of 4194304 bytes\n",
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
            "<stdin>:1: record 1: 300001 moves: a record holds at most 10000 movetext items\n",
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
            "<stdin>:1: record 1: the record is empty: no tags, comments, moves or result\n",
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
            "<stdin>:1: record 1: the object has no tags: it is not a record that kifu json wrote\n\
             <stdin>:1: record 2: expected a record object, found an array\n\
             <stdin>:1: record 3: expected a record object, found an array\n\
             <stdin>:1: record 4: expected a record object, found a string\n\
             <stdin>:2: record 5: result token \"1-0\" is not * or a winner's initial and +, like B+\n",
            1
        )
    );
}

/// Writes `prefix`, then `chunk` again and again until kifu stops reading.
fn forever(prefix: &'static [u8], chunk: &'static [u8]) -> Feed {
    Box::new(move |stdin| {
        stdin.write_all(prefix)?;
        loop {
            stdin.write_all(chunk)?;
        }
    })
}

/// A case of endless input: its name, what is written first, what is then
/// written forever, and kifu's standard output and standard error.
type Endless = (
    &'static str,
    &'static [u8],
    &'static [u8],
    &'static str,
    &'static str,
);

#[test]
fn endless_input_ends_at_once_with_an_error() {
    let cases: [Endless; 5] = [
        (
            "import-brackets",
            b"",
            b"[[[[[[[[",
            "",
            "<stdin>:1: record 1: invalid JSON: recursion limit exceeded at line 1 column 128\n",
        ),
        (
            "import-spaces",
            b"",
            b"        ",
            "",
            "<stdin>:1: record 1: more than 1048576 bytes of whitespace in a row\n",
        ),
        (
            "import-array-spaces",
            b"[{\"tags\": {\"Game\": \"mana\"}},\n",
            b"\n\n\n\n",
            "[Game \"mana\"]\n\n",
            "<stdin>:1048577: record 2: more than 1048576 bytes of whitespace in a row\n",
        ),
        (
            "import-string",
            b"{\"tags\": {\"Game\": \"",
            b"mana",
            "",
            "<stdin>:1: record 1: a string is longer than the limit of 4194304 bytes\n",
        ),
        (
            "import-nul",
            b"",
            b"\0\0\0\0",
            "",
            "<stdin>:1: record 1: invalid JSON: expected value at line 1 column 1\n",
        ),
    ];
    for (name, prefix, chunk, stdout, stderr) in cases {
        let expected = (stdout.to_owned(), stderr.to_owned(), Some(1));
        assert_eq!(import(name, forever(prefix, chunk)), expected, "{name}");
    }
}

#[test]
fn a_record_larger_than_16_mib_of_json_ends_the_input() {
    let input = forever(
        b"{\"tags\": {\"Game\": \"mana\"}}\n{\"tags\": {\"Game\": \"mana\"},\n \"setup\": [",
        b"0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,\n",
    );
    assert_eq!(
        import("import-huge", input),
        (
            "[Game \"mana\"]\n\n".to_owned(),
            "<stdin>:2: record 2: the record is larger than the limit of 16777216 bytes of JSON\n"
                .to_owned(),
            Some(1)
        )
    );
}

#[test]
fn import_of_dev_zero_ends_at_once() {
    assert_eq!(
        kifu("import-dev-zero", &["import", "/dev/zero"], feed(b"")).parts(),
        fault(
            "/dev/zero:1: record 1: invalid JSON: expected value at line 1 column 1\n",
            1
        )
    );
}
