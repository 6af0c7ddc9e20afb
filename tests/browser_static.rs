//! The static board (`kifu site`) as a player meets it: the folder
//! `kifu site` writes, served by a plain static file server (Python's
//! `http.server`; no kifu process runs), in Chromium at a desktop's width
//! and a phone's. A game of each game is played against the computer to
//! its end; a move is taken back; a game is reviewed; the rules open with
//! their boards; a record pasted is annotated and downloaded; what needs
//! `kifu serve` is not shown, and the page says what it can do. And the
//! JavaScript package's engine searches in a Web Worker as in the page's
//! thread, the page going on meanwhile. The
//! folder needs the JavaScript package built (`js/build.sh`, which
//! `js/test.sh` runs before `cargo test`): without it the test says so
//! and passes, except with `CI=true`.

use crate::support::chromium;
use chromium::{click_first as click, js, pick, ready, screenshots, shot, text};
use fantoccini::Client;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A static file server (`python3 -m http.server`) of a folder, stopped
/// when dropped.
struct StaticServer {
    child: Child,
    port: u16,
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Serves `folder` on a free port of the loopback.
fn static_server(folder: &Path) -> StaticServer {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("{e}"));
    let child = Command::new("python3")
        .args([
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            &port.to_string(),
        ])
        .current_dir(folder)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("python3: {e}"));
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "http.server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    StaticServer { child, port }
}

/// The folder `kifu site` writes from the package `js/build.sh` built;
/// `None` (said) when the package is not built, outside CI.
fn site(name: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let package = root.join("js").join("pkg");
    if !package.join("kifu_wasm_bg.wasm").exists() {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "CI=true: the static board must be tested, and js/pkg is not built (js/test.sh builds it)"
        );
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "tests/browser_static.rs: skipped: js/pkg is not built (js/build.sh)"
        );
        return None;
    }
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("site-{name}"));
    let _ = std::fs::remove_dir_all(&folder);
    let written = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("site")
        .arg(&folder)
        .arg("--package")
        .arg(&package)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        written.status.success(),
        "{}",
        String::from_utf8_lossy(&written.stderr)
    );
    Some(folder)
}

/// A browser at `width` x `height` on the static board, served from a
/// fresh folder; the landing game started.
async fn open(
    name: &str,
    (width, height): (u32, u32),
) -> Option<(chromium::Driver, Client, StaticServer)> {
    let (chromium, driver) = chromium::installed("tests/browser_static.rs")?;
    let folder = site(name)?;
    let server = static_server(&folder);
    let url = format!("http://127.0.0.1:{}/", server.port);
    let at = (chromium.as_path(), driver.as_path());
    let (driver, client) = chromium::page_at(at, &folder, &url, (width, height)).await;
    wait_for(
        &client,
        "return typeof game !== 'undefined' && Boolean(game && game.id);",
    )
    .await;
    ready(&client).await;
    Some((driver, client, server))
}

/// Waits until `script` returns true.
async fn wait_for(client: &Client, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while js(client, script).await != json!(true) {
        assert!(Instant::now() < deadline, "never true: {script}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The game shown, as the page's worker answers it.
async fn shown(client: &Client) -> Value {
    let script = "return window.kifuAsk('GET', '/api/games/' + game.id);";
    js(client, script).await
}

/// Plays a move (or a part of one, or a square of a placement) by
/// clicking as a person does.
async fn click_a_move(client: &Client) {
    if click(client, ".spot.movable").await && click(client, ".spot.target").await {
        click(client, "#choices button").await;
        return;
    }
    let clicked = click(client, ".spot.open").await
        || click(client, "#choices button").await
        || click(client, "#buttons button").await;
    assert!(
        clicked,
        "nothing to click: {}",
        text(client, "status").await
    );
}

/// Whether the element `css` finds is shown.
async fn visible(client: &Client, css: &str) -> bool {
    let script = format!(
        "const e = document.querySelector({}); return Boolean(e) && e.getClientRects().length > 0;",
        json!(css)
    );
    js(client, &script).await == json!(true)
}

/// Plays a game of `game` against the computer at level 1 to its end, by
/// clicking; its last state.
async fn play_to_the_end(client: &Client, game: &str) -> Value {
    assert!(click(client, &format!("input[value={game}] + span")).await);
    js(client, "document.getElementById('movetime').value = '50';").await;
    pick(client, "level", "1").await;
    if game == "lotus" {
        pick(client, "seat-count", "3").await;
        for (seat, who) in [("1", "person"), ("2", "computer"), ("3", "computer")] {
            pick(client, &format!("seat-choice-{seat}"), who).await;
        }
    }
    assert!(click(client, "#new button[type=submit]").await);
    assert_eq!(shown(client).await["game"], game);
    let mut clicks = 0;
    while js(client, "return Boolean(game && game.result);").await != json!(true) {
        assert!(clicks < 1500, "{game}: no end after {clicks} clicks");
        clicks += 1;
        click_a_move(client).await;
    }
    let state = shown(client).await;
    assert!(state["result"].is_object(), "{state}");
    assert_eq!(
        js(client, "return document.getElementById('end').open;").await,
        true
    );
    state
}

#[tokio::test(flavor = "current_thread")]
async fn every_game_against_the_computer_to_its_end_with_a_take_back_and_a_review() {
    let shots = screenshots();
    let Some((_driver, client, _server)) = open("games", (1280, 900)).await else {
        return;
    };
    // The page is the board of kifu serve, told it runs alone.
    assert_eq!(
        js(&client, "return document.documentElement.dataset.backend;").await,
        "static"
    );
    assert!(visible(&client, "#where").await);
    assert!(
        text(&client, "where")
            .await
            .starts_with("This board runs in your browser")
    );
    for hidden in ["#save", "#file", "#a-file", "#a-save", "#watch"] {
        assert!(!visible(&client, hidden).await, "{hidden} is shown");
    }
    shot(&client, &shots, "static-landing-desktop").await;
    chromium::tidy(&client, chromium::CONTROLS, "the static landing").await;
    for game in ["mana", "escampe", "shogun", "lotus"] {
        let state = play_to_the_end(&client, game).await;
        shot(&client, &shots, &format!("static-{game}-end-desktop")).await;
        let moves = state["moves"].as_array().map_or(0, Vec::len);
        assert!(moves > 0, "{state}");
        if game != "mana" {
            assert!(click(&client, "#end-close").await);
            continue;
        }
        // The end reviewed: every move judged, the accuracy of each side.
        assert!(click(&client, "#end-review").await);
        wait_for(
            &client,
            "return document.querySelectorAll('#review-sides tr').length === 3;",
        )
        .await;
        let sides = text(&client, "review-sides").await;
        assert!(
            sides.contains("Black") && sides.contains("White"),
            "{sides}"
        );
        assert!(
            sides.starts_with("AccuracyInaccuracies?!Mistakes?Blunders??Black"),
            "{sides}"
        );
        shot(&client, &shots, "static-review-desktop").await;
        // A take back: the game over goes on again, fewer moves played.
        assert!(click(&client, "#takeback").await);
        let after = shown(&client).await;
        let left = after["moves"].as_array().map_or(0, Vec::len);
        assert!(left < moves, "{left} of {moves}");
        assert_eq!(after["result"], Value::Null);
    }
    let _ = client.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn at_a_phone_s_width_a_game_the_rules_and_a_record_pasted_to_annotate_and_download() {
    let shots = screenshots();
    let Some((_driver, client, _server)) = open("phone", (390, 844)).await else {
        return;
    };
    assert!(visible(&client, "#where").await);
    shot(&client, &shots, "static-landing-phone").await;
    chromium::tidy(&client, chromium::CONTROLS, "the static landing at 390").await;
    // A move against the computer, which answers from the page's worker.
    assert!(click(&client, ".spot.movable").await && click(&client, ".spot.target").await);
    wait_for(&client, "return game.moves.length === 2;").await;
    shot(&client, &shots, "static-first-move-phone").await;
    // The rules, with their boards drawn by the same worker.
    assert!(click(&client, "#rules-open").await);
    wait_for(
        &client,
        "return document.querySelectorAll('#rules-body img').length > 0;",
    )
    .await;
    assert_eq!(
        js(&client, "return document.getElementById('rules').open;").await,
        true
    );
    shot(&client, &shots, "static-rules-phone").await;
    assert!(click(&client, "#rules-close").await);
    // A record pasted, annotated (a comment), and downloaded as written.
    let record = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 a6-a5 *\n";
    let paste = format!(
        "document.getElementById('a-paste').value = {};",
        json!(record)
    );
    js(&client, &paste).await;
    assert!(click(&client, "#a-paste-open").await);
    wait_for(
        &client,
        "return !document.getElementById('annotate').hidden;",
    )
    .await;
    let said = text(&client, "a-status").await;
    assert_eq!(said, "The record pasted: after a6-a5, Black to move");
    js(
        &client,
        "document.getElementById('a-comment').value = 'A quiet start.';",
    )
    .await;
    assert!(click(&client, "#a-set-comment").await);
    wait_for(
        &client,
        "return document.getElementById('a-text').textContent.includes('{A quiet start.}');",
    )
    .await;
    js(
        &client,
        "window.offered = []; offer = (text, name) => window.offered.push([text, name]);",
    )
    .await;
    assert!(click(&client, "#a-download").await);
    let offered = js(&client, "return window.offered;").await;
    assert_eq!(
        offered,
        json!([[
            "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 a6-a5 {A quiet start.} *\n",
            "annotated.kifu"
        ]])
    );
    assert!(!visible(&client, "#a-save").await);
    js(
        &client,
        "document.getElementById('annotate').scrollIntoView();",
    )
    .await;
    shot(&client, &shots, "static-annotate-phone").await;
    chromium::tidy(&client, chromium::CONTROLS, "the static annotation at 390").await;
    let _ = client.close().await;
}

/// Not a check but the measures of `benches/wasm.sh` (`cargo test
/// --release --test browsers static_board_speed -- --ignored
/// --nocapture`): the time from opening the static page to a playable
/// board (its first game drawn), five times, and the engine's nodes per
/// second in Chromium, at most a million nodes from the positions
/// `benches/wasm.mjs` searches, timed by the search's own report.
#[tokio::test(flavor = "current_thread")]
#[ignore = "a measure for benches/wasm.sh, not a check"]
async fn static_board_speed() {
    let Some((_driver, client, server)) = open("speed", (1280, 900)).await else {
        return;
    };
    let url = format!("http://127.0.0.1:{}/", server.port);
    let mut loads = Vec::new();
    for _ in 0..5 {
        client.goto(&url).await.unwrap_or_else(|e| panic!("{e}"));
        let playable = "return (typeof game !== 'undefined' && game && game.id \
                        && document.documentElement.dataset.state === 'ready') ? performance.now() : null;";
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(ms) = js(&client, playable).await.as_f64() {
                loads.push(ms);
                break;
            }
            assert!(Instant::now() < deadline, "no board");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    loads.sort_by(f64::total_cmp);
    println!(
        "static board: opened to a playable board in {:.0} ms (median of 5: {loads:.0?})",
        loads[2]
    );
    for (game, tags, moves) in [
        (
            "mana",
            r#"[["Setup","b1 c6"]]"#,
            r#"["e1-e4", "a6-a5", "a1-c2", "e6-e5@e3"]"#,
        ),
        (
            "escampe",
            r#"[["Setup","a1 b1 c1 d1 e1 f1 / f6 a6 b6 c6 d6 e6"]]"#,
            "[]",
        ),
        ("shogun", "[]", "[]"),
    ] {
        let script = format!(
            "const m = await import('/kifu_wasm.js'); await m.default(); \
             const game = new m.Game('{game}', '{tags}', undefined); \
             for (const move of {moves}) game.push(move); \
             const engine = new m.Engine(undefined, undefined); \
             const answer = JSON.parse(engine.search(game, undefined, undefined, 1000000)); \
             return [answer.nodes, answer.time];"
        );
        let script = format!("return (async () => {{ {script} }})();");
        let measured = js(&client, &script).await;
        let (nodes, ms) = (
            measured[0].as_f64().unwrap_or(0.0),
            measured[1].as_f64().unwrap_or(1.0),
        );
        println!(
            "static board: {game}: {nodes} nodes in {ms:.0} ms in Chromium: {:.0} n/s",
            nodes / (ms / 1000.0)
        );
    }
    let _ = client.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_package_s_engine_searches_in_a_web_worker_while_the_page_goes_on() {
    let Some((chromium, driver)) = chromium::installed("tests/browser_static.rs") else {
        return;
    };
    // The JavaScript package's own folder (its module, worker and the
    // WebAssembly built by js/build.sh), served as a web site would.
    if site("worker").is_none() {
        return;
    }
    let js_folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("js");
    let server = static_server(&js_folder);
    let url = format!("http://127.0.0.1:{}/test/", server.port);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site-worker-browser");
    let at = (chromium.as_path(), driver.as_path());
    let (_driver, client) = chromium::page_at(at, &dir, &url, (1280, 900)).await;
    // The same search in the page's thread and in the worker; while the
    // worker thinks, the page's timers go on.
    let script = "return (async () => { \
        const kifu = await import('/kifu.js'); await kifu.init(); \
        const game = new kifu.Game('shogun', {}); \
        const here = kifu.search(game, { depth: 5 }); \
        const worker = new kifu.EngineWorker(); \
        let ticks = 0; const timer = setInterval(() => ticks++, 5); \
        const there = await worker.search(game, { depth: 5 }); \
        clearInterval(timer); worker.terminate(); \
        const refused = await new kifu.EngineWorker({ level: 9 }).search(game, {}) \
          .then(() => 'answered', (e) => e.message); \
        return [here, there, ticks, refused]; })();";
    let answered = js(&client, script).await;
    let (here, there) = (&answered[0], &answered[1]);
    assert_eq!(here["moves"], there["moves"], "{answered}");
    assert_eq!(here["score"], there["score"], "{answered}");
    assert_eq!(here["nodes"], there["nodes"], "{answered}");
    assert!(here["nodes"].as_u64().unwrap_or(0) > 1000, "{answered}");
    assert!(
        answered[2].as_u64().unwrap_or(0) > 0,
        "no tick while the worker searched: {answered}"
    );
    assert_eq!(answered[3], "the level is 1 to 8, not 9", "{answered}");
    let _ = client.close().await;
}
