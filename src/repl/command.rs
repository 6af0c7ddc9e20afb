//! The `:commands` of the REPL: their names, descriptions and parser.

use crate::front::args::COMMANDS;
use crate::record::MAX_TAG_VALUE_BYTES;
use crate::referee::{LineName, LineNameError};
use std::fmt;
use std::path::{Path, PathBuf};
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
    /// `:hint`: the engine's move here, and its score.
    Hint,
    /// `:undo`: take back the last line of moves.
    Undo,
    /// `:redo`: play again the line last taken back.
    Redo,
    /// `:new`: start the game again from its setup.
    New,
    /// `:new!`: the same, discarding unsaved moves.
    NewForced,
    /// `:load FILE`: continue the first record of a file.
    Load(PathBuf),
    /// `:load! FILE`: the same, discarding unsaved moves.
    LoadForced(PathBuf),
    /// `:save [FILE]`: write the game as a record, atomically; by default
    /// to the file loaded or last saved.
    Save(Option<PathBuf>),
    /// `:save! [FILE]`: the same, over any existing or read-only file.
    SaveForced(Option<PathBuf>),
    /// `:json`: print the game as `kifu json` would.
    Json,
    /// `:tags`: print the tags of the game.
    Tags,
    /// `:tag NAME VALUE`: set a tag of the record.
    Tag(String, String),
    /// `:variations`: list the variations, by name.
    Variations,
    /// `:promote LINE`: make a variation the main line.
    Promote(LineName),
    /// `:quit`: leave.
    Quit,
    /// `:quit!`: leave, discarding unsaved moves.
    QuitForced,
}

/// Why a `:` line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum CommandError {
    /// A command that loads a file, without one.
    #[error("{0} needs a file name")]
    NoFile(String),
    /// A command without arguments, with one.
    #[error("{0} takes no argument")]
    Argument(String),
    /// `:promote` alone.
    #[error(":promote needs a line, like 2 or 2.1 (:variations lists them)")]
    NoLine,
    /// `:promote` of something that names no line.
    #[error(":promote: {0}")]
    Line(LineNameError),
    /// No such command.
    #[error("unknown command {0} (:help lists the commands)")]
    Unknown(String),
    /// `:tag` without a name and a value.
    #[error(":tag needs a name and a value, like :tag Event Club night")]
    NoTag,
    /// A command's name typed without its colon, where a move was read.
    #[error("\"{0}\" is not a move: did you mean :{0}?")]
    NoColon(String),
}

/// Why `:tag` does not set a tag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum TagRefused {
    /// Not a tag name.
    #[error(":tag {0}: a tag name is a letter, then letters, digits or _")]
    Name(String),
    /// A tag that sets up the game, which has begun.
    #[error(
        ":tag {0}: the tag sets up the game, so it is given when the game starts (kifu play --help)"
    )]
    Setup(String),
    /// The result, which is the game's.
    #[error(":tag Result: the result is the game's, and :save writes it")]
    Result,
    /// A value over the record's limit.
    #[error(":tag {0}: a tag value is at most {MAX_TAG_VALUE_BYTES} bytes")]
    Long(String),
}

impl CommandError {
    /// A line of moves whose first word is a command's name without its
    /// colon (`help`, `quit!`): what the user meant.
    pub(crate) fn without_colon(line: &str) -> Option<Self> {
        let word = line.split_whitespace().next()?;
        let named = COMMANDS
            .iter()
            .any(|c| c.name.strip_prefix(':') == Some(word));
        named.then(|| Self::NoColon(word.to_owned()))
    }
}

impl FromStr for Command {
    type Err = CommandError;

    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let line = line.trim();
        let (name, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(name, rest)| (name, rest.trim()));
        let file = || (!rest.is_empty()).then(|| PathBuf::from(rest));
        let needs_file = |make: fn(PathBuf) -> Command| {
            if rest.is_empty() {
                Err(CommandError::NoFile(name.to_owned()))
            } else {
                Ok(make(PathBuf::from(rest)))
            }
        };
        let bare = |command: Command| {
            if rest.is_empty() {
                Ok(command)
            } else {
                Err(CommandError::Argument(name.to_owned()))
            }
        };
        match name {
            ":help" => bare(Command::Help),
            ":board" => bare(Command::Board),
            ":moves" => bare(Command::Moves),
            ":hint" => bare(Command::Hint),
            ":undo" => bare(Command::Undo),
            ":redo" => bare(Command::Redo),
            ":new" => bare(Command::New),
            ":new!" => bare(Command::NewForced),
            ":load" => needs_file(Command::Load),
            ":load!" => needs_file(Command::LoadForced),
            ":save" => Ok(Command::Save(file())),
            ":save!" => Ok(Command::SaveForced(file())),
            ":json" => bare(Command::Json),
            ":tags" => bare(Command::Tags),
            ":tag" => match rest.split_once(char::is_whitespace) {
                Some((tag, value)) => Ok(Command::Tag(tag.to_owned(), value.trim().to_owned())),
                None => Err(CommandError::NoTag),
            },
            ":variations" => bare(Command::Variations),
            ":promote" if rest.is_empty() => Err(CommandError::NoLine),
            ":promote" => rest
                .parse()
                .map(Command::Promote)
                .map_err(CommandError::Line),
            ":quit" => bare(Command::Quit),
            ":quit!" => bare(Command::QuitForced),
            _ => Err(CommandError::Unknown(name.to_owned())),
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
            Command::Hint => f.write_str(":hint"),
            Command::Undo => f.write_str(":undo"),
            Command::Redo => f.write_str(":redo"),
            Command::New => f.write_str(":new"),
            Command::NewForced => f.write_str(":new!"),
            Command::Load(path) => write!(f, ":load {}", path.display()),
            Command::LoadForced(path) => write!(f, ":load! {}", path.display()),
            Command::Save(path) => write_file(f, ":save", path.as_deref()),
            Command::SaveForced(path) => write_file(f, ":save!", path.as_deref()),
            Command::Json => f.write_str(":json"),
            Command::Tags => f.write_str(":tags"),
            Command::Tag(name, value) => write!(f, ":tag {name} {value}"),
            Command::Variations => f.write_str(":variations"),
            Command::Promote(line) => write!(f, ":promote {line}"),
            Command::Quit => f.write_str(":quit"),
            Command::QuitForced => f.write_str(":quit!"),
        }
    }
}

/// `:save` with its file, if any.
fn write_file(f: &mut fmt::Formatter<'_>, name: &str, path: Option<&Path>) -> fmt::Result {
    match path {
        Some(path) => write!(f, "{name} {}", path.display()),
        None => f.write_str(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command of `line`, or its error in words.
    fn parse(line: &str) -> Result<Command, String> {
        line.parse::<Command>().map_err(|e| e.to_string())
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
            Ok(Command::Save(Some(PathBuf::from("my game.kifu"))))
        );
        assert_eq!(
            parse(":load\tx.kifu"),
            Ok(Command::Load(PathBuf::from("x.kifu")))
        );
    }

    #[test]
    fn bad_commands_say_why() {
        assert_eq!(parse(":save"), Ok(Command::Save(None)));
        assert_eq!(parse(":save!  "), Ok(Command::SaveForced(None)));
        assert_eq!(parse(":load!"), Err(":load! needs a file name".into()));
        assert_eq!(parse(":quit! now"), Err(":quit! takes no argument".into()));
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
