//! A stand-in for a client of the Escampe course's server (`ClientJeu`
//! driving an `IJoueur`), written from the protocol as kifu-engine(7)
//! states it, for the tests of `kifu match --protocol course` and
//! `--listen` (`tests/course.rs`) and the referee's benchmark. It plays
//! random legal placements and moves (the rules from the kifu library;
//! the protocol, its squares and its lines written here anew), except
//! where its options say otherwise; "at N" means its N-th answer, its
//! placement being the first.
//!
//! ```text
//! course_client [--name NAME] [--seed N] [--silent-at N] [--garbage-at N]
//!               [--illegal-at N] [--disconnect-at N] [--nul] [--passe]
//!               [--log FILE] HOST PORT
//! ```
//!
//! `--nul` ends each of its lines with `\0`, as the server's own lines
//! end; `--passe` writes a pass as `PASSE` rather than `E`; `--log`
//! appends every line the server sends to FILE, `\0` written as `\0`.

use kifu::game::{AnyGame, GameKind, Tags};
use kifu::kep::random_placement;
use kifu::random::Rng;
use kifu::record::Tag;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

/// What the client does wrong, and where it connects.
#[derive(Debug, Default)]
struct Options {
    name: String,
    seed: u64,
    silent_at: Option<usize>,
    garbage_at: Option<usize>,
    illegal_at: Option<usize>,
    disconnect_at: Option<usize>,
    nul: bool,
    passe: bool,
    log: Option<String>,
    address: Vec<String>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        name: "stand-in".to_owned(),
        ..Options::default()
    };
    let mut args = std::env::args().skip(1);
    let number = |value: Option<String>, flag: &str| -> Result<usize, String> {
        value
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{flag} takes a number"))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--name" => options.name = args.next().unwrap_or_default(),
            "--seed" => options.seed = number(args.next(), &arg)? as u64,
            "--silent-at" => options.silent_at = Some(number(args.next(), &arg)?),
            "--garbage-at" => options.garbage_at = Some(number(args.next(), &arg)?),
            "--illegal-at" => options.illegal_at = Some(number(args.next(), &arg)?),
            "--disconnect-at" => options.disconnect_at = Some(number(args.next(), &arg)?),
            "--nul" => options.nul = true,
            "--passe" => options.passe = true,
            "--log" => options.log = args.next(),
            _ => options.address.push(arg),
        }
    }
    if options.address.len() != 2 {
        return Err("give HOST PORT".to_owned());
    }
    Ok(options)
}

/// The course's square of kifu's: `b6` is `B1` (row r is rank 7 - r).
fn course_square(square: &str) -> String {
    let bytes = square.as_bytes();
    let (file, rank) = (bytes[0].to_ascii_uppercase(), bytes[1]);
    format!("{}{}", char::from(file), char::from(b'7' - (rank - b'0')))
}

/// kifu's square of the course's: `B1` is `b6`.
fn kifu_square(square: &str) -> String {
    course_square(square).to_ascii_lowercase()
}

/// A placement or move as the course writes it.
fn course_move(words: &[String], passe: bool) -> String {
    match words {
        [pass] if pass == "--" => (if passe { "PASSE" } else { "E" }).to_owned(),
        [step] => format!(
            "{}-{}",
            course_square(&step[..2]),
            course_square(&step[3..])
        ),
        squares => squares
            .iter()
            .map(|s| course_square(s))
            .collect::<Vec<_>>()
            .join("/"),
    }
}

/// A move of the server's `MOUVEMENT` as kifu's words.
fn kifu_move(text: &str) -> Vec<String> {
    match text {
        "E" | "PASSE" => vec!["--".to_owned()],
        _ if text.contains('/') => text.split('/').map(kifu_square).collect(),
        _ => {
            let (from, to) = text.split_once('-').unwrap_or((text, text));
            vec![format!("{}-{}", kifu_square(from), kifu_square(to))]
        }
    }
}

/// The game after `history` (placements, Black's first, then moves).
fn game(history: &[Vec<String>]) -> Box<dyn AnyGame> {
    let setup = format!("{} / {}", history[1].join(" "), history[0].join(" "));
    let tags = [Tag {
        name: "Setup".into(),
        value: setup.into(),
        offset: 0,
    }];
    let mut game = GameKind::Escampe
        .start(Tags::new(&tags))
        .unwrap_or_else(|e| panic!("the placements state no start: {e}"));
    for words in &history[2..] {
        for word in words {
            game.play(word)
                .unwrap_or_else(|e| panic!("{word} is refused: {e}"));
        }
    }
    game
}

/// The client's answer: a random placement or legal move.
fn choose(history: &[Vec<String>], rng: &mut Rng) -> Vec<String> {
    if history.len() < 2 {
        let tags: Vec<(String, String)> = match history {
            [black] => vec![("Setup".to_owned(), format!("- / {}", black.join(" ")))],
            _ => Vec::new(),
        };
        let placing = GameKind::Escampe
            .placing(&tags)
            .unwrap_or_else(|| panic!("nothing to place after {tags:?}"));
        return random_placement(placing.as_ref(), rng);
    }
    let mut moves = game(history).legal_moves();
    let at = rng.below(moves.len());
    vec![moves.swap_remove(at)]
}

/// A move the rules refuse: a step that is not among the legal moves.
fn illegal(history: &[Vec<String>]) -> Vec<String> {
    if history.len() < 2 {
        return ["a1", "a1", "b1", "c1", "d1", "e1"]
            .map(str::to_owned)
            .to_vec();
    }
    let legal = game(history).legal_moves();
    let squares: Vec<String> = (b'a'..=b'f')
        .flat_map(|f| (b'1'..=b'6').map(move |r| format!("{}{}", char::from(f), char::from(r))))
        .collect();
    for from in &squares {
        for to in &squares {
            let (step, take) = (format!("{from}-{to}"), format!("{from}x{to}"));
            if from != to && !legal.contains(&step) && !legal.contains(&take) {
                return vec![step];
            }
        }
    }
    vec!["--".to_owned()]
}

fn main() {
    let options = match options() {
        Ok(options) => options,
        Err(e) => {
            eprintln!("course_client: {e}");
            std::process::exit(2);
        }
    };
    let address = format!("{}:{}", options.address[0], options.address[1]);
    let stream = TcpStream::connect(&address).unwrap_or_else(|e| {
        eprintln!("course_client: cannot connect to {address}: {e}");
        std::process::exit(2);
    });
    let mut out = stream.try_clone().unwrap_or_else(|e| panic!("{e}"));
    let end = if options.nul { "\0" } else { "" };
    // One write a line, as ClientJeu's PrintWriter sends it.
    let mut send = |text: &str| {
        if out.write_all(format!("{text}{end}\n").as_bytes()).is_err() {
            eprintln!("course_client: the server went away");
            std::process::exit(1);
        }
    };
    send(&options.name);
    let mut rng = Rng::new(options.seed);
    let mut lines = BufReader::new(stream).lines();
    let mut colour = String::new();
    let mut history: Vec<Vec<String>> = Vec::new();
    let mut answers = 0;
    while let Some(Ok(line)) = lines.next() {
        if let Some(path) = &options.log {
            let logged = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .and_then(|mut file| writeln!(file, "{}", line.replace('\0', "\\0")));
            if let Err(e) = logged {
                eprintln!("course_client: {path}: {e}");
            }
        }
        // The words of the line, split at spaces and NUL, as ClientJeu
        // splits them.
        let words: Vec<&str> = line.split([' ', '\0']).filter(|w| !w.is_empty()).collect();
        match words.as_slice() {
            ["FIN!", winner] => {
                println!("course_client: {colour}: the winner is {winner}");
                return;
            }
            ["JOUEUR", mover] if *mover == colour => {
                answers += 1;
                let at = |planned: Option<usize>| planned == Some(answers);
                if at(options.disconnect_at) {
                    eprintln!("course_client: leaving at answer {answers}");
                    std::process::exit(3);
                }
                if at(options.silent_at) {
                    continue;
                }
                if at(options.garbage_at) {
                    send("bonjour arbitre");
                    continue;
                }
                let words = match at(options.illegal_at) {
                    true => illegal(&history),
                    false => choose(&history, &mut rng),
                };
                send(&course_move(&words, options.passe));
                history.push(words);
            }
            ["JOUEUR", _] => {}
            ["MOUVEMENT", text] => history.push(kifu_move(text)),
            [word] if colour.is_empty() => colour = (*word).to_owned(),
            _ => eprintln!("course_client: a line it does not know: {line:?}"),
        }
    }
    eprintln!("course_client: the server closed the connection");
    std::process::exit(1);
}
