//! Draws a Shogun position: every piece shows the number it moves, its
//! kind under it and an arrow towards the opponent; an attacked Shogun is
//! ringed; `--types` writes the magnet type in the corner of each square.

use super::board::{Kind, SIZE, Side, magnet, type_letter};
use super::{Shogun, render};
use crate::draw::grid::{self, Disc, Grid, colour};
use crate::draw::{Drawing, Node, Scene, TextView, View};
use crate::game::MoveParts;

impl Drawing for Shogun {
    fn render(&self, view: &TextView<'_>) -> String {
        render::render(self, view)
    }

    fn draw(&self, view: &View<'_>) -> Scene {
        draw(self, view)
    }
}

/// The side of a square in the picture.
const CELL: f32 = 56.0;

/// The squares of the last move: where it started and where it ended.
pub(super) fn last_squares(last: Option<&MoveParts>) -> Vec<usize> {
    match last {
        Some(MoveParts::Shogun(parts)) => vec![parts.from.0.index(SIZE), parts.to.0.index(SIZE)],
        _ => Vec::new(),
    }
}

/// The picture of the position.
fn draw(game: &Shogun, view: &View<'_>) -> Scene {
    let grid = Grid::new(SIZE, SIZE, CELL, view.flip);
    let mut under = vec![
        "○ White  ● Red; the big digit: the number the piece shows".to_owned(),
        format!(
            "S Shogun, X Y Z the other pieces; rotation {}{}",
            game.rotation,
            if view.types { "; corner letter: magnet type" } else { "" }
        ),
    ];
    under.extend(render::status_lines(game));
    let under = grid::wrap(&under, grid.width() - CELL);
    let height = grid.bottom() + grid::LINE * under.len() as f32 + 10.0;
    let mut scene = Scene::new(grid.width(), height);
    scene.push(Node::rect(0.0, 0.0, grid.width(), height).fill(colour::PAPER));
    let last = last_squares(view.last);
    grid.squares(
        &mut scene,
        |square| {
            if (square / 8 + square % 8) % 2 == 0 {
                colour::DARK
            } else {
                colour::LIGHT
            }
        },
        &last,
    );
    let quarter = game.rotation % 180 == 90;
    if view.types {
        for square in 0..64 {
            let (x, y) = grid.corner(square);
            let letter = type_letter(magnet(square, Side::White, quarter));
            scene.push(
                Node::text(x + 3.0, y + 12.0, 11.0, letter.to_string())
                    .fill(colour::SOFT)
                    .class("magnet")
                    .data("square", grid.square(square).name())
                    .data("magnet", letter.to_string()),
            );
        }
    }
    let attacked = [Side::White, Side::Red].map(|s| game.attacker_of(s).is_some());
    for square in 0..64 {
        let Some((side, kind)) = game.piece_at(square) else {
            continue;
        };
        scene.push(piece(game, &grid, square, side, kind, attacked[side.index()]));
    }
    grid.coordinates(&mut scene);
    grid::text_lines(&mut scene, CELL / 2.0, grid.bottom(), &under);
    scene
}

/// One piece: its number, its kind, the arrow to the opponent.
fn piece(game: &Shogun, grid: &Grid, square: usize, side: Side, kind: Kind, attacked: bool) -> Node {
    let (x, y) = grid.centre(square);
    let radius = CELL * 0.36;
    let colours = match side {
        Side::White => (colour::WHITE, colour::INK),
        Side::Red => (colour::RED, colour::WHITE),
    };
    // The arrow points up the picture for the side whose opponent is at the top.
    let up = (side == Side::White) != grid.flip;
    let tip = if up { y - radius - 5.0 } else { y + radius + 5.0 };
    let base = if up { y - radius + 1.0 } else { y + radius - 1.0 };
    let mut extra = vec![
        Node::polygon(vec![(x - 5.0, base), (x + 5.0, base), (x, tip)]).fill(colours.0).stroke(colour::INK, 1.0),
    ];
    if attacked && kind == Kind::S {
        extra.push(
            Node::circle(x, y, radius + 3.0)
                .stroke(colour::ALERT, 3.0)
                .class("attacked")
                .data("attacked", "1"),
        );
    }
    let shows = game.shows(square).to_string();
    let letter = kind.letter().to_string();
    let disc = Disc {
        colours,
        radius,
        letter: &shows,
        small: Some(&letter),
    };
    let name = match side {
        Side::White => letter.clone(),
        Side::Red => letter.to_ascii_lowercase(),
    };
    let side_name = match side {
        Side::White => "white",
        Side::Red => "red",
    };
    disc.node(grid, square, name, extra)
        .data("side", side_name)
        .data("shows", shows.clone())
}
