//! The analysis of `kifu serve` in a real browser (Debian's Chromium
//! through chromedriver, as `tests/browser_serve.rs` drives it): the
//! engine plays two moves, "Analyse this position" shows its score and
//! line for the position shown, and "Review the game" draws the chance
//! of every position and a row for each side, as inline SVG and text
//! whose words are the server's set as text.
//!
//! In CI (`CI=true`) the test fails when Chromium or chromedriver is
//! missing; elsewhere it says so and passes without running.

use crate::support::chromium;
use crate::support::fixtures as support;

use chromium::{browser, click, js, ready};
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// A running `kifu serve`, stopped when dropped.
struct Serve(Child);

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "current_thread")]
async fn the_page_analyses_the_position_and_reviews_the_game() {
    let Some((chromium, driver)) = chromium::installed("tests/browser_analyse.rs") else {
        return;
    };
    let dir = support::scratch("browser-analyse");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("serve")
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let _server = Serve(child);
    let mut url = String::new();
    BufReader::new(stdout)
        .read_line(&mut url)
        .unwrap_or_else(|e| panic!("{e}"));
    let (_driver, client) = browser(&chromium, &driver, &dir).await;
    client
        .goto(url.trim())
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    // The landing's game first, then a new one for two people.
    ready(&client).await;
    js(
        &client,
        "document.getElementById('game').value = 'shogun'; \
         document.getElementById('vs-people').checked = true; \
         document.getElementById('movetime').value = '100';",
    )
    .await;
    click(&client, "#new button[type=submit]").await;
    click(&client, "#engine").await;
    click(&client, "#engine").await;
    let said = js(
        &client,
        "const status = document.getElementById('status'); \
         return [status.className, status.textContent];",
    )
    .await;
    assert_eq!(said[0], json!(""), "the engine's moves: {said}");
    click(&client, "#analyse").await;
    let shown = js(
        &client,
        "return document.getElementById('analysis').textContent;",
    )
    .await;
    let shown = shown.as_str().unwrap_or_default().to_owned();
    // In words, from White's view (White to move after two plies), the
    // score as KEP says it kept at the end: the words follow from it.
    let cp: i32 = (shown
        .rsplit_once("(cp ")
        .and_then(|(_, n)| n.strip_suffix(')')))
    .and_then(|n| n.parse().ok())
    .unwrap_or_else(|| panic!("no score: {shown}"));
    let size = format!("{:.1}", (f64::from(cp.abs()) / 10.0).round() / 10.0);
    let words = match cp {
        n if n.abs() < 30 => format!("About even ({}{size})", if n < 0 { "-" } else { "+" }),
        n if n > 0 => format!("White is better (+{size})"),
        _ => format!("Red is better (+{size})"),
    };
    assert!(
        shown.starts_with(&format!("After move 2: {words}. Expected line: ")),
        "{shown}"
    );
    // The review of the game so far: a chart of three positions, a row
    // for each side.
    click(&client, "#review-game").await;
    let drawn = js(
        &client,
        "const svg = document.querySelector('#review-chart svg'); \
         return [svg.querySelector('.chart-line').getAttribute('points').split(' ').length, \
                 svg.getAttribute('aria-label'), \
                 [...document.querySelectorAll('#review-sides th:first-child')].map((t) => t.textContent)];",
    )
    .await;
    assert_eq!(
        drawn,
        json!([
            3,
            "White's chance of winning, move by move",
            ["", "White", "Red"]
        ])
    );
    let status = js(
        &client,
        "return document.getElementById('status').className;",
    )
    .await;
    assert_eq!(status, json!(""));
}
