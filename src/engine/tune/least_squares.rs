//! The weights as real numbers, fitted by least squares where a game's
//! evaluation is a sum of its weights' terms, as each game's is: the
//! method of Levenberg and Marquardt over `sigmoid(K * base + sum of u_i *
//! term_i)`, `u_i = K * w_i`, `base` the part no weight sets.
//!
//! Texel's whole steps ([`super::texel`]) start from the weights found
//! here, rounded. From farther away they stall where the weights must move
//! together: one step of a weight whose term is large (Shogun's mobility,
//! counted in tens of squares) moves the evaluation as much as several of
//! the others, so no single step gains, though all of them at once would.

use crate::engine::Evaluation;

/// The most iterations; a fit still gaining after them is taken as it is.
const ITERATIONS: usize = 200;

/// Each position's evaluation as the part no weight sets and each weight's
/// term for a weight of 1.
pub(super) struct Terms {
    /// Per position: the evaluation with every weight at 0.
    base: Vec<f64>,
    /// Per weight, per position: what a weight of 1 adds.
    units: Vec<Vec<f64>>,
}

impl Terms {
    /// The terms of the evaluations of `positions`, found with every
    /// weight at 0 and with each alone at 1; `None` unless the evaluations
    /// with `weights` are the sums of these terms (an evaluation whose
    /// terms multiply weights together is fitted by whole steps alone).
    pub(super) fn of<G: Evaluation>(positions: &[G], weights: &[i32]) -> Option<Self> {
        let zeros = vec![0; weights.len()];
        let base: Vec<i32> = positions.iter().map(|p| p.evaluate(&zeros)).collect();
        let units: Vec<Vec<i32>> = (0..weights.len())
            .map(|at| {
                let mut unit = zeros.clone();
                unit[at] = 1;
                (positions.iter().zip(&base))
                    .map(|(p, b)| p.evaluate(&unit) - b)
                    .collect()
            })
            .collect();
        let sums = positions.iter().enumerate().all(|(k, p)| {
            let terms = (units.iter().zip(weights)).map(|(u, &w)| i64::from(u[k]) * i64::from(w));
            i64::from(p.evaluate(weights)) == i64::from(base[k]) + terms.sum::<i64>()
        });
        let real = |values: &[i32]| values.iter().map(|&v| f64::from(v)).collect();
        sums.then(|| Terms {
            base: real(&base),
            units: units.iter().map(|u| real(u)).collect(),
        })
    }
}

/// The weights and `K` that fit `results` best as real numbers, from
/// `start` and `scale`; with `held`, `K` stays at `scale`. `None` when the
/// fit ends at no positive `K` or at weights that are not finite.
pub(super) fn fit(
    terms: &Terms,
    results: &[f64],
    start: &[i32],
    scale: f64,
    held: bool,
) -> Option<(Vec<f64>, f64)> {
    // The parameters: `K` first unless held, then `u_i = K * w_i`.
    let first = usize::from(!held);
    let mut params: Vec<f64> = (!held).then_some(scale).into_iter().collect();
    params.extend(start.iter().map(|&w| scale * f64::from(w)));
    // A position's row: what each parameter multiplies in its score.
    let row = |k: usize, into: &mut Vec<f64>| {
        into.clear();
        if !held {
            into.push(terms.base[k]);
        }
        into.extend(terms.units.iter().map(|u| u[k]));
    };
    let score = |params: &[f64], k: usize| {
        let k_of = if held { scale } else { params[0] };
        let terms_of = (terms.units.iter().zip(&params[first..])).map(|(u, p)| u[k] * p);
        k_of * terms.base[k] + terms_of.sum::<f64>()
    };
    let error = |params: &[f64]| {
        let sum: f64 = (results.iter().enumerate())
            .map(|(k, r)| (r - super::texel::sigmoid(score(params, k))).powi(2))
            .sum();
        sum / results.len().max(1) as f64
    };
    let size = params.len();
    let mut current = error(&params);
    let mut damping = 1e-3;
    let mut x = Vec::with_capacity(size);
    for _ in 0..ITERATIONS {
        // The normal equations of the linearised misses.
        let mut matrix = vec![vec![0.0; size]; size];
        let mut gradient = vec![0.0; size];
        for (k, r) in results.iter().enumerate() {
            let chance = super::texel::sigmoid(score(&params, k));
            let slope = chance * (1.0 - chance);
            row(k, &mut x);
            for i in 0..size {
                gradient[i] += slope * x[i] * (r - chance);
                for j in 0..size {
                    matrix[i][j] += slope * slope * x[i] * x[j];
                }
            }
        }
        let gained = loop {
            let mut damped = matrix.clone();
            for (i, line) in damped.iter_mut().enumerate() {
                line[i] += damping * matrix[i][i].max(f64::MIN_POSITIVE);
            }
            let trial: Option<Vec<f64>> = solve(damped, gradient.clone())
                .map(|step| params.iter().zip(step).map(|(p, s)| p + s).collect());
            match trial.map(|t| (error(&t), t)) {
                Some((tried, t)) if tried < current => {
                    params = t;
                    damping = (damping / 10.0).max(1e-12);
                    let gained = current - tried;
                    current = tried;
                    break gained;
                }
                _ if damping > 1e12 => break 0.0,
                _ => damping *= 10.0,
            }
        };
        if gained <= current * 1e-12 {
            break;
        }
    }
    let k = if held { scale } else { params[0] };
    let weights: Vec<f64> = params[first..].iter().map(|u| u / k).collect();
    (k > 0.0 && weights.iter().all(|w| w.is_finite())).then_some((weights, k))
}

/// The `x` of `matrix x = right` by Gauss's elimination with partial
/// pivoting (the matrix is at most 10 by 10); `None` for a singular one.
fn solve(mut matrix: Vec<Vec<f64>>, mut right: Vec<f64>) -> Option<Vec<f64>> {
    let size = right.len();
    for col in 0..size {
        let pivot =
            (col..size).max_by(|&a, &b| matrix[a][col].abs().total_cmp(&matrix[b][col].abs()))?;
        if matrix[pivot][col].abs() < 1e-300 {
            return None;
        }
        matrix.swap(col, pivot);
        right.swap(col, pivot);
        let (above, below) = matrix.split_at_mut(col + 1);
        let pivot_line = &above[col];
        for (offset, line) in below.iter_mut().enumerate() {
            let factor = line[col] / pivot_line[col];
            for (value, pivot_value) in line[col..].iter_mut().zip(&pivot_line[col..]) {
                *value -= factor * pivot_value;
            }
            right[col + 1 + offset] -= factor * right[col];
        }
    }
    let mut x = vec![0.0; size];
    for line in (0..size).rev() {
        let known: f64 = (line + 1..size).map(|j| matrix[line][j] * x[j]).sum();
        x[line] = (right[line] - known) / matrix[line][line];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gauss_solves_a_system_that_needs_a_pivot() {
        let x = solve(
            vec![
                vec![0.0, 2.0, 1.0],
                vec![1.0, 1.0, 0.0],
                vec![2.0, 0.0, 3.0],
            ],
            vec![5.0, 3.0, 13.0],
        );
        let x = x.unwrap_or_else(|| panic!("singular"));
        let near = x
            .iter()
            .zip([2.0, 1.0, 3.0])
            .all(|(v, w)| (v - w).abs() < 1e-12);
        assert!(near, "{x:?}");
        assert_eq!(
            solve(vec![vec![1.0, 2.0], vec![2.0, 4.0]], vec![1.0, 2.0]),
            None
        );
    }
}
