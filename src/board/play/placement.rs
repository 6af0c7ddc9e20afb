//! The start being placed (Escampe without a `Setup`): the squares each
//! side clicks, or the engine gives, checked one by one, and the game
//! begun from the start's tag once every side has placed.

use super::Play;
use crate::board::ApiError;
use crate::game::{PlacementError, Placing};
use crate::play::RecordBuilder;
use http::StatusCode;

/// A start being placed (Escampe without a `Setup`): the squares the
/// mover has given so far, one click each, and the tags the record gets
/// with the start's tag once every side has placed.
#[derive(Debug)]
pub(super) struct Placement {
    pub(super) placing: Box<dyn Placing>,
    pub(super) given: Vec<String>,
    pub(super) tags: Vec<(String, String)>,
}

impl Play {
    /// The mover of a start being placed gives its next square; once the
    /// mover has given every square, its placement is made, and once
    /// every side has placed, the game begins from the start's tag.
    ///
    /// # Errors
    /// 409 when no start is being placed; 422 for a square not open, or a
    /// placement the game refuses (nothing given is kept then).
    pub(crate) fn place(&mut self, square: &str) -> Result<(), ApiError> {
        let Some(placement) = self.placement.as_mut() else {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "serve.placed",
                "the start is placed: play moves".to_owned(),
            ));
        };
        let refused =
            |message| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "serve.place", message);
        let open = open_to(placement.placing.as_ref(), &placement.given, square);
        open.map_err(|e| refused(e.to_string()))?;
        placement.given.push(square.to_owned());
        if !placement.placing.next_words(&placement.given).is_empty() {
            return Ok(());
        }
        let given = std::mem::take(&mut placement.given);
        let placed = placement.placing.place(&given);
        placed.map_err(|e| refused(e.to_string()))?;
        self.game = placement.placing.board();
        self.start = self.game.box_clone();
        if placement.placing.mover().is_some() {
            return Ok(());
        }
        let (Some((name, value)), Some(start)) =
            (placement.placing.tag(), placement.placing.start())
        else {
            return Ok(());
        };
        let start = start.map_err(|e| refused(format!("{name} {value:?}: {e}")))?;
        let mut tags = std::mem::take(&mut placement.tags);
        tags.retain(|(tag, _)| *tag != name);
        tags.insert(1.min(tags.len()), (name, value));
        self.record = RecordBuilder::with_tags(tags);
        self.game = start;
        self.start = self.game.box_clone();
        self.placement = None;
        Ok(())
    }
}

/// Why squares, clicked or an engine's, are not the mover's placement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum SquaresError {
    /// A square that may not follow those before it.
    #[error("{square} is not open: {request}")]
    NotOpen {
        /// The square.
        square: String,
        /// What the mover gives ([`Placing::request`]).
        request: String,
    },
    /// Fewer squares than a whole placement.
    #[error("too few squares: {0}")]
    TooFew(String),
    /// A whole placement the game refuses.
    #[error(transparent)]
    Refused(#[from] PlacementError),
}

/// Whether `square` may follow `given` in the placement of `placing`'s
/// mover.
///
/// # Errors
/// The square is not open.
fn open_to(placing: &dyn Placing, given: &[String], square: &str) -> Result<(), SquaresError> {
    if placing.next_words(given).iter().any(|word| word == square) {
        Ok(())
    } else {
        Err(SquaresError::NotOpen {
            square: square.to_owned(),
            request: placing.request(),
        })
    }
}

/// Whether `squares` are a whole placement for `placing`'s mover: each
/// open after those before it, as clicked squares are, and the whole one
/// the game takes.
///
/// # Errors
/// Why not.
pub(super) fn whole_placement(
    placing: &dyn Placing,
    squares: &[String],
) -> Result<(), SquaresError> {
    for (at, square) in squares.iter().enumerate() {
        open_to(placing, squares.get(..at).unwrap_or_default(), square)?;
    }
    if !placing.next_words(squares).is_empty() {
        return Err(SquaresError::TooFew(placing.request()));
    }
    Ok(placing.box_clone().place(squares)?)
}
