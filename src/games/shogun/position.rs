//! Shogun's `Position` tag: any position, read and written.

use super::Shogun;
use super::board::{Kind, Side};
use super::setup::Placement;
use crate::game::TagError;

/// A fault of the `Position` tag.
pub(super) fn position_error(code: &'static str, message: String) -> TagError {
    TagError::new("Position", code, message)
}

/// `"8/8/3s4/8/8/8/4S3/8 w"`: the board from rank 8 down, then `w` or `r`.
pub(super) fn read_position(value: &str) -> Result<Placement, TagError> {
    let fields: Vec<&str> = value.split_whitespace().collect();
    let [board, side] = fields[..] else {
        return Err(position_error(
            "shogun.position-form",
            format!("{value:?}: expected the board, then the side to move (w or r)"),
        ));
    };
    let to_move = match side {
        "w" => Side::White,
        "r" => Side::Red,
        _ => {
            return Err(position_error(
                "shogun.position-side",
                format!("{side:?}: the side to move is w or r"),
            ));
        }
    };
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(position_error(
            "shogun.position-ranks",
            format!(
                "{board:?}: the board has 8 ranks separated by '/', not {}",
                ranks.len()
            ),
        ));
    }
    let mut squares = [None; 64];
    for (row, (squares, text)) in squares.chunks_mut(8).rev().zip(&ranks).enumerate() {
        read_rank(7 - row, text, squares)?;
    }
    Ok(Placement::Position { squares, to_move })
}

/// Reads rank `rank` (from 0), written `text`, into its eight squares.
fn read_rank(
    rank: usize,
    text: &str,
    squares: &mut [Option<(Side, Kind)>],
) -> Result<(), TagError> {
    let wrong_width = |more: bool| {
        let holds = if more {
            "holds more than"
        } else {
            "does not hold"
        };
        position_error(
            "shogun.position-rank-width",
            format!("rank {} ({text:?}) {holds} 8 squares", rank + 1),
        )
    };
    let mut file = 0usize;
    for c in text.chars() {
        if let Some(n) = c.to_digit(10) {
            file += n as usize;
            if n == 0 || file > 8 {
                return Err(wrong_width(false));
            }
            continue;
        }
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Red
        };
        let kind = Kind::from_letter(c.to_ascii_uppercase())
            .filter(|_| c.is_ascii_alphabetic())
            .ok_or_else(|| {
                position_error(
                    "shogun.position-letter",
                    format!("{c:?} is not a Shogun piece (X, Y, Z, S, x, y, z, s) or a digit"),
                )
            })?;
        let square = squares.get_mut(file).ok_or_else(|| wrong_width(true))?;
        *square = Some((side, kind));
        file += 1;
    }
    if file != 8 {
        return Err(wrong_width(false));
    }
    Ok(())
}

/// The `Position` value of a position.
pub(super) fn position_value(game: &Shogun) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0u8;
        for file in 0..8 {
            match game.piece_at(rank * 8 + file) {
                Some((side, kind)) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let c = kind.letter();
                    out.push(if side == Side::Red {
                        c.to_ascii_lowercase()
                    } else {
                        c
                    });
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if game.to_move == Side::White {
        'w'
    } else {
        'r'
    };
    format!("{out} {side}")
}
