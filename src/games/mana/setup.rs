//! Mana's `Setup` and `Position` tags.

use super::{Bird, Mana, Side};
use crate::game::{TagError, Tags};
use crate::games::lines::{Bits, bit, lines, parse_square, square_name};

/// The Daimyo squares when the record has no `Setup` tag.
pub const DEFAULT_SETUP: &str = "c1 c6";

/// Builds the start position from `Setup` or `Position`.
pub fn from_tags(tags: Tags<'_>) -> Result<Mana, TagError> {
    match (tags.get("Setup"), tags.get("Position")) {
        (Some(_), Some(_)) => Err(TagError::new(
            "Position",
            "a record has Setup or Position, never both",
        )),
        (_, Some(position)) => parse_position(position).map_err(|m| TagError::new("Position", m)),
        (setup, None) => {
            parse_setup(setup.unwrap_or(DEFAULT_SETUP)).map_err(|m| TagError::new("Setup", m))
        }
    }
}

/// `"c1 f6"`: Black's Daimyo square, then White's.
fn parse_setup(value: &str) -> Result<Mana, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let [black, white] = words[..] else {
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

/// `"r1rdrr/6/3r2/2R3/6/R1DRRR w a3"`: the board, the side to move, the bird.
fn parse_position(value: &str) -> Result<Mana, String> {
    let fields: Vec<&str> = value.split_whitespace().collect();
    let [board, side, bird] = fields[..] else {
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
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 6 {
        return Err(format!(
            "{board:?}: the board has 6 ranks separated by '/', not {}",
            ranks.len()
        ));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = 5 - row;
        let mut file = 0;
        for c in text.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as usize;
                continue;
            }
            let (side, daimyo) = match c {
                'D' => (Side::Black, true),
                'R' => (Side::Black, false),
                'd' => (Side::White, true),
                'r' => (Side::White, false),
                _ => return Err(format!("{c:?} is not a Mana piece (D, R, d, r) or a digit")),
            };
            if file >= 6 {
                return Err(format!(
                    "rank {} ({text:?}) holds more than 6 squares",
                    rank + 1
                ));
            }
            let square = rank * 6 + file;
            mana.men[side.index()] |= bit(square);
            if daimyo {
                mana.daimyo |= bit(square);
            }
            file += 1;
        }
        if file != 6 {
            return Err(format!(
                "rank {} ({text:?}) does not hold 6 squares",
                rank + 1
            ));
        }
    }
    for side in [Side::Black, Side::White] {
        let men = mana.men[side.index()];
        let daimyos = (men & mana.daimyo).count_ones();
        if daimyos != 1 {
            return Err(format!(
                "{} has {daimyos} Daimyos; each side has exactly one",
                side.name()
            ));
        }
        let ronins = (men & !mana.daimyo).count_ones();
        if ronins > 5 {
            return Err(format!(
                "{} has {ronins} Ronins; each side owns five",
                side.name()
            ));
        }
    }
    mana.bird = match bird {
        "-" => Bird::Off,
        text => {
            let square = parse_square(text)
                .ok_or_else(|| format!("{text:?}: the bird's square is a square or -"))?;
            if mana.occupied() & bit(square) != 0 {
                return Err(format!(
                    "the bird cannot stand on {text}: a piece stands there"
                ));
            }
            Bird::At(square)
        }
    };
    Ok(mana)
}

/// The `Position` value of a position.
pub fn position_value(mana: &Mana) -> String {
    let mut out = String::new();
    for rank in (0..6).rev() {
        let mut empty = 0;
        for file in 0..6 {
            let square = rank * 6 + file;
            match mana.piece_letter(square) {
                Some(c) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
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
