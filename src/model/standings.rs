//! The results table of `kifu match`: from the results of the games played
//! to each engine's standing, its text and its JSON (`kifu match --format
//! json`, and `kifu match --report`, which computes the same table from
//! match records).
//!
//! Duels (two-player games) and races (lotus, three seats or more) make
//! two tables, each with its engines in the order first seen; a list of
//! results may hold both. Duels between three engines or more (a
//! round-robin, a gauntlet) add a crosstable, and their Elo is fitted by
//! maximum likelihood over all the duels at once ([`super::rating`]).
//!
//! ```
//! use kifu::model::{GameResult, Standings};
//!
//! let duel = |winner| GameResult::Duel {
//!     engines: ["A".to_string(), "B".to_string()],
//!     winner,
//! };
//! let standings = Standings::of(&[duel(Some(0)), duel(Some(1)), duel(None)]);
//! assert_eq!(standings.duels[0].score, 50.0);
//! assert_eq!(standings.duels[0].elo, Some(0.0));
//! let line = serde_json::to_string(&standings).unwrap_or_default();
//! assert!(line.starts_with("{\"kifu\":1,\"games\":3,"));
//! ```

use super::Version;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::HashMap;

mod text;

/// One game as the standings see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameResult {
    /// A two-player game: the engine of each side, in turn order, and the
    /// index (0 or 1) of the winner; None when the game is unfinished
    /// (adjudicated, or `*`). Another index counts as unfinished.
    Duel {
        /// The engine of each side, in turn order.
        engines: [String; 2],
        /// The index of the winner in `engines`; None when unfinished.
        winner: Option<usize>,
    },
    /// A game of three or more seats (lotus): each seat's engine, final
    /// score and place (1 best, equal scores share a place), in seat order.
    Race {
        /// Every seat, in seat order.
        seats: Vec<RaceSeat>,
    },
}

/// An engine's points in one game, in half points, and the half points at
/// stake: a duel is one point; a race is a point for each of the engine's
/// seats and another engine's seat, won by the better place, halved when
/// they share it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Points {
    /// The half points won.
    pub halves: usize,
    /// The half points at stake.
    pub stake: usize,
}

impl GameResult {
    /// The points of `engine` in the game; None when it did not play, or
    /// in a race where no seat of another engine meets one of its own.
    pub fn points(&self, engine: &str) -> Option<Points> {
        match self {
            GameResult::Duel { engines, winner } => {
                let side = engines.iter().position(|name| name == engine)?;
                let halves = match *winner {
                    Some(w) if w == side => 2,
                    Some(w) if w < 2 => 0,
                    _ => 1,
                };
                Some(Points { halves, stake: 2 })
            }
            GameResult::Race { seats } => {
                let (own, others): (Vec<_>, Vec<_>) =
                    seats.iter().partition(|seat| seat.engine == engine);
                let mut points = Points {
                    halves: 0,
                    stake: 0,
                };
                for mine in &own {
                    for other in &others {
                        points.halves += match mine.place.cmp(&other.place) {
                            std::cmp::Ordering::Less => 2,
                            std::cmp::Ordering::Equal => 1,
                            std::cmp::Ordering::Greater => 0,
                        };
                        points.stake += 2;
                    }
                }
                (points.stake > 0).then_some(points)
            }
        }
    }
}

/// One seat of a race: its engine, final score and place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RaceSeat {
    /// The engine that played the seat.
    pub engine: String,
    /// The seat's final score.
    pub score: i32,
    /// The seat's place: 1 best, equal scores share a place.
    pub place: usize,
}

/// The results table of a match, as `kifu match --format json` prints
/// it, its keys in the order printed; displayed, the text table that
/// `kifu match` prints.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "Standings", deny_unknown_fields)]
pub struct Standings {
    /// The version of the format: 1.
    pub kifu: Version,
    /// The number of games, duels and races.
    pub games: usize,
    /// When the duels are between two engines: the first engine's results
    /// against the other; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matchup: Option<Matchup>,
    /// Each engine's standing in the duels, in the order first seen; left
    /// out when there is no duel.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub duels: Vec<DuelStanding>,
    /// When the duels are between three engines or more: each engine's
    /// results against each other, rows and columns in the order of
    /// `duels`; left out otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 3))]
    pub crosstable: Vec<CrosstableRow>,
    /// Each engine's standing in the races, in the order first seen; left
    /// out when there is no race.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub races: Vec<RaceStanding>,
    /// The sequential probability ratio test of `kifu match --sprt`, when
    /// one was run; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtReport>,
}

/// One engine's row of the crosstable.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CrosstableRow {
    /// The engine.
    pub engine: String,
    /// Its results against each other engine, in the order of the rows;
    /// itself left out.
    pub against: Vec<Encounter>,
}

/// An engine's results against one opponent.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Encounter {
    /// The opponent.
    pub opponent: String,
    /// The games won against it.
    pub wins: usize,
    /// The games lost against it.
    pub losses: usize,
    /// The games against it left unfinished.
    pub unfinished: usize,
    /// The points: a win is 1, an unfinished game 1/2.
    #[schemars(range(min = 0))]
    pub points: f64,
}

/// What the sequential probability ratio test said when the match
/// stopped (`kifu match --sprt`; kifu(1) says how it counts).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SprtReport {
    /// The test, as `--sprt` writes it: `elo0=0,elo1=10,alpha=0.05,beta=0.05`.
    pub test: String,
    /// Duels: the game pairs counted by the first engine's points in
    /// them: 0, 1/2, 1, 3/2 and 2; left out for races.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pentanomial: Option<[u64; 5]>,
    /// Races: the pairs of races counted by the first engine's points in
    /// them, from 0 by half points: a point for each of its seats and each
    /// seat of the other engine, won by the better place, halved when
    /// they share it; left out for duels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs: Option<Vec<u64>>,
    /// The log-likelihood ratio, rounded to thousandths.
    pub llr: f64,
    /// The lower bound, at which H0 is accepted, rounded to thousandths.
    pub lower: f64,
    /// The upper bound, at which H1 is accepted, rounded to thousandths.
    pub upper: f64,
    /// `H0` or `H1` when accepted; `none` when the games ran out first.
    pub accepted: String,
}

/// The results of the first engine of the duels against the other.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Matchup {
    /// The engine first seen.
    pub engine: String,
    /// The other engine.
    pub opponent: String,
    /// The games the engine won against the opponent.
    pub wins: usize,
    /// The games the engine lost against the opponent.
    pub losses: usize,
    /// The games between them left unfinished.
    pub unfinished: usize,
}

/// An engine's standing in the duels.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DuelStanding {
    /// The engine.
    pub engine: String,
    /// The games it played; a game against itself counts twice, once for
    /// each side.
    pub games: usize,
    /// The games it won.
    pub wins: usize,
    /// The games it lost.
    pub losses: usize,
    /// The games left unfinished, each half a point.
    pub unfinished: usize,
    /// Its points: a win is 1, an unfinished game 1/2.
    #[schemars(range(min = 0))]
    pub points: f64,
    /// Its points as a percentage of its games, rounded to hundredths.
    #[schemars(range(min = 0, max = 100))]
    pub score: f64,
    /// Its Elo, rounded to hundredths. Between two engines: its
    /// difference against the other, from its score, left out when its
    /// score is 0 or 100%, where it is infinite. Among three or more: its
    /// rating by maximum likelihood over all the duels, the field's mean
    /// 0, left out where the rating is infinite (kifu(1) says when).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elo: Option<f64>,
    /// The half-width of the 95% interval of `elo`, rounded to hundredths;
    /// left out with `elo`, and, between two engines, when the interval
    /// of the score reaches 0 or 100%, where it is unbounded.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0))]
    pub elo_error: Option<f64>,
}

/// An engine's standing in the races.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RaceStanding {
    /// The engine.
    pub engine: String,
    /// The seats it played; two seats of one race count twice.
    pub seats: usize,
    /// The seats it finished first, alone or tied.
    pub firsts: usize,
    /// Its average place, rounded to hundredths.
    pub average_place: f64,
    /// Its average final score, rounded to hundredths.
    pub average_score: f64,
    /// Its Elo by place, rounded to hundredths: from its share of the
    /// points of its races ([`GameResult::points`]: a point for each of
    /// its seats and another engine's seat, won by the better place),
    /// against the other engines, a difference between two; left out
    /// when it has no such race, or its share is 0 or 100%.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elo: Option<f64>,
    /// The half-width of the 95% interval of `elo`, rounded to
    /// hundredths, from the spread of the races' shares; left out with
    /// `elo`, after one race only, and when the interval of the share
    /// reaches 0 or 100%.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0))]
    pub elo_error: Option<f64>,
}

/// The wins, losses and unfinished games of an engine, or of one engine
/// against another.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct WinsLosses {
    wins: usize,
    losses: usize,
    unfinished: usize,
}

impl WinsLosses {
    /// Counts a game that `side` played, won by `winner`.
    fn count(&mut self, side: usize, winner: Option<usize>) {
        match winner {
            Some(w) if w == side => self.wins += 1,
            Some(w) if w < 2 => self.losses += 1,
            _ => self.unfinished += 1,
        }
    }

    fn games(self) -> usize {
        self.wins + self.losses + self.unfinished
    }

    fn points(self) -> f64 {
        self.wins as f64 + self.unfinished as f64 / 2.0
    }
}

/// The seats, firsts and sums of places and scores of an engine's races,
/// and of its shares of their points (and of their squares).
#[derive(Debug, Clone, Copy, Default)]
struct RaceTally {
    seats: usize,
    firsts: usize,
    places: u128,
    scores: i128,
    shared: usize,
    shares: f64,
    squares: f64,
}

/// The z-score of a two-sided 95% interval, as the standings use it
/// (fastchess uses 1.959963984540054, cutechess-cli its approximation of
/// the normal quantile at 0.975: the margins differ by about 0.002%).
const Z95: f64 = 1.96;

/// The Elo difference of a score `q`, a fraction of the points:
/// `-400 log10(1/q - 1)`, infinite at 0 and 1, undefined outside.
fn elo(q: f64) -> f64 {
    -400.0 * (1.0 / q - 1.0).log10()
}

/// The Elo difference of `tally` and the half-width of its 95% interval,
/// unrounded, as cutechess-cli (github.com/cutechess/cutechess,
/// `projects/lib/src/elo.cpp`: `Elo::Elo`, `Elo::diff`,
/// `Elo::errorMargin`) and fastchess (github.com/Disservin/fastchess,
/// `app/src/matchmaking/elo/elo_wdl.cpp`: `EloWDL::EloWDL`,
/// `calcVariance`) compute them: the points of the games, x in
/// {0, 1/2, 1}, their mean p, their variance v = mean((x - p)²), the
/// standard error s = sqrt(v / n), the difference elo(p) and the error
/// (elo(p + 1.96 s) - elo(p - 1.96 s)) / 2. The difference is None when
/// p is 0 or 1, the error None with it and when a bound is outside (0, 1).
fn elo_interval(tally: WinsLosses) -> (Option<f64>, Option<f64>) {
    let n = tally.games() as f64;
    let p = tally.points() / n;
    let deviation = |x: f64, count: usize| count as f64 * (x - p) * (x - p);
    let variance = (deviation(1.0, tally.wins)
        + deviation(0.0, tally.losses)
        + deviation(0.5, tally.unfinished))
        / n;
    interval(p, variance, n)
}

/// The Elo difference of a mean score `p` of `n` samples of variance
/// `variance`, and the half-width of its 95% interval, as
/// [`elo_interval`] computes them.
fn interval(p: f64, variance: f64, n: f64) -> (Option<f64>, Option<f64>) {
    if !(p > 0.0 && p < 1.0) {
        return (None, None);
    }
    let margin = Z95 * (variance.max(0.0) / n).sqrt();
    let (low, high) = (p - margin, p + margin);
    let error = (low > 0.0 && high < 1.0).then(|| (elo(high) - elo(low)) / 2.0);
    (Some(elo(p)), error)
}

/// `x` rounded to hundredths, never -0.
fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0 + 0.0
}

/// Rows by engine, in the order first seen.
struct Rows<T> {
    index: HashMap<String, usize>,
    rows: Vec<(String, T)>,
}

impl<T: Default> Rows<T> {
    fn new() -> Self {
        Self {
            index: HashMap::new(),
            rows: Vec::new(),
        }
    }

    /// The row of `engine`, added when it is new.
    fn of(&mut self, engine: &str) -> &mut T {
        let at = match self.index.get(engine) {
            Some(&at) => at,
            None => {
                self.index.insert(engine.to_owned(), self.rows.len());
                self.rows.push((engine.to_owned(), T::default()));
                self.rows.len() - 1
            }
        };
        &mut self.rows[at].1
    }
}

impl Standings {
    /// The standings of `games`: a table of the duels and one of the
    /// races, each with its engines in the order first seen.
    pub fn of(games: &[GameResult]) -> Standings {
        let mut duels = Rows::<WinsLosses>::new();
        let mut races = Rows::<RaceTally>::new();
        for game in games {
            match game {
                GameResult::Duel { engines, winner } => {
                    for (side, engine) in engines.iter().enumerate() {
                        duels.of(engine).count(side, *winner);
                    }
                }
                GameResult::Race { seats } => {
                    for seat in seats {
                        let row = races.of(&seat.engine);
                        row.seats += 1;
                        row.firsts += usize::from(seat.place == 1);
                        row.places += seat.place as u128;
                        row.scores += i128::from(seat.score);
                    }
                    let mut engines: Vec<&str> = seats.iter().map(|s| s.engine.as_str()).collect();
                    engines.sort_unstable();
                    engines.dedup();
                    for engine in engines {
                        if let Some(points) = game.points(engine) {
                            let share = points.halves as f64 / points.stake as f64;
                            let row = races.of(engine);
                            row.shared += 1;
                            row.shares += share;
                            row.squares += share * share;
                        }
                    }
                }
            }
        }
        let mut standings = Standings {
            kifu: Version,
            games: games.len(),
            matchup: matchup(games, &duels.rows),
            duels: Vec::new(),
            crosstable: Vec::new(),
            races: races.rows.into_iter().map(race_standing).collect(),
            sprt: None,
        };
        if duels.rows.len() >= 3 {
            standings.crosstable = crosstable(games, &duels);
            let ratings = ratings(games, &duels);
            standings.duels = (duels.rows.into_iter().zip(ratings))
                .map(|(row, rating)| DuelStanding {
                    elo: rating.elo.map(hundredths),
                    elo_error: rating.error.map(hundredths),
                    ..duel_standing(row)
                })
                .collect();
        } else {
            standings.duels = duels.rows.into_iter().map(duel_standing).collect();
        }
        standings
    }
}

/// Each engine's results against each other, in the order of `engines`.
fn crosstable(games: &[GameResult], engines: &Rows<WinsLosses>) -> Vec<CrosstableRow> {
    let count = engines.rows.len();
    let mut cells = vec![vec![WinsLosses::default(); count]; count];
    for game in games {
        let GameResult::Duel {
            engines: names,
            winner,
        } = game
        else {
            continue;
        };
        let [Some(&a), Some(&b)] = names.each_ref().map(|name| engines.index.get(name)) else {
            continue;
        };
        cells[a][b].count(0, *winner);
        cells[b][a].count(1, *winner);
    }
    (engines.rows.iter().zip(cells))
        .map(|((engine, _), row)| CrosstableRow {
            engine: engine.clone(),
            against: (row.into_iter().enumerate())
                .filter(|(other, _)| engines.rows[*other].0 != *engine)
                .map(|(other, tally)| Encounter {
                    opponent: engines.rows[other].0.clone(),
                    wins: tally.wins,
                    losses: tally.losses,
                    unfinished: tally.unfinished,
                    points: tally.points(),
                })
                .collect(),
        })
        .collect()
}

/// The ratings of the engines of the duels, fitted over all of them.
fn ratings(games: &[GameResult], engines: &Rows<WinsLosses>) -> Vec<super::rating::Rating> {
    let played: Vec<super::rating::Game> = (games.iter())
        .filter_map(|game| match game {
            GameResult::Duel {
                engines: names,
                winner,
            } => {
                let first = *engines.index.get(&names[0])?;
                let second = *engines.index.get(&names[1])?;
                let points = match winner {
                    Some(0) => 1.0,
                    Some(1) => 0.0,
                    _ => 0.5,
                };
                Some(super::rating::Game {
                    first,
                    second,
                    points,
                })
            }
            GameResult::Race { .. } => None,
        })
        .collect();
    super::rating::ratings(engines.rows.len(), &played)
}

/// The matchup of the duels' two engines, when there are two.
fn matchup(games: &[GameResult], engines: &[(String, WinsLosses)]) -> Option<Matchup> {
    let [(engine, _), (opponent, _)] = engines else {
        return None;
    };
    let mut tally = WinsLosses::default();
    for game in games {
        if let GameResult::Duel { engines, winner } = game {
            if let Some(side) = engines.iter().position(|e| e == engine) {
                if engines[1 - side] == *opponent {
                    tally.count(side, *winner);
                }
            }
        }
    }
    Some(Matchup {
        engine: engine.clone(),
        opponent: opponent.clone(),
        wins: tally.wins,
        losses: tally.losses,
        unfinished: tally.unfinished,
    })
}

fn duel_standing((engine, tally): (String, WinsLosses)) -> DuelStanding {
    let (elo, error) = elo_interval(tally);
    DuelStanding {
        engine,
        games: tally.games(),
        wins: tally.wins,
        losses: tally.losses,
        unfinished: tally.unfinished,
        points: tally.points(),
        score: hundredths(100.0 * tally.points() / tally.games() as f64),
        elo: elo.map(hundredths),
        elo_error: error.map(hundredths),
    }
}

fn race_standing((engine, tally): (String, RaceTally)) -> RaceStanding {
    let seats = tally.seats as f64;
    let (elo, elo_error) = match tally.shared {
        0 => (None, None),
        shared => {
            let n = shared as f64;
            let p = tally.shares / n;
            let (elo, error) = interval(p, tally.squares / n - p * p, n);
            // One race gives no spread: its interval is unbounded.
            (elo, error.filter(|_| shared >= 2))
        }
    };
    RaceStanding {
        engine,
        seats: tally.seats,
        firsts: tally.firsts,
        average_place: hundredths(tally.places as f64 / seats),
        average_score: hundredths(tally.scores as f64 / seats),
        elo: elo.map(hundredths),
        elo_error: elo_error.map(hundredths),
    }
}

#[cfg(test)]
#[path = "standings_tests.rs"]
mod tests;
