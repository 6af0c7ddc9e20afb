//! `kifu serve --watch` and `kifu match --serve` in a real browser
//! (Debian's Chromium through chromedriver, as `tests/browser_serve.rs`
//! drives it): the page opened on a match's `--out` file not yet there
//! watches a short match live, and shows every game's final board (the
//! very SVG `kifu render` draws of its record), its result and plies, and
//! the table of `kifu match --report`; the page of `kifu match --serve`
//! shows the games while they are played, each board the very SVG `kifu
//! render --ply` draws of that moment of the record, the clocks running
//! down and the engines' last info lines, then every game's final
//! position and the end of the match, after which a finished game
//! replays on the board move by move, and the page, at a phone's width,
//! has nothing overlapping and nothing scrolling sideways.
//!
//! In CI (`CI=true`) the test fails when Chromium or chromedriver is
//! missing; elsewhere it says so and passes without running.

use crate::support::chromium;
use crate::support::fixtures;
use crate::support::serve as serve_support;
use crate::support::watch;

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

/// Records, in the page, each state of a game being played that the page
/// shows: by `round/plies`, the first time it is shown (board, and each
/// side's clock and info line), and every text a running clock showed.
const RECORDER: &str = "window.seenLive = {}; window.runningClocks = []; \
    const prefix = 'data:image/svg+xml;charset=utf-8,'; \
    const record = () => { for (const f of document.querySelectorAll('#watch-live figure')) { \
      const key = f.dataset.round + '/' + f.dataset.plies; \
      const seats = [...f.querySelectorAll('.seat')].map((s) => ({ side: s.dataset.side, \
        clock: s.querySelector('.clock').textContent, \
        running: s.querySelector('.clock').classList.contains('running'), \
        info: s.querySelector('.info').textContent.trim() })); \
      for (const s of seats) { if (s.running) window.runningClocks.push(key + ' ' + s.clock); } \
      if (!(key in window.seenLive)) { window.seenLive[key] = { round: Number(f.dataset.round), \
        plies: Number(f.dataset.plies), seats, \
        board: decodeURIComponent(f.querySelector('img').src.slice(prefix.length)) }; } } }; \
    new MutationObserver(record).observe(document.getElementById('watch-live'), \
      { subtree: true, childList: true, attributes: true, characterData: true }); \
    record(); return true;";

#[tokio::test(flavor = "current_thread")]
async fn a_running_match_is_watched_with_its_boards_clocks_and_info_lines() {
    let Some((chromium, driver)) = chromium::installed("tests/browser_watch.rs") else {
        return;
    };
    let dir = fixtures::scratch("browser-match-serve");
    let (_driver, client) = browser(&chromium, &driver, &dir).await;
    let shots = screenshots();
    let mut served = watch::serve_match(&dir, 150);
    let url = served.url.clone();
    client
        .goto(&url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    assert_eq!(js(&client, RECORDER).await, json!(true));
    // The page follows the match to its end, then says it is over.
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut shot_taken = false;
    while js(
        &client,
        "return document.documentElement.dataset.watch || '';",
    )
    .await
        != json!("over")
    {
        assert!(
            Instant::now() < deadline,
            "the page did not see the match end"
        );
        if !shot_taken
            && js(
                &client,
                "return document.querySelectorAll('#watch-live figure').length;",
            )
            .await
                == json!(1)
        {
            shot(&client, &shots, "match-serve-live").await;
            shot_taken = true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    shot(&client, &shots, "match-serve-over").await;
    assert_eq!(
        js(
            &client,
            "return document.getElementById('watch-over').textContent;"
        )
        .await,
        json!(
            "The match is over. This page stays up until the server is stopped (Ctrl-C where kifu runs)."
        )
    );
    assert_eq!(
        js(
            &client,
            "return document.querySelectorAll('#watch-live figure').length;"
        )
        .await,
        json!(0)
    );
    // Every state seen is the record at that moment, as `kifu render`
    // draws it; the clocks show minutes and seconds below the minute
    // given, one of them running; the engine that scores says its line.
    let seen = js(&client, "return Object.values(window.seenLive);").await;
    let seen = seen.as_array().cloned().unwrap_or_default();
    let rounds: std::collections::BTreeSet<u64> =
        seen.iter().filter_map(|s| s["round"].as_u64()).collect();
    // The first game may end before the page has loaded; what is seen is
    // of the match's two rounds, and a game is seen through several moves.
    assert!(!rounds.is_empty(), "no game seen being played");
    assert!(rounds.iter().all(|r| [1, 2].contains(r)), "{rounds:?}");
    assert!(seen.len() >= 3, "only {} states seen", seen.len());
    let mut infos = 0;
    for state in &seen {
        let (round, plies) = (
            state["round"].as_u64().unwrap_or(0),
            state["plies"].as_u64().unwrap_or(0),
        );
        let board = watch::render_ply(&dir, "m.kifu", round, plies);
        assert_eq!(state["board"], json!(board), "round {round}, ply {plies}");
        let seats = state["seats"].as_array().cloned().unwrap_or_default();
        let sides: Vec<&str> = seats.iter().filter_map(|s| s["side"].as_str()).collect();
        assert_eq!(sides, ["Black", "White"], "{state}");
        assert_eq!(
            seats.iter().filter(|s| s["running"] == json!(true)).count(),
            1,
            "{state}"
        );
        for seat in &seats {
            let clock = seat["clock"].as_str().unwrap_or_default();
            let (minutes, seconds) = clock.split_once(':').unwrap_or_else(|| panic!("{clock}"));
            assert_eq!(seconds.len(), 4, "{clock}");
            let left = minutes.parse::<f64>().unwrap_or(f64::NAN) * 60.0
                + seconds.parse::<f64>().unwrap_or(f64::NAN);
            assert!(left > 50.0 && left <= 60.0, "{clock}");
            match seat["info"].as_str().unwrap_or_default() {
                "" => {}
                info => {
                    assert_eq!(info, "info depth 1 score cp 12", "{state}");
                    infos += 1;
                }
            }
        }
    }
    assert!(infos > 0, "no info line shown: {seen:?}");
    // A running clock is seen running down within one position.
    let clocks = js(&client, "return window.runningClocks;").await;
    let clocks: Vec<(String, String)> = (clocks.as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .filter_map(|c| c.rsplit_once(' '))
        .map(|(key, clock)| (key.to_owned(), clock.to_owned()))
        .collect();
    assert!(
        clocks
            .windows(2)
            .any(|w| w[0].0 == w[1].0 && w[1].1 < w[0].1),
        "no clock ran down: {clocks:?}"
    );
    // Then every game's final position, its result and the table.
    let shown = js(&client, SHOWN).await;
    let shown = shown.as_array().cloned().unwrap_or_default();
    assert_eq!(shown.len(), 2, "{shown:?}");
    let (verdicts, status) = fixtures::validate_json(&dir.join("m.kifu"));
    assert_eq!(status, Some(0), "{verdicts:?}");
    for (at, figure) in shown.iter().enumerate() {
        let n = 2 - at;
        assert_eq!(figure["number"], json!(n), "{figure}");
        assert_eq!(figure["plies"], verdicts[n - 1]["plies"], "game {n}");
        assert_eq!(figure["result"], verdicts[n - 1]["result"], "game {n}");
        assert_eq!(
            figure["board"],
            json!(watch::render(&dir, "m.kifu", n)),
            "game {n}"
        );
    }
    let report = watch::report(&dir, "m.kifu");
    let engines: Vec<Value> = (report["duels"].as_array().into_iter().flatten())
        .map(|d| d["engine"].clone())
        .collect();
    let table = js(&client, TABLE).await;
    let first_cells: Vec<Value> = (table.as_array().into_iter().flatten())
        .map(|row| row[0].clone())
        .collect();
    assert_eq!(first_cells, engines);
    // Over, the page stays up: a reload still shows the whole match.
    client.refresh().await.unwrap_or_else(|e| panic!("{e}"));
    let deadline = Instant::now() + Duration::from_secs(20);
    while js(&client, "return document.documentElement.dataset.watch;").await != json!("over") {
        assert!(
            Instant::now() < deadline,
            "the reloaded page never said the match was over"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        js(
            &client,
            "return document.querySelectorAll('#watch-games figure').length;"
        )
        .await,
        json!(2)
    );
    assert_eq!(
        js(&client, "return document.getElementById('table').hidden;").await,
        json!(true)
    );
    shot(&client, &shots, "match-serve-over-reloaded").await;
    // A finished game replays on the board, move by move from its start.
    chromium::click(
        &client,
        "#watch-games figure[data-number='1'] button.replay",
    )
    .await;
    let plies = verdicts[0]["plies"].as_u64().unwrap_or_default();
    let status = "return document.getElementById('status').textContent;";
    assert_eq!(
        js(&client, status).await,
        json!(format!(
            "Looking back at move 0 of {plies}: → or End returns to the game"
        ))
    );
    let listed = "return document.querySelectorAll('#move-list button').length;";
    assert_eq!(js(&client, listed).await, json!(plies));
    let body = client
        .active_element()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    body.send_keys(&fantoccini::key::Key::Right.to_string())
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    chromium::ready(&client).await;
    assert_eq!(
        js(&client, status).await,
        json!(format!(
            "Looking back at move 1 of {plies}: → or End returns to the game"
        ))
    );
    shot(&client, &shots, "match-serve-replay").await;
    // At a phone's width: nothing overlaps, nothing scrolls sideways.
    client
        .set_window_size(390, 844)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    js(&client, "window.scrollTo(0, 0);").await;
    shot(&client, &shots, "match-serve-over-phone").await;
    chromium::tidy(&client, chromium::CONTROLS, "the match at 390 px").await;
    let _ = client.close().await;
    watch::interrupt(&mut served.child);
}
