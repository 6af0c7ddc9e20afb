//! The page of `kifu html` in a real browser: Debian's Chromium, headless,
//! driven through chromedriver (WebDriver) with fantoccini.
//!
//! For every valid fixture the page, opened from a `file://` path, must
//! show the very board `kifu render --format svg` draws (their `data-`
//! attributes are compared) at the start, after → presses, at End, after
//! Home, at a deep link and after ←. A click on any move of any variation
//! of the fixtures with variations shows the board `kifu render --line L
//! --ply P` draws, and ← the one before it; hostile records show as text
//! and run no script; the page fits a phone's width. Screenshots go to `<target dir>/screenshots/`.
//!
//! In CI (`CI=true`) the test fails when Chromium or chromedriver is
//! missing; elsewhere it says so and passes without running.

use crate::support::chromium;
use crate::support::fixtures as support;

use chromium::{browser, js, screenshots, shot};
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, Instant};
use support::fixtures;

/// Runs kifu from the repository root; its standard output. A usage
/// error or an unreadable file fails the test.
fn kifu(args: &[&str]) -> String {
    let (out, err, status) = support::run(args);
    assert!(status.is_some_and(|c| c <= 1), "{args:?}: {err}");
    String::from_utf8_lossy(&out).into_owned()
}

/// The `data-` attributes of an SVG, element by element in document order.
fn data_of_svg(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}"));
    let mut lines = Vec::new();
    for node in doc.root_element().descendants().filter(|n| n.is_element()) {
        let attributes: Vec<String> = node
            .attributes()
            .filter(|a| a.name().starts_with("data-"))
            .map(|a| format!("{}={}", a.name(), a.value()))
            .collect();
        if !attributes.is_empty() {
            lines.push(attributes.join(" "));
        }
    }
    lines.join("\n")
}

/// The same, of the board the page shows.
const SHOWN_DATA: &str = r#"
var svg = document.querySelector('#board svg');
if (!svg) { return ''; }
var all = [svg].concat(Array.prototype.slice.call(svg.querySelectorAll('*')));
return all.map(function (e) {
  return Array.prototype.filter.call(e.attributes, function (a) { return a.name.indexOf('data-') === 0; })
    .map(function (a) { return a.name + '=' + a.value; }).join(' ');
}).filter(function (s) { return s; }).join('\n');
"#;

/// A script giving the board the page shows (as [`SHOWN_DATA`]), the
/// text saying where it is, the comments shown and the location's hash.
fn shown_state() -> String {
    format!(
        "var board = (function () {{ {SHOWN_DATA} }})(); return [board, \
         document.getElementById('where').textContent, \
         document.getElementById('comment').textContent, location.hash];"
    )
}

/// The page's deep link, once no write of it is waiting (the page writes
/// its address at most once in 150 ms).
async fn deep_link(client: &Client) -> Value {
    let script =
        "return document.documentElement.dataset.address === 'pending' ? null : location.hash;";
    let start = Instant::now();
    loop {
        let hash = js(client, script).await;
        if !hash.is_null() || start.elapsed() > Duration::from_secs(5) {
            return hash;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn shown(client: &Client) -> String {
    js(client, SHOWN_DATA)
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn press(client: &Client, key: Key) {
    let body = client
        .find(Locator::Css("body"))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    body.send_keys(&key.to_string())
        .await
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The board `kifu render --format svg` draws, as data attributes.
fn rendered(file: &str, ply: Option<usize>) -> String {
    let ply = ply.map(|p| p.to_string());
    let mut args = vec!["render", "--format", "svg", file];
    if let Some(ply) = &ply {
        args.extend(["--ply", ply.as_str()]);
    }
    data_of_svg(&kifu(&args))
}

/// Opens `page` at `hash`; a change of hash alone goes through the page's
/// hashchange handler. The page's own write of its address is awaited
/// first: a link to the address it already has changes nothing.
async fn open(client: &Client, page: &Path, hash: &str) {
    deep_link(client).await;
    let url = format!("file://{}#{hash}", page.display());
    client
        .goto(&url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
}

#[tokio::test(flavor = "current_thread")]
async fn the_page_replays_every_valid_fixture_in_chromium() {
    let Some((chromium, driver)) = chromium::installed("tests/browser.rs") else {
        return;
    };
    let dir = support::scratch("browser");
    let shots = screenshots();
    let files: Vec<String> = ["mana", "escampe", "shogun", "lotus"]
        .iter()
        .flat_map(|game| fixtures(game, "valid"))
        .map(|p| {
            p.strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .map_or_else(|_| p.clone(), Path::to_path_buf)
        })
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let page = dir.join("fixtures.html");
    let page_name = page.to_string_lossy().into_owned();
    let title = "</title><script>window.pwned=0</script>";
    let mut args = vec!["html", "--title", title, "-o", page_name.as_str()];
    args.extend(files.iter().map(String::as_str));
    args.push("tests/support/hostile-pictures.kifu");
    kifu(&args);
    let (_driver, client) = browser(&chromium, &driver, &dir).await;

    open(&client, &page, "game=1&ply=0").await;
    let count = js(
        &client,
        "return document.querySelectorAll('script.kifu-game').length;",
    )
    .await;
    assert_eq!(count.as_u64(), Some(files.len() as u64 + 2));
    let mut shot_taken = std::collections::HashSet::new();
    for (i, file) in files.iter().enumerate() {
        let game = i + 1;
        open(&client, &page, &format!("game={game}&ply=0")).await;
        // The plies of the main line: its moves played.
        let plies = js(&client, "var h = location.hash.match(/game=(\\d+)/); return JSON.parse(document.querySelectorAll('script.kifu-game')[Number(h[1]) - 1].textContent).moves.filter(function (m) { return m.board !== undefined; }).length;").await;
        let plies = plies.as_u64().unwrap_or_else(|| panic!("{file}: {plies}")) as usize;
        assert_eq!(
            shown(&client).await,
            rendered(file, Some(0)),
            "{file}: start"
        );
        for ply in 1..=plies.min(3) {
            press(&client, Key::Right).await;
            assert_eq!(
                shown(&client).await,
                rendered(file, Some(ply)),
                "{file}: → to ply {ply}"
            );
        }
        press(&client, Key::End).await;
        assert_eq!(shown(&client).await, rendered(file, None), "{file}: End");
        press(&client, Key::Home).await;
        assert_eq!(
            shown(&client).await,
            rendered(file, Some(0)),
            "{file}: Home"
        );
        let middle = plies / 2;
        open(&client, &page, &format!("game={game}&ply={middle}")).await;
        assert_eq!(
            shown(&client).await,
            rendered(file, Some(middle)),
            "{file}: deep link to ply {middle}"
        );
        if middle > 0 {
            press(&client, Key::Left).await;
            assert_eq!(
                shown(&client).await,
                rendered(file, Some(middle - 1)),
                "{file}: ←"
            );
            let want = json!(format!("#game={game}&ply={}", middle - 1));
            assert_eq!(deep_link(&client).await, want, "{file}: ←");
        }
        let kind = file.split('/').nth(1).unwrap_or("game").to_owned();
        if shot_taken.insert(kind.clone()) {
            shot(&client, &shots, &kind).await;
        }
    }

    // A held arrow key: more steps than Chromium lets a page write its
    // address (200 in 10 s), and the address still ends where the board is.
    open(&client, &page, "game=1&ply=0").await;
    js(
        &client,
        "function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', { key: k })); }
         for (var i = 0; i < 150; i++) { key('ArrowRight'); key('ArrowLeft'); }
         key('ArrowRight'); key('ArrowRight'); return null;",
    )
    .await;
    assert_eq!(
        shown(&client).await,
        rendered(&files[0], Some(2)),
        "held →←"
    );
    let want = json!("#game=1&ply=2");
    assert_eq!(deep_link(&client).await, want, "held →←");

    // The hostile records: their text shows as text, and nothing of it runs.
    let hostile = files.len() + 1;
    open(&client, &page, &format!("game={hostile}&ply=0")).await;
    press(&client, Key::End).await;
    let moves = js(
        &client,
        "return document.getElementById('moves').textContent;",
    )
    .await;
    let moves = moves.as_str().unwrap_or_default();
    assert!(
        moves.contains("<script>window.pwned=4</script> ]]> \"><img src=x onerror=window.pwned=5>"),
        "{moves}"
    );
    assert!(
        moves.contains("</script><script>window.pwned=6</script>"),
        "{moves}"
    );
    open(&client, &page, &format!("game={}&ply=1", hostile + 1)).await;
    let heading = js(
        &client,
        "return document.getElementById('heading').textContent;",
    )
    .await;
    assert_eq!(
        heading,
        json!("mana · <svg onload=window.pwned=8> - \"><img src=x onerror=window.pwned=7> · *")
    );
    let tags = js(
        &client,
        "return document.getElementById('tags').textContent;",
    )
    .await;
    assert!(
        tags.as_str()
            .unwrap_or_default()
            .contains("<svg onload=window.pwned=8>")
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    // No script but the page's own: its code, and its data (a game each
    // and the lines of the pictures), none of it run.
    let pwned = js(&client, "return [typeof window.pwned, document.querySelectorAll('img').length, document.scripts.length - document.querySelectorAll('script.kifu-game').length, document.querySelectorAll('script:not([type])').length, document.title];").await;
    assert_eq!(pwned, json!(["undefined", 0, 2, 1, title]));
    shot(&client, &shots, "hostile").await;

    // A phone's width: nothing sticks out sideways.
    client
        .set_window_size(390, 844)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    open(&client, &page, "game=1&ply=2").await;
    let fits = js(
        &client,
        "return [document.documentElement.scrollWidth, window.innerWidth];",
    )
    .await;
    let (scroll, inner) = (fits[0].as_u64().unwrap_or(0), fits[1].as_u64().unwrap_or(1));
    assert!(
        scroll <= inner,
        "the page is {scroll} px wide in a {inner} px window"
    );
    shot(&client, &shots, "phone").await;
    client
        .set_window_size(1280, 1000)
        .await
        .unwrap_or_else(|e| panic!("{e}"));

    variations(&client, &page, &files, &shots).await;
    first_hour(&client, &dir, &shots).await;
    client.close().await.unwrap_or_else(|e| panic!("{e}"));
}

/// What a new user met on the page: controls drawn whatever the fonts,
/// moves never broken across lines, a finished Lotus game's result, the
/// players in the order they move, and Lotus players drawn in the colour
/// they are named after.
async fn first_hour(client: &Client, dir: &Path, shots: &Path) {
    let players = dir.join("players.kifu");
    std::fs::write(
        &players,
        "[Game \"mana\"]\n[White \"Wanda\"]\n[Black \"Bo\"]\n[Setup \"f1 b6\"]\n\n1. d1-d2 *\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let page = dir.join("first-hour.html");
    let (page_name, players_name) = (page.to_string_lossy(), players.to_string_lossy());
    kifu(&[
        "html",
        "-o",
        &page_name,
        "fixtures/examples/lotus.kifu",
        &players_name,
        "fixtures/examples/shogun.kifu",
    ]);
    open(client, &page, "game=1&ply=0").await;
    // Each control is an icon of its own, drawn as a picture: no text that
    // a font may lack (U+23EE and U+23ED showed as empty boxes).
    let controls = js(
        client,
        "return Array.prototype.map.call(document.querySelectorAll('#controls button'), function (b) {
           var icon = b.querySelector('svg path'), box = icon ? icon.getBoundingClientRect() : { width: 0, height: 0 };
           return [b.textContent.trim(), Math.round(box.width), Math.round(box.height), icon ? icon.getAttribute('d') : ''];
         });",
    )
    .await;
    let controls = controls.as_array().cloned().unwrap_or_default();
    assert_eq!(controls.len(), 4, "{controls:?}");
    for control in &controls {
        assert_eq!(control[0], json!(""), "{controls:?}");
        let (width, height) = (
            control[1].as_u64().unwrap_or(0),
            control[2].as_u64().unwrap_or(0),
        );
        assert!(
            width >= 8 && height >= 8,
            "an icon of {width}x{height} px: {controls:?}"
        );
    }
    let shapes: std::collections::HashSet<String> =
        controls.iter().map(|c| c[3].to_string()).collect();
    assert_eq!(shapes.len(), 4, "{controls:?}");
    // The finished Lotus game shows its result, in the list and heading.
    let result = "o:4 v:4 m:9 r:4 c:1";
    let heading = js(
        client,
        "return document.getElementById('heading').textContent;",
    )
    .await;
    assert_eq!(
        heading,
        json!(format!("lotus · orange violet magenta red cyan · {result}"))
    );
    let listed = js(
        client,
        "return document.querySelector('#game-list button').textContent;",
    )
    .await;
    assert!(
        listed.as_str().unwrap_or_default().contains(result),
        "{listed}"
    );
    // Orange is drawn orange, violet violet: the colour of the name.
    let fills = js(
        client,
        "var out = {}; document.querySelectorAll('#board svg .piece').forEach(function (p) {
           out[p.dataset.piece] = p.querySelector('circle').getAttribute('fill'); }); return out;",
    )
    .await;
    assert_eq!(
        fills,
        json!({"o": "#ef6c00", "v": "#7c4dff", "m": "#c51162", "r": "#d32f2f", "c": "#00838f"})
    );
    // Mana's players in the order they move: Black first.
    let records = |file: &str| {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        text.lines().filter(|l| l.starts_with("[Game ")).count()
    };
    let lotus_records = records("fixtures/examples/lotus.kifu");
    let games = js(
        client,
        "return document.querySelectorAll('script.kifu-game').length;",
    )
    .await;
    let expected = lotus_records + 1 + records("fixtures/examples/shogun.kifu");
    assert_eq!(games, json!(expected));
    open(client, &page, &format!("game={}&ply=0", lotus_records + 1)).await;
    let heading = js(
        client,
        "return document.getElementById('heading').textContent;",
    )
    .await;
    assert_eq!(heading, json!("mana · Bo - Wanda · *"));
    // No move, nor a move with its number, is broken across lines, even
    // on a phone's width.
    client
        .set_window_size(390, 844)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    for game in [1, lotus_records + 2] {
        open(client, &page, &format!("game={game}&ply=0")).await;
        let broken = js(
            client,
            "var out = []; document.querySelectorAll('#moves .ply, #moves .move').forEach(function (e) {
               if (e.getClientRects().length !== 1) { out.push(e.textContent); } }); return [out, document.querySelectorAll('#moves .ply').length];",
        )
        .await;
        assert_eq!(
            broken[0],
            json!([]),
            "game {game}: moves broken across lines"
        );
        assert!(
            broken[1].as_u64().unwrap_or(0) > 20,
            "game {game}: {broken}"
        );
    }
    shot(client, shots, "first-hour-phone").await;
    client
        .set_window_size(1280, 1000)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
}

/// A move of a record as the page's data has it, with the line it stands
/// on as `kifu render --line` names it.
struct Written {
    line: String,
    /// Whether it is the first move of its line.
    first: bool,
    text: String,
    ply: Option<usize>,
    comments: Vec<String>,
}

/// The moves of `moves`, a line named `line`, in the order the page lists
/// them: a move, then its variations, each in full, then the next move.
/// The variations of a line are numbered from 1 in the order written.
fn listed(moves: &[Value], line: &str, out: &mut Vec<Written>) {
    let mut variations = 0;
    for (index, m) in moves.iter().enumerate() {
        let texts = |key: &str| -> Vec<String> {
            m[key]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|c| c.as_str())
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default()
        };
        let mut comments = texts("comments_before");
        comments.extend(texts("comments"));
        out.push(Written {
            line: line.to_owned(),
            first: index == 0,
            text: format!(
                "{}{}",
                m["text"].as_str().unwrap_or_default(),
                m["glyph"].as_str().unwrap_or_default()
            ),
            ply: m["ply"].as_u64().map(|p| p as usize),
            comments,
        });
        for variation in m["variations"].as_array().into_iter().flatten() {
            variations += 1;
            let name = if line == "0" {
                variations.to_string()
            } else {
                format!("{line}.{variations}")
            };
            listed(variation.as_array().map_or(&[], Vec::as_slice), &name, out);
        }
    }
}

/// The board `kifu render --format svg --line LINE --ply PLY` draws, as
/// data attributes, each drawn once.
fn rendered_on(
    cache: &mut std::collections::HashMap<(String, String, usize), String>,
    file: &str,
    line: &str,
    ply: usize,
) -> String {
    let key = (file.to_owned(), line.to_owned(), ply);
    cache
        .entry(key)
        .or_insert_with(|| {
            let ply = ply.to_string();
            let args = [
                "render", "--format", "svg", "--line", line, "--ply", &ply, file,
            ];
            data_of_svg(&kifu(&args))
        })
        .clone()
}

/// Every move of every variation of the fixtures with variations, game
/// `first` and on of the page: a click on it shows the board `kifu
/// render --line L --ply P` draws, its ply and its comments, and leaves
/// the deep link alone; ← then shows the board before it (lotus: before
/// the whole turn, for a variation's first move).
async fn variations(client: &Client, page: &Path, files: &[String], shots: &Path) {
    let mut cache = std::collections::HashMap::new();
    let state_script = shown_state();
    let mut clicked = 0;
    for (i, file) in files.iter().enumerate() {
        if !file.contains("/variations-") {
            continue;
        }
        let game = i + 1;
        open(client, page, &format!("game={game}&ply=0")).await;
        let data = js(
            client,
            &format!(
                "return JSON.parse(document.querySelectorAll('script.kifu-game')[{i}].textContent).moves;"
            ),
        )
        .await;
        let mut moves = Vec::new();
        listed(data.as_array().map_or(&[], Vec::as_slice), "0", &mut moves);
        let last = moves
            .iter()
            .filter(|m| m.line == "0")
            .filter_map(|m| m.ply)
            .max()
            .unwrap_or(0);
        let spans = client
            .find_all(Locator::Css("#moves .move"))
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        // The moves listed, in the order of the data's tree.
        let texts = js(
            client,
            "return Array.prototype.map.call(document.querySelectorAll('#moves .move'), function (e) { return e.textContent; });",
        )
        .await;
        let expected: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, json!(expected), "{file}: the moves listed");
        assert_eq!(spans.len(), moves.len(), "{file}: the moves listed");
        let mut sides = 0;
        for (span, m) in spans.iter().zip(&moves) {
            if m.line == "0" {
                continue;
            }
            let what = format!("{file}: {} of line {}", m.text, m.line);
            let ply = m.ply.unwrap_or_else(|| panic!("{what}: no ply"));
            let hash = deep_link(client).await;
            span.click().await.unwrap_or_else(|e| panic!("{e}"));
            // What the page shows, asked at once: the board, where it
            // is, the comments and the deep link.
            let state = js(client, &state_script).await;
            assert_eq!(
                state[0].as_str().unwrap_or_default(),
                rendered_on(&mut cache, file, &m.line, ply),
                "{what}, ply {ply}"
            );
            let where_ = state[1].as_str().unwrap_or_default();
            assert!(
                where_.ends_with(&format!("({ply}/{last})")),
                "{what}: {where_}"
            );
            assert_eq!(state[2], json!(m.comments.join("\n")), "{what}");
            assert_eq!(state[3], hash, "{what}: the deep link");
            press(client, Key::Left).await;
            // Before a variation's first move: the position of the line
            // it branches off.
            let before = match m.line.rsplit_once('.') {
                _ if !m.first => m.line.as_str(),
                Some((parent, _)) => parent,
                None => "0",
            };
            assert_eq!(
                shown(client).await,
                rendered_on(&mut cache, file, before, ply - 1),
                "{what}: ← to ply {}",
                ply - 1
            );
            sides += 1;
        }
        assert!(sides > 0, "{file}: no move in a variation");
        clicked += sides;
        if file.contains("lotus") && file.contains("nested") {
            shot(client, shots, "variation").await;
        }
    }
    assert!(clicked > 40, "{clicked} moves of variations");
}
