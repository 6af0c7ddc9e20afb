//! A score turned into the mover's chance of winning, by a curve fitted to
//! kifu's own engine games (`benches/curve.sh`), and a move judged by how
//! much of that chance it gave away, as lichess judges a move.

use crate::game::GameKind;
use crate::kep::Score;

/// The curve of a game: `P(win) = 1 / (1 + exp(-k (cp - offset)))`, `cp`
/// the engine's score from the mover's view; a forced win is certain, a
/// forced loss hopeless.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Curve {
    /// How fast the chance grows with the score, per hundredth of a piece
    /// (lotus: of a point).
    pub k: f64,
    /// The score of an even chance: 0 in a two-player game; in lotus,
    /// where the engine scores the lead over the best other player and a
    /// first place's bonus, the score at which a first place is as likely
    /// as not.
    pub offset: f64,
}

impl Curve {
    /// The curve fitted to `kind`'s engine games (`benches/curve.sh`,
    /// benches/README.md "The curve of a review"). Mana's scores do not
    /// tell the winner in those games (its full-strength games are forced
    /// wins from the first move, and a higher `cp` won less often at a
    /// shallower search): its k is 0, so that only forced wins and losses
    /// weigh. Lotus's is the chance of a first place, fitted to its
    /// Monte Carlo scores of three-player races.
    pub fn of(kind: GameKind) -> Self {
        let (k, offset) = match kind {
            GameKind::Escampe => (0.0097, 0.0),
            GameKind::Shogun => (0.0294, 0.0),
            GameKind::Mana => (0.0, 0.0),
            GameKind::Lotus => (0.00133, 950.0),
        };
        Self { k, offset }
    }

    /// The chance, from 0 to 1, that the player whose view `score` takes
    /// wins.
    pub fn chance(self, score: Score) -> f64 {
        match score {
            Score::Cp(cp) => 1.0 / (1.0 + (-self.k * (f64::from(cp) - self.offset)).exp()),
            Score::Win(_) => 1.0,
            Score::Loss(_) => 0.0,
        }
    }
}

/// How bad a move was: the chance of winning it gave away, against the
/// engine's best move, at least 5, 10 or 15 points of 100 (lichess's
/// 0.1, 0.2 and 0.3 on its scale from -1 to 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// At least 5 points given away: `?!`.
    Inaccuracy,
    /// At least 10: `?`.
    Mistake,
    /// At least 15: `??`.
    Blunder,
}

impl Class {
    /// Every class, the mildest first.
    pub const ALL: [Class; 3] = [Class::Inaccuracy, Class::Mistake, Class::Blunder];

    /// The class of a move that gave away `drop` (from 0 to 1) of its
    /// mover's chance; none under 5 points.
    pub fn of(drop: f64) -> Option<Self> {
        Self::ALL
            .into_iter()
            .rev()
            .find(|class| drop >= class.threshold())
    }

    /// The least drop of the class.
    pub fn threshold(self) -> f64 {
        match self {
            Class::Inaccuracy => 0.05,
            Class::Mistake => 0.10,
            Class::Blunder => 0.15,
        }
    }

    /// The glyph a record gives it.
    pub fn glyph(self) -> &'static str {
        match self {
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    /// Its numeric glyph, for a move that has a glyph of its own.
    pub fn nag(self) -> u8 {
        match self {
            Class::Inaccuracy => 6,
            Class::Mistake => 2,
            Class::Blunder => 4,
        }
    }

    /// Its name, as the page shows it: `inaccuracy`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// A move's accuracy, from 0 to 100, by lichess's formula: 100 for a move
/// that gives nothing away, falling off exponentially with the `drop`
/// (from 0 to 1) of its mover's chance.
pub fn accuracy(drop: f64) -> f64 {
    let points = 100.0 * drop.max(0.0);
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * points).exp() - 3.166_924_740_191_411)
        .clamp(0.0, 100.0)
}

/// A side's accuracy over its moves' accuracies: the mean of their
/// arithmetic and harmonic means (lichess also weighs each move by how
/// much the game swung around it; kifu does not), a move under 1 counted
/// as 1 in the harmonic mean; none without moves.
pub fn side_accuracy(moves: &[f64]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let count = moves.len() as f64;
    let mean = moves.iter().sum::<f64>() / count;
    let harmonic = count / moves.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
    Some((mean + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_even_at_zero_and_sure_of_forced_ends() {
        let curve = Curve {
            k: 0.004,
            offset: 0.0,
        };
        assert!((curve.chance(Score::Cp(0)) - 0.5).abs() < 1e-12);
        let up = curve.chance(Score::Cp(200));
        assert!((up - 1.0 / (1.0 + (-0.8f64).exp())).abs() < 1e-12);
        assert!((curve.chance(Score::Cp(-200)) - (1.0 - up)).abs() < 1e-12);
        assert_eq!(curve.chance(Score::Win(3)), 1.0);
        assert_eq!(curve.chance(Score::Loss(3)), 0.0);
    }

    #[test]
    fn lotus_s_curve_is_even_at_its_offset() {
        let lotus = Curve::of(GameKind::Lotus);
        assert!((lotus.chance(Score::Cp(950)) - 0.5).abs() < 1e-12);
        // A lead of 0 is about one chance in five of a first place.
        let level = lotus.chance(Score::Cp(0));
        assert!((level - 1.0 / (1.0 + (0.00133f64 * 950.0).exp())).abs() < 1e-12);
        assert!((0.21..0.23).contains(&level), "{level}");
    }

    #[test]
    fn classes_start_at_five_ten_and_fifteen_points() {
        assert_eq!(Class::of(0.0), None);
        assert_eq!(Class::of(0.049), None);
        assert_eq!(Class::of(0.05), Some(Class::Inaccuracy));
        assert_eq!(Class::of(0.0999), Some(Class::Inaccuracy));
        assert_eq!(Class::of(0.10), Some(Class::Mistake));
        assert_eq!(Class::of(0.15), Some(Class::Blunder));
        assert_eq!(Class::of(1.0), Some(Class::Blunder));
        let glyphs: Vec<_> = Class::ALL.iter().map(|c| (c.glyph(), c.nag())).collect();
        assert_eq!(glyphs, [("?!", 6), ("?", 2), ("??", 4)]);
    }

    #[test]
    fn accuracy_is_lichess_s_curve() {
        assert!((accuracy(0.0) - 99.999_885).abs() < 1e-3);
        // 10 points given away: 103.17 e^-0.4354 - 3.17.
        assert!((accuracy(0.10) - 63.58).abs() < 0.01, "{}", accuracy(0.10));
        assert_eq!(accuracy(1.0), 0.0);
        assert_eq!(side_accuracy(&[]), None);
        let even = side_accuracy(&[80.0, 80.0]).unwrap_or_default();
        assert!((even - 80.0).abs() < 1e-9);
        // One blunder pulls the harmonic mean down more than the mean.
        let mixed = side_accuracy(&[100.0, 0.0]).unwrap_or_default();
        assert!((mixed - (50.0 + 2.0 / 1.01) / 2.0).abs() < 1e-9, "{mixed}");
    }
}
