//! Tests of the record reader.
use super::*;
use std::io;

fn records(text: &str) -> Vec<Result<Record, SyntaxError>> {
    RecordReader::new(text.as_bytes())
        .map(|r| r.unwrap_or_else(|e| panic!("io error {e}")))
        .collect()
}

#[test]
fn splits_records_at_a_tag_after_movetext() {
    let text = "[Game \"mana\"]\n\n1. a1-a2 *\n\n[Game \"mana\"]\n1. b1-b2\n";
    let all = records(text);
    assert_eq!(all.len(), 2);
    let second = all[1].as_ref().map(|r| r.first_line()).ok();
    assert_eq!(second, Some(5));
}

#[test]
fn a_comment_is_movetext_so_a_tag_after_it_splits() {
    for text in [
        "[Game \"mana\"]\n\n{no moves}\n\n[Game \"mana\"]\n1. b1-b2\n",
        "[Game \"mana\"]\n; no moves\n[Game \"mana\"]\n1. b1-b2\n",
    ] {
        let lines: Vec<_> = records(text)
            .iter()
            .map(|r| r.as_ref().map(|r| r.first_line()).ok())
            .collect();
        assert_eq!(lines.len(), 2, "{text:?}");
        assert_eq!(lines[0], Some(1), "{text:?}");
    }
}

#[test]
fn an_empty_line_ends_the_tag_section_so_a_tag_after_it_splits() {
    // A record with no movetext (a finished lotus game started from its
    // last position) and the next record, one after the other.
    for empty in ["\n", "  \t\n", "\r\n", "\n\n"] {
        let text = format!("[Game \"lotus\"]\n[Event \"a\"]\n{empty}[Game \"lotus\"]\n1. r0\n");
        let all = records(&text);
        let read: Vec<_> = (all.iter())
            .map(|r| {
                r.as_ref()
                    .map(|r| (r.first_line(), r.tags.len(), r.items.len()))
            })
            .collect();
        let second = 3 + empty.matches('\n').count();
        assert_eq!(read, [Ok((1, 2, 0)), Ok((second, 1, 2))], "{text:?}");
        let whole = raw_records(text.as_bytes(), 1 << 16);
        for capacity in [1, 2, 3, 5, 8, 13] {
            assert_eq!(raw_records(text.as_bytes(), capacity), whole, "{capacity}");
        }
    }
    // Tag lines one after another are one tag section, as before.
    let text = "[Game \"lotus\"]\n[Event \"a\"]\n[Event \"b\"]\n";
    let codes: Vec<_> = records(text)
        .iter()
        .map(|r| r.as_ref().map_err(|e| e.code()).map(drop))
        .collect();
    assert_eq!(codes, [Err("record.duplicate-tag")]);
}

#[test]
fn a_tag_inside_a_comment_does_not_split() {
    let text = "[Game \"mana\"]\n1. a1-a2 {\n[Game \"x\"]\n} *\n";
    assert_eq!(records(text).len(), 1);
}

#[test]
fn an_unclosed_comment_is_reported_where_it_opens() {
    let text = "[Game \"mana\"]\n1. a1-a2 { never closed\nmore\n";
    let all = records(text);
    let code = all[0].as_ref().err().map(SyntaxError::code);
    assert_eq!(code, Some("record.unterminated-comment"));
    let error = all[0].as_ref().err().map(|e| e.to_string());
    assert_eq!(
        error.as_deref(),
        Some("2:10: comment is not closed: '{' has no matching '}' (at \"{ never closed\")")
    );
}

#[test]
fn a_byte_order_mark_before_the_first_record_is_skipped() {
    let text = "\u{feff}[Game \"mana\"]\r\n\r\n1. a1-a2 *\r\n";
    let all = records(text);
    let game = all[0].as_ref().ok().and_then(|r| r.tag("Game"));
    assert_eq!(game, Some("mana"));
}

#[test]
fn bad_utf8_names_line_and_column() {
    let bytes = b"[Game \"mana\"]\n1. a\xff1\n";
    let all: Vec<_> = RecordReader::new(&bytes[..]).collect();
    let error = match &all[0] {
        Ok(Err(e)) => (e.code(), e.to_string()),
        other => panic!("unexpected {other:?}"),
    };
    assert_eq!(
        error,
        (
            "record.not-utf8",
            "2:5: the text is not UTF-8 (byte 0xff, 'ÿ' in Latin-1): a Latin-1 file reads once converted, with iconv -f latin1 -t utf-8".into()
        )
    );
}

/// Every record of `bytes`, as its text or its error, read through a
/// buffer of `capacity` bytes.
fn raw_records(bytes: &[u8], capacity: usize) -> Vec<Result<(usize, String), String>> {
    let mut reader = RecordReader::new(io::BufReader::with_capacity(capacity, bytes));
    let mut all = Vec::new();
    while let Some(raw) = reader.next_raw().unwrap_or_else(|e| panic!("io error {e}")) {
        all.push(
            raw.map(|r| (r.first_line, r.text))
                .map_err(|e| e.to_string()),
        );
    }
    all
}

#[test]
fn records_do_not_depend_on_how_the_input_is_read() {
    let text = "\u{feff}\r\n[Game \"mana\"]\r\n\r\n1. a1-a2 {a comment\r\n[Game \"x\"] é}\r\n  [Game \"mana\"]\r\n; {\r\n1. b1 ; [\r\n\t[Game \"mana\"]\r\n1. a1 {é {\r\nnever closed\r\n";
    let whole = raw_records(text.as_bytes(), 1 << 16);
    assert_eq!(
        whole,
        [
            Ok((
                2,
                "[Game \"mana\"]\n\n1. a1-a2 {a comment\n[Game \"x\"] é}\n".to_owned()
            )),
            Ok((6, "  [Game \"mana\"]\n; {\n1. b1 ; [\n".to_owned())),
            Err("10:7: comment is not closed: '{' has no matching '}' (at \"{é {\")".to_owned()),
        ]
    );
    for capacity in [1, 2, 3, 5, 8, 13] {
        assert_eq!(raw_records(text.as_bytes(), capacity), whole, "{capacity}");
    }
}

#[test]
fn movetext_with_brackets_within_lines_splits_the_same_way() {
    // After a `[` within a line the search goes a line at a time: records
    // must still end at a line that starts with `[`, and only there.
    let text = "[Game \"lotus\"]\n1. o15[-P] v12\ng13[Y<>vW] {\n[Game \"x\"] [} r9\n\t[Game \"lotus\"]\n1. r0[-P] ; {\n [Game \"lotus\"]\n1. a[ b {c\n[d}\n[Game \"lotus\"]\n1. x[-P]\n";
    let whole = raw_records(text.as_bytes(), 1 << 16);
    assert_eq!(
        whole,
        [
            Ok((
                1,
                "[Game \"lotus\"]\n1. o15[-P] v12\ng13[Y<>vW] {\n[Game \"x\"] [} r9\n".to_owned()
            )),
            Ok((5, "\t[Game \"lotus\"]\n1. r0[-P] ; {\n".to_owned())),
            Ok((7, " [Game \"lotus\"]\n1. a[ b {c\n[d}\n".to_owned())),
            Ok((10, "[Game \"lotus\"]\n1. x[-P]\n".to_owned())),
        ]
    );
    for capacity in [1, 2, 3, 5, 8, 13] {
        assert_eq!(raw_records(text.as_bytes(), capacity), whole, "{capacity}");
    }
}

#[test]
fn lines_are_counted_the_same_whichever_way_movetext_is_searched() {
    // Lotus movetext (brackets within lines) is searched a line at a time,
    // and the next record starts so; comments skip lines in either search.
    // Each record starts on the line its text says, and ends with it.
    let text = "[Game \"lotus\"]\r\n\r\n1. o15[-P] v12\r\ng13[Y<>vW] r9\r\n\r\n\
                [Game \"lotus\"] {\r\nx}\r\n1. r0 {a\r\nb} ; c\r\nv9[-P] r1\r\n\
                [Game \"mana\"]\n; tag\n{\n}\n1. a1-a2 {\n[\n}\nb1-b2\n\n\
                [Game \"shogun\"]\n1. f1-h2\r\n[Game \"lotus\"]\n1. r1[-P]\n";
    let whole = raw_records(text.as_bytes(), 1 << 16);
    let firsts: Vec<_> = whole.iter().flatten().map(|(line, _)| *line).collect();
    assert_eq!(firsts, [1, 6, 11, 20, 22]);
    let lines: Vec<_> = whole
        .iter()
        .flatten()
        .map(|(_, t)| t.lines().count())
        .collect();
    assert_eq!(lines, [5, 5, 9, 2, 2]);
    assert!(whole.iter().flatten().all(|(_, t)| !t.contains("\r\n")));
    for capacity in [1, 2, 3, 5, 8, 13, 21] {
        assert_eq!(raw_records(text.as_bytes(), capacity), whole, "{capacity}");
    }
}

#[test]
fn the_size_limits_have_their_codes() {
    let code = |text: &[u8]| match RecordReader::new(text).next() {
        Some(Ok(Err(e))) => e.code(),
        other => panic!("unexpected {other:?}"),
    };
    let long_line = format!("[Game \"mana\"]\n{}\n", "x".repeat(MAX_LINE_BYTES + 1));
    assert_eq!(code(long_line.as_bytes()), "record.line-too-long");
    let line = format!("{}\n", "x".repeat(1000));
    let big = format!("[Game \"mana\"]\n{}", line.repeat(MAX_RECORD_BYTES / 1000));
    assert_eq!(code(big.as_bytes()), "record.record-too-large");
    let open = format!(
        "[Game \"mana\"]\n{{{}",
        line.repeat(MAX_RECORD_BYTES / 1000)
    );
    assert_eq!(code(open.as_bytes()), "record.unterminated-comment");
}
