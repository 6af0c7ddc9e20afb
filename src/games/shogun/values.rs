//! The values of Shogun's tags `Setup`, `First`, `Rotation` and `Discs`,
//! read and written (`Position` is `setup`'s).

use super::board::{Discs, Kind, Side};
use crate::game::TagError;

/// The home ranks when the record has no `Setup` tag.
pub(super) const DEFAULT_SETUP: &str = "XXYZSZYX/XYZSZYXX";

/// The turns a board may be given, in degrees.
pub(super) const ROTATIONS: [u16; 4] = [0, 90, 180, 270];

/// The fault of a `Rotation` value that is not one of [`ROTATIONS`].
pub(super) fn rotation_error(value: &str) -> TagError {
    TagError::new(
        "Rotation",
        "shogun.rotation",
        format!("{value:?}: the board is turned by 0, 90, 180 or 270 degrees"),
    )
}

/// `"90"`: one of [`ROTATIONS`], written plainly.
pub(super) fn read_rotation(value: &str) -> Result<u16, TagError> {
    match value {
        "0" => Ok(0),
        "90" => Ok(90),
        "180" => Ok(180),
        "270" => Ok(270),
        _ => Err(rotation_error(value)),
    }
}

/// `"white"` or `"red"`.
pub(super) fn read_first(value: &str) -> Result<Side, TagError> {
    match value {
        "white" => Ok(Side::White),
        "red" => Ok(Side::Red),
        _ => Err(TagError::new(
            "First",
            "shogun.first",
            format!("{value:?}: the side that moves first is white or red"),
        )),
    }
}

/// A fault of the `Discs` tag.
fn discs_error(code: &'static str, message: String) -> TagError {
    TagError::new("Discs", code, message)
}

/// The fault of the numbers of `kind` in a `Discs` value, written `word`.
fn numbers_error(kind: Kind, word: &str) -> TagError {
    discs_error(
        "shogun.discs-numbers",
        format!(
            "{word:?}: {} takes four numbers from 1 to {}, for magnet types A, B, C and D",
            kind.letter(),
            highest_number(kind)
        ),
    )
}

/// The highest number a piece of `kind` may show.
fn highest_number(kind: Kind) -> u8 {
    if kind == Kind::S { 2 } else { 4 }
}

/// `"X:4231 Y:2341 Z:1432 S:1221"`: every kind once, in any order, with
/// four numbers in range; the first word at fault.
pub(super) fn read_discs(value: &str) -> Result<Discs, TagError> {
    let mut discs = [[0u8; 4]; 4];
    let mut seen = [false; 4];
    let form = "each kind once as KIND:dddd, like \"X:4231 Y:2341 Z:1432 S:1221\"";
    for word in value.split_whitespace() {
        let Some((letter, digits)) = word.split_once(':') else {
            return Err(discs_error(
                "shogun.discs-form",
                format!("{word:?}: expected {form}"),
            ));
        };
        let mut letters = letter.chars();
        let kind = match (letters.next(), letters.next()) {
            (Some(c), None) => Kind::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            discs_error(
                "shogun.discs-kind",
                format!("{letter:?} is not a kind of piece (X, Y, Z or S)"),
            )
        })?;
        if seen[kind.index()] {
            return Err(discs_error(
                "shogun.discs-twice",
                format!("{} is given twice", kind.letter()),
            ));
        }
        seen[kind.index()] = true;
        let numbers: Vec<u8> = digits
            .chars()
            .map_while(|c| c.to_digit(10).map(|d| d as u8))
            .collect();
        match numbers[..] {
            [a, b, c, d] if numbers.len() == digits.len() && in_range(kind, &numbers) => {
                discs[kind.index()] = [a, b, c, d];
            }
            _ => return Err(numbers_error(kind, word)),
        }
    }
    if let Some(missing) = Kind::ALL.iter().find(|k| !seen[k.index()]) {
        return Err(discs_error(
            "shogun.discs-missing",
            format!("{value:?}: {} is missing; {form}", missing.letter()),
        ));
    }
    Ok(discs)
}

/// Whether every number is one a piece of `kind` may show.
fn in_range(kind: Kind, numbers: &[u8]) -> bool {
    numbers
        .iter()
        .all(|&n| (1..=highest_number(kind)).contains(&n))
}

/// Every kind whose numbers are out of range (1 to 4, the Shogun's 1 to
/// 2), in the order of the table.
pub(super) fn check_discs(discs: &Discs) -> impl Iterator<Item = TagError> + '_ {
    Kind::ALL.into_iter().filter_map(|kind| {
        let numbers = discs[kind.index()];
        (!in_range(kind, &numbers)).then(|| {
            let digits: String = numbers.iter().map(u8::to_string).collect();
            numbers_error(kind, &format!("{}:{digits}", kind.letter()))
        })
    })
}

/// The numbers table written as a `Discs` value.
pub(super) fn discs_value(discs: &Discs) -> String {
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

/// A fault of the `Setup` tag.
pub(super) fn setup_error(code: &'static str, message: String) -> TagError {
    TagError::new("Setup", code, message)
}

/// `"XXYZSZYX/XYZSZYXX"`: White's rank 1 then Red's rank 8, from a to h,
/// eight letters each; a fault for each rank that cannot be read.
pub(super) fn read_ranks(value: &str) -> Result<[[Kind; 8]; 2], Vec<TagError>> {
    let Some((white, red)) = value.split_once('/').filter(|(_, red)| !red.contains('/')) else {
        return Err(vec![setup_error(
            "shogun.setup-form",
            format!(
                "{value:?}: expected White's rank 1 and Red's rank 8 separated by '/', like \"{DEFAULT_SETUP}\""
            ),
        )]);
    };
    let white = read_rank(Side::White, white);
    let red = read_rank(Side::Red, red);
    match (white, red) {
        (Ok(white), Ok(red)) => Ok([white, red]),
        (white, red) => Err([white.err(), red.err()].into_iter().flatten().collect()),
    }
}

/// A side's home rank, eight letters.
fn read_rank(side: Side, text: &str) -> Result<[Kind; 8], TagError> {
    let letters = text.chars().count();
    if letters != 8 {
        return Err(setup_error(
            "shogun.setup-rank-length",
            format!(
                "{}'s rank {} ({text:?}) has {letters} letters, not 8",
                side.name(),
                home_rank(side) + 1,
            ),
        ));
    }
    let mut rank = [Kind::X; 8];
    for (square, c) in rank.iter_mut().zip(text.chars()) {
        *square = Kind::from_letter(c).ok_or_else(|| {
            setup_error(
                "shogun.setup-letter",
                format!("{c:?} is not a Shogun piece (X, Y, Z, S)"),
            )
        })?;
    }
    Ok(rank)
}

/// A side's home rank, from 0.
pub(super) fn home_rank(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Red => 7,
    }
}
