//! The JSON Schemas (draft 2020-12) of the objects kifu prints, generated
//! from the types that print them. `docs/schema/` holds one file per
//! output, [`schema_text`] of each [`Output`]; `tests/schema.rs` fails when
//! a file differs from what the types say, and checks every object kifu
//! prints for the fixtures and for random games against them.
//!
//! ```
//! use kifu::model::{Output, schema};
//!
//! let schema = schema(Output::Validate);
//! assert_eq!(schema["$ref"], "#/$defs/Verdict");
//! assert_eq!(schema["$defs"]["Verdict"]["additionalProperties"], false);
//! ```

use super::record::RecordSchema;
use super::{ErrorJson, Standings, StatsJson, UnreadJson, VerdictJson};
use crate::game::{Numbering, string_enum};
use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use schemars::{Schema, SchemaGenerator};
use serde_json::{Map, Value};

/// An output of kifu, whose objects one schema describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// Each line of `kifu json`, with or without `--positions`: a record,
    /// or a record that cannot be read at all.
    Json,
    /// Each line of `kifu validate --format json`: a verdict.
    Validate,
    /// What the REPL's `:json` prints: a record, or why the game cannot be
    /// written.
    Play,
    /// What `kifu match --format json` prints: the results table of a
    /// match ([`Standings`]).
    Match,
    /// What `kifu stats --format json` prints: what a collection holds
    /// ([`StatsJson`]).
    Stats,
}

impl Output {
    /// Every output, in the order of the documentation.
    pub const ALL: [Output; 5] = [
        Output::Json,
        Output::Validate,
        Output::Play,
        Output::Match,
        Output::Stats,
    ];

    /// The name of its schema's file, in `docs/schema/`.
    pub fn file_name(self) -> &'static str {
        match self {
            Output::Json => "json.schema.json",
            Output::Validate => "validate.schema.json",
            Output::Play => "play.schema.json",
            Output::Match => "match.schema.json",
            Output::Stats => "stats.schema.json",
        }
    }

    /// The title and description of its schema.
    fn about(self) -> (&'static str, &'static str) {
        match self {
            Output::Json => (
                "kifu json",
                "One line of `kifu json`, with or without --positions: a record, \
                 or a record that cannot be read at all.",
            ),
            Output::Validate => (
                "kifu validate --format json",
                "One line of `kifu validate --format json`: the verdict on a record.",
            ),
            Output::Play => (
                "kifu play :json",
                "What the REPL's :json prints: the game as `kifu json` would \
                 print it, with file <play>, or why it cannot be written.",
            ),
            Output::Match => (
                "kifu match --format json",
                "The results table of a match: each engine's standing in the \
                 duels, with its Elo difference and its 95% interval, and in \
                 the races.",
            ),
            Output::Stats => (
                "kifu stats --format json",
                "What a collection of records holds: the records, valid and \
                 invalid, and for each game its results, lengths, most \
                 frequent setups and first moves, and, for lotus, its seats \
                 and the flowers that decided its games.",
            ),
        }
    }

    /// References to the schemas of the objects it prints, which are
    /// added to `generator`'s definitions.
    fn objects(self, generator: &mut SchemaGenerator) -> Vec<Schema> {
        match self {
            Output::Json => vec![
                generator.subschema_for::<RecordSchema>(),
                generator.subschema_for::<UnreadJson>(),
            ],
            Output::Validate => vec![generator.subschema_for::<VerdictJson>()],
            Output::Play => vec![
                generator.subschema_for::<RecordSchema>(),
                generator.subschema_for::<ErrorJson>(),
            ],
            Output::Match => vec![generator.subschema_for::<Standings>()],
            Output::Stats => vec![generator.subschema_for::<StatsJson>()],
        }
    }
}

/// The JSON Schema of the objects `output` prints: a reference to the one
/// kind of object it prints, or `oneOf` the kinds, with every definition
/// under `$defs`. Each object is closed (`additionalProperties: false`);
/// a field that may be left out is not required, and none is ever `null`.
pub fn schema(output: Output) -> Value {
    let mut generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .with_transform(RecursiveTransform(as_written))
        .into_generator();
    let objects = output.objects(&mut generator);
    let definitions = generator.take_definitions(true);
    let (title, description) = output.about();
    let mut root = Map::new();
    let meta_schema = generator.settings().meta_schema.clone();
    root.insert("$schema".into(), meta_schema.into());
    root.insert("title".into(), title.into());
    root.insert("description".into(), description.into());
    match objects.as_slice() {
        [only] => root.extend(only.as_object().cloned().unwrap_or_default()),
        all => {
            let all = all.iter().map(|object| object.as_value().clone());
            root.insert("oneOf".into(), all.collect());
        }
    }
    root.insert("$defs".into(), definitions.into());
    root.into()
}

/// [`schema`] as its file in `docs/schema/` holds it: pretty-printed, with
/// a newline at the end.
pub fn schema_text(output: Output) -> String {
    // A `Value` always serializes.
    let mut text = serde_json::to_string_pretty(&schema(output)).unwrap_or_default();
    text.push('\n');
    text
}

/// Makes a schema say what kifu writes: a field with nothing to say is
/// left out, never `null`, so an `Option` allows no `null`; and no
/// `format`, which for integers only repeats their bounds, and which some
/// validators reject when they do not know it.
fn as_written(schema: &mut Schema) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    object.shift_remove("format");
    if let Some(Value::String(text)) = object.get_mut("description") {
        *text = unwrapped(text);
    }
    if let Some(Value::Array(types)) = object.get_mut("type") {
        types.retain(|t| t != "null");
        if let [only] = types.as_mut_slice() {
            let only = only.take();
            object.insert("type".into(), only);
        }
    }
    if let Some(Value::Array(values)) = object.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
    let null = Value::from(Map::from_iter([("type".into(), "null".into())]));
    if let Some(Value::Array(any_of)) = object.get_mut("anyOf") {
        any_of.retain(|s| *s != null);
        if let [Value::Object(only)] = any_of.as_mut_slice() {
            let only = std::mem::take(only);
            object.shift_remove("anyOf");
            for (key, value) in only {
                object.entry(key).or_insert(value);
            }
        }
    }
}

/// `text` with the lines of each paragraph joined: a doc comment's line
/// breaks are not the description's.
fn unwrapped(text: &str) -> String {
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(|paragraph| paragraph.split('\n').collect::<Vec<_>>().join(" "))
        .collect();
    paragraphs.join("\n\n")
}

/// The schema of a fault's `unit`: how the movetext is numbered.
pub(super) fn units(_: &mut SchemaGenerator) -> Schema {
    string_enum(Numbering::ALL.map(Numbering::label))
}

/// The schema of a fault's code: every code declared, by the referee, the
/// record and each game.
pub(super) fn codes(_: &mut SchemaGenerator) -> Schema {
    string_enum(crate::referee::every_code())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subschema of `value`, itself first.
    fn walk<'v>(value: &'v Value, out: &mut Vec<&'v Map<String, Value>>) {
        match value {
            Value::Object(object) => {
                out.push(object);
                object.values().for_each(|v| walk(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }

    #[test]
    fn no_schema_allows_null_or_names_a_format() {
        for output in Output::ALL {
            let schema = schema(output);
            let mut objects = Vec::new();
            walk(&schema, &mut objects);
            for object in objects {
                let text = Value::from(object.clone()).to_string();
                assert!(!object.contains_key("format"), "{text}");
                assert_ne!(object.get("type"), Some(&Value::from("null")), "{text}");
                if let Some(Value::Array(types)) = object.get("type") {
                    assert!(!types.contains(&Value::from("null")), "{text}");
                }
            }
        }
    }

    #[test]
    fn the_codes_are_every_code_declared() {
        let schema = codes(&mut SchemaGenerator::default());
        let listed = schema
            .get("enum")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        let games: usize = crate::game::GameKind::ALL
            .iter()
            .map(|kind| kind.codes().len())
            .sum();
        let declared = crate::referee::CODES.len() + crate::record::CODES.len() + games;
        assert_eq!(listed, declared);
    }
}
