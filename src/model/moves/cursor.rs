//! Which move of a tree of moves with variations the referee's next ply
//! stands for, from the walk's events ([`crate::referee::Visitor`]): a
//! move of the main line, then its variations, each between its begin and
//! its end, then the next move.

/// A move that may have variations, each a line of moves like it.
pub trait Branching: Sized {
    /// Its variations, if it has any room for them.
    fn variations_mut(&mut self) -> Option<&mut Vec<Vec<Self>>>;
}

/// Where the walk stands in the tree of the main line's move under way:
/// for each variation entered, which variation of the move above it and
/// which of its moves was told last (none yet right after its begin); and,
/// for the move told last at each depth, how many of its variations have
/// begun.
#[derive(Debug, Default)]
pub struct Cursor {
    path: Vec<(usize, Option<usize>)>,
    entered: Vec<usize>,
}

impl Cursor {
    /// A ply of the main line: its move is the root.
    pub fn root(&mut self) {
        self.path.clear();
        self.entered.clear();
        self.entered.push(0);
    }

    /// A variation begins: the next of the variations of the move told
    /// last.
    pub fn begin(&mut self) {
        let Some(entered) = self.entered.last_mut() else {
            return;
        };
        self.path.push((*entered, None));
        *entered += 1;
        self.entered.push(0);
    }

    /// The variation last begun ends: the walk is back in the line around
    /// it, after the move it hangs on.
    pub fn end(&mut self) {
        self.path.pop();
        self.entered.truncate(self.path.len() + 1);
    }

    /// The move of `root`'s tree that the next ply of the variation under
    /// way stands for. None when the tree has no such move, or the walk is
    /// on the main line.
    pub fn step<'n, M: Branching>(&mut self, root: &'n mut M) -> Option<&'n mut M> {
        let (_, told) = self.path.last_mut()?;
        *told = Some(told.map_or(0, |index| index + 1));
        self.entered.truncate(self.path.len());
        self.entered.push(0);
        let mut node = root;
        for &(variation, index) in &self.path {
            node = node.variations_mut()?.get_mut(variation)?.get_mut(index?)?;
        }
        Some(node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move named by its text, with its variations.
    #[derive(Debug, Default)]
    struct Branch(&'static str, Vec<Vec<Branch>>);

    impl Branching for Branch {
        fn variations_mut(&mut self) -> Option<&mut Vec<Vec<Self>>> {
            Some(&mut self.1)
        }
    }

    #[test]
    fn the_events_of_nested_variations_find_each_move() {
        // m (a b (c) d) (e)
        let c = Branch("c", Vec::new());
        let b = Branch("b", vec![vec![c]]);
        let first = vec![Branch("a", Vec::new()), b, Branch("d", Vec::new())];
        let mut m = Branch("m", vec![first, vec![Branch("e", Vec::new())]]);
        let mut cursor = Cursor::default();
        let mut told = Vec::new();
        cursor.root();
        for event in [
            "begin", "ply", "ply", "begin", "ply", "end", "ply", "end", "begin", "ply", "end",
        ] {
            match event {
                "begin" => cursor.begin(),
                "end" => cursor.end(),
                _ => told.push(cursor.step(&mut m).map_or("none", |n| n.0)),
            }
        }
        assert_eq!(told, ["a", "b", "c", "d", "e"]);
        cursor.root();
        assert!(
            cursor.step(&mut m).is_none(),
            "a main-line ply has no place in the tree"
        );
    }
}
