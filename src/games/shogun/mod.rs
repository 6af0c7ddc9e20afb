//! Shogun (Epoch 1976, Ravensburger 1979): the referee of rules.md §2.

mod board;
mod notation;
mod render;
mod rules;
mod setup;

pub use board::{Discs, Kind, Side};
pub use notation::ShogunMove;

use crate::game::{Charset, Game, GameKind, MoveDetail, Numbering, Outcome, TagError, Tags, Turn};
use board::{Bits, bit, layout, square_name, turned};
use serde_json::json;

/// Why a Shogun move is illegal (or not a move at all).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ShogunError(String);

/// A Shogun position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shogun {
    /// Per square: 0 when empty, else `1 + side * 4 + kind`.
    cells: [u8; 64],
    /// Each side's pieces.
    men: [Bits; 2],
    /// Per square: the number its piece shows (0 when empty). Kept with
    /// `cells`, since a piece's number changes only when it moves.
    numbers: [u8; 64],
    /// Per number `v` (1 to 4) and side: the side's pieces showing `v`.
    /// Index 0 stays empty.
    ///
    /// Number first, so that one side's masks are not side by side: a move
    /// writes two of the mover's masks, and the check test reads its four
    /// right after. Read as pairs (which the compiler does for adjacent
    /// masks), they could not be forwarded from the writes still under way
    /// and stalled every move.
    showing: [[Bits; 2]; 5],
    /// Each side's Shogun square.
    shogun: [u8; 2],
    /// The numbers table.
    discs: Discs,
    /// The numbers table as the pieces read it here: per cell (as in
    /// `cells`; the empty row is all 0) and per magnet [`layout`] type, the
    /// number shown. Fixed by the discs and the rotation.
    shown: [[u8; 4]; 9],
    /// The board's turn in degrees: 0, 90, 180 or 270.
    rotation: u16,
    /// The side to move.
    to_move: Side,
    /// Plies played since the record's start position.
    plies: u32,
    /// The pieces of the side to move that cannot leave their own Shogun
    /// attacked (see [`Shogun::free_pieces`]), settled after every change;
    /// none until then, which is always safe.
    free: Bits,
    /// Whether the side to move has lost, settled after every change.
    loss: Option<rules::Loss>,
}

impl Shogun {
    /// An empty board.
    fn empty(to_move: Side, discs: Discs, rotation: u16) -> Self {
        Self {
            cells: [0; 64],
            men: [0; 2],
            numbers: [0; 64],
            showing: [[0; 2]; 5],
            shogun: [0; 2],
            shown: shown_table(&discs, rotation),
            discs,
            rotation,
            to_move,
            plies: 0,
            free: 0,
            loss: None,
        }
    }

    /// Settles whether the side to move has lost; called once the position
    /// is complete and after every move.
    fn settle(&mut self) {
        self.free = self.free_pieces();
        self.loss = self.find_loss();
    }

    /// Puts a piece on an empty square.
    fn put(&mut self, square: usize, side: Side, kind: Kind) {
        let square = square & 63;
        let cell = 1 + (side.index() * 4 + kind.index()) as u8;
        self.cells[square] = cell;
        self.men[side.index()] |= bit(square);
        self.show(side.index(), square, self.shows_cell(square, cell));
        if kind == Kind::S {
            self.shogun[side.index()] = square as u8;
        }
    }

    /// Records that the piece of side `side` on `square` shows `v`.
    fn show(&mut self, side: usize, square: usize, v: u8) {
        self.numbers[square] = v;
        self.showing[usize::from(v)][side] |= bit(square);
    }

    /// Forgets the number of the piece of side `side` on `square`.
    fn unshow(&mut self, side: usize, square: usize) {
        let v = std::mem::take(&mut self.numbers[square]);
        self.showing[usize::from(v)][side] &= !bit(square);
    }

    /// Moves the piece on `from` to `to`, capturing what stands there, and
    /// passes the turn.
    #[inline]
    fn move_piece(&mut self, from: usize, to: usize) {
        let (from, to) = (from & 63, to & 63);
        let me = self.to_move.index();
        if self.men[1 - me] & bit(to) != 0 {
            self.unshow(1 - me, to);
        }
        self.men[1 - me] &= !bit(to);
        self.men[me] = (self.men[me] & !bit(from)) | bit(to);
        let cell = self.cells[from];
        self.cells[to] = cell;
        self.cells[from] = 0;
        self.unshow(me, from);
        self.show(me, to, self.shows_cell(to, cell));
        if usize::from(self.shogun[me]) == from {
            self.shogun[me] = to as u8;
        }
        self.to_move = self.to_move.other();
        self.plies += 1;
        self.settle();
    }

    fn occupied(&self) -> Bits {
        self.men[0] | self.men[1]
    }

    /// The side and kind of a piece stored as `cell`.
    fn decode(cell: u8) -> Option<(Side, Kind)> {
        let code = cell.checked_sub(1)?;
        let side = if code & 4 == 0 {
            Side::White
        } else {
            Side::Red
        };
        Some((side, Kind::ALL[usize::from(code & 3)]))
    }

    /// The side and kind of the piece on `square`.
    pub fn piece_at(&self, square: usize) -> Option<(Side, Kind)> {
        Self::decode(self.cells[square & 63])
    }

    /// The number the piece stored as `cell` shows on `square`.
    fn shows_cell(&self, square: usize, cell: u8) -> u8 {
        self.shown
            .get(usize::from(cell))
            .map_or(0, |row| row[usize::from(layout(square))])
    }

    /// The number the piece on `square` shows (0 on an empty square).
    pub fn shows(&self, square: usize) -> u8 {
        self.numbers[square & 63]
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Builds a position from a `Position`-style value with the default
    /// discs and no rotation.
    ///
    /// # Errors
    /// The value is not a legal position.
    pub fn from_position(value: &str) -> Result<Self, TagError> {
        let tags = [crate::record::Tag {
            name: "Position".to_owned(),
            value: value.to_owned(),
            offset: 0,
        }];
        setup::from_tags(Tags::new(&tags))
    }

    /// The `Position` value of this position.
    pub fn position_value(&self) -> String {
        setup::position_value(self)
    }
}

/// The `shown` table of a position with these discs and rotation.
fn shown_table(discs: &Discs, rotation: u16) -> [[u8; 4]; 9] {
    let quarter = rotation % 180 == 90;
    let mut shown = [[0; 4]; 9];
    for side in [Side::White, Side::Red] {
        for kind in Kind::ALL {
            let cell = 1 + side.index() * 4 + kind.index();
            for t in 0..4 {
                shown[cell][usize::from(t)] =
                    discs[kind.index()][usize::from(turned(t, side, quarter))];
            }
        }
    }
    shown
}

impl Game for Shogun {
    type Move = ShogunMove;
    type Error = ShogunError;

    const KIND: GameKind = GameKind::Shogun;
    const TAGS: &'static [&'static str] = &[
        "White", "Red", "Setup", "Position", "First", "Rotation", "Discs",
    ];
    const NUMBERING: Numbering = Numbering::Pairs;

    fn from_tags(tags: Tags<'_>) -> Result<Self, TagError> {
        setup::from_tags(tags)
    }

    fn parse_move(&self, text: &str) -> Result<ShogunMove, ShogunError> {
        text.parse().map_err(ShogunError)
    }

    #[inline]
    fn read_move_at(&self, text: &[u8]) -> Option<(ShogunMove, usize)> {
        notation::read_at(text)
    }

    fn check(&self, mv: &ShogunMove) -> Result<(), ShogunError> {
        self.check_move(mv)
    }

    /// The same as `check` then `apply`, in one piece of code: the referee's
    /// path for every move of a record.
    fn check_and_apply(&mut self, mv: &ShogunMove) -> Result<(), ShogunError> {
        self.check_move(mv)?;
        self.move_piece(usize::from(mv.from), usize::from(mv.to));
        Ok(())
    }

    fn apply(&mut self, mv: &ShogunMove) {
        self.move_piece(usize::from(mv.from), usize::from(mv.to));
    }

    fn legal_moves(&self) -> Vec<ShogunMove> {
        if self.loss.is_some() {
            return Vec::new();
        }
        self.generate()
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.loss?.reason(self.to_move);
        let winner = self.to_move.other();
        Some(Outcome::win(winner.token(), winner.name(), reason))
    }

    fn is_over(&self) -> bool {
        self.loss.is_some()
    }

    fn turn(&self) -> Turn<'_> {
        Turn::of_pairs(self.plies, self.to_move.name())
    }

    fn constraint(&self) -> Option<String> {
        let me = self.to_move;
        let q = self.attacker_of(me)?;
        let (side, kind) = self.piece_at(q)?;
        Some(format!(
            "{}'s Shogun on {} is attacked by the {} {} on {}: the move must end the attack",
            me.name(),
            square_name(usize::from(self.shogun[me.index()])),
            side.name(),
            kind.noun(),
            square_name(q)
        ))
    }

    fn render(&self, charset: Charset) -> String {
        render::render(self, charset)
    }

    fn position_json(&self) -> serde_json::Value {
        render::position_json(self)
    }

    fn describe(&self, mv: &ShogunMove) -> MoveDetail {
        let (from, to) = (usize::from(mv.from) & 63, usize::from(mv.to) & 63);
        let normal = self
            .generate()
            .into_iter()
            .find(|m| m.from == mv.from && m.to == mv.to)
            .unwrap_or(*mv);
        let (side, kind) = self.piece_at(from).unwrap_or((self.to_move, Kind::X));
        let captured = self.piece_at(to).map(|(_, k)| k.letter().to_string());
        MoveDetail {
            normalized: normal.to_string(),
            parts: json!({
                "from": square_name(from),
                "to": square_name(to),
                "side": side.name().to_lowercase(),
                "piece": kind.letter().to_string(),
                "shows": self.shows(from),
                "capture": captured,
                "check": normal.check,
            }),
        }
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        setup::tags_of(self)
    }

    fn random_tags(rng: &mut crate::rng::Rng) -> Vec<(String, String)> {
        let mut rank = |shogun: usize| {
            let mut pieces: Vec<char> = "XXXYYZZ".chars().collect();
            rng.shuffle(&mut pieces);
            pieces.insert(shogun, 'S');
            pieces.into_iter().collect::<String>()
        };
        let setup = format!("{}/{}", rank(4), rank(3));
        let mut tags = vec![("Setup".to_owned(), setup)];
        let rotation = ["0", "90", "180", "270"][rng.below(4)];
        if rotation != "0" {
            tags.push(("Rotation".to_owned(), rotation.to_owned()));
        }
        if rng.below(2) == 1 {
            tags.push(("First".to_owned(), "red".to_owned()));
        }
        tags
    }
}

#[cfg(test)]
mod tests;
