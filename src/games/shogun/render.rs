//! Draws a Shogun position.

use super::board::{Kind, Side};
use super::{Shogun, draw};
use crate::draw::TextView;
use crate::draw::ansi::Sgr;
use crate::draw::Charset;
use crate::game::{Game};

/// Draws the board, rank 8 at the top: each square shows the piece (upper
/// case White, lower case Red) and the number it shows; `!` marks an
/// attacked Shogun. A footer says who moves and whether a Shogun is
/// attacked. In colour, the sides, the attacked Shogun and the last
/// move's squares (in reverse video) stand out.
pub(super) fn render(game: &Shogun, view: &TextView<'_>) -> String {
    let (top, middle, bottom, bar, empty) = match view.charset {
        Charset::Unicode => (
            "  ┌────┬────┬────┬────┬────┬────┬────┬────┐\n",
            "  ├────┼────┼────┼────┼────┼────┼────┼────┤\n",
            "  └────┴────┴────┴────┴────┴────┴────┴────┘\n",
            '│',
            '·',
        ),
        Charset::Ascii => (
            "  +----+----+----+----+----+----+----+----+\n",
            "  +----+----+----+----+----+----+----+----+\n",
            "  +----+----+----+----+----+----+----+----+\n",
            '|',
            '.',
        ),
    };
    let attacked = [Side::White, Side::Red].map(|s| game.attacker_of(s).is_some());
    let last = draw::last_squares(view.last);
    let brush = view.brush();
    let files = "     a    b    c    d    e    f    g    h\n";
    let mut out = String::from(files);
    out.push_str(top);
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let square = rank * 8 + file;
            let lit = last.contains(&square).then_some(Sgr::LAST);
            out.push(bar);
            brush.paint(&mut out, &[lit], ' ');
            match game.piece_at(square) {
                Some((side, kind)) => {
                    let c = kind.letter();
                    let letter = if side == Side::Red {
                        c.to_ascii_lowercase()
                    } else {
                        c
                    };
                    let shows = game.shows(square);
                    if kind == Kind::S && attacked[side.index()] {
                        let piece = format_args!("{letter}{shows}!");
                        brush.paint(&mut out, &[lit, Some(Sgr::CHECK)], piece);
                    } else {
                        let look = match side {
                            Side::White => Sgr::WHITE,
                            Side::Red => Sgr::RED,
                        };
                        brush.paint(&mut out, &[lit, Some(look)], format_args!("{letter}{shows}"));
                        brush.paint(&mut out, &[lit], ' ');
                    }
                }
                None => brush.paint(&mut out, &[lit], format_args!("{empty}  ")),
            }
        }
        out.push(bar);
        out.push_str(&format!(" {}\n", rank + 1));
        out.push_str(if rank == 0 { bottom } else { middle });
    }
    out.push_str(files);
    out.push_str(&format!(
        "Rotation {}; upper case White, lower case Red; the digit is the number the piece shows\n",
        game.rotation
    ));
    for line in status_lines(game) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Who won and why, or who moves and whether a Shogun is attacked.
pub(super) fn status_lines(game: &Shogun) -> Vec<String> {
    match game.outcome() {
        Some(o) => vec![format!("{} wins: {}", o.winner.unwrap_or_default(), o.reason)],
        None => vec![
            format!("{} to move", game.to_move.name()),
            game.constraint()
                .unwrap_or_else(|| format!("{}'s Shogun is not attacked", game.to_move.name())),
        ],
    }
}
