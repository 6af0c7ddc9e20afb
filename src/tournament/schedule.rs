//! Which engines play which seats of which game, from which opening: a
//! fixed plan, so that shards of a match are disjoint and reproducible.
//!
//! Game `g` (from 0) seats engine `(s + g) mod E` in seat `s`, and plays
//! opening `(g / E) mod O`: E games in a row rotate the engines through
//! the seats from one opening, so each engine plays each seat equally, and
//! each opening from every side, before the next opening comes.

use std::fmt;
use std::str::FromStr;

/// The plan of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schedule {
    /// How many engines take part.
    pub engines: usize,
    /// How many seats a game has.
    pub seats: usize,
    /// How many openings there are (1 for the default start).
    pub openings: usize,
    /// How many games the whole match has.
    pub games: usize,
}

/// One game of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// Its number in the match, from 1: the `Round` tag.
    pub round: usize,
    /// Which opening it starts from.
    pub opening: usize,
    /// The engine of each seat, in the game's turn order.
    pub seats: Vec<usize>,
}

impl Schedule {
    /// Game `index` of the match, from 0.
    pub fn pairing(&self, index: usize) -> Pairing {
        let engines = self.engines.max(1);
        Pairing {
            round: index + 1,
            opening: (index / engines) % self.openings.max(1),
            seats: (0..self.seats)
                .map(|seat| (seat + index) % engines)
                .collect(),
        }
    }

    /// The games of `shard`, in order.
    pub fn games(&self, shard: Shard) -> impl Iterator<Item = Pairing> + '_ {
        (0..self.games)
            .filter(move |index| shard.holds(*index))
            .map(|index| self.pairing(index))
    }
}

/// One of N disjoint slices of a match: `--shard I/N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: usize,
    /// How many slices.
    pub count: usize,
}

impl Shard {
    /// The whole match.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether game `index` (from 0) is in this slice: every N-th game,
    /// from the I-th.
    pub fn holds(self, index: usize) -> bool {
        index % self.count.max(1) + 1 == self.index
    }

    /// How many of the `games` games of a match this slice holds.
    pub fn games_of(self, games: usize) -> usize {
        (games + self.count.max(1)).saturating_sub(self.index) / self.count.max(1)
    }
}

/// Why a `--shard` value names no slice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not I/N with 1 <= I <= N (like 2/8)")]
pub struct ShardError(String);

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || ShardError(text.to_owned());
        let (index, count) = text.split_once('/').ok_or_else(error)?;
        let number = |s: &str| match s.bytes().all(|b| b.is_ascii_digit()) {
            true => s.parse::<usize>().ok(),
            false => None,
        };
        let (index, count) = (
            number(index).ok_or_else(error)?,
            number(count).ok_or_else(error)?,
        );
        match 1 <= index && index <= count {
            true => Ok(Shard { index, count }),
            false => Err(error()),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_counts_its_games_without_listing_them() {
        for count in 1..6 {
            for index in 1..=count {
                let shard = Shard { index, count };
                for games in 0..20 {
                    let listed = (0..games).filter(|&g| shard.holds(g)).count();
                    assert_eq!(shard.games_of(games), listed, "{shard} of {games}");
                }
            }
        }
    }

    #[test]
    fn engines_rotate_through_the_seats_before_the_next_opening() {
        let schedule = Schedule {
            engines: 2,
            seats: 2,
            openings: 3,
            games: 7,
        };
        let plan: Vec<(usize, usize, Vec<usize>)> = (schedule.games(Shard::WHOLE))
            .map(|p| (p.round, p.opening, p.seats))
            .collect();
        assert_eq!(
            plan,
            [
                (1, 0, vec![0, 1]),
                (2, 0, vec![1, 0]),
                (3, 1, vec![0, 1]),
                (4, 1, vec![1, 0]),
                (5, 2, vec![0, 1]),
                (6, 2, vec![1, 0]),
                (7, 0, vec![0, 1]),
            ]
        );
    }

    #[test]
    fn two_engines_share_three_seats_evenly_over_two_games() {
        let schedule = Schedule {
            engines: 2,
            seats: 3,
            openings: 1,
            games: 2,
        };
        let seats: Vec<Vec<usize>> = schedule.games(Shard::WHOLE).map(|p| p.seats).collect();
        assert_eq!(seats, [vec![0, 1, 0], vec![1, 0, 1]]);
    }

    #[test]
    fn shards_are_disjoint_and_cover_the_match() {
        let schedule = Schedule {
            engines: 2,
            seats: 2,
            openings: 1,
            games: 10,
        };
        let mut rounds: Vec<usize> = (1..=3)
            .flat_map(|index| schedule.games(Shard { index, count: 3 }).map(|p| p.round))
            .collect();
        assert_eq!(
            schedule
                .games("2/3".parse().expect("a shard"))
                .map(|p| p.round)
                .collect::<Vec<_>>(),
            [2, 5, 8]
        );
        rounds.sort_unstable();
        assert_eq!(rounds, (1..=10).collect::<Vec<_>>());
    }

    #[test]
    fn shard_values() {
        assert_eq!("1/1".parse(), Ok(Shard::WHOLE));
        for bad in ["0/2", "3/2", "1/0", "1", "a/b", "-1/2", "1/2/3"] {
            assert_eq!(
                bad.parse::<Shard>().map_err(|e| e.to_string()),
                Err(format!("{bad:?} is not I/N with 1 <= I <= N (like 2/8)"))
            );
        }
    }
}
