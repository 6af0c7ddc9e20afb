//! Draws a Mana position: the line board, the bird on its square, and
//! the squares the bird lets the mover start from.

use super::{Mana, ManaParts};
use crate::draw::{Scene, View};
use crate::game::{Game, MoveParts};
use crate::games::lines::{self, LinePicture};

/// The picture of the position.
pub(super) fn draw(mana: &Mana, view: &View<'_>) -> Scene {
    let allowed = match mana.bird_lines() {
        Some(n) if !mana.is_over() => lines::with_lines(mana.men[mana.to_move.index()], n),
        _ => 0,
    };
    let last = match view.last {
        Some(MoveParts::Mana(ManaParts::Move { from, to, .. })) => {
            vec![lines::index(*from), lines::index(*to)]
        }
        Some(MoveParts::Mana(ManaParts::Reentry { to, .. })) => vec![lines::index(*to)],
        _ => Vec::new(),
    };
    let mut footer = mana.footer();
    if allowed != 0 {
        footer.push("green dots: the pieces the bird lets move; blue: the bird".to_owned());
    }
    let picture = LinePicture {
        pieces: std::array::from_fn(|square| {
            lines::piece_on(&mana.men, mana.piece_letter(square), square)
        }),
        legend: "D Daimyo  R Ronin",
        allowed,
        bird: mana.bird_square(),
        last,
        footer,
    };
    lines::draw(&picture, view.flip)
}
