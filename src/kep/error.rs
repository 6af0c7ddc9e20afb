//! Why a line is not a message of the protocol, with a stable code.

use super::MAX_LINE_BYTES;

/// The first word of a line: which message it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keyword {
    /// `kep`
    Kep,
    /// `setoption`
    SetOption,
    /// `isready`
    IsReady,
    /// `newgame`
    NewGame,
    /// `tag`
    Tag,
    /// `position`
    Position,
    /// `go`
    Go,
    /// `stop`
    Stop,
    /// `quit`
    Quit,
    /// `id`
    Id,
    /// `option`
    Option,
    /// `kepok`
    KepOk,
    /// `readyok`
    ReadyOk,
    /// `info`
    Info,
    /// `move`
    Move,
}

impl Keyword {
    /// The commands, referee to engine.
    pub const COMMANDS: &'static [Keyword] = &[
        Keyword::Kep,
        Keyword::SetOption,
        Keyword::IsReady,
        Keyword::NewGame,
        Keyword::Tag,
        Keyword::Position,
        Keyword::Go,
        Keyword::Stop,
        Keyword::Quit,
    ];

    /// The answers, engine to referee.
    pub const ANSWERS: &'static [Keyword] = &[
        Keyword::Id,
        Keyword::Option,
        Keyword::KepOk,
        Keyword::ReadyOk,
        Keyword::Info,
        Keyword::Move,
    ];

    /// The word as written.
    pub fn word(self) -> &'static str {
        self.names().0
    }

    /// The code of a malformed line of this kind (`engine.bad-go`).
    pub fn code(self) -> &'static str {
        self.names().1
    }

    /// The word and the code.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Keyword::Kep => ("kep", "engine.bad-kep"),
            Keyword::SetOption => ("setoption", "engine.bad-setoption"),
            Keyword::IsReady => ("isready", "engine.bad-isready"),
            Keyword::NewGame => ("newgame", "engine.bad-newgame"),
            Keyword::Tag => ("tag", "engine.bad-tag"),
            Keyword::Position => ("position", "engine.bad-position"),
            Keyword::Go => ("go", "engine.bad-go"),
            Keyword::Stop => ("stop", "engine.bad-stop"),
            Keyword::Quit => ("quit", "engine.bad-quit"),
            Keyword::Id => ("id", "engine.bad-id"),
            Keyword::Option => ("option", "engine.bad-option"),
            Keyword::KepOk => ("kepok", "engine.bad-kepok"),
            Keyword::ReadyOk => ("readyok", "engine.bad-readyok"),
            Keyword::Info => ("info", "engine.bad-info"),
            Keyword::Move => ("move", "engine.bad-move"),
        }
    }

    /// The keyword of `word` among `among`.
    pub(crate) fn find(among: &[Keyword], word: &str) -> Option<Keyword> {
        among.iter().copied().find(|k| k.word() == word)
    }
}

/// The code of every [`ProtocolError`]: `kifu-engine(7)` lists each one.
pub const CODES: &[&str] = &[
    "engine.line-too-long",
    "engine.not-utf8",
    "engine.empty-line",
    "engine.unknown-command",
    "engine.bad-kep",
    "engine.bad-setoption",
    "engine.bad-isready",
    "engine.bad-newgame",
    "engine.bad-tag",
    "engine.bad-position",
    "engine.bad-go",
    "engine.bad-stop",
    "engine.bad-quit",
    "engine.bad-id",
    "engine.bad-option",
    "engine.bad-kepok",
    "engine.bad-readyok",
    "engine.bad-info",
    "engine.bad-move",
];

/// Why a line is not a message of the protocol.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error("the line is longer than the limit of {MAX_LINE_BYTES} bytes")]
    LineTooLong,
    /// A line that is not UTF-8.
    #[error("the line is not UTF-8")]
    NotUtf8,
    /// A command line with no word.
    #[error("the line is empty")]
    EmptyLine,
    /// A command line whose first word is no command.
    #[error("unknown command {0:?}")]
    UnknownCommand(String),
    /// A line of a known kind, written wrong.
    #[error("{}: {reason}", .keyword.word())]
    Malformed {
        /// The kind of line.
        keyword: Keyword,
        /// What is wrong, in words.
        reason: String,
    },
}

impl ProtocolError {
    /// The stable code (`engine.bad-info`), one of [`CODES`].
    pub fn code(&self) -> &'static str {
        match self {
            ProtocolError::LineTooLong => "engine.line-too-long",
            ProtocolError::NotUtf8 => "engine.not-utf8",
            ProtocolError::EmptyLine => "engine.empty-line",
            ProtocolError::UnknownCommand(_) => "engine.unknown-command",
            ProtocolError::Malformed { keyword, .. } => keyword.code(),
        }
    }
}
