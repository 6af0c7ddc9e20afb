//! A [`GameTree`] built from a record: by listening to the referee's walk
//! of a valid record ([`HeardTree`], its moves and variations), or from
//! its moves as written ([`RecordedMove`], with their glyphs and
//! comments), which an invalid record's moves up to its fault need.
//!
//! A variation replaces the move last played on its line (lotus: the turn
//! that move belongs to), so it hangs at that move, or at the turn's first.

use super::{GameNode, GameTree, NodeId, Place};
use crate::game::{AnyGame, Numbering};
use crate::referee::{Ply, Visitor};

/// A move of a record as written, with its annotations and variations.
pub trait RecordedMove: Sized {
    /// The move as written, without its glyph.
    fn text(&self) -> &str;
    /// Its glyph, if any.
    fn glyph(&self) -> Option<&str>;
    /// Its numeric glyphs.
    fn nags(&self) -> &[u8];
    /// The comments after it.
    fn comments(&self) -> &[&str];
    /// The comments before it, at the start of a variation.
    fn comments_before(&self) -> &[&str];
    /// Its variations, each a line of moves.
    fn variations(&self) -> &[Vec<Self>];
}

/// What [`GameTree::grow`] keeps of the moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Growth {
    /// The variations, not the main line alone.
    pub variations: bool,
    /// The glyphs and comments, not the moves alone.
    pub annotations: bool,
    /// A variation of a variation's first move (or turn) hangs beside
    /// that variation, as one more of the move it replaces, not inside it.
    pub flat: bool,
}

/// Whether a line of moves, and its variations, played whole.
struct Grown {
    line: bool,
    variations: bool,
}

impl GameTree {
    /// Adds the moves of `line` after `from`, up to the first that does
    /// not play, with what `growth` keeps: whether every move of the
    /// variations played (the main line may stop short of its end).
    pub fn grow<M: RecordedMove>(&mut self, from: NodeId, line: &[M], growth: Growth) -> bool {
        let place = self.place_after(from);
        self.grow_line(from, place, line, growth).variations
    }

    /// Adds the moves of `line` after `from`, the first at `place`.
    fn grow_line<M: RecordedMove>(
        &mut self,
        from: NodeId,
        mut place: Place,
        line: &[M],
        growth: Growth,
    ) -> Grown {
        let entry = place;
        let mut head = None;
        let mut at = from;
        let mut variations = true;
        // The first move of the turn under way, which variations replace.
        let mut turn_first: Option<NodeId> = None;
        for written in line {
            let before = self.position(at);
            let opens = before.numbering() == Numbering::Pairs || before.turn().opens;
            let mut game = before.box_clone();
            let Ok(detail) = game.play_detailed(written.text()) else {
                return Grown {
                    line: false,
                    variations,
                };
            };
            let node = GameNode::new(at, place, written.text(), Some(detail), game);
            let id = self.add(at, place, node);
            place = Place::Next;
            if growth.annotations {
                self.set_glyph(id, written.glyph().map(str::to_owned));
                self.set_nags(id, written.nags().to_vec());
                let owned = |texts: &[&str]| texts.iter().map(|&c| c.to_owned()).collect();
                self.set_comments(id, owned(written.comments()));
                self.set_comments_before(id, owned(written.comments_before()));
            }
            if opens || turn_first.is_none() {
                turn_first = Some(id);
            }
            at = id;
            if !growth.variations {
                continue;
            }
            head = head.or(Some(id));
            let replaced = turn_first.unwrap_or(id);
            let parent = self.nodes[replaced.0].parent.unwrap_or(NodeId::START);
            let place = match entry {
                Place::Rival(of) if growth.flat && head == Some(replaced) => Place::Rival(of),
                _ => Place::Rival(replaced),
            };
            for variation in written.variations() {
                let grown = self.grow_line(parent, place, variation, growth);
                variations &= grown.line && grown.variations;
            }
        }
        Grown {
            line: true,
            variations,
        }
    }
}

/// A [`GameTree`] heard from the referee's walk of a record: each ply's
/// move as written (without its glyph), its detail when the walk gives
/// it, and the position after it; each variation between its begin and
/// its end.
#[derive(Debug)]
pub struct HeardTree {
    tree: GameTree,
    /// The lines under way, the main line first.
    lines: Vec<HeardLine>,
}

/// A line of a [`HeardTree`] under way.
#[derive(Debug)]
struct HeardLine {
    /// Its last move, or the node it is played from before its first.
    last: NodeId,
    /// Where its next move hangs.
    place: Place,
    /// The first move of its turn under way.
    turn_first: Option<NodeId>,
    /// Whether its next move begins a turn.
    opens: bool,
    /// A variation of no move: its plies are not kept.
    lost: bool,
}

impl HeardTree {
    /// A tree to hear a walk into, from the record's `start`.
    pub fn new(start: Box<dyn AnyGame>) -> Self {
        Self {
            tree: GameTree::new(start),
            lines: vec![HeardLine {
                last: NodeId::START,
                place: Place::Next,
                turn_first: None,
                opens: false,
                lost: false,
            }],
        }
    }

    /// The tree heard.
    pub fn into_tree(self) -> GameTree {
        self.tree
    }
}

impl Visitor for HeardTree {
    fn ply(&mut self, ply: Ply<'_>) {
        let Some(line) = self.lines.last_mut() else {
            return;
        };
        if line.lost {
            return;
        }
        let node = GameNode::new(
            line.last,
            line.place,
            ply.word.text,
            ply.detail,
            ply.game.box_clone(),
        );
        let id = self.tree.add(line.last, line.place, node);
        if line.opens || line.turn_first.is_none() {
            line.turn_first = Some(id);
        }
        line.last = id;
        line.place = Place::Next;
        line.opens = ply.game.numbering() == Numbering::Pairs || ply.game.turn().opens;
    }

    fn begin_variation(&mut self) {
        // A variation replaces the move (lotus: the turn) last heard.
        let replaced = self.lines.last().and_then(|line| line.turn_first);
        let line = match replaced {
            Some(replaced) => HeardLine {
                last: self.tree.nodes[replaced.0].parent.unwrap_or(NodeId::START),
                place: Place::Rival(replaced),
                turn_first: None,
                opens: false,
                lost: false,
            },
            None => HeardLine {
                last: NodeId::START,
                place: Place::Cut,
                turn_first: None,
                opens: false,
                lost: true,
            },
        };
        self.lines.push(line);
    }

    fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
    }
}
