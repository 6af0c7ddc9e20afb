//! Draws the 6 x 6 line board: each square shows its piece, its number of
//! lines and a mark (`@` for the Mana bird, `*` for Escampe's constraint),
//! in colour on a terminal (the sides, the marks, the last move's squares
//! in reverse video); and the board of a `Position` value.

use super::{Army, SIZE, Side, lines};
use crate::draw::Charset;
use crate::draw::TextView;
use crate::draw::ansi::Sgr;
use crate::game::Outcome;

/// What one square shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cell {
    /// The piece, if one stands there: its side and its letter.
    pub piece: Option<(Side, char)>,
    /// A mark shown after the number of lines, and its colour.
    pub mark: Option<(char, Sgr)>,
    /// The square is one of the last move's.
    pub lit: bool,
}

/// The cells of a board whose pieces `piece` gives, with no marks, the
/// squares of `last` lit.
pub fn cells(piece: impl Fn(usize) -> Option<(Side, char)>, last: &[usize]) -> [Cell; 36] {
    std::array::from_fn(|square| Cell {
        piece: piece(square),
        mark: None,
        lit: last.contains(&square),
    })
}

/// The line of a board's footer that says how the game stands: who won
/// and why, or who moves.
pub fn status(outcome: Option<&Outcome>, to_move: Side) -> String {
    match outcome {
        Some(o) => format!(
            "{} wins: {}",
            o.winner.as_deref().unwrap_or_default(),
            o.reason
        ),
        None => format!("{} to move", to_move.name()),
    }
}

impl Army {
    /// The legend under a text board: which case is which side, and the
    /// pieces' letters (`upper case Black, lower case White; D Daimyo, R Ronin`).
    pub fn legend(&self) -> String {
        format!(
            "upper case {}, lower case {}; {} {}, {} {}",
            self.upper.name(),
            self.upper.other().name(),
            self.leader.0,
            self.leader.1,
            self.follower.0,
            self.follower.1
        )
    }
}

/// The colour of a side's pieces.
fn look(side: Side) -> Sgr {
    match side {
        Side::Black => Sgr::BLACK,
        Side::White => Sgr::WHITE,
    }
}

/// Draws the board, rank 6 at the top, then the `legend` and the lines
/// of `footer`.
pub fn text(cells: &[Cell; 36], view: &TextView<'_>, legend: &str, footer: &[String]) -> String {
    let (top, middle, bottom, bar) = match view.charset {
        Charset::Unicode => (
            "  ┌───┬───┬───┬───┬───┬───┐\n",
            "  ├───┼───┼───┼───┼───┼───┤\n",
            "  └───┴───┴───┴───┴───┴───┘\n",
            '│',
        ),
        Charset::Ascii => (
            "  +---+---+---+---+---+---+\n",
            "  +---+---+---+---+---+---+\n",
            "  +---+---+---+---+---+---+\n",
            '|',
        ),
    };
    let empty = match view.charset {
        Charset::Unicode => '·',
        Charset::Ascii => '.',
    };
    let brush = view.brush();
    let mut out = String::from("    a   b   c   d   e   f\n");
    out.push_str(top);
    for rank in (0..SIZE as usize).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..SIZE as usize {
            let index = rank * 6 + file;
            let cell = cells[index];
            let lit = cell.lit.then_some(Sgr::LAST);
            out.push(bar);
            match cell.piece {
                Some((side, letter)) => brush.paint(&mut out, &[lit, Some(look(side))], letter),
                None => brush.paint(&mut out, &[lit], empty),
            }
            let digit = char::from(b'0' + lines(index));
            match cell.mark {
                Some((mark, colour)) => {
                    brush.paint(&mut out, &[lit], digit);
                    brush.paint(&mut out, &[lit, Some(colour)], mark);
                }
                None => brush.paint(&mut out, &[lit], format_args!("{digit} ")),
            }
        }
        out.push(bar);
        out.push_str(&format!(" {}\n", rank + 1));
        out.push_str(if rank == 0 { bottom } else { middle });
    }
    out.push_str("    a   b   c   d   e   f\n");
    out.push_str(legend);
    out.push('\n');
    for line in footer {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Writes the board of a `Position` value, `letter` naming each square's
/// piece: rank 6 first, `/` between ranks, digits counting empty squares.
pub fn board_text(letter: impl Fn(usize) -> Option<char>) -> String {
    let mut out = String::new();
    for rank in (0..6).rev() {
        let mut empty = 0;
        for file in 0..6 {
            match letter(rank * 6 + file) {
                Some(c) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(c);
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
    out
}
