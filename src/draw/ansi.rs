//! Colour on a terminal: the ANSI SGR codes of the text boards and of
//! `validate`'s verdicts, in one place.
//!
//! A [`Brush`] writes a piece of text after the codes of its looks and a
//! reset, or as it is when colour is off, so that a board without colour
//! is byte for byte the board with none of this.
//!
//! ```
//! use kifu::draw::ansi::{Brush, Sgr};
//!
//! let mut out = String::new();
//! Brush::new(true).paint(&mut out, &[Some(Sgr::LAST), Some(Sgr::WHITE)], 'D');
//! assert_eq!(out, "\x1b[7m\x1b[1;36mD\x1b[0m");
//! out.clear();
//! Brush::new(false).paint(&mut out, &[Some(Sgr::LAST)], 'D');
//! assert_eq!(out, "D");
//! ```

use std::fmt::{self, Write as _};

/// The code that ends every look.
pub const RESET: &str = "\x1b[0m";

/// A look: one SGR escape sequence. Several in a row add up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sgr(pub &'static str);

impl Sgr {
    /// White's pieces (Mana, Escampe, Shogun): bold cyan.
    pub const WHITE: Sgr = Sgr("\x1b[1;36m");
    /// Black's pieces (Mana, Escampe): bold magenta.
    pub const BLACK: Sgr = Sgr("\x1b[1;35m");
    /// Red's pieces (Shogun): bold red.
    pub const RED: Sgr = Sgr("\x1b[1;31m");
    /// The squares of the last move: reverse video, which keeps the
    /// colour of the piece on it.
    pub const LAST: Sgr = Sgr("\x1b[7m");
    /// The Mana bird: bold blue.
    pub const BIRD: Sgr = Sgr("\x1b[1;34m");
    /// The marks of the constraint in force (Escampe): bold green.
    pub const MARK: Sgr = Sgr("\x1b[1;32m");
    /// A Shogun in check: bold white on red.
    pub const CHECK: Sgr = Sgr("\x1b[1;97;41m");
    /// A valid verdict: green.
    pub const VALID: Sgr = Sgr("\x1b[32m");
    /// An invalid verdict: red.
    pub const INVALID: Sgr = Sgr("\x1b[31m");
}

/// Writes text in its looks when colour is on, and as it is when off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Brush {
    on: bool,
}

impl Brush {
    /// A brush that colours when `on`.
    pub const fn new(on: bool) -> Self {
        Self { on }
    }

    /// Pushes `text` onto `out`: after the codes of the `looks` given
    /// and before a reset when the brush is on and there is a look, else
    /// as it is.
    pub fn paint(self, out: &mut String, looks: &[Option<Sgr>], text: impl fmt::Display) {
        let mut any = false;
        if self.on {
            for look in looks.iter().flatten() {
                out.push_str(look.0);
                any = true;
            }
        }
        // Writing to a String cannot fail.
        let _ = write!(out, "{text}");
        if any {
            out.push_str(RESET);
        }
    }

    /// The codes that start and end a text in `look`: empty when off.
    pub fn codes(self, look: Sgr) -> (&'static str, &'static str) {
        if self.on { (look.0, RESET) } else { ("", "") }
    }
}
