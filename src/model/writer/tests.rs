use super::{Error, FLUSH_BYTES, JsonWriter, to_string};
use proptest::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// What serde_json writes, and what the writer writes, are the same bytes.
fn same<T: Serialize + ?Sized>(value: &T) {
    let expected = serde_json::to_string(value).map_err(|e| e.to_string());
    let got = to_string(value).map_err(|e| e.to_string());
    assert_eq!(got, expected);
}

#[derive(Serialize)]
enum Variants {
    Unit,
    Newtype(u8),
    Tuple(u8, &'static str),
    Struct { a: bool, b: Option<i64> },
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Tagged {
    Move { from: &'static str, to: u8 },
    Pass,
}

#[derive(Serialize)]
struct Fields<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    absent: Option<&'a str>,
    present: Option<&'a str>,
    #[serde(rename = "re-named")]
    renamed: (),
    unit: Unit,
    tuple: (i8, u128, i128, char),
    #[serde(flatten)]
    flat: BTreeMap<&'a str, u16>,
    floats: [f64; 4],
    small: f32,
    bytes: &'a [u8],
    variants: [Variants; 4],
    tagged: [Tagged; 2],
}

#[derive(Serialize)]
struct Unit;

#[test]
fn every_kind_of_value_is_written_as_serde_json_writes_it() {
    let fields = Fields {
        absent: None,
        present: None,
        renamed: (),
        unit: Unit,
        tuple: (-128, u128::MAX, i128::MIN, '\u{1F600}'),
        flat: BTreeMap::from([("x", 1), ("y", 65535)]),
        floats: [0.5, -0.0, 1e300, f64::NAN],
        small: 0.1,
        bytes: &[0, 255],
        variants: [
            Variants::Unit,
            Variants::Newtype(7),
            Variants::Tuple(1, "two"),
            Variants::Struct { a: true, b: None },
        ],
        tagged: [Tagged::Move { from: "e4", to: 3 }, Tagged::Pass],
    };
    same(&fields);
    same(&serde_json::json!({"b": [1, -2, 3.5, null, true], "a": {"": "é"}}));
    same(&(
        Some(()),
        None::<u8>,
        Vec::<u8>::new(),
        BTreeMap::<u8, u8>::new(),
    ));
}

/// A map of any keys, in the order given.
struct Map<K, V>(Vec<(K, V)>);

impl<K: Serialize, V: Serialize> Serialize for Map<K, V> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

#[test]
fn keys_are_written_as_strings_or_refused_as_serde_json_does() {
    same(&Map(vec![(1_i32, "a"), (-2, "b")]));
    same(&Map(vec![(u128::MAX, 1)]));
    same(&Map(vec![(true, 1), (false, 2)]));
    same(&Map(vec![('k', 1)]));
    same(&Map(vec![(Some("s"), 1)]));
    same(&Map(vec![(0.5_f64, 1)]));
    same(&Map(vec![(f64::NAN, 1)]));
    same(&Map(vec![(f32::INFINITY, 1)]));
    same(&Map(vec![(Variants::Unit, 1)]));
    same(&Map(vec![(Variants::Newtype(1), 1)]));
    same(&Map(vec![(Tagged::Pass, 1)]));
    same(&Map(vec![((1, 2), 3)]));
    same(&Map(vec![(None::<u8>, 3)]));
    same(&Map(vec![(Newtype("k"), 1)]));
}

#[test]
fn every_control_byte_and_quote_is_escaped() {
    let all: String = (0_u8..0x80).map(char::from).collect();
    same(&all);
    same("\"\\\u{7f}\u{80}\u{ffff}");
}

/// Each byte alone and between letters, so that a string needing no other
/// escape takes the quick path of [`JsonWriter::string`].
#[test]
fn every_ascii_byte_alone_is_written_as_serde_json_writes_it() {
    for c in (0_u8..0x80).map(char::from) {
        same(&c.to_string());
        same(&format!("a{c}b"));
    }
}

#[test]
fn a_long_array_is_written_out_as_it_goes_and_whole_at_the_end() {
    let items: Vec<String> = (0..20_000).map(|i| format!("item {i}")).collect();
    let mut writer = JsonWriter::new(Vec::new());
    writer.write(&items).map_err(|e| e.to_string()).unwrap();
    assert!(
        writer.out.len() >= FLUSH_BYTES,
        "nothing written before the end"
    );
    assert!(writer.buf.len() < FLUSH_BYTES + 16);
    writer.raw(b"\n").unwrap();
    writer.flush().unwrap();
    let expected = serde_json::to_string(&items).unwrap() + "\n";
    assert_eq!(String::from_utf8(writer.out).unwrap(), expected);
}

/// Bytes given as bytes (as `serde_bytes` gives them), not as a sequence.
struct Bytes(&'static [u8]);

impl Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

#[derive(Serialize)]
struct Newtype(&'static str);

#[test]
fn bytes_and_newtype_structs_are_written_as_serde_json_writes_them() {
    same(&Bytes(&[0, 34, 255]));
    same(&Bytes(&[]));
    same(&Newtype("inside"));
    same(&[Newtype("a"), Newtype("b")]);
}

/// Every char of the first 768, each of them written whole (the quick
/// path of one ASCII byte, or a string).
#[test]
fn every_char_is_written_as_serde_json_writes_it() {
    for c in (0..0x300).filter_map(char::from_u32) {
        same(&c);
    }
}

/// An output that keeps what it is given and counts the writes.
#[derive(Default)]
struct Counted {
    writes: Vec<usize>,
    bytes: Vec<u8>,
}

impl std::io::Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.writes.push(buf.len());
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The output gets the buffer in pieces of at least [`FLUSH_BYTES`] as
/// it fills, not a write per element.
#[test]
fn the_output_is_written_in_pieces_of_at_least_flush_bytes() {
    let items: Vec<String> = (0..20_000).map(|i| format!("item {i}")).collect();
    let mut writer = JsonWriter::new(Counted::default());
    writer.write(&items).unwrap();
    writer.flush().unwrap();
    let out = writer.into_inner();
    assert_eq!(
        out.bytes,
        serde_json::to_string(&items).unwrap().into_bytes()
    );
    let (last, pieces) = out.writes.split_last().unwrap();
    assert!(
        (2..6).contains(&pieces.len()),
        "{} writes of {} bytes",
        out.writes.len(),
        out.bytes.len()
    );
    assert!(pieces.iter().all(|&n| n >= FLUSH_BYTES), "{:?}", out.writes);
    assert!(*last < FLUSH_BYTES, "{last}");
}

#[test]
fn an_error_displays_its_message() {
    let custom = Error::Custom("no move written".into());
    assert_eq!(custom.to_string(), "no move written");
    let io = Error::Io(std::io::Error::other("disk full"));
    assert_eq!(io.to_string(), "disk full");
}

#[test]
fn a_value_that_fails_reports_its_error() {
    struct Fails;
    impl Serialize for Fails {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("no move written"))
        }
    }
    let error = to_string(&[Fails]).unwrap_err();
    assert_eq!(error.to_string(), "no move written");
}

proptest! {
    #[test]
    fn any_string_is_escaped_as_serde_json_escapes_it(text in any::<String>()) {
        same(&text);
        same(&BTreeMap::from([(text.clone(), text)]));
    }
}
