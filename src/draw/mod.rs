//! Pictures: what every game's drawing is made of, and what turns it into
//! an SVG image or a PNG image; [`crate::page`] puts them in an HTML page.
//!
//! Each game implements [`Drawing`]: it draws its position as a [`Scene`]
//! of plain shapes ([`Drawing::scene`]) and writes it as text
//! ([`Drawing::text`]); this module knows no game. [`svg`] writes a
//! scene as SVG, escaping every text; [`png`] rasterises that SVG with
//! resvg and the font kifu ships.
//! [`grid`] holds what the board games share: squares, coordinates and
//! the legend. [`ansi`] colours the text boards ([`Drawing::text`],
//! seen as a [`TextView`] asks) on a terminal.
//!
//! ```
//! use kifu::draw::{Node, Scene};
//!
//! let mut scene = Scene::new(100.0, 50.0);
//! scene.push(Node::text(10.0, 20.0, 12.0, "a < b").fill("#000"));
//! let svg = kifu::draw::svg::write(&scene, None);
//! assert!(svg.contains(">a &lt; b</text>"));
//! ```

pub mod ansi;
pub mod grid;
#[cfg(feature = "png")]
pub mod png;
pub mod svg;

use crate::game::{GameKind, MoveParts};

/// How a game shows its position: as text on a terminal and as a picture.
/// Each game implements it in its `draw.rs`; a game picked at run time
/// (`dyn AnyGame`) draws as its own type does.
pub trait Drawing {
    /// The board as text, seen as `view` asks: in colour, it shows the
    /// sides, the last move and the game's marks.
    fn text(&self, view: &TextView<'_>) -> String;
    /// The board as a picture, seen as `view` asks, for SVG, PNG and pages.
    fn scene(&self, view: &View<'_>) -> Scene;
    /// The board of a start being placed (`crate::game::Placing`) as
    /// text: the pieces placed so far, the squares `open` to `mover`
    /// marked (by default the board as it is).
    fn placement_text(&self, open: &[String], mover: &str, view: &TextView<'_>) -> String {
        let _ = (open, mover);
        self.text(view)
    }
    /// The squares of the picture that a move of these `parts` leaves and
    /// reaches, by the `data-square` names [`Drawing::scene`] gives them
    /// (a Lotus place: `0` the start, `12`, `arrival-2`): none where the
    /// move has no such square (a pass; a Mana re-entry leaves none).
    fn move_squares(&self, parts: &MoveParts) -> [Option<String>; 2];
}

/// How to draw a board as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// Box-drawing characters and symbols.
    Unicode,
    /// Plain ASCII.
    Ascii,
}

/// How to draw a position: what the user asked for, and the last move.
#[derive(Debug, Clone, Copy, Default)]
pub struct View<'a> {
    /// See the board from the other side.
    pub flip: bool,
    /// Shogun: show the magnet type of every square.
    pub types: bool,
    /// The move that led to the position, to highlight it.
    pub last: Option<&'a MoveParts>,
    /// How the game ended off the board, when the position is the end of
    /// such a game: told in place of who is to move.
    pub ended: Option<Ended<'a>>,
    /// Who moves and what constrains the move are said beside the board
    /// (the status line of `kifu serve`'s page): not written under it,
    /// where the legend still explains every mark.
    pub status_beside: bool,
}

/// How a game ended off the board, as its record says (a `Termination`
/// tag other than `normal`): a board of its last position tells this, as
/// it tells a win by the rules, instead of who is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended<'a> {
    /// The winner the record declares (`White`), if it declares one.
    pub winner: Option<&'a str>,
    /// How: the `Termination` tag's value (`resign`).
    pub reason: &'a str,
}

impl Ended<'_> {
    /// The status line: `White wins: resign (off the board)`, or with no
    /// winner declared `the game ended off the board: adjudication, no
    /// winner declared`.
    pub fn status(&self) -> String {
        match self.winner {
            Some(winner) => format!("{winner} wins: {} (off the board)", self.reason),
            None => format!(
                "the game ended off the board: {}, no winner declared",
                self.reason
            ),
        }
    }
}

/// How to write a board as text: its characters, whether in colour, and
/// the last move, which colour shows.
#[derive(Debug, Clone, Copy)]
pub struct TextView<'a> {
    /// Box-drawing characters or plain ASCII.
    pub charset: Charset,
    /// ANSI colours: the sides, the last move and the game's marks.
    pub colour: bool,
    /// The move that led to the position, to highlight it.
    pub last: Option<&'a MoveParts>,
    /// How the game ended off the board, as [`View::ended`].
    pub ended: Option<Ended<'a>>,
}

impl TextView<'_> {
    /// The brush that colours the board, or writes it plain.
    pub fn brush(&self) -> ansi::Brush {
        ansi::Brush::new(self.colour)
    }
}

impl From<Charset> for TextView<'_> {
    /// A board in `charset`, without colour.
    fn from(charset: Charset) -> Self {
        Self {
            charset,
            colour: false,
            last: None,
            ended: None,
        }
    }
}

/// The picture of a position of `kind` after `ply` plies: the game's
/// drawing, marked with `data-game`, `data-ply` (and `data-flip`) for pages
/// and tests to tell pictures apart.
pub fn picture<D: Drawing + ?Sized>(
    game: &D,
    kind: GameKind,
    view: &View<'_>,
    ply: usize,
) -> Scene {
    let mut scene = game.scene(view);
    let mut data = vec![("game", kind.name().to_owned()), ("ply", ply.to_string())];
    if view.flip {
        data.push(("flip", "1".to_owned()));
    }
    data.append(&mut scene.data);
    scene.data = data;
    scene
}

/// A picture: its size in user units and its shapes, in drawing order.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// Width in user units.
    pub width: f32,
    /// Height in user units.
    pub height: f32,
    /// `data-` attributes of the whole picture (name without `data-`).
    pub data: Vec<(&'static str, String)>,
    /// The shapes.
    pub nodes: Vec<Node>,
}

impl Scene {
    /// An empty picture of this size.
    pub fn new(width: f32, height: f32) -> Self {
        Self {
            width,
            height,
            data: Vec::new(),
            nodes: Vec::new(),
        }
    }

    /// Adds a shape on top of the others.
    pub fn push(&mut self, node: Node) {
        self.nodes.push(node);
    }

    /// Adds a `data-` attribute to the whole picture.
    pub fn data(&mut self, name: &'static str, value: impl Into<String>) {
        self.data.push((name, value.into()));
    }
}

/// A square of a picture, where a page maps a click: its `data-square`
/// name and its rectangle, in the picture's user units.
#[derive(Debug, Clone, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct Spot {
    /// The square's name, as its `data-square`.
    pub square: String,
    /// Left.
    pub x: f32,
    /// Top.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Scene {
    /// The squares the picture draws, each once, in drawing order: a
    /// rectangle with a `data-square`, or a group with one whose first
    /// shape is a rectangle (a Lotus course square). Pieces, flowers and
    /// marks, drawn as discs and named by the square they stand on, are
    /// not squares.
    pub fn spots(&self) -> Vec<Spot> {
        let mut spots: Vec<Spot> = Vec::new();
        for node in &self.nodes {
            let Some((_, name)) = node.data.iter().find(|(key, _)| *key == "square") else {
                continue;
            };
            let shape = match &node.shape {
                Shape::Group(nodes) => nodes.first().map(|first| &first.shape),
                shape => Some(shape),
            };
            let Some(&Shape::Rect { x, y, w, h, .. }) = shape else {
                continue;
            };
            if spots.iter().all(|spot| spot.square != *name) {
                spots.push(Spot {
                    square: name.clone(),
                    x,
                    y,
                    w,
                    h,
                });
            }
        }
        spots
    }
}

/// How a text is anchored at its point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Anchor {
    /// The point is the start of the text.
    #[default]
    Start,
    /// The point is the middle of the text.
    Middle,
    /// The point is the end of the text.
    End,
}

/// A shape's geometry.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A rectangle with corners rounded by `r`.
    Rect {
        /// Left.
        x: f32,
        /// Top.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// Corner radius.
        r: f32,
    },
    /// A circle.
    Circle {
        /// Centre, x.
        x: f32,
        /// Centre, y.
        y: f32,
        /// Radius.
        r: f32,
    },
    /// A closed or open polygon through its points.
    Poly {
        /// The points.
        points: Vec<(f32, f32)>,
        /// Whether the last point joins the first.
        closed: bool,
    },
    /// A line of text; its point is on the baseline, `size` is the font size.
    Text {
        /// Anchor point, x.
        x: f32,
        /// Baseline, y.
        y: f32,
        /// Font size.
        size: f32,
        /// The text, as it is (the writer escapes it).
        text: String,
        /// Where the point is in the text.
        anchor: Anchor,
    },
    /// Shapes drawn together, which share the group's `data-` attributes.
    Group(Vec<Node>),
}

/// A shape with its paint, its class and its `data-` attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The geometry.
    pub shape: Shape,
    /// Fill colour (`none` when absent).
    pub fill: Option<&'static str>,
    /// Stroke colour and width.
    pub stroke: Option<(&'static str, f32)>,
    /// The CSS class, for pages that style the picture.
    pub class: Option<&'static str>,
    /// `data-` attributes (name without `data-`).
    pub data: Vec<(&'static str, String)>,
}

impl Node {
    fn of(shape: Shape) -> Self {
        Self {
            shape,
            fill: None,
            stroke: None,
            class: None,
            data: Vec::new(),
        }
    }

    /// A rectangle.
    pub fn rect(x: f32, y: f32, w: f32, h: f32) -> Self {
        Self::of(Shape::Rect { x, y, w, h, r: 0.0 })
    }

    /// A circle.
    pub fn circle(x: f32, y: f32, r: f32) -> Self {
        Self::of(Shape::Circle { x, y, r })
    }

    /// A closed polygon.
    pub fn polygon(points: Vec<(f32, f32)>) -> Self {
        Self::of(Shape::Poly {
            points,
            closed: true,
        })
    }

    /// An open line through points.
    pub fn polyline(points: Vec<(f32, f32)>) -> Self {
        Self::of(Shape::Poly {
            points,
            closed: false,
        })
    }

    /// A line of text at a baseline point, anchored at its start.
    pub fn text(x: f32, y: f32, size: f32, text: impl Into<String>) -> Self {
        Self::of(Shape::Text {
            x,
            y,
            size,
            text: text.into(),
            anchor: Anchor::Start,
        })
    }

    /// A line of text centred on `x`, its middle at `y`.
    pub fn label(x: f32, y: f32, size: f32, text: impl Into<String>) -> Self {
        Self::of(Shape::Text {
            x,
            y: y + size * 0.35,
            size,
            text: text.into(),
            anchor: Anchor::Middle,
        })
    }

    /// A group of shapes.
    pub fn group(nodes: Vec<Node>) -> Self {
        Self::of(Shape::Group(nodes))
    }

    /// Rounds a rectangle's corners.
    pub fn rounded(mut self, radius: f32) -> Self {
        if let Shape::Rect { r, .. } = &mut self.shape {
            *r = radius;
        }
        self
    }

    /// Anchors a text at its end rather than its start.
    pub fn end(mut self) -> Self {
        if let Shape::Text { anchor, .. } = &mut self.shape {
            *anchor = Anchor::End;
        }
        self
    }

    /// Sets the fill colour.
    pub fn fill(mut self, colour: &'static str) -> Self {
        self.fill = Some(colour);
        self
    }

    /// Sets the stroke colour and width.
    pub fn stroke(mut self, colour: &'static str, width: f32) -> Self {
        self.stroke = Some((colour, width));
        self
    }

    /// Sets the CSS class.
    pub fn class(mut self, class: &'static str) -> Self {
        self.class = Some(class);
        self
    }

    /// Adds a `data-` attribute.
    pub fn data(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.data.push((name, value.into()));
        self
    }
}
