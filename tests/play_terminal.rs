//! `kifu play --vs engine` on a real terminal, where the REPL reads lines
//! with its line editor: a whole game, the user's side typed key by key
//! (the first move `:moves` lists), saved, and the record checked; and
//! an escampe placement completed with Tab.

use crate::support::play as support;
use crate::support::terminal;

use std::time::Duration;
use support::{read, scratch, validate};
use terminal::Terminal;

const PROMPT: &str = "kifu mana> ";

/// How long one answer may take: a move of the user's and the engine's
/// reply at 20 ms, in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_secs(10);

/// More plies than a game against the engine lasts.
const MAX_TURNS: usize = 300;

/// The first move `:moves` lists, from its answer.
fn first_move(answer: &str) -> Option<String> {
    let (moves, _) = answer.split_once(" legal move")?;
    moves.split_whitespace().next().map(str::to_owned)
}

#[test]
fn a_whole_game_against_the_engine_on_a_terminal() {
    let dir = scratch("terminal-game");
    let command = format!(
        "{} play mana --vs engine --movetime 20",
        env!("CARGO_BIN_EXE_kifu")
    );
    let mut terminal = Terminal::start(&dir, &command);
    let mut shown = terminal.first(PROMPT, PATIENCE);
    assert!(shown.contains("Move 1: Black to play"), "{shown}");
    let mut turns = 0;
    while !shown.contains("Game over: ") {
        turns += 1;
        if turns > MAX_TURNS {
            terminal.fail(&format!("no end after {MAX_TURNS} moves"));
        }
        let moves = terminal.ask(":moves", PROMPT, PATIENCE);
        let Some(mv) = first_move(&moves) else {
            terminal.fail(&format!(":moves listed none: {moves:?}"));
        };
        shown = terminal.ask(&mv, PROMPT, PATIENCE);
        if !shown.contains("Game over: ") && !shown.contains("The engine plays ") {
            terminal.fail(&format!("{mv}: the engine did not answer"));
        }
    }
    let over = shown
        .lines()
        .find_map(|line| line.strip_prefix("Game over: "))
        .unwrap_or_default();
    let result = over.split(' ').next().unwrap_or_default().to_owned();
    assert!(matches!(result.as_str(), "B+" | "W+"), "{over}");
    let saved = terminal.ask(":save game.kifu", PROMPT, PATIENCE);
    assert!(!saved.contains("error"), "{saved}");
    terminal.type_keys(":quit\r");
    assert_eq!(terminal.exit(PATIENCE), Some(0), "{}", terminal.screen());

    let (verdict, status) = validate(&dir, "game.kifu");
    assert_eq!(status, Some(0), "{verdict}");
    assert!(verdict.contains(&format!(", {over}")), "{over}: {verdict}");
    let record = read(&dir, "game.kifu");
    assert!(record.trim_end().ends_with(&result), "{result}: {record}");
}

#[test]
fn tab_completes_a_placement_on_a_terminal() {
    let dir = scratch("terminal-placement");
    let prompt = "kifu escampe> ";
    let command = format!(
        "{} play escampe --vs engine --movetime 20",
        env!("CARGO_BIN_EXE_kifu")
    );
    let mut terminal = Terminal::start(&dir, &command);
    let shown = terminal.first(prompt, PATIENCE);
    assert!(shown.contains("Black places first: "), "{shown}");
    // After c6, only c5 of the squares open to Black starts with c: Tab
    // writes it.
    terminal.type_keys("c6 c\t");
    let shown = terminal.ask(" a6 b6 d6 e6", prompt, PATIENCE);
    assert!(
        shown.contains(" / c6 c5 a6 b6 d6 e6\"]"),
        "the Setup tag: {shown}"
    );
    assert!(shown.contains("The engine plays "), "{shown}");
    terminal.type_keys(":quit!\r");
    assert_eq!(terminal.exit(PATIENCE), Some(0), "{}", terminal.screen());
}
