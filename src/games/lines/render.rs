//! Draws the 6 x 6 line board: each square shows its piece, its number of
//! lines and a mark (`@` for the Mana bird, `*` for Escampe's constraint);
//! and the board of a `Position` value.

use super::{SIZE, Side, lines};
use crate::game::{Charset, Outcome};

/// What one square shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cell {
    /// The piece letter, if a piece stands there.
    pub piece: Option<char>,
    /// A mark shown after the number of lines.
    pub mark: Option<char>,
}

/// The cells of a board whose pieces `letter` names, with no marks.
pub fn cells(letter: impl Fn(usize) -> Option<char>) -> [Cell; 36] {
    std::array::from_fn(|square| Cell {
        piece: letter(square),
        mark: None,
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

/// Draws the board, rank 6 at the top, then the lines of `footer`.
pub fn render(cells: &[Cell; 36], charset: Charset, footer: &[String]) -> String {
    let (top, middle, bottom, bar) = match charset {
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
    let empty = match charset {
        Charset::Unicode => '·',
        Charset::Ascii => '.',
    };
    let mut out = String::from("    a   b   c   d   e   f\n");
    out.push_str(top);
    for rank in (0..SIZE as usize).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..SIZE as usize {
            let index = rank * 6 + file;
            let cell = cells[index];
            out.push(bar);
            out.push(cell.piece.unwrap_or(empty));
            out.push(char::from(b'0' + lines(index)));
            out.push(cell.mark.unwrap_or(' '));
        }
        out.push(bar);
        out.push_str(&format!(" {}\n", rank + 1));
        out.push_str(if rank == 0 { bottom } else { middle });
    }
    out.push_str("    a   b   c   d   e   f\n");
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
