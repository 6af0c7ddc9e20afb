//! The Shogun position and moves as JSON.

use super::Shogun;
use super::board::{Kind, SIZE, Side, bit, magnet, squares, type_letter};
use super::notation::ShogunMove;
use super::setup::position_value;
use super::setup::discs_value;
use crate::game::{Colour, MoveDetail, MoveParts, Position, SquareName};
use crate::game::string_enum;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;

/// A Shogun position as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShogunPosition {
    /// The Position tag value of the position.
    pub position: String,
    /// Who moves next: white or red.
    pub to_move: Colour,
    /// The board's turn in degrees: 0, 90, 180 or 270.
    pub rotation: u16,
    /// The Discs tag value: the numbers table.
    pub discs: String,
    /// Every piece on the board, in square order.
    pub pieces: Vec<ShogunPiece>,
    /// The square of the piece attacking each Shogun; left out when no
    /// Shogun is attacked.
    #[serde(skip_serializing_if = "Attacked::is_empty")]
    pub attacked: Attacked,
}

/// A piece on the Shogun board as JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShogunPiece {
    /// Its square.
    pub square: SquareName,
    /// Its owner: white or red.
    pub side: Colour,
    /// Its kind: `S`, `X`, `Y` or `Z`.
    #[schemars(schema_with = "piece_kinds")]
    pub kind: char,
    /// The magnet type of its square, `A` to `D`, read in the owner's
    /// frame.
    #[schemars(schema_with = "magnet_types")]
    pub magnet: char,
    /// The number the piece shows now.
    pub shows: u8,
}

/// The attacker of each Shogun, when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields, extend("minProperties" = 1))]
pub struct Attacked {
    /// The square of the piece attacking White's Shogun; left out when it
    /// is not attacked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<SquareName>,
    /// The square of the piece attacking Red's Shogun; left out when it is
    /// not attacked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub red: Option<SquareName>,
}

impl Attacked {
    /// Whether neither Shogun is attacked.
    pub fn is_empty(&self) -> bool {
        self.white.is_none() && self.red.is_none()
    }
}

/// A Shogun move's parts as JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShogunParts {
    /// Where the piece starts.
    pub from: SquareName,
    /// Where it ends.
    pub to: SquareName,
    /// Its owner: white or red.
    pub side: Colour,
    /// Its kind: `S`, `X`, `Y` or `Z`.
    #[schemars(schema_with = "piece_kinds")]
    pub piece: char,
    /// The number it showed.
    pub shows: u8,
    /// The kind of the piece it takes; left out when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "piece_kinds")]
    pub capture: Option<char>,
    /// True when it attacks the opposing Shogun.
    pub check: bool,
}

/// The schema of a piece's kind: its letter.
fn piece_kinds(_: &mut SchemaGenerator) -> Schema {
    string_enum(Kind::ALL.map(Kind::letter))
}

/// The schema of a magnet type: its letter.
fn magnet_types(_: &mut SchemaGenerator) -> Schema {
    string_enum((0..4).map(type_letter))
}

fn name(square: usize) -> SquareName {
    SquareName::of(square & 63, SIZE)
}

/// The position as JSON: the `Position` value, the side to move, the
/// rotation, the discs, every piece with the number it shows, and checks.
pub(super) fn position(game: &Shogun) -> Position {
    let quarter = game.rotation % 180 == 90;
    let pieces = squares(game.occupied())
        .filter_map(|square| {
            let (side, kind) = game.piece_at(square)?;
            Some(ShogunPiece {
                square: name(square),
                side: side.into(),
                kind: kind.letter(),
                magnet: type_letter(magnet(square, side, quarter)),
                shows: game.shows(square),
            })
        })
        .collect();
    Position::Shogun(ShogunPosition {
        position: position_value(game),
        to_move: game.to_move.into(),
        rotation: game.rotation,
        discs: discs_value(&game.discs),
        pieces,
        attacked: Attacked {
            white: game.attacker_of(Side::White).map(name),
            red: game.attacker_of(Side::Red).map(name),
        },
    })
}

/// A move's canonical text and parts.
pub(super) fn describe(game: &Shogun, mv: &ShogunMove) -> MoveDetail {
    let (from, to) = (usize::from(mv.from) & 63, usize::from(mv.to) & 63);
    // With its `x` and `+` as the position has them. The move may not be
    // legal: the referee describes a move before it plays it.
    let normal = ShogunMove {
        capture: game.occupied() & bit(to) != 0,
        check: game.gives_check(from, to),
        ..*mv
    };
    let (side, kind) = game.piece_at(from).unwrap_or((game.to_move, Kind::X));
    MoveDetail::new(
        &normal,
        MoveParts::Shogun(ShogunParts {
            from: name(from),
            to: name(to),
            side: side.into(),
            piece: kind.letter(),
            shows: game.shows(from),
            capture: game.piece_at(to).map(|(_, k)| k.letter()),
            check: normal.check,
        }),
    )
}
