//! Why an engine failed the referee: every way a program can misbehave,
//! each with a stable code and the `Termination` it gives a game.

use std::time::Duration;

/// An engine's failure, as the referee saw it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineFailure {
    /// The program could not be started at all.
    #[error("cannot start {command:?}: {reason}")]
    CannotStart {
        /// The command line.
        command: String,
        /// The system's reason.
        reason: String,
    },
    /// The engine exited (or closed its output) when the referee was
    /// waiting for it or writing to it.
    #[error("the engine exited{}", exit_words(.status))]
    Exited {
        /// How it exited, in words (`exit status 3`, `signal 9`), when known.
        status: Option<String>,
    },
    /// No answer within the time allowed.
    #[error("no {awaited} within {}", seconds(*.allowed))]
    TimeOut {
        /// What the referee waited for: `move`, `kepok`, `readyok`.
        awaited: &'static str,
        /// The time it allowed, the margin included.
        allowed: Duration,
    },
    /// A line in answer to `go` that is neither `info` nor `move`, or a
    /// line of the protocol written wrong.
    #[error("it answered {line:?}: {reason}")]
    BadLine {
        /// The line, shortened.
        line: String,
        /// What is wrong with it.
        reason: String,
    },
    /// `--option` names an option the engine did not declare.
    #[error("it has no option {name:?} (it declares: {declared})")]
    UnknownOption {
        /// The option asked for.
        name: String,
        /// The options it declared, or `none`.
        declared: String,
    },
}

impl EngineFailure {
    /// The stable code (`engine.time-out`), one of [`FAILURE_CODES`].
    pub fn code(&self) -> &'static str {
        match self {
            EngineFailure::CannotStart { .. } => "engine.cannot-start",
            EngineFailure::Exited { .. } => "engine.exited",
            EngineFailure::TimeOut { .. } => "engine.time-out",
            EngineFailure::BadLine { .. } => "engine.bad-line",
            EngineFailure::UnknownOption { .. } => "engine.unknown-option",
        }
    }
}

/// The code of every [`EngineFailure`].
pub const FAILURE_CODES: &[&str] = &[
    "engine.cannot-start",
    "engine.exited",
    "engine.time-out",
    "engine.bad-line",
    "engine.unknown-option",
];

/// ` (exit status 3)`, or nothing.
fn exit_words(status: &Option<String>) -> String {
    status
        .as_ref()
        .map_or_else(String::new, |status| format!(" ({status})"))
}

/// A duration as seconds with two decimals: `1.05s`.
pub fn seconds(duration: Duration) -> String {
    format!("{:.2}s", duration.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_codes() {
        let time = EngineFailure::TimeOut {
            awaited: "move",
            allowed: Duration::from_millis(1050),
        };
        assert_eq!(time.to_string(), "no move within 1.05s");
        assert_eq!(time.code(), "engine.time-out");
        let exited = EngineFailure::Exited {
            status: Some("exit status 3".to_owned()),
        };
        assert_eq!(exited.to_string(), "the engine exited (exit status 3)");
        assert_eq!(
            EngineFailure::Exited { status: None }.to_string(),
            "the engine exited"
        );
        let every = [
            EngineFailure::CannotStart {
                command: "x".into(),
                reason: "no such file".into(),
            },
            exited,
            time,
            EngineFailure::BadLine {
                line: "hello".into(),
                reason: "a line in answer to go is info or move".into(),
            },
            EngineFailure::UnknownOption {
                name: "Hash".into(),
                declared: "none".into(),
            },
        ];
        let codes: Vec<&str> = every.iter().map(EngineFailure::code).collect();
        assert_eq!(codes, FAILURE_CODES);
    }
}
