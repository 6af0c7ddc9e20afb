//! The clock of a game of `kifu serve` through raw HTTP: set before the
//! first move, refused after it and out of range; nobody's
//! time runs before the first move, then the player to move's; the
//! engine thinks within its time; a take back runs the clock of the
//! player to move again; a player whose time runs out loses, the record
//! saying so (`Termination "time forfeit"`), valid, and no move is taken
//! after; a Lotus seat whose time runs out ends the race and ranks last.

use crate::support::run;
use crate::support::serve;

use serde_json::{Value, json};
use serve::{Server, play, refusal, scratch, serve, start};
use std::time::{Duration, Instant};

/// Sets game 1's clock; the answer.
fn clock(server: &Server, base_ms: u64, increment_ms: u64) -> serve::Answer {
    let body = json!({"base_ms": base_ms, "increment_ms": increment_ms});
    server.post("/api/games/1/clock", &body)
}

/// Each player's time in `state`: (player, left_ms, running).
fn times(state: &Value) -> Vec<(String, u64, bool)> {
    (state["clock"]["players"].as_array().into_iter().flatten())
        .map(|p| {
            (
                p["player"].as_str().unwrap_or_default().to_owned(),
                p["left_ms"].as_u64().unwrap_or_default(),
                p["running"].as_bool().unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn a_clock_is_set_before_the_first_move_and_runs_for_the_player_to_move() {
    let dir = scratch("clock-set");
    let server = serve(&dir, &[]);
    let state = start(&server, &json!({"game": "mana", "setup": "b1 c6"}));
    assert_eq!(state["clock"], Value::Null);
    assert_eq!(
        clock(&server, 5_000, 0),
        refusal(
            422,
            "serve.clock",
            "a clock gives each player 10 s to 180 min, and at most 60 s a move"
        )
    );
    let set = clock(&server, 600_000, 5_000);
    assert_eq!(set.status, 200, "{}", set.body);
    let state = set.json();
    assert_eq!(state["clock"]["base_ms"], 600_000);
    assert_eq!(state["clock"]["increment_ms"], 5_000);
    assert_eq!(
        times(&state),
        [
            ("Black".to_owned(), 600_000, false),
            ("White".to_owned(), 600_000, false)
        ]
    );
    // The first move is free; then White's time runs.
    let state = play(&server, &json!(1), "e1-e4");
    let after = times(&state);
    assert_eq!(after[0], ("Black".to_owned(), 600_000, false));
    assert_eq!((after[1].0.as_str(), after[1].2), ("White", true));
    assert!(after[1].1 <= 600_000, "{after:?}");
    assert_eq!(
        clock(&server, 600_000, 5_000),
        refusal(409, "serve.clock", "a clock is set before the first move")
    );
    // White moves: its increment is added, and Black's time runs.
    let state = play(&server, &json!(1), "a6-a5");
    let after = times(&state);
    assert!(after[1].1 > 600_000 && after[1].1 <= 605_000, "{after:?}");
    assert!(after[0].2 && !after[1].2, "{after:?}");
    // A take back of White's move: White to move, its time running.
    let back = server.post("/api/games/1/takeback", &json!({"kept": 1}));
    assert_eq!(back.status, 200, "{}", back.body);
    let after = times(&back.json());
    assert!(!after[0].2 && after[1].2, "{after:?}");
    // Taken back to the start, nobody's time runs, as before the first
    // move.
    let back = server.post("/api/games/1/takeback", &json!({"kept": 0}));
    assert_eq!(back.status, 200, "{}", back.body);
    let after = times(&back.json());
    assert!(!after[0].2 && !after[1].2, "{after:?}");
    play(&server, &json!(1), "e1-e4");
    // The engine thinks within a twentieth of its time and increment:
    // 10 s asked, with 20 s left it gets 1 s.
    start(&server, &json!({"game": "mana", "setup": "b1 c6"}));
    let body = json!({"base_ms": 20_000, "increment_ms": 0});
    assert_eq!(server.post("/api/games/2/clock", &body).status, 200);
    play(&server, &json!(2), "e1-e4");
    let began = Instant::now();
    let engine = server.post("/api/games/2/engine", &json!({"movetime": 10_000}));
    assert_eq!(engine.status, 200, "{}", engine.body);
    assert!(
        began.elapsed() < Duration::from_secs(5),
        "{:?}",
        began.elapsed()
    );
    let after = times(&engine.json()["state"]);
    assert!(after[1].1 < 20_000 && after[1].1 > 15_000, "{after:?}");
}

#[test]
fn a_lotus_seat_whose_time_runs_out_ends_the_race_and_ranks_last() {
    let dir = scratch("clock-lotus");
    let server = serve(&dir, &[]);
    start(&server, &json!({"game": "lotus"}));
    assert_eq!(clock(&server, 10_000, 0).status, 200);
    // Red's first turn is free, its pawn moves one by one; then green's
    // time runs, and runs out.
    let mut state = server.get("/api/games/1").json();
    while state["to_move"] == "red" {
        let legal = state["legal_moves"][0]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        state = server
            .post("/api/games/1/moves", &json!({ "move": legal }))
            .json();
    }
    assert_eq!(
        times(&state),
        [
            ("red".to_owned(), 10_000, false),
            ("green".to_owned(), times(&state)[1].1, true),
            ("orange".to_owned(), 10_000, false)
        ]
    );
    std::thread::sleep(Duration::from_millis(10_300));
    let state = server.get("/api/games/1").json();
    assert_eq!(state["to_move"], Value::Null);
    assert_eq!(
        (
            &state["result"]["winner"],
            &state["result"]["result"],
            &state["result"]["reason"]
        ),
        (
            &Value::Null,
            &json!("*"),
            &json!("green's time ran out, and green ranks last")
        )
    );
    let places: Vec<(&Value, &Value)> =
        (state["result"]["scores"].as_array().into_iter().flatten())
            .map(|s| (&s["player"], &s["place"]))
            .collect();
    assert_eq!(places.len(), 3, "{state}");
    assert_eq!(places[1], (&json!("green"), &json!(3)));
    // A race ends with `*`: its record declares no winner, and is valid.
    let record = state["record"].as_str().unwrap_or_default();
    assert!(
        record.contains("[Termination \"time forfeit\"]\n[Result \"*\"]\n")
            && record.ends_with(" *\n"),
        "{record}"
    );
    let (verdict, said, status) = run::kifu(&["validate", "-"], record.as_bytes());
    assert_eq!((said.as_str(), status), ("", Some(0)), "{verdict}");
    let late = server.post("/api/games/1/moves", &json!({"move": "o0"}));
    assert_eq!(
        late,
        refusal(
            409,
            "move.game-over",
            "the game is over: green's time ran out"
        )
    );
}

#[test]
fn a_player_whose_time_runs_out_loses_and_the_record_says_so() {
    let dir = scratch("clock-flag");
    let server = serve(&dir, &[]);
    start(&server, &json!({"game": "mana", "setup": "b1 c6"}));
    assert_eq!(clock(&server, 10_000, 0).status, 200);
    play(&server, &json!(1), "e1-e4");
    std::thread::sleep(Duration::from_millis(10_300));
    let state = server.get("/api/games/1").json();
    assert_eq!(state["result"]["winner"], "Black", "{state}");
    assert_eq!(state["result"]["reason"], "White's time ran out");
    assert_eq!(state["result"]["result"], "B+");
    assert_eq!(state["to_move"], Value::Null);
    let record = state["record"].as_str().unwrap_or_default();
    assert_eq!(
        record,
        "[Game \"mana\"]\n[Setup \"b1 c6\"]\n[Termination \"time forfeit\"]\n[Result \"B+\"]\n\n1. e1-e4 B+\n"
    );
    let (_, said, status) = run::kifu(&["validate", "-"], record.as_bytes());
    assert_eq!((said.as_str(), status), ("", Some(0)));
    let late = server.post("/api/games/1/moves", &json!({"move": "a6-a5"}));
    assert_eq!(
        late,
        refusal(
            409,
            "move.game-over",
            "the game is over: White's time ran out"
        )
    );
}
