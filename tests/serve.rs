//! `kifu serve` through raw HTTP over `TcpStream`: each check of the
//! guard refuses with its status and body, nothing outside the files
//! named is read, bodies and idle connections are bounded, and a whole
//! game is played, refused an illegal move, and saved as a record that
//! `kifu validate` accepts.

use crate::support::run as support;
use crate::support::serve as serve_support;

use serde_json::{Value, json};
use serve_support::{Answer, refusal, scratch, serve};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

const NO_TOKEN: &str = "no token, or a wrong one: open the address `kifu serve` printed";

#[test]
fn requests_without_the_token_or_with_a_wrong_one_are_refused_with_401() {
    let dir = scratch("token");
    let server = serve(&dir, &[]);
    let unauthorized = refusal(401, "serve.token", NO_TOKEN);
    assert_eq!(server.ask("GET", "/api/files", &[], None), unauthorized);
    assert_eq!(server.ask("GET", "/", &[], None), unauthorized);
    let wrong = "0123456789abcdef0123456789abcdef";
    let wrong_bearer = format!("Authorization: Bearer {wrong}");
    assert_eq!(
        server.ask("GET", "/api/files", &[wrong_bearer], None),
        unauthorized
    );
    let wrong_cookie = format!("Cookie: kifu-{}={wrong}", server.port);
    assert_eq!(
        server.ask("GET", "/api/files", &[wrong_cookie], None),
        unauthorized
    );
    let wrong_query = format!("/?token={wrong}");
    assert_eq!(server.ask("GET", &wrong_query, &[], None), unauthorized);
    // The token in the address opens the page only, which sets the cookie.
    let in_query = format!("/api/files?token={}", server.token);
    assert_eq!(server.ask("GET", &in_query, &[], None), unauthorized);
    let page = server.ask("GET", &format!("/?token={}", server.token), &[], None);
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("<title>kifu: play Mana, Escampe, Shogun and Flower of the Lotus</title>"),
        "{}",
        page.body
    );
    let cookie = format!("Cookie: kifu-{}={}", server.port, server.token);
    let listed = server.ask("GET", "/api/files", &[cookie], None);
    assert_eq!(
        listed,
        Answer {
            status: 200,
            body: "[]".to_owned()
        }
    );
}

#[test]
fn the_page_sets_an_http_only_same_site_cookie() {
    let dir = scratch("cookie");
    let server = serve(&dir, &[]);
    let head = format!(
        "GET /?token={} HTTP/1.1\r\nHost: {}",
        server.token,
        server.host()
    );
    let mut stream =
        TcpStream::connect(("127.0.0.1", server.port)).unwrap_or_else(|e| panic!("{e}"));
    let request = format!("{head}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut answer = String::new();
    stream
        .read_to_string(&mut answer)
        .unwrap_or_else(|e| panic!("{e}"));
    let cookie = format!(
        "set-cookie: kifu-{}={}; HttpOnly; SameSite=Strict; Path=/\r\n",
        server.port, server.token
    );
    assert!(answer.contains(&cookie), "{answer}");
    assert!(answer.contains("content-security-policy: default-src 'none'; script-src 'self';"));
}

#[test]
fn a_foreign_host_gets_421_and_a_foreign_origin_403() {
    let dir = scratch("host");
    let server = serve(&dir, &[]);
    let port = server.port;
    let auth = format!("Authorization: {}", server.bearer());
    let misdirected = refusal(
        421,
        "serve.host",
        &format!(
            "a foreign Host: this server answers only as 127.0.0.1:{port}, localhost:{port}, [::1]:{port}"
        ),
    );
    for host in [
        "evil.example",
        "evil.example:{port}",
        "127.0.0.1:1",
        "localhost",
    ] {
        let host = host.replace("{port}", &port.to_string());
        let head = format!("GET /api/files HTTP/1.1\r\nHost: {host}\r\n{auth}");
        assert_eq!(server.raw(&head, ""), misdirected, "{host}");
    }
    let head = format!("GET /api/files HTTP/1.0\r\n{auth}");
    assert_eq!(server.raw(&head, ""), misdirected, "no Host");
    for host in [format!("localhost:{port}"), format!("[::1]:{port}")] {
        let head = format!("GET /api/files HTTP/1.1\r\nHost: {host}\r\n{auth}");
        assert_eq!(server.raw(&head, "").status, 200, "{host}");
    }
    let forbidden = refusal(
        403,
        "serve.origin",
        "a foreign Origin: only this server's own page may ask it",
    );
    let game = json!({"game": "mana", "setup": "c1 c6"});
    for origin in [
        "http://evil.example".to_owned(),
        "null".to_owned(),
        format!("https://127.0.0.1:{port}"),
        format!("http://127.0.0.1:{port}.evil.example"),
    ] {
        let headers = [auth.clone(), format!("Origin: {origin}")];
        assert_eq!(
            server.ask("POST", "/api/games", &headers, Some(&game)),
            forbidden,
            "{origin}"
        );
    }
    let own = [auth.clone(), format!("Origin: http://localhost:{port}")];
    assert_eq!(
        server.ask("POST", "/api/games", &own, Some(&game)).status,
        201
    );
}

#[test]
fn nothing_outside_the_files_named_can_be_read_or_written() {
    let dir = scratch("outside");
    let outside = dir.join("outside");
    let named = dir.join("named");
    std::fs::create_dir_all(&outside).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(&named).unwrap_or_else(|e| panic!("{e}"));
    let secret = "[Game \"mana\"]\n[Setup \"c1 c6\"]\n[Event \"SECRET\"]\n\n*\n";
    std::fs::write(outside.join("secret.kifu"), secret).unwrap_or_else(|e| panic!("{e}"));
    let inside = "[Game \"mana\"]\n[Setup \"c1 c6\"]\n\n1. e1-e4 *\n";
    std::fs::write(named.join("inside.kifu"), inside).unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink(outside.join("secret.kifu"), named.join("link.kifu"))
        .unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink(&outside, named.join("away")).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["named"]);
    let listed = server.get("/api/files");
    assert_eq!(
        listed.json(),
        json!([{"index": 0, "name": "named/inside.kifu", "exists": true, "records": 1}])
    );
    let no_file = refusal(
        404,
        "serve.no-file",
        "no such file: files are named by their index in /api/files",
    );
    for path in [
        "/api/files/1",
        "/api/files/2",
        "/api/files/-1",
        "/api/files/..%2Foutside%2Fsecret.kifu",
        "/api/files/..%2F..%2F..%2Fetc%2Fpasswd",
        "/api/files/%2Fetc%2Fpasswd",
        "/api/files/named%2Flink.kifu",
    ] {
        assert_eq!(server.get(path), no_file, "{path}");
    }
    let no_route = refusal(
        404,
        "serve.no-route",
        "no such page: see `kifu man` for the API of kifu serve",
    );
    for path in [
        "/api/files/../../etc/passwd",
        "/etc/passwd",
        "//etc/passwd",
        "/named/link.kifu",
    ] {
        assert_eq!(server.get(path), no_route, "{path}");
    }
    let opened = server.get("/api/files/0");
    assert_eq!(opened.status, 200);
    let records = opened.json();
    assert_eq!(records["name"], "named/inside.kifu");
    assert_eq!(records["records"][0]["verdict"]["valid"], true);
    assert!(!opened.body.contains("SECRET"));
    // A save names a file by its index too, and a path is no index.
    let game = server.post("/api/games", &json!({"game": "mana", "setup": "c1 c6"}));
    assert_eq!(game.status, 201);
    let bad = refusal(
        400,
        "serve.body",
        "the body is not the JSON expected: invalid type: string \"../outside/secret.kifu\", expected usize at line 1 column 32",
    );
    let save = json!({"file": "../outside/secret.kifu"});
    assert_eq!(server.post("/api/games/1/save", &save), bad);
    assert_eq!(
        server.post("/api/games/1/save", &json!({"file": 1})),
        no_file
    );
    let after = std::fs::read_to_string(outside.join("secret.kifu")).unwrap_or_default();
    assert_eq!(after, secret, "the file outside is untouched");
    let names: Vec<_> = std::fs::read_dir(&outside)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(names, ["secret.kifu"]);
}

#[test]
fn an_oversized_body_gets_413() {
    let dir = scratch("oversized");
    let server = serve(&dir, &[]);
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nAuthorization: {}\r\nContent-Type: application/json\r\nContent-Length: {}",
        server.host(),
        server.bearer(),
        2 << 20
    );
    let too_large = refusal(
        413,
        "serve.too-large",
        "a request body is at most 1048576 bytes",
    );
    assert_eq!(server.raw(&head, "{\"game\": \"mana\""), too_large);
    // A body of 1 MiB exactly is taken, and one byte more is not.
    for (size, status) in [(1 << 20, 201), ((1 << 20) + 1, 413)] {
        let game = "{\"game\": \"mana\"}";
        let body = format!("{game}{}", " ".repeat(size - game.len()));
        let head = head.replace(&(2 << 20).to_string(), &size.to_string());
        assert_eq!(server.raw(&head, &body).status, status, "{size} bytes");
    }
    // The guard comes first: without the token, 401 whatever the body.
    let no_token = head.replace(&format!("Authorization: {}\r\n", server.bearer()), "");
    assert_eq!(
        server.raw(&no_token, ""),
        refusal(401, "serve.token", NO_TOKEN)
    );
}

#[test]
fn many_idle_connections_neither_keep_a_request_out_nor_stay_open() {
    let dir = scratch("idle");
    let server = serve(&dir, &[]);
    let idle: Vec<TcpStream> = (0..200)
        .map(|_| TcpStream::connect(("127.0.0.1", server.port)).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let asked = Instant::now();
    assert_eq!(
        server.get("/api/files"),
        Answer {
            status: 200,
            body: "[]".to_owned()
        }
    );
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
    // The oldest were closed to let it in, at once.
    let closed = |mut stream: &TcpStream, within: Duration| {
        stream
            .set_read_timeout(Some(within))
            .unwrap_or_else(|e| panic!("{e}"));
        let mut byte = [0u8; 1];
        match stream.read(&mut byte) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
        }
    };
    assert!(
        closed(&idle[0], Duration::from_secs(2)),
        "the oldest is still open"
    );
    // Every idle connection is closed after 10 s without a request.
    std::thread::sleep(Duration::from_secs(11).saturating_sub(asked.elapsed()));
    let open = idle
        .iter()
        .filter(|stream| !closed(stream, Duration::from_secs(2)))
        .count();
    assert_eq!(open, 0, "idle connections still open after the timeout");
    assert_eq!(server.get("/api/files").status, 200);
}

#[test]
fn a_whole_game_of_mana_is_played_refused_an_illegal_move_and_saved() {
    let dir = scratch("game");
    std::fs::write(
        dir.join("old.kifu"),
        "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 *\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["new.kifu", "old.kifu"]);
    assert_eq!(
        server.get("/api/files").json(),
        json!([
            {"index": 0, "name": "new.kifu", "exists": false, "records": null},
            {"index": 1, "name": "old.kifu", "exists": true, "records": 1},
        ])
    );
    // A setup is refused in the words of `kifu new`.
    let (_, said, _) = support::kifu(&["new", "mana", "--setup", "zz"], b"");
    let words = said.trim().strip_prefix("kifu: ").unwrap_or_default();
    let zz = server.post("/api/games", &json!({"game": "mana", "setup": "zz"}));
    assert_eq!(zz, refusal(422, "serve.setup", words));
    let started = server.post("/api/games", &json!({"game": "mana", "setup": "c1 c6"}));
    assert_eq!(started.status, 201);
    let mut state = started.json();
    assert_eq!(state["id"], 1);
    assert_eq!(state["game"], "mana");
    assert_eq!(state["tags"], json!([{"name": "Setup", "value": "c1 c6"}]));
    assert_eq!(state["to_move"], "Black");
    assert_eq!(state["result"], Value::Null);
    let (listed, _, _) = support::kifu(
        &["moves", "-"],
        b"[Game \"mana\"]\n[Setup \"c1 c6\"]\n\n*\n",
    );
    let expected: Vec<&str> = listed.lines().collect();
    assert_eq!(state["legal_moves"], json!(expected));
    assert!(
        state["board"]
            .as_str()
            .is_some_and(|svg| svg.starts_with("<svg "))
    );
    assert_eq!(server.get("/api/games/1").json(), state);
    // An illegal move: the referee's words and code, and nothing changes.
    let illegal = server.post("/api/games/1/moves", &json!({"move": "e1-e5"}));
    let reason = "the piece cannot reach that square: the piece on e1 stands on a triple square and must move exactly 3 steps";
    assert_eq!(illegal, refusal(422, "mana.too-far", reason));
    assert_eq!(server.get("/api/games/1").json(), state);
    let mut plies = 0;
    while state["result"].is_null() {
        let first = state["legal_moves"][0].clone();
        let played = server.post("/api/games/1/moves", &json!({"move": first}));
        assert_eq!(played.status, 200, "{}", played.body);
        state = played.json();
        plies += 1;
        assert!(plies < 500, "the game does not end");
    }
    assert_eq!(
        state["result"],
        json!({"result": "B+", "winner": "Black", "reason": "Daimyo captured", "decided": "rules"})
    );
    assert_eq!(plies, 35);
    assert_eq!(state["to_move"], Value::Null);
    assert_eq!(state["legal_moves"], json!([]));
    let over = server.post("/api/games/1/moves", &json!({"move": "a1-a2"}));
    assert_eq!(over.json()["code"], "move.game-over");
    // Saved to a file serve creates, twice: the one record, replaced.
    for _ in 0..2 {
        let saved = server.post("/api/games/1/save", &json!({"file": 0}));
        assert_eq!(
            saved.json(),
            json!({"file": 0, "name": "new.kifu", "records": 1})
        );
    }
    let text = std::fs::read_to_string(dir.join("new.kifu")).unwrap_or_default();
    assert_eq!(text, state["record"].as_str().unwrap_or_default());
    let new = dir.join("new.kifu").display().to_string();
    let (verdict, _, status) = support::kifu(&["validate", &new], b"");
    assert_eq!(status, Some(0));
    assert_eq!(
        verdict,
        format!("{new}:1: mana, 35 plies, B+ (Daimyo captured)\n")
    );
    // Saved to a file that was there: appended, its record kept.
    let saved = server.post("/api/games/1/save", &json!({"file": 1}));
    assert_eq!(
        saved.json(),
        json!({"file": 1, "name": "old.kifu", "records": 2})
    );
    let old = dir.join("old.kifu").display().to_string();
    let (verdicts, _, status) = support::kifu(&["validate", &old], b"");
    assert_eq!(status, Some(0));
    assert_eq!(
        verdicts,
        format!("{old}:1: mana, 1 ply, *\n{old}:6: mana, 35 plies, B+ (Daimyo captured)\n")
    );
}

#[test]
fn the_engine_plays_the_side_to_move() {
    let dir = scratch("engine");
    let server = serve(&dir, &[]);
    assert_eq!(
        server.post("/api/games", &json!({"game": "shogun"})).status,
        201
    );
    let answer = server.post("/api/games/1/engine", &json!({"movetime": 100}));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["resigned"], false);
    assert_eq!(answer["moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(answer["state"]["moves"], answer["moves"]);
    let slow = server.post("/api/games/1/engine", &json!({"movetime": 60000}));
    assert_eq!(
        slow,
        refusal(422, "serve.movetime", "movetime is from 1 to 10000 ms")
    );
    let missing = server.post("/api/games/9/engine", &json!({}));
    assert_eq!(
        missing,
        refusal(
            404,
            "serve.no-game",
            "no such game: POST /api/games starts one"
        )
    );
}

/// `--open` hands the address printed, token and all, to `$BROWSER`.
#[test]
fn open_hands_the_address_to_the_browser() {
    use std::io::BufRead;
    let dir = scratch("open");
    let browser = dir.join("browser.sh");
    std::fs::write(&browser, "#!/bin/sh\necho \"$@\" > opened.txt\n").expect("a script");
    let chmod = std::process::Command::new("chmod")
        .arg("+x")
        .arg(&browser)
        .status();
    assert!(chmod.is_ok_and(|status| status.success()));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["serve", "--open"])
        .current_dir(&dir)
        .env("BROWSER", &browser)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut printed = String::new();
    let stdout = child.stdout.take().expect("standard output");
    std::io::BufReader::new(stdout)
        .read_line(&mut printed)
        .expect("the address");
    let opened = dir.join("opened.txt");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !opened.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(100));
    let _ = child.kill();
    let _ = child.wait();
    let said = std::fs::read_to_string(&opened).unwrap_or_default();
    assert!(printed.starts_with("http://127.0.0.1:"), "{printed}");
    assert_eq!(said, printed);
}
