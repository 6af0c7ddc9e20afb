//! A KEP engine that misbehaves on purpose, for the tests of `kifu match`
//! (`tests/matches.rs`) and its benchmark (`benches/match.sh`). It plays
//! random legal moves, as `kifu engine --random` does, except where its
//! options say otherwise; "at ply N" means in answer to the `go` whose
//! `position` holds N moves.
//!
//! ```text
//! test_engine [--name NAME] [--seed N] [--illegal-at N] [--garbage-at N]
//!             [--bad-score-at N] [--twice-at N] [--score CP]
//!             [--crash-at N] [--resign-at N] [--sleep-at N MS] [--delay MS]
//!             [--ignore-quit] [--flood-stderr] [--deaf] [--marker WORD]
//!             [--log FILE]
//! ```
//!
//! `--delay MS` answers every `go` after MS milliseconds; `--score CP`
//! says `info score cp CP` before each move; `--twice-at N`
//! writes its move at ply N again 2 ms later; `--flood-stderr`
//! writes a thousand lines of standard error before every move; `--deaf`
//! stops reading its input, for a minute, once it has said `readyok`;
//! `--marker` is ignored, so that a test can find its processes; `--log`
//! appends every `newgame`, `tag`, `position` and `go` line received to
//! FILE, so that a test can see the positions and limits a referee sends.

use kifu::kep::{Answer, Command, IdKey, RandomPlayer, Session};
use std::io::{BufRead, Write};
use std::time::Duration;

/// What the engine does wrong.
#[derive(Debug, Default)]
struct Faults {
    name: Option<String>,
    seed: u64,
    illegal_at: Option<usize>,
    garbage_at: Option<usize>,
    bad_score_at: Option<usize>,
    twice_at: Option<usize>,
    crash_at: Option<usize>,
    resign_at: Option<usize>,
    sleep_at: Option<(usize, u64)>,
    delay: Option<u64>,
    score: Option<i32>,
    ignore_quit: bool,
    flood_stderr: bool,
    deaf: bool,
    log: Option<String>,
}

/// The faults the command line asks for.
fn faults() -> Result<Faults, String> {
    let mut faults = Faults::default();
    let mut args = std::env::args().skip(1);
    let number = |value: Option<String>, flag: &str| -> Result<u64, String> {
        value
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{flag} takes a number"))
    };
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--name" => faults.name = args.next(),
            "--seed" => faults.seed = number(args.next(), &flag)?,
            "--illegal-at" => faults.illegal_at = Some(number(args.next(), &flag)? as usize),
            "--garbage-at" => faults.garbage_at = Some(number(args.next(), &flag)? as usize),
            "--twice-at" => faults.twice_at = Some(number(args.next(), &flag)? as usize),
            "--bad-score-at" => faults.bad_score_at = Some(number(args.next(), &flag)? as usize),
            "--crash-at" => faults.crash_at = Some(number(args.next(), &flag)? as usize),
            "--resign-at" => faults.resign_at = Some(number(args.next(), &flag)? as usize),
            "--sleep-at" => {
                let ply = number(args.next(), &flag)? as usize;
                faults.sleep_at = Some((ply, number(args.next(), &flag)?));
            }
            "--delay" => faults.delay = Some(number(args.next(), &flag)?),
            "--score" => {
                faults.score = args.next().and_then(|v| v.parse().ok());
                if faults.score.is_none() {
                    return Err("--score takes a number of centipawns".to_owned());
                }
            }
            "--ignore-quit" => faults.ignore_quit = true,
            "--flood-stderr" => faults.flood_stderr = true,
            "--deaf" => faults.deaf = true,
            "--log" => faults.log = args.next(),
            "--marker" => {
                args.next();
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(faults)
}

fn main() {
    let faults = match faults() {
        Ok(faults) => faults,
        Err(e) => {
            eprintln!("test_engine: {e}");
            std::process::exit(2);
        }
    };
    let mut session = Session::new(RandomPlayer::new(faults.seed), None);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut ply = 0;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let command = Command::read(&line).ok();
        if let (
            Some(path),
            Some(
                Command::NewGame(_)
                | Command::Tag { .. }
                | Command::Position { .. }
                | Command::Go(_),
            ),
        ) = (&faults.log, &command)
        {
            log(path, &line);
        }
        let answers = match &command {
            Some(Command::Position { moves }) => {
                ply = moves.len();
                session.answer_line(&line).answers
            }
            Some(Command::Go(_)) => go(&faults, ply, &mut session, &line),
            Some(Command::Quit) if faults.ignore_quit => {
                eprintln!("test_engine: not quitting");
                continue;
            }
            Some(Command::Quit) => return,
            _ => session.answer_line(&line).answers,
        };
        let mut answers: Vec<String> = answers.iter().map(ToString::to_string).collect();
        if let (Some(Command::Kep(_)), Some(name)) = (&command, &faults.name) {
            let id = Answer::Id {
                key: IdKey::Name,
                value: name.clone(),
            };
            answers.retain(|a| !a.starts_with("id name "));
            answers.insert(0, id.to_string());
        }
        if matches!(command, Some(Command::Go(_))) && faults.twice_at == Some(ply) {
            if let Some(last) = answers.last().cloned() {
                answers.push(last);
            }
        }
        for (n, answer) in answers.iter().enumerate() {
            if n > 0 && matches!(command, Some(Command::Go(_))) && faults.twice_at == Some(ply) {
                std::thread::sleep(Duration::from_millis(2));
            }
            if writeln!(out, "{answer}")
                .and_then(|()| out.flush())
                .is_err()
            {
                return;
            }
        }
        if faults.deaf && command == Some(Command::IsReady) {
            std::thread::sleep(Duration::from_secs(60));
            return;
        }
    }
}

/// Appends `line` to the log at `path`.
fn log(path: &str, line: &str) {
    let logged = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut file| writeln!(file, "{line}"));
    if let Err(e) = logged {
        eprintln!("test_engine: {path}: {e}");
    }
}

/// The answer to `go` at `ply`: the fault planned there, or a random move.
fn go(faults: &Faults, ply: usize, session: &mut Session<RandomPlayer>, line: &str) -> Vec<Answer> {
    if faults.flood_stderr {
        for n in 0..1000 {
            eprintln!("test_engine: thinking hard, line {n} of 1000 at ply {ply}");
        }
    }
    if let Some(ms) = faults.delay {
        std::thread::sleep(Duration::from_millis(ms));
    }
    let at = |planned: Option<usize>| planned == Some(ply);
    if at(faults.crash_at) {
        eprintln!("test_engine: crashing at ply {ply}");
        std::process::exit(3);
    }
    if let Some((_, ms)) = faults.sleep_at.filter(|(at, _)| *at == ply) {
        std::thread::sleep(Duration::from_millis(ms));
    }
    if at(faults.illegal_at) {
        return vec![Answer::Move(vec!["z9-z9".to_owned()])];
    }
    if at(faults.garbage_at) {
        return vec![Answer::Unknown("hello referee".to_owned())];
    }
    if at(faults.bad_score_at) {
        // A score past i32, then a move: the info line is the fault.
        let mut answers = vec![Answer::Unknown(
            "info depth 1 score cp 2147483648".to_owned(),
        )];
        answers.extend(session.answer_line(line).answers);
        return answers;
    }
    if at(faults.resign_at) {
        return vec![Answer::Resign];
    }
    let mut answers = session.answer_line(line).answers;
    if let Some(cp) = faults.score {
        let score = Answer::read(&format!("info depth 1 score cp {cp}"));
        answers.splice(0..0, score);
    }
    answers
}
