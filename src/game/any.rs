//! [`AnyGame`]: a game behind a pointer, driven by move text, so that the
//! rest of kifu picks a game at run time and never names a game's types.

use super::{
    Game, GameKind, MoveDetail, MoveError, Numbering, Outcome, Position, Scores, Turn, perft, play,
};
use std::fmt;

/// A game position behind a pointer, driven by move text.
pub trait AnyGame: Send + Sync + fmt::Debug {
    /// The game's kind.
    fn kind(&self) -> GameKind;
    /// How the movetext is numbered.
    fn numbering(&self) -> Numbering;
    /// Reads, checks and plays a move; on error nothing changes. Once the
    /// game has ended, every move is refused.
    ///
    /// # Errors
    /// Why the text is not a legal move here.
    fn play(&mut self, text: &str) -> Result<(), MoveError>;
    /// The canonical text and parts of a legal move.
    ///
    /// # Errors
    /// Why the text is not a legal move here.
    fn detail(&self, text: &str) -> Result<MoveDetail, MoveError>;
    /// Reads, checks and plays a move, read and checked once, and gives
    /// its canonical text and parts; on error nothing changes.
    ///
    /// # Errors
    /// Why the text is not a legal move here.
    fn play_detailed(&mut self, text: &str) -> Result<MoveDetail, MoveError>;
    /// Every legal move as text.
    fn legal_moves(&self) -> Vec<String>;
    /// Every legal move with its canonical text and parts.
    fn legal_details(&self) -> Vec<MoveDetail>;
    /// Counts the legal move sequences of `depth` plies.
    fn perft(&self, depth: u32) -> u64;
    /// The outcome, once the game has ended.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// The scores so far, ranked, for games that keep a score.
    fn scores(&self) -> Option<Scores>;
    /// The marks that decided a game won on points ([`Game::decided_by`]).
    fn decided_by(&self) -> Vec<char>;
    /// Where the next ply stands, and who plays it.
    fn turn(&self) -> Turn<'_>;
    /// Every player in the order of the game's turns ([`Game::players`]).
    fn players(&self) -> Vec<&str>;
    /// Why the turn in progress cannot end here, for a game whose turns
    /// must be whole ([`Game::check_turn_ends`]).
    ///
    /// # Errors
    /// The game's reason.
    fn check_turn_ends(&self) -> Result<(), MoveError>;
    /// The constraint in force, in words.
    fn constraint(&self) -> Option<String>;
    /// The position as JSON.
    fn position_json(&self) -> Position;
    /// The tags a fresh record of this position carries.
    fn setup_tags(&self) -> Vec<(String, String)>;
    /// A copy of the position.
    fn box_clone(&self) -> Box<dyn AnyGame>;
    /// The position as `Any`, which `own` (on `dyn AnyGame`) turns into its own
    /// type.
    fn as_any(&self) -> &dyn std::any::Any;
}

impl dyn AnyGame + '_ {
    /// The position as its own type `G`: the one way from a game picked
    /// at run time to the code of one game (the engine's search, each
    /// game's drawing), asked once its kind has chosen `G`
    /// ([`GameKind::visit`]); `None` for another game's type.
    pub fn own<G: Game>(&self) -> Option<&G> {
        self.as_any().downcast_ref::<G>()
    }
}

impl<G: Game> AnyGame for G {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn numbering(&self) -> Numbering {
        G::NUMBERING
    }

    fn play(&mut self, text: &str) -> Result<(), MoveError> {
        play(self, text)
    }

    fn detail(&self, text: &str) -> Result<MoveDetail, MoveError> {
        if Game::is_over(self) {
            return Err(MoveError::game_over());
        }
        let refused = |e| MoveError::of(&e, text);
        let mv = self.read_move(text.as_bytes()).map_err(refused)?;
        self.check(&mv).map_err(refused)?;
        Ok(self.describe(&mv))
    }

    fn play_detailed(&mut self, text: &str) -> Result<MoveDetail, MoveError> {
        if Game::is_over(self) {
            return Err(MoveError::game_over());
        }
        let refused = |e| MoveError::of(&e, text);
        let mv = self.read_move(text.as_bytes()).map_err(refused)?;
        self.check(&mv).map_err(refused)?;
        let detail = self.describe(&mv);
        self.apply(&mv);
        Ok(detail)
    }

    fn legal_moves(&self) -> Vec<String> {
        Game::legal_moves(self)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn legal_details(&self) -> Vec<MoveDetail> {
        Game::legal_moves(self)
            .iter()
            .map(|mv| self.describe(mv))
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn scores(&self) -> Option<Scores> {
        Game::scores(self)
    }

    fn decided_by(&self) -> Vec<char> {
        Game::decided_by(self)
    }

    fn turn(&self) -> Turn<'_> {
        Game::turn(self)
    }

    fn players(&self) -> Vec<&str> {
        Game::players(self)
    }

    fn check_turn_ends(&self) -> Result<(), MoveError> {
        Game::check_turn_ends(self).map_err(|e| MoveError::of(&e, ""))
    }

    fn constraint(&self) -> Option<String> {
        Game::constraint(self)
    }

    fn position_json(&self) -> Position {
        Game::position_json(self)
    }

    fn setup_tags(&self) -> Vec<(String, String)> {
        Game::setup_tags(self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn box_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{GameKind, Tags};
    use crate::random::Rng;
    use crate::record::Tag;

    /// A move played with its details is the move of `detail` then `play`,
    /// read and checked once: the same details, the same position, and
    /// the same refusal of a move that is not legal.
    #[test]
    fn playing_with_details_is_detail_then_play() {
        let mut rng = Rng::new(51);
        for &kind in GameKind::ALL {
            let tags: Vec<Tag> = (kind.random_tags(&mut rng).into_iter())
                .map(|(name, value)| Tag {
                    name: name.into(),
                    value: value.into(),
                    offset: 0,
                })
                .collect();
            let mut game = kind.start(Tags::new(&tags)).expect("a start");
            for _ in 0..60 {
                let moves = game.legal_moves();
                let Some(text) = moves.get(rng.below(moves.len().max(1))) else {
                    break;
                };
                let mut twice = game.box_clone();
                let detail = twice.detail(text).expect("legal");
                twice.play(text).expect("legal");
                let played = game.play_detailed(text).expect("legal");
                assert_eq!(played, detail, "{kind}: {text}");
                assert_eq!(
                    game.position_json(),
                    twice.position_json(),
                    "{kind}: {text}"
                );
            }
            let mut refused = game.box_clone();
            let error = refused.play_detailed("z99");
            assert_eq!(
                error.map(|d| d.normalized),
                game.detail("z99").map(|d| d.normalized)
            );
            assert_eq!(refused.position_json(), game.position_json(), "{kind}");
        }
    }
}
