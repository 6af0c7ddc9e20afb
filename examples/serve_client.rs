//! The client of `benches/serve.sh`: times requests to a running `kifu
//! serve` over one kept-alive loopback connection, each from the first
//! byte written to the last byte of the answer read and its JSON parsed.
//!
//! ```text
//! serve_client PORT TOKEN moves GAME COUNT   # COUNT moves, new games as they end
//! serve_client PORT TOKEN plies GAME PLY     # moves 1-20 against moves PLY+1 to PLY+20
//! SERVER_PID=N serve_client PORT TOKEN cpu GAME PLY   # the server's time a state: one position at ply PLY and at ply 1
//! serve_client PORT TOKEN files FROM COUNT   # GET /api/files, then one page of file 0
//! ```
//!
//! A move is a legal move of the state the last answer gave (the engine
//! is never asked), so each round trip is the referee's check, the
//! record, the SVG board and the state's JSON. It prints the percentiles.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// One kept-alive connection to the server.
struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    port: u16,
    token: String,
}

impl Client {
    fn connect(port: u16, token: String) -> std::io::Result<Self> {
        let stream = TcpStream::connect(("127.0.0.1", port))?;
        stream.set_nodelay(true)?;
        Ok(Self {
            reader: BufReader::new(stream.try_clone()?),
            writer: stream,
            port,
            token,
        })
    }

    /// `METHOD PATH` with a JSON body; the status, the answer and the
    /// time from the request's first byte to the answer parsed.
    fn ask(&mut self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value, Duration) {
        let body = body.map(Value::to_string).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.port,
            self.token,
            body.len()
        );
        let began = Instant::now();
        self.writer.write_all(request.as_bytes()).expect("write");
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("status line");
        let status = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut length = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).expect("header");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            let lower = line.to_ascii_lowercase();
            if let Some(n) = lower.strip_prefix("content-length:") {
                length = n.trim().parse().unwrap_or(0);
            }
        }
        let mut answer = vec![0; length];
        self.reader.read_exact(&mut answer).expect("body");
        let value: Value = serde_json::from_slice(&answer).unwrap_or(Value::Null);
        (status, value, began.elapsed())
    }
}

impl Client {
    /// Plays a new game of `game` (seed `seed`), a legal move of each
    /// state chosen by the ply and the seed (the engine never asked),
    /// until it ends or `took` (the ply from 1, the round trip, the
    /// answer) says to stop.
    fn play(
        &mut self,
        game: &str,
        seed: u64,
        mut took: impl FnMut(usize, Duration, &Value) -> bool,
    ) {
        let started = json!({"game": game, "seed": seed});
        let (status, mut state, _) = self.ask("POST", "/api/games", Some(&started));
        assert_eq!(status, 201, "{state}");
        let path = format!("/api/games/{}/moves", state["id"]);
        let mut ply = 0;
        while state["result"].is_null() {
            let legal = state["legal_moves"].as_array().cloned().unwrap_or_default();
            let mv = &legal[(ply * 7 + seed as usize) % legal.len()];
            let (status, next, time) = self.ask("POST", &path, Some(&json!({"move": mv})));
            assert_eq!(status, 200, "{next}");
            ply += 1;
            if !took(ply, time, &next) {
                return;
            }
            state = next;
        }
    }
}

/// How many state answers `cpu` asks for at each ply.
const STATE_ASKS: usize = 2000;

/// The processor time process `pid` has used, user and system, in
/// seconds (from `/proc/PID/stat`, in clock ticks of 10 ms).
fn cpu_of(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc/PID/stat");
    // The fields after the command's `)`: utime and stime are the 12th
    // and 13th of them.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 =
        fields[11].parse::<f64>().expect("utime") + fields[12].parse::<f64>().expect("stime");
    ticks / 100.0
}

/// The time at fraction `p` of the sorted `times`, in ms.
fn at(times: &[Duration], p: f64) -> f64 {
    let i = ((times.len() as f64 - 1.0) * p).round() as usize;
    times.get(i).map_or(0.0, |t| t.as_secs_f64() * 1000.0)
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort();
    let mean = times.iter().map(Duration::as_secs_f64).sum::<f64>() / times.len().max(1) as f64;
    println!(
        "{what}: n={} p50={:.2} ms p90={:.2} ms p99={:.2} ms max={:.2} ms mean={:.2} ms",
        times.len(),
        at(times, 0.5),
        at(times, 0.9),
        at(times, 0.99),
        at(times, 1.0),
        mean * 1000.0
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [port, token, mode, a, b] = args.as_slice() else {
        eprintln!(
            "usage: serve_client PORT TOKEN (moves GAME COUNT | plies GAME PLY | cpu GAME PLY | files FROM COUNT)"
        );
        std::process::exit(2);
    };
    let port: u16 = port.parse().expect("port");
    let mut client = Client::connect(port, token.clone()).expect("connect");
    let count: usize = b.parse().expect("count");
    match mode.as_str() {
        "moves" => {
            let mut times = Vec::with_capacity(count);
            let (mut games, mut svg) = (0u64, 0usize);
            while times.len() < count {
                games += 1;
                client.play(a, games, |_, took, answer| {
                    svg += answer["board"].as_str().map_or(0, str::len);
                    times.push(took);
                    times.len() < count
                });
            }
            println!(
                "{a}: {games} games, mean SVG {} bytes",
                svg / times.len().max(1)
            );
            report(&format!("{a} move round trip"), &mut times);
        }
        "plies" => {
            // The round trips of the first moves and of the moves
            // after ply `count`, over games long enough to reach it.
            let (mut early, mut late) = (Vec::new(), Vec::new());
            let mut games = 0u64;
            while late.len() < 200 && games < 900 {
                games += 1;
                client.play(a, games, |ply, took, _| {
                    match ply {
                        1..=20 => early.push(took),
                        _ if ply > count => late.push(took),
                        _ => {}
                    }
                    ply < count + 20
                });
            }
            report(&format!("{a} plies 1 to 20"), &mut early);
            report(
                &format!("{a} plies {} to {}", count + 1, count + 20),
                &mut late,
            );
        }
        "cpu" => {
            // The server's processor time (`SERVER_PID`'s, from /proc) a
            // state answer, `GET /api/games/{id}`, for one position and
            // last move reached two ways: at ply `count` of the first
            // game long enough, and at ply 1 of a game started from the
            // position before that move. What differs is the game's
            // length alone.
            let pid: u32 = std::env::var("SERVER_PID")
                .ok()
                .and_then(|pid| pid.parse().ok())
                .expect("SERVER_PID, the server's process id");
            let mut long = None;
            let mut seed = 0;
            while long.is_none() && seed < 900 {
                seed += 1;
                let mut before = Value::Null;
                client.play(a, seed, |ply, _, answer| {
                    if ply + 1 == count {
                        before = answer["tags"].clone();
                    }
                    if ply == count {
                        long = Some((
                            answer["id"].clone(),
                            before.clone(),
                            answer["moves"][count - 1].clone(),
                        ));
                    }
                    ply < count
                });
            }
            let (id, tags, last) = long.expect("no game reaches the ply");
            let mut started = json!({"game": a, "tags": []});
            for tag in tags.as_array().into_iter().flatten() {
                let (name, value) = (tag["name"].as_str().unwrap_or_default(), &tag["value"]);
                started[name.to_ascii_lowercase()] = value.clone();
            }
            let (status, short, _) = client.ask("POST", "/api/games", Some(&started));
            assert_eq!(status, 201, "{short}");
            let path = format!("/api/games/{}/moves", short["id"]);
            let (status, answer, _) = client.ask("POST", &path, Some(&json!({"move": last})));
            assert_eq!(status, 200, "{answer}");
            for (ply, id) in [(1, &short["id"]), (count, &id)] {
                let path = format!("/api/games/{id}");
                let before = cpu_of(pid);
                for _ in 0..STATE_ASKS {
                    let (status, answer, _) = client.ask("GET", &path, None);
                    assert_eq!(status, 200, "{answer}");
                }
                let each = (cpu_of(pid) - before) / STATE_ASKS as f64;
                println!(
                    "{a} state at ply {ply}: {:.3} ms of the server's processor time",
                    each * 1000.0
                );
            }
        }
        "files" => {
            let from: usize = a.parse().expect("from");
            for round in 1..=3 {
                let (status, listed, took) = client.ask("GET", "/api/files", None);
                assert_eq!(status, 200, "{listed}");
                println!(
                    "GET /api/files (request {round}): {:.2} ms, {} records",
                    took.as_secs_f64() * 1000.0,
                    listed[0]["records"]
                );
            }
            for round in 1..=3 {
                let path = format!("/api/files/0?from={from}&count={count}");
                let (status, page, took) = client.ask("GET", &path, None);
                assert_eq!(status, 200, "{page}");
                println!(
                    "GET {path} (request {round}): {:.2} ms, {} records",
                    took.as_secs_f64() * 1000.0,
                    page["records"].as_array().map_or(0, Vec::len)
                );
            }
            let (status, all, took) = client.ask("GET", "/api/files/0", None);
            assert_eq!(status, 200);
            println!(
                "GET /api/files/0 (every record): {:.2} ms, {} records",
                took.as_secs_f64() * 1000.0,
                all["records"].as_array().map_or(0, Vec::len)
            );
        }
        other => panic!("no mode {other}"),
    }
}
