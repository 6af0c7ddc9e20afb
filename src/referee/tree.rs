//! The walk through a movetext's tree: the main line and its variations,
//! in one loop.
//!
//! [`Tree::main`] walks the main line from the start position. A `(`
//! turns the walk to the variation it opens, played from the position
//! before the move it replaces (lotus: the turn) as strictly as the main
//! line; its `)` turns the walk back to the line around it, where it left
//! off. The lines around the one under way wait on a stack, each with its
//! walk and its position, so that one loop walks every line.
//!
//! To play its variations, a line keeps the position before its last
//! move. The main line does not, which would copy the position at every
//! move of a record without variations, until its first `(`: there it
//! finds that position once, by playing itself again from the start, and
//! keeps it from then on. A line keeps one position besides its own, so
//! memory grows with the depth of the variations, and time with their
//! moves.
//!
//! What the walk does for an observer, a ply to stop after, a position to
//! reach or a variation is out of line (module `watch`, [`Tree::heard`],
//! [`Tree::open`], [`Tree::close`]), behind one flag and the arms of one
//! match: `kifu validate`'s loop carries nothing for them but those.

use super::walk::{Walk, shorten};
use super::watch::Watch;
use super::{Fault, Options, start};
use crate::game::{AnyGame, Game, Numbering};
use crate::record::{ItemKind, Movetext, Read, Record};
use std::mem;
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

/// Why the walk ended.
pub(super) enum Flow {
    /// The movetext ended, or a syntax error stopped it.
    End,
    /// A fault.
    Fault(Fault),
    /// The walk stops: at the ply to stop after, or at the target.
    Stop,
}

/// Where the walk of a movetext ended: how, and the movetext and the
/// main line's walk there.
pub(super) struct Walked<'r> {
    pub(super) flow: Flow,
    pub(super) items: Movetext<'r>,
    pub(super) walk: Walk<'r>,
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
    /// Whether it keeps the position before its last move: the main line
    /// does only from its first `(` on.
    keeps: bool,
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
    fn main() -> Self {
        Self {
            depth: 0,
            before: None,
            number: (0, true),
            moves: Vec::new(),
            keeps: false,
            opened: 0,
            on_path: true,
            at_target: None,
        }
    }

    /// The main line of `record` played again from the start up to its
    /// `plies`-th ply, keeping the position before its last move or turn;
    /// `main`, the main line so far, gives it what it holds for a target.
    #[inline(never)]
    fn replayed(record: &Record, plies: usize, main: &mut Self) -> Self {
        let mut line = Self {
            keeps: true,
            at_target: main.at_target.take(),
            ..Self::main()
        };
        let Ok(mut game) = start::position::<G>(record) else {
            return line;
        };
        let options = Options {
            stop_after: Some(plies),
            details: false,
        };
        let mut watch = Watch::new(options, None);
        let mut walk = Walk::new(record);
        walk.start(&game);
        let mut tree = Tree::new(record, &mut watch, None);
        tree.walk(record.movetext(), walk, &mut game, &mut line);
        line
    }

    /// Before the move that spans `span` is played from `game`: notes it,
    /// and for a game numbered by pairs the position before it.
    fn before_move(&mut self, walk: &Walk<'_>, game: &G, span: &Range<usize>) {
        if G::NUMBERING == Numbering::Pairs {
            self.starts(walk, game);
        }
        self.moves.push(span.clone());
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

/// A line around the variation under way, waiting for its `)`: its walk,
/// its position and itself.
struct Around<'r, G> {
    walk: Walk<'r>,
    game: G,
    line: Line<G>,
}

impl<'r, G> Around<'r, G> {
    /// Turns the walk back to this line.
    fn resume(self, walk: &mut Walk<'r>, game: &mut G, line: &mut Line<G>) {
        *walk = self.walk;
        *game = self.game;
        *line = self.line;
    }
}

/// The walk through the lines of a movetext.
pub(super) struct Tree<'r, 'w, 'o> {
    record: &'r Record,
    watch: &'w mut Watch<'o>,
    /// There is an observer, a ply to stop after or a target.
    watching: bool,
    target: Option<Target<'w>>,
    /// The position at the target, once reached.
    pub(super) reached: Option<Box<dyn AnyGame>>,
    /// The plies of the target's line, when it ends before the target's ply.
    pub(super) short: Option<usize>,
}

impl<'r, 'w, 'o> Tree<'r, 'w, 'o> {
    /// The walk through the movetext of `record`, for `watch` and to
    /// `target`, if any.
    pub(super) fn new(
        record: &'r Record,
        watch: &'w mut Watch<'o>,
        target: Option<Target<'w>>,
    ) -> Self {
        let watching = watch.is_on() || target.is_some();
        Self {
            record,
            watch,
            watching,
            target,
            reached: None,
            short: None,
        }
    }

    /// Walks `items` from `game`, the position `walk` starts at, up to
    /// their end, a fault or a stop.
    pub(super) fn main<G: Game>(
        &mut self,
        items: Movetext<'r>,
        walk: Walk<'r>,
        game: &mut G,
    ) -> Walked<'r> {
        let mut line = Line::main();
        if self.target.is_some() {
            self.at_start(&walk, game, &mut line);
        }
        self.walk(items, walk, game, &mut line)
    }

    /// Where the main `line` starts, in `game`: the position at the
    /// target, when the target's ply is the first.
    #[inline(never)]
    fn at_start<G: Game>(&self, walk: &Walk<'r>, game: &G, line: &mut Line<G>) {
        if self.target.as_ref().and_then(|t| t.ply) == Some(walk.plies()) {
            line.at_target = Some(game.clone());
        }
    }

    /// The loop: walks `items` on from `game` in `line`, and in the
    /// variations they open, up to their end, a fault or a stop.
    ///
    /// The movetext and the walk are its own while it runs, given and
    /// given back: reached through a reference, they were read again
    /// after every move played.
    fn walk<G: Game>(
        &mut self,
        items: Movetext<'r>,
        walk: Walk<'r>,
        game: &mut G,
        line: &mut Line<G>,
    ) -> Walked<'r> {
        let (mut items, mut walk) = (items, walk);
        // The lines around the one under way, the innermost last.
        let mut around: Vec<Around<'r, G>> = Vec::new();
        // Whether the walk does more than play the moves: tell an
        // observer, stop, reach a target, or note the moves of a line that
        // keeps the position before them.
        let mut noting = self.watching || line.keeps;
        let flow = loop {
            if noting {
                if let Some(flow) = self.heard(&walk, game, line) {
                    break flow;
                }
            }
            let Some(read) = items.next_with(|text| game.read_move_at(text)) else {
                break Flow::End;
            };
            // A move word: its span, the length of its glyph, and the move
            // when the quick reader read it.
            let (span, glyph, read) = match read {
                Read::Move(mv, span) => (span, 0, Some(mv)),
                Read::Item(ItemKind::Move { glyph }, span) => (span, glyph, None),
                Read::Item(ItemKind::Number { value, dots }, span) => {
                    if let Some(fault) = walk.number(game, value, dots, span.start) {
                        break Flow::Fault(fault);
                    }
                    if line.keeps && G::NUMBERING == Numbering::Turns && !game.is_over() {
                        line.starts(&walk, game);
                    }
                    continue;
                }
                Read::Item(ItemKind::Open, span) => {
                    if !line.keeps {
                        *line = Line::replayed(self.record, walk.plies(), line);
                        noting = true;
                    }
                    match self.open(&mut items, &mut around, &mut walk, game, line, span.start) {
                        None => continue,
                        Some(flow) => break flow,
                    }
                }
                Read::Item(ItemKind::Close, span) => {
                    match self.close(&mut around, &mut walk, game, line, span.start) {
                        None => continue,
                        Some(flow) => break flow,
                    }
                }
                Read::Item(ItemKind::Result, span) => {
                    walk.result(span);
                    continue;
                }
                Read::Item(ItemKind::Comment, span) => {
                    if noting {
                        self.watch.comment(self.record, &span);
                    }
                    continue;
                }
                Read::Item(ItemKind::Nag { .. }, _) => continue,
            };
            if noting {
                self.before_move(&walk, game, line, &span, glyph, read.as_ref());
            }
            if let Err(fault) = walk.ply(game, &span, read.as_ref()) {
                break Flow::Fault(fault);
            }
        };
        let flow = match around.is_empty() {
            true => flow,
            false => self.unwind(flow, around, &mut walk, game, line),
        };
        Walked { flow, items, walk }
    }

    /// Before the move word that spans `span`, with a glyph of `glyph`
    /// bytes, is played from `game` in `line` (`read` is the move, when the
    /// quick reader read it): keeps what the observer is told of it, and
    /// the line notes it. A move that does not play ends the walk: noted
    /// before it is played, it is never the move a variation follows.
    #[inline(never)]
    fn before_move<G: Game>(
        &mut self,
        walk: &Walk<'r>,
        game: &G,
        line: &mut Line<G>,
        span: &Range<usize>,
        glyph: u8,
        read: Option<&G::Move>,
    ) {
        if self.watching {
            self.watch.before(game, self.record, span, glyph, read);
        }
        if line.keeps {
            line.before_move(walk, game, span);
        }
    }

    /// Before the next item of `line`, or at its end: tells the observer
    /// of the ply last played, if it has not been told yet, and stops at
    /// the ply to stop after (on the main line) or at the target.
    #[inline(never)]
    fn heard<G: Game>(&mut self, walk: &Walk<'r>, game: &G, line: &mut Line<G>) -> Option<Flow> {
        let plies = walk.plies();
        self.watch.at_line(line.depth);
        let played = self.watch.tell(game, self.record, plies);
        if line.depth == 0 && self.watch.stops_after(plies) {
            return Some(Flow::Stop);
        }
        let target = self.target.as_ref().filter(|_| played)?;
        if line.on_path && target.ply == Some(plies) {
            if target.path.len() == line.depth {
                self.reached = Some(Box::new(game.clone()));
                return Some(Flow::Stop);
            }
            line.at_target = Some(game.clone());
        }
        None
    }

    /// The `(` at `open`, after the last move (lotus: turn) of `line`,
    /// which `walk` played to `game`: turns the walk to the variation it
    /// opens, with `line` around it; `None` when the walk goes on, else how
    /// it ends.
    #[inline(never)]
    fn open<G: Game>(
        &mut self,
        items: &mut Movetext<'r>,
        around: &mut Vec<Around<'r, G>>,
        walk: &mut Walk<'r>,
        game: &mut G,
        line: &mut Line<G>,
        open: usize,
    ) -> Option<Flow> {
        line.opened += 1;
        // A game numbered by pairs has no turn to cut short.
        if !game.is_over() {
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
            return skip(items);
        };
        let plies = *plies;
        // Whether it is on the way to a target matters only with one.
        let mut inner = Line {
            depth: line.depth + 1,
            keeps: true,
            ..Line::main()
        };
        if let Some(target) = &self.target {
            inner.on_path = line.on_path && target.path.get(line.depth) == Some(&line.opened);
            match target.ply {
                Some(ply) if inner.on_path && ply <= plies => {
                    inner.at_target = match ply == plies {
                        true => Some(before.clone()),
                        false => line.at_target.clone(),
                    };
                    if target.path.len() == inner.depth {
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
        let position = before.clone();
        let branch = walk.branch(plies, open);
        around.push(Around {
            walk: mem::replace(walk, branch),
            game: mem::replace(game, position),
            line: mem::replace(line, inner),
        });
        None
    }

    /// The `)` at `at`, which closes the variation `line` that `walk`
    /// played to `game`: turns the walk back to the line around it;
    /// `None` when the walk goes on, else how it ends.
    #[inline(never)]
    fn close<G: Game>(
        &mut self,
        around: &mut Vec<Around<'r, G>>,
        walk: &mut Walk<'r>,
        game: &mut G,
        line: &mut Line<G>,
        at: usize,
    ) -> Option<Flow> {
        if self.watching {
            self.watch.end_variation();
        }
        let mut ended = self.closed(walk, game, line, at);
        // The record layer closes only a variation it opened.
        let outer = around.pop()?;
        if let Some(Flow::Fault(fault)) = ended.as_mut() {
            fault_within(fault, &outer.line, self.record);
        }
        outer.resume(walk, game, line);
        ended
    }

    /// How the end of the variation `line`, closed by the `)` at `at`,
    /// which `walk` played to `game`, ends the walk, if it does.
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

    /// The walk ends, as `flow` says, inside the variations that `around`
    /// holds: each ends, and a fault says which it is in; `walk`, `game`
    /// and `line` are the main line's again.
    #[inline(never)]
    fn unwind<G: Game>(
        &mut self,
        mut flow: Flow,
        mut around: Vec<Around<'r, G>>,
        walk: &mut Walk<'r>,
        game: &mut G,
        line: &mut Line<G>,
    ) -> Flow {
        while let Some(outer) = around.pop() {
            if let Flow::Fault(fault) = &mut flow {
                fault_within(fault, &outer.line, self.record);
            }
            if self.watching {
                self.watch.end_variation();
            }
            outer.resume(walk, game, line);
        }
        flow
    }
}

/// Says of `fault` that it stands in the variation after the last move
/// (lotus: turn) of `line`.
fn fault_within<G: Game>(fault: &mut Fault, line: &Line<G>, record: &Record) {
    if let Some(context) = fault.context.as_mut() {
        context.within.push(line.label(record));
    }
}

/// Reads past the variation just opened, up to its `)`.
fn skip(items: &mut Movetext<'_>) -> Option<Flow> {
    let mut depth = 0usize;
    loop {
        match items.next()?.kind() {
            ItemKind::Open => depth += 1,
            ItemKind::Close if depth == 0 => return None,
            ItemKind::Close => depth -= 1,
            _ => {}
        }
    }
}

/// The code of a lotus variation that does not stand after a whole turn.
pub(super) const WITHIN_TURN: &str = "variation.within-turn";

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
