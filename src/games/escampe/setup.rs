//! Escampe's `Setup` and `Position` tags.

use super::Escampe;
use crate::game::{TagError, Tags};
use crate::games::lines::Side;
use crate::games::lines::{self, Bits, bit, kind_name, parse_square, square_name};
use crate::games::square::square_error;

/// An example of a good `Setup` value, quoted in messages.
const SETUP_EXAMPLE: &str = "b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1";

/// The squares of ranks 1 and 2.
const LOW_EDGE: Bits = (1 << 12) - 1;
/// The squares of ranks 5 and 6.
const HIGH_EDGE: Bits = LOW_EDGE << 24;

/// Builds the start position from `Setup` or `Position`; one is required.
pub fn from_tags(tags: Tags<'_>) -> Result<Escampe, TagError> {
    match (tags.get("Setup"), tags.get("Position")) {
        (Some(_), Some(_)) => Err(TagError::new(
            "Position",
            "escampe.setup",
            "a record has Setup or Position, never both",
        )),
        (_, Some(position)) => {
            parse_position(position).map_err(|m| TagError::new("Position", "escampe.setup", m))
        }
        (Some(setup), None) => {
            parse_setup(setup).map_err(|m| TagError::new("Setup", "escampe.setup", m))
        }
        (None, None) => Err(TagError::new(
            "Setup",
            "escampe.setup",
            format!(
                "missing: Escampe has no default setup; give each side's squares, like \"{SETUP_EXAMPLE}\", or a Position tag"
            ),
        )),
    }
}

/// Reads one side's six squares, Unicorn first.
fn parse_group(side: Side, text: &str) -> Result<[usize; 6], String> {
    let Some(words) = lines::words::<6>(text) else {
        return Err(format!(
            "{}'s group {:?} has {} squares; each side places six, Unicorn first",
            side.name(),
            text.trim(),
            text.split_whitespace().count()
        ));
    };
    let mut squares = [0; 6];
    let mut seen: Bits = 0;
    for (slot, word) in squares.iter_mut().zip(words) {
        let square = parse_square(word).ok_or_else(|| square_error(word, 6))?;
        if seen & bit(square) != 0 {
            return Err(format!("{word} appears twice in {}'s group", side.name()));
        }
        seen |= bit(square);
        *slot = square;
    }
    Ok(squares)
}

/// The edge (ranks 1-2 or 5-6) that holds all of a group.
fn edge(side: Side, group: &[usize]) -> Result<Bits, String> {
    let mut found: Option<(Bits, usize)> = None;
    for &square in group {
        let here = if LOW_EDGE & bit(square) != 0 {
            LOW_EDGE
        } else if HIGH_EDGE & bit(square) != 0 {
            HIGH_EDGE
        } else {
            return Err(format!(
                "{}'s {} is not on ranks 1-2 or 5-6: one group stands on ranks 1-2, the other on ranks 5-6",
                side.name(),
                square_name(square)
            ));
        };
        match found {
            None => found = Some((here, square)),
            Some((edge, first)) if edge != here => {
                return Err(format!(
                    "{}'s group mixes the two edges ({} and {}): a group stands on ranks 1-2 or on ranks 5-6",
                    side.name(),
                    square_name(first),
                    square_name(square)
                ));
            }
            Some(_) => {}
        }
    }
    Ok(found.map_or(0, |(edge, _)| edge))
}

/// `"b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1"`: White's six squares, `/`,
/// Black's six, Unicorn first in each group.
fn parse_setup(value: &str) -> Result<Escampe, String> {
    let mut groups = value.split('/');
    let (Some(white), Some(black), None) = (groups.next(), groups.next(), groups.next()) else {
        return Err(format!(
            "{value:?}: expected White's six squares, '/', then Black's six, Unicorn first, like \"{SETUP_EXAMPLE}\""
        ));
    };
    let white = parse_group(Side::White, white)?;
    let black = parse_group(Side::Black, black)?;
    let (white_edge, black_edge) = (edge(Side::White, &white)?, edge(Side::Black, &black)?);
    if white_edge == black_edge {
        let ranks = if white_edge == LOW_EDGE { "1-2" } else { "5-6" };
        return Err(format!(
            "both groups stand on ranks {ranks}: one group stands on ranks 1-2, the other on ranks 5-6"
        ));
    }
    let mut escampe = Escampe::empty(Side::White);
    for (side, group) in [(Side::White, &white), (Side::Black, &black)] {
        for &square in group.iter() {
            escampe.men[side.index()] |= bit(square);
        }
        if let Some(&unicorn) = group.first() {
            escampe.unicorn |= bit(unicorn);
        }
    }
    Ok(escampe)
}

/// `"pu1ppp/5p/6/6/P5/UPPP1P b 2"`: the board (upper case White), the side
/// to move, the number of lines the next move must start from or `-`.
fn parse_position(value: &str) -> Result<Escampe, String> {
    let Some([board, side, constraint]) = lines::words(value) else {
        return Err(format!(
            "{value:?}: expected the board, the side to move (w or b) and the line constraint (1, 2, 3 or -)"
        ));
    };
    let to_move = match side {
        "w" => Side::White,
        "b" => Side::Black,
        _ => return Err(format!("{side:?}: the side to move is w or b")),
    };
    let mut escampe = Escampe::empty(to_move);
    let army = lines::Army {
        game: "Escampe",
        upper: Side::White,
        leader: ('U', "Unicorn"),
        follower: ('P', "Paladin"),
    };
    (escampe.men, escampe.unicorn) = lines::parse_army(board, &army)?;
    escampe.constraint = match constraint {
        "-" => None,
        "1" | "2" | "3" => {
            let n = constraint.bytes().next().map_or(0, |b| b - b'0');
            let last = to_move.other();
            if escampe.men[last.index()] & lines::squares_with_lines(n) == 0 {
                return Err(format!(
                    "the constraint {n} says {}'s last move ended on a {} square, and no {} piece stands on one",
                    last.name(),
                    kind_name(n),
                    last.name()
                ));
            }
            Some(n)
        }
        _ => {
            return Err(format!(
                "{constraint:?}: the line constraint is 1, 2, 3 or -"
            ));
        }
    };
    Ok(escampe)
}

/// The `Position` value of a position.
pub fn position_value(escampe: &Escampe) -> String {
    let board = lines::board_text(|square| escampe.piece_letter(square));
    let side = if escampe.to_move == Side::White {
        'w'
    } else {
        'b'
    };
    let constraint = escampe
        .constraint
        .map_or_else(|| "-".to_owned(), |n| n.to_string());
    format!("{board} {side} {constraint}")
}
