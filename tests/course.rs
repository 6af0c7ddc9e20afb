//! The Escampe course's protocol through the binary: a stand-in client
//! (`examples/course_client.rs`) against KEP engines in `kifu match`, two
//! stand-ins served by `kifu match --listen`, and `kifu engine --connect`
//! against a stand-in server written here; each misbehaviour of a client
//! with its exact outcome, and every record valid.

use crate::support::matches as support;

use kifu::game::{AnyGame, GameKind, Tags};
use kifu::kep::random_placement;
use kifu::random::Rng;
use kifu::record::Tag;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::process::{Command, Stdio};
use support::{
    Ended, course_client, course_client_path, kifu_in, kifu_path, random_engine, read, scratch,
    stable, tag_values,
};

/// `kifu match` of the stand-in client with `faults` (a course player,
/// first) against the random KEP engine: two games of escampe, one a
/// side, at 300 ms a move. Gives the records, made stable, and the log.
fn against_kep(name: &str, faults: &str) -> (String, String) {
    let dir = scratch(&format!("course-{name}"));
    let client = course_client(&format!("--seed 5 --log server.log {faults}"));
    let run = kifu_in(
        &dir,
        &[
            "match",
            "--engine",
            &client,
            "--protocol",
            "course",
            "--engine",
            &random_engine(4),
            "--name",
            "kep",
            "--game",
            "escampe",
            "--games",
            "2",
            "--movetime",
            "300",
            "--out",
            "m.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let verdicts = kifu_in(&dir, &["validate", "--quiet", "m.kifu"]);
    assert_eq!(
        (verdicts.err.as_str(), verdicts.status),
        ("2 records: 2 valid, 0 invalid\n", Some(0)),
        "{}",
        read(&dir, "m.kifu")
    );
    (stable(&read(&dir, "m.kifu")), stable(&run.err))
}

/// The comments kifu wrote in `records`, one a record that has one.
fn kifu_comments(records: &str) -> Vec<String> {
    records
        .split('{')
        .filter_map(|rest| rest.strip_prefix("kifu: "))
        .filter_map(|rest| rest.split_once('}'))
        .map(|(comment, _)| comment.replace('\n', " "))
        .collect()
}

#[test]
fn a_course_player_plays_whole_games_against_a_kep_engine() {
    let dir = scratch("course-whole");
    let client = course_client("--seed 1 --log server.log");
    let run = kifu_in(
        &dir,
        &[
            "match",
            "--engine",
            &client,
            "--protocol",
            "course",
            "--engine",
            &random_engine(2),
            "--name",
            "kep",
            "--game",
            "escampe",
            "--games",
            "6",
            "--movetime",
            "300",
            "--out",
            "m.kifu",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.err);
    let records = read(&dir, "m.kifu");
    let verdicts = kifu_in(&dir, &["validate", "--quiet", "m.kifu"]);
    assert_eq!(
        (verdicts.err.as_str(), verdicts.status),
        ("6 records: 6 valid, 0 invalid\n", Some(0))
    );
    // The client's name is its engine's name; colours alternate.
    assert_eq!(
        tag_values(&records, "White"),
        ["stand-in", "kep", "stand-in", "kep", "stand-in", "kep"]
    );
    assert_eq!(tag_values(&records, "Termination"), ["normal"; 6]);
    // Each record states the placements the players made.
    let setups = tag_values(&records, "Setup");
    assert_eq!(setups.len(), 6);
    // What the first game told the client, as the course's server tells
    // it: its colour, then JOUEUR before each move, MOUVEMENT with the
    // other side's, the placements first, and FIN! at the end; every
    // line with its \0.
    let log = read(&dir, "server.log");
    let first: Vec<&str> = log.lines().take_while(|l| !l.starts_with("FIN!")).collect();
    let (_, black) = setups[0].split_once(" / ").unwrap_or_default();
    let course = |kifu: &str| -> String {
        let b = kifu.as_bytes();
        format!(
            "{}{}",
            char::from(b[0].to_ascii_uppercase()),
            char::from(b'7' - (b[1] - b'0'))
        )
    };
    let group = |words: &str| words.split(' ').map(course).collect::<Vec<_>>().join("/");
    assert_eq!(
        first[..5],
        [
            "Blanc\\0".to_owned(),
            "JOUEUR Noir\\0".to_owned(),
            format!("MOUVEMENT {}\\0", group(black)),
            "JOUEUR Blanc\\0".to_owned(),
            "JOUEUR Blanc\\0".to_owned(),
        ]
    );
    let ends: Vec<&str> = log.lines().filter(|l| l.starts_with("FIN!")).collect();
    let results = tag_values(&records, "Result");
    let expected: Vec<String> = (results.iter())
        .map(|r| format!("FIN! {}\\0", if r == "W+" { "Blanc" } else { "Noir" }))
        .collect();
    assert_eq!(ends, expected);
    assert!(run.err.contains("kifu: 6 games, "), "{}", run.err);
    let table = kifu_in(&dir, &["match", "--report", "m.kifu"]);
    assert_eq!(
        (table.out.as_str(), table.status),
        (run.out.as_str(), Some(0))
    );
}

#[test]
fn a_client_line_ending_in_nul_and_a_pass_written_passe_are_taken() {
    let (records, log) = against_kep("nul", "--nul --passe");
    assert_eq!(tag_values(&records, "Termination"), ["normal"; 2]);
    assert_eq!(kifu_comments(&records), Vec::<String>::new());
    assert!(
        log.contains("kifu: 2 games, ") && !log.contains("  kifu: "),
        "{log}"
    );
}

#[test]
fn an_illegal_move_of_a_course_player_loses() {
    let (records, _) = against_kep("illegal", "--illegal-at 3");
    assert_eq!(tag_values(&records, "Termination"), ["illegal move"; 2]);
    assert_eq!(tag_values(&records, "Result"), ["B+", "W+"]);
    assert_eq!(
        kifu_comments(&records),
        [
            "White (stand-in) played a1-a2: no piece of the side to move there: a1 holds a \
             Black piece",
            "Black (stand-in) played a1-a2: breaks the line constraint: Black must move a piece \
             from a single square (White's last move ended on c4), and a1 is a triple square",
        ]
    );
}

#[test]
fn an_illegal_placement_loses_and_the_record_still_states_a_start() {
    let (records, _) = against_kep("placement", "--illegal-at 1");
    assert_eq!(tag_values(&records, "Termination"), ["illegal move"; 2]);
    assert_eq!(
        kifu_comments(&records),
        [
            "White (stand-in) placed a1 a1 b1 c1 d1 e1: a1 appears twice in White's group; White \
             places on ranks 5-6: Black holds ranks 1-2; the pieces not placed stand on the first \
             open squares, for the record",
            "Black (stand-in) placed a1 a1 b1 c1 d1 e1: a1 appears twice in Black's group; the \
             pieces not placed stand on the first open squares, for the record",
        ]
    );
}

#[test]
fn garbage_from_a_course_player_is_a_protocol_error() {
    let (records, _) = against_kep("garbage", "--garbage-at 2");
    assert_eq!(tag_values(&records, "Termination"), ["protocol error"; 2]);
    let why = "answered with no move: it answered \"bonjour arbitre\": a move is FROM-TO \
               (like D3-F3), E or PASSE for a pass, or six squares of a placement";
    assert_eq!(
        kifu_comments(&records),
        [
            format!("White (stand-in) {why}"),
            format!("Black (stand-in) {why}")
        ]
    );
}

#[test]
fn a_silent_course_player_loses_on_time() {
    let (records, _) = against_kep("silent", "--silent-at 4");
    assert_eq!(tag_values(&records, "Termination"), ["time forfeit"; 2]);
    assert_eq!(
        kifu_comments(&records),
        [
            "White (stand-in) lost on time: no move within Ts",
            "Black (stand-in) lost on time: no move within Ts",
        ]
    );
}

#[test]
fn a_course_player_that_disconnects_crashed() {
    let (records, log) = against_kep("disconnect", "--disconnect-at 2");
    assert_eq!(tag_values(&records, "Termination"), ["engine crash"; 2]);
    assert_eq!(
        kifu_comments(&records),
        [
            "White (stand-in) crashed: the engine exited (exit status: 3)",
            "Black (stand-in) crashed: the engine exited (exit status: 3)",
        ]
    );
    assert!(
        log.contains("  stderr of stand-in: course_client: leaving at answer 2"),
        "{log}"
    );
}

/// Mistakes: status 2 and a message, before any game.
#[test]
fn a_course_player_is_refused_where_it_cannot_play() {
    let dir = scratch("course-refused");
    let client = course_client("");
    let base = ["match", "--engine", &client, "--protocol", "course"];
    for (more, message) in [
        (
            &["--engine", "kifu engine", "--game", "mana"][..],
            "kifu: a course player (--protocol course) plays escampe, not mana\n",
        ),
        (
            &[
                "--engine",
                "kifu engine",
                "--game",
                "escampe",
                "--setup",
                "a2 b2 c2 d2 e2 f2 / a6 b6 c6 d6 e6 f6",
            ][..],
            "kifu: a course player (--protocol course) places its own pieces: a match with one \
             takes no --setup, --position or --openings\n",
        ),
    ] {
        let mut args = base.to_vec();
        args.extend(more);
        let run = kifu_in(&dir, &args);
        assert_eq!((run.err.as_str(), run.status), (message, Some(2)));
    }
    // As their server, too: `--listen` serves Escampe alone.
    let listen = ["match", "--listen", "127.0.0.1:0", "--protocol", "course"];
    let run = kifu_in(&dir, &[&listen[..], &["--game", "shogun"]].concat());
    assert_eq!(
        (run.err.as_str(), run.status),
        (
            "kifu: a course player (--protocol course) plays escampe, not shogun\n",
            Some(2)
        )
    );
    let no_port = format!("{} 127.0.0.1", course_client_path().display());
    let run = kifu_in(
        &dir,
        &[
            "match",
            "--engine",
            &no_port,
            "--protocol",
            "course",
            "--engine",
            "kifu engine",
            "--game",
            "escampe",
        ],
    );
    assert_eq!(run.status, Some(2), "{}", run.err);
    assert!(
        run.err.ends_with(
            "a course player's command holds {port}, where kifu puts the port it listens on \
             (engine.cannot-start)\n"
        ),
        "{}",
        run.err
    );
}

/// `kifu match --listen` on a free loopback port for `games` games to
/// `l.kifu` in `dir`: the server, which ends with the test, its log, and
/// the port it listens on.
fn listening(dir: &std::path::Path, games: &str) -> (Ended, impl BufRead, String) {
    let mut server = Command::new(kifu_path())
        .current_dir(dir)
        .args([
            "match",
            "--listen",
            "127.0.0.1:0",
            "--protocol",
            "course",
            "--games",
            games,
            "--movetime",
            "300",
            "--out",
            "l.kifu",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut log = BufReader::new(server.stderr.take().expect("standard error"));
    let mut first = String::new();
    log.read_line(&mut first).expect("the first line");
    let address = first
        .strip_prefix("kifu: listening on ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("{first}"));
    let (host, port) = address.rsplit_once(':').expect("HOST:PORT");
    assert_eq!(host, "127.0.0.1");
    let plural = if games == "1" { "" } else { "s" };
    assert_eq!(
        first,
        format!(
            "kifu: listening on {address} for course clients, two a game, {games} game{plural}\n"
        )
    );
    (Ended(server), log, port.to_owned())
}

/// `kifu match --listen`: the course's server, two clients a game, the
/// first to say its name playing Blanc.
#[test]
fn listen_serves_clients_that_connect_themselves() {
    let dir = scratch("course-listen");
    let (mut server, mut log, port) = listening(&dir, "2");
    let (host, port) = ("127.0.0.1", port.as_str());
    for round in 0..2 {
        let client = |name: &str, seed: &str| {
            Command::new(course_client_path())
                .args(["--name", name, "--seed", seed, host, port])
                .stdout(Stdio::piped())
                .spawn()
                .unwrap_or_else(|e| panic!("{e}"))
        };
        let blanc = client(&format!("first{round}"), "1");
        // The first has connected when the server says it plays Blanc.
        let said = next_client_line(&mut log);
        assert!(
            said.starts_with(&format!("kifu: first{round} (127.0.0.1:")),
            "{said}"
        );
        assert!(said.ends_with(") plays Blanc\n"), "{said}");
        let noir = client(&format!("second{round}"), "2");
        for child in [blanc, noir] {
            let output = child.wait_with_output().expect("the client");
            assert_eq!(output.status.code(), Some(0));
            let said = String::from_utf8_lossy(&output.stdout);
            assert!(said.contains(": the winner is "), "{said}");
        }
        let said = next_client_line(&mut log);
        assert!(
            said.starts_with(&format!("kifu: second{round} (127.0.0.1:")),
            "{said}"
        );
        assert!(said.ends_with(") plays Noir\n"), "{said}");
    }
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut log, &mut rest);
    let status = server.0.wait().expect("the server");
    assert_eq!(status.code(), Some(0), "{rest}");
    let records = read(&dir, "l.kifu");
    assert_eq!(tag_values(&records, "White"), ["first0", "first1"]);
    assert_eq!(tag_values(&records, "Black"), ["second0", "second1"]);
    assert_eq!(tag_values(&records, "Termination"), ["normal"; 2]);
    let verdicts = kifu_in(&dir, &["validate", "--quiet", "l.kifu"]);
    assert_eq!(
        (verdicts.err.as_str(), verdicts.status),
        ("2 records: 2 valid, 0 invalid\n", Some(0))
    );
    assert!(rest.contains("kifu: 2 games, "), "{rest}");
}

/// Two players who say their names at once play their game, however many
/// connections came before them and never spoke: the names are read side
/// by side, the oldest silent connection closed once sixteen wait.
#[test]
fn two_players_play_past_two_hundred_silent_connections() {
    let dir = scratch("course-silent");
    let (mut server, mut log, port) = listening(&dir, "1");
    let silent: Vec<std::net::TcpStream> = (0..200)
        .map(|_| std::net::TcpStream::connect(("127.0.0.1", port.parse::<u16>().unwrap_or(0))))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"));
    let started = std::time::Instant::now();
    let client = |name: &str, seed: &str| {
        Ended(
            Command::new(course_client_path())
                .args(["--name", name, "--seed", seed, "127.0.0.1", &port])
                .stdout(Stdio::null())
                .spawn()
                .unwrap_or_else(|e| panic!("{e}")),
        )
    };
    let blanc = client("first", "1");
    let said = next_client_line(&mut log);
    assert!(said.starts_with("kifu: first (127.0.0.1:"), "{said}");
    let noir = client("second", "2");
    let said = next_client_line(&mut log);
    assert!(said.starts_with("kifu: second (127.0.0.1:"), "{said}");
    // Without waiting for a silent connection's ten seconds to say a name.
    assert!(started.elapsed() < std::time::Duration::from_secs(9));
    for mut child in [blanc, noir] {
        assert_eq!(child.0.wait().ok().and_then(|s| s.code()), Some(0));
    }
    let status = server.0.wait().expect("the server");
    assert_eq!(status.code(), Some(0));
    let records = read(&dir, "l.kifu");
    assert_eq!(tag_values(&records, "White"), ["first"]);
    assert_eq!(tag_values(&records, "Black"), ["second"]);
    drop(silent);
}

/// The next line of the server's log that says who plays which colour
/// (the lines of the games played are passed over).
fn next_client_line(log: &mut impl BufRead) -> String {
    loop {
        let mut line = String::new();
        let read = log.read_line(&mut line).expect("the log");
        assert!(read > 0, "the log ended");
        if line.contains(") plays ") {
            return line;
        }
    }
}

/// A stand-in for the course's server, written here from the protocol:
/// it takes one client (`kifu engine --connect`), gives it `colour`, plays
/// the other side with random placements and legal moves, and ends the
/// game with `FIN!`. Its control lines end with `\0` when `nul`. Gives
/// the game as a record, and the client's name.
fn serve_one_game(listener: &TcpListener, colour: &str, nul: bool) -> (String, String) {
    let (stream, _) = listener.accept().expect("a client");
    let mut out = stream.try_clone().expect("a stream");
    let mut lines = BufReader::new(stream).lines();
    let end = if nul { "\0" } else { "" };
    let mut send = |text: &str| writeln!(out, "{text}{end}").expect("a write");
    let name = lines.next().expect("a name").expect("a line");
    send(colour);
    let course = |kifu: &str| -> String {
        let b = kifu.as_bytes();
        format!(
            "{}{}",
            char::from(b[0].to_ascii_uppercase()),
            char::from(b'7' - (b[1] - b'0'))
        )
    };
    let kifu = |course: &str| {
        course
            .to_ascii_lowercase()
            .chars()
            .take(1)
            .collect::<String>()
            + &char::from(b'7' - (course.as_bytes()[1] - b'0')).to_string()
    };
    let to_course = |words: &[String]| match words {
        [pass] if pass == "--" => "E".to_owned(),
        [step] => format!("{}-{}", course(&step[..2]), course(&step[3..])),
        group => group
            .iter()
            .map(|s| course(s))
            .collect::<Vec<_>>()
            .join("/"),
    };
    let to_kifu = |text: &str| -> Vec<String> {
        match text {
            "E" | "PASSE" => vec!["--".to_owned()],
            _ if text.contains('/') => text.split('/').map(kifu).collect(),
            _ => {
                let (from, to) = text.split_once('-').expect("FROM-TO");
                vec![format!("{}-{}", kifu(from), kifu(to))]
            }
        }
    };
    let mut rng = Rng::new(9);
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut game: Option<Box<dyn AnyGame>> = None;
    let mut moves: Vec<String> = Vec::new();
    let result = loop {
        // Black places, White places, then White moves first.
        let mover = match groups.len() + moves.len() {
            0 => "Noir",
            n if n % 2 == 1 => "Blanc",
            _ => "Noir",
        };
        if let Some(game) = &game {
            if let Some(outcome) = game.outcome() {
                let winner = match outcome.winner.as_deref() {
                    Some("White") => "Blanc",
                    _ => "Noir",
                };
                send(&format!("FIN! {winner}"));
                break outcome.tag_value.to_string();
            }
        }
        send(&format!("JOUEUR {mover}"));
        let words = if mover == colour {
            let line = lines.next().expect("a move").expect("a line");
            to_kifu(line.trim_end_matches('\0'))
        } else {
            let words = match &game {
                None => {
                    let tags: Vec<(String, String)> = match groups.as_slice() {
                        [black] => vec![("Setup".to_owned(), format!("- / {}", black.join(" ")))],
                        _ => Vec::new(),
                    };
                    let placing = GameKind::Escampe.placing(&tags).expect("a placement");
                    random_placement(placing.as_ref(), &mut rng)
                }
                Some(game) => {
                    let mut legal = game.legal_moves();
                    let at = rng.below(legal.len());
                    vec![legal.swap_remove(at)]
                }
            };
            send(&format!("MOUVEMENT {}", to_course(&words)));
            words
        };
        match &mut game {
            None => {
                groups.push(words);
                if groups.len() == 2 {
                    let tags = [Tag {
                        name: "Setup".into(),
                        value: format!("{} / {}", groups[1].join(" "), groups[0].join(" ")).into(),
                        offset: 0,
                    }];
                    game = Some(GameKind::Escampe.start(Tags::new(&tags)).expect("a start"));
                }
            }
            Some(game) => {
                let word = words.concat();
                game.play(&word)
                    .unwrap_or_else(|e| panic!("the client played {word}: {e}"));
                moves.push(word);
            }
        }
    };
    let record = format!(
        "[Game \"escampe\"]\n[Setup \"{} / {}\"]\n\n{} {result}\n",
        groups[1].join(" "),
        groups[0].join(" "),
        moves.join(" ")
    );
    (record, name)
}

/// `kifu engine --connect`: one game as Blanc with the server's lines
/// ending in `\0`, one as Noir with lines that lack it; the games the
/// server saw are legal records that kifu validates.
#[test]
fn kifu_engine_connects_to_a_course_server() {
    let dir = scratch("course-connect");
    for (colour, nul) in [("Blanc", true), ("Noir", false)] {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a listener");
        let address = listener.local_addr().expect("an address").to_string();
        let client = Command::new(kifu_path())
            .args([
                "engine",
                "--connect",
                &address,
                "--protocol",
                "course",
                "--movetime",
                "20",
                "--name",
                "kifu-bot",
            ])
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        let (record, name) = serve_one_game(&listener, colour, nul);
        let output = client.wait_with_output().expect("kifu engine");
        let said = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{said}");
        assert_eq!(name, "kifu-bot");
        assert!(
            said.starts_with(&format!("kifu engine: played {colour} against {address}: ")),
            "{said}"
        );
        std::fs::write(dir.join("g.kifu"), &record).expect("a record");
        let verdict = kifu_in(&dir, &["validate", "g.kifu"]);
        assert_eq!(verdict.status, Some(0), "{}{record}", verdict.out);
        assert!(
            verdict.out.starts_with("g.kifu:1: escampe, "),
            "{}",
            verdict.out
        );
    }
}

/// `kifu engine --connect ADDRESS --protocol course --random`, its
/// standard error piped; it ends with the test.
fn connecting(address: &str) -> Ended {
    let args = [
        "engine",
        "--connect",
        address,
        "--protocol",
        "course",
        "--random",
    ];
    Ended(
        Command::new(kifu_path())
            .args(args)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// A server that closes the connection mid-game: `kifu engine --connect`
/// says so and exits with status 2; one that is not there, the same.
#[test]
fn kifu_engine_says_when_the_server_goes_away() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a listener");
    let address = listener.local_addr().expect("an address").to_string();
    let mut client = connecting(&address);
    {
        let (stream, _) = listener.accept().expect("a client");
        let mut out = stream.try_clone().expect("a stream");
        let mut lines = BufReader::new(stream).lines();
        let _name = lines.next();
        writeln!(out, "Noir\0\nJOUEUR Noir\0").expect("a write");
        let _placement = lines.next();
    }
    let (said, status) = client.said();
    assert_eq!(
        (said.as_str(), status),
        (
            "kifu engine: the server closed the connection before FIN!\n",
            Some(2)
        )
    );
    drop(listener);
    let gone = kifu_in(
        std::path::Path::new("."),
        &["engine", "--connect", &address, "--protocol", "course"],
    );
    assert_eq!(gone.status, Some(2));
    assert!(
        gone.err
            .starts_with(&format!("kifu engine: cannot connect to {address}: ")),
        "{}",
        gone.err
    );
}

/// A server that gives the colour a second time is told so: the client
/// does not take it.
#[test]
fn kifu_engine_refuses_a_second_colour() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a listener");
    let address = listener.local_addr().expect("an address").to_string();
    let mut client = connecting(&address);
    {
        let (stream, _) = listener.accept().expect("a client");
        // A client that took the second colour would wait for more: the
        // stand-in closes after a while rather than wait with it.
        let wait = Some(std::time::Duration::from_secs(5));
        stream.set_read_timeout(wait).expect("a read timeout");
        let mut out = stream.try_clone().expect("a stream");
        let mut lines = BufReader::new(stream).lines();
        let _name = lines.next();
        writeln!(out, "Noir\nBlanc").expect("a write");
        let _end = lines.next();
    }
    let (said, status) = client.said();
    assert_eq!(
        (said.as_str(), status),
        (
            "kifu engine: the server wrote \"Blanc\": the colour was given already\n",
            Some(2)
        )
    );
}

/// `--listen` with a port alone listens on loopback; an address beyond
/// it is taken, and warned about.
#[test]
fn listen_stays_on_loopback_unless_told() {
    for (address, said) in [
        ("0", "kifu: listening on 127.0.0.1:"),
        ("0.0.0.0:0", "kifu: warning: listening on 0.0.0.0:"),
    ] {
        let mut server = Command::new(kifu_path())
            .args(["match", "--listen", address, "--protocol", "course"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        let mut log = BufReader::new(server.stderr.take().expect("standard error"));
        let mut first = String::new();
        log.read_line(&mut first).expect("the first line");
        let _ = server.kill();
        let _ = server.wait();
        assert!(first.starts_with(said), "{address}: {first}");
    }
}
