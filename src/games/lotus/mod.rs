//! Flower of the Lotus (Bruno Faidutti): the referee of kifu-rules(7), FLOWER OF THE LOTUS.
//!
//! One [`Game::Move`] is one pawn move; a turn is three of them, numbered as
//! one (`12. g17 r3 o7[-W]`).
//!
//! Its files, the same in every game's folder:
//! - `mod.rs`: the position `Lotus`, its pawns, and its `Game` impl;
//! - `rules.rs`: a pawn move, where it stops, its landing, and which
//!   colours decided a finished game;
//! - `notation.rs`: the pawn move `LotusMove`, its reader and its writer;
//! - `setup.rs`: the `Players`, `Flowers`, `Course` and `Position` tags
//!   read and checked into the start (the `Position` value written too),
//!   the tags a position writes, random setups;
//! - `position.rs`: the position and its pawn moves as JSON;
//! - `fault.rs`: `LotusSyntax`, `LotusIllegal` and `TurnFault`, their codes
//!   and words;
//! - `draw.rs`: the text board and the picture;
//! - `tests.rs`: the game's tests;
//! - `course.rs`: the course and the `Course` tag;
//! - `flowers.rs`: the flower colours and the `Flowers` tag;
//! - `players.rs`: the `Players` tag;
//! - `score.rs`: the scores and the ranking;
//! - `gain.rs`: what a pawn move gains at once, for the engine's playouts.

mod colours;
mod course;
mod draw;
mod fault;
mod flowers;
mod gain;
mod notation;
mod players;
mod position;
mod position_tag;
mod rules;
mod score;
mod setup;

pub use course::{DEFAULT_COURSE, Kind};
pub use fault::{LotusError, LotusIllegal, LotusSyntax, Name, TurnFault};
pub use flowers::{DEFAULT_FLOWERS, Flower, random_flowers};
pub use notation::{Choice, LotusMove};
pub use crate::game::json::lotus::{
    ArrivalPlace, Bouquet, CourseFlower, Exchange, LotusParts, LotusPawn, LotusPlayer, LotusPosition,
};
pub use setup::LotusSetup;

use course::Square;
use players::Players;

use crate::game::{
    Game, GameKind, MoveDetail, Numbering, Outcome, Position, Score, Scores, SetupError, Tags,
    Turn, Win,
};

/// The most pawns a game has: five players with three each.
const MAX_PAWNS: usize = 15;

/// The pawn index of nobody: the occupant of every empty square, and a
/// pawn slot owned by no player, so that looking a square's pawn up needs
/// no test for an empty square first.
const NO_PAWN: u8 = MAX_PAWNS as u8;

/// The owner of no pawn ([`NO_PAWN`] and the slots of absent players).
const NOBODY: u8 = u8::MAX;

/// The pawns blocked in every position: [`NO_PAWN`], so that a move that
/// names [`NOBODY`]'s pawn on an empty square is refused with no test of
/// its own.
const ALWAYS_BLOCKED: u16 = 1 << NO_PAWN;

/// The squares a pawn move can pass beyond the last course square: the
/// most free squares a pawn move advances (three, and two more for a last
/// pawn).
const MAX_ADVANCE: u16 = 5;

/// The longest course, start square included, played on bit sets: every
/// position a move can reach, [`MAX_ADVANCE`] squares past the end
/// included, has a bit of a `u64`. Longer courses are scanned.
const SHORT_COURSE_SQUARES: usize = CELLS - MAX_ADVANCE as usize;

/// The squares a short course keeps in place, one per bit of a `u64`.
const CELLS: usize = 64;

/// A player's index into the arrays of eight (the first six are players,
/// whose indices the notation checked).
pub(super) fn slot(player: u8) -> usize {
    usize::from(player) % 8
}

/// A frog pawn: its owner and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pawn {
    /// The owner, by index in `Players` ([`NOBODY`] for no pawn).
    owner: u8,
    /// 0 is the start, 1..=N the course, N+1..=N+4 the arrival places.
    pos: u16,
}

impl Pawn {
    /// The pawn of [`NO_PAWN`] and of unused slots.
    const NONE: Pawn = Pawn {
        owner: NOBODY,
        pos: 0,
    };
}

/// A Lotus position: the course, the pawns, the flowers, the turn.
///
/// Everything but the names and the course lies in fixed arrays sized for
/// six players (eight where a player's index is masked rather than
/// checked), so a move allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lotus {
    players: Players,
    /// Square 0 (start) to N of a short course ([`Lotus::short`]): the
    /// kind, the flower lying there, the pawn; kept in place, where a
    /// square past N is never read.
    cells: [Square; CELLS],
    /// Square 0 to N of a long course; empty for a short one.
    long_squares: Vec<Square>,
    /// The last course square, N.
    end: u16,
    /// Whether the course is short enough for the bit sets
    /// ([`SHORT_COURSE_SQUARES`]); `occupied` stays 0 otherwise.
    short: bool,
    /// The pawns by owner in turn order; only the first `pawn_count` play,
    /// and slot [`NO_PAWN`] is nobody's.
    pawn_slots: [Pawn; MAX_PAWNS + 1],
    /// How many pawns play.
    pawn_count: u8,
    /// Each player's pawns, one bit per pawn index.
    own: [u16; 8],
    /// The pawns on the start square, one bit per pawn index.
    on_start: u16,
    /// On short courses, the occupied positions, one bit per square: a
    /// course square with a pawn, and bit 0 while a pawn waits on the
    /// start. The bits past the end stay clear: a pawn move that counts
    /// into them enters the arrival.
    occupied: u64,
    /// The flowers still lying on the arrival places.
    arrival: [Option<Flower>; 4],
    /// Pawns in the arrival.
    arrived: u16,
    /// Every player's flowers, counted by colour (empty for absent players).
    hands: [[u8; 5]; 8],
    /// The colours each hand holds, one bit per colour ([`Flower::bit`]).
    held: [u8; 8],
    /// The turn number from 1.
    turn: u32,
    /// The two pawns moved in this turn once the mover owes another
    /// player's pawn, or the pawns moved once the game is over, one bit
    /// per pawn index; 0 before, when `blocked` holds the pawns moved
    /// ([`Lotus::moved_pawns`]).
    moved: u16,
    /// The pawns that may not move now: those moved in this turn, and all
    /// the mover's own once two of them have moved; [`ALWAYS_BLOCKED`].
    blocked: u16,
    /// The player whose turn it is: `(turn - 1) % players` from the start
    /// of a game, any player from a `Position`.
    mover: u8,
    /// Pawn moves made in this turn (0-2).
    step: u8,
    /// Place 4 is taken.
    finished: bool,
}

/// The refusal of a pawn move that breaks a rule.
fn illegal<T>(reason: LotusIllegal) -> Result<T, LotusError> {
    Err(LotusError::illegal(reason))
}

impl Lotus {
    /// Square 0 (start) to N: the kind, the flower lying there, the pawn.
    fn squares(&self) -> &[Square] {
        if self.short {
            &self.cells[..=usize::from(self.end)]
        } else {
            &self.long_squares
        }
    }

    /// The course square `i` (at most N) on a short course (`SHORT`),
    /// read in place with no bound to check, or on a long one.
    #[inline]
    fn square<const SHORT: bool>(&self, i: u16) -> &Square {
        if SHORT {
            &self.cells[usize::from(i) % CELLS]
        } else {
            &self.long_squares[usize::from(i)]
        }
    }

    /// [`Lotus::square`], to change.
    #[inline]
    fn square_mut<const SHORT: bool>(&mut self, i: u16) -> &mut Square {
        if SHORT {
            &mut self.cells[usize::from(i) % CELLS]
        } else {
            &mut self.long_squares[usize::from(i)]
        }
    }

    /// The last course square, N.
    fn end(&self) -> u16 {
        self.end
    }

    /// The player whose turn it is.
    fn mover(&self) -> u8 {
        self.mover
    }

    fn name(&self, player: u8) -> &str {
        self.players.name(player)
    }

    /// A player's name, for a fault.
    fn named(&self, player: u8) -> Name {
        Name::new(self.name(player))
    }

    /// The pawns in the game, by owner in turn order.
    fn pawns(&self) -> &[Pawn] {
        &self.pawn_slots[..usize::from(self.pawn_count)]
    }

    /// The hands of the players in the game, in turn order.
    fn hands(&self) -> &[[u8; 5]] {
        &self.hands[..self.players.count()]
    }
}

impl Game for Lotus {
    type Move = LotusMove;
    type Error = LotusError;
    type Setup = LotusSetup;

    const KIND: GameKind = GameKind::Lotus;
    const TAGS: &'static [&'static str] = &["Players", "Flowers", "Course", "Position"];
    const SETUP_TAGS: &'static [&'static str] = &["Flowers", "Course", "Position"];
    const NUMBERING: Numbering = Numbering::Turns;
    const WINS: &'static [Win] = &[];
    const MARKS: &'static [char] = &Flower::LETTERS;
    const CODES: &'static [&'static str] = &fault::CODES;

    fn read_setup(tags: Tags<'_>) -> Result<LotusSetup, SetupError> {
        Ok(setup::read_setup(tags))
    }

    fn from_setup(setup: LotusSetup) -> Result<Self, SetupError> {
        setup::from_setup(&setup)
    }

    fn from_tags(tags: Tags<'_>) -> Result<Self, SetupError> {
        setup::from_tags(tags)
    }

    #[inline]
    fn read_move(&self, text: &[u8]) -> Result<LotusMove, LotusError> {
        notation::read_move(text, |letter| self.players.seat(letter)).map_err(LotusError::Syntax)
    }

    #[inline]
    fn read_move_at(&self, text: &[u8]) -> Option<(LotusMove, usize)> {
        notation::read_move_at(text, |letter| self.players.seat(letter))
    }

    fn check(&self, mv: &LotusMove) -> Result<(), LotusError> {
        self.resolve(mv).map(|_| ())
    }

    fn apply(&mut self, mv: &LotusMove) {
        // An illegal move changes nothing, as `apply` asks.
        let _ = self.check_and_play(mv);
    }

    /// The referee's path for every move of a record: one function out of
    /// line, with the check and the move inlined in it. Left to the
    /// compiler, whether this or what it calls was inlined into the
    /// referee's loop turned on edits far from both, and `kifu validate`
    /// took up to 7% more instructions.
    #[inline(never)]
    fn check_and_apply(&mut self, mv: &LotusMove) -> Result<(), LotusError> {
        self.check_and_play(mv)
    }

    fn legal_moves(&self) -> Vec<LotusMove> {
        if self.finished {
            return Vec::new();
        }
        // The pawns that may move, in the moves' order (by square, then
        // owner), sorted before the moves are made: they are small.
        let mut movable = [Pawn::NONE; MAX_PAWNS];
        let mut count = 0;
        for (index, pawn) in self.pawns().iter().enumerate() {
            let first_at_start = self.pawns()[..index]
                .iter()
                .all(|p| !(p.pos == 0 && p.owner == pawn.owner));
            if pawn.pos > self.end() || self.is_blocked(index) || (pawn.pos == 0 && !first_at_start)
            {
                continue;
            }
            if let Some(slot) = movable.get_mut(count) {
                *slot = *pawn;
                count += 1;
            }
        }
        let movable = &mut movable[..count];
        movable.sort_unstable_by_key(|pawn| (pawn.pos, pawn.owner));
        // Room for a pawn move of each pawn: most landings leave no choice.
        let mut moves = Vec::with_capacity(MAX_PAWNS);
        for pawn in movable.iter() {
            let dest = self.reach(pawn.pos);
            let letter = self.players.letter(pawn.owner);
            self.each_choice(pawn.owner, self.landing(pawn.owner, dest), |choice| {
                moves.push(LotusMove {
                    owner: pawn.owner,
                    letter,
                    from: pawn.pos,
                    choice,
                });
            });
        }
        moves
    }

    fn is_over(&self) -> bool {
        self.finished
    }

    fn scores(&self) -> Option<Scores> {
        Some(self.ranked_scores())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.finished.then(|| self.final_outcome())
    }

    /// Inlined: the walk asks for the turn on every ply, mostly without
    /// the mover's name, whose look-up then drops out.
    #[inline]
    fn turn(&self) -> Turn<'_> {
        Turn {
            number: self.turn,
            opens: self.step == 0,
            mover: self.players.name(self.mover()),
        }
    }

    fn players(&self) -> Vec<&str> {
        self.players.names().collect()
    }

    fn mover_of(&self, number: u32) -> &str {
        // The players take turns in order: turn `number` is as many seats
        // away from the turn in progress as the turns between them.
        let count = self.players.count().max(1) as i64;
        let seat =
            (i64::from(self.mover) + i64::from(number) - i64::from(self.turn)).rem_euclid(count);
        self.name(seat as u8)
    }

    #[inline]
    fn check_unnumbered(&self, first: bool) -> Result<(), LotusError> {
        match (self.step, first) {
            (0, true) => Err(LotusError::Turn(TurnFault::Unnumbered(self.turn))),
            (0, false) => Err(LotusError::Turn(TurnFault::FourthPawnMove)),
            _ => Ok(()),
        }
    }

    fn check_turn_ends(&self) -> Result<(), LotusError> {
        if self.step == 0 || self.finished {
            return Ok(());
        }
        Err(LotusError::Turn(TurnFault::ShortTurn))
    }

    fn constraint(&self) -> Option<String> {
        if self.finished {
            return None;
        }
        let count = self.base_count();
        let (ordinal, unit) = match count {
            1 => ("first", "square"),
            2 => ("second", "squares"),
            _ => ("third", "squares"),
        };
        let owes = if self.owes_other() {
            "; the first two were your own pawns, so this one must be another player's"
        } else {
            ""
        };
        Some(format!(
            "{}'s turn: {ordinal} pawn move, {count} {unit} ({} for a last pawn){owes}",
            self.name(self.mover()),
            count + 2
        ))
    }

    fn position_json(&self) -> Position {
        position::position(self)
    }

    fn decided_by(&self) -> Vec<char> {
        match self.is_over() {
            true => self.deciding_colours(),
            false => Vec::new(),
        }
    }

    fn describe(&self, mv: &LotusMove) -> MoveDetail {
        position::describe(self, mv)
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        setup::tags_of(self)
    }

    fn random_tags(rng: &mut crate::random::Rng) -> Vec<(String, String)> {
        setup::random_tags(rng)
    }

    fn default_tag(given: &[(String, String)]) -> Option<(&'static str, String)> {
        let has_players = given.iter().any(|(name, _)| name == "Players");
        (!has_players).then(|| ("Players", setup::DEFAULT_PLAYERS.to_owned()))
    }

    fn players_of(seats: usize) -> Option<String> {
        setup::seat_names(seats)
    }
}

#[cfg(test)]
mod tests;
