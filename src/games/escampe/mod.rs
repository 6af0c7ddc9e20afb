//! Escampe (1988), the first edition of Mana: the referee of kifu-rules(7),
//! ESCAMPE. It shares the board, the paths and the drawing with
//! Mana through [`crate::games::lines`], and the line board's [`crate::games::lines::Side`] and move reader.

mod game;
mod notation;
mod setup;

pub use game::{Escampe, EscampeError};
pub use notation::EscampeMove;
