//! Shogun's tags: `Setup`, `Position`, `First`, `Rotation` and `Discs`; the
//! `Position` board itself is read and written in `position`.

use super::Shogun;
use super::board::{DEFAULT_DISCS, Discs, Kind, Side, square_name, squares};
use super::position::{parse_position, position_value};
use crate::game::{TagError, Tags};

/// The home ranks when the record has no `Setup` tag.
pub const DEFAULT_SETUP: &str = "XXYZSZYX/XYZSZYXX";

/// The numbers table written as a `Discs` value.
pub fn discs_value(discs: &Discs) -> String {
    Kind::ALL
        .iter()
        .map(|k| {
            let n: String = discs[k.index()]
                .iter()
                .map(|d| char::from(b'0' + d))
                .collect();
            format!("{}:{n}", k.letter())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Builds the start position from the tags.
pub fn from_tags(tags: Tags<'_>) -> Result<Shogun, TagError> {
    let rotation = match tags.get("Rotation") {
        None => 0,
        Some(value) => {
            parse_rotation(value).map_err(|m| TagError::new("Rotation", "shogun.setup", m))?
        }
    };
    let discs = match tags.get("Discs") {
        None => DEFAULT_DISCS,
        Some(value) => parse_discs(value).map_err(|m| TagError::new("Discs", "shogun.setup", m))?,
    };
    let first = match tags.get("First") {
        None => None,
        Some("white") => Some(Side::White),
        Some("red") => Some(Side::Red),
        Some(other) => {
            return Err(TagError::new(
                "First",
                "shogun.setup",
                format!("{other:?}: the side that moves first is white or red"),
            ));
        }
    };
    match (tags.get("Setup"), tags.get("Position")) {
        (Some(_), Some(_)) => Err(TagError::new(
            "Position",
            "shogun.setup",
            "a record has Setup or Position, never both",
        )),
        (_, Some(value)) => {
            let game = parse_position(value, discs, rotation)
                .map_err(|m| TagError::new("Position", "shogun.setup", m))?;
            match first {
                Some(side) if side != game.to_move => Err(TagError::new(
                    "First",
                    "shogun.setup",
                    format!(
                        "{:?} disagrees with the Position tag, where {} is to move",
                        side.name().to_lowercase(),
                        game.to_move.name()
                    ),
                )),
                // Move numbers count the first side's move first: without a
                // First tag that is White, so Red to move opens with `1...`.
                Some(_) => Ok(game),
                None => Ok(Shogun {
                    plies: u32::from(game.to_move == Side::Red),
                    ..game
                }),
            }
            .map(settled)
        }
        (setup, None) => {
            let value = setup.unwrap_or(DEFAULT_SETUP);
            let first = first.unwrap_or(Side::White);
            let mut game = match quick_setup(value.as_bytes(), first, discs, rotation) {
                Some(game) => game,
                None => parse_setup(value, first, discs, rotation)
                    .map_err(|m| TagError::new("Setup", "shogun.setup", m))?,
            };
            game.settle();
            Ok(game)
        }
    }
}

/// The position with its end settled.
fn settled(mut game: Shogun) -> Shogun {
    game.settle();
    game
}

fn parse_rotation(value: &str) -> Result<u16, String> {
    match value {
        "0" => Ok(0),
        "90" => Ok(90),
        "180" => Ok(180),
        "270" => Ok(270),
        _ => Err(format!(
            "{value:?}: the board is turned by 0, 90, 180 or 270 degrees"
        )),
    }
}

/// `"X:4231 Y:2341 Z:1432 S:1221"`: every kind once, in any order.
fn parse_discs(value: &str) -> Result<Discs, String> {
    let mut discs = [[0u8; 4]; 4];
    let mut seen = [false; 4];
    let form = "each kind once as KIND:dddd, like \"X:4231 Y:2341 Z:1432 S:1221\"";
    for word in value.split_whitespace() {
        let Some((letter, digits)) = word.split_once(':') else {
            return Err(format!("{word:?}: expected {form}"));
        };
        let kind = match letter.chars().collect::<Vec<_>>()[..] {
            [c] => Kind::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| format!("{letter:?} is not a kind of piece (X, Y, Z or S)"))?;
        if seen[kind.index()] {
            return Err(format!("{} is given twice", kind.letter()));
        }
        seen[kind.index()] = true;
        let max = if kind == Kind::S { 2 } else { 4 };
        let numbers: Vec<u8> = digits
            .chars()
            .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
            .collect();
        if numbers.len() != 4 || numbers.iter().any(|&n| n < 1 || n > max) {
            return Err(format!(
                "{word:?}: {} takes four numbers from 1 to {max}, for magnet types A, B, C and D",
                kind.letter()
            ));
        }
        for (slot, n) in discs[kind.index()].iter_mut().zip(numbers) {
            *slot = n;
        }
    }
    if let Some(missing) = Kind::ALL.iter().find(|k| !seen[k.index()]) {
        return Err(format!(
            "{value:?}: {} is missing; {form}",
            missing.letter()
        ));
    }
    Ok(discs)
}

/// Reads a well-formed `Setup` value straight from its bytes: eight
/// letters, `/`, eight letters, each side with its pieces and its Shogun on
/// its square. `None` for anything else, which [`parse_setup`] explains;
/// what this accepts, [`parse_setup`] reads as the same position.
fn quick_setup(value: &[u8], first: Side, discs: Discs, rotation: u16) -> Option<Shogun> {
    let value: &[u8; 17] = value.try_into().ok()?;
    if value[8] != b'/' {
        return None;
    }
    let (white, red) = (&value[..8], &value[9..]);
    // One byte per kind (X, Y, Z, S from the lowest) counting a side's pieces:
    // three X, two Y, two Z and one Shogun.
    let full = Kind::ALL
        .iter()
        .fold(0, |all, k| all | k.count() << (8 * k.index()));
    let mut game = Shogun::empty(first, discs, rotation);
    for (side, letters, rank) in [(Side::White, white, 0), (Side::Red, red, 56)] {
        let mut counts = 0;
        for (file, &letter) in letters.iter().enumerate() {
            let kind = match letter {
                b'X' => Kind::X,
                b'Y' => Kind::Y,
                b'Z' => Kind::Z,
                b'S' => Kind::S,
                _ => return None,
            };
            counts += 1 << (8 * kind.index());
            game.put(rank + file, side, kind);
        }
        if counts != full {
            return None;
        }
    }
    // Seven pieces a side besides its Shogun, which stands on e1 or d8.
    game.others = [7; 2];
    (game.shogun == [4, 59]).then_some(game)
}

/// `"XXYZSZYX/XYZSZYXX"`: White's rank 1 then Red's rank 8, from a to h.
fn parse_setup(value: &str, first: Side, discs: Discs, rotation: u16) -> Result<Shogun, String> {
    let Some((white, red)) = value.split_once('/').filter(|(_, red)| !red.contains('/')) else {
        return Err(format!(
            "{value:?}: expected White's rank 1 and Red's rank 8 separated by '/', like \"{DEFAULT_SETUP}\""
        ));
    };
    let mut game = Shogun::empty(first, discs, rotation);
    for (side, text, rank, shogun_file) in [(Side::White, white, 0, 4), (Side::Red, red, 7, 3)] {
        let letters = text.chars().count();
        if letters != 8 {
            return Err(format!(
                "{}'s rank {} ({text:?}) has {letters} letters, not 8",
                side.name(),
                rank + 1,
            ));
        }
        for (file, c) in text.chars().enumerate() {
            let kind = Kind::from_letter(c)
                .ok_or_else(|| format!("{c:?} is not a Shogun piece (X, Y, Z, S)"))?;
            game.put(rank * 8 + file, side, kind);
        }
        counts_ok(&game, side, true)?;
        let square = usize::from(game.shogun[side.index()]);
        if square != rank * 8 + shogun_file {
            return Err(format!(
                "{}'s Shogun must stand on {}, not on {}",
                side.name(),
                square_name(rank * 8 + shogun_file),
                square_name(square)
            ));
        }
    }
    game.count_others();
    Ok(game)
}

/// Checks a side's piece counts: exact for a setup, at most for a position.
pub(super) fn counts_ok(game: &Shogun, side: Side, exact: bool) -> Result<(), String> {
    let mut counts = [0u32; 4];
    for square in squares(game.men[side.index()]) {
        if let Some((_, kind)) = game.piece_at(square) {
            counts[kind.index()] += 1;
        }
    }
    for kind in Kind::ALL {
        let n = counts[kind.index()];
        let want = kind.count();
        let bad = if kind == Kind::S || exact {
            n != want
        } else {
            n > want
        };
        if bad {
            let bound = if kind == Kind::S || exact {
                "exactly"
            } else {
                "at most"
            };
            return Err(format!(
                "{} has {n} {}; a side has {bound} {want}",
                side.name(),
                plural(kind, n)
            ));
        }
    }
    Ok(())
}

fn plural(kind: Kind, n: u32) -> String {
    match (kind, n) {
        (Kind::S, 1) => "Shogun".to_owned(),
        (Kind::S, _) => "Shoguns".to_owned(),
        (k, 1) => k.noun().to_owned(),
        (k, _) => format!("{}s", k.noun()),
    }
}

/// The `Setup` value of a start position: each home rank full of its own
/// side's pieces and nothing elsewhere (the Shogun squares and piece counts
/// are then those every setup has, since a position is always complete).
fn setup_value(game: &Shogun) -> Option<String> {
    if game.plies != 0 {
        return None;
    }
    let rank = |rank: usize, side: Side| -> Option<String> {
        (0..8)
            .map(|file| match game.piece_at(rank * 8 + file) {
                Some((owner, kind)) if owner == side => Some(kind.letter()),
                _ => None,
            })
            .collect()
    };
    let middle_empty = (8..56).all(|square| game.piece_at(square).is_none());
    let setup = format!("{}/{}", rank(0, Side::White)?, rank(7, Side::Red)?);
    (middle_empty && parse_setup(&setup, game.to_move, game.discs, game.rotation).is_ok())
        .then_some(setup)
}

/// The tags a fresh record of this position carries.
pub fn tags_of(game: &Shogun) -> Vec<(String, String)> {
    let mut tags = vec![match setup_value(game) {
        Some(setup) => ("Setup".to_owned(), setup),
        None => ("Position".to_owned(), position_value(game)),
    }];
    // Red opening a move number is only expressed by First.
    if game.to_move == Side::Red && game.plies % 2 == 0 {
        tags.push(("First".to_owned(), "red".to_owned()));
    }
    if game.rotation != 0 {
        tags.push(("Rotation".to_owned(), game.rotation.to_string()));
    }
    if game.discs != DEFAULT_DISCS {
        tags.push(("Discs".to_owned(), discs_value(&game.discs)));
    }
    tags
}

#[cfg(test)]
#[path = "setup_tests.rs"]
mod tests;
