//! Shogun's evaluation: material and what each side's pieces do from
//! where they stand: the numbers they show, the squares they reach and
//! guard, the pieces they threaten, the room of each Shogun, how close
//! they stand to the enemy Shogun, and the cost of being in check.

use super::{Evaluation, Weight, weight_values};
use crate::game::square::{Bits, bit, squares};
use crate::games::shogun::{Shogun, ShogunMove, Side};

/// The weights of the evaluation beside a piece's 100 (the unit), in
/// order:
///
/// - `Closeness`: each step closer to the enemy Shogun, summed over a
///   side's pieces (it leads the search towards a mate it cannot yet see);
/// - `Check`: the cost of being in check;
/// - `Mobility`: each square a side's pieces (its Shogun aside) could
///   move to, the mover's less the enemy's;
/// - `Hanging`: the cost of each of the mover's pieces that the enemy
///   could take and none of the mover's could take back;
/// - `Pressure`: each enemy piece the mover could take now;
/// - `Escape`: each square a Shogun could move to, the mover's less the
///   enemy's;
/// - `Shows2`, `Shows3`, `Shows4`: a piece's worth beside the 100 of one
///   showing 1, by the number its disc gives it where it stands.
///
/// The defaults are what `kifu tune fit` found on 111,275 positions of
/// 3,000 self-play games at depth 5 (error 0.170905 -> 0.165664); twice
/// and three times them scored alike in matches, four times less
/// (benches/strength.md, e2).
const WEIGHTS: [Weight; 9] = [
    weight("Closeness", 1),
    weight("Check", 11),
    weight("Mobility", 1),
    weight("Hanging", 5),
    weight("Pressure", 5),
    weight("Escape", -1),
    weight("Shows2", 0),
    weight("Shows3", 5),
    weight("Shows4", 12),
];

/// A weight of [`WEIGHTS`].
const fn weight(name: &'static str, default: i32) -> Weight {
    Weight { name, default }
}

impl Evaluation for Shogun {
    const WEIGHTS: &'static [Weight] = &WEIGHTS;
    /// Closeness and check alone, as before the pieces' work was weighed.
    const RATED: &'static [i32] = &[2, 20, 0, 0, 0, 0, 0, 0, 0];

    fn evaluate(&self, weights: &[i32]) -> i32 {
        let [
            closeness_weight,
            checked,
            mobility,
            hanging,
            pressure,
            escape,
            shows @ ..,
        ] = weight_values(weights, &WEIGHTS);
        let me = self.to_move();
        let them = me.other();
        let others = |side: Side| i32::from(self.others(side));
        let material = (others(me) - others(them)) * 100;
        let check = match self.attacker_of(me) {
            Some(_) => -checked,
            None => 0,
        };
        let discs = |side| -> i32 {
            let counts = shown(self, side);
            (0..3).map(|at| counts[at + 2] * shows[at]).sum()
        };
        let mut score = material
            + (closeness(self, me) - closeness(self, them)) * closeness_weight
            + check
            + discs(me)
            - discs(them);
        if mobility | hanging | pressure | escape != 0 {
            let (mine, theirs) = (Work::of(self, me), Work::of(self, them));
            let count = |bits: Bits| bits.count_ones() as i32;
            score += (mine.moves - theirs.moves) * mobility
                + (mine.escapes - theirs.escapes) * escape
                + count(theirs.pieces & mine.covered) * pressure
                - count(mine.pieces & theirs.covered & !mine.covered) * hanging;
        }
        score
    }

    fn is_capture(&self, mv: &ShogunMove) -> bool {
        self.piece_at(usize::from(mv.to)).is_some()
    }

    fn move_key(&self, mv: &ShogunMove) -> Option<usize> {
        Some(usize::from(mv.from) * 64 + usize::from(mv.to))
    }

    fn in_danger(&self) -> bool {
        self.attacker_of(self.to_move()).is_some()
    }
}

/// What a side's pieces do from where they stand.
struct Work {
    /// The side's pieces but its Shogun.
    pieces: Bits,
    /// The squares one of its pieces, its Shogun included, could move onto
    /// were an enemy piece there: where it threatens, and what it guards.
    covered: Bits,
    /// The squares its pieces but the Shogun could move to, counted per
    /// piece.
    moves: i32,
    /// The squares its Shogun could move to.
    escapes: i32,
}

impl Work {
    /// What `side`'s pieces do in `shogun`.
    fn of(shogun: &Shogun, side: Side) -> Self {
        let own = shogun.men(side);
        let leader = shogun.shogun_square(side);
        let pieces = own & !bit(leader);
        let mut covered = shogun.covers(leader);
        let escapes = (covered & !own).count_ones() as i32;
        let mut moves = 0;
        for from in squares(pieces) {
            let reached = shogun.covers(from);
            moves += (reached & !own).count_ones() as i32;
            covered |= reached;
        }
        Work {
            pieces,
            covered,
            moves,
            escapes,
        }
    }
}

/// How many of `side`'s pieces but its Shogun show each number, at the
/// number's index (1 to 4).
fn shown(shogun: &Shogun, side: Side) -> [i32; 5] {
    let leader = shogun.shogun_square(side);
    let mut counts = [0; 5];
    for square in squares(shogun.men(side) & !bit(leader)) {
        counts[usize::from(shogun.shows(square)).min(4)] += 1;
    }
    counts
}

/// How close `side`'s pieces stand to the other side's Shogun: 14 less
/// the distance in files and ranks, summed.
fn closeness(shogun: &Shogun, side: Side) -> i32 {
    let target = shogun.shogun_square(side.other());
    let (tf, tr) = ((target % 8) as i32, (target / 8) as i32);
    squares(shogun.men(side))
        .map(|square| {
            let (f, r) = ((square % 8) as i32, (square / 8) as i32);
            14 - (f - tf).abs() - (r - tr).abs()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The evaluation of `value` with one weight at 1 and the others at
    /// 0: a piece's 100 each for material, and that weight's feature.
    fn with_one(value: &str, name: &str) -> i32 {
        let shogun = Shogun::from_position(value).unwrap_or_else(|e| panic!("{value}: {e}"));
        let weights = WEIGHTS.map(|w| i32::from(w.name == name));
        shogun.evaluate(&weights)
    }

    // White: an X on d1 showing 2 (reaching b1, c2, e2, and d3's Y), the
    // Shogun on e1 showing 1 (e2 free, d1 and f1 its own), an X on f1
    // showing 3 (d2, h2, e3, g3, f4; c1 is behind the Shogun). Red: the
    // Shogun on d8 showing 1 (c8, e8, d7), a Y on d3 showing 4 (12
    // squares, f1's X among them, which White's Shogun guards).
    const POSITION: &str = "3s4/8/8/8/8/3y4/8/3XSX2";

    #[test]
    fn each_weight_counts_its_feature_from_the_movers_side() {
        let white = format!("{POSITION} w");
        let red = format!("{POSITION} r");
        for (name, for_white, for_red) in [
            ("Mobility", 9 - 12, 12 - 9),
            ("Escape", 1 - 3, 3 - 1),
            // White threatens the Y; Red threatens f1's X.
            ("Pressure", 1, 1),
            // Red's Y is taken and nothing takes back; White's X on f1 is
            // guarded by its Shogun.
            ("Hanging", 0, -1),
            ("Shows2", 1, -1),
            ("Shows3", 1, -1),
            ("Shows4", -1, 1),
        ] {
            assert_eq!(
                with_one(&white, name),
                100 + for_white,
                "{name}, White to move"
            );
            assert_eq!(with_one(&red, name), -100 + for_red, "{name}, Red to move");
        }
    }

    #[test]
    fn the_rated_weights_leave_the_work_of_the_pieces_out() {
        let shogun =
            Shogun::from_position(&format!("{POSITION} w")).unwrap_or_else(|e| panic!("{e}"));
        let rated = shogun.evaluate(Shogun::RATED);
        let closeness_and_check = shogun.evaluate(&[2, 20, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(rated, closeness_and_check);
        let closeness = (closeness(&shogun, Side::White) - closeness(&shogun, Side::Red)) * 2;
        assert_eq!(rated, 100 + closeness);
    }
}
