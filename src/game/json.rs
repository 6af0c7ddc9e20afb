//! The typed JSON of positions and move parts, one variant per game: what
//! [`super::Game::position_json`] and [`super::Game::describe`] return, and
//! what `kifu json` prints. `kifu.5` describes every field.
//!
//! A field with nothing to say (no bird, no capture, no pawn in a place) is
//! an `Option` left out of the output, never written as `null`.

use crate::games::escampe::{EscampeParts, EscampePosition};
use crate::games::lotus::{LotusParts, LotusPosition};
use crate::games::mana::{ManaParts, ManaPosition};
use crate::games::shogun::{ShogunParts, ShogunPosition};
use crate::games::square::Square;
use serde::Serialize;
use std::fmt;

/// A position, as JSON: the fields of its game's position.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Serialize)]
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
    /// The name, `a1` to `h8`, from a table rather than formatted: it is
    /// written several times for every move.
    pub fn as_str(self) -> &'static str {
        const NAMES: [&str; 64] = {
            let mut names = [""; 64];
            let mut i = 0;
            while i < 64 {
                names[i] = NAME_BYTES[i].as_str();
                i += 1;
            }
            names
        };
        let (file, rank) = (usize::from(self.0.file), usize::from(self.0.rank));
        if file < 8 && rank < 8 {
            NAMES[rank * 8 + file]
        } else {
            "?"
        }
    }
}

/// The bytes of every square name of an 8 x 8 board, `rank * 8 + file`.
const NAME_BYTES: [Name; 64] = {
    let mut names = [Name([0; 2]); 64];
    let mut i = 0;
    while i < 64 {
        names[i] = Name([b'a' + (i % 8) as u8, b'1' + (i / 8) as u8]);
        i += 1;
    }
    names
};

/// Two ASCII bytes of a square name.
#[derive(Clone, Copy)]
struct Name([u8; 2]);

impl Name {
    const fn as_str(&'static self) -> &'static str {
        match std::str::from_utf8(&self.0) {
            Ok(name) => name,
            Err(_) => "?",
        }
    }
}

impl Serialize for SquareName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The side to move in a two-player game, as JSON names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Black (Mana, Escampe).
    Black,
    /// White (every two-player game).
    White,
    /// Red (Shogun).
    Red,
}

impl From<crate::games::lines::Side> for Colour {
    fn from(side: crate::games::lines::Side) -> Self {
        match side {
            crate::games::lines::Side::Black => Colour::Black,
            crate::games::lines::Side::White => Colour::White,
        }
    }
}

impl From<crate::games::shogun::Side> for Colour {
    fn from(side: crate::games::shogun::Side) -> Self {
        match side {
            crate::games::shogun::Side::White => Colour::White,
            crate::games::shogun::Side::Red => Colour::Red,
        }
    }
}
