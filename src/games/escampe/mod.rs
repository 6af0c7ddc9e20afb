//! Escampe (1988), the first edition of Mana: the referee of the ESCAMPE
//! section of kifu-rules(7). It shares the board, the step reader, the
//! paths, the `Position` board and the drawing with Mana through
//! [`crate::games::lines`].
//!
//! Its files, the same in every game's folder:
//! - `mod.rs`: the position `Escampe` and its `Game` impl;
//! - `rules.rs`: the rules of a step and of a pass: whether a move is
//!   legal, and playing it;
//! - `notation.rs`: the move `EscampeMove`, its reader and its writer;
//! - `setup.rs`: the `Setup` and `Position` tags, read and checked into a
//!   start, and the tags a position writes;
//! - `placement.rs`: the placement before the first move, side by side,
//!   for the REPL and the engine;
//! - `position.rs`: the position and its moves as JSON;
//! - `fault.rs`: `EscampeSyntax` and `EscampeIllegal`, their codes and
//!   messages;
//! - `draw.rs`: the text board and the picture;
//! - `tests.rs`: the game's tests.

mod draw;
mod fault;
mod notation;
mod placement;
mod position;
mod rules;
mod setup;

pub use fault::{EscampeError, EscampeIllegal, EscampeSyntax};
pub use notation::EscampeMove;
pub use crate::game::json::escampe::{EscampeParts, EscampePosition};
pub use setup::EscampeSetup;

use crate::game::{
    Game, GameKind, MoveDetail, Numbering, Outcome, Placing, Position, SetupError, Tags, Turn, Win,
};
use crate::games::lines::{self, Bits, Side, StepRules, bit, kind_name, square_name, squares};
use crate::draw::Ended;

/// An Escampe position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Escampe {
    /// Each side's pieces, indexed by [`Side::index`].
    pub(super) men: [Bits; 2],
    /// The squares of the two Unicorns.
    pub(super) unicorn: Bits,
    /// The side to move.
    pub(super) to_move: Side,
    /// The number of lines the next move must start from, if any.
    pub(super) constraint: Option<u8>,
    /// Where the opponent's last move ended, when the record shows it.
    last: Option<u8>,
    winner: Option<Side>,
    plies: u32,
}

impl Escampe {
    /// The pieces and the line constraint, as the engine's evaluation
    /// and the hash see them.
    pub fn pieces(&self) -> lines::Pieces {
        lines::Pieces {
            men: self.men,
            leaders: self.unicorn,
            to_move: self.to_move,
            constraint: self.constraint,
        }
    }
}

impl Game for Escampe {
    type Move = EscampeMove;
    type Error = EscampeError;
    type Setup = EscampeSetup;

    const KIND: GameKind = GameKind::Escampe;
    const TAGS: &'static [&'static str] = &["White", "Black", "Setup", "Position"];
    const SETUP_TAGS: &'static [&'static str] = &["Setup", "Position"];
    const NUMBERING: Numbering = Numbering::Pairs;
    const WINS: &'static [Win] = &[Side::White.win(), Side::Black.win()];
    const CODES: &'static [&'static str] = &[
        "escampe.not-a-square",
        "escampe.no-separator",
        "escampe.trailing-text",
        "escampe.no-reentry",
        "escampe.not-a-move",
        "escampe.no-bird",
        "escampe.empty-square",
        "escampe.opponents-piece",
        "escampe.onto-own-piece",
        "escampe.too-far",
        "escampe.path-blocked",
        "escampe.false-capture",
        "escampe.breaks-constraint",
        "escampe.unicorn-takes",
        "escampe.paladin-taken",
        "escampe.pass-with-a-move",
        "escampe.setup-and-position",
        "escampe.setup-missing",
        "escampe.setup-groups",
        "escampe.group-size",
        "escampe.setup-square",
        "escampe.repeated-square",
        "escampe.off-edge",
        "escampe.mixed-edges",
        "escampe.same-edge",
        "escampe.position-words",
        "escampe.side-to-move",
        "escampe.board-ranks",
        "escampe.rank-width",
        "escampe.not-a-piece",
        "escampe.unicorn-count",
        "escampe.paladin-count",
        "escampe.constraint",
        "escampe.impossible-constraint",
    ];

    fn read_setup(tags: Tags<'_>) -> Result<EscampeSetup, SetupError> {
        setup::read(tags)
    }

    fn from_setup(setup: EscampeSetup) -> Result<Self, SetupError> {
        setup::check(setup)
    }

    #[inline]
    fn read_move(&self, text: &[u8]) -> Result<EscampeMove, EscampeError> {
        EscampeMove::read(text).map_err(EscampeError::Syntax)
    }

    /// A step, `b1-b3` or `c3xc5`: nearly every move, read by the step
    /// reader of [`EscampeMove::read`].
    #[inline]
    fn read_move_at(&self, text: &[u8]) -> Option<(EscampeMove, usize)> {
        let (from, capture, to) = lines::read_step(text).ok()?;
        Some((EscampeMove::Step { from, to, capture }, 5))
    }

    #[inline]
    fn check(&self, mv: &EscampeMove) -> Result<(), EscampeError> {
        self.check_move(mv).map_err(EscampeError::Illegal)
    }

    #[inline]
    fn apply(&mut self, mv: &EscampeMove) {
        match *mv {
            EscampeMove::Step { from, to, .. } => {
                self.play_step(usize::from(from), usize::from(to))
            }
            EscampeMove::Pass => self.pass(),
        }
    }

    #[inline]
    fn check_and_apply(&mut self, mv: &EscampeMove) -> Result<(), EscampeError> {
        match *mv {
            EscampeMove::Step { from, to, capture } => {
                lines::check_and_play(self, usize::from(from), usize::from(to), capture)
            }
            EscampeMove::Pass => self.check_pass().map(|()| self.pass()),
        }
        .map_err(EscampeError::Illegal)
    }

    fn legal_moves(&self) -> Vec<EscampeMove> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let mut moves: Vec<EscampeMove> = squares(self.allowed())
            .flat_map(|from| {
                squares(self.targets(from)).map(move |to| EscampeMove::Step {
                    from: from as u8,
                    to: to as u8,
                    capture: self.occupied() & bit(to) != 0,
                })
            })
            .collect();
        if moves.is_empty() {
            moves.push(EscampeMove::Pass);
        }
        moves
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner
            .map(|side| Outcome::win(side.win(), "Unicorn captured"))
    }

    fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    fn zobrist(&self) -> Option<u64> {
        Some(self.pieces().zobrist())
    }

    fn turn(&self) -> Turn<'_> {
        Turn::of_pairs(self.plies, self.to_move.name())
    }

    fn players(&self) -> Vec<&str> {
        vec![Side::White.name(), Side::Black.name()]
    }

    fn constraint(&self) -> Option<String> {
        let n = self.constraint?;
        let mover = self.to_move.name();
        let mut text = format!("{mover} must move a piece from a {} square", kind_name(n));
        if self.winner.is_none() && self.first_step().is_none() {
            text.push_str(&format!("; none can move, so {mover} must pass"));
        }
        Some(text)
    }

    fn position_json(&self) -> Position {
        position::position(self)
    }

    fn describe(&self, mv: &EscampeMove) -> MoveDetail {
        position::describe(self, mv)
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        vec![("Position".to_owned(), setup::position_value(self))]
    }

    fn placing(given: &[(String, String)]) -> Option<Box<dyn Placing>> {
        let placing = placement::EscampePlacing::of_tags(given)?;
        Some(Box::new(placing))
    }

    /// Black picks an edge at random; each side fills six random squares of
    /// its two home ranks, Unicorn first.
    fn random_tags(rng: &mut crate::random::Rng) -> Vec<(String, String)> {
        let low: Vec<usize> = (0..12).collect();
        let high: Vec<usize> = (24..36).collect();
        let (black_ranks, white_ranks) = if rng.below(2) == 0 {
            (low, high)
        } else {
            (high, low)
        };
        let mut group = |mut squares: Vec<usize>| {
            rng.shuffle(&mut squares);
            squares[..6]
                .iter()
                .map(|&s| square_name(s))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let white = group(white_ranks);
        let black = group(black_ranks);
        vec![("Setup".to_owned(), format!("{white} / {black}"))]
    }
}

impl Escampe {
    /// The start position of a `Setup` value (White's six squares, `/`,
    /// Black's six, Unicorn first).
    ///
    /// # Errors
    /// The `Setup` value is wrong.
    pub fn with_setup(setup: &str) -> Result<Self, SetupError> {
        Self::with_tag("Setup", setup)
    }

    /// The position of a `Position` value.
    ///
    /// # Errors
    /// The `Position` value is wrong.
    pub fn with_position(position: &str) -> Result<Self, SetupError> {
        Self::with_tag("Position", position)
    }

    /// The start of a record whose one start tag is `name`.
    fn with_tag(name: &str, value: &str) -> Result<Self, SetupError> {
        let tags = [crate::record::Tag {
            name: name.to_owned().into(),
            value: value.into(),
            offset: 0,
        }];
        Self::from_tags(Tags::new(&tags))
    }

    /// The squares of the pieces the constraint in force lets move; none
    /// when no constraint is in force or the game is over.
    fn marked(&self) -> Bits {
        match self.constraint {
            Some(_) if !self.is_over() => self.allowed(),
            _ => 0,
        }
    }

    /// The lines under the board: who moves or won (or how the game
    /// `ended` off the board), the constraint, and where the last move
    /// ended.
    fn footer(&self, ended: Option<Ended<'_>>) -> Vec<String> {
        if let Some(ended) = ended {
            return vec![ended.status()];
        }
        let mut footer = vec![lines::status(self.outcome().as_ref(), self.to_move)];
        if self.is_over() {
            return footer;
        }
        let Some(text) = self.constraint() else {
            footer.push("no constraint: any piece may move".to_owned());
            return footer;
        };
        footer.push(text);
        if let Some(last) = self.last {
            footer.push(format!(
                "{}'s last move ended on {}",
                self.to_move.other().name(),
                square_name(usize::from(last))
            ));
        }
        footer
    }

    /// The letter of the piece on `square`, if any: upper case White.
    fn piece_letter(&self, square: usize) -> Option<char> {
        setup::piece_letter(self, square)
    }
}

#[cfg(test)]
mod tests;
