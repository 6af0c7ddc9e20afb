//! The JSON of a Flower of the Lotus position and its pawn moves.

use super::string_enum;
use compact_str::CompactString;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;

/// A Flower of the Lotus position as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LotusPosition {
    /// The `Position` tag value of the position.
    pub position: String,
    /// The `Course` tag value.
    pub course: String,
    /// Every pawn, in the order of play.
    pub pawns: Vec<LotusPawn>,
    /// The flowers still on the course.
    pub course_flowers: Vec<CourseFlower>,
    /// The four places of the arrival.
    #[schemars(length(equal = 4))]
    pub arrival: Vec<ArrivalPlace>,
    /// Every player, in turn order.
    pub players: Vec<LotusPlayer>,
    /// The number of the turn in progress.
    pub turn: u32,
    /// Which pawn move of the turn is next, 1 to 3; left out once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 3))]
    pub pawn_move: Option<u8>,
    /// Who moves next; left out once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub to_move: Option<CompactString>,
}

/// A pawn as JSON: on a course square or in an arrival place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LotusPawn {
    /// Its owner's initial.
    pub owner: char,
    /// Its square, while on the course; left out once it has arrived.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<u16>,
    /// Its arrival place, 1 to 4, once it has arrived; left out while on
    /// the course.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrival: Option<u16>,
}

/// A flower lying on a course square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CourseFlower {
    /// The square.
    pub square: usize,
    /// The flower's letter.
    #[schemars(schema_with = "flowers")]
    pub flower: char,
}

/// A place of the arrival.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ArrivalPlace {
    /// The place, 1 to 4.
    #[schemars(range(min = 1, max = 4))]
    pub place: u16,
    /// The flower lying there; left out when the place has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "flowers")]
    pub flower: Option<char>,
    /// The initial of the owner of the pawn there; left out when the place
    /// has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pawn: Option<char>,
}

/// A player as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LotusPlayer {
    /// The player's name.
    #[schemars(with = "String")]
    pub name: CompactString,
    /// The player's initial.
    pub letter: char,
    /// The flowers in the player's bouquet: the count of each colour.
    pub flowers: Bouquet,
    /// The bouquet's score.
    pub score: i32,
}

/// A bouquet, counted by colour: white, yellow, pink, blue and black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Bouquet {
    /// White flowers.
    #[serde(rename = "W")]
    pub white: u8,
    /// Yellow flowers.
    #[serde(rename = "Y")]
    pub yellow: u8,
    /// Pink flowers.
    #[serde(rename = "P")]
    pub pink: u8,
    /// Blue flowers.
    #[serde(rename = "B")]
    pub blue: u8,
    /// Black flowers.
    #[serde(rename = "K")]
    pub black: u8,
}

/// A pawn move's parts as JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LotusParts {
    /// The owner's initial.
    pub player: char,
    /// The square it leaves.
    pub from: u16,
    /// The square it lands on; left out when the pawn enters the arrival.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<u16>,
    /// The arrival place taken; left out when the pawn stays on the course.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrival: Option<u16>,
    /// The exchange written; left out when none is written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange: Option<Exchange>,
    /// The flower given up on a stone square; left out when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "flowers")]
    pub stone: Option<char>,
}

/// An exchange of flowers between the mover and another player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Exchange {
    /// The flower the mover gives.
    #[schemars(schema_with = "flowers")]
    pub give: char,
    /// The other player's initial.
    pub with: char,
    /// The flower the mover takes.
    #[schemars(schema_with = "flowers")]
    pub take: char,
}

/// The letters of the flowers, in the order of the game's colours:
/// white, yellow, pink, blue and black.
pub const FLOWERS: [char; 5] = ['W', 'Y', 'P', 'B', 'K'];

/// The schema of a flower: its letter.
fn flowers(_: &mut SchemaGenerator) -> Schema {
    string_enum(FLOWERS)
}
