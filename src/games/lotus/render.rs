//! Draws the course ten squares a row (number, kind and flower, pawn), the
//! start and the arrival, then every bouquet with its score. In colour,
//! every pawn and initial is in its player's colour, and the places the
//! last move left and reached are in reverse video.

use super::course::Kind;
use super::notation::Flower;
use super::{Lotus, draw, score};
use crate::draw::TextView;
use crate::draw::ansi::Sgr;
use crate::draw::Charset;
use crate::game::{Game};
use std::fmt::Write;

/// Squares per row.
const ROW: usize = 10;

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
pub(super) fn render(game: &Lotus, view: &TextView<'_>) -> String {
    let mut out = String::new();
    let end = game.end();
    let brush = view.brush();
    let last = draw::last_places(game, view.last);
    let lit = |pos: u16| last.contains(&Some(pos)).then_some(Sgr::LAST);
    let letter = |owner: u8| char::from(game.players.letter(owner));
    // A pawn's initial in its player's colour, lit as `lit` says.
    let pawn = |out: &mut String, owner: u8, lit: Option<Sgr>| {
        brush.paint(out, &[lit, Some(Sgr::player(owner))], letter(owner));
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
    let width = game
        .players
        .names()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0);
    for (i, name) in game.players.names().enumerate() {
        let hand = &game.hands[i];
        let counts: Vec<String> = Flower::ALL
            .iter()
            .map(|f| format!("{} {}", f.letter(), hand[f.index()]))
            .collect();
        let _ = write!(out, "{name:<width$} (");
        let owner = i as u8;
        brush.paint(&mut out, &[Some(Sgr::player(owner))], letter(owner));
        let _ = writeln!(out, ")  {}  score {}", counts.join("  "), score::score(hand));
    }
    let _ = writeln!(out, "{}", status(game));
    out
}

/// How the game stands: who won, or whose move it is.
pub(super) fn status(game: &Lotus) -> String {
    match game.outcome() {
        // The reason names the winners.
        Some(outcome) => format!("game over ({}): {}", outcome.reason, outcome.tag_value),
        None => format!("turn {}, {}", game.turn, game.constraint().unwrap_or_default()),
    }
}
