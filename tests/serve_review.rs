//! The review of `kifu serve` through raw HTTP: a record opens as a game
//! at its end (`POST /api/games/record`), refused in the referee's words
//! when it breaks a rule; its review (`POST /api/games/{id}/review`) is
//! what `kifu analyse` writes of the same record, each move judged by the
//! chance it gave away (its class, glyph and accuracy agree), each side
//! counted, the chance of every position, the better move's squares, and
//! after a take back the new line's; a review longer than a request's
//! slice goes on over several requests; a Lotus game is judged turn by
//! turn, each player's chance charted.

use crate::support::matches;
use crate::support::run;
use crate::support::serve;

use serde_json::{Value, json};
use serve::{Server, refusal, scratch, serve};

/// The game of the record `text`, opened.
fn open(server: &Server, text: &str) -> Value {
    let opened = server.post("/api/games/record", &json!({ "text": text }));
    assert_eq!(opened.status, 201, "{}", opened.body);
    opened.json()
}

/// The class of a drop of `drop` points of 100, as the review names it.
fn class_of(drop: f64) -> Value {
    match drop {
        d if d >= 15.0 => json!("blunder"),
        d if d >= 10.0 => json!("mistake"),
        d if d >= 5.0 => json!("inaccuracy"),
        _ => Value::Null,
    }
}

#[test]
fn a_record_opens_at_its_end_and_a_faulty_one_is_refused_in_the_referee_s_words() {
    let dir = scratch("review-open");
    let server = serve(&dir, &[]);
    let text = std::fs::read_to_string("fixtures/mana/valid/black-wins.kifu")
        .unwrap_or_else(|e| panic!("{e}"));
    let state = open(&server, &text);
    assert_eq!(state["game"], "mana");
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(23));
    assert_eq!(state["moves"][22], "e5xd5@e4");
    assert_eq!(state["result"]["winner"], "Black");
    assert_eq!(state["result"]["reason"], "Daimyo captured");
    assert!(
        state["record"]
            .as_str()
            .is_some_and(|r| r.starts_with("[Game \"mana\"]\n[Setup \"b1 c6\"]\n")),
        "{state}"
    );
    let broken = server.post(
        "/api/games/record",
        &json!({"text": "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 b6-b4 *\n"}),
    );
    assert_eq!(
        broken,
        refusal(
            422,
            "serve.record",
            "line 4:10: move 1 (White, ply 2) b6-b4: disobeys the bird: the bird is on a single square, and a piece of yours on a single square can move, so you must move one of those"
        )
    );
}

#[test]
fn a_lotus_review_judges_each_turn_and_charts_each_player_s_chance() {
    let dir = scratch("review-lotus");
    let server = serve(&dir, &[]);
    let text = std::fs::read_to_string("fixtures/lotus/valid/six-players.kifu")
        .unwrap_or_else(|e| panic!("{e}"));
    let state = open(&server, &text);
    let id = state["id"].as_u64().unwrap_or_default();
    let review = format!("/api/games/{id}/review");
    // Past one turn, lotus's engine has no depth: a review goes by time.
    assert_eq!(
        server.post(&review, &json!({"depth": 2})),
        refusal(
            422,
            "serve.analyse",
            "lotus is searched at depth 1 (one whole turn ahead) or for a time: past one turn its engine plays races out to their end, with no depth to stop at: review by movetime"
        )
    );
    let answer = server.post(&review, &json!({"depth": 1}));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["searched"], answer["most"]);
    let reviewed = &answer["review"];
    // What kifu analyse writes of the same record.
    let record = state["record"].as_str().unwrap_or_default();
    let (analysed, said, status) = run::kifu(&["analyse", "--depth", "1"], record.as_bytes());
    assert_eq!((said.as_str(), status), ("", Some(0)));
    assert_eq!(reviewed["record"].as_str(), Some(analysed.as_str()));
    assert_eq!(reviewed["turns"], true);
    assert_eq!(
        (&reviewed["curve"], &reviewed["offset"]),
        (&json!(0.00133), &json!(950.0))
    );
    let players = ["cyan", "magenta", "violet", "orange", "amber", "red"];
    assert_eq!(reviewed["colours"]["amber"], "#ffa000");
    assert_eq!(reviewed["colours"]["red"], "#d32f2f");
    // A move judged is a whole turn: three pawn moves, the last two (the
    // game ends within the 34th turn).
    let moves = reviewed["moves"].as_array().cloned().unwrap_or_default();
    let plies = state["moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(moves.len(), 34);
    assert_eq!(plies.len(), 101);
    for (turn, judged) in moves.iter().enumerate() {
        let count = if turn == 33 { 2 } else { 3 };
        assert_eq!(
            (&judged["ply"], &judged["plies"], &judged["number"]),
            (&json!(3 * turn), &json!(count), &json!(turn + 1)),
            "{judged}"
        );
        let own: Vec<&str> = plies[3 * turn..3 * turn + count]
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert_eq!(judged["played"], own.join(" "));
        assert_eq!(judged["mover"], players[turn % 6]);
        let drop = judged["drop"].as_f64().unwrap_or(-1.0);
        assert_eq!(judged["class"], class_of(drop), "{judged}");
        // A better turn is another whole turn, its plies the line.
        if let Some(best) = judged["best"].as_str() {
            assert_ne!(judged["best"], judged["played"]);
            let line: Vec<&str> = (judged["line"].as_array().into_iter().flatten())
                .filter_map(Value::as_str)
                .collect();
            assert_eq!(line.join(" "), best);
        }
    }
    let classes: Vec<&str> = moves.iter().filter_map(|m| m["class"].as_str()).collect();
    assert!(
        classes.contains(&"blunder") && classes.contains(&"inaccuracy"),
        "{classes:?}"
    );
    let sides = reviewed["sides"].as_array().cloned().unwrap_or_default();
    let named: Vec<&Value> = sides.iter().map(|side| &side["player"]).collect();
    assert_eq!(named, players.map(|p| json!(p)).iter().collect::<Vec<_>>());
    // A chance at each turn's start, the mover's; at the end each
    // player's: 100 for the winner.
    let points = reviewed["points"].as_array().cloned().unwrap_or_default();
    assert_eq!(points.len(), 34 + 6);
    for (turn, point) in points.iter().take(34).enumerate() {
        assert_eq!(
            (&point["ply"], &point["player"]),
            (&json!(3 * turn), &json!(players[turn % 6]))
        );
    }
    // Magenta, violet and orange share the first place.
    let end: Vec<Value> = (points.iter().skip(34))
        .map(|p| json!([p["ply"], p["player"], p["chance"]]))
        .collect();
    let expected: Vec<Value> = (players.iter())
        .map(|&p| {
            let first = ["magenta", "violet", "orange"].contains(&p);
            json!([101, p, if first { 33.33 } else { 0.0 }])
        })
        .collect();
    assert_eq!(end, expected);
}

#[test]
fn the_review_is_what_kifu_analyse_writes_each_move_judged_by_the_chance_it_gave_away() {
    let dir = scratch("review-analyse");
    let server = serve(&dir, &[]);
    let text = std::fs::read_to_string("fixtures/mana/valid/black-wins.kifu")
        .unwrap_or_else(|e| panic!("{e}"));
    let state = open(&server, &text);
    let reviewed = server.post("/api/games/1/review", &json!({"depth": 2}));
    assert_eq!(reviewed.status, 200, "{}", reviewed.body);
    let answer = reviewed.json();
    assert_eq!(answer["searched"], answer["most"]);
    let review = &answer["review"];
    // The record written is kifu analyse's of the game's record.
    let record = state["record"].as_str().unwrap_or_default();
    let (analysed, said, status) = run::kifu(&["analyse", "--depth", "2"], record.as_bytes());
    assert_eq!((said.as_str(), status), ("", Some(0)));
    assert_eq!(review["record"].as_str(), Some(analysed.as_str()));
    assert_eq!(review["player"], "Black");
    // Mana's curve weighs forced wins only.
    assert_eq!(review["curve"], 0.0);

    let moves = review["moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(moves.len(), 23);
    let mut counted = std::collections::HashMap::new();
    for (ply, judged) in moves.iter().enumerate() {
        assert_eq!(judged["ply"], ply);
        assert_eq!(judged["played"], state["moves"][ply]);
        assert_eq!(
            judged["mover"],
            if ply % 2 == 0 { "Black" } else { "White" }
        );
        let drop = judged["drop"].as_f64().unwrap_or(-1.0);
        assert!((0.0..=100.0).contains(&drop), "{judged}");
        assert_eq!(judged["class"], class_of(drop), "{judged}");
        let glyph = match judged["class"].as_str() {
            Some("blunder") => json!("??"),
            Some("mistake") => json!("?"),
            Some("inaccuracy") => json!("?!"),
            _ => Value::Null,
        };
        assert_eq!(judged["glyph"], glyph, "{judged}");
        // lichess's accuracy of the drop.
        let accuracy = (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp()
            - 3.166_924_740_191_411)
            .clamp(0.0, 100.0);
        let given = judged["accuracy"].as_f64().unwrap_or(-1.0);
        assert!((given - accuracy).abs() < 0.02, "{judged}: {accuracy}");
        // A better move is another move, first in its line, its squares
        // the first arrow's.
        if let Some(best) = judged["best"].as_str() {
            assert_ne!(judged["best"], judged["played"]);
            assert_eq!(judged["line"][0], best);
            let (from, to) = best.split_once(['-', 'x']).unwrap_or_default();
            assert_eq!(judged["arrows"][0], json!([from, &to[..2]]), "{judged}");
        } else {
            assert_eq!(judged["drop"], 0.0, "{judged}");
            assert_eq!(judged["arrows"], json!([]));
        }
        let played = judged["played"].as_str().unwrap_or_default();
        if let Some((from, to)) = played.split_once(['-', 'x']) {
            assert_eq!(judged["squares"], json!([from, &to[..2]]), "{judged}");
        }
        if let Some(class) = judged["class"].as_str() {
            *counted
                .entry((judged["mover"].to_string(), class.to_owned()))
                .or_insert(0) += 1;
        }
    }
    assert!(
        counted.keys().any(|(_, class)| class == "blunder"),
        "{counted:?}"
    );
    // The glyphs of the record are the classes'.
    let glyphs = analysed.matches("??").count();
    let blunders: usize = (counted.iter())
        .filter(|((_, class), _)| class == "blunder")
        .map(|(_, n)| n)
        .sum();
    assert_eq!(glyphs, blunders, "{analysed}");
    let sides = review["sides"].as_array().cloned().unwrap_or_default();
    assert_eq!(sides.len(), 2);
    for (side, player) in sides.iter().zip(["Black", "White"]) {
        assert_eq!(side["player"], player);
        assert_eq!(side["moves"], if player == "Black" { 12 } else { 11 });
        for (field, class) in [
            ("inaccuracies", "inaccuracy"),
            ("mistakes", "mistake"),
            ("blunders", "blunder"),
        ] {
            let key = (json!(player).to_string(), class.to_owned());
            assert_eq!(
                side[field],
                counted.get(&key).copied().unwrap_or(0),
                "{side}"
            );
        }
        let accuracy = side["accuracy"].as_f64().unwrap_or(-1.0);
        assert!((0.0..=100.0).contains(&accuracy), "{side}");
    }
    let points = review["points"].as_array().cloned().unwrap_or_default();
    assert_eq!(points.len(), 24);
    for (ply, point) in points.iter().enumerate() {
        assert_eq!(point["ply"], ply);
        let chance = point["chance"].as_f64().unwrap_or(-1.0);
        // k 0: even, or sure where a side has a forced win.
        assert!([0.0, 50.0, 100.0].contains(&chance), "{point}");
    }
    // Black captured the Daimyo: the end is Black's for sure.
    assert_eq!(
        points[23],
        json!({"ply": 23, "player": "Black", "score": null, "chance": 100.0})
    );
    // Asked again, the review is the same, from the views kept.
    let again = server.post("/api/games/1/review", &json!({"depth": 2}));
    assert_eq!(again.json(), answer);
    // Taken back and played otherwise, the game's review is the new
    // line's, as kifu analyse writes it: no view of the old line is kept
    // past where they part.
    let back = server.post("/api/games/1/takeback", &json!({"kept": 10}));
    assert_eq!(back.status, 200, "{}", back.body);
    let other = (back.json()["legal_moves"].as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .find(|mv| Some(*mv) != state["moves"][10].as_str())
        .unwrap_or_default()
        .to_owned();
    let played = server.post("/api/games/1/moves", &json!({ "move": other }));
    assert_eq!(played.status, 200, "{}", played.body);
    let record = played.json()["record"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let again = server
        .post("/api/games/1/review", &json!({"depth": 2}))
        .json();
    let (analysed, _, status) = run::kifu(&["analyse", "--depth", "2"], record.as_bytes());
    assert_eq!(status, Some(0));
    assert_eq!(again["review"]["record"].as_str(), Some(analysed.as_str()));
    assert_eq!(again["review"]["moves"].as_array().map(Vec::len), Some(11));
}

#[test]
fn a_review_longer_than_a_request_s_slice_goes_on_over_several() {
    let dir = scratch("review-slices");
    // 1.8 s a search: the first request stops at its 8 s slice, after
    // 5 searches.
    let slow = matches::test_engine("--delay 1800 --score 20");
    let server = serve(&dir, &["--engine", &slow]);
    let text =
        "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 a6-a5 2. a1-c2 e6-e5@e3 3. f1-f3 *\n";
    open(&server, text);
    let first = server.post("/api/games/1/review", &json!({"movetime": 100}));
    assert_eq!(first.status, 200, "{}", first.body);
    let first = first.json();
    assert_eq!(first, json!({"searched": 5, "most": 11, "review": null}));
    let mut requests = 1;
    let review = loop {
        let next = server.post("/api/games/1/review", &json!({"movetime": 100}));
        assert_eq!(next.status, 200, "{}", next.body);
        requests += 1;
        let next = next.json();
        if !next["review"].is_null() {
            assert_eq!(next["searched"], next["most"], "{next}");
            break next["review"].clone();
        }
        assert!(requests < 4, "{next}");
    };
    assert_eq!(review["moves"].as_array().map(Vec::len), Some(5));
    // The engine says cp 20 everywhere: by mana's curve (k 0) each
    // position is even.
    let points = review["points"].as_array().cloned().unwrap_or_default();
    assert_eq!(points.len(), 6);
    for point in points {
        assert_eq!(point["chance"], 50.0, "{point}");
        assert_eq!(point["score"], "cp 20", "{point}");
    }
}
