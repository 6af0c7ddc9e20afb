//! The move numbers a written record carries: the one helper that the
//! record builder, the REPL and `import` number moves with.

use super::Turn;
use crate::record::Dots;

/// The number written before a ply that stands at `turn`; `first` says
/// it is the record's first ply. Pairs and turns are numbered alike.
///
/// A ply that opens a pair or a turn gets `12.`; the record's first ply,
/// when it is the second of a pair or goes on with a turn begun (a
/// record from a position in the middle of a lotus turn), gets `12...`;
/// every other ply none.
pub fn number_before(turn: Turn<'_>, first: bool) -> Option<(u32, Dots)> {
    match (turn.opens, first) {
        (true, _) => Some((turn.number, Dots::One)),
        (false, true) => Some((turn.number, Dots::Three)),
        (false, false) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(number: u32, opens: bool) -> Turn<'static> {
        Turn {
            number,
            opens,
            mover: "White",
        }
    }

    #[test]
    fn numbers_the_ply_that_opens_and_a_record_opening_inside_a_pair_or_turn() {
        assert_eq!(number_before(turn(3, true), false), Some((3, Dots::One)));
        assert_eq!(number_before(turn(3, true), true), Some((3, Dots::One)));
        assert_eq!(number_before(turn(3, false), false), None);
        assert_eq!(number_before(turn(3, false), true), Some((3, Dots::Three)));
    }
}
