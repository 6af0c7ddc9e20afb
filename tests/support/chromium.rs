//! What the browser tests share: Debian's Chromium, headless, driven
//! through chromedriver (WebDriver) with fantoccini, and where their
//! screenshots go. `examples/browser_serve.rs` (the browser's bench)
//! starts its Chromium the same way.

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// Chromium and chromedriver, when both are installed. In CI
/// (`CI=true`) a missing one fails the test; elsewhere `test` (its file)
/// says it is skipped, and the test passes without running.
pub fn installed(test: &str) -> Option<(PathBuf, PathBuf)> {
    let chromium = program(&["chromium", "chromium-browser"]);
    let driver = program(&["chromedriver"]);
    let (Some(chromium), Some(driver)) = (chromium, driver) else {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "CI=true: the browser test must run, and chromium or chromedriver is missing"
        );
        // Written past the test harness's capture, which would hide it in
        // a passing test: the skip shows in `cargo test`'s output.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "{test}: skipped: chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        );
        return None;
    };
    Some((chromium, driver))
}

/// The first of `names` found on `PATH`.
pub fn program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// One Chromium at a time. On two cores, the eight browser tests side by
/// side took 554 s in CI, and starved the engines and the pages whose
/// waits they bound; one after another, each has the machine.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// chromedriver, stopped when dropped, and the turn of its test (see
/// [`ONE_AT_A_TIME`]), given up after.
pub struct Driver {
    child: Child,
    _turn: tokio::sync::MutexGuard<'static, ()>,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where the artefacts of this test go: `<target dir>/screenshots/`
/// (`target/screenshots/` when built as an example, which has no
/// `CARGO_TARGET_TMPDIR`).
pub fn screenshots() -> PathBuf {
    let dir = option_env!("CARGO_TARGET_TMPDIR")
        .and_then(|tmp| Path::new(tmp).parent())
        .map_or_else(|| PathBuf::from("target"), Path::to_path_buf)
        .join("screenshots");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// Writes what the browser shows to `<screenshots>/<name>.png`.
pub async fn shot(client: &Client, shots: &Path, name: &str) {
    let png = client.screenshot().await.unwrap_or_else(|e| panic!("{e}"));
    let file = shots.join(format!("{name}.png"));
    std::fs::write(&file, png).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
}

/// Runs `script` in the page; what it returns.
pub async fn js(client: &Client, script: &str) -> Value {
    client
        .execute(script, Vec::new())
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits until the page has no request running (its `data-state` is
/// `ready`).
pub async fn ready(client: &Client) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while js(client, "return document.documentElement.dataset.state;").await != "ready" {
        assert!(Instant::now() < deadline, "the page stayed busy");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Clicks the first element `css` finds, if any, as a person does, and
/// waits for the page; whether there was one.
pub async fn click_first(client: &Client, css: &str) -> bool {
    let Ok(found) = client.find_all(fantoccini::Locator::Css(css)).await else {
        return false;
    };
    let Some(first) = found.first() else {
        return false;
    };
    first.click().await.unwrap_or_else(|e| panic!("{css}: {e}"));
    ready(client).await;
    true
}

/// Clicks the element `css` finds, which must be there, and waits for
/// the page.
pub async fn click(client: &Client, css: &str) {
    assert!(click_first(client, css).await, "{css}: not on the page");
}

/// Starts chromedriver and a headless Chromium session, once no other
/// test has one.
pub async fn browser(chromium: &Path, driver: &Path, dir: &Path) -> (Driver, Client) {
    let turn = ONE_AT_A_TIME.lock().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("{e}"));
    let child = std::process::Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", driver.display()));
    let driver = Driver { child, _turn: turn };
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let profile = dir.join("profile");
    let capabilities = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium.to_string_lossy(),
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,1000",
                format!("--user-data-dir={}", profile.display()),
            ]
        }
    });
    let Value::Object(capabilities) = capabilities else {
        panic!("capabilities are an object");
    };
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .unwrap_or_else(|e| panic!("cannot start Chromium: {e}"));
    (driver, client)
}

/// A browser (as [`browser`] starts one) at `width` x `height` on `url`.
pub async fn page_at(
    (chromium, driver): (&Path, &Path),
    dir: &Path,
    url: &str,
    (width, height): (u32, u32),
) -> (Driver, Client) {
    let (driver, client) = browser(chromium, driver, dir).await;
    client
        .set_window_size(width, height)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    client
        .goto(url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    (driver, client)
}

/// What the page's checks of layout measure: every control and heading,
/// the game's status and its board.
pub const CONTROLS: &str = "button, select, input:not([type=radio]), .pill, .game-choice span, h1, h2, #status, #board-wrap";

/// The visible elements `css` finds that overlap, each against every
/// other that is not inside it (each as far as it shows: the part a
/// scrolling list clips is not there), and how far the page scrolls
/// sideways.
pub async fn overlaps(client: &Client, css: &str) -> (Vec<String>, i64) {
    let script = format!(
        r#"
        const all = [...document.querySelectorAll({css})]
          .filter((e) => e.getClientRects().length > 0 && !e.closest('[hidden], dialog:not([open]), details:not([open]) > :not(summary)'));
        // What of an element shows: its box within every ancestor that
        // clips it (a list that scrolls shows only part of its items).
        const shown = (e) => {{
          let r = e.getBoundingClientRect();
          let box = {{left: r.left, top: r.top, right: r.right, bottom: r.bottom}};
          for (let a = e.parentElement; a; a = a.parentElement) {{
            if (getComputedStyle(a).overflow === 'visible') continue;
            const c = a.getBoundingClientRect();
            box = {{left: Math.max(box.left, c.left), top: Math.max(box.top, c.top),
                    right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom)}};
          }}
          return box;
        }};
        const boxes = all.map((e) => [e, shown(e)]);
        const found = [];
        for (let i = 0; i < boxes.length; i++) {{
          for (let j = i + 1; j < boxes.length; j++) {{
            const [a, p] = boxes[i], [b, q] = boxes[j];
            if (a.contains(b) || b.contains(a)) continue;
            const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            if (x > 1 && y > 1) found.push(`${{a.id || a.textContent.trim().slice(0, 20)}} / ${{b.id || b.textContent.trim().slice(0, 20)}}`);
          }}
        }}
        return [found, document.documentElement.scrollWidth - window.innerWidth];"#,
        css = json!(css)
    );
    let answer = js(client, &script).await;
    let found = (answer[0].as_array().into_iter().flatten())
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    (found, answer[1].as_i64().unwrap_or(i64::MAX))
}

/// Checks that no element `css` finds overlaps another and nothing
/// scrolls sideways; `what` says where the page was.
pub async fn tidy(client: &Client, css: &str, what: &str) {
    let (found, sideways) = overlaps(client, css).await;
    assert!(found.is_empty(), "{what}: overlapping: {found:?}");
    assert!(
        sideways <= 0,
        "{what}: the page scrolls {sideways} px sideways"
    );
}

/// The text of the element `id`.
pub async fn text(client: &Client, id: &str) -> String {
    let script = format!("return document.getElementById('{id}').textContent;");
    js(client, &script)
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Sets the control `id` to `value`, as a person picking it does.
pub async fn pick(client: &Client, id: &str, value: &str) {
    let script = format!(
        "const c = document.getElementById('{id}'); c.value = {}; \
         c.dispatchEvent(new Event('change'));",
        serde_json::json!(value)
    );
    js(client, &script).await;
    ready(client).await;
}
