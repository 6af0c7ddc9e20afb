//! The terminal session, driven by scripted answers in place of rustyline:
//! the questions the unsaved-work guard asks, and what each answer does.

use super::*;
use crate::draw::Charset;
use crate::game::GameKind;
use std::collections::VecDeque;

/// Lines as a terminal would give them, and the prompts asked.
struct Typed {
    lines: VecDeque<Read>,
    prompts: Vec<String>,
}

impl Lines for Typed {
    fn read(&mut self, prompt: &str) -> Result<Read, rustyline::error::ReadlineError> {
        self.prompts.push(prompt.to_owned());
        Ok(self.lines.pop_front().unwrap_or(Read::Eof))
    }
}

fn line(text: &str) -> Read {
    Read::Line(text.to_owned())
}

/// Runs a mana session over `typed`: the status, the prompts (questions
/// among them), the transcript and the refusals.
fn converse_with(typed: Vec<Read>) -> (Status, Vec<String>, String, String) {
    let started = Session::start(GameKind::Mana, &[], Charset::Ascii);
    let Ok(mut session) = started else {
        panic!("{started:?}");
    };
    let mut typed = Typed {
        lines: typed.into(),
        prompts: Vec::new(),
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut io = Outputs {
        out: &mut out,
        err: &mut err,
        terminal: true,
    };
    let status = converse(&mut session, &mut typed, &mut io);
    let Ok(status) = status else {
        panic!("{status:?}");
    };
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (status, typed.prompts, text(out), text(err))
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kifu-terminal-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(std::fs::create_dir_all(&dir).is_ok());
    dir
}

const PROMPT: &str = "kifu mana> ";

#[test]
fn quit_new_and_ctrl_d_ask_before_losing_moves() {
    let typed = vec![
        line("e1-e4"),
        line(":quit"),
        line("n"),
        line(":new"),
        line(""),
        Read::Eof,
        line("no"),
        line(":quit"),
        line("Y"),
        line("never read"),
    ];
    let (status, prompts, out, err) = converse_with(typed);
    assert_eq!(status, Status::Ok);
    assert_eq!(
        prompts,
        [
            PROMPT,
            PROMPT,
            "Quit and lose 1 unsaved move? [y/N] ",
            PROMPT,
            "Start a new game and lose 1 unsaved move? [y/N] ",
            PROMPT,
            "Quit and lose 1 unsaved move? [y/N] ",
            PROMPT,
            "Quit and lose 1 unsaved move? [y/N] ",
        ]
    );
    assert_eq!(
        out.matches("Nothing done: the game is as it was\n").count(),
        3,
        "{out}"
    );
    assert_eq!(err, "");
}

#[test]
fn a_second_ctrl_d_leaves_and_no_moves_need_no_question() {
    let (status, prompts, _, _) = converse_with(vec![line("e1-e4"), Read::Eof, Read::Eof]);
    assert_eq!(status, Status::Ok);
    assert_eq!(
        prompts,
        [PROMPT, PROMPT, "Quit and lose 1 unsaved move? [y/N] "]
    );
    // Nothing played: Ctrl-D and :quit leave at once.
    let (_, prompts, _, _) = converse_with(vec![Read::Eof]);
    assert_eq!(prompts, [PROMPT]);
    let (_, prompts, _, _) = converse_with(vec![line(":quit")]);
    assert_eq!(prompts, [PROMPT]);
    // Played and taken back is the game as it started: nothing to lose.
    let typed = vec![line("e1-e4"), line(":undo"), line(":quit")];
    let (_, prompts, _, _) = converse_with(typed);
    assert_eq!(prompts, [PROMPT, PROMPT, PROMPT]);
}

#[test]
fn load_and_save_over_another_file_ask_first() {
    let dir = scratch("files");
    let other = dir.join("other.kifu");
    let keep = "[Game \"mana\"]\n\n1. b1-a2 *\n";
    assert!(std::fs::write(&other, keep).is_ok());
    let other = other.display().to_string();
    let typed = vec![
        line("e1-e4"),
        line(&format!(":save {other}")),
        line("n"),
        line(&format!(":load {other}")),
        line("y"),
        line("e6-e5"),
        // The file loaded is the game's: saved without a question.
        line(":save"),
        line(":quit"),
    ];
    let (status, prompts, out, err) = converse_with(typed);
    assert_eq!(status, Status::Ok, "{out}{err}");
    assert_eq!(
        prompts,
        [
            PROMPT.to_owned(),
            PROMPT.to_owned(),
            format!(
                "Replace {other}? This game was neither loaded from it nor saved to it. [y/N] "
            ),
            PROMPT.to_owned(),
            format!("Load {other} and lose 1 unsaved move? [y/N] "),
            PROMPT.to_owned(),
            PROMPT.to_owned(),
            PROMPT.to_owned(),
        ]
    );
    assert!(out.contains(&format!("Loaded {other}: 1 ply\n")), "{out}");
    assert!(out.contains(&format!("Saved {other} (2 plies)\n")), "{out}");
    assert_eq!(
        std::fs::read_to_string(&other).ok().as_deref(),
        Some("[Game \"mana\"]\n\n1. b1-a2 e6-e5 *\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
