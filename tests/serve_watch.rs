//! `kifu serve --watch FILE` through raw HTTP: the watch's routes pass
//! the guard as every route does (token, Host, Origin), the event stream
//! gives the state and then each game of a match's `--out` file once
//! appended, with the board `kifu render` draws and the table `kifu match
//! --report` gives, and a torn last record is not shown until whole.

use crate::support::fixtures;
use crate::support::serve as serve_support;
use crate::support::watch;

use serde_json::{Value, json};
use serve_support::serve;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};
use watch::{play_match, render, report};

/// The port and token of an address printed.
fn port_token(url: &str) -> (u16, String) {
    let rest = url
        .strip_prefix("http://127.0.0.1:")
        .unwrap_or_else(|| panic!("{url}"));
    let (port, token) = rest
        .split_once("/?token=")
        .unwrap_or_else(|| panic!("{url}"));
    (
        port.parse().unwrap_or_else(|e| panic!("{e}")),
        token.to_owned(),
    )
}

/// Sends `GET path` with `headers`, `Connection: close`; the status and body.
fn get(port: u16, path: &str, headers: &[String]) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap_or_else(|e| panic!("{e}"));
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut request = format!("GET {path} HTTP/1.1\r\n");
    for header in headers {
        request.push_str(&format!("{header}\r\n"));
    }
    request.push_str("Connection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .unwrap_or_else(|e| panic!("{e}"));
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("{answer}"));
    let status = (head.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{head}"));
    (status, body.to_owned())
}

/// An open event stream, read chunk by chunk.
struct Events {
    reader: BufReader<TcpStream>,
    text: String,
}

impl Events {
    /// Opens `GET /api/watch/events` with the token.
    fn open(port: u16, token: &str) -> Events {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap_or_else(|e| panic!("{e}"));
        let request = format!(
            "GET /api/watch/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n\r\n"
        );
        stream
            .write_all(request.as_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            reader
                .read_line(&mut line)
                .unwrap_or_else(|e| panic!("{e}"));
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push_str(&line);
        }
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: text/event-stream"),
            "{head}"
        );
        assert!(
            head.to_ascii_lowercase()
                .contains("transfer-encoding: chunked"),
            "{head}"
        );
        Events {
            reader,
            text: String::new(),
        }
    }

    /// The next event (name, data), comments passed over; None when none
    /// comes within `wait`.
    fn next(&mut self, wait: Duration) -> Option<(String, Value)> {
        let deadline = Instant::now() + wait;
        loop {
            while let Some(end) = self.text.find("\n\n") {
                let event: String = self.text.drain(..end + 2).collect();
                let mut name = String::new();
                let mut data = String::new();
                for line in event.lines() {
                    if let Some(value) = line.strip_prefix("event: ") {
                        name = value.to_owned();
                    } else if let Some(value) = line.strip_prefix("data: ") {
                        data.push_str(value);
                    }
                }
                if !name.is_empty() {
                    let data =
                        serde_json::from_str(&data).unwrap_or_else(|e| panic!("{e}: {data}"));
                    return Some((name, data));
                }
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            (self.reader.get_ref())
                .set_read_timeout(Some(left.max(Duration::from_millis(1))))
                .unwrap_or_else(|e| panic!("{e}"));
            let mut size = String::new();
            match self.reader.read_line(&mut size) {
                Ok(0) => panic!("the event stream ended"),
                Ok(_) => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return None;
                }
                Err(e) => panic!("{e}"),
            }
            let size =
                usize::from_str_radix(size.trim(), 16).unwrap_or_else(|e| panic!("{e}: {size:?}"));
            (self.reader.get_ref())
                .set_read_timeout(Some(Duration::from_secs(20)))
                .unwrap_or_else(|e| panic!("{e}"));
            let mut chunk = vec![0; size + 2];
            self.reader
                .read_exact(&mut chunk)
                .unwrap_or_else(|e| panic!("{e}"));
            self.text.push_str(&String::from_utf8_lossy(&chunk[..size]));
        }
    }
}

/// The records of a match's file, each with the blank line before it.
fn records(text: &str) -> Vec<String> {
    let mut records: Vec<String> = Vec::new();
    for (i, part) in text.split("\n\n[Game ").enumerate() {
        match i {
            0 => records.push(part.to_owned()),
            _ => records.push(format!("\n\n[Game {part}")),
        }
    }
    // Each record ends with its newline, which the split took.
    let count = records.len();
    for record in &mut records[..count - 1] {
        record.push('\n');
    }
    for record in &mut records[1..] {
        record.remove(0);
    }
    records
}

fn append(path: &Path, text: &str) {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .unwrap_or_else(|e| panic!("{e}"));
    file.write_all(text.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_guard_holds_for_the_watch_and_its_events() {
    let dir = fixtures::scratch("serve-watch-guard");
    let server = serve(&dir, &["--watch", "m.kifu"]);
    let url = server.url();
    let (port, token) = port_token(&url);
    let host = format!("Host: 127.0.0.1:{port}");
    let bearer = format!("Authorization: Bearer {token}");
    for path in ["/api/watch", "/api/watch/events"] {
        let refused = |headers: &[String]| {
            let (status, body) = get(port, path, headers);
            let body: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
            (status, body["code"].clone())
        };
        assert_eq!(
            refused(std::slice::from_ref(&host)),
            (401, json!("serve.token")),
            "{path}"
        );
        let wrong = "Authorization: Bearer 00000000000000000000000000000000".to_owned();
        assert_eq!(
            refused(&[host.clone(), wrong]),
            (401, json!("serve.token")),
            "{path}"
        );
        let cookie = format!("Cookie: kifu-{port}={token}");
        let evil = "Host: evil.example".to_owned();
        assert_eq!(
            refused(&[evil, cookie]),
            (421, json!("serve.host")),
            "{path}"
        );
        let origin = "Origin: http://evil.example".to_owned();
        assert_eq!(
            refused(&[host.clone(), bearer.clone(), origin]),
            (403, json!("serve.origin")),
            "{path}"
        );
    }
    let (status, body) = get(port, "/api/watch", &[host.clone(), bearer.clone()]);
    assert_eq!(status, 200);
    let state: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        state,
        json!({"file": "m.kifu", "games": 0, "faults": 0, "shown": [], "table": {"kifu": 1, "games": 0},
               "live": [], "over": false})
    );
    // At most 16 event streams are open at once.
    let open: Vec<Events> = (0..16).map(|_| Events::open(port, &token)).collect();
    let (status, body) = get(port, "/api/watch/events", &[host.clone(), bearer.clone()]);
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("serve.busy"), "{body}");
    drop(open);
    // The file watched counts among the files named.
    let (status, body) = get(port, "/api/files", &[host, bearer]);
    assert_eq!(
        (status, body.contains("\"name\":\"m.kifu\"")),
        (200, true),
        "{body}"
    );
    // Without --watch, there is nothing to watch.
    let plain = serve(&dir, &[]);
    let url = plain.url();
    let (port, token) = port_token(&url);
    let (status, body) = authorized(port, &token, "/api/watch/events");
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("serve.no-watch"), "{body}");
}

#[test]
fn each_game_is_sent_once_whole_with_its_board_and_the_table() {
    let dir = fixtures::scratch("serve-watch-events");
    assert_eq!(play_match(&dir, 3, "all.kifu"), Some(0));
    let all = std::fs::read_to_string(dir.join("all.kifu")).unwrap_or_else(|e| panic!("{e}"));
    let records = records(&all);
    assert_eq!(records.len(), 3);
    assert_eq!(records.concat(), all);
    let server = serve(&dir, &["--watch", "m.kifu"]);
    let url = server.url();
    let (port, token) = port_token(&url);
    let mut events = Events::open(port, &token);
    let wait = Duration::from_secs(5);
    let (name, state) = events
        .next(wait)
        .unwrap_or_else(|| panic!("no first event"));
    assert_eq!(
        (name.as_str(), &state["games"], &state["shown"]),
        ("watch", &json!(0), &json!([]))
    );
    let watched = dir.join("m.kifu");
    let verdicts = fixtures::validate_json(&dir.join("all.kifu")).0;
    let each = |events: &mut Events, n: usize| {
        let started = Instant::now();
        let (name, update) = events.next(wait).unwrap_or_else(|| panic!("no game {n}"));
        eprintln!("game {n} sent after {} ms", started.elapsed().as_millis());
        assert_eq!(name, "game");
        let game = &update["game"];
        assert_eq!(game["number"], json!(n));
        assert_eq!(game["round"], json!(n.to_string()));
        assert_eq!(game["fault"], Value::Null);
        assert_eq!(game["plies"], verdicts[n - 1]["plies"], "{game}");
        assert_eq!(game["result"], verdicts[n - 1]["result"], "{game}");
        assert_eq!(game["board"], json!(render(&dir, "all.kifu", n)));
        assert_eq!(update["games"], json!(n));
        update
    };
    append(&watched, &records[0]);
    each(&mut events, 1);
    // A record torn in its movetext, then in its result: not shown.
    let second = &records[1];
    let cut = second.len() / 2;
    append(&watched, &second[..cut]);
    assert_eq!(events.next(Duration::from_millis(700)), None);
    append(&watched, &second[cut..second.len() - 2]);
    assert_eq!(events.next(Duration::from_millis(700)), None);
    let (_, body) = authorized(port, &token, "/api/watch");
    assert!(body.contains("\"games\":1,"), "{body}");
    append(&watched, &second[second.len() - 2..]);
    each(&mut events, 2);
    append(&watched, &records[2]);
    let last = each(&mut events, 3);
    let mut table = report(&dir, "all.kifu");
    assert_eq!(last["table"], table);
    // A new stream starts from the whole state.
    let mut again = Events::open(port, &token);
    let (name, state) = again.next(wait).unwrap_or_else(|| panic!("no state"));
    assert_eq!((name.as_str(), &state["games"]), ("watch", &json!(3)));
    let numbers: Vec<&Value> = (state["shown"].as_array().into_iter().flatten())
        .map(|g| &g["number"])
        .collect();
    assert_eq!(numbers, [&json!(1), &json!(2), &json!(3)]);
    // A file cut back is read anew.
    std::fs::write(&watched, &records[0]).unwrap_or_else(|e| panic!("{e}"));
    // The state is sent again once the file is read anew (the poll that
    // sees it cut back reads it whole): its game is not sent twice.
    let (name, state) = events.next(wait).unwrap_or_else(|| panic!("no state anew"));
    assert_eq!((name.as_str(), &state["games"]), ("watch", &json!(1)));
    assert_eq!(
        state["shown"][0]["board"],
        json!(render(&dir, "all.kifu", 1))
    );
    assert_eq!(events.next(Duration::from_millis(700)), None);
    table = report(&dir, "m.kifu");
    let (_, body) = authorized(port, &token, "/api/watch");
    let state: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(state["table"], table);
}

/// `kifu match --serve`: the guard holds; the stream sends each game being
/// played as it changes (the very board `kifu render --ply` draws of that
/// moment of the record, the clocks, the engines' lines), each game once
/// it ends, and then the end of the match, after which the match exits.
#[test]
fn a_served_match_sends_its_games_live_then_its_end() {
    let dir = fixtures::scratch("match-serve-events");
    let mut served = watch::serve_match(&dir, 40);
    let (port, token) = port_token(&served.url);
    let host = [format!("Host: 127.0.0.1:{port}")];
    assert_eq!(get(port, "/api/watch", &host).0, 401);
    let foreign = [
        "Host: evil.example".to_owned(),
        format!("Authorization: Bearer {token}"),
    ];
    assert_eq!(get(port, "/api/watch", &foreign).0, 421);
    let mut events = Events::open(port, &token);
    let (name, first) = events
        .next(Duration::from_secs(20))
        .unwrap_or_else(|| panic!("no state"));
    assert_eq!(name, "watch");
    assert_eq!(first["file"], json!("m.kifu"));
    assert_eq!(first["over"], json!(false));
    let mut live: Vec<Value> = first["live"].as_array().cloned().unwrap_or_default();
    let mut games = Vec::new();
    loop {
        let (name, data) = events
            .next(Duration::from_secs(60))
            .unwrap_or_else(|| panic!("the match did not end"));
        match name.as_str() {
            "live" => {
                let round = data["round"].as_u64();
                assert!(
                    games
                        .iter()
                        .all(|g: &Value| g["game"]["round"] != json!(round.map(|r| r.to_string()))),
                    "a live board after its game ended: {data}"
                );
                live.push(data);
            }
            "game" => games.push(data),
            "over" => break,
            other => panic!("event {other}: {data}"),
        }
    }
    // Over, the match's page stays up until Ctrl-C: a page loaded now
    // still gets the whole match.
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(served.child.try_wait().ok().flatten(), None, "it exited");
    let (status, body) = authorized(port, &token, "/api/watch");
    assert_eq!(status, 200, "{body}");
    let after: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
    assert_eq!(
        (
            after["over"].clone(),
            after["shown"].as_array().map(Vec::len)
        ),
        (json!(true), Some(2))
    );
    watch::interrupt(&mut served.child);
    assert!(live.len() >= 10, "only {} live states", live.len());
    let mut last_plies = [0, 0];
    for state in &live {
        let round = state["round"].as_u64().unwrap_or(0);
        let plies = state["plies"].as_u64().unwrap_or(0);
        let slot = &mut last_plies[usize::try_from(round).unwrap_or(9) - 1];
        assert!(plies >= *slot, "round {round} went back to ply {plies}");
        *slot = plies;
        assert_eq!(state["game"], json!("mana"));
        assert_eq!(state["control"], json!("60+0"));
        let sides: Vec<&str> = (state["players"].as_array().into_iter().flatten())
            .filter_map(|p| p["side"].as_str())
            .collect();
        assert_eq!(sides, ["Black", "White"], "{state}");
        let thinking = state["thinking"].as_str().unwrap_or_default();
        assert!(sides.contains(&thinking), "{state}");
        for player in state["players"].as_array().into_iter().flatten() {
            let left = player["left_ms"].as_u64().unwrap_or(0);
            assert!(left > 50_000 && left <= 60_000, "{player}");
            assert!(
                player["info"].is_null() || player["info"] == json!("info depth 1 score cp 12"),
                "{player}"
            );
        }
        let board = watch::render_ply(&dir, "m.kifu", round, plies);
        assert_eq!(state["board"], json!(board), "round {round}, ply {plies}");
    }
    assert!(
        live.iter()
            .flat_map(|s| s["players"].as_array().cloned().unwrap_or_default())
            .any(|p| p["info"] == json!("info depth 1 score cp 12")),
        "no info line"
    );
    let numbers: Vec<&Value> = games.iter().map(|g| &g["game"]["number"]).collect();
    assert_eq!(numbers, [&json!(1), &json!(2)]);
    for (n, game) in games.iter().enumerate() {
        assert_eq!(game["game"]["board"], json!(render(&dir, "m.kifu", n + 1)));
    }
    assert_eq!(games[1]["table"], report(&dir, "m.kifu"));
}

/// `--serve` takes a port, or HOST:PORT; what names no address, or one
/// that cannot be listened on, stops the match before it starts.
#[test]
fn a_served_match_on_no_address_is_refused() {
    let dir = fixtures::scratch("match-serve-refused");
    for (at, said) in [
        (
            "nonsense",
            "kifu: --serve nonsense: not HOST:PORT or a PORT (",
        ),
        (
            "192.0.2.1:9",
            "kifu: --serve 192.0.2.1:9: cannot listen on 192.0.2.1:9: ",
        ),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args([
                "match",
                "--engine",
                "kifu engine",
                "--engine",
                "kifu engine",
            ])
            .args(["--game", "mana", "--out", "m.kifu", "--serve", at])
            .current_dir(&dir)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with(said), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(!dir.join("m.kifu").exists());
    }
}

/// `GET path` of the server at `port` with its Host and `token`.
fn authorized(port: u16, token: &str, path: &str) -> (u16, String) {
    let host = format!("Host: 127.0.0.1:{port}");
    get(
        port,
        path,
        &[host, format!("Authorization: Bearer {token}")],
    )
}

/// `GET /api/watch` of the server at `port`, as JSON.
fn state(port: u16, token: &str) -> Value {
    let (status, body) = authorized(port, token, "/api/watch");
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

/// The state once `done` holds of it, within 5 s.
fn state_once(port: u16, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let now = state(port, token);
        if done(&now) || started.elapsed() > Duration::from_secs(5) {
            return now;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_watched_file_replaced_by_a_larger_one_is_read_from_its_start() {
    let dir = fixtures::scratch("serve-watch-replaced");
    assert_eq!(play_match(&dir, 4, "four.kifu"), Some(0));
    let four = std::fs::read_to_string(dir.join("four.kifu")).unwrap_or_else(|e| panic!("{e}"));
    let records = records(&four);
    assert_eq!(records.len(), 4);
    std::fs::write(dir.join("m.kifu"), records[..2].concat()).unwrap_or_else(|e| panic!("{e}"));
    // The last three games, with no blank line before the first: another
    // file, larger than the one watched.
    let later = records[1..].concat();
    let later = later.trim_start_matches('\n');
    assert!(later.len() > records[..2].concat().len());
    std::fs::write(dir.join("later.kifu"), later).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["--watch", "m.kifu"]);
    let (port, token) = port_token(&server.url());
    let two = state_once(port, &token, |s| s["games"] == json!(2));
    assert_eq!((&two["games"], &two["faults"]), (&json!(2), &json!(0)));
    std::fs::rename(dir.join("later.kifu"), dir.join("m.kifu")).unwrap_or_else(|e| panic!("{e}"));
    let three = state_once(port, &token, |s| s["games"] == json!(3));
    let rounds: Vec<&Value> = (three["shown"].as_array().into_iter().flatten())
        .map(|game| &game["round"])
        .collect();
    assert_eq!(
        (&three["games"], &three["faults"], rounds),
        (
            &json!(3),
            &json!(0),
            vec![&json!("2"), &json!("3"), &json!("4")]
        ),
        "{three}"
    );
}

/// A served match between hostile engines (a name of markup, garbage, a
/// crash, a flood of standard error), watched by readers that never
/// read: the match is played and refereed as ever, and the watch gives
/// the hostile name as data.
#[test]
fn a_served_match_of_hostile_engines_with_readers_that_never_read() {
    use crate::support::matches::{Ended, test_engine};
    use std::io::BufRead;
    let dir = fixtures::scratch("match-serve-hostile");
    let name = "<script>alert(1)</script>";
    let engines = [
        test_engine(&format!(
            "--name {} --garbage-at 7 --flood-stderr",
            shell_words::quote(name)
        )),
        test_engine("--crash-at 8 --seed 3"),
    ];
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["match", "--engine", &engines[0], "--engine", &engines[1]])
        .args(["--game", "mana", "--setup", "c1 c6", "--games", "2"])
        .args(["--movetime", "200", "--out", "m.kifu", "--serve", "0"])
        .current_dir(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = child.stderr.take().unwrap_or_else(|| panic!("no stderr"));
    let mut match_ = Ended(child);
    let mut lines = BufReader::new(stderr).lines();
    let url = loop {
        let line = (lines.next())
            .unwrap_or_else(|| panic!("no address"))
            .unwrap_or_else(|e| panic!("{e}"));
        if let Some(url) = line.strip_prefix("kifu: the match live at ") {
            break url.to_owned();
        }
    };
    // The rest of standard error (the flood) drained, but for the word
    // that the match is over.
    let (said, heard) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            if line.starts_with("kifu: the match is over") {
                let _ = said.send(line);
            }
        }
    });
    let (port, token) = port_token(&url);
    // Readers that ask for the events, and the state, and never read.
    let silent: Vec<TcpStream> = (0..5)
        .map(|i| {
            let mut stream =
                TcpStream::connect(("127.0.0.1", port)).unwrap_or_else(|e| panic!("{e}"));
            let path = if i % 2 == 0 { "/api/watch/events" } else { "/api/watch" };
            let request = format!(
                "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n\r\n"
            );
            stream
                .write_all(request.as_bytes().repeat(20).as_slice())
                .unwrap_or_else(|e| panic!("{e}"));
            stream
        })
        .collect();
    let mut events = Events::open(port, &token);
    let mut games = Vec::new();
    while let Some((event, data)) = events.next(Duration::from_secs(60)) {
        match event.as_str() {
            "game" => games.push(data),
            "over" => break,
            _ => {}
        }
    }
    let over = heard.recv_timeout(Duration::from_secs(60)).ok();
    assert_eq!(
        over.as_deref(),
        Some("kifu: the match is over; its page stays up until Ctrl-C")
    );
    watch::interrupt(&mut match_.0);
    assert_eq!(games.len(), 2);
    let players: Vec<&Value> = (games.iter())
        .flat_map(|g| g["game"]["players"].as_array().into_iter().flatten())
        .map(|p| &p["engine"])
        .collect();
    assert!(players.contains(&&json!(name)), "{players:?}");
    let terminations: Vec<&Value> = games.iter().map(|g| &g["game"]["termination"]).collect();
    let verdicts = fixtures::validate_json(&dir.join("m.kifu")).0;
    assert_eq!(verdicts.len(), 2);
    assert!(
        verdicts.iter().all(|v| v["valid"] == json!(true)),
        "{verdicts:?}"
    );
    let records = crate::support::matches::read(&dir, "m.kifu");
    let recorded = crate::support::matches::tag_values(&records, "Termination");
    let recorded: Vec<Value> = recorded.iter().map(|t| json!(t)).collect();
    assert_eq!(terminations, recorded.iter().collect::<Vec<_>>());
    assert!(
        terminations.contains(&&json!("protocol error")),
        "{terminations:?}"
    );
    drop(silent);
}
