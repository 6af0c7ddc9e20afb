//! The start a game's players choose before its first move, one side
//! after another (escampe: each side places its six pieces), for the
//! REPL and the engine; a record states the start already chosen.

use super::{AnyGame, SetupError, Tags};
use std::fmt;

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
    /// Every reason the placement is not legal, in words.
    fn place(&mut self, words: &[String]) -> Result<(), String>;
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
