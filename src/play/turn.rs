//! A player's turn checked against the game (an engine's `move`, Python's
//! `push_turn`): one move in a game of pairs, a whole turn of pawn moves in
//! a game of turns.

use crate::game::{AnyGame, Numbering, with_hint};

/// The plies of the turn `words` plays in `game`, each written as the
/// referee writes it.
///
/// # Errors
/// Why the words are not one legal turn, in the words `kifu validate`
/// uses for a move it refuses.
pub fn check_turn(game: &dyn AnyGame, words: &[String]) -> Result<Vec<String>, String> {
    if game.numbering() == Numbering::Pairs && words.len() != 1 {
        return Err(format!("{} words where one move is expected", words.len()));
    }
    let mover = game.turn().mover.to_owned();
    let mut position = game.box_clone();
    let mut turn: Vec<String> = Vec::new();
    for word in words {
        if let Some(last) = turn
            .last()
            .filter(|_| position.is_over() || position.turn().mover != mover)
        {
            return Err(format!(
                "the turn is over after {last}: {word} is one move too many"
            ));
        }
        let refused = |e: crate::game::MoveError, position: &dyn AnyGame| {
            let message = match e.about_the_move {
                true => with_hint(e.message, &position.legal_moves(), word),
                false => e.message,
            };
            match words.len() {
                1 => message,
                _ => format!("{word}: {message}"),
            }
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
        position
            .check_turn_ends()
            .map_err(|e| format!("the turn is not over: {}", e.message))?;
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

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn a_game_of_pairs_takes_one_legal_move() {
        let mana = start(GameKind::Mana, &[("Setup", "b1 c6")]);
        assert_eq!(
            check_turn(mana.as_ref(), &words("e1-e4")),
            Ok(words("e1-e4"))
        );
        assert_eq!(
            check_turn(mana.as_ref(), &words("e1-e4 a6-a5")),
            Err("2 words where one move is expected".to_owned())
        );
        assert_eq!(
            check_turn(mana.as_ref(), &words("e1e4")),
            Err("\"e1e4\": '-' or 'x' must follow e1; did you mean e1-e4?".to_owned())
        );
        assert_eq!(
            check_turn(mana.as_ref(), &words("e1-e9")),
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
            check_turn(lotus.as_ref(), &[first]),
            Err("the turn is not over: a turn is three pawn moves; this one has fewer".to_owned())
        );
        let mut turn = lotus.box_clone();
        let mut three = Vec::new();
        for _ in 0..3 {
            let ply = turn.legal_moves().swap_remove(0);
            turn.play(&ply).expect("a legal pawn move");
            three.push(ply);
        }
        assert_eq!(check_turn(lotus.as_ref(), &three), Ok(three.clone()));
        let ply = turn.legal_moves().swap_remove(0);
        let last = three.last().cloned().unwrap_or_default();
        three.push(ply.clone());
        assert_eq!(
            check_turn(lotus.as_ref(), &three),
            Err(format!(
                "the turn is over after {last}: {ply} is one move too many"
            ))
        );
    }
}
