//! The rules a pawn move can break once read: the reasons of
//! [`LotusError::illegal`](super::LotusError::illegal), with their codes
//! and words.

use super::course::Kind;
use super::error::Name;
use super::notation::Flower;

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
