//! The JSON of an Escampe position and its moves.

use super::{Colour, SquareName};
use schemars::JsonSchema;
use serde::Serialize;

/// An Escampe position as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct EscampePosition {
    /// The Position tag value of the position.
    pub position: String,
    /// Who moves next: black or white.
    pub to_move: Colour,
    /// The number of lines the next move must start from; left out when
    /// none is in force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraint: Option<u8>,
    /// Where the last move ended; left out when not known, as at the start
    /// or after a pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_landing: Option<SquareName>,
}

/// An Escampe move's parts as JSON, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[schemars(deny_unknown_fields)]
pub enum EscampeParts {
    /// A piece moves.
    Move {
        /// Where it starts.
        from: SquareName,
        /// Where it ends.
        to: SquareName,
        /// True when a piece was taken.
        capture: bool,
    },
    /// The side to move passes.
    Pass,
}
