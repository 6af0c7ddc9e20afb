//! Whether `kifu engine` obeys its time limits and `stop`, measured: the
//! figures of `benches/obedience.sh`, which builds and runs it.
//!
//! ```text
//! obedience KIFU [--tries N] [--game GAME]
//! ```
//!
//! For each game it starts `KIFU engine` once and, from three positions
//! (the start, and the main lines of `KIFU random GAME --seed 1` and
//! `--seed 2` after 10 and 30 plies, or fewer where the game is short;
//! lotus: at the start of a turn), asks N times for each of:
//! - `go movetime M`, M = 20, 100, 500: the time from the end of writing
//!   `go` to the arrival of `move`, and its excess over M;
//! - `go time T inc I`: the same, against the budget the engine should
//!   use, `min(T/25 + 3/4 I, T/4)`;
//! - `go depth 64 movetime 600000`, then `stop` 50 ms later: the time from
//!   the end of writing `stop` to the arrival of `move`.
//!
//! Before each `go` the engine is told `newgame`, the tags, the position,
//! and `isready`, and its `readyok` is waited for, so that each try starts
//! from an empty table and a quiet engine. Lines are read on a thread of
//! their own, each with the instant it arrived, and no answer is waited
//! for longer than a few seconds.

use kifu::GameKind;
use kifu::kep::{Command, GoLimits};
use kifu::record::parse_record;
use kifu::tournament::MainLine;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long any answer is waited for, past what was asked.
const PATIENCE: Duration = Duration::from_secs(5);

/// When `stop` follows `go`.
const STOP_AFTER: Duration = Duration::from_millis(50);

/// A position to search: its start tags and the moves from there.
struct Position {
    name: String,
    tags: Vec<(String, String)>,
    moves: Vec<String>,
}

/// A running `kifu engine`, its output read on a thread of its own.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<(Instant, String)>,
}

impl Engine {
    fn start(kifu: &str) -> Result<Engine, String> {
        let mut child = std::process::Command::new(kifu)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{kifu} engine: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("no pipes".to_owned());
        };
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            input,
            lines,
        };
        engine.send(&[Command::Kep(1)])?;
        engine.wait_for("kepok", PATIENCE)?;
        Ok(engine)
    }

    /// Writes the lines in one write; the instant the write ended.
    fn send(&mut self, commands: &[Command]) -> Result<Instant, String> {
        let text: String = commands.iter().map(|c| format!("{c}\n")).collect();
        self.input
            .write_all(text.as_bytes())
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("writing to the engine: {e}"))?;
        Ok(Instant::now())
    }

    /// The instant the first line starting with `word` arrived.
    fn wait_for(&mut self, word: &str, patience: Duration) -> Result<Instant, String> {
        let deadline = Instant::now() + patience;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (at, line) = (self.lines.recv_timeout(left))
                .map_err(|_| format!("no {word} within {patience:?}"))?;
            if line.split(' ').next() == Some(word) {
                return Ok(at);
            }
        }
    }

    /// Sets up `position` and waits until the engine is ready.
    fn prepare(&mut self, kind: GameKind, position: &Position) -> Result<(), String> {
        let mut commands = vec![Command::NewGame(kind)];
        for (name, value) in &position.tags {
            let (name, value) = (name.clone(), value.clone());
            commands.push(Command::Tag { name, value });
        }
        let moves = position.moves.clone();
        commands.extend([Command::Position { moves }, Command::IsReady]);
        self.send(&commands)?;
        self.wait_for("readyok", PATIENCE)?;
        Ok(())
    }

    /// The time from the end of writing `go` to the arrival of `move`.
    fn go(&mut self, limits: GoLimits, patience: Duration) -> Result<Duration, String> {
        let sent = self.send(&[Command::Go(limits)])?;
        Ok(self.wait_for("move", patience)? - sent)
    }

    /// The time from the end of writing `stop`, 50 ms after `go`, to the
    /// arrival of `move`; `None` when the move came before `stop`.
    fn go_and_stop(&mut self) -> Result<Option<Duration>, String> {
        let limits = GoLimits {
            depth: Some(64),
            movetime: Some(600_000),
            ..GoLimits::default()
        };
        let sent = self.send(&[Command::Go(limits)])?;
        std::thread::sleep(STOP_AFTER.saturating_sub(sent.elapsed()));
        let stopped = self.send(&[Command::Stop])?;
        let arrived = self.wait_for("move", PATIENCE)?;
        Ok(arrived.checked_duration_since(stopped))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send(&[Command::Quit]);
        let _ = self.child.wait();
    }
}

/// The positions of `kind`: its start, and two random games' main lines
/// some plies in.
fn positions(kifu: &str, kind: GameKind) -> Result<Vec<Position>, String> {
    let mut positions = Vec::new();
    for (seed, plies) in [(1, 0), (1, 10), (2, 30)] {
        let output = std::process::Command::new(kifu)
            .args(["random", kind.name(), "--seed", &seed.to_string()])
            .output()
            .map_err(|e| format!("{kifu} random: {e}"))?;
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        let record = parse_record(text, 1).map_err(|e| e.to_string())?;
        let line = MainLine::of(&record).map_err(|e| e.to_string())?;
        // The last ply no later than `plies` where a turn opens and the
        // game goes on.
        let mut game = line.start.box_clone();
        let mut at = 0;
        for (ply, text) in line.moves.iter().enumerate().take(plies) {
            game.play(text).map_err(|e| e.to_string())?;
            if game.turn().opens && !game.is_over() {
                at = ply + 1;
            }
        }
        let name = match at {
            0 => "start".to_owned(),
            _ => format!("seed {seed} ply {at}"),
        };
        if positions.iter().any(|p: &Position| p.name == name) {
            continue;
        }
        positions.push(Position {
            name,
            tags: line.start.setup_tags(),
            moves: line.moves[..at].to_vec(),
        });
    }
    Ok(positions)
}

/// What one row measures.
#[derive(Clone, Copy)]
enum Ask {
    Movetime(u64),
    Clock { time: u64, inc: u64 },
    Stop,
}

impl Ask {
    fn label(self) -> String {
        match self {
            Ask::Movetime(ms) => format!("movetime {ms}"),
            Ask::Clock { time, inc } => format!("time {time} inc {inc}"),
            Ask::Stop => "stop after 50 ms".to_owned(),
        }
    }

    /// The time the engine should take, in ms; none for `stop`.
    fn budget(self) -> Option<u64> {
        match self {
            Ask::Movetime(ms) => Some(ms),
            Ask::Clock { time, inc } => Some((time / 25 + inc * 3 / 4).min(time / 4)),
            Ask::Stop => None,
        }
    }
}

/// The samples of one row, in ms, with the position of each.
struct Row {
    samples: Vec<(f64, String)>,
    early: usize,
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn measure(
    engine: &mut Engine,
    kind: GameKind,
    positions: &[Position],
    ask: Ask,
    tries: usize,
) -> Result<Row, String> {
    let mut row = Row {
        samples: Vec::new(),
        early: 0,
    };
    for position in positions {
        for _ in 0..tries {
            engine.prepare(kind, position)?;
            let took = match ask {
                Ask::Movetime(movetime) => {
                    let limits = GoLimits {
                        movetime: Some(movetime),
                        ..GoLimits::default()
                    };
                    Some(engine.go(limits, Duration::from_millis(movetime) + PATIENCE)?)
                }
                Ask::Clock { time, inc } => {
                    let limits = GoLimits {
                        time: Some(time),
                        inc: Some(inc),
                        ..GoLimits::default()
                    };
                    Some(engine.go(limits, Duration::from_millis(time) + PATIENCE)?)
                }
                Ask::Stop => engine.go_and_stop()?,
            };
            match took {
                Some(took) => row.samples.push((ms(took), position.name.clone())),
                None => row.early += 1,
            }
        }
    }
    Ok(row)
}

fn report(kind: GameKind, ask: Ask, row: &mut Row) {
    row.samples.sort_by(|a, b| a.0.total_cmp(&b.0));
    let Some(((min, _), (max, worst))) = row.samples.first().zip(row.samples.last()) else {
        println!("| {kind} | {} | 0 | {} | | | | | |", ask.label(), row.early);
        return;
    };
    let median = row.samples[row.samples.len() / 2].0;
    // Early: answers in under half the budget (a forced result, one
    // legal move, or no search), or before `stop`.
    let (over, early) = match ask.budget() {
        Some(budget) => {
            let budget = budget as f64;
            let early = row.samples.iter().filter(|(t, _)| *t < budget / 2.0);
            (format!("{:+.1}", max - budget), early.count())
        }
        None => (String::new(), row.early),
    };
    println!(
        "| {kind} | {} | {} | {early} | {min:.1} | {median:.1} | {max:.1} | {over} | {worst} |",
        ask.label(),
        row.samples.len(),
    );
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let kifu = args
        .next()
        .ok_or("usage: obedience KIFU [--tries N] [--game GAME]")?;
    let mut tries = 5;
    let mut games: Vec<GameKind> = GameKind::ALL.to_vec();
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--game" => {
                let name = args.next().unwrap_or_default();
                games = vec![GameKind::from_name(&name).ok_or(format!("no game {name}"))?];
            }
            "--tries" => {
                tries =
                    (args.next().and_then(|n| n.parse().ok())).ok_or("--tries takes a number")?;
            }
            _ => return Err(format!("unknown argument {flag}")),
        }
    }
    let asks = [
        Ask::Movetime(20),
        Ask::Movetime(100),
        Ask::Movetime(500),
        Ask::Clock {
            time: 10_000,
            inc: 100,
        },
        Ask::Clock {
            time: 1000,
            inc: 10,
        },
        Ask::Stop,
    ];
    println!("Times in ms, from the end of writing `go` (or `stop`) to the arrival of `move`;");
    println!("over: the slowest answer's excess over movetime or the clock's budget;");
    println!("early: answers in under half of it (a forced result found, or no search),");
    println!("or, for stop, moves that came before `stop` (left out of the times).");
    println!();
    println!("| game | asked | timed | early | min | median | max | over | slowest at |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---|");
    for kind in games {
        let positions = positions(&kifu, kind)?;
        let mut engine = Engine::start(&kifu)?;
        for ask in asks {
            let mut row = measure(&mut engine, kind, &positions, ask, tries)?;
            report(kind, ask, &mut row);
        }
    }
    Ok(())
}
