//! Elo ratings of a field of engines, fitted by maximum likelihood over all games at once
//! (like Ordo or BayesElo, not pair by pair), with a 95% interval for each engine.
//!
//! Model: logistic Elo; `i` is expected to score `1 / (1 + 10^((r_j - r_i) / 400))` against `j`.
//! A draw counts as half a win and half a loss (Ordo's treatment, no white advantage), so the
//! ratings maximise `sum over games of s ln E + (1 - s) ln (1 - E)`. The maximum is found by
//! Newton's method with a backtracking line search; the log-likelihood is concave, so it converges.
//!
//! Anchor: only differences are determined, so the ratings are shifted to a mean of 0 over the
//! rated engines (all engines whenever every rating is finite).
//!
//! Interval: ±1.96 standard errors from the observed Fisher information (the Hessian of the
//! negative log-likelihood at the optimum), inverted under the sum-to-zero constraint (its
//! pseudo-inverse). It is the uncertainty of the rating relative to the field's mean, not to
//! another engine. Draws vary less than the binomial model assumes, so with many draws the
//! interval is a little conservative.
//!
//! Undefined cases: ratings are finite only within a group in which every engine can be reached
//! from every other by "scored some points against" (a strongly connected group). An engine with
//! 0% or 100%, or two parts of the field that never meet, would be infinitely far apart. So the
//! largest such group is rated alone (its own games, mean 0 over it) and every other engine gets
//! `None`. If no group is strictly the largest (e.g. two pairs that never meet), or it has fewer
//! than two engines, nobody is rated: there is no common scale to report.

/// One game: the two engines (indices) and the first one's points (0, 0.5 or 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Game {
    /// The first engine.
    pub first: usize,
    /// The second engine.
    pub second: usize,
    /// The first engine's points: 1, 1/2 or 0.
    pub points: f64,
}

/// Each engine's rating and the half-width of its 95% interval, in Elo, the field's mean 0
/// (`None` where the rating is infinite or undefined, see the module doc).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating, in Elo, the field's mean 0.
    pub elo: Option<f64>,
    /// The half-width of its 95% interval, in Elo.
    pub error: Option<f64>,
}

/// No rating: the maximum-likelihood rating does not exist (it is infinite).
const UNRATED: Rating = Rating {
    elo: None,
    error: None,
};

/// The ratings of `engines` engines from `games`. Games of an engine against itself, with an
/// index out of range, or with points outside `0..=1` are ignored.
pub fn ratings(engines: usize, games: &[Game]) -> Vec<Rating> {
    let mut out = vec![UNRATED; engines];
    let valid = |g: &&Game| {
        g.first != g.second && g.first.max(g.second) < engines && (0.0..=1.0).contains(&g.points)
    };
    // reach[i][j]: a chain of "scored points against" leads from i to j.
    let mut reach = vec![vec![false; engines]; engines];
    for g in games.iter().filter(valid) {
        reach[g.first][g.second] |= g.points > 0.0;
        reach[g.second][g.first] |= g.points < 1.0;
    }
    for k in 0..engines {
        let via = reach[k].clone();
        for row in reach.iter_mut().filter(|row| row[k]) {
            row.iter_mut().zip(&via).for_each(|(r, v)| *r |= v);
        }
    }
    let same = |i: usize, j: usize| i == j || reach[i][j] && reach[j][i];
    let sizes: Vec<usize> = (0..engines)
        .map(|i| (0..engines).filter(|&j| same(i, j)).count())
        .collect();
    let largest = sizes.iter().copied().max().unwrap_or(0);
    let members: Vec<usize> = (0..engines).filter(|&i| sizes[i] == largest).collect();
    if largest < 2 || members.len() != largest {
        return out;
    }
    let pos = |i| members.iter().position(|&m| m == i);
    let k = members.len();
    let (mut n, mut w) = (vec![vec![0.0; k]; k], vec![vec![0.0; k]; k]);
    for g in games.iter().filter(valid) {
        if let (Some(a), Some(b)) = (pos(g.first), pos(g.second)) {
            n[a][b] += 1.0;
            n[b][a] += 1.0;
            w[a][b] += g.points;
            w[b][a] += 1.0 - g.points;
        }
    }
    if let Some((theta, var)) = solve(&n, &w) {
        let scale = 400.0 / std::f64::consts::LN_10;
        let mean = theta.iter().sum::<f64>() / k as f64;
        for (a, &i) in members.iter().enumerate() {
            out[i] = Rating {
                elo: Some((theta[a] - mean) * scale),
                error: Some(1.96 * var[a].max(0.0).sqrt() * scale),
            };
        }
    }
    out
}

/// `ln(1 / (1 + e^-x))`, without overflow.
fn ln_sigmoid(x: f64) -> f64 {
    if x > 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

/// Log-likelihood of natural-unit ratings `theta` (Elo times ln 10 / 400), given the points
/// `w[a][b]` that `a` scored against `b` (its losses are `b`'s points against `a`).
fn log_likelihood(w: &[Vec<f64>], theta: &[f64]) -> f64 {
    let mut sum = 0.0;
    for (a, wa) in w.iter().enumerate() {
        for (b, wab) in wa.iter().enumerate() {
            sum += wab * ln_sigmoid(theta[a] - theta[b]);
        }
    }
    sum
}

/// Newton's method; returns the ratings (natural units, sum 0) and their variances.
fn solve(n: &[Vec<f64>], w: &[Vec<f64>]) -> Option<(Vec<f64>, Vec<f64>)> {
    let k = n.len();
    let mut theta = vec![0.0_f64; k];
    for _ in 0..200 {
        // Gradient, and the Hessian of -L plus 1/k everywhere, which is invertible; as the
        // gradient sums to 0, solving with it gives the sum-preserving Newton step.
        let mut grad = vec![0.0; k];
        let mut hess = vec![vec![1.0 / k as f64; k]; k];
        for a in 0..k {
            for b in 0..k {
                let e = 1.0 / (1.0 + (theta[b] - theta[a]).exp());
                grad[a] += w[a][b] - n[a][b] * e;
                hess[a][b] -= n[a][b] * e * (1.0 - e);
                hess[a][a] += n[a][b] * e * (1.0 - e);
            }
        }
        let inverse = invert(&hess)?;
        let step: Vec<f64> = inverse
            .iter()
            .map(|row| row.iter().zip(&grad).map(|(x, g)| x * g).sum())
            .collect();
        // Halve the step until the likelihood does not drop (beyond rounding).
        let base = log_likelihood(w, &theta);
        let slack = 1e-12 * base.abs().max(1.0);
        let moved = |t: f64| theta.iter().zip(&step).map(|(x, d)| x + t * d).collect();
        let accepted = (0..40)
            .map(|h| moved(0.5f64.powi(h)))
            .find(|trial: &Vec<f64>| log_likelihood(w, trial) >= base - slack);
        // Stop once the step is negligible (or no step helps: the optimum within rounding).
        let Some(trial) = accepted.filter(|_| step.iter().any(|d| d.abs() > 1e-9)) else {
            // The pseudo-inverse of the Hessian is `inverse - 1/k`.
            let var = (0..k).map(|a| inverse[a][a] - 1.0 / k as f64).collect();
            return theta.iter().all(|x| x.is_finite()).then_some((theta, var));
        };
        theta = trial;
    }
    None
}

/// Inverse of a square matrix by Gauss-Jordan elimination; `None` if it is singular.
fn invert(matrix: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let k = matrix.len();
    let size = matrix.concat().iter().fold(0.0, |m: f64, x| m.max(x.abs()));
    let mut a = matrix.to_vec();
    for (i, row) in a.iter_mut().enumerate() {
        row.extend((0..k).map(|j| f64::from(u8::from(i == j))));
    }
    for col in 0..k {
        let pivot = (col..k).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        let p = a[pivot][col];
        if p.abs() <= 1e-14 * size || !p.is_finite() {
            return None;
        }
        a.swap(col, pivot);
        a[col].iter_mut().for_each(|x| *x /= p);
        let prow = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            let f = row[col];
            if r != col {
                row.iter_mut().zip(&prow).for_each(|(x, y)| *x -= f * y);
            }
        }
    }
    Some(a.into_iter().map(|row| row[k..].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first: usize, second: usize, points: f64) -> Game {
        Game {
            first,
            second,
            points,
        }
    }

    /// Adds `wins`, `draws` and `losses` of `a` against `b`, alternating who is listed first.
    fn play(games: &mut Vec<Game>, a: usize, b: usize, wins: u32, draws: u32, losses: u32) {
        for (count, points) in [(wins, 1.0), (draws, 0.5), (losses, 0.0)] {
            for g in 0..count {
                let (x, y, s) = [(a, b, points), (b, a, 1.0 - points)][g as usize % 2];
                games.push(game(x, y, s));
            }
        }
    }

    #[test]
    fn two_engines_agree_with_the_classic_formula() {
        for (w, d, l) in [(5, 0, 5), (7, 2, 1), (30, 50, 20), (0, 3, 1), (0, 1, 9999)] {
            let mut games = Vec::new();
            play(&mut games, 0, 1, w, d, l);
            let n = f64::from(w + d + l);
            let p = (f64::from(w) + f64::from(d) / 2.0) / n;
            let r = ratings(2, &games);
            let e: Vec<f64> = r.iter().map(|x| x.elo.unwrap()).collect();
            assert!((e[0] - e[1] + 400.0 * (1.0 / p - 1.0).log10()).abs() < 1e-6);
            assert!((e[0] + e[1]).abs() < 1e-9);
            // Each rating is half the difference away from the mean.
            let se = 0.5 * 400.0 / std::f64::consts::LN_10 / (n * p * (1.0 - p)).sqrt();
            assert!((r[0].error.unwrap() - 1.96 * se).abs() < 1e-6);
        }
        for (w, d, l) in [(0, 0, 5), (4, 0, 0)] {
            let mut games = Vec::new();
            play(&mut games, 0, 1, w, d, l);
            assert_eq!(ratings(2, &games), vec![UNRATED; 2]);
        }
        assert_eq!(ratings(2, &[game(1, 1, 1.0)]), vec![UNRATED; 2]);
    }

    #[test]
    fn matches_brute_force_maximum_and_numeric_hessian() {
        let table = [(0, 1, 12, 5, 3), (0, 2, 9, 6, 5), (0, 3, 14, 2, 4)];
        let more = [(1, 2, 7, 8, 5), (1, 3, 10, 4, 6), (2, 3, 5, 7, 8)];
        let mut games = Vec::new();
        let mut pairs = Vec::new(); // (a, b, points of a, games)
        for &(a, b, w, d, l) in table.iter().chain(&more) {
            play(&mut games, a, b, w, d, l);
            let points = f64::from(w) + f64::from(d) / 2.0;
            pairs.push((a, b, points, f64::from(w + d + l)));
        }
        let ll = |r: &[f64]| -> f64 {
            let term = |&(a, b, s, n): &(usize, usize, f64, f64)| {
                let e = 1.0 / (1.0 + 10f64.powf((r[b] - r[a]) / 400.0));
                s * e.ln() + (n - s) * (1.0 - e).ln()
            };
            pairs.iter().map(term).sum()
        };
        // Coordinate search (engine 3 fixed): move one rating while that helps, then halve.
        let (mut r, mut step) = ([0.0; 4], 64.0);
        while step > 1e-6 {
            let before = r;
            for i in 0..3 {
                for d in [step, -step] {
                    let mut x = r;
                    x[i] += d;
                    if ll(&x) > ll(&r) {
                        r = x;
                    }
                }
            }
            if r == before {
                step /= 2.0;
            }
        }
        let mean = r.iter().sum::<f64>() / 4.0;
        r.iter_mut().for_each(|x| *x -= mean);
        let got = ratings(4, &games);
        for (g, want) in got.iter().zip(&r) {
            assert!((g.elo.unwrap() - want).abs() < 1e-3, "{g:?} vs {want}");
        }
        // Numeric Hessian of -L with engine 3 fixed, inverted, then centred: (P C P)_ii.
        let h = 1.0;
        let at = |i: usize, di: f64, j: usize, dj: f64| {
            let mut x = r;
            x[i] += di;
            x[j] += dj;
            ll(&x)
        };
        let fisher: Vec<Vec<f64>> = (0..3)
            .map(|i| {
                let cell =
                    |j| at(i, h, j, h) - at(i, h, j, -h) - at(i, -h, j, h) + at(i, -h, j, -h);
                (0..3).map(|j| -cell(j) / (4.0 * h * h)).collect()
            })
            .collect();
        let reduced = invert(&fisher).unwrap();
        let total: f64 = reduced.iter().flatten().sum();
        for (i, g) in got.iter().enumerate() {
            let (cii, row) = reduced
                .get(i)
                .map_or((0.0, 0.0), |r| (r[i], r.iter().sum()));
            let want = 1.96 * (cii - row / 2.0 + total / 16.0).sqrt();
            assert!((g.error.unwrap() - want).abs() < 1e-2, "{g:?} vs {want}");
        }
    }

    /// splitmix64, as a uniform number in [0, 1).
    fn uniform(state: &mut u64) -> f64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A round-robin of `per_pair` decisive games per pair between engines of rating `truth`.
    fn simulate(truth: &[f64], per_pair: usize, state: &mut u64) -> Vec<Game> {
        let mut games = Vec::new();
        for a in 0..truth.len() {
            for b in a + 1..truth.len() {
                let e = 1.0 / (1.0 + 10f64.powf((truth[b] - truth[a]) / 400.0));
                for _ in 0..per_pair {
                    let points = if uniform(state) < e { 1.0 } else { 0.0 };
                    games.push(game(a, b, points));
                }
            }
        }
        games
    }

    #[test]
    fn simulated_round_robin_covers_the_truth() {
        let truth = [-100.0, 0.0, 50.0, 50.0]; // mean 0
        let mut state = 2024;
        let (mut covered, mut checks) = (0, 0);
        for rep in 0..200 {
            let r = ratings(4, &simulate(&truth, 100, &mut state));
            for (x, t) in r.iter().zip(truth) {
                let inside = (x.elo.unwrap() - t).abs() <= x.error.unwrap();
                assert!(rep > 0 || inside, "{x:?} vs {t}"); // this seed's first run
                covered += usize::from(inside);
                checks += 1;
            }
        }
        let coverage = covered as f64 / checks as f64;
        assert!((0.90..=0.99).contains(&coverage), "coverage {coverage}");
    }

    #[test]
    fn undefined_cases_give_none() {
        // Two pairs that never meet: no common scale, nobody is rated.
        let mut games = Vec::new();
        play(&mut games, 0, 1, 3, 2, 1);
        play(&mut games, 2, 3, 2, 2, 2);
        assert_eq!(ratings(4, &games), vec![UNRATED; 4]);
        // Engine 0 wins everything: it is None; the rest are rated among themselves.
        let mut rest = Vec::new();
        play(&mut rest, 0, 1, 4, 3, 2);
        play(&mut rest, 0, 2, 2, 5, 3);
        play(&mut rest, 1, 2, 1, 6, 3);
        let shift = |g: &Game| game(g.first + 1, g.second + 1, g.points);
        let mut games: Vec<Game> = rest.iter().map(shift).collect();
        (1..4).for_each(|b| play(&mut games, 0, b, 5, 0, 0));
        let r = ratings(4, &games);
        assert_eq!(r[0], UNRATED);
        for (x, y) in r[1..].iter().zip(ratings(3, &rest)) {
            assert!((x.elo.unwrap() - y.elo.unwrap()).abs() < 1e-9);
        }
        // An engine without games is None; the others are rated.
        let r = ratings(3, &rest[..9]);
        assert!(r[0].elo.is_some() && r[1].elo.is_some() && r[2].elo.is_none());
    }

    #[test]
    fn converges_for_a_sparse_wide_field_of_32() {
        // 2 games per pair, 100 Elo apart: the extremes may score 100% or 0% and get None.
        let truth: Vec<f64> = (0..32).map(|i| f64::from(i) * 100.0 - 1550.0).collect();
        let r = ratings(32, &simulate(&truth, 2, &mut 7));
        let rated: Vec<f64> = r.iter().filter_map(|x| x.elo).collect();
        assert!(rated.len() >= 24, "{r:?}");
        assert!(rated.iter().sum::<f64>().abs() < 1e-6);
        for x in &r {
            let finite = x.elo.is_some_and(f64::is_finite) && x.error.is_some_and(|e| e > 0.0);
            assert!(finite || *x == UNRATED, "{x:?}");
        }
    }
}
