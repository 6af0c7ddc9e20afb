//! How a game ends: the result, the winner, and scores with their places.
//!
//! Tokens, most names and most reasons are fixed words of each game, so an
//! outcome borrows them instead of copying them at every game's end. Result
//! values and names are compact strings, kept inline without allocating when
//! short, and the list of scores is shared.

use compact_str::CompactString;
use std::borrow::Cow;
use std::sync::Arc;

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The result token a finished movetext ends with (`B+`), if the game uses one.
    pub token: Option<&'static str>,
    /// The value a `Result` tag must have.
    pub tag_value: CompactString,
    /// Who won, if one player did.
    pub winner: Option<CompactString>,
    /// Why the game ended, in words (`Daimyo captured`).
    pub reason: Cow<'static, str>,
    /// Final scores in turn order, for scored games.
    pub scores: Option<Scores>,
}

impl Outcome {
    /// A two-player win, `win`, and why.
    pub fn win(win: Win, reason: impl Into<Cow<'static, str>>) -> Self {
        Self {
            token: Some(win.token),
            tag_value: CompactString::const_new(win.token),
            winner: Some(CompactString::const_new(win.winner)),
            reason: reason.into(),
            scores: None,
        }
    }
}

/// The win of one side of a two-player game, as a result names it: the
/// side's token and name. A game lists its sides' ([`crate::game::Game::WINS`]),
/// and its outcomes are built from the same values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Win {
    /// The result token (`B+`): the side's initial and `+`.
    pub token: &'static str,
    /// The side's name (`Black`).
    pub winner: &'static str,
}

/// Every player's score and place, in turn order: one list that the
/// outcome and the verdict share.
pub type Scores = Arc<[Score]>;

/// One player's final score and place.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Score {
    /// The player's name.
    #[schemars(with = "String")]
    pub player: CompactString,
    /// The score.
    pub score: i32,
    /// The place, 1 for the best; equal scores share a place.
    #[schemars(range(min = 1))]
    pub place: usize,
}

/// Ranks scores: equal scores share a place, the next place skips.
pub fn rank(scores: &[(CompactString, i32)]) -> Scores {
    scores
        .iter()
        .map(|(player, score)| Score {
            player: player.clone(),
            score: *score,
            place: 1 + scores.iter().filter(|(_, s)| s > score).count(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_scores_share_a_place() {
        let scores = [
            ("a".into(), 5),
            ("b".into(), 9),
            ("c".into(), 5),
            ("d".into(), 1),
        ];
        let places: Vec<_> = rank(&scores).iter().map(|s| s.place).collect();
        assert_eq!(places, [2, 1, 2, 4]);
    }
}
