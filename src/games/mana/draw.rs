//! Draws a Mana position: the line board, the bird on its square, and
//! the squares the bird lets the mover start from; as a picture, or as
//! text with the bird's `@`.

use super::{Mana, ManaParts, setup};
use crate::draw::ansi::Sgr;
use crate::draw::{Drawing, Ended, Scene, TextView, View};
use crate::game::{Game, MoveParts};
use crate::games::lines::{self, LinePicture, SQUARES, Side};

impl Drawing for Mana {
    fn text(&self, view: &TextView<'_>) -> String {
        text(self, view)
    }

    fn scene(&self, view: &View<'_>) -> Scene {
        scene(self, view)
    }

    fn move_squares(&self, parts: &MoveParts) -> [Option<String>; 2] {
        let name = |square: crate::game::SquareName| Some(square.as_str().to_owned());
        match parts {
            MoveParts::Mana(ManaParts::Move { from, to, .. }) => [name(*from), name(*to)],
            MoveParts::Mana(ManaParts::Reentry { to, .. }) => [None, name(*to)],
            _ => [None, None],
        }
    }
}

/// The squares of the last move: where it started (none for a re-entry)
/// and where it ended.
fn last_squares(last: Option<&MoveParts>) -> Vec<usize> {
    match last {
        Some(MoveParts::Mana(ManaParts::Move { from, to, .. })) => {
            vec![lines::index(*from), lines::index(*to)]
        }
        Some(MoveParts::Mana(ManaParts::Reentry { to, .. })) => vec![lines::index(*to)],
        _ => Vec::new(),
    }
}

/// The side and letter of every square's piece.
fn pieces(mana: &Mana) -> [Option<(Side, char)>; SQUARES] {
    std::array::from_fn(|square| lines::piece_on(&mana.men, mana.piece_letter(square), square))
}

/// The bird's number of lines while the game goes on: none once it is
/// over, by the rules or as it `ended` off the board.
fn bird_lines(mana: &Mana, ended: Option<Ended<'_>>) -> Option<u8> {
    mana.bird_lines()
        .filter(|_| !mana.is_over() && ended.is_none())
}

/// Where the bird's square is not known (a move written without it) in a
/// game going on: the squares of its number of lines, one of which it
/// stands on; else none.
fn bird_kind(mana: &Mana, ended: Option<Ended<'_>>) -> lines::Bits {
    match (mana.bird_square(), bird_lines(mana, ended)) {
        (None, Some(n)) => lines::squares_with_lines(n),
        _ => 0,
    }
}

/// The board as text: the bird is `@`; where only its number of lines is
/// known, `~` marks each square of that number.
fn text(mana: &Mana, view: &TextView<'_>) -> String {
    let pieces = pieces(mana);
    let mut cells = lines::cells(|square| pieces[square], &last_squares(view.last));
    if let Some(square) = mana.bird_square() {
        cells[square].mark = Some(('@', Sgr::BIRD));
    }
    let kind = bird_kind(mana, view.ended);
    for square in lines::squares(kind) {
        cells[square].mark = Some(('~', Sgr::BIRD));
    }
    let legend = match (mana.bird_square(), mana.bird_lines()) {
        (Some(_), _) => format!("{}; @ the bird", setup::ARMY.legend()),
        (None, Some(n)) if kind != 0 => format!(
            "{}; ~ the {} squares, the bird is on one of them (which one does not matter)",
            setup::ARMY.legend(),
            lines::kind_name(n)
        ),
        _ => setup::ARMY.legend(),
    };
    lines::text(&cells, view, &legend, &mana.footer(view.ended))
}

/// The picture of the position.
fn scene(mana: &Mana, view: &View<'_>) -> Scene {
    let lines_of_bird = bird_lines(mana, view.ended);
    let allowed = lines_of_bird.map_or(0, |n| lines::with_lines(mana.men[mana.to_move.index()], n));
    let picture = LinePicture {
        pieces: pieces(mana),
        legend: "D Daimyo  R Ronin",
        allowed,
        allowed_means: "the pieces the bird lets move",
        bird: mana.bird_square(),
        bird_kind: bird_kind(mana, view.ended),
        bird_kind_name: lines_of_bird.map_or("", lines::kind_name),
        last: last_squares(view.last),
        footer: match view.status_beside {
            true => Vec::new(),
            false => mana.footer(view.ended),
        },
    };
    lines::scene(&picture, view.flip)
}
