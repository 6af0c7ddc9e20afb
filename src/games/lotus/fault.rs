//! Why Lotus refuses a pawn move's text, the pawn move or where it stands
//! in the turn: typed reasons, put in words only when a fault is reported
//! ([`MoveFault::message`]).
//!
//! The rules a pawn move can break once read: the reasons of
//! [`LotusError::illegal`], with their codes and words.

use super::course::Kind;
use super::flowers::Flower;
use super::position_tag::POSITION_CODES;
use super::setup::SETUP_CODES;
use crate::game::MoveFault;
use compact_str::CompactString;

/// A player's name, as a message gives it (kept inline when short).
pub type Name = CompactString;

/// Why Lotus refuses a pawn move.
///
/// Two words: a rule broken, whose reason names players, is boxed, so that
/// the `Result` of a pawn move stays as small as the boxed message it
/// replaces (the syntax and turn faults are small `Copy` values).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LotusError {
    /// The text is not a pawn move of this game.
    Syntax(LotusSyntax),
    /// The pawn move breaks a rule in this position.
    Illegal(Box<LotusIllegal>),
    /// The pawn move stands where the turn rules refuse a pawn move.
    Turn(TurnFault),
}

/// What is wrong with the text of a pawn move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LotusSyntax {
    /// Not an initial and a square number, with or without a bracket.
    Shape,
    /// A square number with a leading zero.
    LeadingZero,
    /// No player has this initial.
    NoPlayer(u8),
    /// A square number of more digits than any course has squares.
    NoSquare,
    /// This letter of a bracket is no flower.
    NotFlower(u8),
    /// No player has the initial of the exchange's other player.
    NoPartner(u8),
    /// A bracket that is neither an exchange nor a stone's flower.
    Bracket,
}

/// A turn rule: every turn is three pawn moves and starts with its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnFault {
    /// The record's first pawn move has no number before it; the number
    /// of the turn it opens.
    Unnumbered(u32),
    /// A pawn move after the third of a turn, with no number before it.
    FourthPawnMove,
    /// The turn stops before its third pawn move.
    ShortTurn,
}

/// The code of every fault of a Lotus pawn move.
pub(super) const MOVE_CODES: [&str; 19] = [
    "lotus.not-a-pawn-move",
    "lotus.leading-zero",
    "lotus.unknown-initial",
    "lotus.no-such-square",
    "lotus.not-a-flower",
    "lotus.unknown-partner",
    "lotus.bad-bracket",
    "lotus.game-over",
    "lotus.no-such-pawn",
    "lotus.same-pawn-twice",
    "lotus.three-own-pawns",
    "lotus.superfluous-bracket",
    "lotus.missing-choice",
    "lotus.wrong-bracket",
    "lotus.flower-not-held",
    "lotus.impossible-exchange",
    "lotus.unnumbered-turn",
    "lotus.fourth-pawn-move",
    "lotus.short-turn",
];

/// The code of every fault Lotus reports: of pawn moves, of setups, then
/// of `Position` values.
pub(super) const CODES: [&str; MOVE_CODES.len() + SETUP_CODES.len() + POSITION_CODES.len()] = {
    let mut all = [""; MOVE_CODES.len() + SETUP_CODES.len() + POSITION_CODES.len()];
    let mut i = 0;
    while i < all.len() {
        all[i] = if i < MOVE_CODES.len() {
            MOVE_CODES[i]
        } else if i < MOVE_CODES.len() + SETUP_CODES.len() {
            SETUP_CODES[i - MOVE_CODES.len()]
        } else {
            POSITION_CODES[i - MOVE_CODES.len() - SETUP_CODES.len()]
        };
        i += 1;
    }
    all
};

impl LotusError {
    /// The error of a rule broken.
    pub(super) fn illegal(reason: LotusIllegal) -> Self {
        LotusError::Illegal(Box::new(reason))
    }
}

impl MoveFault for LotusError {
    fn code(&self) -> &'static str {
        match self {
            LotusError::Syntax(fault) => fault.code(),
            LotusError::Illegal(reason) => reason.code(),
            LotusError::Turn(fault) => fault.code(),
        }
    }

    fn message(&self, text: &str) -> String {
        match self {
            LotusError::Syntax(fault) => fault.message(),
            LotusError::Illegal(reason) => reason.message(text),
            LotusError::Turn(fault) => fault.message(),
        }
    }

    fn is_about_the_move(&self) -> bool {
        match self {
            LotusError::Syntax(_) => true,
            LotusError::Illegal(reason) => **reason != LotusIllegal::GameOver,
            LotusError::Turn(_) => false,
        }
    }
}

impl LotusSyntax {
    fn code(self) -> &'static str {
        match self {
            LotusSyntax::Shape => "lotus.not-a-pawn-move",
            LotusSyntax::LeadingZero => "lotus.leading-zero",
            LotusSyntax::NoPlayer(_) => "lotus.unknown-initial",
            LotusSyntax::NoSquare => "lotus.no-such-square",
            LotusSyntax::NotFlower(_) => "lotus.not-a-flower",
            LotusSyntax::NoPartner(_) => "lotus.unknown-partner",
            LotusSyntax::Bracket => "lotus.bad-bracket",
        }
    }

    fn message(self) -> String {
        let letter = |l: u8| char::from(l);
        match self {
            LotusSyntax::Shape => "not a pawn move: a pawn move is the owner's initial and the pawn's square, like r0 or g12, with [W<>oY] or [-P] when a choice is due".to_owned(),
            LotusSyntax::LeadingZero => {
                "not a pawn move: a square is written without leading zeros".to_owned()
            }
            LotusSyntax::NoPlayer(l) => {
                format!("no such pawn: no player's initial is {:?}", letter(l))
            }
            LotusSyntax::NoSquare => "no such pawn: the course has no such square".to_owned(),
            LotusSyntax::NotFlower(l) => format!(
                "not a pawn move: {:?} is not a flower (W, Y, P, B or K)",
                letter(l)
            ),
            LotusSyntax::NoPartner(l) => format!(
                "impossible exchange: no player's initial is {:?}",
                letter(l)
            ),
            LotusSyntax::Bracket => "not a pawn move: a bracket holds an exchange like [W<>oY] or a stone's flower like [-P]".to_owned(),
        }
    }
}

impl TurnFault {
    fn code(self) -> &'static str {
        match self {
            TurnFault::Unnumbered(_) => "lotus.unnumbered-turn",
            TurnFault::FourthPawnMove => "lotus.fourth-pawn-move",
            TurnFault::ShortTurn => "lotus.short-turn",
        }
    }

    fn message(self) -> String {
        match self {
            TurnFault::Unnumbered(turn) => format!("a turn must start with its number: {turn}."),
            TurnFault::FourthPawnMove => "a turn is three pawn moves; this is a fourth".to_owned(),
            TurnFault::ShortTurn => "a turn is three pawn moves; this one has fewer".to_owned(),
        }
    }
}

/// A rule that a pawn move, read well, breaks in the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LotusIllegal {
    /// Place 4 is taken.
    GameOver,
    /// The square is past the course, whose last square is `end`.
    OffCourse {
        /// The last course square.
        end: u16,
    },
    /// The owner has no pawn on the start square.
    NoneOnStart {
        /// The pawn's owner.
        owner: Name,
    },
    /// The square is empty.
    EmptySquare {
        /// The square named.
        square: u16,
        /// The owner the move names.
        owner: Name,
    },
    /// The pawn on the square is another player's.
    OthersPawn {
        /// The square named.
        square: u16,
        /// The owner the move names.
        owner: Name,
        /// The owner of the pawn standing there.
        holder: Name,
    },
    /// The pawn already moved in this turn.
    SamePawnTwice {
        /// The pawn's square.
        square: u16,
        /// The pawn's owner.
        owner: Name,
    },
    /// The third pawn move of a turn takes the mover's own pawn again.
    ThreeOwnPawns,
    /// A bracket on a pawn that enters the arrival.
    BracketOnArrival {
        /// The arrival place taken.
        place: u16,
    },
    /// A bracket on a landing that takes the flower lying there.
    BracketOnFlower {
        /// The landing square.
        square: u16,
        /// The pawn's owner.
        owner: Name,
        /// The flower taken.
        flower: Flower,
    },
    /// A bracket on a square that asks for nothing.
    BracketOnBareSquare {
        /// The landing square.
        square: u16,
        /// Its kind.
        kind: Kind,
    },
    /// A bracket on a frog square, but no exchange exists.
    BracketWithoutExchange {
        /// The frog square.
        square: u16,
        /// The pawn's owner.
        owner: Name,
    },
    /// A bracket on a stone square, but the owner holds no flower.
    BracketWithoutFlower {
        /// The stone square.
        square: u16,
        /// The pawn's owner.
        owner: Name,
    },
    /// No bracket where the frog square asks for an exchange.
    ExchangeDue {
        /// The frog square.
        square: u16,
        /// The pawn's owner.
        owner: Name,
        /// An exchange the owner can make, for the example: the flower
        /// given, the partner's initial and the flower taken.
        example: (Flower, u8, Flower),
    },
    /// No bracket where the stone square asks for a flower.
    FlowerDue {
        /// The stone square.
        square: u16,
        /// The pawn's owner.
        owner: Name,
        /// A flower the owner holds, for the example.
        held: Flower,
    },
    /// A stone's bracket on a frog square.
    StoneOnFrog {
        /// The frog square.
        square: u16,
        /// An exchange the owner can make, for the example: the flower
        /// given, the partner's initial and the flower taken.
        example: (Flower, u8, Flower),
    },
    /// An exchange on a stone square.
    ExchangeOnStone {
        /// The stone square.
        square: u16,
    },
    /// The owner holds no flower of the colour given up on a stone.
    NoFlowerToGiveUp {
        /// The pawn's owner.
        owner: Name,
        /// The colour written.
        flower: Flower,
    },
    /// The owner holds no flower of the colour given in an exchange.
    NoFlowerToGive {
        /// The pawn's owner.
        owner: Name,
        /// The colour written.
        flower: Flower,
    },
    /// An exchange with the pawn's owner.
    ExchangeWithOneself {
        /// The pawn's owner.
        owner: Name,
    },
    /// An exchange of two flowers of one colour.
    SameColours,
    /// The partner holds no flower of the colour taken.
    PartnerLacks {
        /// The partner.
        partner: Name,
        /// The colour written.
        flower: Flower,
    },
}

impl LotusIllegal {
    pub(super) fn code(&self) -> &'static str {
        use LotusIllegal as I;
        match self {
            I::GameOver => "lotus.game-over",
            I::OffCourse { .. } => "lotus.no-such-square",
            I::NoneOnStart { .. } | I::EmptySquare { .. } | I::OthersPawn { .. } => {
                "lotus.no-such-pawn"
            }
            I::SamePawnTwice { .. } => "lotus.same-pawn-twice",
            I::ThreeOwnPawns => "lotus.three-own-pawns",
            I::BracketOnArrival { .. }
            | I::BracketOnFlower { .. }
            | I::BracketOnBareSquare { .. }
            | I::BracketWithoutExchange { .. }
            | I::BracketWithoutFlower { .. } => "lotus.superfluous-bracket",
            I::ExchangeDue { .. } | I::FlowerDue { .. } => "lotus.missing-choice",
            I::StoneOnFrog { .. } | I::ExchangeOnStone { .. } => "lotus.wrong-bracket",
            I::NoFlowerToGiveUp { .. } | I::NoFlowerToGive { .. } => "lotus.flower-not-held",
            I::ExchangeWithOneself { .. } | I::SameColours | I::PartnerLacks { .. } => {
                "lotus.impossible-exchange"
            }
        }
    }

    /// The reason in words; `text` is the pawn move as written, which the
    /// messages of a missing bracket write again with one.
    pub(super) fn message(&self, text: &str) -> String {
        use LotusIllegal as I;
        let unasked = "bracket where no choice is due: the pawn";
        match self {
            I::GameOver => "the game is over: place 4 is taken".to_owned(),
            I::OffCourse { end } => format!(
                "no such pawn: the course has squares 0 to {end} (pawns in the arrival never move again)"
            ),
            I::NoneOnStart { owner } => {
                format!("no such pawn: {owner} has no pawn on the start square")
            }
            I::EmptySquare { square, owner } => {
                format!("no such pawn: square {square} is empty, {owner} has no pawn there")
            }
            I::OthersPawn {
                square,
                owner,
                holder,
            } => format!("no such pawn: the pawn on {square} is {holder}'s, not {owner}'s"),
            I::SamePawnTwice { square, owner } => format!(
                "the same pawn twice: {owner}'s pawn on {square} has already moved this turn"
            ),
            I::ThreeOwnPawns => {
                "three own pawns: at least one of the three pawns must belong to another player"
                    .to_owned()
            }
            I::BracketOnArrival { place } => {
                format!("{unasked} enters the arrival, place {place}")
            }
            I::BracketOnFlower {
                square,
                owner,
                flower,
            } => format!(
                "{unasked} lands on {square} and {owner} takes its {} flower",
                flower.name()
            ),
            I::BracketOnBareSquare { square, kind } => {
                format!("{unasked} lands on {square}, a {} square", kind.name())
            }
            I::BracketWithoutExchange { square, owner } => format!(
                "{unasked} lands on the frog square {square}, but {owner} has no exchange to make"
            ),
            I::BracketWithoutFlower { square, owner } => {
                format!("{unasked} lands on the stone square {square}, but {owner} holds no flower")
            }
            I::ExchangeDue {
                square,
                owner,
                example,
            } => format!(
                "a choice is due: the pawn lands on the frog square {square} and {owner} must exchange a flower, written like {text}{}",
                exchange(*example)
            ),
            I::FlowerDue {
                square,
                owner,
                held,
            } => format!(
                "a choice is due: the pawn lands on the stone square {square} and {owner} must give up a flower, written like {text}[-{}]",
                held.letter()
            ),
            I::StoneOnFrog { square, example } => format!(
                "wrong bracket: the pawn lands on the frog square {square}, which asks for an exchange like {}",
                exchange(*example)
            ),
            I::ExchangeOnStone { square } => format!(
                "wrong bracket: the pawn lands on the stone square {square}, which asks for the flower given up, like [-P]"
            ),
            I::NoFlowerToGiveUp { owner, flower } => format!(
                "flower not held: {owner} holds no {} flower to give up",
                flower.name()
            ),
            I::NoFlowerToGive { owner, flower } => format!(
                "flower not held: {owner} holds no {} flower to give",
                flower.name()
            ),
            I::ExchangeWithOneself { owner } => format!(
                "impossible exchange: {owner} exchanges with another player, not with {owner}"
            ),
            I::SameColours => {
                "impossible exchange: the two flowers must differ in colour".to_owned()
            }
            I::PartnerLacks { partner, flower } => format!(
                "impossible exchange: {partner} holds no {} flower",
                flower.name()
            ),
        }
    }
}

/// An exchange's bracket: the flower given, the partner's initial and the
/// flower taken, `[W<>gY]`.
fn exchange((give, partner, take): (Flower, u8, Flower)) -> String {
    format!("[{}<>{}{}]", give.letter(), char::from(partner), take.letter())
}

#[cfg(test)]
#[path = "fault_tests.rs"]
mod tests;
