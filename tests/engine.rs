//! `kifu engine --random` driven through the binary: scripted KEP sessions
//! in every game, whose moves are checked with the library, and the lines
//! it refuses.

use crate::support::run;

use kifu::game::{AnyGame, GameKind, Tags};
use kifu::record::parse_head;
use run::kifu;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The start tags of a test game of `kind`.
fn start_tags(kind: GameKind) -> Vec<(&'static str, &'static str)> {
    match kind.name() {
        "mana" => vec![("Setup", "c1 f6")],
        "escampe" => vec![("Setup", "b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1")],
        "lotus" => vec![("Players", "red green orange")],
        _ => vec![],
    }
}

/// The start position of those tags, through the library: a record of
/// them read as `kifu validate` reads one.
fn start(kind: GameKind) -> Box<dyn AnyGame> {
    let mut text = format!("[Game \"{kind}\"]\n");
    for (name, value) in start_tags(kind) {
        text += &format!("[{name} \"{value}\"]\n");
    }
    let record = parse_head(text + "\n*\n", 1).unwrap_or_else(|e| panic!("{e}"));
    kind.start(Tags::new(&record.tags))
        .unwrap_or_else(|e| panic!("{kind}: {e}"))
}

/// The first `plies` plies of a game of `kind` that always takes the last
/// legal move, and the position they reach.
fn opening(kind: GameKind, plies: usize) -> (Vec<String>, Box<dyn AnyGame>) {
    let mut game = start(kind);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(mv) = game.legal_moves().pop() else {
            break;
        };
        game.play(&mv)
            .unwrap_or_else(|e| panic!("{kind} {mv}: {e}"));
        moves.push(mv);
    }
    (moves, game)
}

/// The KEP script of a game of `kind` from the start, then `moves`, then `go`.
fn script(kind: GameKind, moves: &[String]) -> String {
    let mut script = format!("kep 1\nisready\nnewgame {kind}\n");
    for (name, value) in start_tags(kind) {
        script += &format!("tag {name} \"{value}\"\n");
    }
    script += &format!(
        "position moves {}\ngo time 60000 inc 1000\nquit\n",
        moves.join(" ")
    );
    script
}

/// The words of the one `move` line of `out`.
fn moves_of(out: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("move")).collect();
    assert_eq!(lines.len(), 1, "{out}");
    lines[0].split(' ').skip(1).map(str::to_owned).collect()
}

#[test]
fn every_game_gets_a_legal_move_and_the_same_one_from_the_same_seed() {
    let version = env!("CARGO_PKG_VERSION");
    for &kind in GameKind::ALL {
        // Two turns in: lotus's are three pawn moves each.
        let plies = if kind.name() == "lotus" { 6 } else { 2 };
        let (moves, mut game) = opening(kind, plies);
        let script = script(kind, &moves);
        let (out, err, status) = kifu(&["engine", "--random", "--seed", "1"], script.as_bytes());
        assert_eq!((err.as_str(), status), ("", Some(0)), "{kind}");
        let answer = moves_of(&out);
        assert_eq!(
            out,
            format!(
                "id name kifu-engine {version}\nid author the kifu authors\nkepok\nreadyok\nmove {}\n",
                answer.join(" ")
            ),
            "{kind}"
        );
        let mover = game.turn().mover.to_owned();
        for mv in &answer {
            game.play(mv)
                .unwrap_or_else(|e| panic!("{kind}: {mv}: {e}\n{out}"));
        }
        // The answer is one whole turn: the next player's turn has begun.
        assert!(game.check_turn_ends().is_ok(), "{kind}: {out}");
        let expected = if kind.name() == "lotus" { 3 } else { 1 };
        assert!(game.is_over() || answer.len() == expected, "{kind}: {out}");
        assert!(
            game.is_over() || game.turn().mover != mover,
            "{kind}: {out}"
        );
        let (again, _, _) = kifu(&["engine", "--random", "--seed", "1"], script.as_bytes());
        assert_eq!(again, out, "{kind}: the same seed");
    }
}

#[test]
fn a_lotus_turn_begun_is_finished() {
    let kind = GameKind::from_name("lotus").unwrap_or_else(|| panic!("lotus"));
    let (moves, mut game) = opening(kind, 4);
    let (out, _, status) = kifu(
        &["engine", "--random", "--seed", "5"],
        script(kind, &moves).as_bytes(),
    );
    assert_eq!(status, Some(0));
    let answer = moves_of(&out);
    assert_eq!(answer.len(), 2, "{out}");
    for mv in &answer {
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert!(game.check_turn_ends().is_ok(), "{out}");
}

#[test]
fn random_games_to_their_end_are_legal() {
    // Many go's in one session, each with the whole game so far, until the
    // game ends: every answer is legal, passes included.
    for &kind in GameKind::ALL {
        let mut game = start(kind);
        let mut moves: Vec<String> = Vec::new();
        let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["engine", "--random", "--seed", "9"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("stdin"));
        let stdout = child.stdout.take().unwrap_or_else(|| panic!("stdout"));
        let mut lines = std::io::BufRead::lines(std::io::BufReader::new(stdout));
        let mut head = format!("newgame {kind}\n");
        for (name, value) in start_tags(kind) {
            head += &format!("tag {name} \"{value}\"\n");
        }
        for _ in 0..300 {
            if game.is_over() {
                break;
            }
            let position = match moves.is_empty() {
                true => "position".to_owned(),
                false => format!("position moves {}", moves.join(" ")),
            };
            write!(stdin, "{head}{position}\ngo\n").unwrap_or_else(|e| panic!("{e}"));
            stdin.flush().unwrap_or_else(|e| panic!("{e}"));
            let line = lines.next().and_then(Result::ok).unwrap_or_default();
            let answer = line
                .strip_prefix("move ")
                .unwrap_or_else(|| panic!("{kind}: {line}"));
            for mv in answer.split(' ') {
                game.play(mv)
                    .unwrap_or_else(|e| panic!("{kind} after {moves:?}: {mv}: {e}"));
                moves.push(mv.to_owned());
            }
        }
        writeln!(stdin, "quit").unwrap_or_else(|e| panic!("{e}"));
        let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(status.code(), Some(0), "{kind}");
        assert!(moves.len() > 2, "{kind}: {moves:?}");
    }
}

#[test]
fn quit_exits_at_once_with_the_input_still_open() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["engine", "mana", "--random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("stdin"));
    stdin
        .write_all(b"kep 1\nquit\n")
        .unwrap_or_else(|e| panic!("{e}"));
    stdin.flush().unwrap_or_else(|e| panic!("{e}"));
    let begun = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap_or_else(|e| panic!("{e}")) {
            break status;
        }
        if begun.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("kifu engine did not exit within 5 s of quit");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    drop(stdin);
    assert_eq!(status.code(), Some(0));
}

#[test]
fn lines_that_are_no_command_get_an_info_string_and_change_nothing() {
    let long = "x".repeat(70_000);
    let script = format!(
        "hello\ngo time x\nnewgame chess\ntag Setup \"c1\n\n{long}\n\u{ff}\nisready\r\nquit now\nisready\n"
    );
    let mut input = script.into_bytes();
    // A line that is not UTF-8.
    input.extend_from_slice(b"is\xffready\nquit\n");
    let (out, err, status) = kifu(&["engine", "--random"], &input);
    assert_eq!((err.as_str(), status), ("", Some(0)));
    assert_eq!(
        out,
        "info string ignored: unknown command \"hello\" (engine.unknown-command)\n\
         info string ignored: go: time must be a whole number, not x (engine.bad-go)\n\
         info string ignored: newgame: unknown game chess (expected mana, escampe, shogun or lotus) (engine.bad-newgame)\n\
         info string ignored: tag: the value of Setup has no closing quote (engine.bad-tag)\n\
         info string ignored: the line is longer than the limit of 65536 bytes (engine.line-too-long)\n\
         info string ignored: unknown command \"\u{ff}\" (engine.unknown-command)\n\
         readyok\n\
         info string ignored: quit: unexpected words at the end: now (engine.bad-quit)\n\
         readyok\n\
         info string ignored: the line is not UTF-8 (engine.not-utf8)\n"
    );
}

#[test]
fn a_refused_position_is_said_and_each_go_then_resigns() {
    let script = "newgame mana\ntag Setup \"c1 f6\"\nposition moves e1-e4 b6-b4\ngo\ngo\nposition moves e1-e4\ngo\nquit\n";
    let (out, _, status) = kifu(&["engine", "--random", "--seed", "2"], script.as_bytes());
    assert_eq!(status, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    let refusal = "ply 2 b6-b4: disobeys the bird: the bird is on a single square, and a piece of yours on a single square can move, so you must move one of those";
    assert_eq!(
        lines[..5],
        [
            format!("info string position refused: {refusal}").as_str(),
            format!("info string resigning: no position: {refusal}").as_str(),
            "move resign",
            format!("info string resigning: no position: {refusal}").as_str(),
            "move resign",
        ]
    );
    // A good position makes the engine play again.
    assert_eq!(lines.len(), 6, "{out}");
    assert!(
        lines[5].starts_with("move ") && lines[5] != "move resign",
        "{out}"
    );
}

#[test]
fn go_without_a_game_or_in_a_game_over_resigns_and_says_why() {
    let (out, _, status) = kifu(&["engine", "--random"], b"go\nnewgame lotus\ngo\n");
    assert_eq!(status, Some(0));
    assert_eq!(
        out,
        "info string resigning: no game: newgame GAME comes first\nmove resign\n\
         info string resigning: tag Players: required: the 3 to 6 players in turn order, like [Players \"red green orange\"]\nmove resign\n"
    );
}

#[test]
fn the_game_on_the_command_line_needs_no_newgame_and_a_newer_protocol_is_said() {
    let (out, _, status) = kifu(
        &["engine", "shogun", "--random", "--seed", "4"],
        b"kep 2\ngo\n",
    );
    assert_eq!(status, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "info string this engine speaks KEP 1, not 2");
    assert_eq!(lines[3], "kepok");
    let mut game = start(GameKind::from_name("shogun").unwrap_or_else(|| panic!("shogun")));
    let mv = lines[4]
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("{out}"));
    game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
}

#[test]
fn the_engine_searches_unless_random_and_its_page_is_shipped() {
    let (_, err, status) = kifu(&["engine", "--random", "--depth", "3"], b"");
    assert_eq!(status, Some(2));
    assert!(
        err.starts_with("error: the argument '--random' cannot be used with '--depth <N>'"),
        "{err}"
    );
    let (_, err, status) = kifu(&["engine", "--threads", "2"], b"");
    assert_eq!(status, Some(2));
    assert!(err.contains("2 is not in 1..=1"), "{err}");
    let (out, err, status) = kifu(&["man", "engine"], b"");
    assert_eq!((err.as_str(), status), ("", Some(0)));
    let shipped = std::fs::read_to_string("man/kifu-engine.7").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out, shipped);
}

#[test]
fn the_evaluation_weights_are_options_that_change_the_score() {
    let options = "option Level default 0\n\
                   option ManaFreePiece default -31\noption ManaThreat default 272\n\
                   option ManaAttack default 400\noption ManaAttacked default 366\n\
                   option ManaEscape default -11\n\
                   option EscampeFreePiece default 6\noption EscampeThreat default 89\n\
                   option EscampeAttack default 114\noption EscampeAttacked default 178\n\
                   option EscampeEscape default 12\n\
                   option ShogunCloseness default 1\noption ShogunCheck default 11\n\
                   option ShogunMobility default 1\noption ShogunHanging default 5\n\
                   option ShogunPressure default 5\noption ShogunEscape default -1\n\
                   option ShogunShows2 default 0\noption ShogunShows3 default 5\n\
                   option ShogunShows4 default 12\n";
    let session = |set: &str| {
        let script =
            format!("kep 1\n{set}newgame mana\ntag Setup \"c1 f6\"\nposition\ngo depth 1\nquit\n");
        let (out, err, status) = kifu(&["engine"], script.as_bytes());
        assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
        let (head, rest) = out.split_once("kepok\n").unwrap_or_else(|| panic!("{out}"));
        assert!(head.ends_with(options), "{out}");
        // The time taken is the one part that varies.
        let words = rest.split(' ').collect::<Vec<_>>();
        let at = words.iter().position(|w| *w == "time").map(|at| at + 1);
        let words = words
            .iter()
            .enumerate()
            .map(|(i, w)| if Some(i) == at { "T" } else { w });
        words.collect::<Vec<_>>().join(" ")
    };
    // The weights set the score; all of them at 0 leave material alone,
    // even after a first move.
    assert_eq!(
        session(""),
        "info depth 1 nodes 16 time T score cp 84 pv a1-c2\nmove a1-c2\n"
    );
    let zeros = "setoption ManaFreePiece 0\nsetoption ManaThreat 0\nsetoption ManaAttack 0\n\
                 setoption ManaAttacked 0\nsetoption ManaEscape 0\n";
    assert_eq!(
        session(zeros),
        "info depth 1 nodes 16 time T score cp 0 pv a1-c2\nmove a1-c2\n"
    );
    // A level plays with the weights the levels were rated with, whatever
    // the options say: Mana's two of before (12 a free piece, 50 a threat).
    assert_eq!(
        session("setoption Level 8\nsetoption ManaAttack 1000\n"),
        "info depth 1 nodes 17 time T score cp -12 pv c1-b2\nmove c1-b2\n"
    );
    assert_eq!(
        session("setoption ManaFreePiece 100\nsetoption Bogus 3\nsetoption ShogunCheck 1e9\n"),
        "info string setoption ignored: unknown option Bogus\n\
         info string setoption ignored: ShogunCheck takes a whole number from -100000 to 100000, not 1e9\n\
         info depth 1 nodes 18 time T score cp -100 pv d1-d2\nmove d1-d2\n"
    );
}

/// The handshake of `kifu engine ARGS`, up to `kepok`, and its
/// answers to `script` after it (times as `T`).
fn levelled(args: &[&str], script: &str) -> (String, String) {
    let (out, err, status) = kifu(args, format!("kep 1\n{script}quit\n").as_bytes());
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    let (head, rest) = out.split_once("kepok\n").unwrap_or_else(|| panic!("{out}"));
    (head.to_owned(), rest.to_owned())
}

#[test]
fn a_level_names_the_engine_and_is_an_option_that_plays_as_the_flag_does() {
    let (head, _) = levelled(&["engine", "--level", "3"], "");
    assert!(
        head.starts_with("id name kifu-engine 0.1.0 level 3\n"),
        "{head}"
    );
    assert!(head.contains("\noption Level default 3\n"), "{head}");
    let (head, _) = levelled(&["engine", "--depth", "4", "--nodes", "900"], "");
    assert!(
        head.starts_with("id name kifu-engine 0.1.0 depth 4 nodes 900\n"),
        "{head}"
    );
    let (head, _) = levelled(&["engine", "--greedy"], "");
    assert!(
        head.starts_with("id name kifu-engine 0.1.0 greedy\n"),
        "{head}"
    );
    // Level 1 searches one ply, whatever the time; its mistakes follow
    // the seed: the flag and the option play alike.
    let game = "newgame mana\ntag Setup \"c1 f6\"\n";
    let go = "position\ngo movetime 5000\n".repeat(12);
    let moves = |args: &[&str], set: &str| {
        let (_, rest) = levelled(args, &format!("{set}{game}{go}"));
        assert!(
            rest.lines()
                .all(|l| l.starts_with("info depth 1 ") || l.starts_with("move ")),
            "{rest}"
        );
        let played: Vec<&str> = rest
            .lines()
            .filter_map(|l| l.strip_prefix("move "))
            .collect();
        assert_eq!(played.len(), 12, "{rest}");
        played.join(" ")
    };
    let flagged = moves(&["engine", "--level", "1", "--seed", "4"], "");
    assert_eq!(
        flagged,
        moves(&["engine", "--seed", "4"], "setoption Level 1\n")
    );
    let distinct: std::collections::BTreeSet<&str> = flagged.split(' ').collect();
    assert!(distinct.len() > 1, "{flagged}");
    // Out of range: said, and the level kept.
    let (_, rest) = levelled(&["engine", "--level", "2"], "setoption Level 9\n");
    assert_eq!(
        rest,
        "info string setoption ignored: Level takes a whole number from 0 to 8, not 9\n"
    );
    let (out, err, status) = kifu(&["engine", "--level", "9"], b"");
    assert_eq!((out.as_str(), status), ("", Some(2)), "{err}");
    assert!(
        err.contains("invalid value '9' for '--level <N>': 9 is not in 1..=8"),
        "{err}"
    );
}

#[test]
fn a_node_bound_makes_the_search_repeat_whatever_the_time() {
    let script = "kep 1\nnewgame shogun\nposition\ngo movetime 600000\nquit\n";
    let run = || {
        let (out, err, status) = kifu(&["engine", "--nodes", "3000"], script.as_bytes());
        assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
        let infos: Vec<(u64, String)> = out
            .lines()
            .filter_map(|line| {
                let words: Vec<&str> = line.split(' ').collect();
                let at = |name: &str| words.iter().position(|w| *w == name).map(|i| i + 1);
                let nodes = words.get(at("nodes")?)?.parse().ok()?;
                let pv = words.get(at("score")? - 1..)?.join(" ");
                Some((nodes, pv))
            })
            .collect();
        let last = out.lines().last().unwrap_or_default().to_owned();
        (infos, last)
    };
    let (infos, last) = run();
    assert!(last.starts_with("move "), "{last}");
    assert!(infos.len() >= 2, "{infos:?}");
    assert!(infos.iter().all(|(nodes, _)| *nodes <= 3000), "{infos:?}");
    assert_eq!(
        run(),
        (infos, last),
        "the same nodes, scores, lines and move"
    );
}

/// `kifu engine shogun` running, its input, and its lines as they come.
fn searching_shogun_engine() -> (
    std::process::Child,
    std::process::ChildStdin,
    std::sync::mpsc::Receiver<String>,
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["engine", "shogun"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdin = child.stdin.take().unwrap_or_else(|| panic!("stdin"));
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("stdout"));
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)) {
            if sender.send(line.unwrap_or_default()).is_err() {
                return;
            }
        }
    });
    (child, stdin, lines)
}

#[test]
fn each_depth_is_told_while_the_search_goes_on_and_stop_ends_it() {
    // Depth 64 in shogun would not end in a lifetime: the info lines come
    // while it searches, and the move only after `stop`.
    let (mut child, mut stdin, lines) = searching_shogun_engine();
    let next = || {
        lines
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|e| panic!("no line within 30 s: {e}"))
    };
    stdin
        .write_all(b"position\ngo depth 64 movetime 600000\n")
        .unwrap_or_else(|e| panic!("{e}"));
    stdin.flush().unwrap_or_else(|e| panic!("{e}"));
    let first = next();
    assert!(first.starts_with("info depth 1 nodes "), "{first}");
    writeln!(stdin, "stop").unwrap_or_else(|e| panic!("{e}"));
    let last = loop {
        let line = next();
        if !line.starts_with("info depth ") {
            break line;
        }
    };
    let mut game = start(GameKind::from_name("shogun").unwrap_or_else(|| panic!("shogun")));
    let mv = last
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("{last}"));
    game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    writeln!(stdin, "quit").unwrap_or_else(|e| panic!("{e}"));
    let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status.code(), Some(0));
}

#[test]
fn a_stop_right_after_go_stops_that_go_however_late_its_search_begins() {
    // The engine is still replaying 2,001 plies when the stop arrives (a
    // position with no quick forced result): the stop must still end the
    // search that the go begins, which would otherwise take 10 minutes.
    let kind = GameKind::from_name("shogun").unwrap_or_else(|| panic!("shogun"));
    let (moves, _) = opening(kind, 2001);
    let (mut child, mut stdin, lines) = searching_shogun_engine();
    let script = format!(
        "position moves {}\ngo depth 64 movetime 600000\nstop\n",
        moves.join(" ")
    );
    stdin
        .write_all(script.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    stdin.flush().unwrap_or_else(|e| panic!("{e}"));
    let answered = loop {
        match lines.recv_timeout(Duration::from_secs(30)) {
            Ok(line) if line.starts_with("info ") => continue,
            other => break other,
        }
    };
    let _ = child.kill();
    let _ = child.wait();
    let line = answered.unwrap_or_else(|e| panic!("no move within 30 s of stop: {e}"));
    assert!(line.starts_with("move "), "{line}");
}

#[test]
fn a_pipelined_go_stop_go_stops_the_first_go_and_plays_the_second() {
    // Written at once: the second go must not undo the stop of the first
    // (whose search would take 10 minutes), nor the stop end the second.
    let (mut child, mut stdin, lines) = searching_shogun_engine();
    stdin
        .write_all(b"position\ngo depth 64 movetime 600000\nstop\ngo depth 1\n")
        .unwrap_or_else(|e| panic!("{e}"));
    stdin.flush().unwrap_or_else(|e| panic!("{e}"));
    let mut answers = Vec::new();
    while answers.len() < 2 {
        match lines.recv_timeout(Duration::from_secs(30)) {
            Ok(line) if line.starts_with("info ") => continue,
            Ok(line) => answers.push(line),
            Err(e) => panic!("{} answers within 30 s: {e}", answers.len()),
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        answers.iter().all(|a| a.starts_with("move ")),
        "{answers:?}"
    );
}

/// The lines of a `.nf` block of a man page section, their escapes read.
fn man_block(section: &str, after: &str) -> Vec<String> {
    let from = section
        .find(after)
        .unwrap_or_else(|| panic!("no {after:?} in {section}"));
    let block = section[from..]
        .split_once(".nf\n")
        .and_then(|(_, rest)| rest.split_once("\n.fi"))
        .map_or_else(|| panic!("no block after {after:?}"), |(block, _)| block);
    block.lines().map(|l| l.replace("\\-", "-")).collect()
}

/// The manual's EXAMPLE is what `kifu engine` answers: its name, version,
/// author and options, then its search (the times aside).
#[test]
fn the_manual_s_example_is_what_the_engine_answers() {
    let example = man_block(
        &crate::support::man::section("kifu-engine.7", "EXAMPLE"),
        "",
    );
    let said: String = (example.iter())
        .filter_map(|l| l.strip_prefix("> "))
        .map(|l| format!("{l}\n"))
        .collect();
    let answered: Vec<&str> = (example.iter())
        .filter_map(|l| l.strip_prefix("< "))
        .collect();
    let (out, err, status) = kifu(&["engine"], said.as_bytes());
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    let untimed = |line: &str| -> String {
        let mut words: Vec<&str> = line.split(' ').collect();
        if let Some(at) = words.iter().position(|w| *w == "time") {
            words[at + 1] = "T";
        }
        words.join(" ")
    };
    let got: Vec<String> = out.lines().map(untimed).collect();
    let expected: Vec<String> = answered.iter().map(|l| untimed(l)).collect();
    assert_eq!(got, expected);
}

/// The manual's record for `kifu moves -` gives the legal moves after
/// the moves of a `position`, as the engine's referee sees them.
#[test]
fn the_manual_s_legal_moves_record_is_read_by_kifu_moves() {
    let section = crate::support::man::section("kifu-engine.7", "THE LEGAL MOVES");
    let record = man_block(&section, "From any language").join("\n") + "\n";
    assert!(record.contains("\n\na1-a4@a3 f6-e5\n"), "{record}");
    let (out, err, status) = kifu(&["moves", "-"], record.as_bytes());
    assert_eq!((err.as_str(), status), ("", Some(0)));
    let numbered = "[Game \"mana\"]\n[Setup \"c1 f6\"]\n\n1. a1-a4@a3 f6-e5 *\n";
    let (expected, _, _) = kifu(&["moves", "-"], numbered.as_bytes());
    assert_eq!(out, expected);
    assert!(out.starts_with("e1-c2\ne1-d3\n"), "{out}");
}

#[test]
fn a_win_the_table_holds_is_searched_again_until_the_depth_covers_it() {
    // A game of session 37's goal match: from ply 37 Black wins by force
    // while White can only pass, so Black's positions recur. Searched in
    // one session, the table came to hold each of two such positions as
    // a win through the other, and at ply 41 the engine stopped at depth
    // 2 on a win in 9 leading back (f4-e4) where one in 5 stands (e3-c4:
    // `kifu solve` proves it). It now deepens until the depth covers the
    // win it found.
    let plies: Vec<&str> = "b2-a4 c6-c4 c2-d2 d6-c6 a4-b3 c4-c5 d2-f1 f5-e4 a2-a3 c6-a6 e2-f2 -- b3-c3 e5-f3 -- e4-e5 c3-d3 -- a3-c3 c5-d5 -- f3-e3 a1-a4 -- f1-d1 d5-c5 c3-e2 b5-b4 -- e6-d6 -- c5-c2 d1-c1 -- c1-e1 b4-e4 e2-d2 e5-f3 -- e4-f4 --"
        .split(' ')
        .collect();
    let mut script =
        "kep 1\nnewgame escampe\ntag Position \"2ppp1/1p2pu/6/6/PPU1P1/PP4 w -\"\n".to_owned();
    for n in [37, 39, 41] {
        script += &format!("position moves {}\ngo depth 8\n", plies[..n].join(" "));
    }
    let (out, err, status) = kifu(&["engine"], script.as_bytes());
    assert_eq!((err.as_str(), status), ("", Some(0)), "{out}");
    let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves, ["move e5-c4", "move e4-e5", "move e3-c4"], "{out}");
    let last = out.lines().rfind(|l| l.starts_with("info depth"));
    let last = last.unwrap_or_default();
    assert!(last.starts_with("info depth 5 "), "{last}");
    assert!(
        last.contains(" score win 5 pv e3-c4 -- f4-e2 -- e2xe1"),
        "{last}"
    );
}
