//! "How to play" in Chromium at a desktop's width (1280x900) and a
//! phone's (390x844): from the page's landing, one click on the button
//! beside the game opens the rules of the game shown; each game, chosen
//! with the dialog's own tabs, shows every rule with its words and its
//! live board drawn; tries are made by clicking as a person does, legal
//! moves played and illegal ones refused in the referee's very words;
//! Reset brings the start back; no control overlaps another and nothing
//! scrolls sideways; Escape closes the dialog, the link beside the status
//! line opens the rules of the game shown, and the button follows the
//! game chosen. A board whose game cannot start says so. The screenshots
//! (`rules-<game>-<size>.png`) go to `target/screenshots/`.

use crate::support::chromium;
use crate::support::serve as serve_support;

use chromium::{js, ready, screenshots, shot};
use fantoccini::Client;
use fantoccini::key::Key;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The widths and heights a player sees the page at.
const SIZES: [(&str, u32, u32); 2] = [("desktop", 1280, 900), ("phone", 390, 844)];

/// The dialog's elements its layout checks measure: every control,
/// heading, paragraph and board.
const DIALOG: &str = "#rules button, #rules h2, #rules h3, #rules p, #rules .rule-board";

/// Each game, its full name (the dialog's title) and how many rules it
/// has.
const GAMES: [(&str, &str, usize); 4] = [
    ("mana", "Mana", 6),
    ("escampe", "Escampe", 5),
    ("shogun", "Shogun", 5),
    ("lotus", "Flower of the Lotus", 6),
];

/// Waits until neither the page nor the rules' boards have a request
/// running.
async fn settled(client: &Client) {
    ready(client).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    let script = "return document.getElementById('rules').dataset.state;";
    while js(client, script).await != "ready" {
        assert!(Instant::now() < deadline, "the rules stayed busy");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Clicks the element `css` finds, as a person does, and waits for the
/// page and its rules.
async fn click(client: &Client, css: &str) {
    chromium::click(client, css).await;
    settled(client).await;
}

/// The text of the element `css` finds ("" when there is none).
async fn text(client: &Client, css: &str) -> String {
    let script = format!(
        "const e = document.querySelector({}); return e ? e.textContent : '';",
        json!(css)
    );
    js(client, &script)
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Clicks the squares of the board of rule `rule` (`mana-lines`) one
/// after another.
async fn squares(client: &Client, rule: &str, squares: &[&str]) {
    for square in squares {
        click(
            client,
            &format!("#rule-{rule} .spot[data-square=\"{square}\"]"),
        )
        .await;
    }
}

/// What a player reads under the board of rule `rule`: the referee's
/// answer to the last try (its verdict and its words), and the line that
/// says who is to move.
async fn said(client: &Client, rule: &str) -> (String, String, String) {
    (
        text(client, &format!("#rule-{rule} .rule-verdict")).await,
        text(client, &format!("#rule-{rule} .rule-message")).await,
        text(client, &format!("#rule-{rule} .rule-status")).await,
    )
}

/// Asserts that the try on the board of `rule` was refused with the
/// referee's `words`, the board unchanged.
async fn refused(client: &Client, rule: &str, words: &str) {
    let (verdict, message, _) = said(client, rule).await;
    assert_eq!(
        (verdict.as_str(), message.as_str()),
        ("Not allowed:", words)
    );
    let script = format!(
        "const s = document.getElementById('rule-{rule}'); \
         return [s.querySelector('.rule-answer').classList.contains('refused'), s.dataset.moves];"
    );
    assert_eq!(js(client, &script).await, json!([true, "0"]), "{rule}");
}

/// Asserts that the try on the board of `rule` was played as `words`,
/// and that the board now says `status`.
async fn played(client: &Client, rule: &str, words: &str, status: &str) {
    let said = said(client, rule).await;
    assert_eq!(
        said,
        ("Played:".to_owned(), words.to_owned(), status.to_owned())
    );
}

/// The picture of the board of `rule`, as the page shows it.
async fn picture(client: &Client, rule: &str) -> Value {
    let script = format!("return document.querySelector('#rule-{rule} img').src;");
    js(client, &script).await
}

/// Clicks Reset on the board of `rule` and checks that its start is
/// back: the same picture and words, no try said.
async fn reset(client: &Client, rule: &str, start: &Value, status: &str) {
    click(client, &format!("#rule-{rule} .rule-reset")).await;
    assert_eq!(&picture(client, rule).await, start, "{rule}: reset");
    assert_eq!(
        said(client, rule).await,
        (String::new(), String::new(), status.to_owned())
    );
}

/// Waits until every rule of `game` has its board drawn (its picture
/// loaded) and checks each has its words.
async fn drawn(client: &Client, game: &str, count: usize) {
    let script = format!(
        "return [...document.querySelectorAll('#rules-panel-{game} .rule')].map((s) => {{ \
           const img = s.querySelector('img'); \
           return {{ id: s.id, title: s.querySelector('h3').textContent, \
             text: s.querySelector('.rule-text').textContent, \
             try: s.querySelector('.rule-try').textContent, \
             status: s.querySelector('.rule-status').textContent, \
             error: s.querySelector('.rule-status').classList.contains('error'), \
             loaded: !img.hidden && img.complete && img.naturalWidth > 0 && img.naturalHeight > 0, \
             spots: s.querySelectorAll('.spot').length }}; }});"
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let rules = js(client, &script).await;
        let all = rules.as_array().cloned().unwrap_or_default();
        for rule in &all {
            assert_eq!(rule["error"], false, "{rule}");
        }
        let loaded = all.iter().all(|r| r["loaded"] == true);
        if all.len() == count && loaded {
            for rule in &all {
                for field in ["title", "text", "status"] {
                    let words = rule[field].as_str().unwrap_or_default();
                    assert!(words.len() > 3, "{field} of {rule}");
                }
                let tried = rule["try"].as_str().unwrap_or_default();
                assert!(tried.starts_with("Try: ") && tried.len() > 20, "{rule}");
                assert!(rule["spots"].as_u64().unwrap_or(0) >= 36, "{rule}");
            }
            return;
        }
        assert!(Instant::now() < deadline, "{game}: not drawn: {rules}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Checks the dialog's layout: nothing in it overlaps, neither it nor
/// the page scrolls sideways, and everything in it lies within the
/// window's width.
async fn tidy(client: &Client, what: &str) {
    js(
        client,
        "document.getElementById('rules-body').scrollTop = 0;",
    )
    .await;
    chromium::tidy(client, DIALOG, what).await;
    let script = "const d = document.getElementById('rules'), b = document.getElementById('rules-body'); \
                  const out = [...d.querySelectorAll('*')].filter((e) => e.getClientRects().length > 0 \
                    && e.getBoundingClientRect().right > window.innerWidth + 0.5).map((e) => e.id || e.className || e.tagName); \
                  return [d.scrollWidth - d.clientWidth, b.scrollWidth - b.clientWidth, out];";
    assert_eq!(js(client, script).await, json!([0, 0, []]), "{what}");
}

/// Opens the tab of `game` and checks its title and its boards.
async fn open_game(client: &Client, game: &str, full: &str, count: usize) {
    click(client, &format!("#rules-tab-{game}")).await;
    assert_eq!(
        text(client, "#rules-title").await,
        format!("How to play {full}")
    );
    let selected =
        "return document.querySelector('#rules-tabs [aria-selected=true]').dataset.game;";
    assert_eq!(js(client, selected).await, game);
    drawn(client, game, count).await;
}

/// The tries on Mana's boards.
async fn try_mana(client: &Client) {
    let start = picture(client, "mana-lines").await;
    assert_eq!(
        said(client, "mana-lines").await.2,
        "Black to move.",
        "the first move: no bird yet"
    );
    // The Ronin on d2, on three lines, reaches d5, three steps away.
    squares(client, "mana-lines", &["d2"]).await;
    let targets = "return [...document.querySelectorAll('#rule-mana-lines .spot.target')].map((s) => s.dataset.square);";
    let targets = js(client, targets).await;
    assert!(
        targets
            .as_array()
            .is_some_and(|t| t.len() == 12 && t.contains(&json!("d5"))),
        "{targets}"
    );
    squares(client, "mana-lines", &["d5"]).await;
    let (verdict, message, status) = said(client, "mana-lines").await;
    assert_eq!(
        (verdict.as_str(), message.as_str()),
        ("Played:", "Black moves d2 to d5.")
    );
    assert!(
        status.starts_with("White to move: the bird is on one of the single squares"),
        "{status}"
    );
    reset(client, "mana-lines", &start, "Black to move.").await;
    // b2 is two steps from d2: three steps cannot end there.
    squares(client, "mana-lines", &["d2", "b2"]).await;
    refused(
        client,
        "mana-lines",
        "the piece cannot reach that square: the piece on d2 stands on a triple square and must move exactly 3 steps",
    )
    .await;
    // The bird on a single square: only the Ronins on a2 and e2 may move.
    let movable = "return [...document.querySelectorAll('#rule-mana-bird .spot.movable')].map((s) => s.dataset.square);";
    assert_eq!(js(client, movable).await, json!(["a2", "e2"]));
    squares(client, "mana-bird", &["c1", "c3"]).await;
    refused(
        client,
        "mana-bird",
        "disobeys the bird: the bird is on a single square, and a piece of yours on a single square can move, so you must move one of those",
    )
    .await;
    // A captured Ronin comes back on an empty square.
    squares(client, "mana-reentry", &["d4"]).await;
    let (_, message, status) = said(client, "mana-reentry").await;
    assert_eq!(message, "Black brings a Ronin back on d4.");
    assert!(
        status.starts_with("White to move: the bird is on one of the double squares"),
        "{status}"
    );
    // Nothing to do: the pass, then White moves freely.
    assert_eq!(
        text(client, "#rule-mana-pass .rule-actions button").await,
        "Pass"
    );
    click(client, "#rule-mana-pass .rule-actions button").await;
    played(client, "mana-pass", "Black passes.", "White to move.").await;
    // The Daimyo taken.
    squares(client, "mana-win", &["b2", "c4"]).await;
    played(
        client,
        "mana-win",
        "Black captures on c4 from b2.",
        "Black wins: Daimyo captured.",
    )
    .await;
}

/// The tries on Escampe's boards.
async fn try_escampe(client: &Client) {
    // The placement: Black's Unicorn on e1, then Reset, a new placement.
    let placing = said(client, "escampe-placement").await.2;
    assert!(
        placing.starts_with("Black places first: the Unicorn's square"),
        "{placing}"
    );
    let id = "return document.getElementById('rule-escampe-placement').dataset.id;";
    let first = js(client, id).await;
    squares(client, "escampe-placement", &["e1"]).await;
    let (verdict, message, status) = said(client, "escampe-placement").await;
    assert_eq!((verdict.as_str(), message.as_str()), ("Placed:", "e1"));
    assert_eq!(status, format!("{placing} Placed so far: e1."));
    click(client, "#rule-escampe-placement .rule-reset").await;
    assert_eq!(
        said(client, "escampe-placement").await,
        (String::new(), String::new(), placing)
    );
    assert_ne!(js(client, id).await, first);
    // The lines obeyed.
    squares(client, "escampe-lines", &["a5", "a4"]).await;
    refused(
        client,
        "escampe-lines",
        "breaks the line constraint: Black must move a piece from a double square, and a5 is a triple square",
    )
    .await;
    // Only a Paladin takes, and only the Unicorn.
    squares(client, "escampe-capture", &["e4", "e5"]).await;
    refused(
        client,
        "escampe-capture",
        "only the Unicorn may be taken: e5 holds a Black Paladin",
    )
    .await;
    squares(client, "escampe-capture", &["c4", "c5"]).await;
    played(
        client,
        "escampe-capture",
        "White captures on c5 from c4.",
        "White wins: Unicorn captured.",
    )
    .await;
    // Blocked: the pass.
    click(client, "#rule-escampe-pass .rule-actions button").await;
    played(client, "escampe-pass", "Black passes.", "White to move.").await;
}

/// The tries on Shogun's boards.
async fn try_shogun(client: &Client) {
    let start = picture(client, "shogun-check").await;
    let attacked = "White to move: White's Shogun on e1 is attacked by the Red X on e4: the move must end the attack";
    assert_eq!(said(client, "shogun-check").await.2, attacked);
    // The X on c3 may not leave the Shogun in check; the Y blocks.
    squares(client, "shogun-check", &["c3", "c7"]).await;
    refused(
        client,
        "shogun-check",
        "leaves own shogun attacked: it was attacked and still is: after the move the Red X on e4 (showing 3) could reach the White Shogun on e1",
    )
    .await;
    squares(client, "shogun-check", &["f2", "e3"]).await;
    played(
        client,
        "shogun-check",
        "White moves f2 to e3.",
        "Red to move.",
    )
    .await;
    reset(client, "shogun-check", &start, attacked).await;
    // The X shows 4: two squares are too few.
    squares(client, "shogun-number", &["c3", "c5"]).await;
    refused(
        client,
        "shogun-number",
        "the piece cannot reach that square: the X on c3 shows 4, and c5 is 2 squares away (a path of 4 squares there would need more than one turn)",
    )
    .await;
    // Red left with its Shogun and one piece.
    squares(client, "shogun-win", &["c3", "c7"]).await;
    played(
        client,
        "shogun-win",
        "White captures on c7 from c3.",
        "White wins: Red has only the Shogun and one piece left.",
    )
    .await;
}

/// The tries on Lotus's boards.
async fn try_lotus(client: &Client) {
    let first = "Red's turn: first pawn move, 1 square (3 for a last pawn)";
    squares(client, "lotus-turn", &["9", "10"]).await;
    played(
        client,
        "lotus-turn",
        "Red moves his frog from 9 to 10.",
        "Red's turn: second pawn move, 2 squares (4 for a last pawn)",
    )
    .await;
    // A frog square: the swap, chosen by its words.
    squares(client, "lotus-exchange", &["11", "12"]).await;
    let choices = "return [...document.querySelectorAll('#rule-lotus-exchange .rule-choices button')].map((b) => [b.textContent, b.title]);";
    assert_eq!(
        js(client, choices).await,
        json!([
            ["Red gives a white flower for Green's yellow", "r11[W<>gY]"],
            ["Red gives a white flower for Green's pink", "r11[W<>gP]"]
        ])
    );
    click(
        client,
        "#rule-lotus-exchange .rule-choices button:last-child",
    )
    .await;
    played(
        client,
        "lotus-exchange",
        "Red moves his frog from 11 to 12: Red gives a white flower for Green's pink.",
        "Red's turn: second pawn move, 2 squares (4 for a last pawn)",
    )
    .await;
    // Place 4 taken: the end, and the scores.
    let start = picture(client, "lotus-end").await;
    squares(client, "lotus-end", &["40", "arrival-4"]).await;
    played(
        client,
        "lotus-end",
        "Red moves his frog from 40 to arrival place 4.",
        "Game over: place 4 taken; orange wins. Scores: orange 10, green 8, red 7.",
    )
    .await;
    reset(client, "lotus-end", &start, first).await;
}

/// A browser on a fresh `kifu serve` at `width` x `height`, the page
/// loaded and its landing game started.
async fn open(
    name: &str,
    width: u32,
    height: u32,
) -> Option<(chromium::Driver, Client, serve_support::Server)> {
    let (chromium, driver) = chromium::installed("tests/browser_rules.rs")?;
    let dir = serve_support::scratch(&format!("browser-rules-{name}"));
    let server = serve_support::serve(&dir, &[]);
    let at = (chromium.as_path(), driver.as_path());
    let (driver, client) = chromium::page_at(at, &dir, &server.url(), (width, height)).await;
    settled(&client).await;
    Some((driver, client, server))
}

#[tokio::test(flavor = "current_thread")]
async fn the_rules_of_each_game_are_one_click_away_with_live_boards() {
    let shots = screenshots();
    for (size, width, height) in SIZES {
        let Some((_driver, client, _server)) = open(size, width, height).await else {
            return;
        };
        // The landing: Mana, the button beside it, nothing overlapping.
        assert_eq!(text(&client, "#rules-open").await, "How to play Mana");
        chromium::tidy(&client, chromium::CONTROLS, &format!("landing at {size}")).await;
        let button = "document.getElementById('rules-open').scrollIntoView({block: 'center'});";
        js(&client, button).await;
        shot(&client, &shots, &format!("rules-landing-{size}")).await;
        click(&client, "#rules-open").await;
        let open = "return document.getElementById('rules').open;";
        assert_eq!(js(&client, open).await, true);
        assert_eq!(text(&client, "#rules-title").await, "How to play Mana");
        drawn(&client, "mana", 6).await;
        for (game, full, count) in GAMES {
            open_game(&client, game, full, count).await;
            tidy(&client, &format!("{game}'s rules at {size}")).await;
            shot(&client, &shots, &format!("rules-{game}-{size}")).await;
            match game {
                "mana" => try_mana(&client).await,
                "escampe" => try_escampe(&client).await,
                "shogun" => try_shogun(&client).await,
                _ => try_lotus(&client).await,
            }
            tidy(&client, &format!("{game}'s rules tried at {size}")).await;
            // The last board tried, as the player sees it.
            let last = format!(
                "document.querySelector('#rules-panel-{game} .rule:last-of-type').scrollIntoView({{block: 'end'}});"
            );
            js(&client, &last).await;
            shot(&client, &shots, &format!("rules-{game}-tried-{size}")).await;
        }
        // Escape closes the dialog, and the focus is back on its button.
        let focused = client
            .active_element()
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        focused
            .send_keys(&Key::Escape.to_string())
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        settled(&client).await;
        assert_eq!(js(&client, open).await, false);
        assert_eq!(
            js(&client, "return document.activeElement.id;").await,
            "rules-open"
        );
        // The button follows the game chosen, and opens its rules.
        click(&client, "input[value=lotus] + span").await;
        assert_eq!(text(&client, "#rules-open").await, "How to play Lotus");
        click(&client, "#rules-open").await;
        assert_eq!(
            text(&client, "#rules-title").await,
            "How to play Flower of the Lotus"
        );
        click(&client, "#rules-close").await;
        assert_eq!(js(&client, open).await, false);
        // Beside the status line, the rules of the game shown (Mana),
        // whatever the game chosen; the focus back on that link after.
        click(&client, "#status-rules").await;
        assert_eq!(text(&client, "#rules-title").await, "How to play Mana");
        click(&client, "#rules-close").await;
        assert_eq!(
            js(&client, "return document.activeElement.id;").await,
            "status-rules"
        );
        let _ = client.close().await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_board_that_cannot_start_says_why() {
    let shots = screenshots();
    let (size, width, height) = SIZES[1];
    let Some((_driver, client, _server)) = open("refused", width, height).await else {
        return;
    };
    // The server full: every new game refused, as when it keeps 1000.
    let full = r#"
        window.realFetch = window.fetch;
        window.fetch = (path, init) => path === '/api/games' && init && init.method === 'POST'
          ? Promise.resolve(new Response(JSON.stringify({ error: 'this server keeps at most 1000 games', code: 'serve.too-many-games' }),
              { status: 503, headers: { 'Content-Type': 'application/json' } }))
          : window.realFetch(path, init);"#;
    js(&client, full).await;
    click(&client, "#rules-open").await;
    let script = "return [...document.querySelectorAll('#rules-panel-mana .rule')].map((s) => \
                  [s.querySelector('.rule-status').textContent, s.querySelector('.rule-status').classList.contains('error'), \
                   s.querySelector('img').hidden, s.querySelector('.rule-reset').disabled]);";
    let said = "This board could not be started: this server keeps at most 1000 games";
    assert_eq!(
        js(&client, script).await,
        json!(vec![json!([said, true, true, false]); 6])
    );
    shot(&client, &shots, &format!("rules-refused-{size}")).await;
    tidy(&client, "the rules refused").await;
    // Once the server takes games again, Reset starts the board.
    js(&client, "window.fetch = window.realFetch;").await;
    click(&client, "#rule-mana-lines .rule-reset").await;
    assert_eq!(said_status(&client).await, "Black to move.");
    let _ = client.close().await;
}

/// The line under the first Mana board.
async fn said_status(client: &Client) -> String {
    text(client, "#rule-mana-lines .rule-status").await
}
