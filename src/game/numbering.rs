//! The move numbers a written record carries: the one helper that the
//! record builder, the REPL and `import` number moves with.

use super::{Numbering, Turn};
use crate::record::Dots;

/// The number written before a ply that stands at `turn` in a game
/// numbered by `numbering`; `first` says it is the record's first ply.
///
/// A ply that opens a pair or a turn gets `12.`; the record's first ply,
/// when it is the second of a pair, gets `12...`; every other ply none.
pub fn number_before(numbering: Numbering, turn: Turn<'_>, first: bool) -> Option<(u32, Dots)> {
    match (numbering, turn.opens) {
        (_, true) => Some((turn.number, Dots::One)),
        (Numbering::Pairs, false) if first => Some((turn.number, Dots::Three)),
        _ => None,
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
    fn pairs_number_the_first_ply_and_a_record_opening_on_the_second() {
        assert_eq!(
            number_before(Numbering::Pairs, turn(3, true), false),
            Some((3, Dots::One))
        );
        assert_eq!(number_before(Numbering::Pairs, turn(3, false), false), None);
        assert_eq!(
            number_before(Numbering::Pairs, turn(3, false), true),
            Some((3, Dots::Three))
        );
    }

    #[test]
    fn turns_number_only_the_ply_that_opens_a_turn() {
        assert_eq!(
            number_before(Numbering::Turns, turn(7, true), false),
            Some((7, Dots::One))
        );
        assert_eq!(number_before(Numbering::Turns, turn(7, false), true), None);
    }
}
