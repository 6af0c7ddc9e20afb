use super::*;
use crate::games::lotus::{Flower, Kind};

/// One value of every variant, and the words its message starts with.
fn every_fault() -> Vec<(LotusError, &'static str)> {
    use LotusIllegal as I;
    let name = || Name::new("red");
    let syntax = [
        (LotusSyntax::Shape, "not a pawn move: a pawn move is"),
        (LotusSyntax::LeadingZero, "not a pawn move: a square is"),
        (LotusSyntax::NoPlayer(b'x'), "no such pawn: no player's"),
        (LotusSyntax::NoSquare, "no such pawn: the course has no"),
        (LotusSyntax::NotFlower(b'Q'), "not a pawn move: 'Q'"),
        (
            LotusSyntax::NoPartner(b'x'),
            "impossible exchange: no player's",
        ),
        (LotusSyntax::Bracket, "not a pawn move: a bracket holds"),
    ];
    let illegal = [
        (I::GameOver, "the game is over"),
        (
            I::OffCourse { end: 40 },
            "no such pawn: the course has squares",
        ),
        (I::NoneOnStart { owner: name() }, "no such pawn: red has"),
        (
            I::EmptySquare {
                square: 3,
                owner: name(),
            },
            "no such pawn: square 3",
        ),
        (
            I::OthersPawn {
                square: 3,
                owner: name(),
                holder: Name::new("green"),
            },
            "no such pawn: the pawn on 3 is green's",
        ),
        (
            I::SamePawnTwice {
                square: 3,
                owner: name(),
            },
            "the same pawn twice",
        ),
        (I::ThreeOwnPawns, "three own pawns"),
        (
            I::BracketOnArrival { place: 2 },
            "bracket where no choice is due",
        ),
        (
            I::BracketOnFlower {
                square: 2,
                owner: name(),
                flower: Flower::Pink,
            },
            "bracket where no choice is due",
        ),
        (
            I::BracketOnBareSquare {
                square: 1,
                kind: Kind::Plain,
            },
            "bracket where no choice is due",
        ),
        (
            I::BracketWithoutExchange {
                square: 4,
                owner: name(),
            },
            "bracket where no choice is due",
        ),
        (
            I::BracketWithoutFlower {
                square: 8,
                owner: name(),
            },
            "bracket where no choice is due",
        ),
        (
            I::ExchangeDue {
                square: 4,
                owner: name(),
                example: (Flower::White, b'g', Flower::Yellow),
            },
            "a choice is due",
        ),
        (
            I::FlowerDue {
                square: 8,
                owner: name(),
                held: Flower::Pink,
            },
            "a choice is due",
        ),
        (
            I::StoneOnFrog {
                square: 4,
                example: (Flower::White, b'g', Flower::Yellow),
            },
            "wrong bracket",
        ),
        (I::ExchangeOnStone { square: 8 }, "wrong bracket"),
        (
            I::NoFlowerToGiveUp {
                owner: name(),
                flower: Flower::White,
            },
            "flower not held",
        ),
        (
            I::NoFlowerToGive {
                owner: name(),
                flower: Flower::White,
            },
            "flower not held",
        ),
        (
            I::ExchangeWithOneself { owner: name() },
            "impossible exchange",
        ),
        (I::SameColours, "impossible exchange"),
        (
            I::PartnerLacks {
                partner: Name::new("green"),
                flower: Flower::Yellow,
            },
            "impossible exchange",
        ),
    ];
    let turn = [
        (
            TurnFault::Unnumbered(1),
            "a turn must start with its number: 1.",
        ),
        (
            TurnFault::FourthPawnMove,
            "a turn is three pawn moves; this is a fourth",
        ),
        (
            TurnFault::ShortTurn,
            "a turn is three pawn moves; this one has fewer",
        ),
    ];
    let mut all: Vec<(LotusError, &str)> = Vec::new();
    all.extend(syntax.map(|(f, w)| (LotusError::Syntax(f), w)));
    all.extend(illegal.map(|(f, w)| (LotusError::illegal(f), w)));
    all.extend(turn.map(|(f, w)| (LotusError::Turn(f), w)));
    all
}

#[test]
fn every_fault_has_a_listed_code_and_its_words() {
    let faults = every_fault();
    let mut used = std::collections::BTreeSet::new();
    for (fault, words) in &faults {
        assert!(MOVE_CODES.contains(&fault.code()), "{fault:?}");
        assert!(CODES.contains(&fault.code()), "{fault:?}");
        let message = fault.message("r8");
        assert!(message.starts_with(words), "{fault:?}: {message}");
        used.insert(fault.code());
    }
    assert_eq!(used.len(), MOVE_CODES.len(), "every move code is used");
    assert_eq!(faults.len(), 31, "one of each variant");
}

#[test]
fn a_missing_bracket_is_written_on_the_move_as_written() {
    let due = LotusError::illegal(LotusIllegal::FlowerDue {
        square: 8,
        owner: Name::new("green"),
        held: Flower::Yellow,
    });
    assert_eq!(
        due.message("g0"),
        "a choice is due: the pawn lands on the stone square 8 and green must give up a flower, written like g0[-Y]"
    );
}

#[test]
fn the_error_stays_two_words() {
    assert_eq!(std::mem::size_of::<LotusError>(), 16);
    assert_eq!(std::mem::size_of::<Result<(), LotusError>>(), 16);
}

#[test]
fn codes_are_unique_and_of_the_game() {
    let unique: std::collections::BTreeSet<_> = CODES.iter().collect();
    assert_eq!(unique.len(), CODES.len());
    assert!(CODES.iter().all(|c| c.starts_with("lotus.")));
}
