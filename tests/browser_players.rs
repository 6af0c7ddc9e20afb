//! The board of `kifu serve` as a new player meets it, in Chromium at a
//! desktop's width (1280x900) and a phone's (390x844): the page opens on
//! a game against the computer, a first move takes two clicks and the
//! computer answers; a take back returns to the player's move; a game
//! on a clock shows both times, the computer's within its own; a game
//! against level 1 played to its end shows the end dialog in words, and
//! its rematch swaps the sides; a Lotus game with three people and one
//! computer seat, the computer playing that seat only, every seat on a
//! clock; and at each width
//! no control overlaps another and nothing scrolls sideways. Each flow
//! keeps its screenshots in `target/screenshots/`.

use crate::support::chromium;
use crate::support::serve as serve_support;

use chromium::{click_first as click, js, pick, ready, screenshots, shot, text};
use fantoccini::Client;
use fantoccini::key::Key;
use serde_json::{Value, json};

/// The widths and heights a player sees the page at.
const SIZES: [(&str, u32, u32); 2] = [("desktop", 1280, 900), ("phone", 390, 844)];

/// The game shown, as the page's own requests get it.
async fn shown(client: &Client) -> Value {
    let script = "return fetch('/api/games/' + document.documentElement.dataset.game)\
                  .then((r) => r.json());";
    js(client, script).await
}

/// Who played each move of `state`, in lower case.
fn movers(state: &Value) -> Vec<String> {
    (state["movers"].as_array().into_iter().flatten())
        .filter_map(|m| m.as_str().map(str::to_lowercase))
        .collect()
}

/// Plays a move (or a part of one) by clicking as a person does: the
/// first piece that may move, its first target, the first choice there;
/// or, with no target, the first choice or move button.
async fn click_a_move(client: &Client) {
    if click(client, ".spot.movable").await && click(client, ".spot.target").await {
        click(client, "#choices button").await;
        return;
    }
    let clicked = click(client, "#choices button").await || click(client, "#buttons button").await;
    assert!(
        clicked,
        "nothing to click: {}",
        text(client, "status").await
    );
}

/// Presses `key` where the focus is, as a person does, and waits for
/// the page.
async fn press(client: &Client, key: Key) {
    let focused = client
        .active_element()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    focused
        .send_keys(&key.to_string())
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    ready(client).await;
}

/// Checks that no control overlaps another and nothing scrolls sideways.
async fn tidy(client: &Client, what: &str) {
    chromium::tidy(client, chromium::CONTROLS, what).await;
}

/// A browser on a fresh `kifu serve` at `width` x `height`, the page
/// loaded and its landing game started.
async fn open(
    name: &str,
    width: u32,
    height: u32,
) -> Option<(chromium::Driver, Client, serve_support::Server)> {
    let (chromium, driver) = chromium::installed("tests/browser_players.rs")?;
    let dir = serve_support::scratch(&format!("browser-players-{name}"));
    let server = serve_support::serve(&dir, &["games.kifu"]);
    let at = (chromium.as_path(), driver.as_path());
    let (driver, client) = chromium::page_at(at, &dir, &server.url(), (width, height)).await;
    ready(&client).await;
    Some((driver, client, server))
}

#[tokio::test(flavor = "current_thread")]
async fn a_first_move_against_the_computer_takes_two_clicks_and_a_take_back_undoes_it() {
    let shots = screenshots();
    for (size, width, height) in SIZES {
        let Some((_driver, client, _server)) = open(&format!("first-{size}"), width, height).await
        else {
            return;
        };
        shot(&client, &shots, &format!("players-landing-{size}")).await;
        tidy(&client, &format!("landing at {size}")).await;
        // The landing is a game of Mana against the computer at level 2,
        // the player Black, who moves first.
        let state = shown(&client).await;
        assert_eq!(state["game"], "mana", "{state}");
        assert_eq!(state["moves"], json!([]));
        assert_eq!(text(&client, "status").await, "Black to move");
        assert_eq!(
            js(
                &client,
                "return document.getElementById('seat-white').value;"
            )
            .await,
            "computer"
        );
        assert_eq!(
            js(
                &client,
                "return document.getElementById('seat-black').value;"
            )
            .await,
            "person"
        );
        assert!(
            text(&client, "game-line")
                .await
                .starts_with("Claude Leroy's duel")
        );
        // Two clicks: a piece, its target. The computer answers; each
        // move sounds (the switch is on until turned off).
        let sounds = "return document.documentElement.dataset.sounds || '0';";
        assert_eq!(js(&client, sounds).await, "0");
        assert!(click(&client, ".spot.movable").await);
        assert!(click(&client, ".spot.target").await);
        assert_eq!(js(&client, sounds).await, "2");
        let state = shown(&client).await;
        assert_eq!(movers(&state), ["black", "white"], "{state}");
        assert_eq!(
            js(
                &client,
                "return document.querySelectorAll('#move-list button').length;"
            )
            .await,
            2
        );
        assert_eq!(
            js(
                &client,
                "return document.querySelectorAll('#move-list button.engine-played').length;"
            )
            .await,
            1
        );
        assert!(text(&client, "status").await.starts_with("Black to move"));
        shot(&client, &shots, &format!("players-first-move-{size}")).await;
        tidy(&client, &format!("after a move at {size}")).await;
        // Flip: the server draws the board from White's side, its squares
        // with it; flip again and it is Black's.
        let flipped = "return decodeURIComponent(document.getElementById('board').src).includes('data-flip');";
        assert_eq!(js(&client, flipped).await, false);
        assert!(click(&client, "#flip").await);
        assert_eq!(shown(&client).await["flip"], true);
        assert_eq!(js(&client, flipped).await, true);
        assert_eq!(
            js(
                &client,
                "return document.getElementById('flip').getAttribute('aria-pressed');"
            )
            .await,
            "true"
        );
        shot(&client, &shots, &format!("players-flipped-{size}")).await;
        assert!(click(&client, "#flip").await);
        assert_eq!(js(&client, flipped).await, false);
        // The move list: ← looks back at move 1, End returns to the game.
        press(&client, Key::Left).await;
        let back = "Looking back at move 1 of 2: → or End returns to the game";
        assert_eq!(text(&client, "status").await, back);
        let past = "return document.getElementById('board-wrap').classList.contains('past');";
        assert_eq!(js(&client, past).await, true);
        let current = "return document.querySelector('#move-list button.current').dataset.ply;";
        assert_eq!(js(&client, current).await, "1");
        shot(&client, &shots, &format!("players-looking-back-{size}")).await;
        press(&client, Key::End).await;
        assert_eq!(js(&client, current).await, "2");
        assert_eq!(js(&client, past).await, false);
        assert!(text(&client, "status").await.starts_with("Black to move"));
        // The sound switched off, and kept so for the next visit.
        assert!(click(&client, "#sound").await);
        assert_eq!(
            js(&client, "return localStorage.getItem('kifu.sound');").await,
            "off"
        );
        // Take back: the computer's reply and the move before it.
        assert!(click(&client, "#takeback").await);
        let state = shown(&client).await;
        assert_eq!(state["moves"], json!([]), "{state}");
        assert_eq!(
            js(
                &client,
                "return document.getElementById('takeback').disabled;"
            )
            .await,
            true
        );
        assert_eq!(text(&client, "status").await, "Black to move");
        shot(&client, &shots, &format!("players-take-back-{size}")).await;
        assert!(click(&client, ".spot.movable").await);
        assert!(click(&client, ".spot.target").await);
        assert_eq!(
            shown(&client).await["moves"].as_array().map(Vec::len),
            Some(2)
        );
        assert_eq!(
            js(&client, sounds).await,
            "2",
            "a move heard with the sound off"
        );
        // The record, in its panel, copied (the clipboard stood in for).
        let stand_in = "window.copied = null; navigator.clipboard.writeText = \
                        (text) => { window.copied = text; return Promise.resolve(); };";
        js(&client, stand_in).await;
        assert!(click(&client, "#record-panel summary").await);
        assert!(click(&client, "#copy-record").await);
        assert_eq!(text(&client, "status").await, "The record is copied");
        let copied = js(&client, "return window.copied;").await;
        assert_eq!(copied, shown(&client).await["record"]);
        let _ = client.close().await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_game_against_the_computer_on_a_clock_shows_both_times() {
    let shots = screenshots();
    for (size, width, height) in SIZES {
        let Some((_driver, client, _server)) = open(&format!("clock-{size}"), width, height).await
        else {
            return;
        };
        js(
            &client,
            "document.getElementById('movetime').value = '100';",
        )
        .await;
        pick(&client, "clock", "180000+2000").await;
        assert!(click(&client, "#new button[type=submit]").await);
        // Before the first move nobody's time runs.
        let times = "return [...document.querySelectorAll('#clocks .clock')]\
                     .map((c) => [c.textContent, c.classList.contains('running')]);";
        assert_eq!(
            js(&client, times).await,
            json!([["Black 3:00", false], ["White 3:00", false]])
        );
        click_a_move(&client).await;
        // The computer answered within its time, 2 s added to it; now
        // Black's time runs.
        let shown_times = js(&client, times).await;
        let white = shown_times[1][0].as_str().unwrap_or_default();
        assert!(
            ["White 3:01", "White 3:02"].contains(&white),
            "{shown_times}"
        );
        assert_eq!(shown_times[0][1], json!(true), "{shown_times}");
        assert_eq!(shown_times[1][1], json!(false), "{shown_times}");
        js(&client, "window.scrollTo(0, 0);").await;
        shot(&client, &shots, &format!("players-clock-{size}")).await;
        tidy(&client, &format!("a clock at {size}")).await;
        let _ = client.close().await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_game_against_level_1_ends_in_a_dialog_in_words_and_a_rematch_swaps_sides() {
    let shots = screenshots();
    for (size, width, height) in SIZES {
        let Some((_driver, client, _server)) =
            open(&format!("level-1-{size}"), width, height).await
        else {
            return;
        };
        js(&client, "document.getElementById('movetime').value = '50';").await;
        pick(&client, "level", "1").await;
        assert!(click(&client, "#new button[type=submit]").await);
        let mut clicks = 0;
        while js(&client, "return Boolean(game && game.result);").await != json!(true) {
            assert!(clicks < 400, "no end after {clicks} clicks");
            clicks += 1;
            click_a_move(&client).await;
        }
        let state = shown(&client).await;
        let result = &state["result"];
        let winner = result["winner"].as_str().unwrap_or_default();
        let words = format!(
            "{}{} wins: {}",
            winner[..1].to_uppercase(),
            &winner[1..],
            result["reason"].as_str().unwrap_or_default()
        );
        assert_eq!(
            js(&client, "return document.getElementById('end').open;").await,
            true
        );
        assert_eq!(text(&client, "end-text").await, words);
        assert_eq!(text(&client, "status").await, words);
        shot(&client, &shots, &format!("players-end-dialog-{size}")).await;
        // The rematch: the player takes White, so the computer (Black) opens.
        assert!(click(&client, "#rematch").await);
        let state = shown(&client).await;
        assert_eq!(movers(&state), ["black"], "{state}");
        // Playing White, the second side, the player sees the board from it.
        assert_eq!(state["flip"], true, "{state}");
        assert_eq!(
            js(
                &client,
                "return document.getElementById('seat-black').value;"
            )
            .await,
            "computer"
        );
        assert_eq!(
            js(&client, "return document.getElementById('end').open;").await,
            false
        );
        assert!(text(&client, "status").await.starts_with("White to move"));
        shot(&client, &shots, &format!("players-rematch-{size}")).await;
        tidy(&client, &format!("the rematch at {size}")).await;
        let _ = client.close().await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_lotus_game_of_three_people_and_one_computer_seat() {
    let shots = screenshots();
    for (size, width, height) in SIZES {
        let Some((_driver, client, _server)) = open(&format!("lotus-{size}"), width, height).await
        else {
            return;
        };
        assert!(click(&client, "input[value=lotus] + span").await);
        js(&client, "document.getElementById('movetime').value = '50';").await;
        pick(&client, "seat-count", "4").await;
        for (seat, who) in [
            ("1", "person"),
            ("2", "person"),
            ("3", "person"),
            ("4", "computer"),
        ] {
            pick(&client, &format!("seat-choice-{seat}"), who).await;
        }
        // Every seat on a clock of 10 minutes and 5 s a turn.
        pick(&client, "clock", "600000+5000").await;
        shot(&client, &shots, &format!("players-lotus-seats-{size}")).await;
        tidy(&client, &format!("lotus's seats at {size}")).await;
        assert!(click(&client, "#new button[type=submit]").await);
        let state = shown(&client).await;
        assert_eq!(
            state["players"],
            json!(["red", "green", "orange", "blue"]),
            "{state}"
        );
        let times = "return [...document.querySelectorAll('#clocks .clock')]\
                     .map((c) => [c.textContent, c.classList.contains('running')]);";
        assert_eq!(
            js(&client, times).await,
            json!([
                ["Red 10:00", false],
                ["Green 10:00", false],
                ["Orange 10:00", false],
                ["Blue 10:00", false]
            ])
        );
        // A frog to move from the start is chosen by its owner's name.
        assert!(click(&client, ".spot.movable").await && click(&client, ".spot.target").await);
        let choices = "return [...document.querySelectorAll('#choices button')].map((b) => [b.textContent, b.title]);";
        assert_eq!(
            js(&client, choices).await,
            json!([
                ["Red frog", "r0"],
                ["Green frog", "g0"],
                ["Orange frog", "o0"],
                ["Blue frog", "b0"]
            ])
        );
        assert!(click(&client, "#choices button").await);
        // Three people play a turn each by clicking; then the computer plays
        // blue's turn by itself, and red is to move again.
        let mut clicks = 0;
        while !movers(&shown(&client).await).iter().any(|p| p == "blue") {
            assert!(clicks < 60, "blue never played");
            clicks += 1;
            click_a_move(&client).await;
        }
        let state = shown(&client).await;
        let movers = movers(&state);
        let first_blue = movers.iter().position(|m| m == "blue").unwrap_or(0);
        assert!(
            movers[..first_blue]
                .iter()
                .all(|m| ["red", "green", "orange"].contains(&m.as_str())),
            "{movers:?}"
        );
        assert_eq!(
            js(
                &client,
                "return [...document.querySelectorAll('#seats select')].map((s) => s.value);"
            )
            .await,
            json!(["person", "person", "person", "computer"])
        );
        assert!(
            text(&client, "status").await.starts_with("Red to move"),
            "{}",
            text(&client, "status").await
        );
        // Red's turn is on its clock now, and the others' are not.
        let running: Vec<bool> = (js(&client, times).await.as_array().into_iter().flatten())
            .map(|time| time[1] == json!(true))
            .collect();
        assert_eq!(running, [true, false, false, false]);
        js(
            &client,
            "document.getElementById('clocks').scrollIntoView();",
        )
        .await;
        shot(&client, &shots, &format!("players-lotus-clocks-{size}")).await;
        shot(&client, &shots, &format!("players-lotus-{size}")).await;
        tidy(&client, &format!("lotus at {size}")).await;
        let _ = client.close().await;
    }
}
