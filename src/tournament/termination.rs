//! How a refereed game ended: the `Termination` tag.

use crate::kep::EngineFailure;

/// How a game of a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// By the rules of the game.
    Normal,
    /// An engine gave no move within its time.
    TimeForfeit,
    /// An engine played a move the rules refuse, or one that does not
    /// parse.
    IllegalMove,
    /// An engine broke the protocol: a line in answer to `go` that is
    /// neither `info` nor `move`, or one of them written wrong.
    ProtocolError,
    /// An engine exited, or could not be started again.
    EngineCrash,
    /// The referee ended the game: unfinished at `--max-plies`, or won
    /// by the side the engines' scores agree on (`--resign`).
    Adjudication,
    /// An engine gave up.
    Resign,
}

impl Termination {
    /// Every termination, in the order of the documentation.
    pub const ALL: [Termination; 7] = [
        Termination::Normal,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::ProtocolError,
        Termination::EngineCrash,
        Termination::Adjudication,
        Termination::Resign,
    ];

    /// The `Termination` tag's value.
    pub fn tag_value(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::ProtocolError => "protocol error",
            Termination::EngineCrash => "engine crash",
            Termination::Adjudication => "adjudication",
            Termination::Resign => "resign",
        }
    }

    /// The termination a tag value names.
    pub fn from_tag(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.tag_value() == value)
    }

    /// The termination an engine's failure during a game gives.
    pub fn of_failure(failure: &EngineFailure) -> Self {
        match failure {
            EngineFailure::TimeOut { .. } => Termination::TimeForfeit,
            EngineFailure::BadLine { .. } => Termination::ProtocolError,
            EngineFailure::CannotStart { .. }
            | EngineFailure::Exited { .. }
            | EngineFailure::UnknownOption { .. } => Termination::EngineCrash,
        }
    }

    /// Whether a player lost by it: every termination but the rules' own
    /// and adjudication.
    pub fn has_loser(self) -> bool {
        !matches!(self, Termination::Normal | Termination::Adjudication)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_read_back() {
        for termination in Termination::ALL {
            assert_eq!(
                Termination::from_tag(termination.tag_value()),
                Some(termination)
            );
        }
        assert_eq!(Termination::from_tag("Normal"), None);
    }
}
