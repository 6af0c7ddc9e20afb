//! What the board games' pictures share: a grid of squares seen from
//! either side, its coordinates, the last move's squares, pieces as discs
//! and the lines of text under the board.

use super::{Node, Scene};
use crate::game::square::Square;

/// The colours of the pictures, in one place.
pub mod colour {
    /// Light squares.
    pub const LIGHT: &str = "#f0d9b5";
    /// Dark squares.
    pub const DARK: &str = "#d8b48a";
    /// The squares of the last move.
    pub const LAST: &str = "#f2e35e";
    /// Lines, borders and text.
    pub const INK: &str = "#222222";
    /// Text that matters less.
    pub const SOFT: &str = "#555555";
    /// The paper around the board.
    pub const PAPER: &str = "#ffffff";
    /// Marks of the constraint in force.
    pub const MARK: &str = "#1f8a3b";
    /// An attacked piece, a warning.
    pub const ALERT: &str = "#c81e1e";
    /// Pieces of the light side.
    pub const WHITE: &str = "#fbfbf8";
    /// Pieces of the dark side.
    pub const BLACK: &str = "#2a2a2a";
    /// Red's pieces (Shogun).
    pub const RED: &str = "#b3261e";
    /// The Mana bird.
    pub const BIRD: &str = "#1565c0";
}

/// The height of a line of text under a board.
pub const LINE: f32 = 20.0;
/// The font size of text under a board.
pub const TEXT: f32 = 14.0;

/// A board of `files` x `ranks` squares, `cell` units wide, its top left
/// corner at `left`, `top`; `flip` turns it half round (rank 1 at the top,
/// file a at the right).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    /// Files (columns).
    pub files: u8,
    /// Ranks (rows).
    pub ranks: u8,
    /// The side of a square.
    pub cell: f32,
    /// The board's left edge.
    pub left: f32,
    /// The board's top edge.
    pub top: f32,
    /// Seen from the other side.
    pub flip: bool,
}

impl Grid {
    /// A board with room for coordinates around it.
    pub fn new(files: u8, ranks: u8, cell: f32, flip: bool) -> Self {
        Self {
            files,
            ranks,
            cell,
            left: cell / 2.0,
            top: cell / 2.0,
            flip,
        }
    }

    /// The width of the picture: board and margins.
    pub fn width(&self) -> f32 {
        self.left * 2.0 + self.cell * f32::from(self.files)
    }

    /// Where the board and its lower coordinates end.
    pub fn bottom(&self) -> f32 {
        self.top + self.cell * (f32::from(self.ranks) + 0.5)
    }

    /// The square of an index, rank by rank from a1.
    pub fn square(&self, index: usize) -> Square {
        Square::from_index(index, self.files)
    }

    /// The top left corner of a square.
    pub fn corner(&self, index: usize) -> (f32, f32) {
        let Square { file, rank } = self.square(index);
        let (column, row) = if self.flip {
            (self.files - 1 - file, rank)
        } else {
            (file, self.ranks - 1 - rank)
        };
        (
            self.left + f32::from(column) * self.cell,
            self.top + f32::from(row) * self.cell,
        )
    }

    /// The centre of a square.
    pub fn centre(&self, index: usize) -> (f32, f32) {
        let (x, y) = self.corner(index);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// The squares, coloured by `fill` or as the last move's, each with
    /// its name as `data-square`.
    pub fn squares(&self, scene: &mut Scene, fill: impl Fn(usize) -> &'static str, last: &[usize]) {
        let count = usize::from(self.files) * usize::from(self.ranks);
        for index in 0..count {
            let (x, y) = self.corner(index);
            let lit = last.contains(&index);
            let mut node = Node::rect(x, y, self.cell, self.cell)
                .fill(if lit { colour::LAST } else { fill(index) })
                .class(if lit { "square last" } else { "square" })
                .data("square", self.square(index).name());
            if lit {
                node = node.data("last", "1");
            }
            scene.push(node);
        }
        scene.push(
            Node::rect(
                self.left,
                self.top,
                self.cell * f32::from(self.files),
                self.cell * f32::from(self.ranks),
            )
            .stroke(colour::INK, 1.5),
        );
    }

    /// The file letters under and the rank numbers beside the board.
    pub fn coordinates(&self, scene: &mut Scene) {
        let size = self.cell * 0.26;
        let files = f32::from(self.files);
        let ranks = f32::from(self.ranks);
        for file in 0..self.files {
            let column = if self.flip {
                self.files - 1 - file
            } else {
                file
            };
            let x = self.left + (f32::from(column) + 0.5) * self.cell;
            let letter = char::from(b'a' + file).to_string();
            for y in [
                self.top / 2.0,
                self.top + ranks * self.cell + self.top / 2.0,
            ] {
                scene.push(
                    Node::label(x, y, size, letter.clone())
                        .fill(colour::SOFT)
                        .class("coord"),
                );
            }
        }
        for rank in 0..self.ranks {
            let row = if self.flip {
                rank
            } else {
                self.ranks - 1 - rank
            };
            let y = self.top + (f32::from(row) + 0.5) * self.cell;
            let number = (rank + 1).to_string();
            for x in [
                self.left / 2.0,
                self.left + files * self.cell + self.left / 2.0,
            ] {
                scene.push(
                    Node::label(x, y, size, number.clone())
                        .fill(colour::SOFT)
                        .class("coord"),
                );
            }
        }
    }
}

/// A piece: a disc in its side's colours with its letter (and a second,
/// smaller text under it), named by `data-square` and `data-piece`.
#[derive(Debug, Clone, Copy)]
pub struct Disc<'a> {
    /// Fill and letter colours.
    pub colours: (&'static str, &'static str),
    /// The disc's radius.
    pub radius: f32,
    /// The big text.
    pub letter: &'a str,
    /// The small text under it, if any.
    pub small: Option<&'a str>,
}

impl Disc<'_> {
    /// The piece on square `index` of `grid`, `piece` its `data-piece`.
    pub fn node(&self, grid: &Grid, index: usize, piece: String, extra: Vec<Node>) -> Node {
        let (x, y) = grid.centre(index);
        let (fill, ink) = self.colours;
        let mut nodes = vec![
            Node::circle(x, y, self.radius)
                .fill(fill)
                .stroke(colour::INK, 1.5),
        ];
        nodes.extend(extra);
        let big = self.radius * 0.9;
        match self.small {
            Some(small) => {
                nodes.push(Node::label(x, y - big * 0.3, big, self.letter).fill(ink));
                nodes.push(Node::label(x, y + big * 0.55, big * 0.6, small).fill(ink));
            }
            None => nodes.push(Node::label(x, y, big, self.letter).fill(ink)),
        }
        Node::group(nodes)
            .class("piece")
            .data("square", grid.square(index).name())
            .data("piece", piece)
    }
}

/// The legend entry of the last move's squares.
pub const LAST_MOVE: &str = "yellow: the last move";

/// The legend of the marks a picture draws: each entry whose mark is
/// drawn, joined by `; `; none when no mark is drawn.
pub fn marks_legend(marks: &[(bool, &str)]) -> Option<String> {
    let drawn: Vec<&str> = (marks.iter())
        .filter_map(|&(drawn, entry)| drawn.then_some(entry))
        .collect();
    (!drawn.is_empty()).then(|| drawn.join("; "))
}

/// The lines of text cut at spaces to fit `width` units at the size of
/// [`TEXT`] (by an average width of a letter, a little generous).
pub fn wrap(lines: &[String], width: f32) -> Vec<String> {
    let most = ((width / (TEXT * 0.52)) as usize).max(10);
    let mut out = Vec::new();
    for line in lines {
        let mut current = String::new();
        for word in line.split(' ') {
            let len = current.chars().count();
            if len > 0 && len + 1 + word.chars().count() > most {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out
}

/// Lines of text from `top`, `x` from the left; returns where they end.
pub fn text_lines(scene: &mut Scene, x: f32, top: f32, lines: &[String]) -> f32 {
    let mut y = top;
    for line in lines {
        y += LINE;
        scene.push(
            Node::text(x, y - 5.0, TEXT, line.clone())
                .fill(colour::INK)
                .class("caption"),
        );
    }
    y
}
