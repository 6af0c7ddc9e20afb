//! The start a game's players choose before its first move, one side
//! after another (escampe: each side places its six pieces), for the
//! REPL and the engine; a record states the start already chosen.

use super::{AnyGame, SetupError, TagError, Tags};
use std::fmt;

/// Why a placement is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// Every side has placed: nothing is left to place.
    #[error("both sides have placed")]
    AllPlaced,
    /// The placement breaks the rules of the start: every reason, each in
    /// its words without its tag, joined by `; `.
    #[error("{}", messages(.0))]
    Refused(SetupError),
}

impl From<TagError> for PlacementError {
    fn from(reason: TagError) -> Self {
        Self::Refused(reason.into())
    }
}

/// The words of every reason of `refused`, joined by `; `.
fn messages(refused: &SetupError) -> String {
    let words: Vec<&str> = refused.reasons().map(|r| r.message.as_str()).collect();
    words.join("; ")
}

/// A start being chosen: who places next, what they may give, and what
/// was placed so far.
pub trait Placing: fmt::Debug + Send {
    /// A copy, boxed.
    fn box_clone(&self) -> Box<dyn Placing>;
    /// Who places next, as messages name them; `None` once all have placed.
    fn mover(&self) -> Option<&'static str>;
    /// What the mover gives, in words, with an example.
    fn request(&self) -> String;
    /// The words that may follow `given` in the mover's placement, in a
    /// stable order; none once it is whole.
    fn next_words(&self, given: &[String]) -> Vec<String>;
    /// Places the mover's pieces as `words` say, all or none.
    ///
    /// # Errors
    /// Every reason the placement is not legal.
    fn place(&mut self, words: &[String]) -> Result<(), PlacementError>;
    /// The pieces placed so far, the next to place to move; drawn by
    /// `Drawing::placement_text`.
    fn board(&self) -> Box<dyn AnyGame>;
    /// The name of the tag that states the start once placed (`Setup`).
    fn tag_name(&self) -> &'static str;
    /// A whole start as that tag writes it, for messages.
    fn example(&self) -> &'static str;
    /// The start tag of what was placed so far: once all have placed, the
    /// game's own (escampe: `Setup`); before, the form KEP's `tag` carries
    /// to an engine that places (none before the first placement).
    fn tag(&self) -> Option<(String, String)>;

    /// The start position once every side has placed (`None` before).
    ///
    /// # Errors
    /// The game refuses the start the placement states.
    fn start(&self) -> Option<Result<Box<dyn AnyGame>, SetupError>> {
        if self.mover().is_some() {
            return None;
        }
        let (name, value) = self.tag()?;
        let tags = [crate::record::Tag {
            name: name.into(),
            value: value.into(),
            offset: 0,
        }];
        Some(self.board().kind().start(Tags::new(&tags)))
    }
}
