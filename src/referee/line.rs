//! The lines of a record, and reaching a position along one of them: what
//! `kifu render` and `kifu moves` show with `--line`.
//!
//! A line is named by the variations taken to reach it, each numbered from
//! 1 among the variations that branch off the line before it, in the order
//! written: `2` is the main line's second variation, `2.1` the first
//! variation inside that one. Its plies are counted from the start of the
//! game: the plies of the lines it branches off up to the move it
//! replaces, then its own.

use super::tree::{Flow, Target, Tree, Walked};
use super::walk::Walk;
use super::watch::Watch;
use super::{Fault, Options, Verdict, check_syntax, judge, start};
use crate::game::{AnyGame, Game, GameVisitor};
use crate::record::Record;
use std::fmt;
use std::str::FromStr;

/// A line of a record: the main line, or a variation named by the number
/// of the variation taken at each depth, such as `2.1`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineName(Vec<u32>);

impl LineName {
    /// The main line.
    pub fn main() -> Self {
        Self::default()
    }

    /// The line reached by taking, at each depth, the variation numbered so
    /// (from 1).
    pub fn of(path: Vec<u32>) -> Self {
        Self(path)
    }

    /// Whether it is the main line.
    pub fn is_main(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of the variation taken at each depth.
    pub fn path(&self) -> &[u32] {
        &self.0
    }
}

/// Why a text does not name a line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a line: a line is named by variation numbers from 1, separated by dots, like 2 or 2.1 (0 is the main line)"
)]
pub struct LineNameError(String);

impl FromStr for LineName {
    type Err = LineNameError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text == "0" {
            return Ok(Self::main());
        }
        let path: Option<Vec<u32>> = (text.split('.'))
            .map(|n| match n.as_bytes() {
                // `parse` refuses any other sign or letter.
                [b'1'..=b'9', ..] => n.parse().ok(),
                _ => None,
            })
            .collect();
        path.map(Self).ok_or_else(|| LineNameError(text.to_owned()))
    }
}

impl fmt::Display for LineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("0");
        }
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

/// Where [`position_at`] got.
#[derive(Debug)]
pub enum Reached {
    /// The position asked for.
    Position(Box<dyn AnyGame>),
    /// The record is invalid before it (or its text has a syntax error).
    Invalid(Fault),
    /// The record has no such line.
    NoLine,
    /// The line ends after this many plies, before the ply asked for.
    Short(usize),
}

/// The position of `record` after `ply` plies along `line` (its end when
/// `ply` is `None`), judging the record up to there, as `kifu render`
/// does; plies are counted from the start of the game along the line.
pub fn position_at(record: &Record, line: &LineName, ply: Option<usize>) -> Reached {
    if line.is_main() {
        let options = Options {
            stop_after: ply,
            details: false,
        };
        let (verdict, game) = judge(record, options, |_| {});
        return match (verdict.fault, game) {
            (Some(fault), _) => Reached::Invalid(fault),
            (None, _) if ply.is_some_and(|p| p > verdict.plies) => Reached::Short(verdict.plies),
            (None, Some(game)) => Reached::Position(game),
            (None, None) => Reached::NoLine,
        };
    }
    let kind = match start::game_kind(record) {
        Ok(kind) => kind,
        Err(fault) => return invalid(record, fault),
    };
    kind.visit(Reach { record, line, ply })
}

/// The verdict on a record at fault before the position, unless its text
/// has a syntax error.
fn invalid(record: &Record, fault: Fault) -> Reached {
    match check_syntax(record.movetext()) {
        Ok(()) => Reached::Invalid(fault),
        Err(error) => syntax(error),
    }
}

/// A syntax error, as the fault of a record.
fn syntax(error: crate::record::SyntaxError) -> Reached {
    match Verdict::of_syntax_error(error).fault {
        Some(fault) => Reached::Invalid(fault),
        None => Reached::NoLine,
    }
}

/// Reaching a position in a variation of a record of a game known by its
/// type.
struct Reach<'a> {
    record: &'a Record,
    line: &'a LineName,
    ply: Option<usize>,
}

impl GameVisitor for Reach<'_> {
    type Output = Reached;

    fn visit<G: Game>(self) -> Reached {
        let record = self.record;
        let mut game = match start::position::<G>(record) {
            Ok(game) => game,
            Err(error) => return invalid(record, start::tag_fault(record, &error)),
        };
        let walk = Walk::new(record);
        let mut watch = Watch::new(Options::default(), None);
        let target = Target {
            path: self.line.path(),
            ply: self.ply,
        };
        let mut tree = Tree::new(record, &mut watch, Some(target));
        let walked = tree.main(record.movetext(), walk, &mut game);
        let (reached, short) = (tree.reached.take(), tree.short);
        let Walked { flow, items, .. } = walked;
        if let Err(error) = check_syntax(items) {
            return syntax(error);
        }
        match (flow, reached, short) {
            (Flow::Fault(fault), _, _) => Reached::Invalid(fault),
            (_, Some(game), _) => Reached::Position(game),
            (_, None, Some(plies)) => Reached::Short(plies),
            (_, None, None) => Reached::NoLine,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_named_by_variation_numbers() {
        let name = |text: &str| text.parse::<LineName>().map(|l| l.path().to_vec());
        assert_eq!(name("2.1"), Ok(vec![2, 1]));
        assert_eq!(name("12"), Ok(vec![12]));
        assert_eq!(name("0"), Ok(vec![]));
        for bad in [
            "",
            "0.1",
            "2.",
            ".2",
            "2..1",
            "01",
            "a",
            "-1",
            "99999999999",
        ] {
            assert_eq!(
                name(bad).map_err(|e| e.to_string()),
                Err(format!(
                    "{bad:?} is not a line: a line is named by variation numbers from 1, separated by dots, like 2 or 2.1 (0 is the main line)"
                ))
            );
        }
        assert_eq!(LineName::of(vec![2, 1]).to_string(), "2.1");
        assert_eq!(LineName::main().to_string(), "0");
    }

    /// The `Position` tag of what `position_at` reached, or why not.
    fn reached(record: &Record, line: &LineName, ply: Option<usize>) -> Result<String, String> {
        match position_at(record, line, ply) {
            Reached::Position(game) => Ok(format!("{:?}", game.setup_tags())),
            other => Err(format!("{other:?}")),
        }
    }

    #[test]
    fn the_main_line_is_reached_at_any_ply_up_to_its_end() {
        let text = include_str!("../../fixtures/mana/valid/variations-nested-three-deep.kifu");
        let Ok(record) = crate::record::parse_head(text.to_owned(), 1) else {
            panic!("the fixture reads");
        };
        let main = LineName::main();
        let end = reached(&record, &main, None);
        assert!(end.is_ok(), "{end:?}");
        assert_eq!(reached(&record, &main, Some(64)), end);
        assert_ne!(reached(&record, &main, Some(63)), end);
        assert!(reached(&record, &main, Some(0)).is_ok());
        assert_eq!(
            reached(&record, &main, Some(65)),
            Err("Short(64)".to_owned())
        );
        let variation = LineName::of(vec![1, 1]);
        assert!(reached(&record, &variation, Some(9)).is_ok());
        assert_eq!(
            reached(&record, &variation, Some(12)),
            Err("Short(9)".to_owned())
        );
    }
}
