//! Draws the course ten squares a row (number, kind and flower, pawn), the
//! start and the arrival, then every bouquet with its score.

use super::course::Kind;
use super::notation::Flower;
use super::{Lotus, score};
use crate::game::{Charset, Game};
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
pub(super) fn render(game: &Lotus, charset: Charset) -> String {
    let mut out = String::new();
    let end = game.end();
    let letter = |owner: u8| char::from(game.players.letter(owner));
    let start: Vec<String> = game
        .pawns()
        .iter()
        .filter(|p| p.pos == 0)
        .map(|p| letter(p.owner).to_string())
        .collect();
    let start = if start.is_empty() {
        "-".to_owned()
    } else {
        start.join(" ")
    };
    let _ = writeln!(out, "start: {start}");
    let squares: Vec<usize> = (1..=usize::from(end)).collect();
    for row in squares.chunks(ROW) {
        let (mut numbers, mut kinds, mut pawns) = (String::new(), String::new(), String::new());
        for &square in row {
            let _ = write!(numbers, "{square:>4}");
            let at = game.squares()[square];
            let flower = at.flower.map_or(' ', Flower::letter);
            let _ = write!(kinds, "  {}{flower}", symbol(at.kind, charset));
            let pawn = match at.occupant {
                super::NO_PAWN => ' ',
                p => letter(game.pawn_slots[usize::from(p)].owner),
            };
            let _ = write!(pawns, "  {pawn} ");
        }
        for line in [numbers, kinds, pawns] {
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    let places: Vec<String> = (0..4u16)
        .map(|i| {
            let pawn = game.pawns().iter().find(|p| p.pos == end + i + 1);
            let held = match (pawn, game.arrival[usize::from(i)]) {
                (Some(p), _) => letter(p.owner),
                (None, Some(f)) => f.letter(),
                (None, None) => '-',
            };
            format!("[{}] {held}", i + 1)
        })
        .collect();
    let _ = writeln!(out, "arrival: {}", places.join("  "));
    let legend = match charset {
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
        let _ = writeln!(
            out,
            "{name:<width$} ({})  {}  score {}",
            letter(i as u8),
            counts.join("  "),
            score::score(hand)
        );
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
