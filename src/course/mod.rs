//! The Escampe course's protocol (`kifu-engine(7)`, "THE COURSE
//! PROTOCOL"): the lines a game-AI course's referee server and its Java
//! clients (`ClientJeu`, driving an `IJoueur`) exchange over TCP, and the
//! map between the course's squares and kifu's.
//!
//! - [`ServerLine`] is a line the server sends (`Blanc`, `JOUEUR Noir`,
//!   `MOUVEMENT D3-F3`, `FIN! Blanc`): `read` takes it with or without the
//!   `\0` the server puts before `\n`, and `Display` writes it with;
//! - [`to_kifu`] reads a client's move (a placement `C6/A6/B5/D5/E6/F5`,
//!   a move `D3-F3`, a pass `E` or `PASSE`) as kifu's words, and
//!   [`from_kifu`] writes kifu's words as the course's move;
//! - [`history`] is a game as the course's protocol tells it: the two
//!   placements, then the moves, each with the colour that made it;
//! - [`play`] plays one game as a client of such a server, with a KEP
//!   session's moves (`kifu engine --connect`).
//!
//! The course numbers rows from the top edge of the board its server
//! prints: its `B1` is kifu's `b6`; the letter is the file, in capitals,
//! and row r is rank 7 - r.
//!
//! ```
//! use kifu::course::{ServerLine, Colour, from_kifu, to_kifu};
//!
//! assert_eq!(to_kifu("D3-F3"), Ok(vec!["d4-f4".to_owned()]));
//! assert_eq!(from_kifu(&["b1xb6".to_owned()]), Some("B6-B1".to_owned()));
//! assert_eq!(ServerLine::read("JOUEUR Blanc\0"), Ok(ServerLine::Turn(Colour::Blanc)));
//! assert_eq!(ServerLine::End(Some(Colour::Noir)).to_string(), "FIN! Noir\0");
//! ```

mod client;

pub use client::{ClientError, Played, play};

use std::fmt;

/// A side as the course names it: `Blanc` is kifu's White, `Noir` its
/// Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White, who places second and moves first.
    Blanc,
    /// Black, who places first.
    Noir,
}

impl Colour {
    /// The colour of kifu's player `name` (`White` or `Black`).
    pub fn of_player(name: &str) -> Option<Colour> {
        match name {
            "White" => Some(Colour::Blanc),
            "Black" => Some(Colour::Noir),
            _ => None,
        }
    }

    /// The course's word: `Blanc` or `Noir`.
    pub fn word(self) -> &'static str {
        match self {
            Colour::Blanc => "Blanc",
            Colour::Noir => "Noir",
        }
    }

    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::Blanc => Colour::Noir,
            Colour::Noir => Colour::Blanc,
        }
    }

    /// The colour of a word, as `ClientJeu` reads it.
    fn read(word: &str) -> Option<Colour> {
        match word {
            "Blanc" => Some(Colour::Blanc),
            "Noir" => Some(Colour::Noir),
            _ => None,
        }
    }
}

/// The word `FIN!` carries when no colour won (a game stopped unfinished):
/// `ClientJeu` reads any word but `Blanc` and `Noir` as no winner.
pub const NO_WINNER: &str = "Aucun";

/// Why a line is none of the server's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ServerLineError {
    /// A line with no word.
    #[error("an empty line")]
    Empty,
    /// `JOUEUR` with a word that is no colour.
    #[error("JOUEUR {0:?}: no colour")]
    NoColour(String),
    /// A first word that starts no line of the server.
    #[error("{0:?} is no line of the server")]
    Unknown(String),
}

/// A line the server sends a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerLine {
    /// The client's colour, the first line after its name.
    Colour(Colour),
    /// `JOUEUR Blanc`: that colour is to move; its client answers.
    Turn(Colour),
    /// `MOUVEMENT D3-F3`: the other client's move.
    Move(String),
    /// `FIN! Blanc`: the game is over, won by that colour (none when
    /// unfinished).
    End(Option<Colour>),
}

impl ServerLine {
    /// Reads a line as `ClientJeu` does: its words split at spaces and
    /// `\0`, the first saying what it is.
    ///
    /// # Errors
    /// Why the line is none of the server's.
    pub fn read(line: &str) -> Result<ServerLine, ServerLineError> {
        let mut words = line
            .split([' ', '\0', '\r', '\n'])
            .filter(|word| !word.is_empty());
        let first = words.next().ok_or(ServerLineError::Empty)?;
        let second = words.next();
        let line = match (first, second) {
            ("FIN!", winner) => ServerLine::End(winner.and_then(Colour::read)),
            ("JOUEUR", Some(colour)) => ServerLine::Turn(
                Colour::read(colour).ok_or_else(|| ServerLineError::NoColour(colour.to_owned()))?,
            ),
            ("MOUVEMENT", Some(text)) => ServerLine::Move(text.to_owned()),
            (colour, None) => ServerLine::Colour(
                Colour::read(colour).ok_or_else(|| ServerLineError::Unknown(colour.to_owned()))?,
            ),
            (word, Some(_)) => return Err(ServerLineError::Unknown(word.to_owned())),
        };
        Ok(line)
    }
}

impl fmt::Display for ServerLine {
    /// The line as the server writes it, with its `\0` (the `\n` is the
    /// writer's).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerLine::Colour(colour) => write!(f, "{}\0", colour.word()),
            ServerLine::Turn(colour) => write!(f, "JOUEUR {}\0", colour.word()),
            ServerLine::Move(text) => write!(f, "MOUVEMENT {text}\0"),
            ServerLine::End(winner) => {
                write!(f, "FIN! {}\0", winner.map_or(NO_WINNER, Colour::word))
            }
        }
    }
}

/// Why a client's line is no move in the course's notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CourseMoveError {
    /// A line with nothing but blanks.
    #[error("an empty line")]
    Empty,
    /// A word that is no square of the course.
    #[error("{0:?} is no square (A-F and 1-6, like D3)")]
    NotASquare(String),
    /// A placement of another number of squares than six.
    #[error("a placement is six squares joined by '/' (like C6/A6/B5/D5/E6/F5), not {0}")]
    PlacementSize(usize),
    /// Neither a move, a pass nor a placement.
    #[error("a move is FROM-TO (like D3-F3), E or PASSE for a pass, or six squares of a placement")]
    NotAMove,
}

/// kifu's square of a course square (`B1` is `b6`).
fn square_to_kifu(text: &str) -> Option<String> {
    let [file @ b'A'..=b'F', row @ b'1'..=b'6'] = text.as_bytes() else {
        return None;
    };
    let rank = b'7' - (row - b'0');
    Some(format!(
        "{}{}",
        char::from(file.to_ascii_lowercase()),
        char::from(rank)
    ))
}

/// The course's square of a kifu square (`b6` is `B1`).
fn square_of_kifu(text: &str) -> Option<String> {
    let [file @ b'a'..=b'f', rank @ b'1'..=b'6'] = text.as_bytes() else {
        return None;
    };
    let row = b'7' - (rank - b'0');
    Some(format!(
        "{}{}",
        char::from(file.to_ascii_uppercase()),
        char::from(row)
    ))
}

/// A client's move as kifu's words: a placement's six squares (the
/// Unicorn's first), one move (`d4-f4`; kifu's referee tells a capture
/// itself), or the pass `--`. A `\0` or blanks at either end are
/// dropped, as `ClientJeu`'s tokenizer drops them.
///
/// # Errors
/// Why the line is no move in the course's notation.
pub fn to_kifu(line: &str) -> Result<Vec<String>, CourseMoveError> {
    let text = line.trim_matches(|c: char| c == '\0' || c.is_ascii_whitespace());
    let not_a_square = |square: &str| CourseMoveError::NotASquare(square.to_owned());
    match text {
        "" => return Err(CourseMoveError::Empty),
        "E" | "PASSE" => return Ok(vec!["--".to_owned()]),
        _ => {}
    }
    if text.contains('/') {
        let squares: Vec<&str> = text.split('/').collect();
        if squares.len() != 6 {
            return Err(CourseMoveError::PlacementSize(squares.len()));
        }
        return (squares.into_iter())
            .map(|square| square_to_kifu(square).ok_or_else(|| not_a_square(square)))
            .collect();
    }
    let Some((from, to)) = text.split_once('-') else {
        return Err(CourseMoveError::NotAMove);
    };
    let from = square_to_kifu(from).ok_or_else(|| not_a_square(from))?;
    let to = square_to_kifu(to).ok_or_else(|| not_a_square(to))?;
    Ok(vec![format!("{from}-{to}")])
}

/// kifu's words of a move or a placement as the course writes them:
/// `C6/A6/B5/D5/E6/F5`, `D3-F3`, `E`; `None` for words that are neither.
pub fn from_kifu(words: &[String]) -> Option<String> {
    match words {
        [pass] if pass == "--" => Some("E".to_owned()),
        [step] => {
            let (from, to) = step.split_at_checked(2)?;
            let to = to.strip_prefix(['-', 'x'])?;
            Some(format!("{}-{}", square_of_kifu(from)?, square_of_kifu(to)?))
        }
        squares if squares.len() == 6 => {
            let squares: Option<Vec<String>> = squares.iter().map(|s| square_of_kifu(s)).collect();
            Some(squares?.join("/"))
        }
        _ => None,
    }
}

/// A game as the course's protocol tells it, from kifu's `Setup` tag (the
/// placements made so far: none, Black's alone as `- / BLACK`, or both as
/// `WHITE / BLACK`) and the moves after it: each entry the colour that
/// made it and its words in kifu's notation. Black places, White places,
/// then White moves first and the colours alternate.
pub fn history(setup: Option<&str>, moves: &[String]) -> Vec<(Colour, Vec<String>)> {
    let group = |text: &str| -> Option<Vec<String>> {
        let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
        (words.len() == 6).then_some(words)
    };
    let mut entries = Vec::new();
    if let Some((white, black)) = setup.and_then(|setup| setup.split_once('/')) {
        if let Some(black) = group(black) {
            entries.push((Colour::Noir, black));
            if let Some(white) = group(white) {
                entries.push((Colour::Blanc, white));
            }
        }
    }
    let colours = [Colour::Blanc, Colour::Noir].into_iter().cycle();
    entries.extend(
        colours
            .zip(moves)
            .map(|(colour, m)| (colour, vec![m.clone()])),
    );
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn squares_map_row_r_to_rank_seven_minus_r() {
        assert_eq!(square_to_kifu("B1").as_deref(), Some("b6"));
        assert_eq!(square_to_kifu("A6").as_deref(), Some("a1"));
        assert_eq!(square_to_kifu("F3").as_deref(), Some("f4"));
        for bad in ["b1", "G1", "A0", "A7", "A", "A10", ""] {
            assert_eq!(square_to_kifu(bad), None, "{bad}");
        }
        for file in ["a", "b", "c", "d", "e", "f"] {
            for rank in 1..=6 {
                let kifu = format!("{file}{rank}");
                let course = square_of_kifu(&kifu).expect("a square");
                assert_eq!(square_to_kifu(&course), Some(kifu));
            }
        }
    }

    #[test]
    fn moves_read_and_write_back() {
        assert_eq!(to_kifu("C6/A6/B5/D5/E6/F5"), Ok(words("c1 a1 b2 d2 e1 f2")));
        assert_eq!(to_kifu("D3-F3\0"), Ok(words("d4-f4")));
        assert_eq!(to_kifu(" E "), Ok(words("--")));
        assert_eq!(to_kifu("PASSE"), Ok(words("--")));
        assert_eq!(
            from_kifu(&words("c1 a1 b2 d2 e1 f2")).as_deref(),
            Some("C6/A6/B5/D5/E6/F5")
        );
        assert_eq!(from_kifu(&words("d4-f4")).as_deref(), Some("D3-F3"));
        assert_eq!(from_kifu(&words("--")).as_deref(), Some("E"));
        assert_eq!(from_kifu(&words("d4-f4 a1-a2")), None);
        // A placement is six squares, no fewer and no more.
        assert_eq!(from_kifu(&words("c1 a1 b2")), None);
        assert_eq!(from_kifu(&words("c1 a1 b2 d2 e1 f2 a3")), None);
        for (bad, reason) in [
            ("", "an empty line"),
            (
                "hello",
                "a move is FROM-TO (like D3-F3), E or PASSE for a pass, or six squares of a placement",
            ),
            ("D3-G3", "\"G3\" is no square (A-F and 1-6, like D3)"),
            ("d3-f3", "\"d3\" is no square (A-F and 1-6, like D3)"),
            (
                "C6/A6",
                "a placement is six squares joined by '/' (like C6/A6/B5/D5/E6/F5), not 2",
            ),
        ] {
            let said = to_kifu(bad).map_err(|e| e.to_string());
            assert_eq!(said, Err(reason.to_owned()), "{bad}");
        }
    }

    #[test]
    fn server_lines_read_with_or_without_their_nul() {
        for line in [
            ServerLine::Colour(Colour::Noir),
            ServerLine::Turn(Colour::Blanc),
            ServerLine::Move("D3-F3".to_owned()),
            ServerLine::End(Some(Colour::Blanc)),
            ServerLine::End(None),
        ] {
            let text = line.to_string();
            assert!(text.ends_with('\0'), "{text:?}");
            assert_eq!(ServerLine::read(&text), Ok(line.clone()));
            assert_eq!(ServerLine::read(text.trim_end_matches('\0')), Ok(line));
        }
        let said = |line| ServerLine::read(line).map_err(|e| e.to_string());
        assert_eq!(
            said("JOUEUR Rouge"),
            Err("JOUEUR \"Rouge\": no colour".to_owned())
        );
        assert_eq!(
            said("BONJOUR a"),
            Err("\"BONJOUR\" is no line of the server".to_owned())
        );
        assert_eq!(said("\0"), Err("an empty line".to_owned()));
    }

    #[test]
    fn a_history_holds_the_placements_then_the_moves() {
        let moves = words("d4-f4 a2-a3");
        assert_eq!(history(None, &[]), []);
        assert_eq!(
            history(Some("- / c1 a1 b2 d2 e1 f2"), &[]),
            [(Colour::Noir, words("c1 a1 b2 d2 e1 f2"))]
        );
        assert_eq!(
            history(Some("c6 a6 b5 d5 e6 f5 / c1 a1 b2 d2 e1 f2"), &moves),
            [
                (Colour::Noir, words("c1 a1 b2 d2 e1 f2")),
                (Colour::Blanc, words("c6 a6 b5 d5 e6 f5")),
                (Colour::Blanc, words("d4-f4")),
                (Colour::Noir, words("a2-a3")),
            ]
        );
    }
}
