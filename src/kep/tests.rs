//! Round trips and exact messages of the protocol's lines.

use super::*;
use crate::game::GameKind;

fn s(text: &str) -> String {
    text.to_owned()
}

/// One of every command, with values that need quotes and some that do not.
fn commands() -> Vec<Command> {
    let mut all = vec![
        Command::Kep(1),
        Command::Kep(u32::MAX),
        Command::SetOption {
            name: s("Depth"),
            value: s("4"),
        },
        Command::SetOption {
            name: s("Book"),
            value: s("my book.kifu"),
        },
        Command::IsReady,
        Command::Tag {
            name: s("Setup"),
            value: s("c1 f6"),
        },
        Command::Tag {
            name: s("Event"),
            value: s("say \"hi\" \\ bye"),
        },
        Command::Tag {
            name: s("Round"),
            value: s(""),
        },
        Command::Tag {
            name: s("Round"),
            value: s("3"),
        },
        Command::Position { moves: vec![] },
        Command::Position {
            moves: vec![s("a1-a4@a3"), s("f6-e5")],
        },
        Command::Go(GoLimits::default()),
        Command::Go(GoLimits {
            time: Some(60000),
            inc: Some(1000),
            movetime: Some(500),
            depth: Some(6),
            nodes: Some(u64::MAX),
            searchmoves: vec![],
        }),
        Command::Go(GoLimits {
            movetime: Some(300),
            searchmoves: vec![s("r0"), s("g3[W<>oY]"), s("o7")],
            ..GoLimits::default()
        }),
        Command::Stop,
        Command::Quit,
    ];
    all.extend(GameKind::ALL.iter().map(|&kind| Command::NewGame(kind)));
    all
}

/// One of every answer.
fn answers() -> Vec<Answer> {
    vec![
        Answer::Id {
            key: IdKey::Name,
            value: s("kifu-engine 0.2"),
        },
        Answer::Id {
            key: IdKey::Author,
            value: s("A. N. Author"),
        },
        Answer::Option {
            name: s("Depth"),
            default: s("0"),
        },
        Answer::Option {
            name: s("Book"),
            default: s(""),
        },
        Answer::KepOk,
        Answer::ReadyOk,
        Answer::Info(Info::default()),
        Answer::Info(Info {
            depth: Some(6),
            nodes: Some(48211),
            time: Some(12),
            score: Some(Score::Cp(-35)),
            pv: vec![s("b1-b3"), s("e5-e3")],
            string: Some(s("a  long  thought")),
        }),
        Answer::Info(Info {
            score: Some(Score::Win(3)),
            ..Info::default()
        }),
        Answer::Info(Info {
            score: Some(Score::Loss(4)),
            string: Some(s("")),
            ..Info::default()
        }),
        Answer::Move(vec![s("b1-b3@b4")]),
        Answer::Move(vec![s("r0"), s("g3[W<>oY]"), s("o7")]),
        Answer::Resign,
        Answer::Unknown(s("readyokay")),
        Answer::Unknown(s("")),
    ]
}

#[test]
fn every_command_reads_back_as_written() {
    for command in commands() {
        let line = command.to_string();
        assert_eq!(Command::read(&line), Ok(command), "{line}");
        assert_eq!(
            Command::read(&format!("{line}\r")).map(|c| c.to_string()),
            Ok(line)
        );
    }
}

#[test]
fn every_answer_reads_back_as_written() {
    for answer in answers() {
        let line = answer.to_string();
        assert_eq!(Answer::read(&line), Ok(answer), "{line}");
    }
}

#[test]
fn lines_are_written_exactly() {
    let lines: Vec<String> = commands().iter().take(9).map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "kep 1",
            "kep 4294967295",
            "setoption Depth 4",
            "setoption Book \"my book.kifu\"",
            "isready",
            "tag Setup \"c1 f6\"",
            "tag Event \"say \\\"hi\\\" \\\\ bye\"",
            "tag Round \"\"",
            "tag Round 3",
        ]
    );
    assert_eq!(
        answers()[7].to_string(),
        "info depth 6 nodes 48211 time 12 score cp -35 pv b1-b3 e5-e3 string a  long  thought"
    );
}

#[test]
fn the_example_session_reads() {
    assert_eq!(
        Command::read("go time 60000 inc 1000"),
        Ok(Command::Go(GoLimits {
            time: Some(60000),
            inc: Some(1000),
            ..GoLimits::default()
        }))
    );
    assert_eq!(
        Answer::read("info depth 6 nodes 48211 score cp 35 pv b1-b3 e5-e3"),
        Ok(Answer::Info(Info {
            depth: Some(6),
            nodes: Some(48211),
            score: Some(Score::Cp(35)),
            pv: vec![s("b1-b3"), s("e5-e3")],
            ..Info::default()
        }))
    );
    assert_eq!(
        Command::read("  go\tdepth 3   nodes 9 \r"),
        Ok(Command::Go(GoLimits {
            depth: Some(3),
            nodes: Some(9),
            ..GoLimits::default()
        }))
    );
}

#[test]
fn a_line_past_the_limit_is_an_error() {
    let long = format!("info string {}", "x".repeat(MAX_LINE_BYTES));
    assert_eq!(Answer::read(&long), Err(ProtocolError::LineTooLong));
    assert_eq!(Command::read(&long), Err(ProtocolError::LineTooLong));
    assert_eq!(
        ProtocolError::LineTooLong.to_string(),
        "the line is longer than the limit of 65536 bytes"
    );
    let input = format!("{long}\nisready\n\u{ff}x");
    let mut lines = LineReader::new(input.as_bytes());
    assert_eq!(
        lines.next_line().ok(),
        Some(Some(Err(ProtocolError::LineTooLong)))
    );
    assert_eq!(lines.next_line().ok(), Some(Some(Ok(s("isready")))));
    assert_eq!(lines.next_line().ok(), Some(Some(Ok(s("\u{ff}x")))));
    assert_eq!(lines.next_line().ok(), Some(None));
    let mut lines = LineReader::new(&b"\xff\n"[..]);
    assert_eq!(
        lines.next_line().ok(),
        Some(Some(Err(ProtocolError::NotUtf8)))
    );
}

#[test]
fn unknown_answers_are_kept_whole() {
    assert_eq!(
        Answer::read("  bestmove e2e4\r"),
        Ok(Answer::Unknown(s("  bestmove e2e4")))
    );
}

#[test]
fn every_code_is_listed_and_documented() {
    let page = include_str!("../../man/kifu-engine.7");
    for keyword in Keyword::COMMANDS.iter().chain(Keyword::ANSWERS) {
        assert!(CODES.contains(&keyword.code()), "{keyword:?}");
    }
    for code in CODES.iter().chain(super::FAILURE_CODES) {
        assert!(
            page.contains(&code.replace('-', "\\-")),
            "{code} is not in kifu-engine.7"
        );
    }
}

#[test]
fn blanks_and_carriage_returns_at_the_end_are_one_ending() {
    // Found by the fuzzer: the `\r` before a tab was read as a move.
    assert_eq!(
        Answer::read("move\t\r\t"),
        Answer::read("move"),
        "a move that is only blanks"
    );
    assert_eq!(
        Command::read("isready \r\t\r").map(|c| c.to_string()),
        Ok("isready".to_owned())
    );
}
