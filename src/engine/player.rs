//! The engine's player for `kifu engine`: the search of [`super::think`]
//! in the two-player games, the best whole turn in lotus, each within the
//! time `go` gives.

use super::lotus::best_turn;
use super::search::{Limits, MATE, MATE_BOUND, Progress, think};
use super::table::Table;
use super::weights::Weights;
use super::{Evaluation, EvaluationVisitor, visit};
use crate::game::{AnyGame, Numbering, Placing};
use crate::kep::{GoLimits, Info, OptionError, Player, Score};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How the player searches when `go` says nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The deepest search, in plies (1: greedy).
    pub depth: u32,
    /// The time per move when `go` gives no clock.
    pub movetime: Duration,
    /// Whether captures are searched past the horizon.
    pub quiescence: bool,
    /// The most nodes a move when `go` says nothing of them.
    pub nodes: Option<u64>,
}

impl Style {
    /// A searcher to depth `depth` (at most 64 plies) and `movetime`.
    pub fn search(depth: Option<u32>, movetime: Option<Duration>) -> Self {
        Self {
            depth: depth.unwrap_or(64).clamp(1, 64),
            movetime: movetime.unwrap_or(Duration::from_secs(1)),
            quiescence: true,
            nodes: None,
        }
    }

    /// The greedy player: the best move one ply deep, by the evaluation
    /// alone, captures not played out.
    pub fn greedy() -> Self {
        Self {
            depth: 1,
            movetime: Duration::from_secs(1),
            quiescence: false,
            nodes: None,
        }
    }
}

/// The searching player.
#[derive(Debug)]
pub struct SearchPlayer {
    style: Style,
    weights: Weights,
    table: Table,
    stop: Arc<AtomicBool>,
}

impl SearchPlayer {
    /// A player of `style`, which `stop` interrupts.
    pub fn new(style: Style, stop: Arc<AtomicBool>) -> Self {
        Self {
            style,
            weights: Weights::default(),
            table: Table::new(20),
            stop,
        }
    }

    /// When the search of this move must end.
    fn deadline(&self, limits: &GoLimits, started: Instant) -> Instant {
        let ms = Duration::from_millis;
        let budget = match (limits.movetime, limits.time) {
            (Some(movetime), _) => ms(movetime.saturating_sub(10).max(1)),
            (None, Some(time)) => {
                let inc = limits.inc.unwrap_or(0);
                let share = time / 25 + inc * 3 / 4;
                ms(share.min(time / 4).saturating_sub(5).max(1))
            }
            (None, None) => self.style.movetime,
        };
        started + budget
    }
}

impl Player for SearchPlayer {
    /// The evaluation's weights, game by game (`ManaFreePiece`).
    fn options(&self) -> Vec<(String, String)> {
        self.weights.options()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let known = self.weights.set(name, value);
        known.unwrap_or_else(|| Err(OptionError::Unknown(name.to_owned())))
    }

    fn new_game(&mut self) {
        self.table.clear();
    }

    /// Of some random placements, the one a two-ply search of the start
    /// likes best ([`super::placement`]).
    fn place(
        &mut self,
        placing: &dyn Placing,
        limits: &GoLimits,
        _: &mut dyn FnMut(Info),
    ) -> Vec<String> {
        let deadline = self.deadline(limits, Instant::now());
        let shallow = GoLimits {
            depth: Some(2),
            ..GoLimits::default()
        };
        super::placement::best(placing, deadline, |start| {
            let mut score = None;
            self.turn(start, &shallow, &mut |info| score = info.score.or(score));
            score
        })
    }

    fn turn(
        &mut self,
        game: &dyn AnyGame,
        limits: &GoLimits,
        tell: &mut dyn FnMut(Info),
    ) -> Vec<String> {
        let started = Instant::now();
        let search = Limits {
            depth: limits.depth.unwrap_or(self.style.depth).clamp(1, 64),
            deadline: Some(self.deadline(limits, started)),
            nodes: limits.nodes.or(self.style.nodes),
            quiescence: self.style.quiescence,
        };
        if game.numbering() == Numbering::Turns {
            return best_turn(game, search, &self.stop, tell);
        }
        visit(
            game.kind(),
            Searching {
                game,
                limits: search,
                player: self,
                tell,
            },
        )
    }
}

/// The search of a two-player game, as its own type: each iteration
/// told as an `info` line.
struct Searching<'a> {
    game: &'a dyn AnyGame,
    limits: Limits,
    player: &'a mut SearchPlayer,
    tell: &'a mut dyn FnMut(Info),
}

impl EvaluationVisitor for Searching<'_> {
    type Output = Vec<String>;

    fn visit<G: Evaluation>(self) -> Vec<String> {
        let Some(root) = self.game.own::<G>() else {
            return Vec::new();
        };
        let (player, tell) = (self.player, self.tell);
        let weights = player.weights.of(G::KIND);
        let best = think(
            root,
            self.limits,
            weights,
            &player.stop,
            &mut player.table,
            |p| tell(info_of(p)),
        );
        best.into_iter().map(|mv| mv.to_string()).collect()
    }
}

/// The `info` line of an iteration.
fn info_of(progress: &Progress) -> Info {
    let score = match progress.score {
        s if s > MATE_BOUND => Score::Win((MATE - s) as u32),
        s if s < -MATE_BOUND => Score::Loss((MATE + s) as u32),
        s => Score::Cp(s),
    };
    Info {
        depth: Some(progress.depth),
        nodes: Some(progress.nodes),
        time: Some(u64::try_from(progress.elapsed.as_millis()).unwrap_or(u64::MAX)),
        score: Some(score),
        pv: progress.pv.clone(),
        string: None,
    }
}
