//! `kifu serve --watch` in a real browser (Debian's Chromium through
//! chromedriver, as `tests/browser_serve.rs` drives it): the page opened
//! on a match's `--out` file not yet there watches a short match live,
//! and shows every game's final board (the very SVG `kifu render` draws
//! of its record), its result and plies, and the table of `kifu match
//! --report`.
//!
//! In CI (`CI=true`) the test fails when Chromium or chromedriver is
//! missing; elsewhere it says so and passes without running.

#[path = "support/chromium.rs"]
mod chromium;
#[path = "support/fixtures.rs"]
mod fixtures;
#[path = "support/serve.rs"]
mod serve_support;
#[path = "support/watch.rs"]
mod watch;

use chromium::{browser, js, screenshots, shot};
use serde_json::{Value, json};
use serve_support::serve;
use std::time::{Duration, Instant};

/// What the page shows of the games: each figure's number, plies,
/// result and board (the SVG of its image), newest first.
const SHOWN: &str = "return [...document.querySelectorAll('#watch-games figure')].map((f) => { \
    const img = f.querySelector('img'); \
    const prefix = 'data:image/svg+xml;charset=utf-8,'; \
    return { number: Number(f.dataset.number), plies: Number(f.dataset.plies), \
             result: f.dataset.result, \
             board: img ? decodeURIComponent(img.src.slice(prefix.length)) : null }; });";

/// The table's rows as the page shows them, cell by cell.
const TABLE: &str = "return [...document.querySelectorAll('#watch-table tbody tr')] \
    .map((r) => [...r.cells].map((c) => c.textContent));";

#[tokio::test(flavor = "current_thread")]
async fn a_short_match_is_watched_live_to_every_final_position() {
    let Some((chromium, driver)) = chromium::installed("tests/browser_watch.rs") else {
        return;
    };
    let dir = fixtures::scratch("browser-watch");
    let server = serve(&dir, &["--watch", "m.kifu"]);
    let url = server.url();
    let (_driver, client) = browser(&chromium, &driver, &dir).await;
    let shots = screenshots();
    client
        .goto(&url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    // The watch shows, empty, once its stream has sent the state.
    let deadline = Instant::now() + Duration::from_secs(20);
    while js(
        &client,
        "return document.getElementById('watch-count').textContent;",
    )
    .await
        != json!("0 games")
    {
        assert!(Instant::now() < deadline, "the watch did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        js(&client, "return document.getElementById('watch').hidden;").await,
        json!(false)
    );
    assert_eq!(
        js(
            &client,
            "return document.getElementById('watch-file').textContent;"
        )
        .await,
        json!("m.kifu")
    );
    let started = Instant::now();
    let played = tokio::task::spawn_blocking({
        let dir = dir.clone();
        move || watch::play_match(&dir, 4, "m.kifu")
    });
    assert_eq!(played.await.unwrap_or_else(|e| panic!("{e}")), Some(0));
    let deadline = Instant::now() + Duration::from_secs(20);
    let shown = loop {
        let shown = js(&client, SHOWN).await;
        if shown.as_array().map_or(0, Vec::len) == 4 {
            break shown;
        }
        assert!(Instant::now() < deadline, "the page shows {shown}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    eprintln!(
        "4 games shown {} ms after the match started",
        started.elapsed().as_millis()
    );
    shot(&client, &shots, "watch-4-games").await;
    let (verdicts, status) = fixtures::validate_json(&dir.join("m.kifu"));
    assert_eq!(status, Some(0), "{verdicts:?}");
    for (at, figure) in shown.as_array().into_iter().flatten().enumerate() {
        let n = 4 - at;
        assert_eq!(figure["number"], json!(n), "{figure}");
        let verdict = &verdicts[n - 1];
        assert_eq!(figure["plies"], verdict["plies"], "game {n}");
        assert_eq!(figure["result"], verdict["result"], "game {n}");
        let board = watch::render(&dir, "m.kifu", n);
        assert_eq!(figure["board"], json!(board), "game {n}");
    }
    assert_eq!(
        js(
            &client,
            "return document.getElementById('watch-count').textContent;"
        )
        .await,
        json!("4 games")
    );
    let report = watch::report(&dir, "m.kifu");
    let rows: Vec<Value> = (report["duels"].as_array().into_iter().flatten())
        .map(|d| {
            json!([
                d["engine"].as_str().unwrap_or_default(),
                d["games"].to_string(),
                d["wins"].to_string(),
                d["losses"].to_string(),
                d["unfinished"].to_string(),
                format!("{:.1}%", d["score"].as_f64().unwrap_or_default()),
            ])
        })
        .collect();
    assert_eq!(rows.len(), 2, "{report}");
    assert_eq!(js(&client, TABLE).await, json!(rows));
    let _ = client.close().await;
}
