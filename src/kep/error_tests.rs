//! The exact message and code of malformed lines.

use super::*;

/// The message and code of the error of `line`, read as a command.
fn command_error(line: &str) -> (String, &'static str) {
    match Command::read(line) {
        Ok(command) => panic!("{line:?} reads as {command:?}"),
        Err(e) => (e.to_string(), e.code()),
    }
}

/// The message and code of the error of `line`, read as an answer.
fn answer_error(line: &str) -> (String, &'static str) {
    match Answer::read(line) {
        Ok(answer) => panic!("{line:?} reads as {answer:?}"),
        Err(e) => (e.to_string(), e.code()),
    }
}

#[test]
fn malformed_commands_say_why() {
    let cases = [
        (
            "go time x",
            "go: time must be a whole number, not x",
            "engine.bad-go",
        ),
        ("go time", "go: time needs a number", "engine.bad-go"),
        ("go time 1 time 2", "go: time given twice", "engine.bad-go"),
        (
            "go time -5",
            "go: time must be a whole number, not -5",
            "engine.bad-go",
        ),
        (
            "go ponder",
            "go: unknown limit ponder (expected time, inc, movetime, depth, nodes or searchmoves)",
            "engine.bad-go",
        ),
        (
            "go movetime 5 searchmoves",
            "go: searchmoves names no move",
            "engine.bad-go",
        ),
        ("kep", "kep: kep needs a number", "engine.bad-kep"),
        (
            "kep 1 2",
            "kep: unexpected words at the end: 2",
            "engine.bad-kep",
        ),
        (
            "isready now",
            "isready: unexpected words at the end: now",
            "engine.bad-isready",
        ),
        (
            "newgame chess",
            "newgame: unknown game chess (expected mana, escampe, shogun or lotus)",
            "engine.bad-newgame",
        ),
        (
            "newgame",
            "newgame: the game (mana, escampe, shogun or lotus) is missing",
            "engine.bad-newgame",
        ),
        (
            "tag Setup c1 f6",
            "tag: unexpected words at the end: f6",
            "engine.bad-tag",
        ),
        (
            "tag Setup \"c1 f6",
            "tag: the value of Setup has no closing quote",
            "engine.bad-tag",
        ),
        (
            "tag Setup \"c1\\q\"",
            "tag: only \\\" and \\\\ are escapes in the value of Setup",
            "engine.bad-tag",
        ),
        (
            "tag 9x 1",
            "tag: 9x is not a tag name (a letter, then letters, digits or _)",
            "engine.bad-tag",
        ),
        (
            "tag Setup",
            "tag: the value of Setup is missing",
            "engine.bad-tag",
        ),
        (
            "position startpos",
            "position: expected moves, not startpos",
            "engine.bad-position",
        ),
        (
            "setoption",
            "setoption: the option name is missing",
            "engine.bad-setoption",
        ),
        (
            "hello",
            "unknown command \"hello\"",
            "engine.unknown-command",
        ),
        ("  ", "the line is empty", "engine.empty-line"),
    ];
    for (line, message, code) in cases {
        assert_eq!(command_error(line), (message.to_owned(), code), "{line}");
    }
}

#[test]
fn malformed_answers_say_why() {
    let cases = [
        (
            "info score cp",
            "info: score cp needs a number",
            "engine.bad-info",
        ),
        (
            "info score cp x",
            "info: score cp must be a whole number, not x",
            "engine.bad-info",
        ),
        (
            "info score",
            "info: score needs cp, win or loss and a number",
            "engine.bad-info",
        ),
        (
            "info score mate 3",
            "info: score must be cp, win or loss, not mate",
            "engine.bad-info",
        ),
        (
            "info depth 1 depth 2",
            "info: depth given twice",
            "engine.bad-info",
        ),
        (
            "info seldepth 4",
            "info: unknown field seldepth (expected depth, nodes, time, score, pv or string)",
            "engine.bad-info",
        ),
        (
            "info score win -1",
            "info: score win must be a whole number, not -1",
            "engine.bad-info",
        ),
        ("move", "move: the move is missing", "engine.bad-move"),
        (
            "move resign now",
            "move: resign stands alone",
            "engine.bad-move",
        ),
        (
            "id",
            "id: the key (name or author) is missing",
            "engine.bad-id",
        ),
        (
            "id version 2",
            "id: expected name or author, not version",
            "engine.bad-id",
        ),
        ("id name", "id: the name is missing", "engine.bad-id"),
        (
            "option Depth",
            "option: the default of Depth is missing",
            "engine.bad-option",
        ),
        (
            "option Depth 0",
            "option: expected default, not 0",
            "engine.bad-option",
        ),
        (
            "option Depth default",
            "option: the default of Depth is missing",
            "engine.bad-option",
        ),
        (
            "kepok 1",
            "kepok: unexpected words at the end: 1",
            "engine.bad-kepok",
        ),
        (
            "readyok x",
            "readyok: unexpected words at the end: x",
            "engine.bad-readyok",
        ),
    ];
    for (line, message, code) in cases {
        assert_eq!(answer_error(line), (message.to_owned(), code), "{line}");
    }
}
