//! Draws a Lotus position. As a picture: the course as a winding path of
//! plain, lily, frog and stone squares with the flowers on them, the pawns
//! in their players' colours, the start, the four arrival places and the
//! score table, which is also the legend of the colours. As text: the
//! course ten squares a row (number, kind and flower, pawn), the start and
//! the arrival, then every bouquet with its score; in colour, every pawn
//! and initial is in its player's colour, and the places the last move
//! left and reached are in reverse video.

use crate::record::Visible;
use super::colours::{SeatColour, seat_colours};
use super::course::Kind;
use super::flowers::Flower;
use super::{Lotus, NO_PAWN, score};
use crate::draw::ansi::Sgr;
use crate::draw::grid::{self, colour};
use crate::draw::{Charset, Drawing, Ended, Node, Scene, TextView, View};
use crate::game::{Game, MoveParts};
use std::fmt::Write;

impl Drawing for Lotus {
    fn text(&self, view: &TextView<'_>) -> String {
        text(self, view)
    }

    fn scene(&self, view: &View<'_>) -> Scene {
        scene(self, view)
    }

    fn move_squares(&self, parts: &MoveParts) -> [Option<String>; 2] {
        match parts {
            MoveParts::Lotus(parts) => [
                Some(parts.from.to_string()),
                (parts.to.map(|to| to.to_string())).or(parts.arrival.map(arrival_name)),
            ],
            _ => [None, None],
        }
    }
}

/// The `data-square` of an arrival place, numbered from 1.
fn arrival_name(place: u16) -> String {
    format!("arrival-{place}")
}

/// The side of a square.
const CELL: f32 = 48.0;
/// Squares per row of the course, in the picture and in the text.
const ROW: usize = 10;
/// The gap between rows, where the path turns.
const GAP: f32 = 16.0;
/// The margin around the picture.
const MARGIN: f32 = 20.0;

/// The colours of a flower and of its letter.
fn flower_colours(flower: Flower) -> (&'static str, &'static str) {
    match flower {
        Flower::White => ("#ffffff", "#222222"),
        Flower::Yellow => ("#f7d417", "#222222"),
        Flower::Pink => ("#f48fb1", "#222222"),
        Flower::Blue => ("#1e63d6", "#ffffff"),
        Flower::Black => ("#111111", "#ffffff"),
    }
}

/// The fill and the word of a kind of square.
fn kind_look(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::Start => ("#ffffff", "start"),
        Kind::Plain => ("#f6f1e3", "plain"),
        Kind::Lily => ("#bfe3b4", "lily"),
        Kind::Frog => ("#9fd6e8", "frog"),
        Kind::Stone => ("#bdbdbd", "stone"),
    }
}

/// The colour a player is drawn in.
fn seat_colour(game: &Lotus, owner: u8) -> SeatColour {
    let colours = seat_colours(&game.players);
    colours.get(usize::from(owner)).copied().unwrap_or(colours[0])
}

/// The places of the last move, counted as pawns' positions are (0 the
/// start, the arrival's places after the course): where it started, and
/// where it ended.
pub(super) fn last_places(game: &Lotus, last: Option<&MoveParts>) -> [Option<u16>; 2] {
    match last {
        Some(MoveParts::Lotus(parts)) => [
            Some(parts.from),
            parts.to.or(parts.arrival.map(|a| a + game.end())),
        ],
        _ => [None, None],
    }
}

/// The picture of the position.
fn scene(game: &Lotus, view: &View<'_>) -> Scene {
    let end = usize::from(game.end());
    let rows = end.div_ceil(ROW).max(1);
    let width = MARGIN * 2.0 + CELL * ROW as f32;
    let course_top = MARGIN + CELL + GAP;
    let arrival_top = course_top + rows as f32 * (CELL + GAP);
    let players = game.players.count();
    let table_top = arrival_top + CELL + GAP;
    let last = last_places(game, view.last);
    // The legend names what is drawn, and only that.
    let mut legend = "squares: L lily, F frog, S stone; flowers W Y P B K".to_owned();
    if let Some(marks) = grid::marks_legend(&[(last != [None, None], grid::LAST_MOVE)]) {
        legend = format!("{legend}; {marks}");
    }
    let mut under = vec![legend];
    if !view.status_beside {
        under.push(status(game, view.ended));
    }
    let under = grid::wrap(&under, width - MARGIN * 2.0);
    let height = table_top + grid::LINE * (players + 1 + under.len()) as f32 + MARGIN;
    let mut scene = Scene::new(width, height);
    scene.push(Node::rect(0.0, 0.0, width, height).fill(colour::PAPER));
    let lit = |pos: u16| last.contains(&Some(pos));
    // Where each course square stands: rows of ten, every other one
    // running back, so that the path winds; turned half round by `flip`.
    let place = |square: usize| {
        let (row, mut column) = ((square - 1) / ROW, (square - 1) % ROW);
        if row % 2 == 1 {
            column = ROW - 1 - column;
        }
        let (row, column) = if view.flip {
            (rows - 1 - row, ROW - 1 - column)
        } else {
            (row, column)
        };
        (
            MARGIN + column as f32 * CELL,
            course_top + row as f32 * (CELL + GAP),
        )
    };
    let centres: Vec<(f32, f32)> = (1..=end)
        .map(|s| {
            let (x, y) = place(s);
            (x + CELL / 2.0, y + CELL / 2.0)
        })
        .collect();
    scene.push(Node::polyline(centres).stroke("#8d6e63", 6.0).class("path"));
    start(game, &mut scene, lit(0));
    for (square, at) in game.squares().iter().enumerate().skip(1) {
        let (x, y) = place(square);
        let (fill, word) = kind_look(at.kind);
        let pos = square as u16;
        let mut nodes = vec![
            Node::rect(x + 1.0, y + 1.0, CELL - 2.0, CELL - 2.0)
                .rounded(5.0)
                .fill(if lit(pos) { colour::LAST } else { fill })
                .stroke(colour::INK, 1.0),
            Node::text(x + 4.0, y + 12.0, 10.0, square.to_string()).fill(colour::SOFT),
            Node::text(x + CELL - 4.0, y + CELL - 5.0, 9.0, kind_letter(at.kind)).end().fill(colour::SOFT),
        ];
        if let Some(flower) = at.flower {
            nodes.push(flower_node(flower, x + CELL - 13.0, y + 13.0, 8.0));
        }
        let mut node = Node::group(nodes)
            .class(if lit(pos) { "square last" } else { "square" })
            .data("square", square.to_string())
            .data("kind", word);
        if let Some(flower) = at.flower {
            node = node.data("flower", flower.letter().to_string());
        }
        if lit(pos) {
            node = node.data("last", "1");
        }
        scene.push(node);
        if at.occupant != NO_PAWN {
            let owner = game.pawn_slots[usize::from(at.occupant)].owner;
            scene.push(pawn(game, owner, x + CELL / 2.0, y + CELL / 2.0 + 4.0, square.to_string()));
        }
    }
    arrival(game, &mut scene, arrival_top, &lit);
    table(game, &mut scene, table_top, &under);
    scene
}

/// The letter of a kind on its square.
fn kind_letter(kind: Kind) -> String {
    match kind {
        Kind::Plain => String::new(),
        kind => kind.letter().to_string(),
    }
}

/// A flower: a disc of its colour with its letter.
fn flower_node(flower: Flower, x: f32, y: f32, r: f32) -> Node {
    let (fill, ink) = flower_colours(flower);
    Node::group(vec![
        Node::circle(x, y, r).fill(fill).stroke(colour::INK, 1.0),
        Node::label(x, y, r * 1.2, flower.letter().to_string()).fill(ink),
    ])
    .class("flower")
}

/// A pawn: a disc of its owner's colour with the owner's initial.
fn pawn(game: &Lotus, owner: u8, x: f32, y: f32, square: String) -> Node {
    let colour = seat_colour(game, owner);
    let letter = char::from(game.players.letter(owner)).to_string();
    Node::group(vec![
        Node::circle(x, y, CELL * 0.27).fill(colour.fill).stroke(colour::INK, 1.5),
        Node::label(x, y, CELL * 0.3, letter.clone()).fill(colour.ink),
    ])
    .class("piece")
    .data("square", square)
    .data("piece", letter)
}

/// The start: every pawn still on square 0.
fn start(game: &Lotus, scene: &mut Scene, lit: bool) {
    let width = CELL * ROW as f32;
    scene.push(
        Node::rect(MARGIN, MARGIN, width, CELL)
            .rounded(5.0)
            .fill(if lit { colour::LAST } else { colour::PAPER })
            .stroke(colour::INK, 1.0)
            .class("start")
            .data("square", "0"),
    );
    scene.push(Node::text(MARGIN + 6.0, MARGIN + CELL / 2.0 + 5.0, grid::TEXT, "start").fill(colour::INK));
    let waiting = game.pawns().iter().filter(|p| p.pos == 0);
    for (i, p) in waiting.enumerate() {
        let x = MARGIN + 70.0 + i as f32 * CELL * 0.6;
        scene.push(pawn(game, p.owner, x, MARGIN + CELL / 2.0, "0".to_owned()));
    }
}

/// The four arrival places, each with its flower or the pawn that took it.
fn arrival(game: &Lotus, scene: &mut Scene, top: f32, lit: &dyn Fn(u16) -> bool) {
    scene.push(Node::text(MARGIN, top + CELL / 2.0 + 5.0, grid::TEXT, "arrival").fill(colour::INK));
    for i in 0..4u16 {
        let pos = game.end() + i + 1;
        let x = MARGIN + CELL * (2.0 + 2.0 * f32::from(i));
        let name = arrival_name(i + 1);
        scene.push(
            Node::rect(x, top, CELL * 1.6, CELL)
                .rounded(5.0)
                .fill(if lit(pos) { colour::LAST } else { "#fff8e1" })
                .stroke(colour::INK, 1.0)
                .class("place")
                .data("square", name.clone()),
        );
        scene.push(Node::text(x + 4.0, top + 13.0, 11.0, (i + 1).to_string()).fill(colour::SOFT));
        let (cx, cy) = (x + CELL * 0.8, top + CELL / 2.0 + 3.0);
        match game.pawns().iter().find(|p| p.pos == pos) {
            Some(p) => scene.push(pawn(game, p.owner, cx, cy, name)),
            None => {
                if let Some(flower) = game.arrival[usize::from(i)] {
                    scene.push(flower_node(flower, cx, cy, 10.0).data("square", name).data("flower", flower.letter().to_string()));
                }
            }
        }
    }
}

/// The score table, which names the colour of every player, then the
/// lines `under` it: the legend and how the game stands.
fn table(game: &Lotus, scene: &mut Scene, top: f32, under: &[String]) {
    let mut y = top;
    for (i, name) in game.players.names().enumerate() {
        let owner = i as u8;
        let hand = &game.hands[i];
        let fill = seat_colour(game, owner).fill;
        let letter = char::from(game.players.letter(owner));
        let counts: Vec<String> = Flower::ALL
            .iter()
            .map(|f| format!("{} {}", f.letter(), hand[f.index()]))
            .collect();
        let total = score::score(hand);
        y += grid::LINE;
        scene.push(
            Node::group(vec![
                Node::circle(MARGIN + 7.0, y - 9.0, 7.0).fill(fill).stroke(colour::INK, 1.0),
                Node::text(MARGIN + 20.0, y - 4.0, grid::TEXT, format!("{name} ({letter})")).fill(colour::INK),
                Node::text(MARGIN + 200.0, y - 4.0, grid::TEXT, counts.join("  ")).fill(colour::INK),
                Node::text(MARGIN + CELL * ROW as f32, y - 4.0, grid::TEXT, format!("score {total}")).end().fill(colour::INK),
            ])
            .class("player")
            .data("player", letter.to_string())
            .data("score", total.to_string()),
        );
    }
    grid::text_lines(scene, MARGIN, y + 4.0, under);
}

fn symbol(kind: Kind, charset: Charset) -> char {
    match (kind, charset) {
        (Kind::Start, _) => '0',
        (Kind::Plain, Charset::Unicode) => '·',
        (Kind::Lily, Charset::Unicode) => '✿',
        (Kind::Frog, Charset::Unicode) => 'ƒ',
        (Kind::Stone, Charset::Unicode) => '●',
        (kind, Charset::Ascii) => kind.letter(),
    }
}

/// The board as text.
pub(super) fn text(game: &Lotus, view: &TextView<'_>) -> String {
    let mut out = String::new();
    let end = game.end();
    let brush = view.brush();
    let last = last_places(game, view.last);
    let lit = |pos: u16| last.contains(&Some(pos)).then_some(Sgr::LAST);
    let letter = |owner: u8| char::from(game.players.letter(owner));
    // A pawn's initial in its player's colour, lit as `lit` says.
    let pawn = |out: &mut String, owner: u8, lit: Option<Sgr>| {
        brush.paint(out, &[lit, Some(seat_colour(game, owner).sgr)], letter(owner));
    };
    brush.paint(&mut out, &[lit(0)], "start");
    out.push_str(": ");
    let mut start = game.pawns().iter().filter(|p| p.pos == 0).peekable();
    if start.peek().is_none() {
        out.push('-');
    }
    for (i, p) in start.enumerate() {
        if i > 0 {
            out.push(' ');
        }
        pawn(&mut out, p.owner, None);
    }
    out.push('\n');
    let squares: Vec<usize> = (1..=usize::from(end)).collect();
    for row in squares.chunks(ROW) {
        let (mut numbers, mut kinds, mut pawns) = (String::new(), String::new(), String::new());
        for &square in row {
            let pos = square as u16;
            let number = square.to_string();
            numbers.push_str(&" ".repeat(4usize.saturating_sub(number.len())));
            brush.paint(&mut numbers, &[lit(pos)], number);
            let at = game.squares()[square];
            let flower = at.flower.map_or(' ', Flower::letter);
            let _ = write!(kinds, "  {}{flower}", symbol(at.kind, view.charset));
            pawns.push_str("  ");
            match at.occupant {
                super::NO_PAWN => pawns.push(' '),
                p => pawn(&mut pawns, game.pawn_slots[usize::from(p)].owner, lit(pos)),
            }
            pawns.push(' ');
        }
        for line in [numbers, kinds, pawns] {
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out.push_str("arrival:");
    for i in 0..4u16 {
        let pos = end + i + 1;
        out.push_str(if i == 0 { " " } else { "  " });
        brush.paint(&mut out, &[lit(pos)], format_args!("[{}]", i + 1));
        out.push(' ');
        match (game.pawns().iter().find(|p| p.pos == pos), game.arrival[usize::from(i)]) {
            (Some(p), _) => pawn(&mut out, p.owner, lit(pos)),
            (None, Some(f)) => out.push(f.letter()),
            (None, None) => out.push('-'),
        }
    }
    out.push('\n');
    let legend = match view.charset {
        Charset::Unicode => "· plain  ✿ lily  ƒ frog  ● stone",
        Charset::Ascii => ". plain  L lily  F frog  S stone",
    };
    let _ = writeln!(
        out,
        "{legend}; flowers W Y P B K; pawns and taken places by initial"
    );
    // The names come from the record: shown, not obeyed by the terminal.
    let names: Vec<String> = (game.players.names())
        .map(|name| Visible(name).to_string())
        .collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    for (i, name) in names.iter().enumerate() {
        let hand = &game.hands[i];
        let counts: Vec<String> = Flower::ALL
            .iter()
            .map(|f| format!("{} {}", f.letter(), hand[f.index()]))
            .collect();
        let _ = write!(out, "{name:<width$} (");
        let owner = i as u8;
        brush.paint(&mut out, &[Some(seat_colour(game, owner).sgr)], letter(owner));
        let _ = writeln!(out, ")  {}  score {}", counts.join("  "), score::score(hand));
    }
    let _ = writeln!(out, "{}", Visible(&status(game, view.ended)));
    out
}

/// How the game stands: who won, or whose move it is; or how it `ended`
/// off the board.
pub(super) fn status(game: &Lotus, ended: Option<Ended<'_>>) -> String {
    if let Some(ended) = ended {
        return ended.status();
    }
    match game.outcome() {
        // The reason names the winners.
        Some(outcome) => format!("game over ({}): {}", outcome.reason, outcome.tag_value),
        None => format!("turn {}, {}", game.turn, game.constraint().unwrap_or_default()),
    }
}
