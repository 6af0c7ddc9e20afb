//! What a hostile audit of `kifu serve` lost or hung on (issue 52), each
//! through HTTP as the audit's probe did: a save keeps every byte the file
//! held, saves to one file at once are all in it, a file that is not a
//! plain file is refused rather than opened, and answers are bounded and
//! closed when never read.

use crate::support::run as support;
use crate::support::serve as serve_support;

use serde_json::json;
use serve_support::{Server, ended, scratch, serve};
use std::io::Write;
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// A record whose comment holds Latin-1 bytes, which are not UTF-8.
const LATIN_1: &[u8] = b"[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 {caf\xe9 \xff\xfe} *\n";

/// Starts a Mana game on `server` and plays its first legal move; its id.
fn one_move_game(server: &Server) -> u64 {
    let started = server.post("/api/games", &json!({"game": "mana", "setup": "b1 c6"}));
    assert_eq!(started.status, 201, "{}", started.body);
    let state = started.json();
    let id = state["id"].as_u64().unwrap_or_else(|| panic!("{state}"));
    let first = state["legal_moves"][0].clone();
    let played = server.post(&format!("/api/games/{id}/moves"), &json!({"move": first}));
    assert_eq!(played.status, 200, "{}", played.body);
    id
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_save_keeps_the_bytes_of_the_records_before_that_are_not_utf8() {
    let dir = scratch("latin-1");
    std::fs::write(dir.join("old.kifu"), LATIN_1).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["old.kifu"]);
    let id = one_move_game(&server);
    let saved = server.post(&format!("/api/games/{id}/save"), &json!({"file": 0}));
    assert_eq!(saved.status, 200, "{}", saved.body);
    let text = read(&dir.join("old.kifu"));
    assert!(
        text.starts_with(LATIN_1),
        "{}",
        String::from_utf8_lossy(&text)
    );
    assert_eq!(text.get(LATIN_1.len()), Some(&b'\n'));
    // Saved again, the game's record is replaced, the bytes before kept.
    let again = server.post(&format!("/api/games/{id}/save"), &json!({"file": 0}));
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(read(&dir.join("old.kifu")), text);
}

#[test]
fn an_annotation_save_refuses_a_file_not_utf8_and_keeps_other_line_ends() {
    let dir = scratch("annotation-bytes");
    let mut both = b"[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 *\n\n".to_vec();
    both.extend_from_slice(LATIN_1);
    std::fs::write(dir.join("latin.kifu"), &both).unwrap_or_else(|e| panic!("{e}"));
    let crlf = "[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n1. e1-e4 *\n\n\
                [Game \"mana\"]\r\n[Setup \"b1 c6\"]\r\n\r\n1. e1-e4 *\r\n";
    std::fs::write(dir.join("crlf.kifu"), crlf).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["latin.kifu", "crlf.kifu"]);
    for (file, expected) in [(0, None), (1, Some(()))] {
        let opened = server.post(&format!("/api/files/{file}/records/0/open"), &json!({}));
        assert_eq!(opened.status, 201, "{}", opened.body);
        let id = opened.json()["id"].as_u64().unwrap_or_default();
        let comment = json!({"node": 1, "comment": "kept"});
        let commented = server.post(&format!("/api/annotations/{id}/comment"), &comment);
        assert_eq!(commented.status, 200, "{}", commented.body);
        let saved = server.post(&format!("/api/annotations/{id}/save"), &json!({}));
        match expected {
            None => {
                assert_eq!(saved.status, 409, "{}", saved.body);
                assert_eq!(saved.json()["code"], "serve.not-utf8");
                assert_eq!(read(&dir.join("latin.kifu")), both);
            }
            Some(()) => {
                assert_eq!(saved.status, 200, "{}", saved.body);
                let text = String::from_utf8(read(&dir.join("crlf.kifu"))).unwrap_or_default();
                let (first, rest) = text.split_once("\n\n[Game").unwrap_or_default();
                assert!(first.contains("{kept}"), "{text}");
                assert_eq!(
                    rest, " \"mana\"]\r\n[Setup \"b1 c6\"]\r\n\r\n1. e1-e4 *\r\n",
                    "{text}"
                );
            }
        }
    }
}

#[test]
fn twelve_games_saved_to_one_file_at_once_are_all_in_it() {
    let dir = scratch("twelve");
    let server = serve(&dir, &["all.kifu"]);
    let ids: Vec<u64> = (0..12).map(|_| one_move_game(&server)).collect();
    std::thread::scope(|scope| {
        let saves: Vec<_> = (ids.iter())
            .map(|id| {
                let server = &server;
                scope.spawn(move || {
                    server.post(&format!("/api/games/{id}/save"), &json!({"file": 0}))
                })
            })
            .collect();
        for save in saves {
            let saved = save.join().unwrap_or_else(|_| panic!("a save's thread"));
            assert_eq!(saved.status, 200, "{}", saved.body);
        }
    });
    let file = dir.join("all.kifu").display().to_string();
    let (verdicts, _, status) = support::kifu(&["validate", &file], b"");
    assert_eq!(status, Some(0), "{verdicts}");
    assert_eq!(verdicts.lines().count(), 12, "{verdicts}");
    assert!(
        verdicts
            .lines()
            .all(|line| line.ends_with(": mana, 1 ply, *"))
    );
    let listed = server.get("/api/files").json();
    assert_eq!(listed[0]["records"], 12);
}

/// Makes a FIFO at `path`.
fn fifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
}

#[test]
fn a_fifo_named_is_refused_at_start_and_one_in_a_directory_is_not_listed() {
    let dir = scratch("fifo");
    fifo(&dir.join("named.fifo"));
    std::fs::write(dir.join("other.kifu"), LATIN_1).unwrap_or_else(|e| panic!("{e}"));
    let (out, said, status) = ended(&dir, &["serve", "named.fifo", "other.kifu"]);
    assert_eq!(
        (out.as_str(), said.as_str(), status),
        (
            "",
            "kifu: named.fifo: not a plain file or a directory\n",
            Some(2)
        )
    );
    std::fs::create_dir(dir.join("games")).unwrap_or_else(|e| panic!("{e}"));
    fifo(&dir.join("games/listed.kifu"));
    std::fs::write(dir.join("games/plain.kifu"), LATIN_1).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["games"]);
    let names: Vec<String> = (server.get("/api/files").json().as_array().into_iter())
        .flatten()
        .map(|file| file["name"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(names, ["games/plain.kifu"]);
}

#[test]
fn a_file_replaced_by_a_fifo_after_start_is_refused_without_a_hang() {
    let dir = scratch("fifo-later");
    std::fs::write(dir.join("a.kifu"), LATIN_1).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["a.kifu"]);
    let id = one_move_game(&server);
    std::fs::remove_file(dir.join("a.kifu")).unwrap_or_else(|e| panic!("{e}"));
    fifo(&dir.join("a.kifu"));
    let started = Instant::now();
    for _ in 0..5 {
        let listed = server.get("/api/files").json();
        assert_eq!(listed[0]["records"], serde_json::Value::Null, "{listed}");
    }
    let records = server.get("/api/files/0");
    assert_eq!(records.status, 409, "{}", records.body);
    assert_eq!(records.json()["code"], "serve.not-a-file");
    let saved = server.post(&format!("/api/games/{id}/save"), &json!({"file": 0}));
    assert_eq!(saved.status, 409, "{}", saved.body);
    assert_eq!(saved.json()["code"], "serve.not-a-file");
    let opened = server.post("/api/files/0/records/0/open", &json!({}));
    assert_eq!(opened.json()["code"], "serve.not-a-file");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Writes `count` random Mana games of `seed` to `path`.
fn random_games(path: &Path, seed: &str, count: &str) {
    let (records, _, _) = support::kifu(&["random", "mana", "--seed", seed, "--count", count], b"");
    std::fs::write(path, &records).unwrap_or_else(|e| panic!("{e}"));
}

/// Writes five records of 300 kB comments each to `path`: a page of
/// them stops past 1 MiB, after the fourth.
fn heavy(path: &Path) {
    let long = format!("{{{}}}", "x".repeat(300_000));
    let heavy: String = (0..5)
        .map(|_| format!("[Game \"mana\"]\n[Setup \"b1 c6\"]\n\n{long}\n1. e1-e4 *\n\n"))
        .collect();
    std::fs::write(path, heavy).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_file_s_records_come_a_bounded_page_at_a_time() {
    let dir = scratch("pages");
    random_games(&dir.join("many.kifu"), "1", "250");
    heavy(&dir.join("heavy.kifu"));
    let server = serve(&dir, &["many.kifu", "heavy.kifu"]);
    let page = |path: &str| {
        let answer = server.get(path).json();
        let count = answer["records"].as_array().map_or(0, Vec::len);
        (count, answer["next"].clone())
    };
    assert_eq!(page("/api/files/0"), (100, json!(100)));
    assert_eq!(page("/api/files/0?from=100&count=1000"), (100, json!(200)));
    assert_eq!(page("/api/files/0?from=200&count=1000"), (50, json!(null)));
    assert_eq!(page("/api/files/0?from=240&count=10"), (10, json!(null)));
    assert_eq!(page("/api/files/0?from=300"), (0, json!(null)));
    assert_eq!(page("/api/files/1"), (4, json!(4)));
    assert_eq!(page("/api/files/1?from=4"), (1, json!(null)));
}

/// The server's resident memory, in kB.
fn resident_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    (status.lines())
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no VmRSS in {status}"))
}

/// The sockets the server holds open.
fn sockets(pid: u32) -> usize {
    (std::fs::read_dir(format!("/proc/{pid}/fd"))
        .into_iter()
        .flatten()
        .flatten())
    .filter(|fd| {
        std::fs::read_link(fd.path()).is_ok_and(|to| to.to_string_lossy().starts_with("socket:"))
    })
    .count()
}

/// A connection to `server` that takes at most 4 kB into its buffer,
/// which sent `request`.
fn narrow(server: &Server, request: &str) -> TcpStream {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap_or_else(|e| panic!("{e}"));
    socket
        .set_recv_buffer_size(4096)
        .unwrap_or_else(|e| panic!("{e}"));
    let address = std::net::SocketAddr::from(([127, 0, 0, 1], server.port));
    socket
        .connect(&address.into())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut stream = TcpStream::from(socket);
    stream
        .write_all(request.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    stream
}

#[test]
fn thirty_answers_never_read_hold_bounded_memory_and_are_closed() {
    let dir = scratch("unread");
    random_games(&dir.join("big.kifu"), "2", "3000");
    heavy(&dir.join("heavy.kifu"));
    let server = serve(&dir, &["big.kifu", "heavy.kifu"]);
    let pid = server.pid();
    assert_eq!(server.get("/api/files").json()[0]["records"], 3000);
    let (before, alone) = (resident_kb(pid), sockets(pid));
    let request = format!(
        "GET /api/files/0 HTTP/1.1\r\nHost: {}\r\nAuthorization: {}\r\n\r\n",
        server.host(),
        server.bearer()
    );
    let unread: Vec<TcpStream> = (0..30)
        .map(|_| {
            let mut stream =
                TcpStream::connect(("127.0.0.1", server.port)).unwrap_or_else(|e| panic!("{e}"));
            stream
                .write_all(request.as_bytes())
                .unwrap_or_else(|e| panic!("{e}"));
            stream
        })
        .collect();
    // Ten pages asked at once on one connection: more than the system's
    // buffers take, so the server's writing waits on the reader.
    let heavy = request.replacen("/api/files/0", "/api/files/1", 1);
    let stuck = narrow(&server, &heavy.repeat(10));
    // Every connection accepted and held open at once: the most sockets
    // seen while the answers wait, watched from the first (on a loaded
    // machine the last ones come late, and the keep-alive connection of
    // the first request, idle, may close meanwhile).
    let (accepting, mut most) = (Instant::now(), sockets(pid));
    while accepting.elapsed() < Duration::from_secs(2)
        || (most < alone + 31 && accepting.elapsed() < Duration::from_secs(8))
    {
        std::thread::sleep(Duration::from_millis(50));
        most = most.max(sockets(pid));
    }
    assert!(
        most + 1 >= alone + 31,
        "{most} sockets at most, {alone} alone"
    );
    let held = resident_kb(pid);
    assert!(
        held < before + 100_000,
        "{held} kB with 30 answers unread, {before} kB before"
    );
    // Within the limit of an unread answer (or of an idle connection),
    // and a margin, every one of them is closed.
    let started = Instant::now();
    while sockets(pid) > alone && started.elapsed() < Duration::from_secs(25) {
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(sockets(pid) <= alone, "after {:?}", started.elapsed());
    // The server still answers.
    assert_eq!(server.get("/api/files").status, 200);
    drop((unread, stuck));
}

#[test]
fn a_file_whose_path_now_leads_elsewhere_is_neither_read_nor_saved() {
    let dir = scratch("moved");
    std::fs::create_dir_all(dir.join("games")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.join("elsewhere")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("games/a.kifu"), LATIN_1).unwrap_or_else(|e| panic!("{e}"));
    let other = b"[Game \"mana\"]\n[Setup \"c1 c6\"]\n\n*\n";
    std::fs::write(dir.join("elsewhere/a.kifu"), other).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["games/a.kifu"]);
    let id = one_move_game(&server);
    // The directory on the way is swapped for a link to another.
    std::fs::rename(dir.join("games"), dir.join("games-before")).unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink(dir.join("elsewhere"), dir.join("games"))
        .unwrap_or_else(|e| panic!("{e}"));
    let moved = |answer: serve_support::Answer| {
        assert_eq!(answer.status, 403, "{}", answer.body);
        assert_eq!(answer.json()["code"], "serve.moved");
    };
    moved(server.get("/api/files/0"));
    moved(server.post(&format!("/api/games/{id}/save"), &json!({"file": 0})));
    moved(server.post("/api/files/0/records/0/open", &json!({})));
    assert_eq!(read(&dir.join("elsewhere/a.kifu")), other);
    assert_eq!(read(&dir.join("games-before/a.kifu")), LATIN_1);
}

#[test]
fn a_save_again_after_another_writer_appended_keeps_what_it_appended() {
    let dir = scratch("appended");
    let server = serve(&dir, &["a.kifu"]);
    let id = one_move_game(&server);
    let save = || server.post(&format!("/api/games/{id}/save"), &json!({"file": 0}));
    assert_eq!(save().status, 200);
    let first = read(&dir.join("a.kifu"));
    let appended = b"\n[Game \"mana\"]\n[Setup \"c1 c6\"]\n\n*\n";
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(dir.join("a.kifu"))
        .unwrap_or_else(|e| panic!("{e}"));
    file.write_all(appended).unwrap_or_else(|e| panic!("{e}"));
    drop(file);
    let again = save();
    assert_eq!(again.json()["records"], 3, "{}", again.body);
    let text = read(&dir.join("a.kifu"));
    let mut kept = first.clone();
    kept.extend_from_slice(appended);
    assert!(
        text.starts_with(&kept),
        "{}",
        String::from_utf8_lossy(&text)
    );
    assert!(text.ends_with(&first), "{}", String::from_utf8_lossy(&text));
}

#[test]
fn a_read_only_file_is_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read-only");
    std::fs::write(dir.join("a.kifu"), LATIN_1).unwrap_or_else(|e| panic!("{e}"));
    let read_only = std::fs::Permissions::from_mode(0o444);
    std::fs::set_permissions(dir.join("a.kifu"), read_only).unwrap_or_else(|e| panic!("{e}"));
    let server = serve(&dir, &["a.kifu"]);
    let id = one_move_game(&server);
    let saved = server.post(&format!("/api/games/{id}/save"), &json!({"file": 0}));
    assert_eq!(saved.status, 409, "{}", saved.body);
    assert_eq!(saved.json()["code"], "serve.save");
    assert_eq!(read(&dir.join("a.kifu")), LATIN_1);
    let names: Vec<String> = (std::fs::read_dir(&dir).into_iter().flatten().flatten())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["a.kifu"]);
}

#[test]
fn a_save_again_after_another_writer_changed_as_many_bytes_keeps_the_change() {
    let dir = scratch("changed-in-place");
    let server = serve(&dir, &["a.kifu"]);
    let id = one_move_game(&server);
    let save = || server.post(&format!("/api/games/{id}/save"), &json!({"file": 0}));
    assert_eq!(save().status, 200);
    // The same length, other bytes: the file is not as the save left it.
    let first = read(&dir.join("a.kifu"));
    let changed = String::from_utf8_lossy(&first).replacen("mana", "MANA", 1);
    assert_eq!(changed.len(), first.len());
    std::fs::write(dir.join("a.kifu"), &changed).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(save().status, 200);
    let text = read(&dir.join("a.kifu"));
    assert!(
        text.starts_with(changed.as_bytes()),
        "{}",
        String::from_utf8_lossy(&text)
    );
    assert!(text.ends_with(&first), "{}", String::from_utf8_lossy(&text));
}
