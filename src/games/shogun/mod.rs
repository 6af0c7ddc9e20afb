//! Shogun (Epoch 1976, Ravensburger 1979): the referee of kifu-rules(7),
//! SHOGUN.
//!
//! Its files, the same in every game's folder:
//! - `mod.rs`: the position `Shogun` and its `Game` impl: what the referee,
//!   the REPL and the JSON call;
//! - `rules.rs`: the rules of a move (reach, captures and the check rule),
//!   every legal move, and the end: whether the side to move has lost;
//! - `notation.rs`: the move `ShogunMove`, its reader and its writer;
//! - `setup.rs`: the setup stage, the tags read into a `Setup` and judged
//!   into the start, and the `Position` tag read and written;
//! - `position.rs`: the position and its moves as JSON;
//! - `fault.rs`: `ShogunSyntax` and `ShogunIllegal`, their codes and
//!   messages;
//! - `draw.rs`: the text board and the picture;
//! - `tests.rs`: the game's tests;
//! - `board.rs`: the squares, the sides, the kinds and the magnet discs;
//! - `values.rs`: the values of the tags `Setup`, `First`, `Rotation` and
//!   `Discs`, read and written.

mod board;
mod draw;
mod fault;
mod notation;
mod position;
mod rules;
mod setup;
mod values;

pub use board::{Discs, Kind, Side};
pub use fault::{ShogunError, ShogunIllegal, ShogunSyntax};
pub use crate::game::json::shogun::{Attacked, ShogunParts, ShogunPiece, ShogunPosition};
pub use notation::ShogunMove;
pub use setup::{Placement, Setup};

use crate::game::{
    Game, GameKind, MoveDetail, Numbering, Outcome, Position, SetupError, Tags, Turn, Win,
};
use board::{
    Bits, DEFAULT_DISCS, Piece, bit, layout, mask_of, number_of, piece, square_name, turned,
};

/// A Shogun position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shogun {
    /// Per square: the [`Piece`] there, which holds the number it shows,
    /// so that a move reads one byte and writes two.
    pieces: [Piece; 64],
    /// Each side's pieces.
    men: [Bits; 2],
    /// Per number slot ([`board::slot`]) and side, at
    /// [`board::number_mask`]: the side's pieces showing that number.
    ///
    /// Number first, so that one side's masks are not side by side: a move
    /// writes two of the mover's masks, and the check test reads its four
    /// right after. Read as pairs (which the compiler does for adjacent
    /// masks), they could not be forwarded from the writes still under way
    /// and stalled every move.
    showing: [Bits; 8],
    /// Each side's Shogun square.
    shogun: [u8; 2],
    /// How many pieces each side has besides its Shogun (which is never
    /// taken: a side never leaves its own Shogun attacked).
    others: [u8; 2],
    /// The numbers table.
    discs: Discs,
    /// The numbers table as the pieces read it here: at `piece & 0x19 | t
    /// << 1` for a [`Piece`] and a magnet [`layout`] type `t`, the piece as
    /// it stands on that type. Fixed by the discs and the rotation.
    placed: [Piece; 32],
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
            pieces: [0; 64],
            men: [0; 2],
            showing: [0; 8],
            shogun: [0; 2],
            others: [0; 2],
            placed: if discs == DEFAULT_DISCS {
                DEFAULT_PLACED[usize::from(rotation % 180 == 90)]
            } else {
                placed_table(&discs, rotation)
            },
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
    #[inline]
    fn settle(&mut self) {
        self.free = self.free_pieces();
        if self.surely_playing() {
            self.loss = None;
        } else {
            self.settle_loss();
        }
    }

    /// Settles whether the side to move has lost, the whole way: out of
    /// line, where the quick tries found nothing.
    #[inline(never)]
    fn settle_loss(&mut self) {
        self.loss = self.find_loss();
    }

    /// Counts the pieces besides the Shoguns of a position just put
    /// together.
    fn count_others(&mut self) {
        self.others = self.men.map(|men| men.count_ones().saturating_sub(1) as u8);
    }

    /// Puts a piece on an empty square.
    fn put(&mut self, square: usize, side: Side, kind: Kind) {
        let square = square & 63;
        let piece = self.placed_at(square, piece(side, kind, 1));
        self.pieces[square] = piece;
        self.men[side.index()] |= bit(square);
        self.showing[mask_of(piece)] |= bit(square);
        if kind == Kind::S {
            self.shogun[side.index()] = square as u8;
        }
    }

    /// Moves the piece on `from` to `to`, capturing what stands there, and
    /// passes the turn. Always inlined, as [`Self::is_legal`] is: left to
    /// the compiler, whether they are inlined into `check_and_apply`
    /// turned on edits far from them, and `kifu validate` took up to 8%
    /// more instructions when they were not.
    #[inline(always)]
    fn move_piece(&mut self, from: usize, to: usize) {
        let (from, to) = (from & 63, to & 63);
        let me = self.to_move.index();
        let opp = 1 - me;
        let moving = self.pieces[from];
        // Each bit taken away is there: a flip takes it, with no mask to
        // make.
        if self.men[opp] & bit(to) != 0 {
            self.showing[mask_of(self.pieces[to])] ^= bit(to);
            self.men[opp] ^= bit(to);
            self.others[opp] -= 1;
        }
        self.men[me] ^= bit(from) | bit(to);
        let now = self.placed_at(to, moving);
        self.showing[mask_of(moving)] ^= bit(from);
        self.showing[mask_of(now)] |= bit(to);
        self.pieces[from] = 0;
        self.pieces[to] = now;
        if usize::from(self.shogun[me]) == from {
            self.shogun[me] = to as u8;
        }
        self.to_move = self.to_move.other();
        self.plies += 1;
        self.settle();
    }

    /// The byte of `pieces` for the piece stored as `piece` (anywhere) once
    /// it stands on `square`.
    #[inline]
    fn placed_at(&self, square: usize, piece: Piece) -> Piece {
        self.placed[usize::from(piece & 0x19) | usize::from(layout(square)) << 1]
    }

    fn occupied(&self) -> Bits {
        self.men[0] | self.men[1]
    }

    /// The side and kind of a piece stored as `piece` in `pieces`.
    fn decode(piece: Piece) -> Option<(Side, Kind)> {
        if piece == 0 {
            return None;
        }
        let side = if piece & 1 == 0 {
            Side::White
        } else {
            Side::Red
        };
        Some((side, Kind::ALL[usize::from(piece >> 3) & 3]))
    }

    /// The side and kind of the piece on `square`.
    pub fn piece_at(&self, square: usize) -> Option<(Side, Kind)> {
        Self::decode(self.pieces[square & 63])
    }

    /// The number the piece on `from` would show on `square` (0 when `from`
    /// is empty).
    #[cfg(test)]
    fn shows_there(&self, from: usize, square: usize) -> u8 {
        match self.pieces[from & 63] {
            0 => 0,
            piece => number_of(self.placed_at(square, piece)),
        }
    }

    /// The number the piece on `square` shows (0 on an empty square).
    pub fn shows(&self, square: usize) -> u8 {
        number_of(self.pieces[square & 63])
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The squares of `side`'s pieces, its Shogun's among them.
    pub fn men(&self, side: Side) -> Bits {
        self.men[side.index()]
    }

    /// The square of `side`'s Shogun.
    pub fn shogun_square(&self, side: Side) -> usize {
        usize::from(self.shogun[side.index()])
    }

    /// How many pieces `side` has besides its Shogun.
    pub fn others(&self, side: Side) -> u8 {
        self.others[side.index()]
    }

    /// Builds a position from a `Position`-style value with the default
    /// discs and no rotation.
    ///
    /// # Errors
    /// Every reason the value is not a legal position.
    pub fn from_position(value: &str) -> Result<Self, SetupError> {
        setup::from_setup(Setup {
            placement: setup::read_position(value)?,
            first: None,
            rotation: 0,
            discs: DEFAULT_DISCS,
        })
    }

    /// The `Position` value of this position.
    pub fn position_value(&self) -> String {
        setup::position_value(self)
    }
}

/// The `placed` tables of the default discs, unturned and turned a
/// quarter, ready-made for the usual record.
static DEFAULT_PLACED: [[Piece; 32]; 2] = [
    placed_table(&DEFAULT_DISCS, 0),
    placed_table(&DEFAULT_DISCS, 90),
];

/// The `placed` table of a position with these discs and rotation.
const fn placed_table(discs: &Discs, rotation: u16) -> [Piece; 32] {
    let quarter = rotation % 180 == 90;
    let mut placed = [0; 32];
    let mut k = 0;
    while k < 4 {
        let kind = Kind::ALL[k];
        let mut t = 0;
        while t < 4 {
            let mut s = 0;
            while s < 2 {
                let side = if s == 0 { Side::White } else { Side::Red };
                let shown = discs[k][turned(t as u8, side, quarter) as usize];
                placed[k << 3 | t << 1 | s] = piece(side, kind, shown);
                s += 1;
            }
            t += 1;
        }
        k += 1;
    }
    placed
}

impl Game for Shogun {
    type Move = ShogunMove;
    type Error = ShogunError;
    type Setup = Setup;

    const KIND: GameKind = GameKind::Shogun;
    const TAGS: &'static [&'static str] = &[
        "White", "Red", "Setup", "Position", "First", "Rotation", "Discs",
    ];
    const SETUP_TAGS: &'static [&'static str] =
        &["Setup", "Position", "First", "Rotation", "Discs"];
    const NUMBERING: Numbering = Numbering::Pairs;
    const WINS: &'static [Win] = &[Side::White.win(), Side::Red.win()];
    const CODES: &'static [&'static str] = &[
        // The text of a move.
        "shogun.not-a-square",
        "shogun.no-separator",
        "shogun.text-after-move",
        // The move.
        "shogun.empty-square",
        "shogun.opponent-piece",
        "shogun.stays-put",
        "shogun.own-piece",
        "shogun.wrong-distance",
        "shogun.path-blocked",
        "shogun.false-capture-mark",
        "shogun.leaves-shogun-attacked",
        "shogun.false-check-mark",
        // The tags.
        "shogun.rotation",
        "shogun.discs-form",
        "shogun.discs-kind",
        "shogun.discs-twice",
        "shogun.discs-numbers",
        "shogun.discs-missing",
        "shogun.first",
        "shogun.first-disagrees",
        "shogun.setup-and-position",
        "shogun.setup-form",
        "shogun.setup-rank-length",
        "shogun.setup-letter",
        "shogun.setup-count",
        "shogun.setup-shogun-square",
        "shogun.position-form",
        "shogun.position-side",
        "shogun.position-ranks",
        "shogun.position-rank-width",
        "shogun.position-letter",
        "shogun.position-count",
        "shogun.position-attacked",
    ];

    fn read_setup(tags: Tags<'_>) -> Result<Setup, SetupError> {
        setup::read_setup(tags)
    }

    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
        setup::from_setup(setup)
    }

    #[inline]
    fn read_move(&self, text: &[u8]) -> Result<ShogunMove, ShogunError> {
        notation::read_move(text).map_err(ShogunError::Syntax)
    }

    #[inline]
    fn read_move_at(&self, text: &[u8]) -> Option<(ShogunMove, usize)> {
        notation::read_start(text).ok()
    }

    fn check(&self, mv: &ShogunMove) -> Result<(), ShogunError> {
        self.check_move(mv)
    }

    /// The same as `check` then `apply`, in one piece of code: the referee's
    /// path for every move of a record, and inlined there.
    #[inline]
    fn check_and_apply(&mut self, mv: &ShogunMove) -> Result<(), ShogunError> {
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        self.check_move(mv)?;
        self.move_piece(from, to);
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
        Some(Outcome::win(winner.win(), reason))
    }

    fn is_over(&self) -> bool {
        self.loss.is_some()
    }

    fn zobrist(&self) -> Option<u64> {
        let mut hash = crate::game::zobrist::key(64 * 32 + self.to_move.index() as u64);
        for (square, &piece) in self.pieces.iter().enumerate() {
            if piece != 0 {
                let feature = square as u64 * 32 + u64::from(piece & 0x19);
                hash ^= crate::game::zobrist::key(feature);
            }
        }
        Some(hash)
    }

    fn turn(&self) -> Turn<'_> {
        // The names from a table: two loads, where a choice between two
        // names takes five steps.
        static NAMES: [&str; 2] = [Side::White.name(), Side::Red.name()];
        Turn::of_pairs(self.plies, NAMES[self.to_move.index()])
    }

    fn players(&self) -> Vec<&str> {
        vec![Side::White.name(), Side::Red.name()]
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

    fn position_json(&self) -> Position {
        position::position(self)
    }

    fn describe(&self, mv: &ShogunMove) -> MoveDetail {
        position::describe(self, mv)
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        setup::tags_of(self)
    }

    fn random_tags(rng: &mut crate::random::Rng) -> Vec<(String, String)> {
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
