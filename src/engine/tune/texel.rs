//! Texel's tuning method: a game's evaluation weights fitted to the
//! results of training positions by logistic regression.
//!
//! A position's evaluation `e` (hundredths of a piece, for the side to
//! move) is made a chance of winning by `sigmoid(K * e)`; the error of a
//! set of weights is the mean of `(result - sigmoid(K * e))^2` over the
//! positions ([`mean_squared_error`]). [`fit`] first fits `K` to the
//! positions with the weights it starts from (the engine's unless others
//! are given). Where the evaluation is a sum of the weights' terms (each
//! game's is), it fits the weights as real numbers by least squares
//! ([`super::least_squares`]) and rounds them; then it moves each weight
//! a step up or down, keeping what lowers the error, and halves the step
//! when no weight moves; it stops after a pass at a step of 1 moves none
//! (or after 1,000 passes). The steps start at 1 from the rounded real
//! weights, at the step asked from the start weights otherwise.
//!
//! Unlike Texel's, `K` is not held where it was first fitted: each trial
//! of the weights is judged at its own best `K` (searched within a
//! factor of 4 of the last). A piece's 100 is the one value no weight
//! sets, so the weights and `K` share the evaluation's scale, and with
//! `K` held, a weight that must grow with it cannot move alone: labels
//! made with Shogun's weights 6 and 45 left the fit stuck at 2 and 17.
//! Where the positions' evaluations owe nothing to what no weight sets
//! (escampe, whose pieces but the Unicorn are never taken, so that its
//! material never differs), the weights alone set the scale and only
//! their ratios can be fitted: `K` is then held where the engine's
//! weights put it, as Texel's method holds it, so that the weights found
//! stay at the engine's scale.
//!
//! Results that the evaluation does not tell, `K` fitting at its least,
//! are refused ([`FitError::NoSignal`]): mana's engine's own games are
//! such (`benches/curve.sh` found its curve flat too), and weights fitted
//! there run to the bounds of an option as `K` runs to 0. A trial whose
//! `K` fits at either end of its range is not taken: at the top, the
//! scores of a few positions decide alone (4 shogun games took `K` to
//! 1).

use super::least_squares::{self, Terms};
use super::{Sample, has_weights, no_weights};
use crate::engine::weights::{LIMIT, Weights, option_name};
use crate::engine::{Evaluation, EvaluationVisitor, visit};
use crate::game::GameKind;

/// The most passes over the weights, a bound that a fit far from its end
/// stops at.
const PASSES: usize = 1_000;

/// The range of `K` searched, per hundredth of a piece: from a piece
/// that barely counts (1e-6) to one that decides the game (1).
const SCALES: (f64, f64) = (1e-6, 1.0);

/// The weights of one game fitted to its positions.
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    /// The game.
    pub game: GameKind,
    /// How many positions were fitted.
    pub positions: usize,
    /// The scale `K` of `sigmoid(K * eval)` with the weights found.
    pub scale: f64,
    /// The scale `K` fitted to the weights the fit started from.
    pub scale_before: f64,
    /// The mean squared error with the weights the fit started from (and
    /// `scale_before`).
    pub before: f64,
    /// The mean squared error with the weights found (and `scale`).
    pub after: f64,
    /// The weights the fit started from (the engine's unless others were
    /// given), in the order of [`Evaluation::WEIGHTS`].
    pub start: Vec<i32>,
    /// The weights found, in the same order.
    pub weights: Vec<i32>,
    /// The passes made over the weights.
    pub passes: usize,
}

impl Fitted {
    /// The engine's own weights of the game, in the order of
    /// [`Evaluation::WEIGHTS`].
    pub fn defaults(&self) -> Vec<i32> {
        let weights = crate::engine::weights::weights_of(self.game);
        weights.iter().map(|w| w.default).collect()
    }

    /// The weights found as `kifu engine`'s options (`ManaFreePiece`),
    /// with their values.
    pub fn options(&self) -> Vec<(String, i32)> {
        let names = crate::engine::weights::weights_of(self.game);
        (names.iter())
            .zip(&self.weights)
            .map(|(weight, &value)| (option_name(self.game, weight), value))
            .collect()
    }
}

/// Why positions cannot be fitted.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FitError {
    /// No positions.
    #[error("no training positions to fit")]
    Empty,
    /// A game with no weights (lotus).
    #[error("{}", no_weights(*.0))]
    NoWeights(GameKind),
    /// Results that the evaluation does not tell: `K` fits at its least
    /// (a higher score wins no more often), and no weights can be fitted
    /// at a scale.
    #[error(
        "{0}: the evaluation does not tell these results: a higher score wins no more often (K fits at its least, {min})",
        min = SCALES.0
    )]
    NoSignal(GameKind),
    /// A sample whose tags set up no position.
    #[error("position {index}: {fault}")]
    Position {
        /// Its index among the samples, from 0.
        index: usize,
        /// Why.
        fault: super::SampleFault,
    },
}

/// The logistic function, `1 / (1 + exp(-x))`: a score times `K` made a
/// chance of winning.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean of `(result - sigmoid(scale * eval))^2` over paired
/// evaluations and results; 0 when there are none.
pub fn mean_squared_error(scale: f64, evals: &[i32], results: &[f64]) -> f64 {
    let sum: f64 = (evals.iter().zip(results))
        .map(|(&eval, &result)| {
            let miss = result - sigmoid(scale * f64::from(eval));
            miss * miss
        })
        .sum();
    sum / evals.len().max(1) as f64
}

/// Fits the weights of each game among `samples` (in the order of
/// [`GameKind::ALL`]), each from its weights in `start` (the engine's,
/// `Weights::default()`, unless some were set), the first step `step`
/// (at least 1).
///
/// # Errors
/// No samples, a game with no weights, or a sample whose tags set up no
/// position.
pub fn fit(samples: &[Sample], start: &Weights, step: u32) -> Result<Vec<Fitted>, FitError> {
    if samples.is_empty() {
        return Err(FitError::Empty);
    }
    let mut fitted = Vec::new();
    for &kind in GameKind::ALL {
        let of_kind: Vec<(usize, &Sample)> = (samples.iter().enumerate())
            .filter(|(_, sample)| sample.game == kind)
            .collect();
        if of_kind.is_empty() {
            continue;
        }
        if !has_weights(kind) {
            return Err(FitError::NoWeights(kind));
        }
        let step = i32::try_from(step).unwrap_or(LIMIT).clamp(1, LIMIT);
        fitted.push(visit(
            kind,
            Fitting {
                samples: &of_kind,
                start: start.of(kind),
                step,
            },
        )?);
    }
    Ok(fitted)
}

/// A fit, as the game's own type.
struct Fitting<'a> {
    samples: &'a [(usize, &'a Sample)],
    start: &'a [i32],
    step: i32,
}

impl EvaluationVisitor for Fitting<'_> {
    type Output = Result<Fitted, FitError>;

    fn visit<G: Evaluation>(self) -> Self::Output {
        let mut positions: Vec<G> = Vec::with_capacity(self.samples.len());
        let mut results = Vec::with_capacity(self.samples.len());
        for &(index, sample) in self.samples {
            let position = sample.position::<G>();
            positions.push(position.map_err(|fault| FitError::Position { index, fault })?);
            results.push(sample.result);
        }
        let evals = |weights: &[i32]| -> Vec<i32> {
            positions.iter().map(|p| p.evaluate(weights)).collect()
        };
        let start = self.start.to_vec();
        let mut weights = start.clone();
        let current = evals(&weights);
        let scale_before = fit_scale(&current, &results);
        if at_least(scale_before) {
            return Err(FitError::NoSignal(G::KIND));
        }
        let before = mean_squared_error(scale_before, &current, &results);
        let (mut scale, mut error) = (scale_before, before);
        // Whether anything but the weights moves the evaluation here: if
        // not, the weights alone set its scale, and `K` is held.
        let zeros = vec![0; weights.len()];
        let held = positions.iter().all(|p| p.evaluate(&zeros) == 0);
        // A trial's `K` and error; `None` for one whose `K` fits at either
        // end of its range.
        let judge = |trial: &[i32], around: f64| -> Option<(f64, f64)> {
            let tried = evals(trial);
            let tried_scale = match held {
                true => scale_before,
                false => refit_scale(&tried, &results, around),
            };
            let bounded = at_least(tried_scale) || tried_scale >= SCALES.1 / 1.001;
            (!bounded).then(|| {
                (
                    tried_scale,
                    mean_squared_error(tried_scale, &tried, &results),
                )
            })
        };
        let mut step = self.step;
        // The weights as real numbers first, rounded: whole steps then
        // only polish them.
        let real = Terms::of(&positions, &start)
            .and_then(|terms| least_squares::fit(&terms, &results, &start, scale, held));
        if let Some((real, around)) = real {
            let rounded: Vec<i32> = (real.iter())
                .map(|w| w.round().clamp(-f64::from(LIMIT), f64::from(LIMIT)) as i32)
                .collect();
            if let Some((tried_scale, tried_error)) =
                judge(&rounded, around).filter(|&(_, tried_error)| tried_error < error)
            {
                (weights, scale, error) = (rounded, tried_scale, tried_error);
                step = 1;
            }
        }
        let mut passes = 0;
        while passes < PASSES {
            passes += 1;
            let mut moved = false;
            for at in 0..weights.len() {
                for delta in [step, -step] {
                    let mut trial = weights.clone();
                    trial[at] = (trial[at] + delta).clamp(-LIMIT, LIMIT);
                    if trial == weights {
                        continue;
                    }
                    if let Some((tried_scale, tried_error)) =
                        judge(&trial, scale).filter(|&(_, tried_error)| tried_error < error)
                    {
                        (weights, scale, error) = (trial, tried_scale, tried_error);
                        moved = true;
                        break;
                    }
                }
            }
            if !moved {
                if step == 1 {
                    break;
                }
                step /= 2;
            }
        }
        Ok(Fitted {
            game: G::KIND,
            positions: positions.len(),
            scale,
            scale_before,
            before,
            after: error,
            start,
            weights,
            passes,
        })
    }
}

/// The scale `K` within [`SCALES`] that makes `sigmoid(K * eval)` fit the
/// results best: the best of a grid of ten a decade, then a golden
/// section search of the logarithm of `K` around it.
fn fit_scale(evals: &[i32], results: &[f64]) -> f64 {
    let error = |log: f64| mean_squared_error(log.exp(), evals, results);
    let (low, high) = (SCALES.0.ln(), SCALES.1.ln());
    let grid = std::f64::consts::LN_10 / 10.0;
    let points = ((high - low) / grid).round() as usize;
    let mut best = (low, error(low));
    for i in 1..=points {
        let log = low + grid * i as f64;
        let e = error(log);
        if e < best.1 {
            best = (log, e);
        }
    }
    let range = ((best.0 - grid).max(low), (best.0 + grid).min(high));
    let middle = golden(error, range, 60);
    match error(middle) < best.1 {
        true => middle.exp(),
        false => best.0.exp(),
    }
}

/// Whether a scale `K` is the least searched: a score that tells nothing.
fn at_least(scale: f64) -> bool {
    scale <= SCALES.0 * 1.001
}

/// The scale `K` that fits the results best within a factor of 4 of
/// `around`, by a golden section search of its logarithm; `around`
/// itself unless another fits better.
fn refit_scale(evals: &[i32], results: &[f64], around: f64) -> f64 {
    let spread = 4f64.ln();
    let (low, high) = (SCALES.0.ln(), SCALES.1.ln());
    let centre = around.ln();
    let found = golden(
        |log| mean_squared_error(log.exp(), evals, results),
        ((centre - spread).max(low), (centre + spread).min(high)),
        30,
    );
    let error = |scale: f64| mean_squared_error(scale, evals, results);
    match error(found.exp()) < error(around) {
        true => found.exp(),
        false => around,
    }
}

/// The point of `range` where `error`, taken to fall then rise there, is
/// least, by `steps` steps of a golden section search.
fn golden(error: impl Fn(f64) -> f64, (mut a, mut b): (f64, f64), steps: usize) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..steps {
        let c = b - ratio * (b - a);
        let d = a + ratio * (b - a);
        if error(c) < error(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{escampe::Escampe, mana::Mana, shogun::Shogun};
    use crate::random::Rng;

    /// `count` positions of random games of `G` from random starts, each
    /// labelled with the chance `sigmoid(scale * eval)` that its
    /// evaluation with `weights` gives.
    fn labelled<G: Evaluation>(
        count: usize,
        seed: u64,
        scale: f64,
        weights: &[i32],
    ) -> Vec<Sample> {
        let mut rng = Rng::new(seed);
        let mut samples = Vec::new();
        while samples.len() < count {
            let mut position: G = Sample::random_start(&mut rng).unwrap_or_else(|e| panic!("{e}"));
            let mut ply = 0;
            while !position.is_over() && samples.len() < count && ply < 200 {
                let chance = sigmoid(scale * f64::from(position.evaluate(weights)));
                samples.push(Sample::of(&position, ply, 0, chance));
                let moves = position.legal_moves();
                let Some(mv) = moves.get(rng.below(moves.len())) else {
                    break;
                };
                position.apply(mv);
                ply += 1;
            }
        }
        samples
    }

    /// Fits positions labelled by `known` and `scale`, from the engine's
    /// weights.
    fn fitted<G: Evaluation>(known: &[i32], scale: f64) -> Fitted {
        let samples = labelled::<G>(1500, 11, scale, known);
        let fitted = fit(&samples, &Weights::default(), 16).unwrap_or_else(|e| panic!("{e}"));
        let [fitted] = fitted.as_slice() else {
            panic!("{fitted:?}")
        };
        assert_ne!(fitted.start, known);
        assert!(fitted.after < fitted.before, "{fitted:?}");
        fitted.clone()
    }

    /// Checks that the weights found are `known` within 1, and the scale
    /// `scale` within 5%.
    fn recovers<G: Evaluation>(known: &[i32], scale: f64) -> Fitted {
        let fitted = fitted::<G>(known, scale);
        let near = (fitted.weights.iter().zip(known)).all(|(w, k)| (w - k).abs() <= 1);
        assert!(near, "{:?} found for {known:?}: {fitted:?}", fitted.weights);
        assert!((fitted.scale / scale - 1.0).abs() < 0.05, "{fitted:?}");
        assert!(fitted.after < 1e-6, "{fitted:?}");
        fitted
    }

    #[test]
    fn the_fit_recovers_the_weights_that_labelled_mana_positions() {
        let fitted = recovers::<Mana>(&[30, 90], 0.01);
        let options = fitted.options();
        assert_eq!(options[0].0, "ManaFreePiece");
        assert_eq!(options[1].0, "ManaThreat");
    }

    #[test]
    fn the_fit_recovers_escampes_weights_at_the_engines_scale() {
        // Escampe's material never differs: the weights found are the
        // known ones at the scale the engine's weights fit, K held there.
        let (known, scale) = ([4, 60], 0.006);
        let fitted = fitted::<Escampe>(&known, scale);
        assert_eq!(fitted.scale, fitted.scale_before);
        let rescaled = known.map(|k| f64::from(k) * scale / fitted.scale);
        let near =
            (fitted.weights.iter().zip(rescaled)).all(|(&w, k)| (f64::from(w) - k).abs() <= 1.0);
        assert!(
            near,
            "{:?} found for {rescaled:?}: {fitted:?}",
            fitted.weights
        );
        assert!(fitted.after < 1e-4, "{fitted:?}");
    }

    #[test]
    fn the_fit_recovers_the_weights_that_labelled_shogun_positions() {
        // Every weight, the pieces' work and their discs' among them.
        recovers::<Shogun>(&[6, 45, 3, 30, 10, 5, 8, 15, 25], 0.02);
    }

    #[test]
    fn the_default_weights_fit_their_own_labels_already() {
        let samples = labelled::<Mana>(300, 4, 0.008, &[]);
        let fitted = fit(&samples, &Weights::default(), 8).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(fitted[0].weights, fitted[0].start);
        assert!(fitted[0].before < 1e-9, "{fitted:?}");
        assert!(
            (fitted[0].scale_before / 0.008 - 1.0).abs() < 1e-3,
            "{fitted:?}"
        );
    }

    #[test]
    fn the_scale_fitted_is_the_one_that_labelled() {
        let evals: Vec<i32> = (-300..=300).step_by(7).collect();
        let results: Vec<f64> = evals
            .iter()
            .map(|&e| sigmoid(0.0123 * f64::from(e)))
            .collect();
        let scale = fit_scale(&evals, &results);
        assert!((scale - 0.0123).abs() < 1e-6, "{scale}");
        assert_eq!(mean_squared_error(0.5, &[], &[]), 0.0);
        assert_eq!(mean_squared_error(1.0, &[0, 0], &[1.0, 0.0]), 0.25);
    }

    #[test]
    fn results_that_the_evaluation_does_not_tell_are_refused() {
        // Each position twice, won once and lost once.
        let mut samples = labelled::<Mana>(200, 2, 0.01, &[]);
        for sample in &mut samples {
            sample.result = 1.0;
        }
        let lost = samples.iter().map(|s| Sample {
            result: 0.0,
            ..s.clone()
        });
        samples.extend(lost.collect::<Vec<_>>());
        let refused = fit(&samples, &Weights::default(), 16).map_err(|e| e.to_string());
        assert_eq!(
            refused,
            Err("mana: the evaluation does not tell these results: a higher score wins no more often (K fits at its least, 0.000001)".to_owned())
        );
    }

    #[test]
    fn nothing_to_fit_and_lotus_are_refused() {
        assert_eq!(fit(&[], &Weights::default(), 16), Err(FitError::Empty));
        let mut samples = labelled::<Mana>(2, 1, 0.01, &[]);
        samples[1].game = GameKind::Lotus;
        assert_eq!(
            fit(&samples, &Weights::default(), 16),
            Err(FitError::NoWeights(GameKind::Lotus))
        );
    }
}
