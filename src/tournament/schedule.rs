//! Which engines play which seats of which game, from which opening: a
//! fixed plan, so that shards of a match are disjoint and reproducible.
//!
//! Two-player games are played in encounters: two games of one pair of
//! engines from one opening, colours swapped. The pairs are every pair of
//! the engines in a round-robin (`(0,1), (0,2), ... (1,2), ...`), or the
//! first engine against each other in a gauntlet; game `g` (from 0) is
//! game `g mod 2` of the encounter of pair `(g / 2) mod P`, from opening
//! `(g / 2P) mod O`: every pair meets from one opening, each engine of it
//! with each colour, before the next opening comes. With two engines this
//! is a plain match, colours alternating.
//!
//! Races (lotus, three seats or more) rotate the engines through the
//! seats: game `g` seats engine `(s + g) mod E` in seat `s`, and plays
//! opening `(g / E) mod O`, so each engine plays each seat equally, and
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
    /// Which pairs of engines meet in a two-player game.
    pub pairings: Pairings,
}

/// Which pairs of engines meet in a two-player game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Pairings {
    /// Every pair.
    #[default]
    RoundRobin,
    /// The first engine against each other (`--gauntlet`).
    Gauntlet,
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
    /// The pairs of engines that meet in a two-player game, in order.
    fn pairs(&self) -> Vec<[usize; 2]> {
        let engines = self.engines.max(2);
        match self.pairings {
            Pairings::RoundRobin => (0..engines)
                .flat_map(|first| (first + 1..engines).map(move |second| [first, second]))
                .collect(),
            Pairings::Gauntlet => (1..engines).map(|other| [0, other]).collect(),
        }
    }

    /// The games of one pass over the openings' first: each encounter once
    /// (two-player games), or each engine once in the first seat (races).
    pub fn cycle(&self) -> usize {
        match self.seats {
            2 => 2 * self.pairs().len(),
            _ => self.engines.max(1),
        }
    }

    /// Game `index` of the match, from 0.
    pub fn pairing(&self, index: usize) -> Pairing {
        let round = index + 1;
        let opening = (index / self.cycle()) % self.openings.max(1);
        if self.seats == 2 {
            let pairs = self.pairs();
            let [first, second] = pairs[(index / 2) % pairs.len()];
            let seats = match index % 2 {
                0 => vec![first, second],
                _ => vec![second, first],
            };
            return Pairing {
                round,
                opening,
                seats,
            };
        }
        let engines = self.engines.max(1);
        Pairing {
            round,
            opening,
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
            pairings: Pairings::RoundRobin,
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
            pairings: Pairings::RoundRobin,
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
            pairings: Pairings::RoundRobin,
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
    fn a_round_robin_plays_every_pair_both_ways_from_each_opening() {
        let schedule = Schedule {
            engines: 4,
            seats: 2,
            openings: 2,
            games: 24,
            pairings: Pairings::RoundRobin,
        };
        let plan: Vec<(usize, Vec<usize>)> = (schedule.games(Shard::WHOLE))
            .map(|p| (p.opening, p.seats))
            .collect();
        let pairs = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
        for (index, (opening, seats)) in plan.iter().enumerate() {
            let [a, b] = pairs[(index / 2) % 6];
            let expected = if index % 2 == 0 {
                vec![a, b]
            } else {
                vec![b, a]
            };
            assert_eq!((*opening, seats), (index / 12, &expected), "game {index}");
        }
        assert_eq!(schedule.cycle(), 12);
    }

    #[test]
    fn a_gauntlet_plays_the_first_engine_against_each_other() {
        let schedule = Schedule {
            engines: 4,
            seats: 2,
            openings: 1,
            games: 6,
            pairings: Pairings::Gauntlet,
        };
        let seats: Vec<Vec<usize>> = schedule.games(Shard::WHOLE).map(|p| p.seats).collect();
        assert_eq!(
            seats,
            [
                vec![0, 1],
                vec![1, 0],
                vec![0, 2],
                vec![2, 0],
                vec![0, 3],
                vec![3, 0]
            ]
        );
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
