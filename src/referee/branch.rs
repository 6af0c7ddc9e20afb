//! Variations: the walk of a movetext once a `(` has turned up.
//!
//! The walk in `mod.rs` knows nothing of variations but that a `(` hands
//! the rest of the movetext over to [`rest`]: a record without them pays
//! for them one arm of a match. Here every line keeps the position before
//! its last move (lotus: before its last turn), from which a variation
//! after that move is played, in a walk of its own, as strictly as the
//! main line; the position kept is found once, by playing the main line
//! again up to the first `(`. A line keeps one position besides its own,
//! so memory grows with the depth of the variations, and time with their
//! moves.

use super::walk::{Walk, shorten};
use super::watch::Watch;
use super::{Fault, start};
use crate::game::{AnyGame, Game, Numbering};
use crate::record::{ItemKind, Movetext, Read, Record};
use std::ops::Range;

/// A position to reach: a line of the record and a ply along it.
#[derive(Debug)]
pub(super) struct Target<'t> {
    /// The variation taken at each depth, from 1 (see [`super::LineName`]).
    pub(super) path: &'t [u32],
    /// The ply, counted from the start of the game along the line; the
    /// line's end when `None`.
    pub(super) ply: Option<usize>,
}

/// Why the walk of a line ended.
pub(super) enum Flow {
    /// The movetext ended, or a syntax error stopped it.
    End,
    /// A `)` at this offset closed the line.
    Closed(usize),
    /// A fault.
    Fault(Fault),
    /// The walk stops: at the ply to stop after, or at the target.
    Stop,
}

/// One line being walked: the main line or a variation.
pub(super) struct Line<G> {
    /// How deep in variations it is.
    depth: usize,
    /// The position before the move (lotus: the turn) last played, and
    /// the plies before it.
    before: Option<(G, usize)>,
    /// That move's or turn's number, and whether it opened a pair.
    number: (u32, bool),
    /// The spans of the move or of the turn's pawn moves.
    moves: Vec<Range<usize>>,
    /// The variations opened in it so far.
    opened: u32,
    /// It is the target's line or on the way to it.
    on_path: bool,
    /// The position at the target's ply, when the line has passed it or
    /// starts after it.
    at_target: Option<G>,
}

impl<G: Game> Line<G> {
    /// The main line; on the way to any target.
    pub(super) fn main() -> Self {
        Self {
            depth: 0,
            before: None,
            number: (0, true),
            moves: Vec::new(),
            opened: 0,
            on_path: true,
            at_target: None,
        }
    }

    /// Notes the position before a move (pairs) or a turn (lotus) starts.
    fn starts(&mut self, walk: &Walk<'_>, game: &G) {
        let turn = walk.turn(game);
        self.number = (turn.number, turn.opens);
        self.before = Some((game.clone(), walk.plies()));
        self.moves.clear();
    }

    /// The move or turn last played, with its number: `5. b1-b3`,
    /// `5... f6-e5`, `7. r3 g5 o8`.
    fn label(&self, record: &Record) -> String {
        let (number, opens) = self.number;
        let dots = if opens { "." } else { "..." };
        let moves: Vec<&str> = self.moves.iter().map(|m| record.slice(m)).collect();
        shorten(format!("{number}{dots} {}", moves.join(" ")).trim_end())
    }
}

/// Plays `record`'s main line again from the start to the `plies`-th ply,
/// so that `line` knows the position before its last move or turn.
fn replay<G: Game>(record: &Record, plies: usize, line: &mut Line<G>) {
    let Ok(mut game) = start::position::<G>(record) else {
        return;
    };
    let mut walk = Walk::new(record);
    let mut items = record.movetext();
    while walk.plies() < plies {
        let Some(read) = items.next_with(|text| game.read_move_at(text)) else {
            return;
        };
        let (span, read) = match read {
            Read::Move(mv, span) => (span, Some(mv)),
            Read::Item(ItemKind::Move { .. }, span) => (span, None),
            Read::Item(ItemKind::Number { value, dots }, span) => {
                if walk.number(&game, value, dots, span.start).is_some() {
                    return;
                }
                if G::NUMBERING == Numbering::Turns && !game.is_over() {
                    line.starts(&walk, &game);
                }
                continue;
            }
            _ => continue,
        };
        if G::NUMBERING == Numbering::Pairs {
            line.starts(&walk, &game);
        }
        if walk.ply(&mut game, &span, read.as_ref()).is_err() {
            return;
        }
        line.moves.push(span);
    }
}

/// Judges the rest of the movetext from the `(` at `open`, the first of
/// the record, in the main line `walk` reached in `game`: the main line's
/// fault, or one of a variation, if any.
#[inline(never)]
pub(super) fn rest<'r, G: Game>(
    walk: &mut Walk<'r>,
    game: &mut G,
    items: &mut Movetext<'r>,
    watch: &mut Watch<'_>,
    open: usize,
) -> Option<Fault> {
    let record = walk.record();
    let mut line = Line::main();
    replay(record, walk.plies(), &mut line);
    let mut branches = Branches::new(record, items, watch, None);
    let flow = match branches.variation(walk, game, &mut line, open) {
        None => branches.line(walk, game, &mut line),
        Some(flow) => flow,
    };
    match flow {
        Flow::Fault(fault) => Some(fault),
        Flow::End | Flow::Closed(_) | Flow::Stop => None,
    }
}

/// The walk through lines and their variations.
pub(super) struct Branches<'r, 'w, 'o> {
    record: &'r Record,
    items: &'w mut Movetext<'r>,
    watch: &'w mut Watch<'o>,
    watching: bool,
    target: Option<Target<'w>>,
    /// The position at the target, once reached.
    pub(super) reached: Option<Box<dyn AnyGame>>,
    /// The plies of the target's line, when it ends before the target's ply.
    pub(super) short: Option<usize>,
}

impl<'r, 'w, 'o> Branches<'r, 'w, 'o> {
    pub(super) fn new(
        record: &'r Record,
        items: &'w mut Movetext<'r>,
        watch: &'w mut Watch<'o>,
        target: Option<Target<'w>>,
    ) -> Self {
        let watching = watch.is_on();
        Self {
            record,
            items,
            watch,
            watching,
            target,
            reached: None,
            short: None,
        }
    }

    /// Walks `line` on from `game` up to its end, a fault or a stop.
    pub(super) fn line<G: Game>(
        &mut self,
        walk: &mut Walk<'r>,
        game: &mut G,
        line: &mut Line<G>,
    ) -> Flow {
        if line.depth == 0 && self.target.as_ref().and_then(|t| t.ply) == Some(walk.plies()) {
            line.at_target = Some(game.clone());
        }
        loop {
            let Some(read) = self.items.next_with(|text| game.read_move_at(text)) else {
                return Flow::End;
            };
            let (span, glyph, read) = match read {
                Read::Move(mv, span) => (span, 0, Some(mv)),
                Read::Item(ItemKind::Move { glyph }, span) => (span, glyph, None),
                Read::Item(ItemKind::Number { value, dots }, span) => {
                    if let Some(fault) = walk.number(game, value, dots, span.start) {
                        return Flow::Fault(fault);
                    }
                    if G::NUMBERING == Numbering::Turns && !game.is_over() {
                        line.starts(walk, game);
                    }
                    continue;
                }
                Read::Item(ItemKind::Open, span) => {
                    match self.variation(walk, game, line, span.start) {
                        None => continue,
                        Some(flow) => return flow,
                    }
                }
                Read::Item(ItemKind::Close, span) => return Flow::Closed(span.start),
                Read::Item(ItemKind::Result, span) => {
                    walk.result(span);
                    continue;
                }
                Read::Item(ItemKind::Comment, span) => {
                    if self.watching {
                        self.watch.comment(self.record, &span);
                    }
                    continue;
                }
                Read::Item(ItemKind::Nag { .. }, _) => continue,
            };
            if G::NUMBERING == Numbering::Pairs {
                line.starts(walk, game);
            }
            if self.watching {
                self.watch
                    .before(game, self.record, &span, glyph, read.as_ref());
            }
            if let Err(fault) = walk.ply(game, &span, read.as_ref()) {
                return Flow::Fault(fault);
            }
            line.moves.push(span);
            if let Some(flow) = self.played(walk, game, line) {
                return flow;
            }
        }
    }

    /// After a ply of `line`: tells the observer, and stops at the ply to
    /// stop after or at the target.
    fn played<G: Game>(&mut self, walk: &Walk<'r>, game: &G, line: &mut Line<G>) -> Option<Flow> {
        let plies = walk.plies();
        if self.watching {
            self.watch.at_line(line.depth);
            let stops = self.watch.tell(game, self.record, plies);
            if stops && line.depth == 0 {
                return Some(Flow::Stop);
            }
        }
        let target = self.target.as_ref()?;
        if line.on_path && target.ply == Some(plies) {
            if target.path.len() == line.depth {
                self.reached = Some(Box::new(game.clone()));
                return Some(Flow::Stop);
            }
            line.at_target = Some(game.clone());
        }
        None
    }

    /// The variation that the `(` at `open` starts, after the last move
    /// (lotus: turn) of `line`, which `walk` played to `game`: `None` once
    /// it is judged and the line goes on, else how the walk ends.
    pub(super) fn variation<G: Game>(
        &mut self,
        walk: &Walk<'r>,
        game: &G,
        line: &mut Line<G>,
        open: usize,
    ) -> Option<Flow> {
        line.opened += 1;
        if G::NUMBERING == Numbering::Turns && !game.is_over() {
            if let Err(error) = game.check_turn_ends() {
                let mut fault = walk.game_fault(game, open, None, &error);
                fault.code = WITHIN_TURN;
                fault.message = "a variation replaces a whole turn: it must follow the turn's \
                                 last pawn move"
                    .into();
                return Some(Flow::Fault(fault));
            }
        }
        // The record layer lets a `(` stand only after a move of its line,
        // so the position before it is known; were it not, the variation
        // would be passed over unjudged rather than read as its line.
        let Some((before, plies)) = line.before.as_ref() else {
            return self.skip();
        };
        let mut game = before.clone();
        let mut walk = walk.branch(*plies, open);
        let mut inner = Line {
            depth: line.depth + 1,
            on_path: false,
            ..Line::main()
        };
        if let Some(target) = &self.target {
            inner.on_path = line.on_path && target.path.get(line.depth) == Some(&line.opened);
            let is_target = inner.on_path && target.path.len() == inner.depth;
            match target.ply {
                Some(ply) if inner.on_path && ply <= *plies => {
                    inner.at_target = match ply == *plies {
                        true => Some(game.clone()),
                        false => line.at_target.clone(),
                    };
                    if is_target {
                        self.reached = inner
                            .at_target
                            .take()
                            .map(|g| -> Box<dyn AnyGame> { Box::new(g) });
                        return Some(Flow::Stop);
                    }
                }
                _ => {}
            }
        }
        if self.watching {
            self.watch.begin_variation();
        }
        let flow = self.line(&mut walk, &mut game, &mut inner);
        if self.watching {
            self.watch.end_variation();
        }
        let flow = match flow {
            Flow::Closed(at) => self.closed(&walk, &game, &inner, at)?,
            flow => flow,
        };
        Some(match flow {
            Flow::Fault(mut fault) => {
                if let Some(context) = fault.context.as_mut() {
                    context.within.push(line.label(self.record));
                }
                Flow::Fault(fault)
            }
            flow => flow,
        })
    }

    /// Reads past the variation just opened, up to its `)`.
    fn skip(&mut self) -> Option<Flow> {
        let mut depth = 0usize;
        loop {
            match self.items.next()?.kind() {
                ItemKind::Open => depth += 1,
                ItemKind::Close if depth == 0 => return None,
                ItemKind::Close => depth -= 1,
                _ => {}
            }
        }
    }

    /// The end of the variation `line`, closed by the `)` at `at`, which
    /// `walk` played to `game`: `None` when the line around it goes on.
    fn closed<G: Game>(
        &mut self,
        walk: &Walk<'r>,
        game: &G,
        line: &Line<G>,
        at: usize,
    ) -> Option<Flow> {
        if !game.is_over() {
            if let Err(error) = game.check_turn_ends() {
                return Some(Flow::Fault(walk.game_fault(game, at, None, &error)));
            }
        }
        let target = self.target.as_ref()?;
        if !line.on_path || target.path.len() != line.depth {
            return None;
        }
        match target.ply {
            None => self.reached = Some(Box::new(game.clone())),
            Some(_) => self.short = Some(walk.plies()),
        }
        Some(Flow::Stop)
    }
}

/// The code of a lotus variation that does not stand after a whole turn.
pub(super) const WITHIN_TURN: &str = "variation.within-turn";

#[cfg(test)]
#[path = "branch_tests.rs"]
mod tests;
