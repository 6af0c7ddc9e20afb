//! Shogun's `Position` tag: any position, read and written.

use super::Shogun;
use super::board::{Discs, Kind, Side, square_name};
use super::setup::counts_ok;

/// `"8/8/3s4/8/8/8/4S3/8 w"`: the board from rank 8 down, then `w` or `r`.
pub(super) fn parse_position(value: &str, discs: Discs, rotation: u16) -> Result<Shogun, String> {
    let fields: Vec<&str> = value.split_whitespace().collect();
    let [board, side] = fields[..] else {
        return Err(format!(
            "{value:?}: expected the board, then the side to move (w or r)"
        ));
    };
    let to_move = match side {
        "w" => Side::White,
        "r" => Side::Red,
        _ => return Err(format!("{side:?}: the side to move is w or r")),
    };
    let mut game = Shogun::empty(to_move, discs, rotation);
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "{board:?}: the board has 8 ranks separated by '/', not {}",
            ranks.len()
        ));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = 7 - row;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as usize;
                if n == 0 || file > 8 {
                    return Err(format!(
                        "rank {} ({text:?}) does not hold 8 squares",
                        rank + 1
                    ));
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
                    format!("{c:?} is not a Shogun piece (X, Y, Z, S, x, y, z, s) or a digit")
                })?;
            if file >= 8 {
                return Err(format!(
                    "rank {} ({text:?}) holds more than 8 squares",
                    rank + 1
                ));
            }
            game.put(rank * 8 + file, side, kind);
            file += 1;
        }
        if file != 8 {
            return Err(format!(
                "rank {} ({text:?}) does not hold 8 squares",
                rank + 1
            ));
        }
    }
    for side in [Side::White, Side::Red] {
        counts_ok(&game, side, false)?;
    }
    let waiting = to_move.other();
    if let Some(q) = game.attacker_of(waiting) {
        return Err(format!(
            "{}'s Shogun on {} is attacked by the piece on {}, but {} is to move",
            waiting.name(),
            square_name(usize::from(game.shogun[waiting.index()])),
            square_name(q),
            to_move.name()
        ));
    }
    game.count_others();
    Ok(game)
}

/// The `Position` value of a position.
pub fn position_value(game: &Shogun) -> String {
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
