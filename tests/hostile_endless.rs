//! Input with no end, through the binary: a line of NUL bytes (or any
//! bytes) without a newline hits the line limit, and every command stops
//! there at once with that error, within the time and memory limits of
//! `support/hostile.rs`, instead of looking for a newline that never comes.

use crate::support::hostile as support;

use support::{endless, kifu, out};

/// What `validate` says of an endless first line.
const TOO_LONG: &str =
    "<stdin>:1:1: line is longer than the limit of 1048576 bytes: the input is read no further\n";

fn zeros() -> Vec<u8> {
    vec![0; 1 << 16]
}

#[test]
fn validate_stops_at_an_endless_line_of_nul_bytes() {
    for (name, args) in [
        ("endless-validate", &["validate", "-"][..]),
        ("endless-validate-j2", &["validate", "-j", "2", "-"][..]),
    ] {
        let run = kifu(name, args, endless(b"", zeros()));
        assert_eq!(run.parts(), out(TOO_LONG, 1), "{name}");
    }
}

#[test]
fn the_records_before_an_endless_line_are_judged() {
    let run = kifu(
        "endless-after-record",
        &["validate", "-"],
        endless(
            b"[Game \"mana\"]\n\n1. f1-e2 *\n\n[Game \"mana\"]\n\n",
            b"x".repeat(1 << 16),
        ),
    );
    assert_eq!(
        run.parts(),
        (
            "<stdin>:1: mana, 1 ply, *\n<stdin>:7:1: line is longer than the limit of 1048576 bytes: the input is read no further\n".to_owned(),
            "2 records: 1 valid, 1 invalid\n".to_owned(),
            Some(1)
        )
    );
}

#[test]
fn every_reading_command_stops_at_an_endless_line() {
    for (name, args) in [
        ("endless-json", &["json", "-"][..]),
        ("endless-json-positions", &["json", "--positions", "-"][..]),
        ("endless-render", &["render", "-"][..]),
        ("endless-moves", &["moves", "-"][..]),
    ] {
        let run = kifu(name, args, endless(b"", zeros()));
        assert_eq!(run.status, Some(1), "{name}: {}", run.stderr);
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(
            said.contains(
                "line is longer than the limit of 1048576 bytes: the input is read no further"
            ),
            "{name}: {said}"
        );
    }
}

#[test]
fn import_stops_at_endless_nul_bytes() {
    let run = kifu("endless-import", &["import"], endless(b"", zeros()));
    assert_eq!(
        run.parts(),
        (
            String::new(),
            "<stdin>:1: record 1: invalid JSON: expected value at line 1 column 1\n".to_owned(),
            Some(1)
        )
    );
}

#[test]
fn play_stops_at_an_endless_line_of_its_script() {
    let run = kifu("endless-play", &["play", "mana"], endless(b"", zeros()));
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    // The refusal goes to standard error, as every refusal of a script.
    assert_eq!(
        run.stderr,
        "kifu: line 1: the line is longer than 65536 bytes: the input is read no further\n"
    );
    assert!(run.stdout.ends_with("...\n"), "{}", run.stdout);
}

#[test]
fn files_with_no_end_stop_too() {
    let run = kifu(
        "endless-file",
        &["validate", "/dev/zero"],
        Box::new(|_| Ok(())),
    );
    assert_eq!(
        run.parts(),
        out(
            "/dev/zero:1:1: line is longer than the limit of 1048576 bytes: the input is read no further\n",
            1
        )
    );
    let run = kifu(
        "endless-load",
        &["play", "mana"],
        support::feed(b":load /dev/zero\n:quit\n"),
    );
    assert!(
        run.stdout
            .contains("kifu mana> :load /dev/zero\nkifu mana> :quit\n"),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stderr,
        "kifu: line 1: /dev/zero:1:1: line is longer than the limit of 1048576 bytes: the input is read no further\n"
    );
}
