//! The browser's bench of `benches/browser_serve.sh`: Debian's Chromium,
//! headless through chromedriver as the browser tests drive it, on the
//! page of a running `kifu serve`, timed inside the page.
//!
//! ```text
//! browser_serve URL DIR MOVES   # URL the address kifu serve printed, DIR for Chromium's profile
//! ```
//!
//! - A move round trip: one script takes `performance.now()`, clicks the
//!   target spot (or the choice button, or the move button, when one
//!   click cannot tell the move), and answers when `<html data-state>`
//!   is `ready` again and the board's `<img>` has decoded the new picture
//!   (`img.decode()`). MOVES moves in each game, from games started with
//!   seeds 1, 2, ..., the move picked among the legal ones by its count;
//!   the piece clicked first (which asks nothing of the server) is not
//!   timed, and the click waits a frame after the last board, as a
//!   person's would. Beside it, the parts: the click to the request sent,
//!   the request (the resource timing of its `POST .../moves`, sent to
//!   the answer's last byte read) and the answer read to the page ready.
//! - The collection: the server's file 0 chosen again in the annotate
//!   list (its `change`) until its first page is listed; then record
//!   9,999 opened by its number until its board is decoded.
//!
//! It prints the percentiles. No time is asserted.

#[path = "../tests/support/chromium.rs"]
#[allow(dead_code)]
mod chromium;

use fantoccini::Client;
use serde_json::{Value, json};
use std::path::Path;

/// Clicks a move of the game shown (the `k`th legal move, counting
/// targets then buttons), timed from the click that sends it to the new
/// board decoded. Answers `{ms, shown, before, request, after, over}`
/// (`shown` when the page was ready again, its picture's address set;
/// the parts as `SERIES` names them) or `{error}`.
const MOVE: &str = r##"
const [k, done] = arguments;
const html = document.documentElement;
const spot = (square) => document.querySelector(`#spots .spot[data-square="${CSS.escape(square)}"]`);
const all = [];
for (const p of game.pieces) for (const t of p.targets) all.push([p.from, t]);
const n = all.length + game.buttons.length;
if (n === 0) { done({ error: "no legal move" }); return; }
const i = k % n;
let send;
if (i < all.length) {
  const [from, target] = all[i];
  spot(from).click();
  if (target.to !== null && target.moves.length === 1) {
    send = () => spot(target.to).click();
  } else {
    if (target.to !== null) spot(target.to).click();
    send = () => document.querySelector("#choices button").click();
  }
} else {
  send = () => document.querySelectorAll("#buttons button")[i - all.length].click();
}
const img = document.getElementById("board");
performance.clearResourceTimings();
const observer = new MutationObserver(() => {
  if (html.dataset.state !== "ready") return;
  observer.disconnect();
  const shown = performance.now() - began;
  img.decode().then(() => {
    const ms = performance.now() - began;
    const posts = performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/moves"));
    const post = posts[posts.length - 1];
    const request = post ? post.responseEnd - post.startTime : null;
    const before = post ? post.startTime - began : null;
    const after = post ? began + shown - post.responseEnd : null;
    const error = document.getElementById("status").className === "error" ? document.getElementById("status").textContent : null;
    done({ ms, shown, request, before, after, over: Boolean(game.result), error });
  }, (e) => done({ error: String(e) }));
});
observer.observe(html, { attributes: true, attributeFilter: ["data-state"] });
let began;
// The click comes once the board the last move drew is on the screen (a
// frame later), as a person's would, not while it is being painted.
requestAnimationFrame(() => setTimeout(() => {
  began = performance.now();
  send();
}, 0));
"##;

/// Starts a game of `game` with seed `seed` from the form; answers when
/// it is shown.
const NEW_GAME: &str = r##"
const [name, seed, done] = arguments;
const html = document.documentElement;
document.getElementById("game").value = name;
document.getElementById("setup").value = "";
document.getElementById("seed").value = String(seed);
document.getElementById("auto").value = "";
const observer = new MutationObserver(() => {
  if (html.dataset.state !== "ready") return;
  observer.disconnect();
  document.getElementById("board").decode().then(() => done(game.id), (e) => done(String(e)));
});
observer.observe(html, { attributes: true, attributeFilter: ["data-state"] });
document.querySelector("#new button[type=submit]").click();
"##;

/// Chooses file 0 again in the annotate list; answers the time until its
/// first page is listed, and the list's label.
const LIST: &str = r##"
const done = arguments[0];
const section = document.getElementById("annotate-open");
const observer = new MutationObserver(() => {
  if (section.dataset.state !== "ready") return;
  observer.disconnect();
  const ms = performance.now() - began;
  done({ ms, label: document.getElementById("a-range").textContent,
    options: document.getElementById("a-record").options.length });
});
observer.observe(section, { attributes: true, attributeFilter: ["data-state"] });
const began = performance.now();
document.getElementById("a-file").value = "0";
document.getElementById("a-file").dispatchEvent(new Event("change"));
"##;

/// Opens record `number` by its number; answers the time until its board
/// is decoded, and the status line.
const JUMP: &str = r##"
const [number, done] = arguments;
const html = document.documentElement;
let busy = false;
const observer = new MutationObserver(() => {
  if (html.dataset.state === "busy") { busy = true; return; }
  if (!busy) return;
  observer.disconnect();
  document.getElementById("a-board").decode().then(() => {
    done({ ms: performance.now() - began, status: document.getElementById("a-status").textContent });
  }, (e) => done({ error: String(e) }));
});
observer.observe(html, { attributes: true, attributeFilter: ["data-state"] });
const began = performance.now();
document.getElementById("a-number").value = String(number);
document.getElementById("a-jump").requestSubmit();
"##;

/// Runs the asynchronous `script` with `args`; what it answers.
async fn run(client: &Client, script: &str, args: Vec<Value>) -> Value {
    client
        .execute_async(script, args)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The value at fraction `p` of the sorted `times`.
fn at(times: &[f64], p: f64) -> f64 {
    let i = ((times.len() as f64 - 1.0) * p).round() as usize;
    times.get(i).copied().unwrap_or(0.0)
}

/// `p50 p90 p99 max` of `times`, in ms.
fn percentiles(times: &mut [f64]) -> String {
    times.sort_by(f64::total_cmp);
    format!(
        "p50={:.1} ms p90={:.1} ms p99={:.1} ms max={:.1} ms",
        at(times, 0.5),
        at(times, 0.9),
        at(times, 0.99),
        at(times, 1.0)
    )
}

/// What each round trip answers, and what its times are called.
const SERIES: [(&str, &str); 5] = [
    ("ms", "click to board decoded"),
    (
        "shown",
        "click to the page ready (picture set, not yet decoded)",
    ),
    ("before", "click to the request sent"),
    (
        "request",
        "the request (resource timing: sent to answer read)",
    ),
    (
        "after",
        "answer read to the page ready (JSON, picture set, spots)",
    ),
];

/// Times `moves` round trips of `name`, new games as they end.
async fn moves(client: &Client, name: &str, moves: usize) {
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); SERIES.len()];
    let mut games = 0;
    let mut count = 0;
    while count < moves {
        games += 1;
        run(client, NEW_GAME, vec![json!(name), json!(games)]).await;
        let mut ply = 0;
        loop {
            let k = ply * 7 + games;
            let answer = run(client, MOVE, vec![json!(k)]).await;
            if let Some(error) = answer["error"].as_str() {
                panic!("{name}, game {games}, ply {ply}: {error}");
            }
            for ((key, _), series) in SERIES.iter().zip(&mut times) {
                if let Some(ms) = answer[*key].as_f64() {
                    series.push(ms);
                }
            }
            ply += 1;
            count += 1;
            if answer["over"] == true || count >= moves {
                break;
            }
        }
    }
    println!("{name}: {count} moves, {games} games");
    for ((_, what), series) in SERIES.iter().zip(&mut times) {
        println!("  {what}: {}", percentiles(series));
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [url, dir, count] = args.as_slice() else {
        eprintln!("usage: browser_serve URL DIR MOVES");
        std::process::exit(2);
    };
    let count: usize = count.parse().expect("MOVES is a number");
    let chromium = chromium::program(&["chromium", "chromium-browser"]).expect("chromium");
    let driver = chromium::program(&["chromedriver"]).expect("chromedriver");
    let (_driver, client) = chromium::browser(&chromium, &driver, Path::new(dir)).await;
    client.goto(url).await.expect("the page");
    let version = client
        .execute("return navigator.userAgent;", Vec::new())
        .await
        .expect("user agent");
    println!("{version}");

    // The page loaded: the annotate list's first page, from the start of
    // the navigation, as the page's own requests timed it.
    let loaded = run(
        &client,
        r#"const done = arguments[0];
           const wait = () => {
             if (document.getElementById("a-range").textContent.startsWith("records")) {
               const page = performance.getEntriesByType("resource").find((e) => e.name.includes("count="));
               done(page ? page.responseEnd : null);
             } else setTimeout(wait, 5);
           };
           wait();"#,
        Vec::new(),
    )
    .await;
    println!("page loaded, first page of records answered at {loaded} ms from navigation");
    let mut lists = Vec::new();
    for round in 1..=5 {
        let listed = run(&client, LIST, Vec::new()).await;
        println!(
            "collection listed (round {round}): {:.1} ms, {}, {} options",
            listed["ms"].as_f64().unwrap_or(f64::NAN),
            listed["label"],
            listed["options"]
        );
        lists.push(listed["ms"].as_f64().unwrap_or(f64::NAN));
    }
    println!("collection listed: {}", percentiles(&mut lists));
    for round in 1..=3 {
        let opened = run(&client, JUMP, vec![json!(9999)]).await;
        println!(
            "record 9999 opened by its number (round {round}): {:.1} ms, {}",
            opened["ms"].as_f64().unwrap_or(f64::NAN),
            opened["status"]
        );
        // Open the first record between rounds, so that each round opens it anew.
        run(&client, JUMP, vec![json!(1)]).await;
    }

    for name in ["mana", "shogun", "escampe", "lotus"] {
        moves(&client, name, count).await;
    }
    let _ = client.close().await;
}
