//! The `Players` tag: 3 to 6 names in turn order, each known by its initial.
//!
//! A table finds a player from an initial without a search. The names are
//! compact strings: a name of up to 24 bytes is kept inline, so reading the
//! players, and naming them in the scores, costs no allocation.

use crate::game::TagError;
use compact_str::CompactString;

/// The most players a game has.
pub(super) const MAX_PLAYERS: usize = 6;

/// The fewest players a game has.
const MIN_PLAYERS: usize = 3;

/// The players of a game, in turn order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Players {
    /// Every name, in turn order; empty past the last.
    names: [CompactString; MAX_PLAYERS],
    /// Each player's initial, lowercase.
    letters: [u8; MAX_PLAYERS],
    /// For each initial `a` to `z`, 1 + its player, or 0 when no player has it.
    by_initial: [u8; 26],
    /// How many players there are.
    count: u8,
}

impl Players {
    /// Reads `"red green orange"`: 3 to 6 names with unique initials.
    ///
    /// # Errors
    /// Too few or too many names, a name that starts with no letter, two
    /// names with one initial.
    pub(super) fn parse(value: &str) -> Result<Self, TagError> {
        let fault = |code, message: String| Err(TagError::new("Players", code, message));
        let (kept, count) = split_names(value);
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&count) {
            return fault(
                "lotus.players-count",
                format!(
                    "{count} players: lotus is played by 3 to 6 players, named in turn order like \"red green orange\""
                ),
            );
        }
        let kept = &kept[..count];
        // Built in place: the initials checked first, then the names
        // copied, so that no name is copied for a value that is refused.
        let mut players = Players {
            names: Default::default(),
            letters: [0; MAX_PLAYERS],
            by_initial: [0; 26],
            count: count as u8,
        };
        for (seat, name) in kept.iter().enumerate() {
            let first = name.as_bytes().first().copied().unwrap_or(b' ');
            if !first.is_ascii_alphabetic() {
                return fault(
                    "lotus.players-initial",
                    format!(
                        "{name:?}: a player's name starts with a letter a-z, its initial in the movetext"
                    ),
                );
            }
            let letter = first.to_ascii_lowercase();
            let slot = &mut players.by_initial[usize::from(letter - b'a')];
            if *slot != 0 {
                return fault(
                    "lotus.players-same-initial",
                    format!(
                        "{:?} and {name:?} have the same initial {:?}: initials must be unique",
                        kept[usize::from(*slot - 1)],
                        char::from(letter)
                    ),
                );
            }
            *slot = seat as u8 + 1;
            players.letters[seat] = letter;
        }
        for (slot, &name) in players.names.iter_mut().zip(kept) {
            *slot = CompactString::new(name);
        }
        Ok(players)
    }

    /// How many players there are.
    pub(super) fn count(&self) -> usize {
        usize::from(self.count)
    }

    /// A player's name, `?` for no player.
    #[inline]
    pub(super) fn name(&self, player: u8) -> &str {
        self.listed()
            .get(usize::from(player))
            .map_or("?", CompactString::as_str)
    }

    /// Every name, in turn order.
    pub(super) fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.listed().iter().map(CompactString::as_str)
    }

    /// Every name, in turn order, as the scores keep them.
    pub(super) fn listed(&self) -> &[CompactString] {
        &self.names[..self.count()]
    }

    /// Every name, one space between two (the `Players` value written back).
    pub(super) fn joined(&self) -> String {
        self.listed().join(" ")
    }

    /// A player's initial.
    pub(super) fn letter(&self, player: u8) -> u8 {
        self.letters[usize::from(player)]
    }

    /// Every initial, in turn order.
    pub(super) fn letters(&self) -> &[u8] {
        &self.letters[..self.count()]
    }

    /// The player whose initial is `letter`, if any.
    pub(super) fn seat(&self, letter: u8) -> Option<u8> {
        let slot = usize::from(letter.wrapping_sub(b'a'));
        match self.by_initial.get(slot) {
            Some(&n) if n > 0 => Some(n - 1),
            _ => None,
        }
    }
}

/// The names of a `Players` value as [`str::split_whitespace`] splits
/// them: the first [`MAX_PLAYERS`], and how many there are in all.
///
/// An ASCII value (the usual one) is split byte by byte, on the ASCII
/// characters that are Unicode white space.
fn split_names(value: &str) -> ([&str; MAX_PLAYERS], usize) {
    let mut kept = [""; MAX_PLAYERS];
    let mut count = 0;
    let mut keep = |name| {
        if let Some(slot) = kept.get_mut(count) {
            *slot = name;
        }
        count += 1;
    };
    if value.is_ascii() {
        let bytes = value.as_bytes();
        let mut at = 0;
        loop {
            while bytes.get(at).is_some_and(|&b| is_space(b)) {
                at += 1;
            }
            if at == bytes.len() {
                break;
            }
            let from = at;
            while bytes.get(at).is_some_and(|&b| !is_space(b)) {
                at += 1;
            }
            keep(value.get(from..at).unwrap_or_default());
        }
    } else {
        value.split_whitespace().for_each(keep);
    }
    (kept, count)
}

/// The ASCII characters that are Unicode white space, as a set of bits.
const SPACES: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\n' | 1 << b'\x0b' | 1 << b'\x0c' | 1 << b'\r';

/// Whether an ASCII byte is white space, as [`char::is_whitespace`] says.
fn is_space(b: u8) -> bool {
    b <= b' ' && SPACES >> b & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_names_as_split_whitespace_does() {
        let values = [
            "",
            " ",
            "red green orange",
            "  red\tgreen\n\rorange\x0bviolet\x0ccyan amber  ",
            "a b c d e f g h",
            "r\u{a0}g o\u{85}v\u{3000}c",
            "\u{1c}x\u{1f}y",
        ];
        for value in values {
            let (kept, count) = split_names(value);
            let all: Vec<&str> = value.split_whitespace().collect();
            assert_eq!(count, all.len(), "{value:?}");
            let shown = count.min(MAX_PLAYERS);
            assert_eq!(kept[..shown], all[..shown], "{value:?}");
        }
    }

    #[test]
    fn joins_names_with_one_space() {
        for value in ["red green orange", "red\tgreen orange", " red green orange"] {
            let players = Players::parse(value).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(players.joined(), "red green orange", "{value:?}");
            assert_eq!(players.listed(), ["red", "green", "orange"], "{value:?}");
            assert_eq!(players.name(2), "orange");
        }
    }

    fn names(value: &str) -> Result<Vec<String>, String> {
        Players::parse(value)
            .map(|p| p.names().map(str::to_owned).collect())
            .map_err(|e| format!("{}: {}", e.code, e.message))
    }

    #[test]
    fn reads_players() {
        let players = Players::parse("red  Green\torange").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            players.names().collect::<Vec<_>>(),
            ["red", "Green", "orange"]
        );
        assert_eq!(players.letters(), b"rgo");
        assert_eq!(players.joined(), "red Green orange");
        assert_eq!(players.seat(b'g'), Some(1));
        assert_eq!(players.seat(b'x'), None);
        assert_eq!(players.seat(b'G'), None);
        assert_eq!(players.name(3), "?");
        assert_eq!(
            names("red green").err().unwrap_or_default(),
            "lotus.players-count: 2 players: lotus is played by 3 to 6 players, named in turn order like \"red green orange\""
        );
        assert_eq!(
            names("red rose orange").err().unwrap_or_default(),
            "lotus.players-same-initial: \"red\" and \"rose\" have the same initial 'r': initials must be unique"
        );
        assert_eq!(
            names("red 9 orange").err().unwrap_or_default(),
            "lotus.players-initial: \"9\": a player's name starts with a letter a-z, its initial in the movetext"
        );
    }
}
