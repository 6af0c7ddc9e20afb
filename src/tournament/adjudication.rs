//! Adjudication by score (`kifu match --resign moves=N,score=S`): a game
//! of two engines ends, won by the side they both say is ahead, once each
//! engine's last N scores have put that side at least S centipawns ahead
//! (a forced win or loss counts as any score).

use crate::kep::Score;
use std::fmt;
use std::str::FromStr;

/// When the scores end a game: `moves=N,score=S`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resign {
    /// The moves of each engine in a row that must agree.
    pub moves: usize,
    /// The margin, in centipawns, by which they must put one side ahead.
    pub score: i32,
}

/// Why `--resign` names no rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResignSyntax {
    /// An item without `=`.
    #[error("{0:?} is not KEY=VALUE (like moves=3,score=400)")]
    NotKeyValue(String),
    /// A value that is no whole number from 1.
    #[error("{key}={value}: {key} is a whole number, 1 or more")]
    NotANumber {
        /// `moves` or `score`.
        key: &'static str,
        /// Its value.
        value: String,
    },
    /// A key other than `moves` and `score`.
    #[error("unknown key {0:?} (use moves and score)")]
    UnknownKey(String),
    /// A key given twice.
    #[error("{0} is given twice")]
    Twice(&'static str),
    /// `moves` or `score` left out.
    #[error("give both moves=N and score=S (like moves=3,score=400)")]
    Missing,
}

impl FromStr for Resign {
    type Err = ResignSyntax;

    /// Reads `moves=N,score=S`, in either order, N at least 1 and S at
    /// least 1.
    fn from_str(text: &str) -> Result<Self, ResignSyntax> {
        let (mut moves, mut score) = (None, None);
        for item in text.split(',') {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| ResignSyntax::NotKeyValue(item.to_owned()))?;
            let (key, slot) = match key {
                "moves" => ("moves", &mut moves),
                "score" => ("score", &mut score),
                _ => return Err(ResignSyntax::UnknownKey(key.to_owned())),
            };
            let number = match value.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    let value = value.to_owned();
                    return Err(ResignSyntax::NotANumber { key, value });
                }
            };
            if slot.replace(number).is_some() {
                return Err(ResignSyntax::Twice(key));
            }
        }
        match (moves, score) {
            (Some(moves), Some(score)) => Ok(Resign {
                moves: moves as usize,
                score: i32::try_from(score).unwrap_or(i32::MAX),
            }),
            _ => Err(ResignSyntax::Missing),
        }
    }
}

impl fmt::Display for Resign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "moves={},score={}", self.moves, self.score)
    }
}

/// The scores of a two-engine game so far, as `--resign` reads them.
#[derive(Debug, Clone)]
pub(super) struct Scores {
    rule: Resign,
    /// The seat both engines put ahead in their last scores, if any.
    ahead: Option<usize>,
    /// How many scores in a row each seat's engine has given for it.
    streak: [usize; 2],
}

impl Scores {
    /// No scores yet, under `rule`.
    pub(super) fn new(rule: Resign) -> Self {
        Self {
            rule,
            ahead: None,
            streak: [0, 0],
        }
    }

    /// Counts the score the engine of `seat` gave with its move (from its
    /// own view; none breaks every streak); gives the seat that wins by
    /// adjudication, once both engines agree for long enough.
    pub(super) fn count(&mut self, seat: usize, score: Option<Score>) -> Option<usize> {
        let (me, other) = (seat.min(1), 1 - seat.min(1));
        let leader = match score {
            Some(Score::Win(_)) => Some(me),
            Some(Score::Loss(_)) => Some(other),
            Some(Score::Cp(cp)) if cp >= self.rule.score => Some(me),
            Some(Score::Cp(cp)) if cp <= -self.rule.score => Some(other),
            _ => None,
        };
        if leader != self.ahead || leader.is_none() {
            self.streak = [0, 0];
            self.ahead = leader;
        }
        self.ahead?;
        self.streak[me] += 1;
        let agreed = self.streak.iter().all(|&n| n >= self.rule.moves);
        agreed.then_some(self.ahead).flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_engines_must_agree_for_n_moves_each() {
        let rule: Resign = "moves=2,score=300".parse().expect("a rule");
        assert_eq!(rule.to_string(), "moves=2,score=300");
        let mut scores = Scores::new(rule);
        // Seat 0 says it is ahead, seat 1 that it is behind: seat 0 leads.
        assert_eq!(scores.count(0, Some(Score::Cp(350))), None);
        assert_eq!(scores.count(1, Some(Score::Cp(-400))), None);
        assert_eq!(scores.count(0, Some(Score::Win(5))), None);
        // A score under the margin breaks the streak.
        assert_eq!(scores.count(1, Some(Score::Cp(-100))), None);
        assert_eq!(scores.count(0, Some(Score::Cp(300))), None);
        assert_eq!(scores.count(1, Some(Score::Loss(3))), None);
        assert_eq!(scores.count(0, Some(Score::Cp(301))), None);
        assert_eq!(scores.count(1, Some(Score::Cp(-300))), Some(0));
        // A disagreement, or no score, starts again.
        let mut scores = Scores::new(rule);
        for (seat, cp) in [(0, 500), (1, 500), (0, 500), (1, 500)] {
            assert_eq!(scores.count(seat, Some(Score::Cp(cp))), None);
        }
        assert_eq!(scores.count(0, None), None);
    }

    #[test]
    fn rules_read_or_say_why_not() {
        assert_eq!(
            "score=50,moves=1".parse(),
            Ok(Resign {
                moves: 1,
                score: 50
            })
        );
        for (bad, why) in [
            (
                "moves=3",
                "give both moves=N and score=S (like moves=3,score=400)",
            ),
            (
                "moves=0,score=3",
                "moves=0: moves is a whole number, 1 or more",
            ),
            (
                "moves=3,score=-1",
                "score=-1: score is a whole number, 1 or more",
            ),
            ("moves=3,cp=4", "unknown key \"cp\" (use moves and score)"),
            ("moves=3,moves=4", "moves is given twice"),
            ("3", "\"3\" is not KEY=VALUE (like moves=3,score=400)"),
        ] {
            let said = bad.parse::<Resign>().map_err(|e| e.to_string());
            assert_eq!(said, Err(why.to_owned()), "{bad}");
        }
    }
}
