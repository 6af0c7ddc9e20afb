//! How a game ends: the result, the winner, and scores with their places.

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The result token a finished movetext ends with (`B+`), if the game uses one.
    pub token: Option<String>,
    /// The value a `Result` tag must have.
    pub tag_value: String,
    /// Who won, if one player did.
    pub winner: Option<String>,
    /// Why the game ended, in words (`Daimyo captured`).
    pub reason: String,
    /// Final scores in turn order, for scored games.
    pub scores: Option<Vec<Score>>,
}

impl Outcome {
    /// A two-player win: the result token (`B+`), the winner's name and why.
    pub fn win(token: &str, winner: &str, reason: impl Into<String>) -> Self {
        Self {
            token: Some(token.to_owned()),
            tag_value: token.to_owned(),
            winner: Some(winner.to_owned()),
            reason: reason.into(),
            scores: None,
        }
    }
}

/// One player's final score and place.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Score {
    /// The player's name.
    pub player: String,
    /// The score.
    pub score: i32,
    /// The place, 1 for the best; equal scores share a place.
    pub place: usize,
}

/// Ranks scores: equal scores share a place, the next place skips.
pub fn rank(scores: &[(String, i32)]) -> Vec<Score> {
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
            ("a".to_owned(), 5),
            ("b".to_owned(), 9),
            ("c".to_owned(), 5),
            ("d".to_owned(), 1),
        ];
        let places: Vec<_> = rank(&scores).iter().map(|s| s.place).collect();
        assert_eq!(places, [2, 1, 2, 4]);
    }
}
