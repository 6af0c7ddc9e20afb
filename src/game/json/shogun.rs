//! The JSON of a Shogun position and its moves.

use super::{Colour, SquareName, string_enum};
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

/// The letters of the piece kinds, in the order of the game's kinds.
pub const PIECE_KINDS: [char; 4] = ['X', 'Y', 'Z', 'S'];

/// The letters of the magnet types.
pub const MAGNET_TYPES: [char; 4] = ['A', 'B', 'C', 'D'];

/// The schema of a piece's kind: its letter.
fn piece_kinds(_: &mut SchemaGenerator) -> Schema {
    string_enum(PIECE_KINDS)
}

/// The schema of a magnet type: its letter.
fn magnet_types(_: &mut SchemaGenerator) -> Schema {
    string_enum(MAGNET_TYPES)
}
