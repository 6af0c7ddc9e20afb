//! The board of `kifu serve` in a real browser (Debian's Chromium through
//! chromedriver, as `tests/browser.rs` drives it): a whole game of each
//! of the four games played by clicking, always the first piece that may
//! move, then its first target, a choice by its first button, Escampe's
//! start placed square by square, one game against the engine answering
//! every move by itself; the result said is the referee's, and the games
//! saved validate with the same moves. Then moves dragged by a mouse and
//! by a finger, a drag let go off its targets finished by a click; the
//! new-game form's fields for Lotus (four players, flowers, a course) and
//! its refusal of a bad value; and Escampe against the engine, which
//! places its side's start by itself.
//!
//! In CI (`CI=true`) the test fails when Chromium or chromedriver is
//! missing; elsewhere it says so and passes without running.

use crate::support::chromium;
use crate::support::fixtures as support;
use crate::support::serve as serve_support;

use chromium::{browser, click_first, js, ready, screenshots, shot};
use fantoccini::actions::{
    InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction, TouchActions,
};
use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// A game, as the page's own requests get it (the cookie carries the token).
async fn state(client: &Client, id: &Value) -> Value {
    let script = format!("return fetch('/api/games/{id}').then((r) => r.json());");
    js(client, &script).await
}

/// Chooses `game` in the form (its fields shown), fills in `fields` (by
/// id), and starts it.
async fn start(client: &Client, game: &str, fields: &[(&str, &str)]) {
    ready(client).await;
    // The dialog of a game just ended is closed, as a person closes it.
    click_first(client, "#end[open] #end-close").await;
    let mut form = format!(
        "const game = document.getElementById('game'); game.value = '{game}'; \
         game.dispatchEvent(new Event('change')); \
         const people = document.getElementById('vs-people'); people.checked = true; \
         people.dispatchEvent(new Event('change')); \
         for (const seat of document.querySelectorAll('#seat-choices select')) seat.value = 'person'; \
         document.getElementById('movetime').value = '50';"
    );
    for (id, value) in fields {
        form.push_str(&format!(
            "document.getElementById('{id}').value = {};",
            json!(value)
        ));
    }
    js(client, &form).await;
    assert!(click_first(client, "#new button[type=submit]").await);
}

/// Lets the computer play `engine` (a side, or none), chosen as a
/// person chooses it, in the seats of the game: it plays at once if that
/// side is to move.
async fn engine_plays(client: &Client, engine: &str) {
    if engine.is_empty() {
        return;
    }
    let seat = engine.to_lowercase();
    js(
        client,
        &format!(
            "const seat = document.getElementById('seat-{seat}'); seat.value = 'computer'; \
             seat.dispatchEvent(new Event('change'));"
        ),
    )
    .await;
    ready(client).await;
}

/// Starts a game from the form, lets the engine play `engine` (a side,
/// or none), and plays the other side by clicking until the game is
/// over; how many clicks it took.
async fn play(client: &Client, game: &str, setup: &str, engine: &str) -> usize {
    start(client, game, &[("setup", setup)]).await;
    engine_plays(client, engine).await;
    play_out(client, game).await
}

/// A result as the page says it in words: "Black wins: Daimyo captured";
/// Lotus's first place, shared or not.
fn result_words(result: &Value) -> String {
    let named = |player: &str| {
        let mut letters = player.chars();
        letters.next().map_or_else(String::new, |first| {
            first.to_uppercase().chain(letters).collect()
        })
    };
    let reason = result["reason"].as_str().unwrap_or_default();
    if let Some(scores) = result["scores"].as_array() {
        let first: Vec<String> = (scores.iter())
            .filter(|p| p["place"] == 1)
            .map(|p| named(p["player"].as_str().unwrap_or_default()))
            .collect();
        let verb = if first.len() > 1 {
            "share first place"
        } else {
            "wins"
        };
        return format!("{} {verb}: {reason}", first.join(" and "));
    }
    match result["winner"].as_str() {
        Some(winner) => format!("{} wins: {reason}", named(winner)),
        None => format!("No winner: {reason}"),
    }
}

/// Plays the game shown by clicking until it is over, always the first
/// piece that may move, its first target, a choice by its first button;
/// how many clicks it took.
async fn play_out(client: &Client, game: &str) -> usize {
    let mut clicks = 0;
    loop {
        let over = js(client, "return Boolean(game && game.result);").await;
        if over == json!(true) {
            break;
        }
        assert!(clicks < 600, "{game}: no end after {clicks} clicks");
        clicks += 1;
        if click_first(client, ".spot.open").await {
            continue;
        }
        if click_first(client, ".spot.movable").await {
            if click_first(client, ".spot.target").await {
                click_first(client, "#choices button").await;
            } else {
                assert!(
                    click_first(client, "#choices button").await,
                    "{game}: no target"
                );
            }
            continue;
        }
        assert!(
            click_first(client, "#buttons button").await,
            "{game}: nothing to click"
        );
    }
    clicks
}

#[tokio::test(flavor = "current_thread")]
async fn a_whole_game_of_each_game_is_played_by_clicking_and_saved() {
    let Some((chromium, driver)) = chromium::installed("tests/browser_serve.rs") else {
        return;
    };
    let dir = support::scratch("browser-serve");
    let server = serve_support::serve(&dir, &["games.kifu"]);
    let url = server.url();
    let (_driver, client) = browser(&chromium, &driver, &dir).await;
    let shots = screenshots();
    client
        .goto(&url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    // Mana against the engine, which plays White; Escampe placed by clicks.
    let games = [
        ("mana", "c1 c6", "White"),
        ("mana", "c1 c6", ""),
        ("escampe", "", ""),
        ("shogun", "", ""),
        ("lotus", "", ""),
    ];
    let mut saved = Vec::new();
    for (game, setup, engine) in games {
        let started = Instant::now();
        let clicks = play(&client, game, setup, engine).await;
        let shown = js(
            &client,
            "return document.getElementById('status').textContent;",
        )
        .await;
        let games_made = saved.len() + 1;
        let state = state(&client, &shown_id(&client).await).await;
        assert_eq!(shown, json!(result_words(&state["result"])), "{game}");
        assert_eq!(state["to_move"], Value::Null, "{game}");
        if !engine.is_empty() {
            let plies = state["moves"].as_array().map_or(0, Vec::len);
            assert!(plies > clicks / 2, "{game}: the engine played no move");
        }
        assert!(
            click_first(&client, "#end[open] #end-close").await,
            "{game}: no end dialog"
        );
        assert!(click_first(&client, "#save").await);
        let said = js(
            &client,
            "return document.getElementById('status').textContent;",
        )
        .await;
        assert_eq!(
            said,
            json!(match games_made {
                1 => "Saved to games.kifu (1 record)".to_owned(),
                n => format!("Saved to games.kifu ({n} records)"),
            }),
            "{game}"
        );
        shot(&client, &shots, &format!("serve-{games_made}-{game}")).await;
        saved.push((game, state));
        eprintln!(
            "{game}: {clicks} clicks in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
    let (verdicts, status) = support::validate_json(&dir.join("games.kifu"));
    assert_eq!(status, Some(0), "{verdicts:?}");
    assert_eq!(verdicts.len(), saved.len());
    for (verdict, (game, state)) in verdicts.iter().zip(&saved) {
        assert_eq!(verdict["game"], json!(game));
        assert_eq!(verdict["valid"], true, "{game}: {verdict}");
        let plies = state["moves"].as_array().map_or(0, Vec::len);
        assert_eq!(verdict["plies"], json!(plies), "{game}");
        assert_eq!(verdict["result"], state["result"]["result"], "{game}");
    }
    let _ = client.close().await;
}

/// The spot of `square` on the play board.
async fn spot(client: &Client, square: &str) -> Element {
    let css = format!("#spots .spot[data-square='{square}']");
    client
        .find(Locator::Css(&css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
}

/// Presses `pointer` on the spot of `from` and moves it, held down, over
/// the spot of `to`; there lets it go if `lift`.
async fn drag<P>(client: &Client, pointer: P, from: &str, to: &str, lift: bool)
where
    P: InputSource<Action = PointerAction>,
{
    let (from, to) = (spot(client, from).await, spot(client, to).await);
    let centre = |element| PointerAction::MoveToElement {
        element,
        duration: Some(Duration::from_millis(100)),
        x: 0.0,
        y: 0.0,
    };
    let mut actions = (pointer.then(centre(from)))
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(centre(to));
    if lift {
        actions = actions.then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    }
    client
        .perform_actions(actions)
        .await
        .unwrap_or_else(|e| panic!("drag: {e}"));
}

/// Lets `pointer` go where it is, and waits for what it did.
async fn release<P>(client: &Client, pointer: P)
where
    P: InputSource<Action = PointerAction>,
{
    let up = pointer.then(PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    });
    client
        .perform_actions(up)
        .await
        .unwrap_or_else(|e| panic!("release: {e}"));
    ready(client).await;
}

/// The classes of the spot of `square`.
async fn classes(client: &Client, square: &str) -> String {
    let script = format!(
        "return document.querySelector(\"#spots .spot[data-square='{square}']\").className;"
    );
    js(client, &script)
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// A move of `state` that one square tells: its piece's square, its
/// target's and the move.
fn dragged_move(state: &Value) -> (String, String, String) {
    let pieces = state["pieces"].as_array().into_iter().flatten();
    pieces
        .flat_map(|piece| {
            let targets = piece["targets"].as_array().into_iter().flatten();
            targets.filter_map(move |target| {
                let to = target["to"].as_str()?;
                let [only] = target["moves"].as_array()?.as_slice() else {
                    return None;
                };
                let from = piece["from"].as_str()?;
                Some((from.to_owned(), to.to_owned(), only.as_str()?.to_owned()))
            })
        })
        .next()
        .unwrap_or_else(|| panic!("no move to drag: {state}"))
}

/// The id of the game the page shows.
async fn shown_id(client: &Client) -> Value {
    js(client, "return game.id;").await
}

#[tokio::test(flavor = "current_thread")]
async fn moves_are_dragged_and_the_form_starts_lotus_and_escampe_against_the_engine() {
    let Some((chromium, driver)) = chromium::installed("tests/browser_serve.rs") else {
        return;
    };
    let dir = support::scratch("browser-serve-drag");
    let server = serve_support::serve(&dir, &[]);
    let url = server.url();
    let (_driver, client) = browser(&chromium, &driver, &dir).await;
    let shots = screenshots();
    client
        .goto(&url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));

    // Dragging: a mouse and a finger each play a move; the target under
    // the pointer is marked while the piece is held.
    start(&client, "mana", &[("setup", "c1 c6")]).await;
    let id = shown_id(&client).await;
    for (ply, pointer) in ["mouse", "finger"].into_iter().enumerate() {
        let before = state(&client, &id).await;
        let (from, to, mv) = dragged_move(&before);
        if pointer == "mouse" {
            drag(
                &client,
                MouseActions::new(pointer.into()),
                &from,
                &to,
                false,
            )
            .await;
            assert!(classes(&client, &from).await.contains("chosen"), "{from}");
            assert!(classes(&client, &to).await.contains("over"), "{to}");
            release(&client, MouseActions::new(pointer.into())).await;
        } else {
            // A touch is lifted in the same actions (chromedriver
            // forgets a touch between them).
            let finger = TouchActions::new(pointer.into());
            drag(&client, finger, &from, &to, true).await;
            ready(&client).await;
        }
        let after = state(&client, &id).await;
        assert_eq!(after["moves"].as_array().map(Vec::len), Some(ply + 1));
        assert_eq!(after["moves"][ply], json!(mv), "{pointer}");
    }
    // A drag let go off its targets leaves the piece chosen, for a click
    // on its target to play.
    let before = state(&client, &id).await;
    let (from, to, mv) = dragged_move(&before);
    let targets: Vec<&str> = (before["pieces"].as_array().into_iter().flatten())
        .filter(|piece| piece["from"] == json!(from))
        .flat_map(|piece| piece["targets"].as_array().into_iter().flatten())
        .filter_map(|target| target["to"].as_str())
        .collect();
    let elsewhere = (before["squares"].as_array().into_iter().flatten())
        .filter_map(|square| square["square"].as_str())
        .find(|square| *square != from && !targets.contains(square))
        .unwrap_or_else(|| panic!("no square off the targets"))
        .to_owned();
    drag(
        &client,
        MouseActions::new("mouse".into()),
        &from,
        &elsewhere,
        false,
    )
    .await;
    assert!(!classes(&client, &elsewhere).await.contains("over"));
    release(&client, MouseActions::new("mouse".into())).await;
    assert_eq!(state(&client, &id).await["moves"], before["moves"]);
    assert!(classes(&client, &from).await.contains("chosen"), "{from}");
    spot(&client, &to)
        .await
        .click()
        .await
        .unwrap_or_else(|e| panic!("{to}: {e}"));
    ready(&client).await;
    assert_eq!(state(&client, &id).await["moves"][2], json!(mv));
    shot(&client, &shots, "serve-drag-mana").await;

    // Lotus from the form: its fields only; a bad value is the server's
    // refusal, shown; four players on a short course, played to the end.
    let hidden = "return ['setup', 'players', 'flowers', 'course', 'rotation', 'first', 'discs'] \
                  .map((id) => document.getElementById(id).closest('label').hidden);";
    js(&client, "document.getElementById('game').value = 'lotus';").await;
    js(
        &client,
        "document.getElementById('game').dispatchEvent(new Event('change'));",
    )
    .await;
    assert_eq!(
        js(&client, hidden).await,
        json!([true, false, false, false, true, true, true])
    );
    start(&client, "lotus", &[("players", "red rose")]).await;
    let refused = js(
        &client,
        "return fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'}, \
         body: JSON.stringify({game: 'lotus', players: 'red rose'})}).then((r) => r.json());",
    )
    .await;
    let status = "return [document.getElementById('status').textContent, \
                  document.getElementById('status').className];";
    assert_eq!(
        js(&client, status).await,
        json!([refused["error"], "error"])
    );
    let (flowers, course) = ("WYP/PWYPWYPWYPWY", "LLFLLSLLFLLSLLFLLLS");
    let fields = [
        ("players", "red green orange blue"),
        ("flowers", flowers),
        ("course", course),
    ];
    start(&client, "lotus", &fields).await;
    let id = shown_id(&client).await;
    let begun = state(&client, &id).await;
    assert_eq!(begun["players"], json!(["red", "green", "orange", "blue"]));
    let tags = &begun["tags"];
    for (name, value) in [("Flowers", flowers), ("Course", course)] {
        let tag = json!({"name": name, "value": value});
        assert!(
            tags.as_array().is_some_and(|tags| tags.contains(&tag)),
            "{tags}"
        );
    }
    let clicks = play_out(&client, "lotus").await;
    let over = state(&client, &id).await;
    assert_ne!(over["result"], Value::Null, "{over}");
    assert!(over["record"].as_str().unwrap_or_default().contains(course));
    shot(&client, &shots, "serve-form-lotus").await;
    eprintln!("lotus of four: {clicks} clicks");

    // Escampe against the engine, which places its side's start by itself
    // once the other side has placed by clicks.
    start(&client, "escampe", &[("setup", "")]).await;
    let id = shown_id(&client).await;
    let begun = state(&client, &id).await;
    let first = begun["placing"]["mover"].clone();
    let players = begun["players"].as_array().cloned().unwrap_or_default();
    let second = (players.iter())
        .find(|player| **player != first)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{begun}"))
        .to_owned();
    engine_plays(&client, &second).await;
    for _ in 0..6 {
        assert!(click_first(&client, "#spots .spot.open").await);
    }
    let placed = state(&client, &id).await;
    assert_eq!(placed["placing"], Value::Null, "{placed}");
    let record = placed["record"].as_str().unwrap_or_default();
    assert!(record.contains("[Setup \""), "{record}");
    play_out(&client, "escampe").await;
    let over = state(&client, &id).await;
    assert_ne!(over["result"], Value::Null, "{over}");
    let plies = over["moves"].as_array().map_or(0, Vec::len);
    assert!(plies > 0, "{over}");
    shot(&client, &shots, "serve-engine-places-escampe").await;
    let _ = client.close().await;
}
