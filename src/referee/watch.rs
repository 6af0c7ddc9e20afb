//! What the walk tells an observer of each ply, and where it stops.
//!
//! Out of the walk's loop: `kifu validate` has neither an observer nor a
//! ply to stop after, and its loop carries nothing for them but one flag.
//! The observer is told of a ply before the walk reads the next item, not
//! right after the ply: there, across the call that plays it, what the
//! walk keeps live is dearest.

use super::{Observer, Options, Ply};
use crate::game::{AnyGame, Game, MoveDetail};
use crate::record::Record;
use std::ops::Range;

/// The observer of a walk and the ply it stops after.
pub(super) struct Watch<'o> {
    observe: Observer<'o>,
    /// Give each ply's [`MoveDetail`] to the observer.
    details: bool,
    /// Stop after this many plies.
    stop_after: usize,
    /// The span of the last ply played and the length of its glyph, until
    /// the observer is told of it.
    word: Option<(Range<usize>, u8)>,
    /// The detail of the ply under way, worked out before it is played.
    detail: Option<MoveDetail>,
    /// How deep in variations the ply under way stands.
    depth: usize,
}

impl<'o> Watch<'o> {
    pub(super) fn new(options: Options, observe: Observer<'o>) -> Self {
        Self {
            observe,
            details: options.details,
            stop_after: options.stop_after.unwrap_or(usize::MAX),
            word: None,
            detail: None,
            depth: 0,
        }
    }

    /// Where the plies told from now on stand: `depth` variations deep
    /// (0 on the main line).
    pub(super) fn at_line(&mut self, depth: usize) {
        self.depth = depth;
    }

    /// Tells the observer that a variation begins.
    pub(super) fn begin_variation(&mut self) {
        if let Some(observe) = self.observe.as_mut() {
            observe.begin_variation();
        }
    }

    /// Tells the observer of the comment that spans `span`, after the ply
    /// before it.
    #[inline(never)]
    pub(super) fn comment(&mut self, record: &Record, span: &Range<usize>) {
        if let Some(observe) = self.observe.as_mut() {
            observe.comment(record.slice(span));
        }
    }

    /// Tells the observer that the variation last begun ends.
    pub(super) fn end_variation(&mut self) {
        if let Some(observe) = self.observe.as_mut() {
            observe.end_variation();
        }
    }

    /// Whether there is anything to watch: an observer or a ply to stop
    /// after.
    pub(super) fn is_on(&self) -> bool {
        self.observe.is_some() || self.stop_after != usize::MAX
    }

    /// Whether the walk stops after `plies` plies.
    pub(super) fn stops_after(&self, plies: usize) -> bool {
        plies >= self.stop_after
    }

    /// Before the move word that spans `span`, with a glyph of `glyph`
    /// bytes, is played in `game` (`read` is the move, when the quick
    /// reader read it): keeps what the observer is told of it.
    #[inline(never)]
    pub(super) fn before<G: Game>(
        &mut self,
        game: &G,
        record: &Record,
        span: &Range<usize>,
        glyph: u8,
        read: Option<&G::Move>,
    ) {
        self.word = Some((span.clone(), glyph));
        if self.details && self.observe.is_some() {
            // A move the quick reader read is described as it stands: if
            // the game refuses it, the walk stops and the observer is
            // never told of it.
            self.detail = match read {
                Some(mv) => Some(game.describe(mv)),
                None => game.detail(record.slice(span)).ok(),
            };
        }
    }

    /// Before the next item, or at the end of a line: tells the observer
    /// of the ply last played, the `plies`-th, if it has not been told
    /// yet, and says whether there was one.
    #[inline(never)]
    pub(super) fn tell<G: Game>(&mut self, game: &G, record: &Record, plies: usize) -> bool {
        let Some((span, glyph)) = self.word.take() else {
            return false;
        };
        if let Some(observe) = self.observe.as_mut() {
            observe.ply(Ply {
                index: plies - 1,
                word: record.move_word_at(span, glyph),
                detail: self.detail.take(),
                game,
                depth: self.depth,
            });
        }
        true
    }
}
