//! A placement book: the placements of the side that places first that
//! held best against the last placer's best reply, as `kifu tune book`
//! finds them (docs/training.md), shipped for escampe
//! (`escampe.book`), and the work that finds them: each placement
//! screened by the best reply a shallow search finds ([`screen`]), the
//! best of those weighed by a deeper one ([`build_entry`]), and the best
//! of those played out by the engine against itself ([`play_out`]).
//!
//! A book is text, a placement a line: the self-play result for the
//! first placer (`won`, `lost`, `unfinished`), the search's score of the
//! placement against the best reply found (hundredths of a piece, for
//! the first placer; a forced result near ±1000000), then its words (the
//! Unicorn's square first). Lines starting `#` are comments.

use super::every::every;
use super::judge::Judge;
use super::rounds::{Rounds, ranked};
use crate::engine::{Evaluation, EvaluationVisitor, Limits, Table, think, visit};
use crate::game::{AnyGame, GameKind, Placing};
use crate::random::Rng;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// How far below the best entry's score an entry may still be drawn.
const PICK_MARGIN: i32 = 50;

/// A game's placement book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    /// Its placements, best first.
    pub entries: Vec<BookEntry>,
}

/// One placement of a book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookEntry {
    /// How the engine's game against itself from it ended, for the first
    /// placer.
    pub result: PlayedOut,
    /// The search's score of the placement against the best reply found,
    /// for the first placer.
    pub score: i32,
    /// The placement's words.
    pub words: Vec<String>,
}

/// How a game played out ended, for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PlayedOut {
    /// Lost.
    Lost,
    /// Not over by the most plies.
    Unfinished,
    /// Won.
    Won,
}

impl PlayedOut {
    /// The word a book writes.
    fn word(self) -> &'static str {
        match self {
            PlayedOut::Won => "won",
            PlayedOut::Lost => "lost",
            PlayedOut::Unfinished => "unfinished",
        }
    }
}

/// A book line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct BookError {
    /// The line, from 1.
    pub line: usize,
    /// Why.
    pub reason: String,
}

impl Book {
    /// The book shipped for `kind`, if it has one (escampe).
    pub fn shipped(kind: GameKind) -> Option<Book> {
        let text = match kind {
            GameKind::Escampe => include_str!("escampe.book"),
            _ => return None,
        };
        Book::read(text).ok()
    }

    /// The book `text` writes.
    ///
    /// # Errors
    /// The first line that is not a result, a score and words.
    pub fn read(text: &str) -> Result<Book, BookError> {
        let mut entries = Vec::new();
        for (at, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fail = |reason: &str| BookError {
                line: at + 1,
                reason: reason.to_owned(),
            };
            let mut words = line.split_whitespace();
            let result = match words.next() {
                Some("won") => PlayedOut::Won,
                Some("lost") => PlayedOut::Lost,
                Some("unfinished") => PlayedOut::Unfinished,
                _ => return Err(fail("a placement starts with won, lost or unfinished")),
            };
            let score = (words.next().and_then(|w| w.parse().ok()))
                .ok_or_else(|| fail("the result is followed by a score, a whole number"))?;
            let words: Vec<String> = words.map(str::to_owned).collect();
            if words.is_empty() {
                return Err(fail("the score is followed by the placement's squares"));
            }
            entries.push(BookEntry {
                result,
                score,
                words,
            });
        }
        Ok(Book { entries })
    }

    /// An entry for `placing`'s mover when nothing is placed yet, drawn
    /// with `rng` among the entries of the best result whose score is
    /// within [`PICK_MARGIN`] of the best of them; `None` when the book
    /// has none that `placing` takes.
    pub fn pick(&self, placing: &dyn Placing, rng: &mut Rng) -> Option<Vec<String>> {
        if placing.tag().is_some() {
            return None;
        }
        let legal: Vec<&BookEntry> = (self.entries.iter())
            .filter(|entry| placing.box_clone().place(&entry.words).is_ok())
            .collect();
        let top = legal.iter().map(|e| (e.result, e.score)).max()?;
        let near: Vec<&&BookEntry> = (legal.iter())
            .filter(|e| e.result == top.0 && e.score >= top.1 - PICK_MARGIN)
            .collect();
        near.get(rng.below(near.len())).map(|e| e.words.clone())
    }
}

impl fmt::Display for Book {
    /// The book as text, a placement a line, as [`Book::read`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for entry in &self.entries {
            let BookEntry {
                result,
                score,
                words,
            } = entry;
            writeln!(f, "{} {score} {}", result.word(), words.join(" "))?;
        }
        Ok(())
    }
}

/// The value of the first placer's placement `words` in `placing`: the
/// best reply's value, by `rounds`, for the first placer (the opponent's
/// score turned round); `None` when `words` is no placement or no reply
/// could be searched.
pub fn screen(
    placing: &dyn Placing,
    words: &[String],
    judge: &mut Judge,
    rounds: Rounds,
    seed: u64,
) -> Option<i32> {
    build_entry(placing, words, judge, rounds, seed).map(|built| built.score)
}

/// A placement weighed by the deep rounds: its value for the first
/// placer and the best reply found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltEntry {
    /// The value for the first placer.
    pub score: i32,
    /// The last placer's best reply.
    pub reply: Vec<String>,
}

/// [`screen`] with the reply kept.
pub fn build_entry(
    placing: &dyn Placing,
    words: &[String],
    judge: &mut Judge,
    rounds: Rounds,
    seed: u64,
) -> Option<BuiltEntry> {
    let mut placed = placing.box_clone();
    placed.place(words).ok()?;
    let replies = every(placed.as_ref());
    let best = ranked(placed.as_ref(), replies, judge, rounds, seed)
        .into_iter()
        .next()?;
    Some(BuiltEntry {
        score: -best.score,
        reply: best.words,
    })
}

/// How the game from `start` ends when the engine plays both sides at
/// `depth` (no clock: the same start gives the same game), for `side`;
/// unfinished after `max_plies`.
pub fn play_out(start: &dyn AnyGame, side: &str, depth: u32, max_plies: u32) -> PlayedOut {
    visit(
        start.kind(),
        PlayingOut {
            start,
            side,
            depth,
            max_plies,
        },
    )
}

/// [`play_out`], as the game's own type.
struct PlayingOut<'a> {
    start: &'a dyn AnyGame,
    side: &'a str,
    depth: u32,
    max_plies: u32,
}

impl EvaluationVisitor for PlayingOut<'_> {
    type Output = PlayedOut;

    fn visit<G: Evaluation>(self) -> PlayedOut {
        let Some(start) = self.start.own::<G>() else {
            return PlayedOut::Unfinished;
        };
        let mut position = start.clone();
        let limits = Limits {
            depth: self.depth.clamp(1, 64),
            deadline: None,
            nodes: None,
            quiescence: true,
            mistakes: None,
            soft: None,
        };
        let (stop, mut table) = (AtomicBool::new(false), Table::new(18));
        let weights = crate::engine::Weights::default();
        for _ in 0..self.max_plies {
            if position.is_over() {
                break;
            }
            let best = think(
                &position,
                limits,
                &[],
                weights.of(G::KIND),
                &stop,
                &mut table,
                |_| {},
            );
            let Some(best) = best else {
                break;
            };
            position.apply(&best);
        }
        match position.outcome().and_then(|o| o.winner) {
            Some(winner) if winner == self.side => PlayedOut::Won,
            Some(_) => PlayedOut::Lost,
            None => PlayedOut::Unfinished,
        }
    }
}
