//! What a pawn move gains at once: the change it makes to each player's
//! score, weighed for the mover, without playing it (the engine's
//! playouts prefer the moves that gain most).

use super::flowers::Flower;
use super::notation::{Choice, LotusMove};
use super::rules::Landing;
use super::{Lotus, slot};

impl Lotus {
    /// How much the pawn move `mv` gains the player to move at once: the
    /// change it makes to the mover's score, times the number of other
    /// players, less the sum of the changes to theirs (so, in whole
    /// points, how much more the mover gains than the others on average,
    /// times their number). The flowers a stone sends down the course
    /// and the end at place 4 are left to what follows. `mv` is one of
    /// [`crate::game::Game::legal_moves`].
    pub fn gain_of(&self, mv: &LotusMove) -> i32 {
        let dest = self.reach(mv.from);
        let owner = mv.owner;
        // Each player's change, by seat.
        let mut change = [0i32; 8];
        let taken = match self.landing(owner, dest) {
            Landing::Arrival(place) => (self.arrival)
                .get(usize::from(place) - 1)
                .copied()
                .flatten(),
            Landing::Flower(flower) => Some(flower),
            _ => None,
        };
        if let Some(flower) = taken {
            change[slot(owner)] += self.added(owner, flower);
        }
        match mv.choice {
            Choice::Exchange {
                give, with, take, ..
            } => {
                change[slot(owner)] += self.added(owner, take) - self.removed(owner, give);
                change[slot(with)] += self.added(with, give) - self.removed(with, take);
            }
            Choice::Stone(flower) => change[slot(owner)] -= self.removed(owner, flower),
            Choice::None => {}
        }
        let players = self.players.count();
        let mover = slot(self.mover);
        let others: i32 = (change.iter().take(players).enumerate())
            .filter(|&(seat, _)| seat != mover)
            .map(|(_, &c)| c)
            .sum();
        change[mover] * (players as i32 - 1) - others
    }

    /// What one more `flower` adds to `player`'s score.
    fn added(&self, player: u8, flower: Flower) -> i32 {
        match flower {
            Flower::Blue => 4,
            Flower::Black => -2,
            _ => i32::from(self.hands[slot(player)][flower.index()]) + 1,
        }
    }

    /// What giving one `flower` (held) away takes from `player`'s score.
    fn removed(&self, player: u8, flower: Flower) -> i32 {
        match flower {
            Flower::Blue => 4,
            Flower::Black => -2,
            _ => i32::from(self.hands[slot(player)][flower.index()]),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, GameKind, Tags};
    use crate::games::lotus::Lotus;
    use crate::random::Rng;

    /// Each player's score after `mv` from `game`.
    fn scores_after(game: &Lotus, mv: &crate::games::lotus::LotusMove) -> Vec<i32> {
        let mut after = game.clone();
        after.apply(mv);
        let scores = after.scores().unwrap_or_default();
        scores.iter().map(|s| s.score).collect()
    }

    /// The gain of every legal pawn move of many random games equals the
    /// change the move makes to the scores, played out: the mover's
    /// change times the others, less the others' changes.
    #[test]
    fn a_pawn_move_gains_what_playing_it_changes() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for players in ["a b c", "a b c d", "a b c d e f"] {
            for _ in 0..20 {
                let mut tags = GameKind::Lotus.random_tags(&mut rng);
                tags.retain(|(name, _)| name != "Players");
                tags.push(("Players".into(), players.into()));
                let tags: Vec<crate::record::Tag> = (tags.into_iter())
                    .map(|(name, value)| crate::record::Tag {
                        name: name.into(),
                        value: value.into(),
                        offset: 0,
                    })
                    .collect();
                let mut game = Lotus::from_tags(Tags::new(&tags)).expect("a random setup");
                while !game.is_over() {
                    let before: Vec<i32> = (game.scores().unwrap_or_default().iter())
                        .map(|s| s.score)
                        .collect();
                    let mover = usize::from(game.mover);
                    let moves = game.legal_moves();
                    for mv in &moves {
                        let after = scores_after(&game, mv);
                        let change: Vec<i32> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
                        let others: i32 = (change.iter().enumerate())
                            .filter(|&(seat, _)| seat != mover)
                            .map(|(_, c)| c)
                            .sum();
                        let expected = change[mover] * (change.len() as i32 - 1) - others;
                        assert_eq!(game.gain_of(mv), expected, "{mv} in {game:?}");
                        checked += 1;
                    }
                    game.apply(&moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(checked > 10_000, "{checked} moves checked");
    }
}
