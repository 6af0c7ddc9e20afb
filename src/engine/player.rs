//! The engine's player for `kifu engine`: the search of [`super::think`]
//! in the two-player games, the best whole turn in lotus, each within the
//! time `go` gives.

use super::level::{LEVELS, Level};
use super::lotus::best_turn;
use super::mistakes::Mistakes;
use super::placement::{Book, Judge};
use super::search::{Limits, Progress, think};
use super::table::Table;
use super::table::{MATE, MATE_BOUND};
use super::weights::Weights;
use super::{Evaluation, EvaluationVisitor, visit};
use crate::game::{AnyGame, GameKind, Numbering, Placing};
use crate::kep::{GoLimits, Info, OptionError, Player, Score};
use crate::random::Rng;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use web_time::Instant;

/// The option that sets the level.
const LEVEL: &str = "Level";

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
    /// How far from the best a move may be drawn ([`super::Mistakes`]):
    /// 0 always plays the best.
    pub temper: u32,
}

impl Style {
    /// A searcher to depth `depth` (at most 64 plies) and `movetime`.
    pub fn search(depth: Option<u32>, movetime: Option<Duration>) -> Self {
        Self {
            depth: depth.unwrap_or(64).clamp(1, 64),
            movetime: movetime.unwrap_or(Duration::from_secs(1)),
            quiescence: true,
            nodes: None,
            temper: 0,
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
            temper: 0,
        }
    }

    /// What it says of itself after the engine's name: `greedy`,
    /// `depth N`, `nodes N`, nothing for the default search.
    fn label(&self) -> String {
        if *self == Self::greedy() {
            return "greedy".to_owned();
        }
        let depth = (self.depth < 64).then(|| format!("depth {}", self.depth));
        let nodes = self.nodes.map(|nodes| format!("nodes {nodes}"));
        [depth, nodes]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The searching player.
#[derive(Debug)]
pub struct SearchPlayer {
    style: Style,
    /// The level it plays at, if one is set (`--level`, the `Level`
    /// option): it replaces `style` but for its time a move.
    level: Option<Level>,
    /// The evaluation's weights at full strength (its options).
    weights: Weights,
    /// The weights a level plays with: those the levels were rated with.
    rated: Weights,
    table: Table,
    stop: Arc<AtomicBool>,
    /// The seeds of the levels' mistakes.
    rng: Rng,
}

impl SearchPlayer {
    /// A player of `style`, which `stop` interrupts.
    pub fn new(style: Style, stop: Arc<AtomicBool>) -> Self {
        Self {
            style,
            level: None,
            weights: Weights::default(),
            rated: Weights::rated(),
            table: Table::new(20),
            stop,
            rng: Rng::new(0),
        }
    }

    /// The same player at `level` (full strength when `None`), its
    /// mistakes drawn from `seed`.
    pub fn at_level(mut self, level: Option<Level>, seed: u64) -> Self {
        self.level = level;
        self.rng = Rng::new(seed);
        self
    }

    /// How it plays a game of `kind`: its level's style, or its own.
    fn style_for(&self, kind: GameKind) -> Style {
        (self.level).map_or(self.style, |level| level.style(kind, self.style.movetime))
    }

    /// When the search of this move must end.
    fn deadline(&self, limits: &GoLimits, started: Instant) -> Instant {
        started + self.budget(limits).0
    }

    /// The time this move may take at most, and, on a clock, the share
    /// of it after which the search begins no further depth
    /// ([`Limits::soft`]). On a clock of `time` ms left and `inc` a move,
    /// the share is `time / 25 + 3/4 inc`; the most is three shares (a
    /// search whose best move changed, or whose score fell, takes up to
    /// two), never more than a quarter of what is left, less 5 ms for
    /// the answer to travel. Sudden death (no increment) thus never runs
    /// out: each move leaves at least three quarters.
    fn budget(&self, limits: &GoLimits) -> (Duration, Option<Duration>) {
        let ms = Duration::from_millis;
        match (limits.movetime, limits.time) {
            (Some(movetime), _) => (ms(movetime.saturating_sub(10).max(1)), None),
            (None, Some(time)) => {
                let inc = limits.inc.unwrap_or(0);
                let share = time / 25 + inc * 3 / 4;
                let most = (3 * share).min(time / 4).saturating_sub(5).max(1);
                (ms(most), Some(ms(share.min(most))))
            }
            (None, None) => (self.style.movetime, None),
        }
    }
}

impl Player for SearchPlayer {
    /// `kifu-engine VERSION`, then its level or its style (`level 3`,
    /// `depth 4`, `greedy`) when it has one, as engines are named in
    /// matches.
    fn name(&self) -> String {
        let label = self
            .level
            .map_or_else(|| self.style.label(), |level| level.to_string());
        let name = format!("kifu-engine {}", env!("CARGO_PKG_VERSION"));
        match label.is_empty() {
            true => name,
            false => format!("{name} {label}"),
        }
    }

    /// `Level` (0: none, the search of the command line), then the
    /// evaluation's weights, game by game (`ManaFreePiece`).
    fn options(&self) -> Vec<(String, String)> {
        let level = self.level.map_or(0, Level::number);
        let mut options = vec![(LEVEL.to_owned(), level.to_string())];
        options.extend(self.weights.options());
        options
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        if name == LEVEL {
            let number = value.parse::<u8>().ok().filter(|&n| n <= *LEVELS.end());
            let Some(number) = number else {
                return Err(OptionError::NotInRange {
                    name: name.to_owned(),
                    value: value.to_owned(),
                    range: 0..=i32::from(*LEVELS.end()),
                });
            };
            self.level = Level::new(number);
            return Ok(());
        }
        let known = self.weights.set(name, value);
        known.unwrap_or_else(|| Err(OptionError::Unknown(name.to_owned())))
    }

    fn new_game(&mut self) {
        self.table.clear();
    }

    /// Without a level, escampe's White weighs every placement by rounds
    /// of search, as deep as its style goes, and Black draws one from
    /// the book; at a level, it weighs a few random placements by a
    /// short search, as when the levels were rated
    /// ([`super::placement`]).
    fn place(
        &mut self,
        placing: &dyn Placing,
        limits: &GoLimits,
        _: &mut dyn FnMut(Info),
    ) -> Vec<String> {
        let deadline = self.deadline(limits, Instant::now());
        let style = self.style_for(placing.board().kind());
        let seed = self.rng.next_u64();
        let book = Book::shipped(placing.board().kind());
        let mut judge = Judge {
            table: &mut self.table,
            weights: match self.level {
                None => &self.weights,
                Some(_) => &self.rated,
            },
            stop: &self.stop,
            deadline: Some(deadline),
        };
        match self.level {
            None => super::placement::choose(placing, &mut judge, style.depth, book.as_ref(), seed),
            Some(_) => super::placement::sampled(placing, &mut judge),
        }
    }

    fn turn(
        &mut self,
        game: &dyn AnyGame,
        limits: &GoLimits,
        tell: &mut dyn FnMut(Info),
    ) -> Vec<String> {
        let started = Instant::now();
        let style = self.style_for(game.kind());
        let (_, soft) = self.budget(limits);
        let search = Limits {
            depth: limits.depth.unwrap_or(style.depth).clamp(1, 64),
            deadline: Some(self.deadline(limits, started)),
            nodes: limits.nodes.or(style.nodes),
            quiescence: style.quiescence,
            mistakes: (style.temper > 0).then(|| Mistakes {
                temper: style.temper,
                seed: self.rng.next_u64(),
            }),
            soft,
        };
        if game.numbering() == Numbering::Turns {
            // Monte Carlo uses all the time it is given: on a clock, its
            // share.
            let deadline = soft.map(|share| started + share).or(search.deadline);
            let search = Limits { deadline, ..search };
            return best_turn(game, search, &limits.searchmoves, &self.stop, tell);
        }
        visit(
            game.kind(),
            Searching {
                game,
                limits: search,
                only: &limits.searchmoves,
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
    only: &'a [String],
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
        let weights = match player.level {
            None => player.weights.of(G::KIND),
            Some(_) => player.rated.of(G::KIND),
        };
        let only: Vec<G::Move> = (self.only.iter())
            .filter_map(|text| root.read_move(text.as_bytes()).ok())
            .collect();
        let best = think(
            root,
            self.limits,
            &only,
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
