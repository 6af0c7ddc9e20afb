//! Annotating a record with `kifu serve` in a real browser (Debian's
//! Chromium through chromedriver, as `tests/browser_serve.rs` drives it):
//! a record opened from the file named, stepped back to its first move by
//! keyboard, a different answer played by dragging on the board (a
//! variation), a comment and a glyph set, and the record saved: the file
//! validates with the same main line, and `kifu json` shows the
//! variation, its comment and its glyph. A collection of 10,000 records
//! is listed a page at a time, and a record opened by its number.
//!
//! In CI (`CI=true`) the test fails when Chromium or chromedriver is
//! missing; elsewhere it says so and passes without running.

use crate::support::chromium;
use crate::support::fixtures as support;
use crate::support::serve as serve_support;

use chromium::{browser, click, js, ready, screenshots, shot};
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Waits until `script` returns true.
async fn until(client: &Client, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while js(client, script).await != json!(true) {
        assert!(Instant::now() < deadline, "never: {script}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Drags the mouse from the element `from` finds to the one `to` finds,
/// and waits for the page.
async fn drag(client: &Client, from: &str, to: &str) {
    let find = async |css: &str| {
        (client.find(Locator::Css(css)).await).unwrap_or_else(|e| panic!("{css}: {e}"))
    };
    let centre = |element| PointerAction::MoveToElement {
        element,
        duration: Some(Duration::from_millis(100)),
        x: 0.0,
        y: 0.0,
    };
    let button = MOUSE_BUTTON_LEFT;
    let actions = MouseActions::new("mouse".into())
        .then(centre(find(from).await))
        .then(PointerAction::Down { button })
        .then(centre(find(to).await))
        .then(PointerAction::Up { button });
    (client.perform_actions(actions).await).unwrap_or_else(|e| panic!("drag: {e}"));
    ready(client).await;
}

/// Presses `key` where the focus is, and waits for the page.
async fn press(client: &Client, key: &str) {
    let active = (client.active_element().await).unwrap_or_else(|e| panic!("{e}"));
    active
        .send_keys(key)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    ready(client).await;
}

/// The record open, as the page's own requests get it.
async fn state(client: &Client) -> Value {
    js(
        client,
        "return fetch('/api/annotations/1').then((r) => r.json());",
    )
    .await
}

/// The main line of the first record `kifu json` reads in `file`, and
/// the record.
fn first_record(file: &Path) -> (Vec<String>, Value) {
    let output = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("json")
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let out = String::from_utf8_lossy(&output.stdout);
    let record: Value = serde_json::from_str(out.lines().next().unwrap_or_default())
        .unwrap_or_else(|e| panic!("{e}: {out}"));
    let moves = (record["moves"].as_array().into_iter().flatten())
        .map(|m| m["text"].as_str().unwrap_or("?").to_owned())
        .collect();
    (moves, record)
}

const LEFT: &str = "\u{E012}";
const END: &str = "\u{E010}";

#[tokio::test(flavor = "current_thread")]
async fn a_record_is_annotated_with_a_variation_a_comment_and_a_glyph_and_saved() {
    let Some((chromium, driver)) = chromium::installed("tests/browser_annotate.rs") else {
        return;
    };
    let started = Instant::now();
    let dir = support::scratch("browser-annotate");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/mana/valid/annotated-with-comments-and-tags.kifu");
    let file = dir.join("game.kifu");
    std::fs::copy(&fixture, &file).unwrap_or_else(|e| panic!("{e}"));
    let (main_line, _) = first_record(&file);
    assert_eq!(main_line.len(), 23);
    let server = serve_support::serve(&dir, &["game.kifu"]);
    let url = server.url();
    let (_driver, client) = browser(&chromium, &driver, &dir).await;
    client
        .goto(&url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    until(
        &client,
        "return document.getElementById('a-record').options.length === 1;",
    )
    .await;
    click(&client, "#a-open").await;
    let opened = state(&client).await;
    assert_eq!(opened["moves"].as_array().map(Vec::len), Some(23));
    let current = "return document.querySelector('#a-moves .current').textContent;";
    assert_eq!(js(&client, current).await, "e5xd5@e4!!");

    // Back by keyboard to the first move.
    for _ in 0..22 {
        press(&client, LEFT).await;
    }
    assert_eq!(js(&client, current).await, "e1-e4");
    let at_first = state(&client).await;
    assert_eq!(at_first["moves"], json!(["e1-e4"]));

    // A different answer, by dragging its piece onto its square (the
    // board the play's, clicks tested there).
    let (from, to) = (at_first["pieces"].as_array().into_iter().flatten())
        .flat_map(|piece| {
            let targets = piece["targets"].as_array().cloned().unwrap_or_default();
            targets.into_iter().map(move |t| (piece["from"].clone(), t))
        })
        .find(|(_, target)| target["moves"][0] != "a6-a5")
        .map(|(from, target)| (from, target["to"].clone()))
        .unwrap_or_else(|| panic!("{at_first}"));
    drag(
        &client,
        &format!("#a-spots .spot[data-square={from}]"),
        &format!("#a-spots .spot[data-square={to}]"),
    )
    .await;
    if js(
        &client,
        "return document.querySelectorAll('#a-choices button').length > 0;",
    )
    .await
        == json!(true)
    {
        click(&client, "#a-choices button").await;
    }
    let varied = state(&client).await;
    let answer = varied["moves"][1].as_str().unwrap_or("?").to_owned();
    assert_ne!(answer, "a6-a5");
    assert_eq!(varied["in_variation"], true, "{}", varied["moves"]);
    assert_eq!(js(&client, current).await, json!(answer));
    assert_eq!(
        js(
            &client,
            "return document.getElementById('a-unsaved').textContent;"
        )
        .await,
        "unsaved changes"
    );

    // A comment and a glyph on it.
    let comment = (client.find(Locator::Id("a-comment")).await).unwrap_or_else(|e| panic!("{e}"));
    comment
        .send_keys("a try")
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    click(&client, "#a-set-comment").await;
    click(&client, "#a-glyphs button[data-glyph='?']").await;
    assert_eq!(js(&client, current).await, json!(format!("{answer}?")));
    let shots = screenshots();
    shot(&client, &shots, "serve-annotate").await;

    click(&client, "#a-save").await;
    assert_eq!(
        js(
            &client,
            "return document.getElementById('a-unsaved').textContent;"
        )
        .await,
        "saved"
    );
    let (verdicts, status) = support::validate_json(&file);
    assert_eq!(status, Some(0), "{verdicts:?}");
    let (saved_line, record) = first_record(&file);
    assert_eq!(saved_line, main_line);
    let variation = &record["moves"][1]["variations"][0][0];
    assert_eq!(variation["text"], json!(answer), "{}", record["moves"][1]);
    assert_eq!(variation["glyph"], "?", "{variation}");
    assert_eq!(variation["comments"], json!(["a try"]), "{variation}");
    // End goes to the end of the variation's line, which is its move.
    press(&client, END).await;
    assert_eq!(js(&client, current).await, json!(format!("{answer}?")));
    let _ = client.close().await;
    eprintln!("annotated in {:.1} s", started.elapsed().as_secs_f64());
}

/// How many records the list shows, and its first and last labels.
async fn options(client: &Client) -> (usize, String, String) {
    let listed = js(
        client,
        "const o = [...document.getElementById('a-record').options].map((o) => o.textContent); \
         return [o.length, o[0], o[o.length - 1]];",
    )
    .await;
    (
        listed[0].as_u64().map_or(0, |n| n as usize),
        listed[1].as_str().unwrap_or_default().to_owned(),
        listed[2].as_str().unwrap_or_default().to_owned(),
    )
}

/// Waits until the record list's label says `range`, its page listed.
async fn listed(client: &Client, range: &str) {
    until(
        client,
        &format!(
            "return document.getElementById('annotate-open').dataset.state === 'ready' \
             && document.getElementById('a-range').textContent === '{range}';"
        ),
    )
    .await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_collection_of_10000_records_is_listed_page_by_page_and_its_9999th_opened() {
    let Some((chromium, driver)) = chromium::installed("tests/browser_annotate.rs") else {
        return;
    };
    let dir = support::scratch("browser-annotate-collection");
    let file = dir.join("big.kifu");
    let random = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["random", "mana", "--seed", "1", "--count", "10000"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(random.status.success());
    std::fs::write(&file, &random.stdout).unwrap_or_else(|e| panic!("{e}"));
    let server = serve_support::serve(&dir, &["big.kifu"]);
    let url = server.url();
    let (_driver, client) = browser(&chromium, &driver, &dir).await;
    client
        .goto(&url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));

    // The first page only.
    listed(&client, "records 1-100 of 10000").await;
    let first = (100, "1. mana".to_owned(), "100. mana".to_owned());
    assert_eq!(options(&client).await, first);
    let previous = "return document.getElementById('a-previous').disabled;";
    assert_eq!(js(&client, previous).await, true);

    // The next page, and back.
    click(&client, "#a-next").await;
    listed(&client, "records 101-200 of 10000").await;
    let second = (100, "101. mana".to_owned(), "200. mana".to_owned());
    assert_eq!(options(&client).await, second);
    click(&client, "#a-previous").await;
    listed(&client, "records 1-100 of 10000").await;
    assert_eq!(options(&client).await, first);

    // Record 9,999 by its number: its page listed, and it opened.
    let number = (client.find(Locator::Id("a-number")).await).unwrap_or_else(|e| panic!("{e}"));
    number
        .send_keys("9999\u{E007}")
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    listed(&client, "records 9901-10000 of 10000").await;
    until(
        &client,
        "return document.getElementById('a-status').textContent.startsWith('big.kifu, record 9999:');",
    )
    .await;
    ready(&client).await;
    let last = (100, "9901. mana".to_owned(), "10000. mana".to_owned());
    assert_eq!(options(&client).await, last);
    assert_eq!(
        js(&client, "return document.getElementById('a-record').value;").await,
        "9998"
    );
    assert_eq!(
        js(
            &client,
            "return document.getElementById('a-next').disabled;"
        )
        .await,
        true
    );
    shot(&client, &screenshots(), "serve-annotate-collection").await;
    let opened = state(&client).await;
    assert_eq!(opened["record"], 9998, "{opened}");
    let output = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("json")
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let out = String::from_utf8_lossy(&output.stdout);
    let line = out
        .lines()
        .nth(9998)
        .unwrap_or_else(|| panic!("no record 9999"));
    let record: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    let main_line: Vec<Value> = (record["moves"].as_array().into_iter().flatten())
        .map(|m| m["text"].clone())
        .collect();
    assert!(!main_line.is_empty());
    assert_eq!(opened["moves"], Value::Array(main_line));
    let _ = client.close().await;
}
