//! How a game of a match ended: by the rules, at the limit of plies, or
//! with the seat that lost it by failing.

use super::termination::Termination;

/// How the game ended, and who lost it by failing.
pub(super) struct Ending {
    /// The `Termination` tag's.
    pub(super) termination: Termination,
    /// The seat that lost by failing, if one did.
    pub(super) loser: Option<Loser>,
}

/// The seat that lost a game by failing, the words that say how, and the
/// last lines of its engine's standard error.
pub(super) struct Loser {
    /// The seat, in turn order.
    pub(super) seat: usize,
    /// What happened, in words.
    pub(super) message: String,
    /// The last lines of its engine's standard error.
    pub(super) stderr: Vec<String>,
}

impl Ending {
    /// The engine in `seat` lost the game: how, and the words that say it.
    pub(super) fn lost(
        seat: usize,
        termination: Termination,
        message: String,
        stderr: Vec<String>,
    ) -> Self {
        Self {
            termination,
            loser: Some(Loser {
                seat,
                message,
                stderr,
            }),
        }
    }

    /// A game that ended with no loser: by the rules, or adjudicated.
    pub(super) fn without_loser(termination: Termination) -> Self {
        Self {
            termination,
            loser: None,
        }
    }
}

/// The `Result` token of the winner a referee declares when the other of
/// two players lost by failing: `B+` for Black.
pub(super) fn declared_winner(players: &[String], loser: Option<usize>) -> Option<String> {
    let (loser, [first, second]) = (loser?, players) else {
        return None;
    };
    let winner = if loser == 0 { second } else { first };
    winner
        .chars()
        .next()
        .map(|c| format!("{}+", c.to_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_other_player_is_declared_the_winner() {
        let players = ["Black".to_owned(), "White".to_owned()];
        assert_eq!(declared_winner(&players, Some(0)).as_deref(), Some("W+"));
        assert_eq!(declared_winner(&players, Some(1)).as_deref(), Some("B+"));
        assert_eq!(declared_winner(&players, None), None);
        let seats = ["red".to_owned(), "green".to_owned(), "orange".to_owned()];
        assert_eq!(declared_winner(&seats, Some(0)), None);
    }
}
