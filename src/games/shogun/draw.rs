//! Draws a Shogun position: every piece shows the number it moves, its
//! kind under it and an arrow towards the opponent; an attacked Shogun is
//! ringed; `--types` writes the magnet type in the corner of each square.

use super::board::{Kind, SIZE, Side, magnet, type_letter};
use super::Shogun;
use crate::draw::ansi::Sgr;
use crate::draw::grid::{self, Disc, Grid, colour};
use crate::draw::{Charset, Drawing, Ended, Node, Scene, TextView, View};
use crate::game::{Game, MoveParts};

impl Drawing for Shogun {
    fn text(&self, view: &TextView<'_>) -> String {
        text(self, view)
    }

    fn scene(&self, view: &View<'_>) -> Scene {
        scene(self, view)
    }

    fn move_squares(&self, parts: &MoveParts) -> [Option<String>; 2] {
        match parts {
            MoveParts::Shogun(parts) => [
                Some(parts.from.as_str().to_owned()),
                Some(parts.to.as_str().to_owned()),
            ],
            _ => [None, None],
        }
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
fn scene(game: &Shogun, view: &View<'_>) -> Scene {
    let grid = Grid::new(SIZE, SIZE, CELL, view.flip);
    let mut under = vec![
        "○ White  ● Red; the big digit: the number the piece shows".to_owned(),
        format!(
            "S Shogun, X Y Z the other pieces; rotation {}{}",
            game.rotation,
            if view.types { "; corner letter: magnet type" } else { "" }
        ),
    ];
    if !view.status_beside {
        under.extend(status_lines(game, view.ended));
    }
    let attacked = [Side::White, Side::Red].map(|s| game.attacker_of(s).is_some());
    let last = last_squares(view.last);
    under.extend(grid::marks_legend(&[
        (attacked.contains(&true), "red ring: an attacked Shogun"),
        (!last.is_empty(), grid::LAST_MOVE),
    ]));
    let under = grid::wrap(&under, grid.width() - CELL);
    let height = grid.bottom() + grid::LINE * under.len() as f32 + 10.0;
    let mut scene = Scene::new(grid.width(), height);
    scene.push(Node::rect(0.0, 0.0, grid.width(), height).fill(colour::PAPER));
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

/// Draws the board, rank 8 at the top: each square shows the piece (upper
/// case White, lower case Red) and the number it shows; `!` marks an
/// attacked Shogun. A footer says who moves and whether a Shogun is
/// attacked. In colour, the sides, the attacked Shogun and the last
/// move's squares (in reverse video) stand out.
pub(super) fn text(game: &Shogun, view: &TextView<'_>) -> String {
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
    let last = last_squares(view.last);
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
    for line in status_lines(game, view.ended) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Who won and why (by the rules, or as the game `ended` off the
/// board), or who moves and whether a Shogun is attacked.
pub(super) fn status_lines(game: &Shogun, ended: Option<Ended<'_>>) -> Vec<String> {
    if let Some(ended) = ended {
        return vec![ended.status()];
    }
    match game.outcome() {
        Some(o) => vec![format!("{} wins: {}", o.winner.unwrap_or_default(), o.reason)],
        None => vec![
            format!("{} to move", game.to_move.name()),
            game.constraint()
                .unwrap_or_else(|| format!("{}'s Shogun is not attacked", game.to_move.name())),
        ],
    }
}
