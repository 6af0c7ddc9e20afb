//! The whole turns of a position, on the game's own type, and how good
//! each looks one turn ahead.

use super::Until;
use super::playout::lead;
use crate::game::Game;

/// The most whole turns weighed.
const MAX_TURNS: usize = 50_000;

/// The most plies of one turn, so that a game that never says its turn
/// ended cannot loop.
const MAX_TURN_PLIES: usize = 16;

/// A turn the mover may play, and the position it leads to.
#[derive(Debug, Clone)]
pub(super) struct Candidate<G: Game> {
    /// The turn's plies.
    pub plies: Vec<G::Move>,
    /// The position after them.
    pub after: G,
    /// The mover's lead over the best other player after them.
    pub value: i32,
    /// Whether they end the race with the mover alone in first place:
    /// no other turn places better.
    pub wins: bool,
}

/// The best `keep` turns of `root`'s mover by the lead they give, best
/// first (the turns that win the race before all others, ties in the
/// order found), no two leading to the same position;
/// those found and told apart before `until`, at least one when `root`
/// has a move.
pub(super) fn candidates<G: Game>(root: &G, until: Until<'_>, keep: usize) -> Vec<Candidate<G>> {
    let mover = root.turn().mover.to_owned();
    let mut walk = TurnSearch {
        mover: &mover,
        until,
        found: Vec::new(),
    };
    walk.explore(root, &mut Vec::new());
    let mut found = walk.found;
    found.sort_by_key(|(key, _)| std::cmp::Reverse(*key));
    let mut seen = std::collections::HashSet::new();
    let mut kept = Vec::new();
    for ((wins, value), plies) in found {
        // Many turns may reach few positions: the listing stops at the
        // deadline too, once it has one.
        if kept.len() >= keep || (!kept.is_empty() && until.reached()) {
            break;
        }
        let mut after = root.clone();
        plies.iter().for_each(|ply| after.apply(ply));
        if seen.insert(format!("{after:?}")) {
            kept.push(Candidate {
                plies,
                after,
                value,
                wins,
            });
        }
    }
    kept
}

/// The turn of `root`'s mover whose pawn moves are `plies`, read in the
/// game's notation, when they are legal and make one whole turn.
pub(super) fn given<G: Game>(root: &G, plies: &[String]) -> Option<Candidate<G>> {
    let mover = root.turn().mover.to_owned();
    let mut after = root.clone();
    let mut moves = Vec::new();
    for (at, text) in plies.iter().enumerate() {
        let ended = after.is_over() || after.check_turn_ends().is_ok();
        if at > 0 && ended {
            return None;
        }
        let ply = after.read_move(text.as_bytes()).ok()?;
        after.check_and_apply(&ply).ok()?;
        moves.push(ply);
    }
    if moves.is_empty() || !(after.is_over() || after.check_turn_ends().is_ok()) {
        return None;
    }
    let scores = after.scores();
    let value = lead(scores.as_deref().unwrap_or(&[]), &mover);
    Some(Candidate {
        plies: moves,
        wins: after.is_over() && value > 0,
        after,
        value,
    })
}

/// How a turn ranks among the others: whether it wins the race at once,
/// then the lead it gives.
type Rank = (bool, i32);

/// The turns found so far, each with its rank.
struct TurnSearch<'a, G: Game> {
    mover: &'a str,
    until: Until<'a>,
    found: Vec<(Rank, Vec<G::Move>)>,
}

impl<G: Game> TurnSearch<'_, G> {
    /// Weighs every turn that starts with `turn`, played to `position`.
    fn explore(&mut self, position: &G, turn: &mut Vec<G::Move>) {
        let ended = position.is_over() || position.check_turn_ends().is_ok();
        if !turn.is_empty() && (ended || turn.len() >= MAX_TURN_PLIES) {
            let scores = position.scores();
            let value = lead(scores.as_deref().unwrap_or(&[]), self.mover);
            // A lead is a place alone at the top.
            let wins = position.is_over() && value > 0;
            self.found.push(((wins, value), turn.clone()));
            return;
        }
        for ply in position.legal_moves() {
            if !self.found.is_empty() && self.out_of_time() {
                return;
            }
            let mut next = position.clone();
            next.apply(&ply);
            turn.push(ply);
            self.explore(&next, turn);
            turn.pop();
        }
    }

    /// Whether the turns weighed or the time are used up.
    fn out_of_time(&self) -> bool {
        self.found.len() >= MAX_TURNS || self.until.reached()
    }
}
