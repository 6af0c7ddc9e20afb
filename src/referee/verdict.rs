//! What the referee says of a record: the verdict, and the fault that makes
//! a record invalid.

use crate::game::{GameKind, Numbering, Outcome, Score, Scores, Win};
use crate::record::{Location, SyntaxError};
use compact_str::CompactString;
use std::fmt;

/// The ply at which a record went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyContext {
    /// How the game numbers its plies: the fault names a `move` or a `turn`.
    pub numbering: Numbering,
    /// The move or turn number.
    pub number: u32,
    /// Who was to move.
    pub mover: String,
    /// The number of the ply at fault, counted from 1 along its line from
    /// the record's start: `kifu render --ply` takes it (less one for the
    /// position before it).
    pub ply: usize,
    /// The move as written, if the fault is in a move.
    pub text: Option<String>,
    /// Where the ply stands when it is in a variation: the move each
    /// variation around it follows, as written with its number (`5. b1-b3`;
    /// lotus: the whole turn), innermost first; empty on the main line.
    pub within: Vec<String>,
}

/// Why a record is invalid, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The place in the file.
    pub location: Location,
    /// The ply, when the fault is in the movetext; boxed, so that a
    /// fault, which the walk carries back from every move, stays small.
    pub context: Option<Box<PlyContext>>,
    /// The stable code of the reason (`mana.disobeys-bird`), listed in kifu.5.
    pub code: &'static str,
    /// The reason in words.
    pub message: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.location.line, self.location.column)?;
        if let Some(c) = &self.context {
            let (label, number, mover, ply) = (c.numbering.label(), c.number, &c.mover, c.ply);
            write!(f, "{label} {number} ({mover}, ply {ply})")?;
            if let Some(text) = &c.text {
                write!(f, " {text}")?;
            }
            for after in &c.within {
                write!(f, " in the variation after {after}")?;
            }
            f.write_str(": ")?;
        }
        f.write_str(&self.message)
    }
}

/// How a game ended off the board: a record whose `Termination` tag is
/// other than `normal`, whose moves stop before the game is over by the
/// rules, and whose `Result` tag may declare the winner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Termination {
    /// The `Termination` tag's value (`time forfeit`).
    pub reason: CompactString,
    /// The win the `Result` tag declares; `None` for `*` or no tag.
    pub declared: Option<Win>,
}

impl Termination {
    /// The declared result: the winner's token (`B+`), or `*`.
    pub fn result(&self) -> &'static str {
        self.declared.map_or("*", |win| win.token)
    }
}

/// How a game's result was decided, as JSON says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Decided {
    /// By the rules: the moves ended the game.
    Rules,
    /// Off the board: a resignation, a time forfeit, a referee's ruling,
    /// as the `Termination` tag says, with the winner declared.
    OffBoard,
}

/// What the referee found in one record.
#[derive(Debug, Clone, Default)]
pub struct Verdict {
    /// The game, once the `Game` tag was read.
    pub kind: Option<GameKind>,
    /// Plies accepted.
    pub plies: usize,
    /// The number of the last turn begun (move pairs or lotus turns).
    pub turns: u32,
    /// The outcome if the game ended by the rules.
    pub outcome: Option<Outcome>,
    /// How the game ended off the board, for a valid record whose
    /// `Termination` tag says so; the game is then not over by the rules.
    pub termination: Option<Termination>,
    /// The scores where the record stops, for games that keep a score.
    pub scores: Option<Scores>,
    /// The first fault, if the record is invalid.
    pub fault: Option<Fault>,
    /// What is wrong without making the record invalid (a malformed Date,
    /// a misspelt tag name), in the order of the tags; kifu.5 lists them.
    pub warnings: Vec<Fault>,
}

impl Verdict {
    /// The verdict on a record that does not parse.
    pub fn of_syntax_error(error: SyntaxError) -> Self {
        Self {
            fault: Some(Fault {
                location: error.location,
                context: None,
                code: error.code(),
                message: error.message,
            }),
            ..Self::default()
        }
    }

    /// With `--strict`: the first warning becomes the fault of a record
    /// that has none.
    pub fn make_strict(&mut self) {
        if self.fault.is_none() && !self.warnings.is_empty() {
            self.fault = Some(self.warnings.remove(0));
        }
    }

    /// Whether the record is valid.
    pub fn is_valid(&self) -> bool {
        self.fault.is_none()
    }

    /// The game's result, one meaning for every command: the outcome's
    /// tag value for a game over by the rules, the declared result
    /// (`B+`) for one ended off the board, else `*`.
    pub fn result(&self) -> &str {
        match (&self.outcome, &self.termination) {
            (Some(o), _) => &o.tag_value,
            (None, Some(t)) => t.result(),
            (None, None) => "*",
        }
    }

    /// The game's winner (`Black`): by the rules, or as declared for a
    /// game ended off the board; none while undecided, on a lotus tie for
    /// first, or for an invalid record.
    pub fn winner(&self) -> Option<&str> {
        match (&self.outcome, &self.termination) {
            (Some(o), _) => o.winner.as_deref(),
            (None, Some(t)) => t.declared.map(|win| win.winner),
            (None, None) => None,
        }
    }

    /// How the game was decided: by the rules, or off the board with a
    /// declared winner; none while undecided.
    pub fn decided(&self) -> Option<Decided> {
        match (&self.outcome, &self.termination) {
            (Some(_), _) => Some(Decided::Rules),
            (None, Some(t)) => t.declared.map(|_| Decided::OffBoard),
            (None, None) => None,
        }
    }

    /// The verdict of a valid record in words: `mana, 57 plies, B+ (Daimyo
    /// captured)`; for a game ended off the board the declared result and
    /// the Termination tag, `mana, 3 plies, B+ (time forfeit)`.
    pub fn summary(&self) -> String {
        self.summary_display().to_string()
    }

    /// The summary, written where it goes without building a string first.
    pub fn summary_display(&self) -> impl fmt::Display + '_ {
        Summary(self)
    }

    /// Writes the summary to `out` piece by piece, without the machinery of
    /// `format_args!`: `kifu validate` writes it once per record.
    ///
    /// # Errors
    /// The errors of `out`.
    pub fn write_summary(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let mut number = itoa::Buffer::new();
        out.write_str(self.kind.map_or("?", GameKind::name))?;
        let (n, one, many) = match self.kind.map(GameKind::numbering) {
            Some(Numbering::Turns) => (self.turns as usize, " turn, ", " turns, "),
            _ => (self.plies, " ply, ", " plies, "),
        };
        out.write_str(", ")?;
        out.write_str(number.format(n))?;
        out.write_str(if n == 1 { one } else { many })?;
        match (&self.outcome, &self.termination, &self.scores) {
            (Some(o), _, _) => {
                out.write_str(&o.tag_value)?;
                out.write_str(" (")?;
                out.write_str(&o.reason)?;
                out.write_str(")")
            }
            (None, Some(t), scores) => {
                out.write_str(t.result())?;
                out.write_str(" (")?;
                out.write_str(&t.reason)?;
                if let Some(scores) = scores {
                    out.write_str("; ")?;
                    write_scores(out, scores)?;
                }
                out.write_str(")")
            }
            (None, None, Some(scores)) => {
                out.write_str("* (")?;
                write_scores(out, scores)?;
                out.write_str(")")
            }
            (None, None, None) => out.write_str("*"),
        }
    }
}

/// Writes `scores so far: red 3, green 2` to `out`.
fn write_scores(out: &mut impl fmt::Write, scores: &[Score]) -> fmt::Result {
    let mut number = itoa::Buffer::new();
    out.write_str("scores so far: ")?;
    for (i, s) in scores.iter().enumerate() {
        out.write_str(if i == 0 { "" } else { ", " })?;
        out.write_str(&s.player)?;
        out.write_str(" ")?;
        out.write_str(number.format(s.score))?;
    }
    Ok(())
}

/// [`Verdict::summary`] as a [`fmt::Display`].
struct Summary<'a>(&'a Verdict);

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_summary(f)
    }
}
