//! The colour each seat is drawn in, in pictures and on the text board: a
//! seat named after a colour is drawn in it, so that "orange" is orange.

use super::players::{MAX_PLAYERS, Players};
use crate::draw::ansi::Sgr;

/// A colour a seat is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct SeatColour {
    /// The colour's name, as a seat may be named.
    pub name: &'static str,
    /// The fill of its pawns and of its disc in the score table.
    pub fill: &'static str,
    /// The colour of the initial written on that fill.
    pub ink: &'static str,
    /// Its look on a terminal.
    pub sgr: Sgr,
}

const fn colour(name: &'static str, fill: &'static str, ink: &'static str, sgr: &'static str) -> SeatColour {
    SeatColour {
        name,
        fill,
        ink,
        sgr: Sgr(sgr),
    }
}

/// The colours kifu draws seats in, in the order that seats named after
/// none of them take them.
const PALETTE: [SeatColour; 18] = [
    colour("red", "#d32f2f", "#ffffff", "\x1b[1;31m"),
    colour("blue", "#1565c0", "#ffffff", "\x1b[1;34m"),
    colour("green", "#2e7d32", "#ffffff", "\x1b[1;32m"),
    colour("yellow", "#fdd835", "#222222", "\x1b[1;33m"),
    colour("purple", "#6a1b9a", "#ffffff", "\x1b[1;38;5;91m"),
    colour("cyan", "#00838f", "#ffffff", "\x1b[1;36m"),
    colour("brown", "#6d4c41", "#ffffff", "\x1b[1;38;5;130m"),
    colour("pink", "#f48fb1", "#222222", "\x1b[1;38;5;218m"),
    colour("orange", "#ef6c00", "#ffffff", "\x1b[1;38;5;208m"),
    colour("amber", "#ffa000", "#222222", "\x1b[1;38;5;214m"),
    colour("violet", "#7c4dff", "#ffffff", "\x1b[1;38;5;99m"),
    colour("magenta", "#c51162", "#ffffff", "\x1b[1;35m"),
    colour("teal", "#00796b", "#ffffff", "\x1b[1;38;5;30m"),
    colour("lime", "#c0ca33", "#222222", "\x1b[1;38;5;148m"),
    colour("gold", "#c9a227", "#222222", "\x1b[1;38;5;178m"),
    colour("grey", "#757575", "#ffffff", "\x1b[1;38;5;244m"),
    colour("pearl", "#eae0c8", "#222222", "\x1b[1;38;5;230m"),
    colour("black", "#212121", "#ffffff", "\x1b[1;90m"),
];

/// The colour of each seat, in turn order: a seat named after one of the
/// colours (in any letter case) is drawn in it; the others take the
/// colours no seat is named after, in the palette's order.
pub(super) fn seat_colours(players: &Players) -> [SeatColour; MAX_PLAYERS] {
    let named = |name: &str| PALETTE.iter().find(|c| c.name.eq_ignore_ascii_case(name));
    let taken: Vec<&str> = players.names().filter_map(named).map(|c| c.name).collect();
    let mut spare = PALETTE.iter().filter(|c| !taken.contains(&c.name));
    let mut colours = [PALETTE[0]; MAX_PLAYERS];
    for (seat, name) in players.names().enumerate() {
        // Six seats at most leave twelve colours spare.
        let colour = named(name).or_else(|| spare.next());
        colours[seat] = colour.copied().unwrap_or(PALETTE[0]);
    }
    colours
}

impl super::Lotus {
    /// Each player, in turn order, and the fill it is drawn in.
    pub fn fills(&self) -> Vec<(&str, &'static str)> {
        let colours = seat_colours(&self.players);
        self.players.names().zip(colours).map(|(name, c)| (name, c.fill)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(players: &str) -> Vec<&'static str> {
        let players = Players::parse(players).unwrap_or_else(|e| panic!("{e}"));
        let count = players.count();
        seat_colours(&players)[..count].iter().map(|c| c.name).collect()
    }

    #[test]
    fn a_seat_named_after_a_colour_is_drawn_in_it() {
        assert_eq!(
            names("orange violet magenta red cyan"),
            ["orange", "violet", "magenta", "red", "cyan"]
        );
        assert_eq!(names("Red GREEN amber"), ["red", "green", "amber"]);
    }

    #[test]
    fn other_seats_take_the_colours_left_in_order() {
        assert_eq!(names("ann bob cid"), ["red", "blue", "green"]);
        assert_eq!(names("ann red blue cid"), ["green", "red", "blue", "yellow"]);
    }

    #[test]
    fn every_colour_is_distinct() {
        for (i, a) in PALETTE.iter().enumerate() {
            for b in &PALETTE[i + 1..] {
                assert!(a.name != b.name && a.fill != b.fill && a.sgr != b.sgr, "{a:?} {b:?}");
            }
        }
    }
}
