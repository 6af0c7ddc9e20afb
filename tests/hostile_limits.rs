//! Hostile input past kifu's limits through the binary: huge lines, tags,
//! comments, numbers, values and moves each end with a clear message and
//! status 1, within the time and memory limits of `support/hostile.rs`.

use crate::support::hostile as support;

use support::{LOTUS_TAGS, feed, out, stream, validate};

#[test]
fn a_100_mb_line_without_a_newline() {
    let input = stream(b"", vec![b'a'; 1 << 16], 1600, b"");
    assert_eq!(
        validate("long-line", input),
        out(
            "<stdin>:1:1: line is longer than the limit of 1048576 bytes: the input is read no further\n",
            1
        )
    );
}

#[test]
fn an_unterminated_comment_then_50_mb() {
    let mut line = vec![b'x'; 99];
    line.push(b'\n');
    let input = stream(
        b"[Game \"mana\"]\n\n1. a1-a2 { never closed\n",
        line,
        500_000,
        b"",
    );
    assert_eq!(
        validate("comment", input),
        out(
            "<stdin>:3:10: comment is not closed within the record size limit of 4194304 bytes\n",
            1
        )
    );
}

#[test]
fn a_hundred_thousand_tags() {
    let mut text = String::from("[Game \"mana\"]\n");
    for i in 0..100_000 {
        text.push_str(&format!("[T{i} \"v\"]\n"));
    }
    text.push_str("\n*\n");
    assert_eq!(
        validate("tags", feed(text.as_bytes())),
        out(
            "<stdin>:1001:1: the record has more than the limit of 1000 tags (at \"[T999 \\\"v\\\"]\")\n",
            1
        )
    );
}

#[test]
fn a_hundred_thousand_comments() {
    let input = stream(b"[Game \"mana\"]\n\n", b"{c} ".to_vec(), 100_000, b"*\n");
    assert_eq!(
        validate("items", input),
        out(
            "<stdin>:3:40001: the movetext has more than the limit of 10000 items (moves, comments, glyphs, variations, the result) (at \"{c} {c} {c} {c} {c} {c} ...\")\n",
            1
        )
    );
}

#[test]
fn a_30_digit_move_number() {
    let input = b"[Game \"mana\"]\n\n123456789012345678901234567890. a1-a2 *\n";
    assert_eq!(
        validate("number", feed(input)),
        out(
            "<stdin>:3:1: move 1 (Black, ply 1): move number 123456789012345678901234567890 is out of sequence: expected 1\n",
            1
        )
    );
}

#[test]
fn a_10_mb_tag_value_and_a_5000_byte_one() {
    let input = stream(
        b"[Game \"mana\"]\n[Event \"",
        vec![b'v'; 1000],
        10_000,
        b"\"]\n\n*\n",
    );
    assert_eq!(
        validate("value-10mb", input),
        out(
            "<stdin>:2:1: line is longer than the limit of 1048576 bytes: the input is read no further\n",
            1
        )
    );
    let input = stream(
        b"[Game \"mana\"]\n[Event \"",
        vec![b'v'; 1000],
        5,
        b"\"]\n\n*\n",
    );
    assert_eq!(
        validate("value-5000", input),
        out(
            "<stdin>:2:8: tag value is longer than the limit of 4096 bytes (at \"\\\"vvvvvvvvvvvvvvvvvvvvvvv...\")\n",
            1
        )
    );
}

#[test]
fn a_hundred_thousand_nested_brackets_in_a_lotus_move() {
    let text = format!("{LOTUS_TAGS}1. b0{} *\n", "[".repeat(100_000));
    assert_eq!(
        validate("brackets", feed(text.as_bytes())),
        out(
            "<stdin>:5:4: turn 1 (red, ply 1) b0[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[...: not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]\n",
            1
        )
    );
}

#[test]
fn a_900_kb_mana_move_is_quoted_short() {
    let input = stream(
        b"[Game \"mana\"]\n\n1. b1",
        b"a1-".to_vec(),
        300_000,
        b" *\n",
    );
    assert_eq!(
        validate("long-move", input),
        out(
            "<stdin>:3:4: move 1 (Black, ply 1) b1a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1...: \"b1a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1-a1...\": '-' or 'x' must follow b1 (the record has no Setup tag: it was judged from the default, Setup \"c1 c6\")\n",
            1
        )
    );
}

use crate::support::long;

#[test]
fn json_of_a_9999_ply_record_stays_within_the_memory_bound() {
    let (text, plies) = long::long_shogun(9_999, 7);
    assert_eq!(plies, 9_999, "the game ended early");
    for (name, args) in [
        ("long-json", &["json", "-"][..]),
        ("long-json-positions", &["json", "--positions", "-"][..]),
    ] {
        // `kifu` fails the test past 64 MB of peak memory.
        let run = support::kifu(name, args, feed(text.as_bytes()));
        assert_eq!(run.status, Some(0), "{name}: {}", run.stderr);
        assert_eq!(run.stdout.lines().count(), 1, "{name}");
        assert!(
            run.stdout.contains("\"plies\":9999"),
            "{name}: {}",
            &run.stdout[run.stdout.len().saturating_sub(300)..]
        );
    }
}
