//! The one game abstraction that the CLI, the REPL and the JSON use.
//!
//! Each game implements [`Game`]; the blanket [`AnyGame`] impl turns it into
//! an object that works on move text, so the rest of kifu picks a game at
//! run time through [`GameKind`] and never names a game's types.

mod any;
mod detail;
mod fault;
mod hint;
pub mod json;
mod kind;
mod numbering;
mod outcome;
mod placing;
mod play;
pub mod square;
mod tags;
pub mod zobrist;

pub use any::AnyGame;
pub use detail::{MoveDetail, MoveText};
pub use fault::{GAME_OVER, MoveError, MoveFault, SetupError, TagError};
pub use hint::{hint, with_hint};
pub(crate) use json::string_enum;
pub use json::{Colour, MoveParts, Position, SquareName};
pub use kind::{COMMON_TAGS, GameKind, GameVisitor};
pub use numbering::number_before;
pub use outcome::{Outcome, Score, Scores, Win, rank};
pub use placing::{PlacementError, Placing};
pub use play::{perft, play, play_read};
pub use tags::{Tags, today};

use std::fmt;

/// Where a ply stands in the record's numbering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn<'a> {
    /// The move number (two-player games) or turn number (lotus).
    pub number: u32,
    /// Whether the next ply opens a numbered move or turn.
    pub opens: bool,
    /// Who moves, as messages name them (`White`, `red`).
    pub mover: &'a str,
}

impl<'a> Turn<'a> {
    /// The turn of a two-player game after `plies` plies counted from the
    /// first side's first move: pairs numbered from 1, each opened by a ply
    /// of even index.
    pub fn of_pairs(plies: u32, mover: &'a str) -> Self {
        Self {
            number: plies / 2 + 1,
            opens: plies % 2 == 0,
            mover,
        }
    }
}

/// How a game numbers its movetext.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbering {
    /// `12.` before the first ply of a pair, `12...` before the second; optional.
    Pairs,
    /// `12.` required before every turn, which must be whole.
    Turns,
}

impl Numbering {
    /// Every way of numbering.
    pub const ALL: [Numbering; 2] = [Numbering::Pairs, Numbering::Turns];

    /// The word used in messages: `move` or `turn`.
    pub fn label(self) -> &'static str {
        match self {
            Numbering::Pairs => "move",
            Numbering::Turns => "turn",
        }
    }
}

/// A game: its rules, its turns, its notation and its setup. How a game
/// is drawn is [`crate::draw::Drawing`]; how the engine weighs it,
/// `engine::Evaluation`.
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// A move resolved from its text.
    type Move: Clone + PartialEq + fmt::Display + fmt::Debug;
    /// Why a move's text cannot be read or the move is illegal.
    type Error: MoveFault;
    /// A start position as the tags state it, not yet checked.
    type Setup: fmt::Debug;

    /// The game's kind.
    const KIND: GameKind;
    /// The tags this game reads, besides the common ones.
    const TAGS: &'static [&'static str];
    /// Those of [`Game::TAGS`] that set the start position: a record with
    /// none of them starts from the game's default setup.
    const SETUP_TAGS: &'static [&'static str];
    /// How the movetext is numbered.
    const NUMBERING: Numbering;
    /// The code of every fault the game reports, of moves and of setups
    /// (`mana.disobeys-bird`): kifu.5 lists each one.
    const CODES: &'static [&'static str];
    /// The win of each side, in the order the game's sides are named
    /// (Mana: Black, then White): the tokens its results use. Empty for a
    /// game whose result is scores, not a winner's token (lotus).
    const WINS: &'static [Win];
    /// The parts of a score that can decide a game won on points, by
    /// letter in the order the notation writes them (lotus: the flower
    /// colours); none for a game won by a move.
    const MARKS: &'static [char] = &[];

    /// Reads the start position the tags state, without judging it.
    ///
    /// # Errors
    /// Every tag that is missing or cannot be read.
    fn read_setup(tags: Tags<'_>) -> Result<Self::Setup, SetupError>;
    /// The position of a setup, once it is found legal.
    ///
    /// # Errors
    /// Every reason the setup is not a legal start.
    fn from_setup(setup: Self::Setup) -> Result<Self, SetupError>;
    /// The start position the tags describe: [`Game::read_setup`], then
    /// [`Game::from_setup`].
    ///
    /// # Errors
    /// Every reason found in the tags, or in the position they state.
    fn from_tags(tags: Tags<'_>) -> Result<Self, SetupError> {
        Self::from_setup(Self::read_setup(tags)?)
    }
    /// The game's one move reader: the bytes of one move word in, the move
    /// or why the text is not a move of this game.
    ///
    /// # Errors
    /// Why the text is not a move; syntax only, never legality.
    fn read_move(&self, text: &[u8]) -> Result<Self::Move, Self::Error>;
    /// Reads the move that starts `text`, in its usual form: the move and
    /// how many bytes it takes, or `None` to leave the word to
    /// [`Game::read_move`]. A thin wrapper over [`Game::read_move`], for
    /// the referee's scan.
    ///
    /// A move read here is the one `read_move` reads from those bytes,
    /// which are letters, digits and the move's own signs: never white
    /// space, `{`, `}`, `;`, `!` or `?`. Whether the word ends there is for
    /// the caller to check.
    fn read_move_at(&self, text: &[u8]) -> Option<(Self::Move, usize)> {
        let _ = text;
        None
    }
    /// Checks a move against the position.
    ///
    /// # Errors
    /// Why the move is illegal, as a player would say it.
    fn check(&self, mv: &Self::Move) -> Result<(), Self::Error>;
    /// Plays a move that [`Game::check`] accepted.
    fn apply(&mut self, mv: &Self::Move);
    /// Checks a move and plays it if it is legal; on error nothing changes.
    ///
    /// A game whose check and apply share work may do it once here.
    ///
    /// # Errors
    /// Why the move is illegal, as [`Game::check`] says it.
    fn check_and_apply(&mut self, mv: &Self::Move) -> Result<(), Self::Error> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }
    /// Every legal move, in a stable order.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// The outcome, once the game has ended.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game has ended; cheaper than [`Game::outcome`].
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// The scores so far, ranked, for games that keep a score.
    fn scores(&self) -> Option<Scores> {
        None
    }
    /// Those of [`Game::MARKS`] that decided a game won alone on points:
    /// without every player's points of one, the winner would not stand
    /// alone first. None while the game goes on, or when players share
    /// first place.
    fn decided_by(&self) -> Vec<char> {
        Vec::new()
    }
    /// Where the next ply stands in the numbering, and who plays it.
    fn turn(&self) -> Turn<'_>;
    /// Every player, as messages name them, in the order of the game's
    /// turns from its standard first mover (mana: Black, White).
    fn players(&self) -> Vec<&str>;
    /// A Zobrist hash of the position (every piece, the side to move, the
    /// constraint in force), made of the keys of [`zobrist`], for the
    /// engine's transposition table; `None` for a game that gives none.
    fn zobrist(&self) -> Option<u64> {
        None
    }
    /// Who plays the move or turn numbered `number`, as messages name
    /// them; by default the mover of the next ply. A game numbered by
    /// turns names the player of an earlier or a later turn, for a fault
    /// placed at the turn its record numbered.
    fn mover_of(&self, number: u32) -> &str {
        let _ = number;
        self.turn().mover
    }
    /// The game's turn rules, before a ply that no move number precedes:
    /// `first` says it is the record's first ply. A game whose turns must
    /// each open with their number refuses the ply here when it opens one.
    ///
    /// # Errors
    /// Why the ply cannot stand here without a number.
    fn check_unnumbered(&self, first: bool) -> Result<(), Self::Error> {
        let _ = first;
        Ok(())
    }
    /// The game's turn rules where the movetext stops, or a move number
    /// stands, in a game still running: a game whose turns must be whole
    /// refuses a turn cut short.
    ///
    /// # Errors
    /// Why the turn in progress cannot end here.
    fn check_turn_ends(&self) -> Result<(), Self::Error> {
        Ok(())
    }
    /// The constraint in force, in words (the bird, a check, the pawn to move).
    fn constraint(&self) -> Option<String>;
    /// The position as JSON.
    fn position_json(&self) -> Position;
    /// A move's canonical text and parts. The move is read here but may
    /// be illegal: the referee describes a move before it plays it.
    fn describe(&self, mv: &Self::Move) -> MoveDetail;
    /// The tags a fresh record of this position carries (besides `Game`).
    fn setup_tags(&self) -> Vec<(String, String)>;
    /// Tags for a random start position (the default setup when empty).
    fn random_tags(rng: &mut crate::random::Rng) -> Vec<(String, String)>
    where
        Self: Sized,
    {
        let _ = rng;
        Vec::new()
    }
    /// The tag a fresh game adds, first, when the tags `given` leave its
    /// start open (lotus: three players); none
    /// for a game whose default start is whole.
    fn default_tag(given: &[(String, String)]) -> Option<(&'static str, String)>
    where
        Self: Sized,
    {
        let _ = given;
        None
    }
    /// The start still to be placed by the players when the tags `given`
    /// leave it open (escampe without `Setup` or `Position`, or with the
    /// partial `Setup` KEP gives an engine that places second); none for a
    /// game whose start is never placed.
    fn placing(given: &[(String, String)]) -> Option<Box<dyn Placing>>
    where
        Self: Sized,
    {
        let _ = given;
        None
    }
    /// The value of the `Players` tag of a game of `seats` players, for a
    /// game whose tags set how many play (lotus); `None` for a game of two.
    fn players_of(seats: usize) -> Option<String>
    where
        Self: Sized,
    {
        let _ = seats;
        None
    }
}
