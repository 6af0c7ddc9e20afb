//! The Play state of `kifu serve` through raw HTTP: the legal moves it
//! groups by the square they leave are those `kifu moves` lists, in each
//! game; a pass and a re-entry are buttons; an Escampe start is placed
//! square by square or by the engine (a KEP one too; one that places
//! wrongly places nothing), moves and saves refused while it is; a hint
//! plays nothing; any KEP engine (`--engine`) plays, and its failures are
//! answers while the game goes on; the analysis and the score graph.

use crate::support::matches;
use crate::support::run;
use crate::support::serve;

use serde_json::{Value, json};
use serve::{Server, play, refusal, scratch, serve, start};

/// The moves of a record's main line, written without comments.
fn main_line(record: &str) -> Vec<String> {
    (record.lines())
        .filter(|line| !line.starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|word| !word.ends_with('.'))
        .filter(|word| !["*", "1-0", "0-1", "B+", "W+", "1/2-1/2"].contains(word))
        .filter(|word| !word.contains('+') || word.contains('-') || word.contains('x'))
        .map(str::to_owned)
        .collect()
}

/// Every move of the state's `pieces` and `buttons`, sorted.
fn grouped(state: &Value) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    for piece in state["pieces"].as_array().into_iter().flatten() {
        for target in piece["targets"].as_array().into_iter().flatten() {
            for mv in target["moves"].as_array().into_iter().flatten() {
                moves.push(mv.as_str().unwrap_or_default().to_owned());
            }
        }
    }
    for mv in state["buttons"].as_array().into_iter().flatten() {
        moves.push(mv.as_str().unwrap_or_default().to_owned());
    }
    moves.sort();
    moves
}

/// `kifu moves` of the state's record: the legal moves after it, sorted.
fn kifu_moves(state: &Value) -> Vec<String> {
    let record = state["record"].as_str().unwrap_or_default();
    kifu_moves_of(record).unwrap_or_else(|said| panic!("{said}\n{record}"))
}

/// `kifu moves` of `record`, or what it said refusing it (a record that
/// ends within a Lotus turn).
fn kifu_moves_of(record: &str) -> Result<Vec<String>, String> {
    let (listed, said, status) = run::kifu(&["moves", "-"], record.as_bytes());
    if status != Some(0) {
        return Err(said);
    }
    let mut moves: Vec<String> = listed.lines().map(str::to_owned).collect();
    moves.sort();
    Ok(moves)
}

#[test]
fn the_moves_by_square_are_those_of_kifu_moves_in_every_game() {
    let dir = scratch("play-pieces");
    let server = serve(&dir, &[]);
    for game in ["mana", "shogun", "escampe", "lotus"] {
        let mut state = start(&server, &json!({"game": game, "seed": 7}));
        let id = state["id"].clone();
        let squares = state["squares"].as_array().map_or(0, Vec::len);
        let expected_squares = match game {
            "lotus" => 22,
            "shogun" => 64,
            _ => 36,
        };
        assert!(squares >= expected_squares, "{game}: {squares} squares");
        let mut compared = 0;
        for ply in 0..12 {
            if !state["result"].is_null() {
                break;
            }
            // A record cannot end within a Lotus turn: compared at the
            // start of each turn, and within it the pieces are checked
            // against the state's own legal moves.
            let record = state["record"].as_str().unwrap_or_default();
            let legal = match kifu_moves_of(record) {
                Ok(legal) => {
                    compared += 1;
                    legal
                }
                Err(said) if game == "lotus" && said.contains("has fewer") => {
                    let mut own: Vec<String> = (state["legal_moves"].as_array().into_iter())
                        .flatten()
                        .map(|mv| mv.as_str().unwrap_or_default().to_owned())
                        .collect();
                    own.sort();
                    own
                }
                Err(said) => panic!("{game}: {said}\n{record}"),
            };
            assert_eq!(grouped(&state), legal, "{game} at ply {ply}");
            let mut listed: Vec<String> = (state["legal_moves"].as_array().into_iter().flatten())
                .map(|mv| mv.as_str().unwrap_or_default().to_owned())
                .collect();
            listed.sort();
            assert_eq!(listed, legal, "{game} at ply {ply}");
            // Each piece's square is a square of the board.
            for piece in state["pieces"].as_array().into_iter().flatten() {
                let from = &piece["from"];
                assert!(
                    (state["squares"].as_array().into_iter().flatten())
                        .any(|square| square["square"] == *from),
                    "{game}: {from} is no square"
                );
            }
            let next = legal[ply * 7 % legal.len()].clone();
            state = play(&server, &id, &next);
        }
        assert!(
            compared >= 3,
            "{game}: compared with kifu moves {compared} times"
        );
    }
}

#[test]
fn a_pass_and_a_re_entry_are_buttons() {
    let dir = scratch("play-buttons");
    let server = serve(&dir, &[]);
    for (game, wanted) in [("escampe", "--"), ("mana", "R*")] {
        let (records, _, _) = run::kifu(&["random", game, "--seed", "1", "--count", "40"], b"");
        let record = (records
            .split("\n\n[")
            .map(|r| format!("[{}", r.trim_start_matches('[')))
            .find(|r| main_line(r).iter().any(|mv| mv.starts_with(wanted))))
        .unwrap_or_else(|| panic!("no {wanted} in 40 {game} games"));
        let tags: Vec<String> = (record.lines())
            .filter_map(|line| line.strip_prefix('[')?.strip_suffix("\"]"))
            .filter_map(|tag| tag.split_once(" \""))
            .filter(|(name, _)| *name != "Game")
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        let setup = |name: &str| {
            (tags.iter()).find_map(|t| t.strip_prefix(&format!("{name}=")).map(str::to_owned))
        };
        let mut state = start(
            &server,
            &json!({"game": game, "setup": setup("Setup"), "position": setup("Position")}),
        );
        let id = state["id"].clone();
        for mv in main_line(&record) {
            if mv.starts_with(wanted) {
                let buttons = state["buttons"].as_array().cloned().unwrap_or_default();
                assert!(
                    buttons.contains(&json!(mv)),
                    "{game}: {mv} not in {buttons:?}"
                );
                assert_eq!(grouped(&state), kifu_moves(&state), "{game}");
                break;
            }
            state = play(&server, &id, &mv);
        }
    }
}

#[test]
fn an_escampe_start_is_placed_square_by_square() {
    let dir = scratch("play-placement");
    let server = serve(&dir, &["games.kifu"]);
    let mut state = start(&server, &json!({"game": "escampe"}));
    let placing = state["placing"].clone();
    assert_eq!(state["legal_moves"], json!([]));
    assert_eq!(state["pieces"], json!([]));
    assert_eq!(placing["given"], json!([]));
    let first_mover = placing["mover"].clone();
    assert_eq!(state["to_move"], first_mover);
    // Everything else but the engine waits for the start.
    let words = format!(
        "the start is being placed: {}",
        placing["request"].as_str().unwrap_or_default()
    );
    let waiting = refusal(409, "serve.placing", &words);
    assert_eq!(
        server.post("/api/games/1/moves", &json!({"move": "a1-a2"})),
        waiting
    );
    assert_eq!(
        server.post("/api/games/1/analyse", &json!({"movetime": 10})),
        waiting
    );
    assert_eq!(
        server.post("/api/games/1/save", &json!({"file": 0})),
        waiting
    );
    assert!(!dir.join("games.kifu").exists());
    // A square not open: the exact refusal, and nothing given.
    let open: Vec<Value> = placing["open"].as_array().cloned().unwrap_or_default();
    assert!(!open.is_empty());
    let closed = ["a1", "a2", "a3", "a4", "a5", "a6", "f6", "zz"]
        .into_iter()
        .find(|square| !open.contains(&json!(square)))
        .unwrap_or("zz");
    let refused = server.post("/api/games/1/placement", &json!({"square": closed}));
    let request = placing["request"].as_str().unwrap_or_default();
    assert_eq!(
        refused,
        refusal(
            422,
            "serve.place",
            &format!("{closed} is not open: {request}")
        )
    );
    assert_eq!(server.get("/api/games/1").json(), state);
    // Each side places: the square given leaves the open ones.
    let mut given = 0;
    while !state["placing"].is_null() {
        let placing = &state["placing"];
        let open = placing["open"].as_array().cloned().unwrap_or_default();
        let square = open[given % open.len()].clone();
        let placed = server.post("/api/games/1/placement", &json!({"square": square}));
        assert_eq!(placed.status, 200, "{}", placed.body);
        let next = placed.json();
        if next["placing"]["mover"] == placing["mover"] {
            let now = next["placing"]["open"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            assert!(!now.contains(&square), "{square} still open: {now:?}");
            assert_eq!(
                next["placing"]["given"].as_array().and_then(|g| g.last()),
                Some(&square)
            );
        }
        state = next;
        given += 1;
        assert!(given <= 12, "still placing after 12 squares");
    }
    assert_eq!(given, 12);
    assert_ne!(state["to_move"], Value::Null);
    assert_eq!(grouped(&state), kifu_moves(&state));
    let tags = state["record"].as_str().unwrap_or_default();
    assert!(tags.starts_with("[Game \"escampe\"]\n[Setup \""), "{tags}");
    let again = server.post("/api/games/1/placement", &json!({"square": "a1"}));
    assert_eq!(
        again,
        refusal(409, "serve.placed", "the start is placed: play moves")
    );
}

/// Places the start of game `id` by giving each open square in turn (the
/// first open one) until the side placing is no longer `mover`; the
/// state after.
fn place_by_clicks(server: &Server, id: &Value, mover: &Value) -> Value {
    let mut state = server.get(&format!("/api/games/{id}")).json();
    for _ in 0..6 {
        if state["placing"]["mover"] != *mover {
            break;
        }
        let square = state["placing"]["open"][0].clone();
        let placed = server.post(
            &format!("/api/games/{id}/placement"),
            &json!({"square": square}),
        );
        assert_eq!(placed.status, 200, "{square}: {}", placed.body);
        state = placed.json();
    }
    assert_ne!(state["placing"]["mover"], *mover, "{state}");
    state
}

#[test]
fn the_engine_places_an_escampe_start_and_a_hint_gives_a_placement() {
    let dir = scratch("play-engine-places");
    let server = serve(&dir, &[]);
    let state = start(&server, &json!({"game": "escampe"}));
    let first = state["placing"]["mover"].clone();
    // A hint: a whole placement for the side placing, nothing placed.
    let hint = server.post("/api/games/1/hint", &json!({"movetime": 50}));
    assert_eq!(hint.status, 200, "{}", hint.body);
    let hint = hint.json();
    assert_eq!(hint["resigned"], false);
    let squares = hint["moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(squares.len(), 6, "{hint}");
    assert_eq!(server.get("/api/games/1").json(), state);
    // Its squares, clicked one by one in a game started alike, place
    // that side's start.
    start(&server, &json!({"game": "escampe"}));
    for square in &squares {
        let placed = server.post("/api/games/2/placement", &json!({"square": square}));
        assert_eq!(placed.status, 200, "{square}: {}", placed.body);
    }
    let twin = server.get("/api/games/2").json();
    assert_ne!(twin["placing"]["mover"], first, "{twin}");
    // The engine places the first side, the square clicked before
    // replaced by its own.
    let clicked = state["placing"]["open"][0].clone();
    let placed = server.post("/api/games/1/placement", &json!({"square": clicked}));
    assert_eq!(placed.status, 200, "{}", placed.body);
    let answer = server.post("/api/games/1/engine", &json!({"movetime": 50}));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["resigned"], false);
    let engine_squares: Vec<&str> = (answer["moves"].as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(engine_squares.len(), 6, "{answer}");
    let state = &answer["state"];
    assert_ne!(state["placing"]["mover"], first, "{state}");
    assert_eq!(state["placing"]["given"], json!([]));
    assert_eq!(state["moves"], json!([]));
    // The other side placed by clicks: the game begins from the start
    // placed, the engine's squares in its Setup.
    let second = state["placing"]["mover"].clone();
    let state = place_by_clicks(&server, &json!(1), &second);
    assert_eq!(state["placing"], Value::Null);
    let record = state["record"].as_str().unwrap_or_default();
    let setup = (record.strip_prefix("[Game \"escampe\"]\n[Setup \""))
        .and_then(|rest| rest.split_once('"'))
        .map_or("", |(setup, _)| setup);
    assert!(
        setup.contains(&engine_squares.join(" ")),
        "{setup} lacks {engine_squares:?}: {record}"
    );
    // The game goes on: the engine moves, then a move by hand.
    let answer = server.post("/api/games/1/engine", &json!({"movetime": 50}));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let state = answer.json()["state"].clone();
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(1), "{state}");
    let legal = state["legal_moves"][0].as_str().unwrap_or_default();
    let state = play(&server, &json!(1), legal);
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(2), "{state}");
}

#[test]
fn a_kep_engine_places_and_a_placement_refused_places_nothing() {
    let dir = scratch("play-kep-places");
    let server = serve(&dir, &["--engine", &matches::test_engine("")]);
    start(&server, &json!({"game": "escampe"}));
    for side in 0..2 {
        let placed = server.post("/api/games/1/engine", &json!({"movetime": 200}));
        assert_eq!(placed.status, 200, "{side}: {}", placed.body);
        assert_eq!(placed.json()["moves"].as_array().map(Vec::len), Some(6));
    }
    let state = server.get("/api/games/1").json();
    assert_eq!(state["placing"], Value::Null, "{state}");
    assert!(!grouped(&state).is_empty(), "{state}");

    let illegal = matches::test_engine("--illegal-at 0");
    let server = serve(&dir, &["--engine", &illegal]);
    let state = start(&server, &json!({"game": "escampe"}));
    let request = state["placing"]["request"].as_str().unwrap_or_default();
    let refused = server.post("/api/games/1/engine", &json!({"movetime": 200}));
    assert_eq!(
        refused,
        refusal(
            502,
            "serve.engine",
            &format!("the engine placed z9-z9: z9-z9 is not open: {request}")
        )
    );
    assert_eq!(server.get("/api/games/1").json(), state);
}

#[test]
fn a_hint_is_a_legal_move_and_plays_nothing() {
    let dir = scratch("play-hint");
    let server = serve(&dir, &[]);
    for game in ["mana", "shogun", "escampe", "lotus"] {
        let state = start(&server, &json!({"game": game, "seed": 3}));
        let id = state["id"].clone();
        let hint = server.post(&format!("/api/games/{id}/hint"), &json!({"movetime": 300}));
        assert_eq!(hint.status, 200, "{}", hint.body);
        let hint = hint.json();
        assert_eq!(hint["resigned"], false);
        let first = hint["moves"][0].as_str().unwrap_or_default().to_owned();
        assert!(kifu_moves(&state).contains(&first), "{game}: {first}");
        assert_eq!(server.get(&format!("/api/games/{id}")).json(), state);
    }
}

#[test]
fn a_kep_engine_plays_and_its_failures_are_answers_while_the_game_goes_on() {
    let dir = scratch("play-kep");
    let crashing = matches::test_engine("--crash-at 1");
    let server = serve(&dir, &["--engine", &crashing]);
    let state = start(&server, &json!({"game": "mana", "seed": 1}));
    let engine = server.post("/api/games/1/engine", &json!({"movetime": 200}));
    assert_eq!(engine.status, 200, "{}", engine.body);
    let moves = engine.json()["moves"].clone();
    assert_eq!(engine.json()["state"]["moves"], moves);
    let crashed = server.post("/api/games/1/engine", &json!({"movetime": 200}));
    assert_eq!(crashed.status, 502, "{}", crashed.body);
    assert_eq!(crashed.json()["code"], "serve.engine");
    let said = crashed.json()["error"].clone();
    assert!(
        said.as_str()
            .is_some_and(|s| s.starts_with("the engine gave no move: the engine exited")),
        "{said}"
    );
    // The game goes on: a move by hand, then the engine started again.
    let after = server.get("/api/games/1").json();
    assert_eq!(after["moves"], moves);
    let mv = after["legal_moves"][0]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let state2 = play(&server, &json!(1), &mv);
    assert_eq!(state2["moves"].as_array().map(Vec::len), Some(2));
    let _ = state;

    let illegal = matches::test_engine("--illegal-at 0");
    let server = serve(&dir, &["--engine", &illegal]);
    let state = start(&server, &json!({"game": "shogun", "seed": 1}));
    let refused = server.post("/api/games/1/engine", &json!({"movetime": 200}));
    assert_eq!(refused.status, 502, "{}", refused.body);
    assert_eq!(refused.json()["code"], "serve.engine");
    assert!(
        refused.json()["error"]
            .as_str()
            .is_some_and(|s| s.starts_with("the engine played ")),
        "{}",
        refused.body
    );
    assert_eq!(server.get("/api/games/1").json(), state);

    // The board waits 3 s past the movetime (serve's patience), not 6.
    let slow = matches::test_engine("--delay 6000");
    let server = serve(&dir, &["--engine", &slow]);
    let state = start(&server, &json!({"game": "escampe", "seed": 1}));
    let began = std::time::Instant::now();
    let late = server.post("/api/games/1/hint", &json!({"movetime": 100}));
    let waited = began.elapsed().as_secs();
    assert!((3..6).contains(&waited), "{:?}", began.elapsed());
    assert_eq!(late.status, 502, "{}", late.body);
    assert!(
        late.json()["error"]
            .as_str()
            .is_some_and(|s| s.starts_with("the engine gave no move: no move within")),
        "{}",
        late.body
    );
    assert_eq!(server.get("/api/games/1").json(), state);
    assert_eq!(server.get("/api/files").status, 200);

    let missing = serve(&dir, &["--engine", "/nonexistent/engine"]);
    start(&missing, &json!({"game": "mana", "seed": 1}));
    let gone = missing.post("/api/games/1/hint", &json!({"movetime": 100}));
    assert_eq!(gone.status, 502, "{}", gone.body);
    assert!(
        gone.json()["error"]
            .as_str()
            .is_some_and(|s| s.starts_with("the engine gave no move: cannot start")),
        "{}",
        gone.body
    );
}

#[test]
fn the_analysis_gives_a_score_and_a_line_and_the_graph_a_point_a_position() {
    let dir = scratch("play-analyse");
    let scoring = matches::test_engine("--score 35");
    let server = serve(&dir, &["--engine", &scoring]);
    let state = start(&server, &json!({"game": "mana", "seed": 1}));
    let mut moves = Vec::new();
    let mut state = state;
    for _ in 0..3 {
        let mv = state["legal_moves"][0]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        moves.push(mv.clone());
        state = play(&server, &json!(1), &mv);
    }
    let analysed = server.post("/api/games/1/analyse", &json!({"movetime": 100}));
    assert_eq!(analysed.status, 200, "{}", analysed.body);
    let analysed = analysed.json();
    assert_eq!(analysed["ply"], 3);
    assert_eq!(analysed["to_move"], state["to_move"]);
    assert_eq!(analysed["score"], "cp 35");
    let best = analysed["best"][0].as_str().unwrap_or_default().to_owned();
    assert!(kifu_moves(&state).contains(&best), "{best}");
    assert_eq!(server.get("/api/games/1").json(), state);
    let graph = server.post("/api/games/1/graph", &json!({"movetime": 50}));
    assert_eq!(graph.status, 200, "{}", graph.body);
    let graph = graph.json();
    let points = graph["points"].as_array().cloned().unwrap_or_default();
    assert_eq!(points.len(), 4);
    for (ply, point) in points.iter().enumerate() {
        assert_eq!(point["ply"], ply);
        assert_eq!(point["score"], "cp 35");
        // From the first player's view: each side thinks itself better.
        assert_eq!(point["value"], if ply % 2 == 0 { 35 } else { -35 });
    }
    let both = server.post("/api/games/1/analyse", &json!({"movetime": 10, "depth": 2}));
    assert_eq!(
        both,
        refusal(422, "serve.analyse", "give a movetime or a depth, not both")
    );
    let long = server.post("/api/games/1/graph", &json!({"movetime": 10000}));
    assert_eq!(
        long,
        refusal(
            422,
            "serve.analyse",
            "4 positions at 10000 ms each take more than 20 s: give a shorter movetime"
        )
    );
    // The built-in engine to a depth.
    let built_in = serve(&dir, &[]);
    start(&built_in, &json!({"game": "shogun", "seed": 1}));
    let deep = built_in.post("/api/games/1/analyse", &json!({"depth": 2}));
    assert_eq!(deep.status, 200, "{}", deep.body);
    let deep = deep.json();
    assert!(
        deep["score"].as_str().is_some_and(|s| s.starts_with("cp ")),
        "{deep}"
    );
    assert!(!deep["pv"].as_array().is_none_or(Vec::is_empty), "{deep}");
    let lotus = built_in.post("/api/games", &json!({"game": "lotus"}));
    assert_eq!(lotus.status, 201);
    let turns = built_in.post("/api/games/2/graph", &json!({"movetime": 10}));
    assert_eq!(turns.status, 422, "{}", turns.body);
}

#[test]
fn a_collection_is_listed_once_counted_and_read_a_page_at_a_time() {
    let dir = scratch("play-pages");
    let (records, _, _) = run::kifu(&["random", "mana", "--seed", "1", "--count", "30"], b"");
    std::fs::write(dir.join("big.kifu"), &records).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["big.kifu"]);
    let listed = server.get("/api/files").json();
    assert_eq!(listed[0]["records"], 30);
    let all = server.get("/api/files/0").json();
    assert_eq!(all["next"], Value::Null);
    let all = all["records"].as_array().cloned().unwrap_or_default();
    assert_eq!(all.len(), 30);
    let page = server.get("/api/files/0?from=10&count=5").json();
    assert_eq!(page["records"], json!(all[10..15]));
    assert_eq!(page["next"], 15);
    let end = server.get("/api/files/0?from=28&count=5").json();
    assert_eq!(end["records"], json!(all[28..]));
    assert_eq!(end["next"], Value::Null);
    // A save changes the file: counted again.
    start(&server, &json!({"game": "mana", "seed": 1}));
    let saved = server.post("/api/games/1/save", &json!({"file": 0}));
    assert_eq!(saved.json()["records"], 31);
    assert_eq!(server.get("/api/files").json()[0]["records"], 31);
}

#[test]
fn at_most_sixteen_games_keep_their_engine_process() {
    let dir = scratch("play-seats");
    let marker = format!("serve-seats-{}", std::process::id());
    let engine = matches::test_engine(&format!("--marker {marker}"));
    let server = serve(&dir, &["--engine", &engine]);
    for id in 1..=20 {
        start(&server, &json!({"game": "mana", "seed": id}));
        let hint = server.post(&format!("/api/games/{id}/hint"), &json!({"movetime": 100}));
        assert_eq!(hint.status, 200, "game {id}: {}", hint.body);
    }
    // The games past the sixteenth started theirs for the question and
    // ended it after.
    // (The server's own command line holds the marker too.)
    let engines = || {
        (matches::processes_with(&marker).iter())
            .filter(|line| !line.contains(" serve --engine "))
            .count()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let mut running = engines();
    while running > 16 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
        running = engines();
    }
    assert_eq!(running, 16);
    drop(server);
}
