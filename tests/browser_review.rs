//! The review of the board of `kifu serve` as a player meets it, in
//! Chromium at a desktop's width (1280x900) and a phone's (390x844): a
//! record pasted under "Review a game" opens at its end with no end of
//! game's dialog and is reviewed; each side's accuracy and counts are
//! the server's review; the move list carries the glyphs; a click on a
//! blunder's dot of the chart goes to the position it was played in, says
//! the move judged in words and draws the move played and the better one
//! on the board; a click at the chart's end goes to the end; the reviewed
//! record downloads as `kifu analyse` writes it; a record of the files
//! named is reviewed from the annotation's "Review this game", and a game
//! from the end of game's dialog. A Lotus race is reviewed turn by turn,
//! each player's chance a line of its colour. No control
//! overlaps another and nothing scrolls sideways; each step keeps its
//! screenshots in `target/screenshots/`.

use crate::support::chromium;
use crate::support::serve as serve_support;

use chromium::{click, js, ready, screenshots, shot};
use fantoccini::Client;
use serde_json::{Value, json};

/// The widths and heights a player sees the page at.
const SIZES: [(&str, u32, u32); 2] = [("desktop", 1280, 900), ("phone", 390, 844)];

/// The record reviewed: Mana, 23 plies, Black captures the Daimyo.
const RECORD: &str = "fixtures/mana/valid/black-wins.kifu";

/// A browser on a fresh `kifu serve` of `RECORD` at `width` x `height`,
/// the page loaded, the computer's time a move 50 ms.
async fn open(
    name: &str,
    width: u32,
    height: u32,
) -> Option<(chromium::Driver, Client, serve_support::Server)> {
    let (chromium, driver) = chromium::installed("tests/browser_review.rs")?;
    let dir = serve_support::scratch(&format!("browser-review-{name}"));
    std::fs::copy(RECORD, dir.join("black-wins.kifu")).unwrap_or_else(|e| panic!("{e}"));
    let server = serve_support::serve(&dir, &["black-wins.kifu"]);
    let at = (chromium.as_path(), driver.as_path());
    let (driver, client) = chromium::page_at(at, &dir, &server.url(), (width, height)).await;
    ready(&client).await;
    js(&client, "document.getElementById('movetime').value = '50';").await;
    Some((driver, client, server))
}

/// The review the page shows, as the server gives it again (its views
/// kept, the same answer).
async fn review_of(client: &Client) -> Value {
    let script = "return fetch('/api/games/' + document.documentElement.dataset.game + '/review', \
                  {method: 'POST', headers: {'Content-Type': 'application/json'}, \
                  body: JSON.stringify({movetime: 50})}).then((r) => r.json());";
    let answer = js(client, script).await;
    assert!(!answer["review"].is_null(), "{answer}");
    answer["review"].clone()
}

/// The text of the elements `css` finds, each.
async fn texts(client: &Client, css: &str) -> Vec<String> {
    let script = format!(
        "return [...document.querySelectorAll({})].map((e) => e.textContent);",
        json!(css)
    );
    (js(client, &script).await.as_array().into_iter().flatten())
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect()
}

/// What the page says of `judged`, a move of the review.
fn judgement(judged: &Value) -> String {
    let named = |player: &str| player.to_owned();
    let head = format!(
        "Move {}, {} {}{}",
        judged["ply"].as_u64().unwrap_or_default() + 1,
        named(judged["mover"].as_str().unwrap_or_default()),
        judged["played"].as_str().unwrap_or_default(),
        judged["glyph"].as_str().unwrap_or_default()
    );
    let line = format!(
        "{} (then {})",
        judged["line"][0].as_str().unwrap_or_default(),
        judged["line"][1].as_str().unwrap_or_default()
    );
    let class = judged["class"].as_str().unwrap_or_default();
    let drop = judged["drop"].as_f64().unwrap_or_default().round();
    format!("{head}: a {class}, {drop} points less chance of winning (of 100) than {line}.")
}

/// Chooses "Review a game" and pastes `text` as the record to review.
async fn paste(client: &Client, text: &str) {
    click(client, "label:has(#vs-review)").await;
    let paste = format!(
        "document.getElementById('review-text').value = {};",
        json!(text)
    );
    js(client, &paste).await;
}

/// Checks that no control overlaps another and nothing scrolls sideways.
async fn tidy(client: &Client, what: &str) {
    chromium::tidy(client, chromium::CONTROLS, what).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_pasted_record_is_reviewed_its_blunders_shown_on_the_chart_and_the_board() {
    let shots = screenshots();
    let text = std::fs::read_to_string(RECORD).unwrap_or_else(|e| panic!("{e}"));
    for (size, width, height) in SIZES {
        let Some((_driver, client, _server)) = open(&format!("paste-{size}"), width, height).await
        else {
            return;
        };
        paste(&client, &text).await;
        assert_eq!(texts(&client, "#begin").await, ["Review"]);
        shot(&client, &shots, &format!("review-paste-{size}")).await;
        tidy(&client, &format!("review's paste at {size}")).await;
        click(&client, "#begin").await;
        let review = review_of(&client).await;
        // Opened at its end, without the end of game's dialog.
        let open = js(&client, "return document.getElementById('end').open;").await;
        assert_eq!(open, json!(false));
        assert_eq!(
            texts(&client, "#status").await,
            ["Black wins: Daimyo captured"]
        );
        // Each side's row: its name, accuracy and counts.
        let rows = texts(&client, "#review-sides tr").await;
        // The counts' headings say their glyphs too (a phone shows those).
        let mut expected = vec!["AccuracyInaccuracies?!Mistakes?Blunders??".to_owned()];
        for side in review["sides"].as_array().into_iter().flatten() {
            expected.push(format!(
                "{}{}%{}{}{}",
                side["player"].as_str().unwrap_or_default(),
                side["accuracy"].as_f64().unwrap_or_default().round(),
                side["inaccuracies"],
                side["mistakes"],
                side["blunders"]
            ));
        }
        assert_eq!(rows, expected);
        // The move list carries the glyphs.
        let moves = review["moves"].as_array().cloned().unwrap_or_default();
        let listed = texts(&client, "#move-list button").await;
        let glyphs: Vec<String> = (moves.iter())
            .map(|m| {
                let played = m["played"].as_str().unwrap_or_default();
                format!("{played}{}", m["glyph"].as_str().unwrap_or_default())
            })
            .collect();
        assert_eq!(listed, glyphs);
        let blunders = texts(&client, "#move-list button.mark-blunder").await;
        assert_eq!(
            blunders.len(),
            moves.iter().filter(|m| m["class"] == "blunder").count()
        );
        // The first blunder's dot: the position it was played in, the
        // move judged in words, the move played and the better drawn.
        let first = (moves.iter())
            .find(|m| m["class"] == "blunder")
            .cloned()
            .unwrap_or_default();
        let ply = first["ply"].as_u64().unwrap_or_default();
        click(&client, &format!("#review-chart circle[data-ply='{ply}']")).await;
        assert_eq!(texts(&client, "#review-move").await, [judgement(&first)]);
        let past = js(
            &client,
            "return document.getElementById('board-wrap').className;",
        )
        .await;
        assert_eq!(past, "past");
        let current = texts(&client, "#move-list button.current").await;
        let before = if ply == 0 {
            Vec::new()
        } else {
            vec![glyphs[ply as usize - 1].clone()]
        };
        assert_eq!(current, before);
        let arrows = js(
            &client,
            "return [...document.querySelectorAll('#arrows line')].map((l) => l.getAttribute('class'));",
        )
        .await;
        let mut drawn = vec!["arrow arrow-played", "arrow arrow-better"];
        if first["arrows"].as_array().map(Vec::len) == Some(2) {
            drawn.push("arrow arrow-answer");
        }
        assert_eq!(arrows, json!(drawn));
        // The board and the words under it, as a player looks at them.
        js(
            &client,
            "document.getElementById('status').scrollIntoView();",
        )
        .await;
        shot(&client, &shots, &format!("review-{size}")).await;
        tidy(&client, &format!("review at {size}")).await;
        // The chart's right end: the end of the game, nothing drawn.
        let end = "const svg = document.querySelector('#review-chart svg'); \
                   const box = svg.getBoundingClientRect(); \
                   svg.dispatchEvent(new MouseEvent('click', {clientX: box.right - 2, clientY: box.top + box.height / 2, bubbles: true}));";
        js(&client, end).await;
        ready(&client).await;
        assert_eq!(
            texts(&client, "#review-move").await,
            ["The end of the game."]
        );
        let arrows = js(
            &client,
            "return document.querySelectorAll('#arrows line').length;",
        )
        .await;
        assert_eq!(arrows, 0);
        // The reviewed record, downloaded: kifu analyse's text.
        let capture = "window.blobs = []; const make = URL.createObjectURL; \
                       URL.createObjectURL = (b) => { window.blobs.push(b); return make(b); };";
        js(&client, capture).await;
        click(&client, "#review-download").await;
        let downloaded = js(&client, "return window.blobs[0].text();").await;
        assert_eq!(downloaded, review["record"]);
    }
}

/// The Lotus record reviewed: six players, 34 turns, a first place
/// shared by three.
const LOTUS: &str = "fixtures/lotus/valid/six-players.kifu";

#[tokio::test(flavor = "current_thread")]
async fn a_lotus_race_is_reviewed_turn_by_turn_each_player_charted_in_its_colour() {
    let shots = screenshots();
    let text = std::fs::read_to_string(LOTUS).unwrap_or_else(|e| panic!("{e}"));
    for (size, width, height) in SIZES {
        let Some((_driver, client, _server)) = open(&format!("lotus-{size}"), width, height).await
        else {
            return;
        };
        paste(&client, &text).await;
        click(&client, "#begin").await;
        let review = review_of(&client).await;
        assert_eq!(review["turns"], true);
        // The form's game is the record's.
        assert_eq!(texts(&client, "#rules-open").await, ["How to play Lotus"]);
        let chosen = "return document.querySelector('input[name=game-choice]:checked').value;";
        assert_eq!(js(&client, chosen).await, json!("lotus"));
        // A line for each player in the colour its frogs are drawn in,
        // its name in that colour along the top.
        let players = ["Cyan", "Magenta", "Violet", "Orange", "Amber", "Red"];
        let lines = js(
            &client,
            "return [...document.querySelectorAll('#review-chart polyline.chart-player')].map((l) => l.getAttribute('stroke'));",
        )
        .await;
        let colours: Vec<Value> = (players.iter())
            .map(|p| review["colours"][p.to_lowercase()].clone())
            .collect();
        assert_eq!(lines, json!(colours));
        assert_eq!(texts(&client, "#review-chart .chart-name").await, players);
        let names = js(
            &client,
            "return [...document.querySelectorAll('#review-chart .chart-name')].map((t) => t.getAttribute('fill'));",
        )
        .await;
        assert_eq!(names, json!(colours));
        let notes = js(
            &client,
            "return ['review-note-moves', 'review-note-turns'].map((id) => document.getElementById(id).hidden);",
        )
        .await;
        assert_eq!(notes, json!([true, false]));
        let rows = texts(&client, "#review-sides th:first-child").await;
        let mut expected = vec![String::new()];
        expected.extend(players.iter().map(|p| (*p).to_owned()));
        assert_eq!(rows, expected);
        // A turn's glyph is on its last pawn move in the list.
        let moves = review["moves"].as_array().cloned().unwrap_or_default();
        let listed = texts(&client, "#move-list button").await;
        assert_eq!(listed.len(), 101);
        for judged in &moves {
            let last = judged["ply"].as_u64().unwrap_or_default()
                + judged["plies"].as_u64().unwrap_or_default();
            let glyph = judged["glyph"].as_str().unwrap_or_default();
            let button = &listed[last as usize - 1];
            assert!(
                button.ends_with(glyph) && (glyph.is_empty() || button.contains('?')),
                "{button} {judged}"
            );
        }
        // The first turn of a class: its dot goes to where it starts, the
        // turn said in words, its three pawn moves marked in the list,
        // the better turn's moves drawn as arrows.
        let first = (moves.iter())
            .find(|m| !m["class"].is_null())
            .cloned()
            .unwrap_or_default();
        let ply = first["ply"].as_u64().unwrap_or_default();
        click(&client, &format!("#review-chart circle[data-ply='{ply}']")).await;
        let words = format!(
            "Turn {}, {} {}{}: {} {}, {} points less chance of winning (of 100) than {}.",
            first["number"],
            players[(first["number"].as_u64().unwrap_or(1) as usize - 1) % 6],
            first["played"].as_str().unwrap_or_default(),
            first["glyph"].as_str().unwrap_or_default(),
            if first["class"] == "inaccuracy" {
                "an"
            } else {
                "a"
            },
            first["class"].as_str().unwrap_or_default(),
            first["drop"].as_f64().unwrap_or_default().round(),
            first["best"].as_str().unwrap_or_default(),
        );
        assert_eq!(texts(&client, "#review-move").await, [words]);
        let judged = js(
            &client,
            "return [...document.querySelectorAll('#move-list button.judged')].map((b) => Number(b.dataset.ply));",
        )
        .await;
        assert_eq!(judged, json!([ply + 1, ply + 2, ply + 3]));
        let arrows = js(
            &client,
            "return [...document.querySelectorAll('#arrows line')].map((l) => l.getAttribute('class'));",
        )
        .await;
        let drawn = first["arrows"].as_array().map_or(0, Vec::len);
        assert_eq!(arrows, json!(vec!["arrow arrow-better"; drawn]));
        js(
            &client,
            "document.getElementById('review').scrollIntoView();",
        )
        .await;
        shot(&client, &shots, &format!("review-lotus-{size}")).await;
        tidy(&client, &format!("lotus review at {size}")).await;
        js(
            &client,
            "document.getElementById('status').scrollIntoView();",
        )
        .await;
        shot(&client, &shots, &format!("review-lotus-board-{size}")).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_record_of_the_files_named_is_reviewed_from_the_annotation() {
    let Some((_driver, client, _server)) = open("files", 1280, 900).await else {
        return;
    };
    click(&client, "#a-review").await;
    let review = review_of(&client).await;
    assert_eq!(review["moves"].as_array().map(Vec::len), Some(23));
    let hidden = js(&client, "return document.getElementById('review').hidden;").await;
    assert_eq!(hidden, json!(false));
    let rows = texts(&client, "#review-sides th:first-child").await;
    assert_eq!(rows, ["", "Black", "White"]);
    // The end of game's dialog (as a game played here ends) reviews the
    // game from its own button.
    js(&client, "end(game.result);").await;
    let open = "return document.getElementById('end').open;";
    assert_eq!(js(&client, open).await, json!(true));
    click(&client, "#end-review").await;
    assert_eq!(js(&client, open).await, json!(false));
    assert_eq!(
        texts(&client, "#review-status").await,
        ["Click a dot of the chart, or use ← →, to see each move judged and the better move."]
    );
}
