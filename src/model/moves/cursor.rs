//! Which move of a tree of moves with variations the referee's next ply
//! stands for: the plies come in the order written, a move of the main
//! line, then the plies of its variations depth first, then the next move.

/// A move that may have variations, each a line of moves like it.
pub trait Branching: Sized {
    /// Its variations, if it has any room for them.
    fn variations_mut(&mut self) -> Option<&mut Vec<Vec<Self>>>;
}

/// Where the last ply told stands in the tree of the main line's move
/// under way: for each depth of variation, which variation of the move
/// above and which move of it; and how many variations of the move at
/// each depth have been entered.
#[derive(Debug, Default)]
pub struct Cursor {
    path: Vec<(usize, usize)>,
    entered: Vec<usize>,
}

impl Cursor {
    /// A ply of the main line: its move is the root.
    pub fn root(&mut self) {
        self.path.clear();
        self.entered.clear();
        self.entered.push(0);
    }

    /// The move of `root`'s tree that a ply `depth` variations deep
    /// stands for: the first of the next variation when it `opens` one,
    /// else the next of its variation. None when the tree has no such
    /// move (or `depth` is 0).
    pub fn step<'n, M: Branching>(
        &mut self,
        root: &'n mut M,
        depth: usize,
        opens: bool,
    ) -> Option<&'n mut M> {
        if opens {
            self.path.truncate(depth.checked_sub(1)?);
            let entered = self.entered.get_mut(depth - 1)?;
            self.path.push((*entered, 0));
            *entered += 1;
        } else {
            self.path.truncate(depth);
            self.path.last_mut()?.1 += 1;
        }
        self.entered.truncate(depth);
        self.entered.push(0);
        let mut node = root;
        for &(variation, index) in &self.path {
            node = node.variations_mut()?.get_mut(variation)?.get_mut(index)?;
        }
        Some(node)
    }
}
