//! The typed JSON of positions and move parts, one variant per game: what
//! [`super::Game::position_json`] and [`super::Game::describe`] return, and
//! what `kifu json` prints. `kifu.5` describes every field.
//!
//! A field with nothing to say (no bird, no capture, no pawn in a place) is
//! an `Option` left out of the output, never written as `null`.

pub mod escampe;
pub mod lotus;
pub mod mana;
pub mod shogun;

use crate::game::square::Square;
use escampe::{EscampeParts, EscampePosition};
use lotus::{LotusParts, LotusPosition};
use mana::{ManaParts, ManaPosition};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use shogun::{ShogunParts, ShogunPosition};
use std::borrow::Cow;
use std::fmt;

/// A position, as JSON: the fields of its game's position.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Position {
    /// A Mana position.
    Mana(ManaPosition),
    /// An Escampe position.
    Escampe(EscampePosition),
    /// A Shogun position.
    Shogun(ShogunPosition),
    /// A Flower of the Lotus position.
    Lotus(LotusPosition),
}

impl Position {
    /// The `Position` tag value of the position: a record with it, and
    /// the game's other tags, starts here.
    pub fn value(&self) -> &str {
        match self {
            Position::Mana(p) => &p.position,
            Position::Escampe(p) => &p.position,
            Position::Shogun(p) => &p.position,
            Position::Lotus(p) => &p.position,
        }
    }
}

/// A move's parts, as JSON: the fields of its game's moves.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum MoveParts {
    /// A Mana move.
    Mana(ManaParts),
    /// An Escampe move.
    Escampe(EscampeParts),
    /// A Shogun move.
    Shogun(ShogunParts),
    /// A Flower of the Lotus pawn move.
    Lotus(LotusParts),
}

/// A square, written as its name (`e4`) without building a string first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SquareName(pub Square);

impl SquareName {
    /// The square of `index` on a board of `size` files.
    pub const fn of(index: usize, size: u8) -> Self {
        Self(Square::from_index(index, size))
    }
}

impl fmt::Debug for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl SquareName {
    /// The name, `a1` to `h8`.
    pub fn as_str(self) -> &'static str {
        self.0.name()
    }
}

impl Serialize for SquareName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl JsonSchema for SquareName {
    fn schema_name() -> Cow<'static, str> {
        "Square".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A square by its name: the file's letter, then the rank's number.",
            "type": "string",
            "pattern": "^[a-h][1-8]$"
        })
    }
}

/// The schema of a string that is one of `values`.
pub(crate) fn string_enum<T: fmt::Display>(values: impl IntoIterator<Item = T>) -> Schema {
    let values: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    json_schema!({ "type": "string", "enum": values })
}

/// A side of a two-player game: black or white in Mana and Escampe, white
/// or red in Shogun.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Black (Mana, Escampe).
    Black,
    /// White (every two-player game).
    White,
    /// Red (Shogun).
    Red,
}
