//! Draws an Escampe position: the line board, with the pieces the
//! constraint in force lets move marked.

use super::{Escampe, EscampeParts};
use crate::draw::{Scene, View};
use crate::game::MoveParts;
use crate::games::lines::{self, LinePicture};

/// The picture of the position.
pub(super) fn draw(escampe: &Escampe, view: &View<'_>) -> Scene {
    let last = match view.last {
        Some(MoveParts::Escampe(EscampeParts::Move { from, to, .. })) => {
            vec![lines::index(*from), lines::index(*to)]
        }
        _ => Vec::new(),
    };
    let picture = LinePicture {
        pieces: std::array::from_fn(|square| {
            lines::piece_on(&escampe.men, escampe.piece_letter(square), square)
        }),
        legend: "U Unicorn  P Paladin",
        allowed: escampe.marked(),
        bird: None,
        last,
        footer: escampe.footer("green dots mark the pieces the constraint lets move"),
    };
    lines::draw(&picture, view.flip)
}
