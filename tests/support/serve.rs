//! Helpers of the tests of `kifu serve` through raw HTTP: a server
//! started on a free port and stopped when dropped, requests written by
//! hand over `TcpStream`, and a scratch directory.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `kifu serve`, stopped when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
    pub token: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: its status and its body.
#[derive(Debug, PartialEq)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// Starts `kifu serve ARGS` in `dir` on a free port; its address read
/// from the line it prints.
pub fn serve(dir: &Path, args: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("serve")
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut line = String::new();
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    BufReader::new(stdout)
        .read_line(&mut line)
        .unwrap_or_else(|e| panic!("{e}"));
    let rest = (line.trim().strip_prefix("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("printed {line:?}"));
    let (port, token) = rest
        .split_once("/?token=")
        .unwrap_or_else(|| panic!("printed {line:?}"));
    assert_eq!(token.len(), 32, "{line}");
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()), "{line}");
    Server {
        port: port.parse().unwrap_or_else(|e| panic!("{e}: {line}")),
        token: token.to_owned(),
        child,
    }
}

impl Server {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The address it printed, with its token: the page's.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/?token={}", self.port, self.token)
    }

    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    pub fn bearer(&self) -> String {
        format!("Bearer {}", self.token)
    }

    /// Sends `head` (the request line and headers, without the final
    /// blank line) and `body`; the answer.
    pub fn raw(&self, head: &str, body: &str) -> Answer {
        self.exchange(head, body).1
    }

    /// Sends `head` and `body`; the answer's head (its status line and
    /// headers) and the answer.
    pub fn exchange(&self, head: &str, body: &str) -> (String, Answer) {
        let mut stream =
            TcpStream::connect(("127.0.0.1", self.port)).unwrap_or_else(|e| panic!("{e}"));
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap_or_else(|e| panic!("{e}"));
        let request = format!("{head}\r\nConnection: close\r\n\r\n{body}");
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
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{head}"));
        let answer = Answer {
            status,
            body: body.to_owned(),
        };
        (head.to_owned(), answer)
    }

    /// `METHOD PATH` with the server's Host, `headers` and a JSON body.
    pub fn ask(
        &self,
        method: &str,
        path: &str,
        headers: &[String],
        body: Option<&Value>,
    ) -> Answer {
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {}", self.host());
        for header in headers {
            head.push_str("\r\n");
            head.push_str(header);
        }
        let body = body.map(Value::to_string).unwrap_or_default();
        if !body.is_empty() || method == "POST" {
            head.push_str(&format!(
                "\r\nContent-Type: application/json\r\nContent-Length: {}",
                body.len()
            ));
        }
        self.raw(&head, &body)
    }

    /// `GET PATH` with the token.
    pub fn get(&self, path: &str) -> Answer {
        self.ask(
            "GET",
            path,
            &[format!("Authorization: {}", self.bearer())],
            None,
        )
    }

    /// `POST PATH` with the token and a JSON body.
    pub fn post(&self, path: &str, body: &Value) -> Answer {
        let auth = format!("Authorization: {}", self.bearer());
        self.ask("POST", path, &[auth], Some(body))
    }
}

/// A fresh directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("serve")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

pub fn refusal(status: u16, code: &str, error: &str) -> Answer {
    Answer {
        status,
        body: json!({"error": error, "code": code}).to_string(),
    }
}

/// What `kifu ARGS` run in `dir` wrote and its exit status, once it ended
/// (killed after 10 s: a server that started after all).
pub fn ended(dir: &Path, args: &[&str]) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    while child.try_wait().ok().flatten().is_none() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// Starts a game with `body`; its state.
pub fn start(server: &Server, body: &Value) -> Value {
    let started = server.post("/api/games", body);
    assert_eq!(started.status, 201, "{}", started.body);
    started.json()
}

/// Plays `mv` in game `id`; the new state.
pub fn play(server: &Server, id: &Value, mv: &str) -> Value {
    let played = server.post(&format!("/api/games/{id}/moves"), &json!({"move": mv}));
    assert_eq!(played.status, 200, "{mv}: {}", played.body);
    played.json()
}
