//! Training positions from self-play: the built-in engine's search
//! ([`think`]) plays both sides from a random start and a few random
//! plies, at a fixed depth, and each quiet position it searched becomes a
//! [`Sample`] once the game's result is known.
//!
//! A position is kept when the search's score is not a forced win or
//! loss (the evaluation has nothing to learn there) and the move it chose
//! is not a capture (a position with a capture pending is not quiet: its
//! evaluation says little of what the search saw, as Texel's method
//! keeps only quiet positions). A game that reaches
//! [`SelfPlay::max_plies`] unfinished gives no positions, having no
//! result to teach.

use super::{Sample, has_weights, no_weights};
use crate::engine::{Evaluation, EvaluationVisitor, Limits, MATE_BOUND, Table, think, visit};
use crate::game::{GameKind, Outcome};
use crate::random::Rng;
use std::io;
use std::sync::atomic::AtomicBool;

/// The transposition table's size, in bits of its number of entries: a
/// table cleared at each game's start, so that a game's moves follow from
/// the seed alone.
const TABLE_BITS: u32 = 18;

/// How self-play makes training positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelfPlay {
    /// The game.
    pub game: GameKind,
    /// How many games.
    pub games: u32,
    /// The depth of each move's search, in plies.
    pub depth: u32,
    /// The most nodes of each move's search, if bounded.
    pub nodes: Option<u64>,
    /// How many uniformly random plies open each game (from a random
    /// start), so that games differ.
    pub random_plies: u32,
    /// The longest game: one still going after this many plies is left
    /// out.
    pub max_plies: u32,
    /// The seed of the starts and the random plies: the same settings
    /// give the same games.
    pub seed: u64,
}

impl SelfPlay {
    /// The defaults for `game`: 10 games at depth 4, opened by 8 random
    /// plies, at most 400 plies long, from seed 0.
    pub fn new(game: GameKind) -> Self {
        Self {
            game,
            games: 10,
            depth: 4,
            nodes: None,
            random_plies: 8,
            max_plies: 400,
            seed: 0,
        }
    }
}

/// One game of self-play.
#[derive(Debug, Clone, PartialEq)]
pub struct SelfPlayed {
    /// Its quiet positions, each with its result (none for a game cut at
    /// [`SelfPlay::max_plies`]).
    pub samples: Vec<Sample>,
    /// How it ended; `None` when it was cut short.
    pub outcome: Option<Outcome>,
    /// How many plies it lasted.
    pub plies: u32,
}

/// Why self-play could not run.
#[derive(Debug, thiserror::Error)]
pub enum SelfPlayError {
    /// A game with no weights to tune (lotus).
    #[error("{}", no_weights(*.0))]
    NoWeights(GameKind),
    /// A random start that is no position (a fault of the game's
    /// `random_tags`).
    #[error(transparent)]
    Start(#[from] super::SampleFault),
    /// What each game was handed to failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Plays `settings.games` games of self-play, handing each to `each` as
/// it ends.
///
/// # Errors
/// A game with no weights (lotus), or the first error of `each`.
pub fn self_play(
    settings: &SelfPlay,
    each: &mut dyn FnMut(SelfPlayed) -> io::Result<()>,
) -> Result<(), SelfPlayError> {
    if !has_weights(settings.game) {
        return Err(SelfPlayError::NoWeights(settings.game));
    }
    visit(settings.game, Playing { settings, each })
}

/// Self-play, as the game's own type.
struct Playing<'a> {
    settings: &'a SelfPlay,
    each: &'a mut dyn FnMut(SelfPlayed) -> io::Result<()>,
}

impl EvaluationVisitor for Playing<'_> {
    type Output = Result<(), SelfPlayError>;

    fn visit<G: Evaluation>(self) -> Self::Output {
        let mut rng = Rng::new(self.settings.seed);
        let mut table = Table::new(TABLE_BITS);
        for _ in 0..self.settings.games {
            let start: G = Sample::random_start(&mut rng)?;
            table.clear();
            let played = play_one(start, self.settings, &mut rng, &mut table);
            (self.each)(played)?;
        }
        Ok(())
    }
}

/// One game from `position`: the random plies, then the search's.
fn play_one<G: Evaluation>(
    mut position: G,
    settings: &SelfPlay,
    rng: &mut Rng,
    table: &mut Table,
) -> SelfPlayed {
    let limits = Limits {
        depth: settings.depth.clamp(1, 64),
        deadline: None,
        nodes: settings.nodes,
        quiescence: true,
        mistakes: None,
        soft: None,
    };
    let stop = AtomicBool::new(false);
    let mut plies = 0;
    while plies < settings.random_plies && !position.is_over() {
        let moves = position.legal_moves();
        let Some(mv) = moves.get(rng.below(moves.len())) else {
            break;
        };
        position.apply(mv);
        plies += 1;
    }
    // Each kept position, its score, and who was to move there.
    let mut kept = Vec::new();
    while plies < settings.max_plies && !position.is_over() {
        let mut score = None;
        let best = think(&position, limits, &[], &[], &stop, table, |p| {
            score = Some(p.score);
        });
        let Some(best) = best else {
            break;
        };
        let quiet = !position.is_capture(&best);
        if let Some(score) = score.filter(|s| quiet && s.abs() <= MATE_BOUND) {
            let mover = position.turn().mover.to_owned();
            kept.push((Sample::of(&position, plies, score, 0.5), mover));
        }
        position.apply(&best);
        plies += 1;
    }
    let outcome = position.outcome();
    let samples = match &outcome {
        None => Vec::new(),
        Some(outcome) => (kept.into_iter())
            .map(|(sample, mover)| {
                let result = match outcome.winner.as_deref() {
                    Some(winner) if winner == mover => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                Sample { result, ..sample }
            })
            .collect(),
    };
    SelfPlayed {
        samples,
        outcome,
        plies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::escampe::Escampe;

    /// Every game of `settings`.
    fn games(settings: &SelfPlay) -> Vec<SelfPlayed> {
        let mut games = Vec::new();
        self_play(settings, &mut |game| {
            games.push(game);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
        games
    }

    #[test]
    fn the_same_seed_plays_the_same_games_and_another_seed_others() {
        let settings = SelfPlay {
            games: 3,
            depth: 2,
            seed: 5,
            ..SelfPlay::new(GameKind::Escampe)
        };
        let first = games(&settings);
        assert_eq!(first.len(), 3);
        assert_eq!(first, games(&settings));
        let other = games(&SelfPlay {
            seed: 6,
            ..settings
        });
        assert_ne!(first, other);
    }

    #[test]
    fn each_result_is_the_games_end_for_the_side_to_move() {
        let settings = SelfPlay {
            games: 4,
            depth: 2,
            random_plies: 4,
            ..SelfPlay::new(GameKind::Escampe)
        };
        let played = games(&settings);
        let samples: usize = played.iter().map(|game| game.samples.len()).sum();
        assert!(samples > 20, "{samples} samples");
        for game in &played {
            let Some(outcome) = &game.outcome else {
                assert!(game.samples.is_empty());
                continue;
            };
            let mut last = None;
            for sample in &game.samples {
                let position: Escampe = sample.position().unwrap_or_else(|e| panic!("{e}"));
                let won = outcome.winner.as_deref() == Some(position.turn().mover);
                let expected = match outcome.winner {
                    None => 0.5,
                    Some(_) if won => 1.0,
                    Some(_) => 0.0,
                };
                assert_eq!(sample.result, expected, "{sample:?}");
                assert!(sample.score.abs() <= MATE_BOUND);
                assert!(sample.ply >= settings.random_plies && sample.ply < game.plies);
                assert!(last < Some(sample.ply), "plies in order");
                last = Some(sample.ply);
            }
        }
    }

    #[test]
    fn a_game_cut_short_gives_no_positions() {
        let settings = SelfPlay {
            games: 1,
            depth: 1,
            max_plies: 12,
            ..SelfPlay::new(GameKind::Mana)
        };
        let played = games(&settings);
        assert_eq!(played.len(), 1);
        assert_eq!((played[0].plies, played[0].outcome.is_none()), (12, true));
        assert_eq!(played[0].samples, []);
    }

    #[test]
    fn lotus_is_refused_in_words() {
        let error = self_play(&SelfPlay::new(GameKind::Lotus), &mut |_| Ok(()));
        assert_eq!(
            error.map_err(|e| e.to_string()),
            Err("lotus has no evaluation weights to tune: its engine plays races out (Monte Carlo) and weighs no position".to_owned())
        );
    }
}
