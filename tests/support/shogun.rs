//! Helpers shared by the Shogun tests: positions from tags, moves played
//! or refused, the legal moves found by brute force, random positions and
//! the perft fixture.
#![allow(dead_code)]

use kifu::game::{Game, MoveError, Tags};
use kifu::games::shogun::{Shogun, ShogunMove};
use kifu::record::Tag;
use std::collections::BTreeSet;

/// A small xorshift generator, so that the tests are repeatable.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub fn tags(pairs: &[(&str, &str)]) -> Vec<Tag> {
    pairs
        .iter()
        .map(|(name, value)| Tag {
            name: (*name).to_owned().into(),
            value: (*value).into(),
            offset: 0,
        })
        .collect()
}

/// The start position the tags describe.
pub fn start(pairs: &[(&str, &str)]) -> Shogun {
    Shogun::from_tags(Tags::new(&tags(pairs))).unwrap_or_else(|e| panic!("{pairs:?}: {e}"))
}

/// Why the tags are refused: the code of the first reason, and every
/// reason in words.
pub fn tag_error(pairs: &[(&str, &str)]) -> (&'static str, String) {
    match Shogun::from_tags(Tags::new(&tags(pairs))) {
        Ok(_) => panic!("{pairs:?} was accepted"),
        Err(e) => (e.first().code, e.to_string()),
    }
}

/// The position from a `Position` value.
pub fn position(value: &str) -> Shogun {
    Shogun::from_position(value).unwrap_or_else(|e| panic!("{value}: {e}"))
}

/// Reads a move as the referee does.
pub fn read(game: &Shogun, text: &str) -> ShogunMove {
    game.read_move(text.as_bytes())
        .unwrap_or_else(|e| panic!("{text}: {}", MoveError::of(&e, text)))
}

/// Plays the moves of `moves`, each one legal.
pub fn play(game: &mut Shogun, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = read(game, text);
        game.check(&mv)
            .unwrap_or_else(|e| panic!("{text}: {}", MoveError::of(&e, text)));
        game.apply(&mv);
    }
}

/// Why the move written `text` is refused: not a move, or illegal.
pub fn error(game: &Shogun, text: &str) -> MoveError {
    let refused = match game.read_move(text.as_bytes()) {
        Err(e) => e,
        Ok(mv) => match game.check(&mv) {
            Ok(()) => panic!("{text} was accepted"),
            Err(e) => e,
        },
    };
    MoveError::of(&refused, text)
}

/// Why the move written `text` is refused, in words.
pub fn message(game: &Shogun, text: &str) -> String {
    error(game, text).message
}

pub fn name(square: u8) -> String {
    format!("{}{}", char::from(b'a' + square % 8), square / 8 + 1)
}

/// Whether the move written `text` is read and legal.
fn legal(game: &Shogun, text: &str) -> bool {
    game.read_move(text.as_bytes())
        .is_ok_and(|m| game.check(&m).is_ok())
}

/// The legal moves found by trying every from/to pair through `check`,
/// with the `x` and `+` the move earns.
pub fn brute_force(game: &Shogun) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    if game.outcome().is_some() {
        return found;
    }
    for from in 0..64u8 {
        for to in 0..64u8 {
            let plain = format!("{}-{}", name(from), name(to));
            if !legal(game, &plain) {
                continue;
            }
            let mv = ShogunMove {
                from,
                to,
                capture: legal(game, &format!("{}x{}", name(from), name(to))),
                check: legal(game, &format!("{plain}+")),
            };
            found.insert(mv.to_string());
        }
    }
    found
}

/// The legal moves the game generates.
pub fn generated(game: &Shogun) -> BTreeSet<String> {
    Game::legal_moves(game)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// A home rank of random order, its Shogun on file `shogun`.
pub fn random_rank(rng: &mut Rng, shogun: usize) -> String {
    let mut pieces: Vec<char> = "XXXYYZZ".chars().collect();
    for i in (1..pieces.len()).rev() {
        pieces.swap(i, rng.below(i + 1));
    }
    pieces.insert(shogun, 'S');
    pieces.into_iter().collect()
}

/// A random `Position` value: 3 to 8 pieces a side, a random side to move.
pub fn random_position_value(rng: &mut Rng) -> String {
    let mut board = [' '; 64];
    for letters in ["SXXXYYZZ", "sxxxyyzz"] {
        let keep = 3 + rng.below(6);
        for c in letters.chars().take(keep) {
            loop {
                let square = rng.below(64);
                if board[square] == ' ' {
                    board[square] = c;
                    break;
                }
            }
        }
    }
    let mut value = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                ' ' => empty += 1,
                c => {
                    if empty > 0 {
                        value.push_str(&empty.to_string());
                        empty = 0;
                    }
                    value.push(c);
                }
            }
        }
        if empty > 0 {
            value.push_str(&empty.to_string());
        }
        if rank > 0 {
            value.push('/');
        }
    }
    value.push_str(if rng.below(2) == 0 { " w" } else { " r" });
    value
}

/// A random legal position, in any rotation; none when the side not to
/// move is attacked.
pub fn random_position(rng: &mut Rng) -> Option<Shogun> {
    let value = random_position_value(rng);
    let rotation = ["0", "90", "180", "270"][rng.below(4)];
    Shogun::from_tags(Tags::new(&tags(&[
        ("Position", &value),
        ("Rotation", rotation),
    ])))
    .ok()
}
