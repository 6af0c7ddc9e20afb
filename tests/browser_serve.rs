//! The board of `kifu serve` in a real browser (Debian's Chromium through
//! chromedriver, as `tests/browser.rs` drives it): a whole game of each
//! of the four games played by clicking, always the first piece that may
//! move, then its first target, a choice by its first button, Escampe's
//! start placed square by square, one game against the engine answering
//! every move by itself; the result shown is the referee's, and the games
//! saved validate with the same moves.
//!
//! In CI (`CI=true`) the test fails when Chromium or chromedriver is
//! missing; elsewhere it says so and passes without running.

#[path = "support/chromium.rs"]
mod chromium;
#[path = "support/serve.rs"]
mod serve_support;
#[path = "support/fixtures.rs"]
mod support;

use chromium::{browser, js, screenshots, shot};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Waits until the page has no request running.
async fn ready(client: &Client) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while js(client, "return document.documentElement.dataset.state;").await != "ready" {
        assert!(Instant::now() < deadline, "the page stayed busy");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Clicks the first element `css` finds, if any; whether it found one.
async fn click_first(client: &Client, css: &str) -> bool {
    let Ok(found) = client.find_all(Locator::Css(css)).await else {
        return false;
    };
    let Some(first) = found.first() else {
        return false;
    };
    first.click().await.unwrap_or_else(|e| panic!("{css}: {e}"));
    ready(client).await;
    true
}

/// A game, as the page's own requests get it (the cookie carries the token).
async fn state(client: &Client, id: &Value) -> Value {
    let script = format!("return fetch('/api/games/{id}').then((r) => r.json());");
    js(client, &script).await
}

/// Starts a game from the form, lets the engine play `engine` (a side,
/// or none), and plays the other side by clicking until the game is
/// over; how many clicks it took.
async fn play(client: &Client, game: &str, setup: &str, engine: &str) -> usize {
    let form = format!(
        "document.getElementById('game').value = '{game}'; \
         document.getElementById('setup').value = '{setup}'; \
         document.getElementById('movetime').value = '50';"
    );
    js(client, &form).await;
    assert!(click_first(client, "#new button[type=submit]").await);
    js(
        client,
        &format!("document.getElementById('auto').value = '{engine}';"),
    )
    .await;
    let mut clicks = 0;
    loop {
        let shown = js(
            client,
            "return document.getElementById('result').textContent;",
        )
        .await;
        if shown != "" {
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
            "return document.getElementById('result').textContent;",
        )
        .await;
        let games_made = saved.len() + 1;
        let state = state(&client, &json!(games_made)).await;
        let result = &state["result"];
        assert_eq!(
            shown,
            json!(format!(
                "{}: {}",
                result["result"].as_str().unwrap_or_default(),
                result["reason"].as_str().unwrap_or_default()
            )),
            "{game}"
        );
        assert_eq!(state["to_move"], Value::Null, "{game}");
        if !engine.is_empty() {
            let plies = state["moves"].as_array().map_or(0, Vec::len);
            assert!(plies > clicks / 2, "{game}: the engine played no move");
        }
        assert!(click_first(&client, "#save").await);
        let said = js(
            &client,
            "return document.getElementById('status').textContent;",
        )
        .await;
        assert_eq!(
            said,
            json!(format!("Saved to games.kifu ({games_made} records)")),
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
