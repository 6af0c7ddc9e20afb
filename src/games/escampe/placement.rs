//! Escampe's placement, before the first move (kifu-rules(7), ESCAMPE):
//! Black places his six pieces on the two ranks of either edge, then
//! White his six on the two ranks of the other, each the Unicorn first;
//! the `Setup` tag states the result.
//!
//! To an engine that places second, KEP's `tag Setup` gives Black's
//! group with `-` for White's: `"- / e1 a1 b2 c1 d2 f1"`.

use super::Escampe;
use super::setup::{self, HIGH_EDGE, LOW_EDGE, SETUP_EXAMPLE};
use crate::game::{AnyGame, PlacementError, Placing, SetupError};
use crate::games::lines::{Bits, Side, bit, parse_square, square_name, squares};

/// The groups placed so far, Black's placed first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct EscampePlacing {
    /// Each side's six squares, Unicorn first, by [`Side::index`].
    groups: [Option<[u8; 6]>; 2],
}

impl EscampePlacing {
    /// The placing that the tags `given` leave open: all of it without a
    /// `Setup` or `Position`, White's alone after KEP's partial `Setup`
    /// with a legal group of Black's; none otherwise.
    pub(super) fn of_tags(given: &[(String, String)]) -> Option<Self> {
        let value = |name: &str| given.iter().find(|(n, _)| n == name).map(|(_, v)| v);
        if value("Position").is_some() {
            return None;
        }
        let Some(setup) = value("Setup") else {
            return Some(Self::default());
        };
        let (white, black) = setup.split_once('/')?;
        if white.trim() != "-" {
            return None;
        }
        let mut placing = Self::default();
        let words: Vec<String> = black.split_whitespace().map(str::to_owned).collect();
        placing.place(&words).ok()?;
        Some(placing)
    }

    /// The side that places next.
    fn side(&self) -> Option<Side> {
        match self.groups {
            [None, _] => Some(Side::Black),
            [Some(_), None] => Some(Side::White),
            [Some(_), Some(_)] => None,
        }
    }

    /// The squares `side` may place on: either edge for Black, the edge
    /// opposite Black's for White.
    fn edges(&self, side: Side) -> Bits {
        match (side, self.groups[Side::Black.index()]) {
            (Side::White, Some(black)) if setup::edge(Side::Black, &black) == Ok(LOW_EDGE) => {
                HIGH_EDGE
            }
            (Side::White, Some(_)) => LOW_EDGE,
            _ => LOW_EDGE | HIGH_EDGE,
        }
    }

    /// The pieces placed so far, the next to place to move.
    fn position(&self) -> Escampe {
        let mut board = Escampe::empty(self.side().unwrap_or(Side::White));
        for side in [Side::Black, Side::White] {
            if let Some(group) = &self.groups[side.index()] {
                setup::put_group(&mut board, side, group);
            }
        }
        board
    }

    /// A group's squares, as the `Setup` tag writes them.
    fn written(group: Option<&[u8; 6]>) -> String {
        group.map_or_else(
            || "-".to_owned(),
            |group| {
                let names = group.iter().map(|&s| square_name(usize::from(s)));
                names.collect::<Vec<_>>().join(" ")
            },
        )
    }
}

impl Placing for EscampePlacing {
    fn box_clone(&self) -> Box<dyn Placing> {
        Box::new(self.clone())
    }

    fn mover(&self) -> Option<&'static str> {
        self.side().map(Side::name)
    }

    fn request(&self) -> String {
        match self.side() {
            Some(Side::Black) => format!(
                "Black places first: the Unicorn's square, then the five Paladins', all on ranks 1-2 or all on ranks 5-6 (like {})",
                SETUP_EXAMPLE.split(" / ").nth(1).unwrap_or_default()
            ),
            Some(Side::White) => format!(
                "White places: the Unicorn's square, then the five Paladins', all on ranks {} (Black holds the other edge)",
                setup::ranks(self.edges(Side::White))
            ),
            None => "both sides have placed".to_owned(),
        }
    }

    fn next_words(&self, given: &[String]) -> Vec<String> {
        let Some(side) = self.side() else {
            return Vec::new();
        };
        if given.len() >= 6 {
            return Vec::new();
        }
        let mut open = self.edges(side);
        for square in given.iter().filter_map(|word| parse_square(word)) {
            // A Black square names his edge; no square is given twice.
            for edge in [LOW_EDGE, HIGH_EDGE] {
                if edge & bit(square) != 0 {
                    open &= edge;
                }
            }
            open &= !bit(square);
        }
        squares(open).map(|s| square_name(s).to_owned()).collect()
    }

    fn place(&mut self, words: &[String]) -> Result<(), PlacementError> {
        let Some(side) = self.side() else {
            return Err(PlacementError::AllPlaced);
        };
        let group = setup::read_group(side, &words.join(" "))?;
        let mut reasons = setup::repeats(side, &group);
        match setup::edge(side, &group) {
            Err(e) => reasons.push(e),
            Ok(edge) if edge & self.edges(side) == 0 => {
                reasons.push(setup::edge_held(self.edges(side), edge));
            }
            Ok(_) => {}
        }
        if let Some(refused) = SetupError::of(reasons) {
            return Err(PlacementError::Refused(refused));
        }
        self.groups[side.index()] = Some(group);
        Ok(())
    }

    fn board(&self) -> Box<dyn AnyGame> {
        Box::new(self.position())
    }

    fn tag_name(&self) -> &'static str {
        "Setup"
    }

    fn example(&self) -> &'static str {
        SETUP_EXAMPLE
    }

    /// The start, built from the groups: the one the `Setup` tag
    /// states, without writing and reading it (the engine's placement
    /// builds thousands).
    fn start(&self) -> Option<Result<Box<dyn AnyGame>, SetupError>> {
        let start: Box<dyn AnyGame> = Box::new(self.position());
        self.side().is_none().then_some(Ok(start))
    }

    fn tag(&self) -> Option<(String, String)> {
        let [black, white] = &self.groups;
        black.as_ref()?;
        let value = format!(
            "{} / {}",
            Self::written(white.as_ref()),
            Self::written(black.as_ref())
        );
        Some((self.tag_name().to_owned(), value))
    }
}
