//! The JSON record stream, without the binary.

use super::{JsonRecord, JsonStop, read_json_records, text_from_json};

/// A record's number, line and text (or reason).
type Read = (usize, usize, Result<String, String>);

/// Each record read, and how reading ended.
fn read(input: &[u8]) -> (Vec<Read>, Result<usize, String>) {
    let mut records = Vec::new();
    let end = read_json_records(input, |r: JsonRecord| {
        records.push((r.number, r.line, r.text.map_err(|e| e.to_string())));
        Ok(())
    });
    let end = end.map_err(|stop| match stop {
        JsonStop::Bad {
            number,
            line,
            reason,
        } => format!("{line}: record {number}: {reason}"),
        JsonStop::Input { error, .. } | JsonStop::Output(error) => error.to_string(),
    });
    (records, end)
}

const MANA: &str = "[Game \"mana\"]\n\n";

#[test]
fn ndjson_pretty_objects_and_arrays_mix() {
    let input = b"{\"tags\":{\"Game\":\"mana\"}}\n{\n  \"tags\": {\n    \"Game\": \"mana\"\n  }\n}[\n{\"tags\":{\"Game\":\"mana\"}}, {\"tags\":{\"Game\":\"mana\"}}\n]  {\"tags\":{\"Game\":\"mana\"}}";
    let (records, end) = read(input);
    let ok = |number, line| (number, line, Ok(MANA.to_owned()));
    assert_eq!(records, [ok(1, 1), ok(2, 2), ok(3, 7), ok(4, 7), ok(5, 8)]);
    assert_eq!(end, Ok(5));
}

#[test]
fn a_record_that_is_not_one_does_not_stop_the_reading() {
    let (records, end) =
        read(b"[{\"tags\": {\"A\": [1, {\"b\": 2, \"b\": 3}]}}, null]\n{\"tags\": {}}");
    assert_eq!(
        records,
        [
            (1, 1, Err("duplicate key \"b\" in tags".to_owned())),
            (2, 1, Err("expected a record object, found null".to_owned())),
            (
                3,
                2,
                Err("the record is empty: no tags, comments, moves or result".to_owned())
            ),
        ]
    );
    assert_eq!(end, Ok(3));
}

#[test]
fn text_that_is_not_json_stops_the_reading_at_its_record() {
    let (records, end) =
        read(b"{\"tags\": {\"Game\": \"mana\"}}\n\n{\"tags\": {\"Game\" \"mana\"}}");
    assert_eq!(records, [(1, 1, Ok(MANA.to_owned()))]);
    assert_eq!(
        end,
        Err("3: record 2: invalid JSON: expected `:` at line 3 column 18".to_owned())
    );
}

#[test]
fn text_from_json_takes_one_record_object_alone() {
    let one = "{\"tags\": {\"Game\": \"mana\"}}";
    let text_from_json = |json: &str| text_from_json(json).map_err(|e| e.to_string());
    assert_eq!(text_from_json(one).as_deref(), Ok(MANA));
    assert_eq!(
        text_from_json(&format!("[{one}]")),
        Err("invalid JSON: expected a record object".to_owned())
    );
    assert_eq!(
        text_from_json(&format!("{one} {one}")),
        Err("expected one record object".to_owned())
    );
    assert_eq!(
        text_from_json(&format!("\u{feff}{one}")),
        Err("invalid JSON: expected a record object".to_owned())
    );
}

#[test]
fn move_numbers_are_written_as_kifu_json_gave_them() {
    let record = |number: &str| {
        let json = format!(
            "{{\"tags\":{{\"Game\":\"mana\"}},\"moves\":[{{\"number\":\"{number}\",\"text\":\"e1-e4\"}}],\"result_token\":\"*\"}}"
        );
        read(json.as_bytes())
            .0
            .into_iter()
            .map(|(_, _, text)| text)
            .collect::<Vec<_>>()
    };
    for number in ["1.", "12...", "007.", "99999999999999999999."] {
        assert_eq!(record(number), [Ok(format!("{MANA}{number} e1-e4 *\n"))]);
    }
    for number in ["", ".", "1", "+1.", "1x.", "1....", "1. "] {
        assert_eq!(
            record(number),
            [Err(format!("move 1: {number:?} is not a move number"))]
        );
    }
}
