//! Draws the 6 x 6 line board as printed: every square ringed by its 1, 2
//! or 3 lines, the pieces as discs, the marks of the constraint in force,
//! the Mana bird, the last move, coordinates and the text under the board.

use super::{Bits, SIZE, SQUARES, Side, lines};
use crate::draw::grid::{self, Disc, Grid, colour};
use crate::draw::{Node, Scene};
use crate::game::SquareName;

/// The side of a square in the picture.
const CELL: f32 = 60.0;

/// What a line board's picture shows.
#[derive(Debug, Clone)]
pub struct LinePicture<'a> {
    /// The piece on each square: its side and its letter.
    pub pieces: [Option<(Side, char)>; SQUARES],
    /// What each letter means, for the legend (`D Daimyo`).
    pub legend: &'a str,
    /// The squares the constraint in force allows to move from.
    pub allowed: Bits,
    /// What the allowed squares' marks say, for the legend (`the pieces
    /// the bird lets move`).
    pub allowed_means: &'a str,
    /// The Mana bird's square.
    pub bird: Option<usize>,
    /// Where the Mana bird's square is not known (a move written without
    /// it), the squares of its number of lines: it stands on one of them,
    /// and which one does not matter.
    pub bird_kind: Bits,
    /// The bird's kind of square in words, for the legend (`single`).
    pub bird_kind_name: &'a str,
    /// The squares of the last move.
    pub last: Vec<usize>,
    /// The lines of text under the board.
    pub footer: Vec<String>,
}

/// The index of a square named in a move's parts.
pub fn index(square: SquareName) -> usize {
    square.0.index(SIZE)
}

/// Draws the board, seen from White's side (rank 6 at the top) unless `flip`.
pub fn scene(picture: &LinePicture<'_>, flip: bool) -> Scene {
    let grid = Grid::new(SIZE, SIZE, CELL, flip);
    let mut lines_under = vec![format!("● Black  ○ White  {}", picture.legend)];
    lines_under.extend(picture.footer.iter().cloned());
    let allowed = format!("green dots: {}", picture.allowed_means);
    let kind = format!(
        "hollow blue diamonds: the {} squares, the bird is on one of them (which one does not matter)",
        picture.bird_kind_name
    );
    lines_under.extend(grid::marks_legend(&[
        (picture.allowed != 0, &allowed),
        (picture.bird.is_some(), "blue diamond: the bird"),
        (picture.bird_kind != 0, &kind),
        (!picture.last.is_empty(), grid::LAST_MOVE),
    ]));
    let lines_under = grid::wrap(&lines_under, grid.width() - CELL);
    let height = grid.bottom() + grid::LINE * lines_under.len() as f32 + 10.0;
    let mut scene = Scene::new(grid.width(), height);
    scene.push(Node::rect(0.0, 0.0, grid.width(), height).fill(colour::PAPER));
    grid.squares(&mut scene, |_| colour::LIGHT, &picture.last);
    for square in 0..SQUARES {
        let (x, y) = grid.centre(square);
        let n = lines(square);
        let rings = (0..n)
            .map(|i| {
                Node::circle(x, y, CELL * (0.46 - 0.05 * f32::from(i))).stroke(colour::INK, 1.2)
            })
            .collect();
        scene.push(
            Node::group(rings)
                .class("lines")
                .data("square", grid.square(square).name())
                .data("lines", n.to_string()),
        );
    }
    for square in super::squares(picture.allowed) {
        let (x, y) = grid.corner(square);
        scene.push(
            Node::circle(x + CELL * 0.12, y + CELL * 0.88, CELL * 0.07)
                .fill(colour::MARK)
                .class("allowed")
                .data("square", grid.square(square).name())
                .data("mark", "allowed"),
        );
    }
    for (square, piece) in picture.pieces.iter().enumerate() {
        let Some((side, letter)) = *piece else {
            continue;
        };
        let white = side == Side::White;
        let upper = letter.to_ascii_uppercase().to_string();
        let disc = Disc {
            colours: if white {
                (colour::WHITE, colour::INK)
            } else {
                (colour::BLACK, colour::WHITE)
            },
            radius: CELL * 0.3,
            letter: &upper,
            small: None,
        };
        let side_name = if white { "white" } else { "black" };
        scene.push(
            disc.node(&grid, square, letter.to_string(), Vec::new())
                .data("side", side_name),
        );
    }
    let diamond = |square: usize| {
        let (x, y) = grid.corner(square);
        let (x, y) = (x + CELL * 0.84, y + CELL * 0.16);
        let r = CELL * 0.11;
        Node::polygon(vec![(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
            .data("square", grid.square(square).name())
    };
    for square in super::squares(picture.bird_kind) {
        scene.push(
            diamond(square)
                .fill(colour::PAPER)
                .stroke(colour::BIRD, 1.5)
                .class("bird-kind")
                .data("bird", "kind"),
        );
    }
    if let Some(square) = picture.bird {
        scene.push(
            diamond(square)
                .fill(colour::BIRD)
                .stroke(colour::PAPER, 1.0)
                .class("bird")
                .data("bird", "1"),
        );
    }
    grid.coordinates(&mut scene);
    grid::text_lines(&mut scene, CELL / 2.0, grid.bottom(), &lines_under);
    scene
}

/// The side and letter of the piece on `square`, if any.
pub fn piece_on(men: &[Bits; 2], letter: Option<char>, square: usize) -> Option<(Side, char)> {
    Some((super::side_at(men, square)?, letter?))
}

/// The squares of `side_men` that have `n` lines.
pub fn with_lines(side_men: Bits, n: u8) -> Bits {
    super::squares_with_lines(n) & side_men
}
