//! A game's clock (`POST /api/games/{id}/clock`): each player has a time
//! for the whole game and an increment a move (Lotus: a turn), as a person
//! playing the computer on the board sets them. Nobody's time runs before
//! the first move (as on lichess); from then on the time of the player to
//! move runs, its increment added once it has moved; a player whose time
//! runs out loses (`Termination "time forfeit"`; in Lotus the race ends
//! there and that player ranks last, as `kifu match` ends a race), and the
//! computer thinks within its time.

use crate::game::{Outcome, Scores, rank};
use compact_str::CompactString;
use std::time::Duration;
use web_time::Instant;

/// The clock of a game.
#[derive(Debug, Clone)]
pub(crate) struct GameClock {
    /// The time each player starts with.
    pub(crate) base: Duration,
    /// The time added to a player's once it has moved.
    pub(crate) increment: Duration,
    /// The players, in turn order, each with its time left when its
    /// clock last stopped.
    left: Vec<(String, Duration)>,
    /// The player whose time runs, and since when.
    running: Option<(usize, Instant)>,
    /// The player whose time ran out, once the clock stopped on it.
    fallen: Option<String>,
}

/// The least and the most time a clock gives each player.
const BASE: (Duration, Duration) = (Duration::from_secs(10), Duration::from_secs(3 * 3600));

/// The most time a clock adds to a player's once it has moved.
const INCREMENT: Duration = Duration::from_secs(60);

/// A player's time, as the state gives it.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct TimeJson {
    /// The player.
    player: String,
    /// Its time left, in ms.
    left_ms: u64,
    /// Whether it runs.
    running: bool,
}

/// The clock, as the state gives it.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct ClockJson {
    /// Each player's time for the game, in ms.
    base_ms: u64,
    /// The time added to a player's once it has moved, in ms.
    increment_ms: u64,
    /// Each player's time, in turn order.
    players: Vec<TimeJson>,
}

/// A duration in whole ms.
fn ms(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

impl GameClock {
    /// A clock of `base` each and `increment` a move for the `players`
    /// of a game, stopped until the first move.
    ///
    /// # Errors
    /// Times out of range, in words.
    pub(crate) fn new(
        players: &[&str],
        base: Duration,
        increment: Duration,
    ) -> Result<Self, String> {
        if !(BASE.0..=BASE.1).contains(&base) || increment > INCREMENT {
            return Err(format!(
                "a clock gives each player {} s to {} min, and at most {} s a move",
                BASE.0.as_secs(),
                BASE.1.as_secs() / 60,
                INCREMENT.as_secs()
            ));
        }
        Ok(Self {
            base,
            increment,
            left: players.iter().map(|p| ((*p).to_owned(), base)).collect(),
            running: None,
            fallen: None,
        })
    }

    /// The time the player at `index` has left at `now`.
    fn left_at(&self, index: usize, now: Instant) -> Duration {
        let kept = self
            .left
            .get(index)
            .map_or(Duration::ZERO, |(_, left)| *left);
        match self.running {
            Some((running, since)) if running == index => {
                kept.saturating_sub(now.saturating_duration_since(since))
            }
            _ => kept,
        }
    }

    /// The time `player` has left at `now`.
    pub(crate) fn left(&self, player: &str, now: Instant) -> Duration {
        let index = self.left.iter().position(|(p, _)| p == player);
        index.map_or(Duration::ZERO, |index| self.left_at(index, now))
    }

    /// The player whose time ran out by `now`, if one did.
    pub(crate) fn flagged(&self, now: Instant) -> Option<&str> {
        if let Some(fallen) = &self.fallen {
            return Some(fallen);
        }
        let (running, _) = self.running?;
        (self.left_at(running, now).is_zero()).then(|| self.left[running].0.as_str())
    }

    /// `mover` moved at `now`, `next` to move (none once the game is
    /// over): the mover's time stops, its increment added, and the next
    /// player's runs. A move that does not change the player to move (a
    /// Lotus turn's first moves) changes nothing.
    pub(crate) fn moved(&mut self, mover: &str, next: Option<&str>, now: Instant) {
        if next == Some(mover) {
            return;
        }
        if let Some(index) = self.left.iter().position(|(p, _)| p == mover) {
            let left = self.left_at(index, now);
            self.left[index].1 = match self.running {
                Some(_) => left + self.increment,
                // The first move is free: nobody's time ran.
                None => left,
            };
        }
        self.running = next
            .and_then(|next| self.left.iter().position(|(p, _)| p == next))
            .map(|index| (index, now));
    }

    /// The clock, stopped at `now` (the time that ran charged), runs for
    /// `next` (none: it stays stopped), no increment added: the player
    /// to move after a take back.
    pub(crate) fn turn_to(&mut self, next: Option<&str>, now: Instant) {
        if let Some((index, _)) = self.running {
            self.left[index].1 = self.left_at(index, now);
        }
        self.running = next
            .and_then(|next| self.left.iter().position(|(p, _)| p == next))
            .map(|index| (index, now));
    }

    /// The clock stopped at `now` (the game ended, or a time ran out),
    /// each time kept, and the player whose time ran out, if one did.
    pub(crate) fn stop(&mut self, now: Instant) {
        if let Some((index, _)) = self.running {
            let left = self.left_at(index, now);
            self.left[index].1 = left;
            if left.is_zero() {
                self.fallen = Some(self.left[index].0.clone());
            }
        }
        self.running = None;
    }

    /// The clock as the state gives it at `now`.
    pub(crate) fn json(&self, now: Instant) -> ClockJson {
        ClockJson {
            base_ms: ms(self.base),
            increment_ms: ms(self.increment),
            players: (self.left.iter().enumerate())
                .map(|(index, (player, _))| TimeJson {
                    player: player.clone(),
                    left_ms: ms(self.left_at(index, now)),
                    running: self.running.is_some_and(|(running, _)| running == index),
                })
                .collect(),
        }
    }

    /// The outcome of a game whose `loser` ran out of time: in a
    /// two-player game the other player wins, its token its initial and
    /// `+`, as every two-player game of kifu writes it; in a race (Lotus,
    /// `scores` the scores so far) nobody is declared the winner (the
    /// record's result is `*`), the loser ranks last and the others by
    /// their scores so far.
    pub(crate) fn forfeit(&self, loser: &str, scores: Option<Scores>) -> Option<Outcome> {
        if self.left.len() > 2 {
            let score_of = |player: &str| {
                (scores.iter().flat_map(|s| s.iter()))
                    .find(|s| s.player == player)
                    .map_or(0, |s| s.score)
            };
            let others: Vec<(CompactString, i32)> = (self.left.iter())
                .filter(|(player, _)| player != loser)
                .map(|(player, _)| (CompactString::from(player.as_str()), score_of(player)))
                .collect();
            let ranked = rank(&others);
            let places = (self.left.iter()).map(|(player, _)| crate::game::Score {
                player: CompactString::from(player.as_str()),
                score: score_of(player),
                place: (ranked.iter().find(|s| s.player == player.as_str()))
                    .map_or(self.left.len(), |s| s.place),
            });
            return Some(Outcome {
                token: None,
                tag_value: CompactString::const_new("*"),
                winner: None,
                reason: format!("{loser}'s time ran out, and {loser} ranks last").into(),
                scores: Some(places.collect()),
            });
        }
        let (winner, _) = self.left.iter().find(|(p, _)| p != loser)?;
        let token = match winner.chars().next()?.to_ascii_uppercase() {
            'B' => "B+",
            'W' => "W+",
            'R' => "R+",
            _ => return None,
        };
        Some(Outcome {
            token: Some(token),
            tag_value: CompactString::const_new(token),
            winner: Some(CompactString::from(winner.as_str())),
            reason: format!("{loser}'s time ran out").into(),
            scores: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn nobody_s_time_runs_before_the_first_move_then_the_mover_s_does() {
        let start = Instant::now();
        let mut clock = GameClock::new(&["Black", "White"], 60 * SECOND, 2 * SECOND)
            .unwrap_or_else(|e| panic!("{e}"));
        let later = start + 10 * SECOND;
        assert_eq!(clock.left("Black", later), 60 * SECOND);
        clock.moved("Black", Some("White"), later);
        // The first move is free, with no increment.
        assert_eq!(clock.left("Black", later), 60 * SECOND);
        let after = later + 5 * SECOND;
        assert_eq!(clock.left("White", after), 55 * SECOND);
        clock.moved("White", Some("Black"), after);
        assert_eq!(clock.left("White", after + 30 * SECOND), 57 * SECOND);
        assert_eq!(clock.left("Black", after + 30 * SECOND), 30 * SECOND);
        assert_eq!(clock.flagged(after + 59 * SECOND), None);
        assert_eq!(clock.flagged(after + 60 * SECOND), Some("Black"));
        let json = serde_json::to_value(clock.json(after + 61 * SECOND)).unwrap_or_default();
        assert_eq!(
            json,
            serde_json::json!({"base_ms": 60000, "increment_ms": 2000, "players": [
                {"player": "Black", "left_ms": 0, "running": true},
                {"player": "White", "left_ms": 57000, "running": false}]})
        );
        let lost = clock.forfeit("Black", None);
        assert_eq!(lost.as_ref().and_then(|o| o.token), Some("W+"));
        assert_eq!(
            lost.map(|o| o.reason.into_owned()),
            Some("Black's time ran out".to_owned())
        );
        // Stopped on it, the clock keeps who lost on time.
        clock.stop(after + 61 * SECOND);
        assert_eq!(clock.flagged(after + 100 * SECOND), Some("Black"));
        assert_eq!(clock.left("Black", after + 100 * SECOND), Duration::ZERO);
        assert_eq!(clock.left("White", after + 100 * SECOND), 57 * SECOND);
    }
}
