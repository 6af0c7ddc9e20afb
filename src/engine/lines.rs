//! The evaluation of a 6x6 line game (Mana, Escampe), from the pieces and
//! the constraint both games hold ([`Pieces`]): followers on the board,
//! the pieces the constraint leaves free to move, the enemy pieces within
//! reach of each leader, the kinds of square each leader is attacked
//! from, where each leader can go; and what a capture is.

use super::Weight;
use crate::games::lines::{
    Bits, Pieces, bit, can_reach, lines, reach, reach_on_empty_board, squares, squares_with_lines,
};

/// The value of a follower (Ronin, Paladin) on the board.
const FOLLOWER: i32 = 100;

/// The number of weights of [`evaluate`].
pub(super) const WEIGHTS: usize = 5;

/// The weights of the evaluation beside a follower's 100 (the unit),
/// with a game's defaults, in order:
///
/// - `FreePiece`: each piece of the mover that the constraint lets move;
/// - `Threat`: the cost of each enemy piece within a move's reach of
///   one's leader, board empty;
/// - `Attack`: each kind of square (single, double, triple) from which
///   the mover's pieces could take the enemy leader now, the pieces in
///   the way as they stand: a move of the enemy that ends on such a kind
///   lets the mover take;
/// - `Attacked`: the cost of each kind from which the enemy could take
///   the mover's leader now: the kinds the mover's move must not end on;
/// - `Escape`: each square a leader can move to, the mover's less the
///   enemy's.
pub(super) const fn weights(defaults: [i32; WEIGHTS]) -> [Weight; WEIGHTS] {
    let [free_piece, threat, attack, attacked, escape] = defaults;
    [
        Weight {
            name: "FreePiece",
            default: free_piece,
        },
        Weight {
            name: "Threat",
            default: threat,
        },
        Weight {
            name: "Attack",
            default: attack,
        },
        Weight {
            name: "Attacked",
            default: attacked,
        },
        Weight {
            name: "Escape",
            default: escape,
        },
    ]
}

/// Who may take the enemy leader: in Mana any piece, in Escampe only a
/// follower (a Unicorn never ends on an occupied square).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Takers {
    /// Every piece may take the enemy leader.
    Any,
    /// Followers alone may.
    Followers,
}

/// The value of `pieces` for the side to move, by the values of
/// [`weights`].
pub(super) fn evaluate(pieces: &Pieces, takers: Takers, weights: [i32; WEIGHTS]) -> i32 {
    let [free_piece, threat, attack, attacked, escape] = weights;
    let me = pieces.to_move.index();
    let them = 1 - me;
    let followers = |side: usize| (pieces.men[side] & !pieces.leaders).count_ones() as i32;
    let material = (followers(me) - followers(them)) * FOLLOWER;
    let free = match pieces.constraint {
        Some(n) => pieces.men[me] & squares_with_lines(n),
        None => pieces.men[me],
    };
    let freedom = free.count_ones() as i32 * free_piece;
    let threats = (threats(pieces, me) - threats(pieces, them)) * threat;
    let kinds = |side| attack_kinds(pieces, side, takers).count_ones() as i32;
    let attacks = kinds(me) * attack - kinds(them) * attacked;
    let escapes = (escapes(pieces, me, takers) - escapes(pieces, them, takers)) * escape;
    material + freedom - threats + attacks + escapes
}

/// The kinds of square (bit `n` for `n` lines) from which `side`'s
/// pieces could take the other side's leader now.
fn attack_kinds(pieces: &Pieces, side: usize, takers: Takers) -> Bits {
    let target = pieces.men[1 - side] & pieces.leaders;
    if target == 0 {
        return 0;
    }
    let leader = target.trailing_zeros() as usize;
    let occupied = pieces.men[0] | pieces.men[1];
    let attackers = match takers {
        Takers::Any => pieces.men[side],
        Takers::Followers => pieces.men[side] & !pieces.leaders,
    };
    squares(attackers)
        .filter(|&from| can_reach(from, leader, occupied))
        .fold(0, |kinds, from| kinds | 1 << lines(from))
}

/// How many squares `side`'s leader could end a move on now.
fn escapes(pieces: &Pieces, side: usize, takers: Takers) -> i32 {
    let own = pieces.men[side];
    let occupied = pieces.men[0] | pieces.men[1];
    let not_to = match takers {
        Takers::Any => own,
        Takers::Followers => occupied,
    };
    squares(own & pieces.leaders)
        .map(|leader| (reach(leader, occupied) & !not_to).count_ones() as i32)
        .sum()
}

/// A move's key for the search's history: its from and to squares (a
/// re-entry's from its own square, which no step has), below
/// [`PASS_KEY`].
pub(super) fn step_key(from: u8, to: u8) -> usize {
    usize::from(from) * 36 + usize::from(to)
}

/// The pass's key, after every step's.
pub(super) const PASS_KEY: usize = 36 * 36;

/// Whether a step to `to` captures: a piece of either side stands there.
pub(super) fn captures(pieces: &Pieces, to: u8) -> bool {
    (pieces.men[0] | pieces.men[1]) & bit(usize::from(to)) != 0
}

/// How many pieces of the other side could reach `side`'s leader on an
/// empty board.
fn threats(pieces: &Pieces, side: usize) -> i32 {
    let leader = pieces.men[side] & pieces.leaders;
    squares(pieces.men[1 - side])
        .filter(|&from| reach_on_empty_board(from) & leader != 0)
        .count() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lines::{Side, parse_square};

    /// The squares named in `names`.
    fn on(names: &[&str]) -> Bits {
        names
            .iter()
            .map(|name| parse_square(name).map_or(0, bit))
            .fold(0, |bits, b| bits | b)
    }

    /// Black to move with `black` and `white` (each leader first).
    fn pieces(black: &[&str], white: &[&str], constraint: Option<u8>) -> Pieces {
        Pieces {
            men: [on(black), on(white)],
            leaders: on(&black[..1]) | on(&white[..1]),
            to_move: Side::Black,
            constraint,
        }
    }

    /// The single, double and triple kinds as bits.
    const SINGLE: Bits = 1 << 1;
    const DOUBLE: Bits = 1 << 2;
    const TRIPLE: Bits = 1 << 3;

    #[test]
    fn a_leader_is_attacked_from_the_kinds_whose_paths_are_open() {
        // White's Ronin on c6 (double) reaches d5 through c5 or d6, the one
        // on a5 (triple) through b5 and c5.
        let open = pieces(&["d5"], &["a1", "c6", "a5"], None);
        assert_eq!(attack_kinds(&open, 1, Takers::Any), DOUBLE | TRIPLE);
        assert_eq!(attack_kinds(&open, 0, Takers::Any), 0);
        // A Black Ronin on a2 (single) steps onto White's leader on a1.
        let next_to = pieces(&["d5", "a2"], &["a1", "c6", "a5"], None);
        assert_eq!(attack_kinds(&next_to, 0, Takers::Any), SINGLE);
        assert_eq!(attack_kinds(&next_to, 1, Takers::Any), DOUBLE | TRIPLE);
        // A Black Ronin on c5 closes a5's only path and one of c6's.
        let blocked = pieces(&["d5", "c5"], &["a1", "c6", "a5"], None);
        assert_eq!(attack_kinds(&blocked, 1, Takers::Any), DOUBLE);
    }

    #[test]
    fn only_a_follower_takes_a_leader_in_escampe() {
        // White's leader on e5 (triple) reaches d5 by e6 and d6.
        let near = pieces(&["d5"], &["e5"], None);
        assert_eq!(attack_kinds(&near, 1, Takers::Any), TRIPLE);
        assert_eq!(attack_kinds(&near, 1, Takers::Followers), 0);
        // Black's leader on d5 (single) may end on e5 only where it takes.
        assert_eq!(escapes(&near, 0, Takers::Any), 4);
        assert_eq!(escapes(&near, 0, Takers::Followers), 3);
    }

    #[test]
    fn each_weight_counts_its_feature_for_the_side_to_move() {
        // Black: leader d5, a follower c5. White: leader a1, followers c6
        // and a5. Black has one follower less; two of White's pieces
        // reach d5 on an empty board and none of Black's reach a1; White
        // attacks d5 from the double kind alone (c6 by d6), Black attacks
        // nothing; d5 can go to d4, d6 and e5, a1 to a2, a4, b1, b3, c2
        // and d1.
        let position = pieces(&["d5", "c5"], &["a1", "c6", "a5"], None);
        let value = |weights| evaluate(&position, Takers::Any, weights);
        assert_eq!(value([0; WEIGHTS]), -100);
        assert_eq!(value([1, 0, 0, 0, 0]), -100 + 2);
        assert_eq!(value([0, 1, 0, 0, 0]), -100 - 2);
        assert_eq!(value([0, 0, 1, 0, 0]), -100);
        assert_eq!(value([0, 0, 0, 1, 0]), -100 - 1);
        assert_eq!(value([0, 0, 0, 0, 1]), -100 + 3 - 6);
        // Under a single constraint only d5's piece is free.
        let constrained = Pieces {
            constraint: Some(1),
            ..position
        };
        assert_eq!(
            evaluate(&constrained, Takers::Any, [1, 0, 0, 0, 0]),
            -100 + 1
        );
        // From White's side every feature changes sign.
        let white = Pieces {
            to_move: Side::White,
            ..position
        };
        assert_eq!(evaluate(&white, Takers::Any, [0, 0, 1, 0, 0]), 100 + 1);
        assert_eq!(evaluate(&white, Takers::Any, [0, 0, 0, 0, 1]), 100 + 6 - 3);
    }
}
