//! What to suggest when a move is refused, in any game: that squares are
//! lower case, the legal moves of the piece the move names, or the legal
//! move nearest to what was written.

/// At most this many legal moves of a piece are listed.
const LISTED: usize = 8;

/// A move written longer than this is too far from any to compare.
const LONGEST: usize = 32;

/// A legal move this many edits from the move written, or fewer, is
/// offered instead of it.
const NEAR: usize = 2;

/// The move without what follows it on its square: Mana's bird (`@b1`)
/// and Lotus's bracket (`[-P]`).
fn base(text: &str) -> &str {
    text.find(['@', '[']).map_or(text, |at| &text[..at])
}

/// The part of a move that names its piece: up to its first `-` or `x`;
/// none for a move with neither (a Lotus pawn move is its square).
fn origin(text: &str) -> Option<&str> {
    text.find(['-', 'x', '*']).map(|at| &text[..at])
}

/// The hint for the refused move `text` among the `legal` moves of the
/// position, to put after the reason; none when the move itself is legal
/// (its bird or bracket is what is wrong) or nothing comes near it.
pub fn hint(legal: &[String], text: &str) -> Option<String> {
    let written = base(text);
    if legal.iter().any(|m| base(m) == written) {
        return None;
    }
    let lower = written.to_ascii_lowercase();
    let upper_square = (written.as_bytes().windows(2))
        .any(|pair| pair[0].is_ascii_uppercase() && pair[1].is_ascii_digit());
    if upper_square {
        return Some(format!("squares are written in lower case, like {lower}"));
    }
    if let Some(piece) = origin(written).filter(|piece| !piece.is_empty()) {
        let same: Vec<&str> = (legal.iter())
            .filter(|m| origin(m) == Some(piece))
            .map(String::as_str)
            .collect();
        match same.as_slice() {
            [] => {}
            [only] => return Some(format!("did you mean {only}?")),
            many => {
                let listed = many.iter().take(LISTED).copied().collect::<Vec<_>>();
                let more = if many.len() > LISTED { ", ..." } else { "" };
                // A square (`e1`) names a piece; a letter names a piece
                // off the board, which enters (`R*c1`).
                let whose = match piece.bytes().any(|b| b.is_ascii_digit()) {
                    true => format!("the legal moves of the piece on {piece}"),
                    false => format!("the legal {piece}* moves"),
                };
                return Some(format!("{whose}: {}{more}", listed.join(", ")));
            }
        }
    }
    if written.len() > LONGEST {
        return None;
    }
    let (distance, nearest) = (legal.iter())
        .map(|m| (strsim::levenshtein(&lower, base(m)), m))
        .min()?;
    (distance <= NEAR).then(|| format!("did you mean {nearest}?"))
}

/// `message`, the reason a move written `text` was refused, ended with
/// its [`hint`] among the `legal` moves, when there is one.
pub fn with_hint(message: String, legal: &[String], text: &str) -> String {
    match hint(legal, text) {
        Some(hint) => format!("{message}; {hint}"),
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::hint;

    fn legal(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| (*m).to_owned()).collect()
    }

    #[test]
    fn the_moves_of_the_piece_are_listed() {
        let moves = legal(&["d2-d3", "d2-d5", "e1-e4"]);
        assert_eq!(
            hint(&moves, "d2-d4").as_deref(),
            Some("the legal moves of the piece on d2: d2-d3, d2-d5")
        );
        assert_eq!(
            hint(&moves, "e1-e5").as_deref(),
            Some("did you mean e1-e4?")
        );
    }

    #[test]
    fn upper_case_squares_are_named() {
        let moves = legal(&["a1-a4", "R*d4"]);
        assert_eq!(
            hint(&moves, "A1-A5").as_deref(),
            Some("squares are written in lower case, like a1-a5")
        );
        assert_eq!(hint(&moves, "R*d5").as_deref(), Some("did you mean R*d4?"));
    }

    #[test]
    fn the_entries_of_a_piece_off_the_board_are_listed() {
        let moves = legal(&["R*c1", "R*d1", "a1-a4"]);
        assert_eq!(
            hint(&moves, "R*a2").as_deref(),
            Some("the legal R* moves: R*c1, R*d1")
        );
    }

    #[test]
    fn the_nearest_move_is_offered_when_near() {
        let moves = legal(&["r3", "g5", "o10[-P]"]);
        assert_eq!(
            hint(&moves, "o11").as_deref(),
            Some("did you mean o10[-P]?")
        );
        assert_eq!(hint(&moves, "zz99"), None);
    }

    #[test]
    fn a_legal_move_with_a_wrong_bird_gets_no_hint() {
        let moves = legal(&["e1-e4"]);
        assert_eq!(hint(&moves, "e1-e4@a5"), None);
        assert_eq!(hint(&[], "e1-e4"), None);
    }
}
