//! Shogun as a [`Game`]: what the referee, the REPL and the JSON call.

use super::board::{Side, square_name};
use super::fault::ShogunError;
use super::notation::{self, ShogunMove};
use super::setup::{self, Setup};
use super::Shogun;
use crate::game::{
    Game, GameKind, MoveDetail, Numbering, Outcome, Position, SetupError, Tags, Turn, Win,
};

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
        super::json::position(self)
    }

    fn describe(&self, mv: &ShogunMove) -> MoveDetail {
        super::json::describe(self, mv)
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
