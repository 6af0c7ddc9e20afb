//! The JSON of a Mana position and its moves.

use super::{Colour, SquareName};
use schemars::JsonSchema;
use serde::Serialize;

/// A Mana position as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ManaPosition {
    /// The Position tag value of the position.
    pub position: String,
    /// Who moves next: black or white.
    pub to_move: Colour,
    /// The bird's square; left out when off the board or not known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bird: Option<SquareName>,
    /// The bird's kind: the number of lines of its square, also when its
    /// square was not written; left out when the bird is off the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bird_lines: Option<u8>,
    /// The captured Ronins of black and white.
    pub captured: Captured,
}

/// The Ronins captured, by the side that lost them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Captured {
    /// Black's Ronins captured.
    pub black: u32,
    /// White's Ronins captured.
    pub white: u32,
}

/// A Mana move's parts as JSON, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[schemars(deny_unknown_fields)]
pub enum ManaParts {
    /// A piece moves.
    Move {
        /// Where it starts.
        from: SquareName,
        /// Where it ends.
        to: SquareName,
        /// True when a piece was taken.
        capture: bool,
        /// Where the bird goes; left out when not written.
        #[serde(skip_serializing_if = "Option::is_none")]
        bird: Option<SquareName>,
    },
    /// A captured Ronin comes back.
    Reentry {
        /// Where it enters.
        to: SquareName,
        /// Where the bird goes; left out when not written.
        #[serde(skip_serializing_if = "Option::is_none")]
        bird: Option<SquareName>,
    },
    /// The side to move passes.
    Pass,
}
