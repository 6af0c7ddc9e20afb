//! Annotating a record through `kifu serve`'s API, with raw HTTP over
//! `TcpStream`: a record opened at its end, stepped back, a different
//! move played as a variation, a comment, a glyph and a numeric glyph
//! set on it, a tag edited, promote and delete, and the record saved in
//! place of the one opened: the file validates with the same main line,
//! the next record as it was, and the variation, comment and glyphs in
//! `kifu json`. A file changed since it was opened is not saved over
//! (409) unless forced, and an invalid record opens up to its fault.

use crate::support::serve as serve_support;

use serde_json::{Value, json};
use serve_support::{Server, serve};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The annotation tests' view of the server: each answer's status and
/// JSON.
trait Annotating {
    fn get_json(&self, path: &str) -> (u16, Value);
    fn post_json(&self, path: &str, body: &Value) -> (u16, Value);
    /// `POST` that must succeed with `status`: its JSON.
    fn ok(&self, status: u16, path: &str, body: &Value) -> Value;
}

impl Annotating for Server {
    fn get_json(&self, path: &str) -> (u16, Value) {
        let answer = self.get(path);
        (answer.status, answer.json())
    }

    fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let answer = self.post(path, body);
        (answer.status, answer.json())
    }

    fn ok(&self, status: u16, path: &str, body: &Value) -> Value {
        let (got, answer) = self.post_json(path, body);
        assert_eq!(got, status, "{path} {body}: {answer}");
        answer
    }
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("serve-annotate")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

fn fixture(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const ANNOTATED: &str = "fixtures/mana/valid/annotated-with-comments-and-tags.kifu";
const VARIATIONS: &str = "fixtures/mana/valid/variations-first-and-last-moves.kifu";

/// The nodes of the moves in the list, in order.
fn nodes(state: &Value) -> Vec<u64> {
    let items = state["items"]
        .as_array()
        .unwrap_or_else(|| panic!("{state}"));
    (items.iter())
        .filter_map(|item| item["node"].as_u64())
        .collect()
}

/// The list as text: `1. e1-e4 ( 1... a6-a4 ) ...`.
fn listed(state: &Value) -> String {
    let items = state["items"]
        .as_array()
        .unwrap_or_else(|| panic!("{state}"));
    let words: Vec<String> = (items.iter())
        .map(|item| match item["kind"].as_str() {
            Some("open") => "(".to_owned(),
            Some("close") => ")".to_owned(),
            _ => format!(
                "{}{}{}",
                item["number"]
                    .as_str()
                    .map_or(String::new(), |n| format!("{n} ")),
                item["text"].as_str().unwrap_or("?"),
                item["glyph"].as_str().unwrap_or("")
            ),
        })
        .collect();
    words.join(" ")
}

/// `kifu ARGS` in `dir`: standard output and the exit status.
fn kifu_in(dir: &Path, args: &[&str]) -> (String, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code(),
    )
}

/// The main line of each record `kifu json` reads in `file`.
fn main_lines(dir: &Path, file: &str) -> Vec<Vec<String>> {
    let (out, status) = kifu_in(dir, &["json", file]);
    assert_eq!(status, Some(0), "{out}");
    (out.lines())
        .map(|line| {
            let record: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}"));
            let moves = record["moves"]
                .as_array()
                .unwrap_or_else(|| panic!("{record}"));
            (moves.iter())
                .map(|m| m["text"].as_str().unwrap_or("?").to_owned())
                .collect()
        })
        .collect()
}

#[test]
fn a_record_is_annotated_with_a_variation_a_comment_and_glyphs_and_saved_in_place() {
    let dir = scratch("annotate");
    let second = fixture(VARIATIONS);
    let text = format!("{}\n{second}", fixture(ANNOTATED));
    std::fs::write(dir.join("games.kifu"), &text).unwrap_or_else(|e| panic!("{e}"));
    let before = main_lines(&dir, "games.kifu");
    assert_eq!(before[0].len(), 23, "{before:?}");
    let server = serve(&dir, &["games.kifu"]);

    let opened = server.ok(201, "/api/files/0/records/0/open", &json!({}));
    let id = opened["id"].as_u64().unwrap_or_else(|| panic!("{opened}"));
    let path = |action: &str| format!("/api/annotations/{id}/{action}");
    assert_eq!(opened["name"], "games.kifu");
    assert_eq!(opened["game"], "mana");
    assert_eq!(opened["fault"], Value::Null);
    assert_eq!(opened["unsaved"], false);
    assert_eq!(opened["moves"].as_array().map(Vec::len), Some(23));
    assert_eq!(opened["result"]["result"], "B+", "{}", opened["result"]);
    let list = listed(&opened);
    assert!(
        list.starts_with("1. e1-e4 a6-a5 2. a1-c2 e6-e5@e3"),
        "{list}"
    );
    assert!(list.contains("4. e4xe5@e1! c5-b5"), "{list}");
    assert!(list.ends_with("12. e5xd5@e4!!"), "{list}");
    assert_eq!(opened["items"][6]["comments"], json!(["first capture"]));

    // Back to the first move, then a different answer: a variation.
    let first = nodes(&opened)[0];
    let at_first = server.ok(200, &path("goto"), &json!({"node": first}));
    assert_eq!(at_first["moves"], json!(["e1-e4"]));
    assert_eq!(at_first["to_move"], "White");
    let answer = (at_first["legal_moves"].as_array())
        .and_then(|moves| moves.iter().find(|m| *m != "a6-a5"))
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{at_first}"))
        .to_owned();
    let varied = server.ok(200, &path("moves"), &json!({"move": answer}));
    assert_eq!(varied["moves"], json!(["e1-e4", answer]));
    assert_eq!(varied["in_variation"], true);
    assert_eq!(varied["unsaved"], true);
    let list = listed(&varied);
    assert!(
        list.starts_with(&format!("1. e1-e4 a6-a5 ( 1... {answer} ) 2. a1-c2")),
        "{list}"
    );
    let new = varied["cursor"]
        .as_u64()
        .unwrap_or_else(|| panic!("{varied}"));
    // Playing the main line's move from there goes to it, adding nothing.
    server.ok(200, &path("goto"), &json!({"node": first}));
    let again = server.ok(200, &path("moves"), &json!({"move": "a6-a5"}));
    assert_eq!(again["in_variation"], false);
    assert_eq!(nodes(&again).len(), 24);

    // A comment, a glyph and a numeric glyph on the variation's move.
    let commented = server.ok(
        200,
        &path("comment"),
        &json!({"node": new, "comment": "a {quieter} try"}),
    );
    assert_eq!(commented["cursor"], again["cursor"]);
    let glyphed = server.ok(
        200,
        &path("glyph"),
        &json!({"node": new, "glyph": "?!", "nags": [13]}),
    );
    assert!(
        listed(&glyphed).contains(&format!("( 1... {answer}?! )")),
        "{}",
        listed(&glyphed)
    );
    let (status, refused) = server.post_json(&path("glyph"), &json!({"node": new, "glyph": "?!?"}));
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["code"], "serve.glyph");

    // Tags: one changed, one added; the start's tags cannot change.
    let mut tags = glyphed["tags"].as_array().cloned().unwrap_or_default();
    for tag in &mut tags {
        if tag["name"] == "Event" {
            tag["value"] = json!("Club \"final\"");
        }
    }
    tags.push(json!({"name": "Source", "value": "kifu serve"}));
    let tagged = server.ok(200, &path("tags"), &json!({"tags": tags}));
    assert_eq!(tagged["tags"], json!(tags));
    let mut moved = tags.clone();
    for tag in &mut moved {
        if tag["name"] == "Setup" {
            tag["value"] = json!("c1 c6");
        }
    }
    let (status, refused) = server.post_json(&path("tags"), &json!({"tags": moved}));
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["code"], "serve.tag-fixed");

    // Promote makes the variation the main line, and back again.
    let promoted = server.ok(200, &path("promote"), &json!({"node": new}));
    assert!(
        listed(&promoted).starts_with(&format!("1. e1-e4 {answer}?! ( 1... a6-a5 2. a1-c2")),
        "{}",
        listed(&promoted)
    );
    let (status, refused) = server.post_json(&path("promote"), &json!({"node": new}));
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("serve.main-line"))
    );
    let back = server.ok(200, &path("promote"), &json!({"node": nodes(&promoted)[2]}));
    assert_eq!(listed(&back), listed(&tagged));

    let saved = server.ok(200, &path("save"), &json!({}));
    assert_eq!(saved["unsaved"], false);
    let (out, status) = kifu_in(&dir, &["validate", "games.kifu"]);
    assert_eq!(status, Some(0), "{out}");
    assert_eq!(main_lines(&dir, "games.kifu"), before);
    let written = std::fs::read_to_string(dir.join("games.kifu")).unwrap_or_else(|e| panic!("{e}"));
    assert!(written.ends_with(&format!("\n\n{second}")), "{written}");
    assert!(
        written.contains("[Event \"Club \\\"final\\\"\"]"),
        "{written}"
    );
    assert!(written.contains("[Source \"kifu serve\"]"), "{written}");
    let (out, _) = kifu_in(&dir, &["json", "games.kifu"]);
    let record: Value = serde_json::from_str(out.lines().next().unwrap_or_default())
        .unwrap_or_else(|e| panic!("{e}: {out}"));
    let variation = &record["moves"][1]["variations"][0][0];
    assert_eq!(variation["text"], answer, "{}", record["moves"][1]);
    assert_eq!(variation["glyph"], "?!", "{variation}");
    assert_eq!(variation["nags"], json!([13]), "{variation}");
    assert_eq!(
        variation["comments"],
        json!(["a {quieter} try"]),
        "{variation}"
    );
    assert_eq!(record["moves"][6]["comments"], json!(["first capture"]));

    // Delete cuts the variation; the file changed by another hand is not
    // saved over unless forced.
    let deleted = server.ok(200, &path("delete"), &json!({"node": new}));
    assert!(!listed(&deleted).contains('('), "{}", listed(&deleted));
    assert_eq!(deleted["unsaved"], true);
    let mut changed = written.clone();
    changed.push('\n');
    std::fs::write(dir.join("games.kifu"), &changed).unwrap_or_else(|e| panic!("{e}"));
    let (status, refused) = server.post_json(&path("save"), &json!({}));
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "serve.changed");
    assert_eq!(
        refused["error"],
        "games.kifu changed since this record was opened: saving would replace record 1 of what it holds now (save with force to do it anyway)"
    );
    let kept = std::fs::read_to_string(dir.join("games.kifu")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kept, changed);
    server.ok(200, &path("save"), &json!({"force": true}));
    let (out, status) = kifu_in(&dir, &["validate", "games.kifu"]);
    assert_eq!(status, Some(0), "{out}");
    let (out, _) = kifu_in(&dir, &["json", "games.kifu"]);
    assert!(
        !out.lines()
            .next()
            .unwrap_or_default()
            .contains("variations"),
        "{out}"
    );
    assert_eq!(main_lines(&dir, "games.kifu"), before);
}

#[test]
fn an_invalid_record_opens_up_to_its_fault_and_requests_are_checked() {
    let dir = scratch("invalid");
    let bad = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. a1-c2 a6-a5 2. c2-c4 *\n";
    std::fs::write(dir.join("bad.kifu"), bad).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["bad.kifu"]);
    let opened = server.ok(201, "/api/files/0/records/0/open", &json!({}));
    let (out, status) = kifu_in(&dir, &["validate", "bad.kifu"]);
    assert_eq!(status, Some(1));
    assert_eq!(opened["fault"].as_str(), out.lines().next(), "{out}");
    assert_eq!(opened["moves"], json!(["a1-c2", "a6-a5"]));
    assert_eq!(listed(&opened), "1. a1-c2 a6-a5");
    let id = opened["id"].as_u64().unwrap_or_default();

    let (status, answer) = server.post_json("/api/files/0/records/1/open", &json!({}));
    assert_eq!(
        (status, answer["code"].as_str(), answer["error"].as_str()),
        (
            404,
            Some("serve.no-record"),
            Some("bad.kifu holds 1 record")
        )
    );
    let (status, answer) = server.post_json("/api/files/1/records/0/open", &json!({}));
    assert_eq!(
        (status, answer["code"].as_str()),
        (404, Some("serve.no-file"))
    );
    let (status, answer) =
        server.post_json(&format!("/api/annotations/{id}/goto"), &json!({"node": 99}));
    assert_eq!(
        (status, answer["code"].as_str()),
        (404, Some("serve.no-node"))
    );
    let (status, answer) = server.post_json(
        &format!("/api/annotations/{id}/moves"),
        &json!({"move": "a1-a3"}),
    );
    assert_eq!(status, 422, "{answer}");
    let (status, answer) = server.post_json(&format!("/api/annotations/{id}/dance"), &json!({}));
    assert_eq!(
        (status, answer["code"].as_str()),
        (404, Some("serve.no-route"))
    );
    let (status, answer) = server.get_json("/api/annotations/7");
    assert_eq!(
        (status, answer["code"].as_str()),
        (404, Some("serve.no-annotation"))
    );
    // Saved, the record holds the moves up to its fault, and validates.
    server.ok(200, &format!("/api/annotations/{id}/save"), &json!({}));
    let (out, status) = kifu_in(&dir, &["validate", "bad.kifu"]);
    assert_eq!(status, Some(0), "{out}");
    assert_eq!(main_lines(&dir, "bad.kifu"), vec![vec!["a1-c2", "a6-a5"]]);
}

#[test]
fn a_lotus_pawn_move_in_the_middle_of_a_turn_starts_a_variation_of_the_whole_turn() {
    let dir = scratch("lotus");
    let text = fixture("fixtures/lotus/valid/variations-first-and-last-turns.kifu");
    std::fs::write(dir.join("lotus.kifu"), &text).unwrap_or_else(|e| panic!("{e}"));
    let before = main_lines(&dir, "lotus.kifu");
    let server = serve(&dir, &["lotus.kifu"]);
    let opened = server.ok(201, "/api/files/0/records/0/open", &json!({}));
    let id = opened["id"].as_u64().unwrap_or_default();
    let path = |action: &str| format!("/api/annotations/{id}/{action}");
    assert!(
        listed(&opened).starts_with("1. r0 v0 v0 ( 1. r0 r0 v0 ) 2. v5 o0 r0"),
        "{}",
        listed(&opened)
    );
    // After the turn's second pawn move, another third one.
    let second = nodes(&opened)[1];
    let mid = server.ok(200, &path("goto"), &json!({"node": second}));
    assert_eq!(mid["moves"], json!(["r0", "v0"]));
    let other = (mid["legal_moves"].as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .find(|m| *m != "v0")
        .unwrap_or_else(|| panic!("{mid}"))
        .to_owned();
    let varied = server.ok(200, &path("moves"), &json!({"move": other}));
    assert_eq!(varied["moves"], json!(["r0", "v0", other]));
    assert_eq!(varied["in_variation"], true);
    assert!(
        listed(&varied).starts_with(&format!(
            "1. r0 v0 v0 ( 1. r0 r0 v0 ) ( 1. r0 v0 {other} ) 2. v5"
        )),
        "{}",
        listed(&varied)
    );
    server.ok(200, &path("save"), &json!({}));
    let (out, status) = kifu_in(&dir, &["validate", "lotus.kifu"]);
    assert_eq!(status, Some(0), "{out}");
    assert_eq!(main_lines(&dir, "lotus.kifu"), before);
    let written = std::fs::read_to_string(dir.join("lotus.kifu")).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        written.contains(&format!(
            "1. r0 v0 v0 (1. r0 r0 v0) (1. r0 v0 {other}) 2. v5"
        )),
        "{written}"
    );
}

#[test]
fn a_record_is_not_saved_over_when_where_it_ends_is_not_known() {
    let dir = scratch("unsplit");
    let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. a1-c2 *\n\n\
                [Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. a1-c2 {never closed *\n";
    std::fs::write(dir.join("two.kifu"), text).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["two.kifu"]);
    let opened = server.ok(201, "/api/files/0/records/0/open", &json!({}));
    let id = opened["id"].as_u64().unwrap_or_default();
    server.ok(
        200,
        &format!("/api/annotations/{id}/comment"),
        &json!({"node": nodes(&opened)[0], "comment": "why not"}),
    );
    let (status, refused) = server.post_json(&format!("/api/annotations/{id}/save"), &json!({}));
    assert_eq!(status, 409, "{refused}");
    assert_eq!(
        refused["error"],
        "two.kifu: where record 1 ends is not known (it or the next cannot be read whole): it is not written over"
    );
    let kept = std::fs::read_to_string(dir.join("two.kifu")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kept, text);
    let (status, refused) = server.post_json("/api/files/0/records/1/open", &json!({}));
    assert_eq!(
        (status, refused["code"].as_str()),
        (422, Some("serve.syntax")),
        "{refused}"
    );
}
