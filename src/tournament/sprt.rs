//! Sequential probability ratio test (SPRT) for a two-engine match, counted in game pairs
//! (two games of one opening with colours swapped), as fastchess does it by default.
//! A race's pair (two races of one opening, the seats rotated) is counted the same way, by the
//! first engine's points in the duels of places between its seats and the other's: the test
//! takes any number of equally spaced scores, of which a duel's pentanomial is the five.
//!
//! The method follows fastchess's default "normalized" model, pentanomial branch:
//! repository `Disservin/fastchess`, file `app/src/matchmaking/sprt/sprt.cpp`, functions
//! `SPRT::getLLR` (pentanomial overload) and `SPRT::getLLR_normalized`; the same method is
//! `LLR_normalized` in `official-stockfish/fishtest`, `server/fishtest/stats/LLRcalc.py`.
//! It is Michel Van den Bergh's generalized SPRT (GSPRT) on normalized Elo ("Comments on
//! normalized Elo", section 4.1): empty bins count as 0.001 pairs, and for each hypothesis the
//! pair-score distribution with `(mean - 1/2) / sd = sqrt(2) * nelo * ln(10) / 800` that is most
//! likely given the observed frequencies is found with a Lagrange multiplier and a fixed-point
//! iteration; the LLR is the pair count times the mean log ratio of the two. The bounds are
//! `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`; `elo0`, `elo1` are normalized Elo.

use std::fmt;
use std::str::FromStr;

/// Largest accepted |elo0|, |elo1| (kept in step with the message in `from_str`): from about
/// 231.6 the first step of the iteration, from the uniform distribution, has no solution.
const MAX_ELO: f64 = 200.0;

/// Parameters of `--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05` (alpha and beta default to 0.05).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtParams {
    /// Normalized Elo of the null hypothesis H0.
    pub elo0: f64,
    /// Normalized Elo of the alternative hypothesis H1 (greater than `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Counts of game pairs by the pair's points for the first engine: 0, 0.5, 1, 1.5, 2.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

/// What the test says so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtVerdict {
    /// Neither bound reached: play more pairs.
    Continue,
    /// The LLR fell to the lower bound: accept H0 (`elo0`).
    AcceptH0,
    /// The LLR reached the upper bound: accept H1 (`elo1`).
    AcceptH1,
}

/// The log-likelihood ratio, the bounds it is compared with, and the verdict.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtState {
    /// Log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// Lower bound, `ln(beta / (1 - alpha))`.
    pub lower: f64,
    /// Upper bound, `ln((1 - beta) / alpha)`.
    pub upper: f64,
    /// The verdict.
    pub verdict: SprtVerdict,
}

impl SprtParams {
    /// The LLR bounds `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.
    pub fn bounds(&self) -> (f64, f64) {
        let (a, b) = (self.alpha, self.beta);
        ((b / (1.0 - a)).ln(), ((1.0 - b) / a).ln())
    }

    /// Runs the test on the duels' pairs played so far; with no pairs the LLR is 0.
    pub fn test(&self, pairs: &Pentanomial) -> SprtState {
        self.test_scores(&pairs.0)
    }

    /// Runs the test on pairs counted in `counts`, bin `i` of `n + 1` the pairs that scored
    /// `i / n` of their points (at least two bins); with no pairs the LLR is 0.
    pub fn test_scores(&self, counts: &[u64]) -> SprtState {
        let (lower, upper) = self.bounds();
        let llr = self.llr(counts);
        let verdict = match llr {
            llr if llr >= upper => SprtVerdict::AcceptH1,
            llr if llr <= lower => SprtVerdict::AcceptH0,
            _ => SprtVerdict::Continue,
        };
        SprtState {
            llr,
            lower,
            upper,
            verdict,
        }
    }

    /// Generalized log-likelihood ratio of `elo1` against `elo0` for the pair counts.
    fn llr(&self, counts: &[u64]) -> f64 {
        if counts.len() < 2 || counts.iter().all(|&n| n == 0) {
            return 0.0;
        }
        let counts: Vec<f64> = (counts.iter())
            .map(|&n| if n == 0 { 1e-3 } else { n as f64 })
            .collect();
        let total: f64 = counts.iter().sum();
        let phat: Vec<f64> = counts.iter().map(|n| n / total).collect();
        let steps = (counts.len() - 1) as f64;
        let scores: Vec<f64> = (0..counts.len()).map(|i| i as f64 / steps).collect();
        let t_per_elo = std::f64::consts::SQRT_2 * std::f64::consts::LN_10 / 800.0;
        let p0 = mle_t_value(&scores, &phat, self.elo0 * t_per_elo);
        let p1 = mle_t_value(&scores, &phat, self.elo1 * t_per_elo);
        let mean_log_ratio: f64 = (phat.iter().zip(p1.iter().zip(&p0)))
            .map(|(q, (a, b))| q * (a / b).ln())
            .sum();
        total * mean_log_ratio
    }
}

/// The distribution on `scores` with `(mean - 1/2) / sd = t` most likely to give `phat`, by
/// the fixed-point iteration of Van den Bergh's section 4.1, started from the uniform
/// distribution.
fn mle_t_value(scores: &[f64], phat: &[f64], t: f64) -> Vec<f64> {
    let mut p = vec![1.0 / scores.len() as f64; scores.len()];
    // fastchess stops after 10 rounds or a change below 1e-4; we go on to 1e-10 for exactness.
    for _ in 0..100 {
        let mu: f64 = p.iter().zip(scores).map(|(p, a)| p * a).sum();
        let var: f64 = p
            .iter()
            .zip(scores)
            .map(|(p, a)| p * (a - mu).powi(2))
            .sum();
        let sigma = var.sqrt();
        let phi: Vec<f64> = (scores.iter())
            .map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)))
            .collect();
        let Some(theta) = secular_root(phat, &phi) else {
            break;
        };
        let next: Vec<f64> = (phat.iter().zip(&phi))
            .map(|(q, phi)| q / (1.0 + theta * phi))
            .collect();
        let change = (next.iter().zip(&p))
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-10 {
            break;
        }
    }
    p
}

/// Root `x` of `sum w_i phi_i / (1 + x phi_i) = 0` in `(-1 / max phi, -1 / min phi)`, where the
/// sum falls from +inf to -inf; Newton's method kept inside a shrinking bracket.
fn secular_root(w: &[f64], phi: &[f64]) -> Option<f64> {
    let min = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let max = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    let (mut lo, mut hi, mut x) = (-1.0 / max, -1.0 / min, 0.0);
    for _ in 0..200 {
        let (mut f, mut df) = (0.0, 0.0);
        for (w, phi) in w.iter().zip(phi) {
            let d = 1.0 + x * phi;
            f += w * phi / d;
            df -= w * phi * phi / (d * d);
        }
        if f > 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        let mut next = x - f / df;
        if next <= lo || next >= hi {
            next = 0.5 * (lo + hi);
        }
        if (next - x).abs() <= 1e-15 * (1.0 + x.abs()) {
            return Some(next);
        }
        x = next;
    }
    Some(x)
}

/// Why `--sprt` names no test.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SprtSyntax {
    /// An item without `=`.
    #[error("expected key=value, got '{0}'")]
    NotKeyValue(String),
    /// A key that is none of the four.
    #[error("unknown key '{0}' (use elo0, elo1, alpha, beta)")]
    UnknownKey(String),
    /// A key given twice.
    #[error("{0} is given twice")]
    Twice(&'static str),
    /// A value that is no finite number.
    #[error("{key} '{value}' is not a finite number")]
    NotFinite {
        /// The key.
        key: &'static str,
        /// Its value.
        value: String,
    },
    /// `elo0` or `elo1` left out.
    #[error("{0} is missing")]
    Missing(&'static str),
    /// `alpha` or `beta` not strictly between 0 and 1.
    #[error("{name} ({value}) must be strictly between 0 and 1")]
    NotAProbability {
        /// `alpha` or `beta`.
        name: &'static str,
        /// Its value.
        value: f64,
    },
    /// Error rates that add up to 1 or more.
    #[error("alpha ({alpha}) + beta ({beta}) must be below 1")]
    RatesTooHigh {
        /// The false positive rate.
        alpha: f64,
        /// The false negative rate.
        beta: f64,
    },
    /// `elo0` or `elo1` beyond ±200.
    #[error("{name} ({value}) must be between -200 and 200")]
    EloOutOfRange {
        /// `elo0` or `elo1`.
        name: &'static str,
        /// Its value.
        value: f64,
    },
    /// `elo1` not above `elo0`.
    #[error("elo1 ({elo1}) must be greater than elo0 ({elo0})")]
    EloOrder {
        /// The null hypothesis.
        elo0: f64,
        /// The alternative.
        elo1: f64,
    },
}

impl FromStr for SprtParams {
    type Err = SprtSyntax;

    /// Parses `elo0=0,elo1=10,alpha=0.05,beta=0.05`: keys in any order, `elo0` and `elo1`
    /// required, `alpha` and `beta` 0.05 when left out.
    fn from_str(s: &str) -> Result<Self, SprtSyntax> {
        let keys = ["elo0", "elo1", "alpha", "beta"];
        let mut values: [Option<f64>; 4] = [None; 4];
        for item in s.split(',') {
            let Some((key, value)) = item.split_once('=') else {
                return Err(SprtSyntax::NotKeyValue(item.to_owned()));
            };
            let (key, value) = (key.trim(), value.trim());
            let Some(slot) = keys.iter().position(|&k| k == key) else {
                return Err(SprtSyntax::UnknownKey(key.to_owned()));
            };
            let key = keys[slot];
            if values[slot].is_some() {
                return Err(SprtSyntax::Twice(key));
            }
            match value.parse::<f64>() {
                Ok(v) if v.is_finite() => values[slot] = Some(v),
                _ => {
                    let value = value.to_owned();
                    return Err(SprtSyntax::NotFinite { key, value });
                }
            }
        }
        let [Some(elo0), Some(elo1), alpha, beta] = values else {
            let missing = if values[0].is_none() { "elo0" } else { "elo1" };
            return Err(SprtSyntax::Missing(missing));
        };
        let (alpha, beta) = (alpha.unwrap_or(0.05), beta.unwrap_or(0.05));
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if value <= 0.0 || value >= 1.0 {
                return Err(SprtSyntax::NotAProbability { name, value });
            }
        }
        if alpha + beta >= 1.0 {
            return Err(SprtSyntax::RatesTooHigh { alpha, beta });
        }
        for (name, value) in [("elo0", elo0), ("elo1", elo1)] {
            if value.abs() > MAX_ELO {
                return Err(SprtSyntax::EloOutOfRange { name, value });
            }
        }
        if elo1 <= elo0 {
            return Err(SprtSyntax::EloOrder { elo0, elo1 });
        }
        Ok(SprtParams {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl fmt::Display for SprtParams {
    /// Writes `elo0=0,elo1=10,alpha=0.05,beta=0.05`, each number in its shortest form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (e0, e1, a, b) = (self.elo0, self.elo1, self.alpha, self.beta);
        write!(f, "elo0={e0},elo1={e1},alpha={a},beta={b}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(elo0: f64, elo1: f64) -> SprtParams {
        format!("elo0={elo0},elo1={elo1}").parse().unwrap()
    }

    /// The scores of a duel pair's five bins, as a fraction of its two points.
    const SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

    /// Independent reference for the largest mean log-likelihood under `(mean - 1/2) / sd = t`
    /// of the frequencies `phat` of `scores`: golden-section search over `sd` of the best
    /// distribution with mean `1/2 + t * sd` and that sd; its constraints are linear, so it is
    /// `H - max G` for a concave 2-D dual `G`, maximised by Newton's method.
    fn reference_loglik(scores: &[f64], phat: &[f64], t: f64) -> f64 {
        let n = scores.len();
        let profile = |sd: f64| {
            let c: Vec<f64> = scores.iter().map(|a| a - 0.5 - t * sd).collect();
            let d: Vec<f64> = c.iter().map(|c| c * c - sd * sd).collect();
            let den = |x: f64, y: f64, i: usize| 1.0 + x * c[i] + y * d[i];
            let dual = |x, y| (0..n).map(|i| phat[i] * den(x, y, i).ln()).sum::<f64>();
            let (mut x, mut y) = (0.0, 0.0);
            for _ in 0..100 {
                let (mut g, mut h) = ([0.0; 2], [0.0; 3]);
                for i in 0..n {
                    let (q, u, v) = (phat[i], c[i] / den(x, y, i), d[i] / den(x, y, i));
                    g = [g[0] + q * u, g[1] + q * v];
                    h = [h[0] + q * u * u, h[1] + q * u * v, h[2] + q * v * v];
                }
                let det = h[0] * h[2] - h[1] * h[1];
                let sx = (h[2] * g[0] - h[1] * g[1]) / det;
                let sy = (h[0] * g[1] - h[1] * g[0]) / det;
                let mut step = 1.0;
                while !dual(x + step * sx, y + step * sy).is_finite() && step > 1e-12 {
                    step /= 2.0;
                }
                (x, y) = (x + step * sx, y + step * sy);
                if step * (sx.abs() + sy.abs()) < 1e-15 {
                    break;
                }
            }
            phat.iter().map(|q| q * q.ln()).sum::<f64>() - dual(x, y)
        };
        let (mut a, mut b, r) = (0.01, 0.49, (5f64.sqrt() - 1.0) / 2.0);
        for _ in 0..80 {
            let (x1, x2) = (b - r * (b - a), a + r * (b - a));
            let rising = profile(x1) < profile(x2);
            (a, b) = if rising { (x1, b) } else { (a, x2) };
        }
        assert!(a > 0.011 && b < 0.489, "optimum at the edge of the search");
        profile((a + b) / 2.0)
    }

    /// The LLR the reference gives for `counts` of equally spaced scores.
    fn reference_llr(counts: &[u64], elo0: f64, elo1: f64) -> f64 {
        let counts_f: Vec<f64> = (counts.iter())
            .map(|&n| if n == 0 { 1e-3 } else { n as f64 })
            .collect();
        let total: f64 = counts_f.iter().sum();
        let phat: Vec<f64> = counts_f.iter().map(|n| n / total).collect();
        let steps = (counts.len() - 1) as f64;
        let scores: Vec<f64> = (0..counts.len()).map(|i| i as f64 / steps).collect();
        let loglik =
            |elo: f64| reference_loglik(&scores, &phat, elo * 2f64.sqrt() * 10f64.ln() / 800.0);
        total * (loglik(elo1) - loglik(elo0))
    }

    #[test]
    fn llr_matches_fastchess_and_an_independent_reference() {
        // fastchess app/tests/sprt_test.cpp, "normalized pentanomial 1/2/3", checked there to 1%
        // (its looser iteration gives 111.82 for the last; converged, it is 111.7976).
        for (counts, elo0, elo1, published) in [
            ([365, 16618, 36029 + 200, 16974, 390], 0.0, 2.0, 2.25),
            ([127, 4883, 10311 + 401, 5150, 104], -1.75, 0.25, 3.01),
            ([0, 0, 0, 0, 5550], 0.0, 5.0, 111.82),
        ] {
            let llr = params(elo0, elo1).test(&Pentanomial(counts)).llr;
            assert!((llr / published - 1.0).abs() < 0.01, "{counts:?}: {llr}");
        }
        for (counts, elo0, elo1) in [
            ([365, 16618, 36229, 16974, 390], 0.0, 2.0),
            ([127, 4883, 10712, 5150, 104], -1.75, 0.25),
            ([3, 10, 25, 12, 5], 0.0, 10.0),
            ([0, 4, 9, 6, 2], -5.0, 5.0),
            ([1, 3, 2, 0, 0], -20.0, 30.0),
        ] {
            let expected = reference_llr(&counts, elo0, elo1);
            let llr = params(elo0, elo1).test(&Pentanomial(counts)).llr;
            assert!((llr - expected).abs() < 1e-6, "{llr} vs {expected}");
        }
    }

    #[test]
    fn race_pairs_of_more_bins_match_the_reference() {
        // Pairs of three-seat races: 0 to 4 points by half points, nine bins.
        for (counts, elo0, elo1) in [
            (vec![2, 5, 14, 30, 41, 33, 17, 6, 1], 0.0, 10.0),
            (vec![0, 1, 3, 9, 20, 26, 18, 10, 4], -10.0, 0.0),
            (vec![0, 0, 0, 2, 5, 3, 0, 0, 0], 0.0, 30.0),
        ] {
            let expected = reference_llr(&counts, elo0, elo1);
            let llr = params(elo0, elo1).test_scores(&counts).llr;
            assert!((llr - expected).abs() < 1e-6, "{llr} vs {expected}");
        }
        let p = params(0.0, 10.0);
        assert_eq!(p.test_scores(&[0; 9]).llr, 0.0);
        assert_eq!(p.test_scores(&[7]).llr, 0.0);
        let ahead = [0, 0, 0, 0, 0, 0, 0, 100, 400];
        assert_eq!(p.test_scores(&ahead).verdict, SprtVerdict::AcceptH1);
    }

    #[test]
    fn bounds_and_verdicts() {
        let p = params(0.0, 10.0);
        let (lower, upper) = p.bounds();
        assert!((lower + 19f64.ln()).abs() < 1e-12 && (upper - 19f64.ln()).abs() < 1e-12);
        let empty = p.test(&Pentanomial::default());
        assert_eq!((empty.llr, empty.verdict), (0.0, SprtVerdict::Continue));
        let verdict = |counts| p.test(&Pentanomial(counts)).verdict;
        assert_eq!(verdict([0, 0, 0, 0, 500]), SprtVerdict::AcceptH1);
        assert_eq!(verdict([0, 0, 3000, 0, 0]), SprtVerdict::AcceptH0);
    }

    /// Pair distribution of two independent games, each drawn with probability 0.3, whose pair
    /// score has normalized Elo `nelo` (found by bisection on the games' logistic Elo).
    fn pair_distribution(nelo: f64) -> [f64; 5] {
        let (mut lo, mut hi, d) = (-400.0, 400.0, 0.3);
        let mut p = [0.0; 5];
        for _ in 0..60 {
            let elo = 0.5 * (lo + hi);
            let score = 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
            let (w, l) = (score - d / 2.0, 1.0 - score - d / 2.0);
            p = [l * l, 2.0 * l * d, d * d + 2.0 * w * l, 2.0 * w * d, w * w];
            let mu: f64 = (0..5).map(|i| p[i] * SCORES[i]).sum();
            let var: f64 = (0..5).map(|i| p[i] * (SCORES[i] - mu).powi(2)).sum();
            let n = (mu - 0.5) / (2.0 * var).sqrt() * 800.0 / 10f64.ln();
            (lo, hi) = if n < nelo { (elo, hi) } else { (lo, elo) };
        }
        p
    }

    /// Counts (H0 accepted, H1 accepted) over `runs` simulated matches at normalized Elo `nelo`,
    /// drawing pairs with a splitmix64 generator seeded with `seed`.
    fn simulate(p: SprtParams, nelo: f64, runs: u32, mut seed: u64) -> (u32, u32) {
        let dist = pair_distribution(nelo);
        let mut uniform = || {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let z = (seed ^ (seed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) as f64 / 2f64.powi(64)
        };
        let mut decided = (0, 0);
        for _ in 0..runs {
            let mut pairs = Pentanomial::default();
            for _ in 0..200_000 {
                let (mut u, mut bin) = (uniform(), 0);
                while bin < 4 && u >= dist[bin] {
                    (u, bin) = (u - dist[bin], bin + 1);
                }
                pairs.0[bin] += 1;
                match p.test(&pairs).verdict {
                    SprtVerdict::Continue => continue,
                    SprtVerdict::AcceptH0 => decided.0 += 1,
                    SprtVerdict::AcceptH1 => decided.1 += 1,
                }
                break;
            }
        }
        decided
    }

    #[test]
    fn error_rates_at_elo0_and_elo1() {
        // elo1 = 40 keeps this near a second in a debug build; at 10,000 runs (release build)
        // the rates were 4.7% and 4.6%.
        let (p, runs) = (params(0.0, 40.0), 400);
        let limit = (0.05 + 3.0 * (0.05f64 * 0.95 / f64::from(runs)).sqrt()) * f64::from(runs);
        let (h0_at_0, h1_at_0) = simulate(p, 0.0, runs, 1);
        let (h0_at_40, h1_at_40) = simulate(p, 40.0, runs, 2);
        assert_eq!(
            h0_at_0 + h1_at_0 + h0_at_40 + h1_at_40,
            2 * runs,
            "undecided"
        );
        let message = format!("H1 at elo0: {h1_at_0}, H0 at elo1: {h0_at_40}, of {runs}");
        assert!(f64::from(h1_at_0.max(h0_at_40)) <= limit, "{message}");
    }

    #[test]
    fn far_above_elo1_accepts_h1() {
        let (_, h1) = simulate(params(0.0, 40.0), 100.0, 200, 3);
        assert!(h1 >= 198, "H1 accepted only {h1} of 200 at 100 Elo");
    }

    #[test]
    fn parses_and_displays() {
        let p = SprtParams::from_str("beta=0.1, alpha=0.02,elo1=0.25 ,elo0=-1.75").unwrap();
        assert_eq!((p.elo0, p.elo1, p.alpha, p.beta), (-1.75, 0.25, 0.02, 0.1));
        assert_eq!(p.to_string(), "elo0=-1.75,elo1=0.25,alpha=0.02,beta=0.1");
        let p: SprtParams = "elo0=0,elo1=10".parse().unwrap();
        assert_eq!(p.to_string(), "elo0=0,elo1=10,alpha=0.05,beta=0.05");
        assert_eq!(p.to_string().parse::<SprtParams>(), Ok(p));
    }

    #[test]
    fn rejects_bad_strings() {
        for case in [
            " => expected key=value, got ''",
            "elo0=0,elo1 => expected key=value, got 'elo1'",
            "elo0=0,elo2=5 => unknown key 'elo2' (use elo0, elo1, alpha, beta)",
            "elo0=0,elo0=1,elo1=5 => elo0 is given twice",
            "elo0=x,elo1=5 => elo0 'x' is not a finite number",
            "elo0=0,elo1=inf => elo1 'inf' is not a finite number",
            "elo1=5 => elo0 is missing",
            "elo0=0,beta=0.1 => elo1 is missing",
            "elo0=0,elo1=5,alpha=0 => alpha (0) must be strictly between 0 and 1",
            "elo0=0,elo1=5,beta=1 => beta (1) must be strictly between 0 and 1",
            "elo0=0,elo1=5,alpha=0.6,beta=0.5 => alpha (0.6) + beta (0.5) must be below 1",
            "elo0=0,elo1=250 => elo1 (250) must be between -200 and 200",
            "elo0=10,elo1=5 => elo1 (5) must be greater than elo0 (10)",
            "elo0=1,elo1=1 => elo1 (1) must be greater than elo0 (1)",
        ] {
            let (input, message) = case.split_once(" => ").unwrap();
            let got = SprtParams::from_str(input).map_err(|e| e.to_string());
            assert_eq!(got, Err(message.to_owned()));
        }
    }
}
