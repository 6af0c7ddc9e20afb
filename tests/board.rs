//! The board without a server (`kifu::board::Board`, what the static
//! board's Web Worker answers) answers the page's requests as `kifu serve`
//! does: the same status and the same JSON, request after request, for
//! games of each game, placement, moves refused, takeback, looks back,
//! clocks, analyses and reviews at a fixed depth, and records pasted and
//! annotated; what needs the machine is refused in words.

use crate::support::serve::{scratch, serve};
use kifu::board::Board;
use serde_json::{Value, json};

/// A request: its method, its path, and its JSON body (none for a GET).
type Step = (&'static str, String, Option<Value>);

fn get(path: impl Into<String>) -> Step {
    ("GET", path.into(), None)
}

fn post(path: impl Into<String>, body: Value) -> Step {
    ("POST", path.into(), Some(body))
}

/// `value` without what a clock reads off the time now (the time left
/// of a clock running), which two boards cannot share.
fn timeless(mut value: Value) -> Value {
    if let Some(clock) = value.get_mut("clock").and_then(Value::as_object_mut) {
        if let Some(times) = clock.get_mut("players").and_then(Value::as_array_mut) {
            for time in times {
                if let Some(time) = time.as_object_mut() {
                    time.remove("left_ms");
                }
            }
        }
    }
    if let Some(state) = value.get_mut("state") {
        *state = timeless(state.take());
    }
    value
}

/// Runs `steps` against a `kifu serve` and a `Board`, each answer alike.
fn alike(name: &str, steps: &[Step]) -> Board {
    let dir = scratch(name);
    let server = serve(&dir, &[]);
    let mut board = Board::new();
    for (method, path, body) in steps {
        let theirs = match body {
            Some(body) => server.post(path, body),
            None => server.get(path),
        };
        let text = body.as_ref().map(Value::to_string).unwrap_or_default();
        let mine = board.request(method, path, text.as_bytes());
        assert_eq!(mine.status, theirs.status, "{method} {path}: {}", mine.body);
        let parse = |text: &str| -> Value {
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{method} {path}: {e}: {text}"))
        };
        assert_eq!(
            timeless(parse(&mine.body)),
            timeless(parse(&theirs.body)),
            "{method} {path}"
        );
    }
    board
}

#[test]
fn games_of_every_game_go_as_on_the_server() {
    let mut steps = vec![
        get("/api/levels"),
        post("/api/games", json!({"game": "mana", "setup": "c1 c6"})),
        get("/api/games/1"),
        post("/api/games/1/moves", json!({"move": "a1-c2"})),
        post("/api/games/1/moves", json!({"move": "b6-b4"})),
        post("/api/games/1/moves", json!({"move": "zz"})),
        post("/api/games/1/moves", json!({"mv": "a6-a5"})),
        post("/api/games/1/moves", json!([null])),
        post("/api/games/1/moves", json!({"move": "a6-a5"})),
        get("/api/games/1/board/1"),
        get("/api/games/1/board/7"),
        get("/api/games/1/board/x"),
        post("/api/games/1/takeback", json!({"kept": 1})),
        post("/api/games/1/takeback", json!({"kept": 5})),
        post("/api/games/1/flip", json!({"flip": true})),
        post("/api/games/1/analyse", json!({"depth": 3})),
        post("/api/games/1/engine", json!({"level": 9})),
        post("/api/games/1/engine", json!({"movetime": 0})),
        post(
            "/api/games/1/clock",
            json!({"base_ms": 1, "increment_ms": 0}),
        ),
        post("/api/games", json!({"game": "escampe"})),
        post("/api/games/2/moves", json!({"move": "a1-a2"})),
        post("/api/games/2/placement", json!({"square": "f6"})),
        post("/api/games/2/placement", json!({"square": "a1"})),
        post("/api/games", json!({"game": "shogun", "seed": 3})),
        post(
            "/api/games/3/clock",
            json!({"base_ms": 300000, "increment_ms": 2000}),
        ),
        get("/api/games/3"),
        post(
            "/api/games",
            json!({"game": "lotus", "players": "red green orange"}),
        ),
        post("/api/games", json!({"game": "chess"})),
        post("/api/games", json!({"game": "mana", "setup": "zz"})),
        get("/api/games/9"),
        get("/api/games/0/board/0"),
        post(
            "/api/games/record",
            json!({"text": "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 a6-a5 2. e4-e3 *\n"}),
        ),
        post("/api/games/5/review", json!({"depth": 2})),
        post("/api/games/record", json!({"text": "[Game \"mana\"\n"})),
        get("/api/nothing"),
    ];
    // Escampe's placement, square by square, each as the server takes it.
    for square in ["a1", "b1", "c1", "d1", "e1", "f1"] {
        steps.push(post("/api/games/2/placement", json!({"square": square})));
    }
    for square in ["f6", "a6", "b6", "c6", "d6", "e6"] {
        steps.push(post("/api/games/2/placement", json!({"square": square})));
    }
    steps.push(post("/api/games/2/moves", json!({"move": "zz"})));
    steps.push(post("/api/games/3/moves", json!({"move": "zz"})));
    steps.push(get("/api/games/3"));
    alike("board-games", &steps);
}

#[test]
fn a_record_pasted_is_annotated_as_on_the_server_and_never_saved() {
    let text = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n[Event \"Club\"]\n\n{Before.} 1. e1-e4 a6-a5 2. e4-e3 (2. e4-d4) *\n";
    let steps = vec![
        post("/api/annotations", json!({"text": text})),
        get("/api/annotations/1"),
        post("/api/annotations/1/goto", json!({"node": 1})),
        post("/api/annotations/1/moves", json!({"move": "a5-a4"})),
        post(
            "/api/annotations/1/comment",
            json!({"node": 2, "comment": "A plan."}),
        ),
        post(
            "/api/annotations/1/glyph",
            json!({"node": 2, "glyph": "!?"}),
        ),
        post(
            "/api/annotations/1/glyph",
            json!({"node": 2, "glyph": "?!?"}),
        ),
        post(
            "/api/annotations/1/tags",
            json!({"tags": [
            {"name": "Game", "value": "mana"}, {"name": "Setup", "value": "b1 c6"},
            {"name": "Event", "value": "Club final"}]}),
        ),
        post(
            "/api/annotations/1/tags",
            json!({"tags": [{"name": "Game", "value": "shogun"}]}),
        ),
        post("/api/annotations/1/promote", json!({"node": 4})),
        post("/api/annotations/1/delete", json!({"node": 99})),
        post("/api/annotations/1/delete", json!({"node": 3})),
        post("/api/annotations/1/fly", json!({})),
        post("/api/annotations", json!({"text": "no record at all"})),
        post("/api/annotations", json!({"text": ""})),
        get("/api/annotations/7"),
    ];
    let mut board = alike("board-annotations", &steps);
    let saved = board.request("POST", "/api/annotations/1/save", b"{}");
    assert_eq!(saved.status, 404);
    let said: Value = serde_json::from_str(&saved.body).unwrap_or_default();
    assert_eq!(said["code"], "board.needs-server");
    assert_eq!(
        said["error"],
        "this needs kifu serve, on the machine: the files it was given, saving to them, \
         other engines and live matches"
    );
    // The server refuses to save a record pasted: it has no file.
    let dir = scratch("board-pasted-save");
    let server = serve(&dir, &[]);
    assert_eq!(
        server
            .post("/api/annotations", &json!({"text": text}))
            .status,
        201
    );
    let refused = server.post("/api/annotations/1/save", &json!({}));
    assert_eq!(refused.status, 409);
    assert_eq!(refused.json()["code"], "serve.pasted");
    let state = server.get("/api/annotations/1").json();
    assert_eq!(state["file"], Value::Null);
    assert_eq!(state["name"], "pasted");
}

#[test]
fn what_needs_the_machine_is_refused_in_words() {
    let mut board = Board::new();
    for (method, path) in [
        ("GET", "/api/files"),
        ("GET", "/api/files/0"),
        ("POST", "/api/files/0/records/0/open"),
        ("GET", "/api/watch"),
        ("GET", "/api/openapi.json"),
    ] {
        let answer = board.request(method, path, b"");
        assert_eq!(answer.status, 404, "{path}");
        let said: Value = serde_json::from_str(&answer.body).unwrap_or_default();
        assert_eq!(said["code"], "board.needs-server", "{path}");
    }
    let started = board.request("POST", "/api/games", br#"{"game": "mana"}"#);
    assert_eq!(started.status, 201);
    let save = board.request("POST", "/api/games/1/save", br#"{"file": 0}"#);
    assert_eq!(
        (save.status, save.body.contains("board.needs-server")),
        (404, true)
    );
}

#[test]
fn the_engine_answers_in_the_board_at_a_level_and_a_hint_is_legal() {
    let mut board = Board::new();
    let started = board.request("POST", "/api/games", br#"{"game": "shogun", "seed": 1}"#);
    let state: Value = serde_json::from_str(&started.body).unwrap_or_default();
    let engine = board.request(
        "POST",
        "/api/games/1/engine",
        br#"{"level": 1, "movetime": 100}"#,
    );
    assert_eq!(engine.status, 200, "{}", engine.body);
    let answer: Value = serde_json::from_str(&engine.body).unwrap_or_default();
    let played = answer["moves"][0].as_str().unwrap_or_default().to_owned();
    let legal = state["legal_moves"].to_string();
    assert!(
        legal.contains(&format!("\"{played}\"")),
        "{played} in {legal}"
    );
    assert_eq!(answer["state"]["moves"], json!([played]));
    let hint = board.request("POST", "/api/games/1/hint", br#"{"movetime": 100}"#);
    let hint: Value = serde_json::from_str(&hint.body).unwrap_or_default();
    assert_eq!(hint["resigned"], false);
    assert_eq!(hint["moves"].as_array().map(Vec::len), Some(1));
}
