//! The `:commands` of the REPL: their names, descriptions and parser.

use crate::referee::LineName;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// One REPL command. Every command starts with `:`, so it is never a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Command {
    /// `:help`: list the commands.
    Help,
    /// `:board`: draw the board and say whose turn it is.
    Board,
    /// `:moves`: list the legal moves.
    Moves,
    /// `:undo`: take back the last line of moves.
    Undo,
    /// `:redo`: play again the line last taken back.
    Redo,
    /// `:new`: start the game again from its setup.
    New,
    /// `:load FILE`: continue the first record of a file.
    Load(PathBuf),
    /// `:save FILE`: write the game as a record, atomically.
    Save(PathBuf),
    /// `:save! FILE`: the same, over a read-only file too.
    SaveForced(PathBuf),
    /// `:json`: print the game as `kifu json` would.
    Json,
    /// `:tags`: print the tags of the game.
    Tags,
    /// `:variations`: list the variations, by name.
    Variations,
    /// `:promote LINE`: make a variation the main line.
    Promote(LineName),
    /// `:quit`: leave.
    Quit,
}

/// A command's name, its argument (if any) and what it does, for `:help`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CommandInfo {
    /// The name with its colon: `:save`.
    pub name: &'static str,
    /// The argument's placeholder, if the command takes one.
    pub argument: Option<&'static str>,
    /// What the command does.
    pub description: &'static str,
}

/// Every command, in the order `:help` lists them.
pub(crate) const COMMANDS: &[CommandInfo] = &[
    info(":help", None, "list the commands"),
    info(":board", None, "draw the board and say whose turn it is"),
    info(":moves", None, "list the legal moves"),
    info(":undo", None, "take back the last line of moves"),
    info(":redo", None, "play again the line last taken back"),
    info(":new", None, "start again from the setup"),
    info(":load", Some("FILE"), "continue the first record of FILE"),
    info(":save", Some("FILE"), "write the game to FILE as a record"),
    info(
        ":save!",
        Some("FILE"),
        "the same, over a read-only FILE too",
    ),
    info(":json", None, "print the game as `kifu json` would"),
    info(":tags", None, "print the tags of the game"),
    info(
        ":variations",
        None,
        "list the variations (a move played after :undo keeps the line it replaces as one)",
    ),
    info(
        ":promote",
        Some("LINE"),
        "make variation LINE (2, 2.1...) the main line, played to its end",
    ),
    info(":quit", None, "leave (Ctrl-D too)"),
];

const fn info(
    name: &'static str,
    argument: Option<&'static str>,
    description: &'static str,
) -> CommandInfo {
    CommandInfo {
        name,
        argument,
        description,
    }
}

/// Why a `:` line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct CommandError(pub String);

impl FromStr for Command {
    type Err = CommandError;

    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let line = line.trim();
        let (name, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(name, rest)| (name, rest.trim()));
        let needs_file = |make: fn(PathBuf) -> Command| {
            if rest.is_empty() {
                Err(CommandError(format!("{name} needs a file name")))
            } else {
                Ok(make(PathBuf::from(rest)))
            }
        };
        let bare = |command: Command| {
            if rest.is_empty() {
                Ok(command)
            } else {
                Err(CommandError(format!("{name} takes no argument")))
            }
        };
        match name {
            ":help" => bare(Command::Help),
            ":board" => bare(Command::Board),
            ":moves" => bare(Command::Moves),
            ":undo" => bare(Command::Undo),
            ":redo" => bare(Command::Redo),
            ":new" => bare(Command::New),
            ":load" => needs_file(Command::Load),
            ":save" => needs_file(Command::Save),
            ":save!" => needs_file(Command::SaveForced),
            ":json" => bare(Command::Json),
            ":tags" => bare(Command::Tags),
            ":variations" => bare(Command::Variations),
            ":promote" if rest.is_empty() => Err(CommandError(
                ":promote needs a line, like 2 or 2.1 (:variations lists them)".into(),
            )),
            ":promote" => rest
                .parse()
                .map(Command::Promote)
                .map_err(|e| CommandError(format!(":promote: {e}"))),
            ":quit" => bare(Command::Quit),
            _ => Err(CommandError(format!(
                "unknown command {name} (:help lists the commands)"
            ))),
        }
    }
}

/// The text `:help` prints: one line per command.
pub(crate) fn help() -> String {
    let shown: Vec<String> = COMMANDS
        .iter()
        .map(|c| match c.argument {
            Some(arg) => format!("{} {arg}", c.name),
            None => c.name.to_owned(),
        })
        .collect();
    let width = shown.iter().map(String::len).max().unwrap_or(0);
    let mut text = String::from("Type a move to play it, or a command:\n");
    for (shown, c) in shown.iter().zip(COMMANDS) {
        text.push_str(&format!("  {shown:width$}  {}\n", c.description));
    }
    text
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Help => f.write_str(":help"),
            Command::Board => f.write_str(":board"),
            Command::Moves => f.write_str(":moves"),
            Command::Undo => f.write_str(":undo"),
            Command::Redo => f.write_str(":redo"),
            Command::New => f.write_str(":new"),
            Command::Load(path) => write!(f, ":load {}", path.display()),
            Command::Save(path) => write!(f, ":save {}", path.display()),
            Command::SaveForced(path) => write!(f, ":save! {}", path.display()),
            Command::Json => f.write_str(":json"),
            Command::Tags => f.write_str(":tags"),
            Command::Variations => f.write_str(":variations"),
            Command::Promote(line) => write!(f, ":promote {line}"),
            Command::Quit => f.write_str(":quit"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Command, String> {
        line.parse::<Command>().map_err(|e| e.0)
    }

    #[test]
    fn every_listed_command_parses() {
        for c in COMMANDS {
            let line = match c.argument {
                Some("LINE") => format!("{} 2.1", c.name),
                Some(_) => format!("{} some file.kifu", c.name),
                None => c.name.to_owned(),
            };
            let command = parse(&line);
            assert!(command.is_ok(), "{line}: {command:?}");
            assert_eq!(command.map(|c| c.to_string()), Ok(line));
        }
    }

    #[test]
    fn file_arguments_keep_their_spaces() {
        assert_eq!(
            parse("  :save   my game.kifu  "),
            Ok(Command::Save(PathBuf::from("my game.kifu")))
        );
        assert_eq!(
            parse(":load\tx.kifu"),
            Ok(Command::Load(PathBuf::from("x.kifu")))
        );
    }

    #[test]
    fn bad_commands_say_why() {
        assert_eq!(parse(":save"), Err(":save needs a file name".into()));
        assert_eq!(parse(":load  "), Err(":load needs a file name".into()));
        assert_eq!(parse(":undo 3"), Err(":undo takes no argument".into()));
        assert_eq!(
            parse(":promote"),
            Err(":promote needs a line, like 2 or 2.1 (:variations lists them)".into())
        );
        assert_eq!(
            parse(":promote 2.x"),
            Err(":promote: \"2.x\" is not a line: a line is named by variation numbers from 1, separated by dots, like 2 or 2.1 (0 is the main line)".into())
        );
        assert_eq!(
            parse(":frobnicate"),
            Err("unknown command :frobnicate (:help lists the commands)".into())
        );
        assert_eq!(
            parse(":"),
            Err("unknown command : (:help lists the commands)".into())
        );
        assert_eq!(
            parse(":Help"),
            Err("unknown command :Help (:help lists the commands)".into())
        );
    }

    #[test]
    fn kifu_1_documents_every_command() {
        let page = include_str!("../../man/kifu.1");
        for c in COMMANDS {
            let name = c.name.replace('-', "\\-");
            assert!(
                [".B", ".BR", ".BI"]
                    .iter()
                    .any(|request| page.contains(&format!("{request} {name}"))),
                "{}",
                c.name
            );
        }
    }

    #[test]
    fn help_lists_every_command() {
        let text = help();
        for c in COMMANDS {
            assert!(text.contains(c.name), "{}", c.name);
        }
    }
}
