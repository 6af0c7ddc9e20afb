//! Mana's `Setup` and `Position` tags: read into a [`ManaSetup`], then
//! checked into a position.

use super::{Bird, Mana, Side};
use crate::game::{SetupError, TagError, Tags};
use crate::games::lines::{
    self, Army, Bits, Board, Codes, Position, Start, bit, lines, parse_square, square_name, squares,
};

/// The codes Mana gives the faults of the line-board kit.
pub(super) const LINE_CODES: Codes = Codes {
    game: "Mana",
    not_a_square: "mana.not-a-square",
    no_separator: "mana.no-separator",
    trailing_text: "mana.trailing-text",
    empty_square: "mana.empty-square",
    opponents_piece: "mana.opponents-piece",
    onto_own_piece: "mana.onto-own-piece",
    too_far: "mana.too-far",
    path_blocked: "mana.path-blocked",
    false_capture: "mana.false-capture",
    setup_and_position: "mana.setup-and-position",
    position_words: "mana.position-words",
    side_to_move: "mana.side-to-move",
    board_ranks: "mana.board-ranks",
    rank_width: "mana.rank-width",
    not_a_piece: "mana.not-a-piece",
    leader_count: "mana.daimyo-count",
    follower_count: "mana.ronin-count",
};

/// The codes of Mana's own setup faults.
#[cfg(test)]
pub(super) const SETUP_CODES: [&str; 4] =
    [SETUP_WORDS, DAIMYO_SQUARE, BIRD_SQUARE, BIRD_ON_OCCUPIED];
const SETUP_WORDS: &str = "mana.setup-words";
const DAIMYO_SQUARE: &str = "mana.daimyo-square";
const BIRD_SQUARE: &str = "mana.bird-square";
const BIRD_ON_OCCUPIED: &str = "mana.bird-on-occupied";

/// Mana's pieces on a `Position` board: Black in upper case.
pub(super) const ARMY: Army = Army {
    codes: &LINE_CODES,
    upper: Side::Black,
    leader: ('D', "Daimyo"),
    follower: ('R', "Ronin"),
    sides: "b or w",
    words: "the board, the side to move (b or w) and the bird's square, its number of lines or -",
};

/// The Daimyo squares when the record has no `Setup` tag.
pub(super) const DEFAULT_SETUP: &str = "c1 c6";

/// A Mana start as the tags state it, not yet checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ManaSetup {
    /// The standard start (`Setup`, or no tag): every piece on its home
    /// rank, the Daimyos on these squares, Black's then White's.
    Daimyos([u8; 2]),
    /// A `Position` tag: the board, the side to move, the bird.
    Position(Position<BirdMark>),
}

/// Where a `Position` value puts the bird.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BirdMark {
    /// Off the board (`-`): the next move is free.
    Off,
    /// On this square.
    Square(u8),
    /// On some square of this many lines, not named (`1`, `2` or `3`): a
    /// record that does not say where the bird went, or a bird on the
    /// piece just moved, no square of its kind being free.
    Lines(u8),
}

/// Reads the start the tags state.
///
/// # Errors
/// Every word of the tags that cannot be read.
pub(super) fn read(tags: Tags<'_>) -> Result<ManaSetup, SetupError> {
    match lines::setup_or_position(tags, &LINE_CODES)? {
        Start::Position(value) => {
            lines::read_position(value, &ARMY, read_bird).map(ManaSetup::Position)
        }
        Start::Setup(value) => read_daimyos(value.unwrap_or(DEFAULT_SETUP)),
    }
}

/// `"c1 f6"`: Black's Daimyo square, then White's.
fn read_daimyos(value: &str) -> Result<ManaSetup, SetupError> {
    let Some(words) = two_words(value) else {
        let message =
            format!("{value:?}: expected two squares, Black's Daimyo then White's, like \"c1 c6\"");
        return Err(TagError::new("Setup", SETUP_WORDS, message).into());
    };
    let [black, white] = [Side::Black, Side::White].map(|side| {
        let word = words[side.index()];
        parse_square(word)
            .map(|square| square as u8)
            .ok_or_else(|| not_a_home_double(side, word))
    });
    match (black, white) {
        (Ok(black), Ok(white)) => Ok(ManaSetup::Daimyos([black, white])),
        (black, white) => Err(lines::failed([black.err(), white.err()], DAIMYO_SQUARE)),
    }
}

/// The rank (from 0) of `side`'s home.
fn home_rank(side: Side) -> usize {
    match side {
        Side::Black => 0,
        Side::White => 5,
    }
}

/// Why `word` is not a square where `side`'s Daimyo may start.
fn not_a_home_double(side: Side, word: &str) -> TagError {
    let r = home_rank(side) + 1;
    let message = format!(
        "{word:?}: {}'s Daimyo stands on a double square of rank {r}: b{r}, c{r} or f{r}",
        side.name(),
    );
    TagError::new("Setup", DAIMYO_SQUARE, message)
}

/// The two words of `value`, as [`lines::words`] finds them, with no search
/// for the usual value: two squares and a space, like `"c1 c6"`.
fn two_words(value: &str) -> Option<[&str; 2]> {
    match *value.as_bytes() {
        [a, b, b' ', c, d] if [a, b, c, d].iter().all(u8::is_ascii_graphic) => {
            Some([value.get(..2)?, value.get(3..)?])
        }
        _ => lines::words(value),
    }
}

/// The bird's word of a `Position` value: a square, the number of lines
/// of its square (1, 2 or 3) when the square is not known, or `-` for
/// none.
fn read_bird(text: &str) -> Result<BirdMark, TagError> {
    match text.as_bytes() {
        b"-" => Ok(BirdMark::Off),
        [n @ b'1'..=b'3'] => Ok(BirdMark::Lines(n - b'0')),
        _ => parse_square(text)
            .map(|square| BirdMark::Square(square as u8))
            .ok_or_else(|| {
                let message = format!(
                    "{text:?}: the bird is its square, the number of lines of its square (1, 2 or 3) when the square is not known, or - when it is off the board"
                );
                lines::position_fault(BIRD_SQUARE, message)
            }),
    }
}

/// The position of a setup, once it is found legal.
///
/// # Errors
/// Every reason the setup is not a legal start.
pub(super) fn check(setup: ManaSetup) -> Result<Mana, SetupError> {
    match setup {
        ManaSetup::Daimyos(daimyos) => standard_start(daimyos),
        ManaSetup::Position(position) => position_start(&position),
    }
}

/// The standard start with the Daimyos on `daimyos`, Black's then White's:
/// each on a double square of its home rank.
fn standard_start(daimyos: [u8; 2]) -> Result<Mana, SetupError> {
    let mut mana = Mana::empty(Side::Black);
    let mut reasons = Vec::new();
    for side in [Side::Black, Side::White] {
        let square = usize::from(daimyos[side.index()]);
        let rank = home_rank(side);
        if square / 6 != rank || lines(square) != 2 {
            reasons.push(not_a_home_double(side, square_name(square)));
        }
        let home: Bits = 0b11_1111 << (rank * 6);
        mana.men[side.index()] = home;
        mana.daimyo |= bit(square);
    }
    lines::none_found(reasons)?;
    Ok(mana)
}

/// The position a `Position` tag states: one Daimyo and at most five
/// Ronins a side, the bird on an empty square.
fn position_start(position: &Position<BirdMark>) -> Result<Mana, SetupError> {
    let mut reasons = Vec::new();
    lines::check_board(&position.board, &ARMY, &mut reasons);
    let occupied = position.board.men[0] | position.board.men[1];
    let bird = match position.mark {
        BirdMark::Off => Bird::OFF,
        BirdMark::Square(square) => Bird::at(usize::from(square)),
        BirdMark::Lines(n) => Bird::on_lines(n),
    };
    if let Some(square) = bird.square().filter(|&square| occupied & bit(square) != 0) {
        let message = format!(
            "the bird cannot stand on {}: a piece stands there",
            square_name(square)
        );
        reasons.push(lines::position_fault(BIRD_ON_OCCUPIED, message));
    }
    lines::none_found(reasons)?;
    let mut mana = Mana::empty(position.to_move);
    // Move numbers count Black's move first: White to move opens with `1...`.
    mana.plies = u32::from(position.to_move == Side::White);
    (mana.men, mana.daimyo) = (position.board.men, position.board.leaders);
    mana.bird = bird;
    Ok(mana)
}

/// The `Setup` value of a start position, if it is one.
pub(super) fn setup_value(mana: &Mana) -> Option<String> {
    let black_home: Bits = 0b11_1111;
    let white_home: Bits = black_home << 30;
    let standard = mana.plies == 0
        && mana.to_move == Side::Black
        && mana.bird == Bird::OFF
        && mana.men == [black_home, white_home];
    let mut daimyos = squares(mana.daimyo);
    match (standard, daimyos.next(), daimyos.next()) {
        (true, Some(black), Some(white)) => {
            Some(format!("{} {}", square_name(black), square_name(white)))
        }
        _ => None,
    }
}

/// The board of a position.
pub(super) fn board(mana: &Mana) -> Board {
    Board {
        men: mana.men,
        leaders: mana.daimyo,
    }
}

/// The letter of the piece on `square`, if any.
pub(super) fn piece_letter(mana: &Mana, square: usize) -> Option<char> {
    ARMY.letter(&board(mana), square)
}

/// The `Position` value of a position: the bird's square when it is
/// known and empty, else its number of lines while it is on the board.
pub(super) fn position_value(mana: &Mana) -> String {
    let bird = match (mana.bird_square(), mana.bird_lines()) {
        (Some(square), _) if mana.occupied() & bit(square) == 0 => square_name(square).to_owned(),
        (_, Some(lines)) => lines.to_string(),
        _ => "-".to_owned(),
    };
    ARMY.position_value(&board(mana), mana.to_move, &bird)
}
