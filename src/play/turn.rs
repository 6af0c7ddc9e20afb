//! A player's turn checked against the game (an engine's `move`, Python's
//! `push_turn`): one move in a game of pairs, a whole turn of pawn moves in
//! a game of turns.

use crate::game::{AnyGame, MoveError, Numbering, hint};

/// Why words are not one legal turn, in the words `kifu validate` uses
/// for a move it refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// Not one word, in a game of pairs.
    #[error("{0} words where one move is expected")]
    NotOneMove(usize),
    /// A word after the turn ended.
    #[error("the turn is over after {last}: {word} is one move too many")]
    TooMany {
        /// The turn's last move.
        last: String,
        /// The word after it.
        word: String,
    },
    /// A move the game refuses.
    #[error("{}{}{}", word_of(.word), .error, hint_of(.hint))]
    Refused {
        /// The word, named when the turn has more than one.
        word: Option<String>,
        /// Why the game refuses it.
        error: MoveError,
        /// A legal move near it, or those of its piece, when the fault
        /// is in the move itself ([`hint`]).
        hint: Option<String>,
    },
    /// A turn that stops before it ends.
    #[error("the turn is not over: {0}")]
    Unfinished(MoveError),
}

/// `WORD: `, or nothing.
fn word_of(word: &Option<String>) -> String {
    word.as_ref()
        .map_or_else(String::new, |word| format!("{word}: "))
}

/// `; HINT`, or nothing.
fn hint_of(hint: &Option<String>) -> String {
    hint.as_ref()
        .map_or_else(String::new, |hint| format!("; {hint}"))
}

/// The plies of the turn `words` plays in `game`, each written as the
/// referee writes it.
///
/// # Errors
/// Why the words are not one legal turn.
pub fn check_turn(game: &dyn AnyGame, words: &[String]) -> Result<Vec<String>, TurnError> {
    if game.numbering() == Numbering::Pairs && words.len() != 1 {
        return Err(TurnError::NotOneMove(words.len()));
    }
    let mover = game.turn().mover.to_owned();
    let mut position = game.box_clone();
    let mut turn: Vec<String> = Vec::new();
    for word in words {
        if let Some(last) = turn
            .last()
            .filter(|_| position.is_over() || position.turn().mover != mover)
        {
            return Err(TurnError::TooMany {
                last: last.clone(),
                word: word.clone(),
            });
        }
        let refused = |error: MoveError, position: &dyn AnyGame| TurnError::Refused {
            word: (words.len() > 1).then(|| word.clone()),
            hint: (error.about_the_move)
                .then(|| hint(&position.legal_moves(), word))
                .flatten(),
            error,
        };
        let detail = position
            .detail(word)
            .map_err(|e| refused(e, position.as_ref()))?;
        let normal = detail.normalized.to_string();
        position
            .play(&normal)
            .map_err(|e| refused(e, position.as_ref()))?;
        turn.push(normal);
    }
    if !position.is_over() && position.turn().mover == mover {
        position.check_turn_ends().map_err(TurnError::Unfinished)?;
    }
    Ok(turn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameKind, Tags};
    use crate::record::Tag;

    fn start(kind: GameKind, tags: &[(&str, &str)]) -> Box<dyn AnyGame> {
        let tags: Vec<Tag> = (tags.iter())
            .map(|(name, value)| Tag {
                name: (*name).into(),
                value: (*value).into(),
                offset: 0,
            })
            .collect();
        kind.start(Tags::new(&tags)).expect("a start")
    }

    /// The plies of the turn `words` plays, or why not in words.
    fn checked(game: &dyn AnyGame, words: &[String]) -> Result<Vec<String>, String> {
        check_turn(game, words).map_err(|e| e.to_string())
    }

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn a_game_of_pairs_takes_one_legal_move() {
        let mana = start(GameKind::Mana, &[("Setup", "b1 c6")]);
        assert_eq!(checked(mana.as_ref(), &words("e1-e4")), Ok(words("e1-e4")));
        assert_eq!(
            checked(mana.as_ref(), &words("e1-e4 a6-a5")),
            Err("2 words where one move is expected".to_owned())
        );
        assert_eq!(
            checked(mana.as_ref(), &words("e1e4")),
            Err("\"e1e4\": '-' or 'x' must follow e1; did you mean e1-e4?".to_owned())
        );
        assert_eq!(
            checked(mana.as_ref(), &words("e1-e9")),
            Err(
                "\"e9\" is not a square (files a-f, ranks 1-6); the legal moves of the piece \
                 on e1: e1-c2, e1-d3, e1-f3, e1-e4"
                    .to_owned()
            )
        );
    }

    #[test]
    fn a_lotus_turn_is_whole() {
        let lotus = start(GameKind::Lotus, &[("Players", "red green orange")]);
        let legal = lotus.legal_moves();
        let first = legal.first().expect("a pawn move").clone();
        assert_eq!(
            checked(lotus.as_ref(), &[first]),
            Err("the turn is not over: a turn is three pawn moves; this one has fewer".to_owned())
        );
        let mut turn = lotus.box_clone();
        let mut three = Vec::new();
        for _ in 0..3 {
            let ply = turn.legal_moves().swap_remove(0);
            turn.play(&ply).expect("a legal pawn move");
            three.push(ply);
        }
        assert_eq!(checked(lotus.as_ref(), &three), Ok(three.clone()));
        let ply = turn.legal_moves().swap_remove(0);
        let last = three.last().cloned().unwrap_or_default();
        three.push(ply.clone());
        assert_eq!(
            checked(lotus.as_ref(), &three),
            Err(format!(
                "the turn is over after {last}: {ply} is one move too many"
            ))
        );
    }
}
