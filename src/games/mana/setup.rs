//! Mana's `Setup` and `Position` tags.

use super::{Bird, Mana, Side};
use crate::game::{TagError, Tags};
use crate::games::lines::{self, Bits, bit, lines, parse_square, square_name, squares};

/// The Daimyo squares when the record has no `Setup` tag.
pub const DEFAULT_SETUP: &str = "c1 c6";

/// Builds the start position from `Setup` or `Position`.
pub fn from_tags(tags: Tags<'_>) -> Result<Mana, TagError> {
    match (tags.get("Setup"), tags.get("Position")) {
        (Some(_), Some(_)) => Err(TagError::new(
            "Position",
            "mana.setup",
            "a record has Setup or Position, never both",
        )),
        (_, Some(position)) => {
            parse_position(position).map_err(|m| TagError::new("Position", "mana.setup", m))
        }
        (setup, None) => parse_setup(setup.unwrap_or(DEFAULT_SETUP))
            .map_err(|m| TagError::new("Setup", "mana.setup", m)),
    }
}

/// `"c1 f6"`: Black's Daimyo square, then White's.
fn parse_setup(value: &str) -> Result<Mana, String> {
    let Some([black, white]) = two_words(value) else {
        return Err(format!(
            "{value:?}: expected two squares, Black's Daimyo then White's, like \"c1 c6\""
        ));
    };
    let mut mana = Mana::empty(Side::Black);
    for (side, word, rank) in [(Side::Black, black, 0), (Side::White, white, 5)] {
        let square = parse_square(word)
            .filter(|&s| s / 6 == rank && lines(s) == 2)
            .ok_or_else(|| {
                format!(
                    "{word:?}: {}'s Daimyo stands on a double square of rank {}: b{r}, c{r} or f{r}",
                    side.name(),
                    rank + 1,
                    r = rank + 1
                )
            })?;
        let home: Bits = 0b11_1111 << (rank * 6);
        mana.men[side.index()] = home;
        mana.daimyo |= bit(square);
    }
    Ok(mana)
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

/// `"r1rdrr/6/3r2/2R3/6/R1DRRR w a3"`: the board, the side to move, the bird.
fn parse_position(value: &str) -> Result<Mana, String> {
    let Some([board, side, bird]) = lines::words(value) else {
        return Err(format!(
            "{value:?}: expected the board, the side to move (b or w) and the bird's square or -"
        ));
    };
    let to_move = match side {
        "b" => Side::Black,
        "w" => Side::White,
        _ => return Err(format!("{side:?}: the side to move is b or w")),
    };
    let mut mana = Mana::empty(to_move);
    // Move numbers count Black's move first: White to move opens with `1...`.
    mana.plies = u32::from(to_move == Side::White);
    let army = lines::Army {
        game: "Mana",
        upper: Side::Black,
        leader: ('D', "Daimyo"),
        follower: ('R', "Ronin"),
    };
    (mana.men, mana.daimyo) = lines::parse_army(board, &army)?;
    mana.bird = match bird {
        "-" => Bird::OFF,
        text => {
            let square = parse_square(text)
                .ok_or_else(|| format!("{text:?}: the bird's square is a square or -"))?;
            if mana.occupied() & bit(square) != 0 {
                return Err(format!(
                    "the bird cannot stand on {text}: a piece stands there"
                ));
            }
            Bird::at(square)
        }
    };
    Ok(mana)
}

/// The `Setup` value of a start position, if it is one.
pub fn setup_value(mana: &Mana) -> Option<String> {
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

/// The `Position` value of a position.
pub fn position_value(mana: &Mana) -> String {
    let out = lines::board_text(|square| mana.piece_letter(square));
    let side = if mana.to_move == Side::Black {
        'b'
    } else {
        'w'
    };
    let bird = match mana.bird_square() {
        Some(square) if mana.occupied() & bit(square) == 0 => square_name(square),
        _ => "-".to_owned(),
    };
    format!("{out} {side} {bird}")
}
