//! Draws an Escampe position: the line board, with the pieces the
//! constraint in force lets move marked; as a picture, or as text with
//! the marks as `*`.

use super::{Escampe, EscampeParts, setup};
use crate::draw::ansi::Sgr;
use crate::draw::{Drawing, Ended, Scene, TextView, View};
use crate::game::MoveParts;
use crate::games::lines::{self, LinePicture, SQUARES, Side, squares};

impl Drawing for Escampe {
    fn text(&self, view: &TextView<'_>) -> String {
        text(self, view)
    }

    fn scene(&self, view: &View<'_>) -> Scene {
        scene(self, view)
    }

    fn placement_text(&self, open: &[String], mover: &str, view: &TextView<'_>) -> String {
        let open = open.iter().filter_map(|square| lines::parse_square(square));
        placement_text(self, open.fold(0, |bits, square| bits | lines::bit(square)), mover, view)
    }

    fn move_squares(&self, parts: &MoveParts) -> [Option<String>; 2] {
        match parts {
            MoveParts::Escampe(EscampeParts::Move { from, to, .. }) => {
                [Some(from.as_str().to_owned()), Some(to.as_str().to_owned())]
            }
            _ => [None, None],
        }
    }
}

/// The squares of the last move: where it started and where it ended
/// (none for a pass).
fn last_squares(last: Option<&MoveParts>) -> Vec<usize> {
    match last {
        Some(MoveParts::Escampe(EscampeParts::Move { from, to, .. })) => {
            vec![lines::index(*from), lines::index(*to)]
        }
        _ => Vec::new(),
    }
}

/// The side and letter of every square's piece.
fn pieces(escampe: &Escampe) -> [Option<(Side, char)>; SQUARES] {
    std::array::from_fn(|square| {
        lines::piece_on(&escampe.men, escampe.piece_letter(square), square)
    })
}

/// The pieces the constraint lets move, while the game goes on: none once
/// it `ended` off the board.
fn marked(escampe: &Escampe, ended: Option<Ended<'_>>) -> lines::Bits {
    if ended.is_some() { 0 } else { escampe.marked() }
}

/// The board as text: `*` marks the pieces the constraint lets move.
fn text(escampe: &Escampe, view: &TextView<'_>) -> String {
    let pieces = pieces(escampe);
    let mut cells = lines::cells(|square| pieces[square], &last_squares(view.last));
    let marked = marked(escampe, view.ended);
    for square in squares(marked) {
        cells[square].mark = Some(('*', Sgr::MARK));
    }
    let mut footer = escampe.footer(view.ended);
    if marked != 0 {
        footer.push("* marks the pieces the constraint lets move".to_owned());
    }
    lines::text(&cells, view, &setup::ARMY.legend(), &footer)
}

/// The board of a placement (`placement.rs`) as text: the pieces placed
/// so far, `*` on the squares `mover` may place on.
fn placement_text(
    board: &Escampe,
    open: lines::Bits,
    mover: &str,
    view: &TextView<'_>,
) -> String {
    let pieces = pieces(board);
    let mut cells = lines::cells(|square| pieces[square], &[]);
    for square in squares(open) {
        cells[square].mark = Some(('*', Sgr::MARK));
    }
    let footer = vec![
        format!("{mover} to place"),
        format!("* marks the squares {mover} may place on"),
    ];
    lines::text(&cells, view, &setup::ARMY.legend(), &footer)
}

/// The picture of the position.
fn scene(escampe: &Escampe, view: &View<'_>) -> Scene {
    let picture = LinePicture {
        pieces: pieces(escampe),
        legend: "U Unicorn  P Paladin",
        allowed: marked(escampe, view.ended),
        allowed_means: "the pieces the constraint lets move",
        bird: None,
        bird_kind: 0,
        bird_kind_name: "",
        last: last_squares(view.last),
        footer: match view.status_beside {
            true => Vec::new(),
            false => escampe.footer(view.ended),
        },
    };
    lines::scene(&picture, view.flip)
}
