//! The JSON Schemas of `docs/schema/`: each is what the model's types say
//! (`kifu::model::schema`), every object kifu prints is valid against its
//! output's schema (`kifu json`, plain and `--positions`, and `kifu validate
//! --format json` on every fixture and on random games of every game, and
//! the REPL's `:json`, `kifu match --format json` and `kifu stats --format
//! json`), every field a
//! schema names is printed somewhere,
//! and kifu.5 names every field.
//!
//! After a change to the types: `KIFU_UPDATE_SCHEMA=1 cargo test --test
//! schema` rewrites the files, to be committed with the change.

use crate::support::fixtures as support;
use crate::support::man;
use crate::support::matches;

use assert_cmd::Command;
use jsonschema::Validator;
use kifu::game::GameKind;
use kifu::model::{ErrorJson, Output, schema_text};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use support::fixtures;

/// The committed schema file of `output`.
fn schema_file(output: Output) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/schema")
        .join(output.file_name())
}

/// The committed schema of `output`.
fn committed(output: Output) -> Value {
    let path = schema_file(output);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A validator of the committed schema of `output`, itself checked
/// against the draft 2020-12 meta-schema.
fn validator(output: Output) -> Validator {
    let schema = committed(output);
    if let Err(e) = jsonschema::meta::validate(&schema) {
        panic!("{}: not a valid JSON Schema: {e}", output.file_name());
    }
    jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("{}: {e}", output.file_name()))
}

/// Each file of `docs/schema/` is what the types say; with
/// `KIFU_UPDATE_SCHEMA=1` the files are rewritten instead.
#[test]
fn the_schema_files_are_generated_from_the_types() {
    let update = std::env::var_os("KIFU_UPDATE_SCHEMA").is_some_and(|v| v == "1");
    for output in Output::ALL {
        let path = schema_file(output);
        let generated = schema_text(output);
        if update {
            std::fs::write(&path, &generated).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == generated,
            "{} is not what the types say: run `KIFU_UPDATE_SCHEMA=1 cargo test --test integration schema::` \
             and commit it",
            path.display()
        );
    }
}

/// `kifu ARGS` with `input` on standard input: standard output and the
/// exit status. Standard error may tell faults and the count of records,
/// and nothing of a crash.
fn kifu(args: &[&str], input: &[u8]) -> (String, Option<i32>) {
    let output = Command::cargo_bin("kifu")
        .unwrap_or_else(|e| panic!("{e}"))
        .args(args)
        .write_stdin(input.to_vec())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "kifu {args:?}: {stderr}");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code(),
    )
}

/// Every `.kifu` file under `fixtures/`, valid and invalid, sorted.
fn fixture_files() -> Vec<String> {
    fn walk(dir: &Path, found: &mut Vec<String>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for path in entries.filter_map(|entry| entry.ok().map(|e| e.path())) {
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|x| x == "kifu") {
                found.push(path.display().to_string());
            }
        }
    }
    let mut found = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut found,
    );
    found.sort();
    found
}

/// Random games of every game, several per game and seed.
fn random_games() -> String {
    let mut records = String::new();
    for kind in GameKind::ALL {
        for seed in ["1", "2", "3"] {
            let (text, code) = kifu(
                &["random", kind.name(), "--seed", seed, "--count", "8"],
                b"",
            );
            assert_eq!(code, Some(0), "kifu random {kind} --seed {seed}");
            records.push_str(&text);
        }
    }
    records
}

/// The objects kifu printed, one a line.
fn objects(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// The objects `kifu ARGS` prints, one a line, for the fixtures (some
/// invalid, so the status is 1) and for random games (all legal).
fn printed(args: &[&str]) -> Vec<Value> {
    let files = fixture_files();
    let mut with_files: Vec<&str> = args.to_vec();
    with_files.extend(files.iter().map(String::as_str));
    let (text, code) = kifu(&with_files, b"");
    assert_eq!(code, Some(1), "kifu {args:?} on the fixtures");
    let mut found = objects(&text);
    assert!(found.len() >= files.len(), "{} objects", found.len());
    let mut with_stdin = args.to_vec();
    with_stdin.push("-");
    let (text, code) = kifu(&with_stdin, random_games().as_bytes());
    assert_eq!(code, Some(0), "kifu {args:?} on random games, all legal");
    found.extend(objects(&text));
    found
}

/// The REPL's `:json` of a new game and of every valid fixture, loaded,
/// for every game, and of an error.
fn play_json() -> Vec<Value> {
    let mut found = Vec::new();
    for kind in GameKind::ALL {
        let game = kind.name();
        let (new, code) = kifu(&["new", game, "--seed", "1"], b"");
        assert_eq!(code, Some(0), "kifu new {game}");
        let new_file =
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("schema-new-{game}.kifu"));
        std::fs::write(&new_file, new).unwrap_or_else(|e| panic!("{e}"));
        for record in std::iter::once(new_file).chain(fixtures(game, "valid")) {
            let args = ["play", "--load", record.to_str().unwrap_or_default()];
            let (text, code) = kifu(&args, b":json\n");
            assert_eq!(code, Some(0), "kifu {args:?}:\n{text}");
            let json: Vec<&str> = text.lines().filter(|l| l.starts_with('{')).collect();
            assert_eq!(json.len(), 1, "kifu {args:?}:\n{text}");
            found.extend(objects(json[0]));
        }
    }
    // No script makes `:json` fail: the error is checked from its type.
    let error = ErrorJson::new("move 3 no longer replays");
    found.push(serde_json::to_value(&error).unwrap_or_else(|e| panic!("{e}")));
    found
}

/// Checks every object against `output`'s committed schema.
fn check(output: Output, what: &str, objects: &[Value]) {
    let validator = validator(output);
    for object in objects {
        let errors: Vec<String> = validator
            .iter_errors(object)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{what}: not valid against {}:\n{}\n{object}",
            output.file_name(),
            errors.join("\n")
        );
    }
}

/// The fields of a schema: for each path in the objects it describes
/// (`moves[].parts.bird`, `tags.*` for any key of a map), the fields of
/// its definitions that the path may be (`ManaParts.bird`).
type Fields = BTreeMap<String, BTreeSet<String>>;

/// The paths of a recursive schema that lead back to a definition being
/// described (a move's `variations` hold moves): each such path, and the
/// path where the definition was first met, whose fields it shares.
type Aliases = BTreeMap<String, String>;

/// What [`schema_fields`] gathers: the fields, the aliases, and the
/// definitions being described, with their paths.
#[derive(Default)]
struct Gathered {
    fields: Fields,
    aliases: Aliases,
    open: Vec<(String, String)>,
}

/// The [`Fields`] of `schema`, a definition (`def`) of `root` or within
/// one, at `path`.
fn schema_fields(root: &Value, schema: &Value, def: &str, path: &str, gathered: &mut Gathered) {
    let Some(object) = schema.as_object() else {
        return;
    };
    if let Some(target) = object.get("$ref").and_then(Value::as_str) {
        let name = target.rsplit('/').next().unwrap_or(target);
        let target = root
            .pointer(target.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("no {target}"));
        match gathered.open.iter().find(|(open, _)| open == name) {
            Some((_, first)) => {
                let first = first.clone();
                gathered.aliases.insert(path.to_owned(), first);
            }
            None => {
                gathered.open.push((name.to_owned(), path.to_owned()));
                schema_fields(root, target, name, path, gathered);
                gathered.open.pop();
            }
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        for schema in object
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            schema_fields(root, schema, def, path, gathered);
        }
    }
    if let Some(items) = object.get("items") {
        schema_fields(root, items, def, &format!("{path}[]"), gathered);
    }
    let properties = object.get("properties").and_then(Value::as_object);
    let map = object.get("additionalProperties").filter(|v| v.is_object());
    let named = properties
        .into_iter()
        .flatten()
        .map(|(k, v)| (k.as_str(), v));
    for (key, schema) in named.chain(map.map(|v| ("*", v))) {
        let path = if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        };
        schema_fields(root, schema, def, &path, gathered);
        gathered
            .fields
            .entry(path)
            .or_default()
            .insert(format!("{def}.{key}"));
    }
}

/// The [`Fields`] of `output`'s committed schema, and its [`Aliases`].
fn schema_paths(output: Output) -> (Fields, Aliases) {
    let schema = committed(output);
    let mut gathered = Gathered::default();
    schema_fields(&schema, &schema, "", "", &mut gathered);
    (gathered.fields, gathered.aliases)
}

/// The [`Fields`] of `output`'s committed schema.
fn fields(output: Output) -> Fields {
    schema_paths(output).0
}

/// Every path of `value`, as `known` names them: a key that it does not
/// name is an entry of a map, `*`; a path that `aliases` leads back is
/// named as the path it leads to.
fn value_paths(
    value: &Value,
    path: &str,
    known: &Fields,
    aliases: &Aliases,
    paths: &mut BTreeSet<String>,
) {
    let path = aliases.get(path).map_or(path, String::as_str);
    match value {
        Value::Object(object) => {
            for (key, value) in object {
                let join = |key: &str| {
                    if path.is_empty() {
                        key.to_owned()
                    } else {
                        format!("{path}.{key}")
                    }
                };
                let mut path = join(key);
                if !known.contains_key(&path) {
                    path = join("*");
                }
                value_paths(value, &path, known, aliases, paths);
                paths.insert(path);
            }
        }
        Value::Array(items) => {
            for item in items {
                value_paths(item, &format!("{path}[]"), known, aliases, paths);
            }
        }
        _ => {}
    }
}

/// Every field `output`'s schema describes is printed in one of `objects`:
/// the schema names no field that kifu never writes.
fn check_every_field_is_printed(output: Output, objects: &[Value]) {
    let (fields, aliases) = schema_paths(output);
    let mut seen = BTreeSet::new();
    for object in objects {
        value_paths(object, "", &fields, &aliases, &mut seen);
    }
    let printed: BTreeSet<&String> = seen.iter().flat_map(|path| &fields[path]).collect();
    let all: BTreeSet<&String> = fields.values().flatten().collect();
    let never: Vec<&&String> = all.difference(&printed).collect();
    assert!(
        never.is_empty(),
        "{} describes fields never printed: {never:?}",
        output.file_name()
    );
}

#[test]
fn every_line_of_kifu_json_is_valid() {
    let mut lines = printed(&["json"]);
    let plain = lines.len();
    lines.extend(printed(&["json", "--positions"]));
    let has_position = |line: &Value| {
        line["moves"]
            .as_array()
            .is_some_and(|moves| moves.iter().any(|m| m.get("position").is_some()))
    };
    assert!(!lines[..plain].iter().any(has_position));
    assert!(lines[plain..].iter().any(has_position));
    check(Output::Json, "kifu json", &lines);
    check_every_field_is_printed(Output::Json, &lines);
}

#[test]
fn every_line_of_kifu_validate_is_valid() {
    let lines = printed(&["validate", "--format", "json"]);
    check(Output::Validate, "kifu validate --format json", &lines);
    check_every_field_is_printed(Output::Validate, &lines);
}

#[test]
fn what_kifu_stats_prints_is_valid() {
    let files = fixture_files();
    let mut args = vec!["stats", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let (text, code) = kifu(&args, b"");
    assert_eq!(code, Some(0), "kifu stats on the fixtures");
    let mut found = objects(&text);
    let (text, code) = kifu(
        &["stats", "--format", "json", "-"],
        random_games().as_bytes(),
    );
    assert_eq!(code, Some(0), "kifu stats on random games");
    found.extend(objects(&text));
    assert_eq!(found.len(), 2);
    check(Output::Stats, "kifu stats --format json", &found);
    check_every_field_is_printed(Output::Stats, &found);
}

/// The REPL writes only legal moves, without comments or positions: its
/// records leave out fields that `kifu json` prints, so that the test that
/// every field is printed is `kifu json`'s.
#[test]
fn what_the_repl_json_prints_is_valid() {
    check(Output::Play, "the REPL's :json", &play_json());
}

/// The tables of `kifu match --format json`, played and from
/// `--report`: duels of two engines and of three (no matchup), games all
/// unfinished (0 ± 0), an engine that wins every game (no Elo), one whose
/// interval is unbounded, and lotus races with their SPRT.
#[test]
fn what_kifu_match_prints_is_valid() {
    let dir = support::scratch("schema-match");
    let random = |seed: u64| matches::random_engine(seed);
    let crashing = matches::test_engine("--crash-at 0");
    let play = |out: &str, engines: &[(&str, &str)], options: &[&str]| {
        let mut args = vec!["match", "--format", "json", "--out", out];
        for (command, name) in engines {
            args.extend(["--engine", command, "--name", name]);
        }
        args.extend(options);
        let run = matches::kifu_in(&dir, &args);
        assert_eq!(run.status, Some(0), "{}", run.err);
        run.out
    };
    let mut printed = String::new();
    let (one, two, three) = (random(1), random(2), random(3));
    printed += &play(
        "ab.kifu",
        &[(&one, "a"), (&two, "b")],
        &["--game", "mana", "--games", "6"],
    );
    printed += &play(
        "bc.kifu",
        &[(&two, "b"), (&three, "c")],
        &["--game", "mana", "--games", "2"],
    );
    printed += &play(
        "short.kifu",
        &[(&one, "a"), (&two, "b")],
        &["--game", "shogun", "--max-plies", "4"],
    );
    printed += &play(
        "crash.kifu",
        &[(&one, "a"), (&crashing, "x")],
        &["--game", "escampe", "--games", "4"],
    );
    printed += &play(
        "lotus.kifu",
        &[(&one, "a"), (&two, "b")],
        &[
            "--game",
            "lotus",
            "--games",
            "8",
            "--sprt",
            "elo0=0,elo1=10",
        ],
    );
    printed += &play(
        "sprt.kifu",
        &[(&one, "a"), (&two, "b")],
        &["--game", "mana", "--games", "4", "--sprt", "elo0=0,elo1=10"],
    );
    printed += &play(
        "abc.kifu",
        &[(&one, "a"), (&two, "b"), (&three, "c")],
        &["--game", "mana", "--games", "6"],
    );
    let report = matches::kifu_in(
        &dir,
        &[
            "match",
            "--format",
            "json",
            "--report",
            "ab.kifu",
            "bc.kifu",
            "lotus.kifu",
        ],
    );
    assert_eq!(report.status, Some(0), "{}", report.err);
    printed += &report.out;
    let objects = objects(&printed);
    assert_eq!(objects.len(), 8);
    check(Output::Match, "kifu match --format json", &objects);
    check_every_field_is_printed(Output::Match, &objects);
}

/// The schemas reject what kifu does not print: they are strict enough to
/// fail.
#[test]
fn the_schemas_reject_what_kifu_does_not_print() {
    let record = json!({
        "kifu": 1, "file": "a.kifu", "line": 1, "game": "mana",
        "tags": {"Game": "mana", "Setup": "b1 c6"},
        "moves": [{"number": "1.", "text": "e1-e4", "normalized": "e1-e4",
                   "parts": {"kind": "move", "from": "e1", "to": "e4", "capture": false}}],
        "result_token": "*",
        "verdict": {"valid": true, "plies": 1, "turns": 1, "result": "*"}
    });
    let json = validator(Output::Json);
    assert!(json.is_valid(&record), "{record}");
    // The record with the key at `pointer` set to `value`.
    let with = |pointer: &str, value: Value| {
        let mut wrong = record.clone();
        let (parent, key) = pointer
            .rsplit_once('/')
            .unwrap_or_else(|| panic!("{pointer}"));
        match wrong.pointer_mut(parent).and_then(Value::as_object_mut) {
            Some(object) => object.insert(key.to_owned(), value),
            None => panic!("no {parent}"),
        };
        wrong
    };
    let mut missing = record.clone();
    if let Some(verdict) = missing["verdict"].as_object_mut() {
        verdict.remove("plies");
    }
    let rejected = [
        ("a string for a count", with("/verdict/plies", json!("1"))),
        ("another version", with("/kifu", json!(2))),
        ("an unknown game", with("/game", json!("chess"))),
        (
            "a null for a field left out",
            with("/result_token", Value::Null),
        ),
        ("an empty list", with("/moves", json!([]))),
        (
            "an unknown kind of move",
            with("/moves/0/parts/kind", json!("jump")),
        ),
        (
            "a square off the board",
            with("/moves/0/parts/to", json!("e9")),
        ),
        (
            "a tag value that is not a string",
            with("/tags/Game", json!(1)),
        ),
        ("a tag name that is not one", with("/tags/9a", json!("x"))),
        ("an unknown key", with("/extra", json!(1))),
        ("an unknown key in a move", with("/moves/0/extra", json!(1))),
        (
            "an unknown key in the verdict",
            with("/verdict/extra", json!(1)),
        ),
        (
            "an outcome inside a record's verdict",
            with(
                "/verdict/outcome",
                json!(
            {"result": "*", "reason": "the game goes on"}),
            ),
        ),
        ("a required field missing", missing),
        (
            "a verdict where a record belongs",
            json!({
            "kifu": 1, "file": "a.kifu", "line": 1, "valid": true, "plies": 0, "turns": 0}),
        ),
    ];
    for (what, object) in &rejected {
        assert!(!json.is_valid(object), "{what}: {object}");
    }
    let fault = json!({"line": 4, "column": 10, "code": "no.such-code",
                       "reason": "r", "message": "m"});
    let verdict = json!({"kifu": 1, "file": "a.kifu", "line": 4, "valid": false,
                         "plies": 0, "turns": 0, "error": fault});
    assert!(
        !validator(Output::Validate).is_valid(&verdict),
        "an undeclared code"
    );
    assert!(!validator(Output::Play).is_valid(&json!({"kifu": 1, "error": 3})));
}

/// The arguments of a roff request line: words, or text in double quotes.
fn roff_args(line: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == ' ' {
            chars.next();
        } else if c == '"' {
            chars.next();
            args.push(chars.by_ref().take_while(|&c| c != '"').collect());
        } else {
            let mut word = String::new();
            while let Some(c) = chars.next_if(|&c| c != ' ') {
                word.push(c);
            }
            args.push(word);
        }
    }
    args
}

/// The bold words of a roff text: of `.B`, and the bold arguments of `.BR`
/// and `.RB`.
fn bold_words(roff: &str) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for line in roff.lines() {
        let Some((request, rest)) = line.split_once(' ') else {
            continue;
        };
        let args = roff_args(rest);
        let bold: Vec<String> = match request {
            ".B" => args,
            ".BR" => args.into_iter().step_by(2).collect(),
            ".RB" => args.into_iter().skip(1).step_by(2).collect(),
            _ => continue,
        };
        for arg in bold {
            let word = arg.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_');
            words.insert(word.to_owned());
        }
    }
    words
}

/// Every field a schema names is in bold in the JSON section of kifu.5.
#[test]
fn kifu_5_names_every_field_of_the_schemas() {
    let section = man::section("kifu.5", "JSON");
    let bold = bold_words(&section);
    for output in Output::ALL {
        assert!(
            section.contains(&format!("docs/schema/{}", output.file_name())),
            "kifu.5 does not name {}",
            output.file_name()
        );
        for field in fields(output).values().flatten() {
            let name = field.rsplit('.').next().unwrap_or_default();
            assert!(
                name == "*" || bold.contains(name),
                "kifu.5's JSON section does not name {name:?} ({field})"
            );
        }
    }
}
