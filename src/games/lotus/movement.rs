//! A pawn move: which pawn, how far it goes, and what its landing does.

use super::*;

/// A move checked against the position: what [`Lotus::play`] needs to play it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Resolved {
    /// The pawn, by index.
    pub index: usize,
    /// Where it stops: a square, or past the end an arrival place.
    pub dest: u16,
    /// What its landing asks.
    pub landing: Landing,
}

impl Lotus {
    /// Whether the next pawn move must take another player's pawn.
    pub(super) fn owes_other(&self) -> bool {
        self.step == 2
            && self.moved[..2]
                .iter()
                .all(|&p| self.pawn_slots[usize::from(p)].owner == self.mover)
    }

    /// Whether a pawn already moved in this turn.
    fn moved_this_turn(&self, index: usize) -> bool {
        self.moved[..usize::from(self.step)]
            .iter()
            .any(|&p| usize::from(p) == index)
    }

    /// The squares a pawn advances this pawn move, before the last-pawn bonus.
    pub(super) fn base_count(&self) -> u16 {
        u16::from(self.step) + 1
    }

    /// Whether no pawn stands behind this one (rules.md ruling).
    pub(super) fn is_last(&self, pawn: Pawn) -> bool {
        pawn.pos <= self.rearmost
    }

    /// The lowest position of any pawn.
    fn lowest_position(&self) -> u16 {
        self.pawns().iter().map(|p| p.pos).min().unwrap_or(0)
    }

    /// Where a pawn stops after `count` free squares: a square or an arrival place.
    #[inline]
    pub(super) fn destination(&self, pawn: Pawn, count: u16) -> u16 {
        let ahead = usize::from(pawn.pos) + 1;
        let mut left = count;
        for (square, s) in self.squares.iter().enumerate().skip(ahead) {
            if s.occupant == 0 {
                left -= 1;
                if left == 0 {
                    return square as u16;
                }
            }
        }
        self.end() + self.arrived + 1
    }

    /// The pawn a move names.
    #[inline]
    pub(super) fn find_pawn(&self, mv: &LotusMove) -> Result<usize, LotusError> {
        let found = if mv.from == 0 {
            self.pawns()
                .iter()
                .position(|p| p.owner == mv.owner && p.pos == 0)
        } else {
            self.squares
                .get(usize::from(mv.from))
                .and_then(|square| usize::from(square.occupant).checked_sub(1))
                .filter(|&pawn| self.pawn_slots[pawn].owner == mv.owner)
        };
        found.ok_or_else(|| self.no_such_pawn(mv))
    }

    /// Why a move names no pawn of its owner ([`Lotus::find_pawn`] found none).
    #[cold]
    fn no_such_pawn(&self, mv: &LotusMove) -> LotusError {
        let owner = self.name(mv.owner);
        let message = if mv.from > self.end() {
            format!(
                "no such pawn: the course has squares 0 to {} (pawns in the arrival never move again)",
                self.end()
            )
        } else if mv.from == 0 {
            format!("no such pawn: {owner} has no pawn on the start square")
        } else {
            match self.squares[usize::from(mv.from)].occupant {
                0 => format!(
                    "no such pawn: square {} is empty, {owner} has no pawn there",
                    mv.from
                ),
                p => format!(
                    "no such pawn: the pawn on {} is {}'s, not {owner}'s",
                    mv.from,
                    self.name(self.pawn_slots[usize::from(p - 1)].owner)
                ),
            }
        };
        LotusError(message)
    }

    /// Checks a move and returns the pawn, its destination and the landing.
    #[inline]
    pub(super) fn resolve(&self, mv: &LotusMove) -> Result<Resolved, LotusError> {
        if self.finished {
            return Err(refusal(Refusal::GameOver, self, mv));
        }
        let index = self.find_pawn(mv)?;
        if self.moved_this_turn(index) {
            return Err(refusal(Refusal::SamePawnTwice, self, mv));
        }
        if mv.owner == self.mover && self.owes_other() {
            return Err(refusal(Refusal::ThreeOwnPawns, self, mv));
        }
        let pawn = self.pawn_slots[index];
        let bonus = if self.is_last(pawn) { 2 } else { 0 };
        let dest = self.destination(pawn, self.base_count() + bonus);
        let landing = self.landing(mv.owner, dest);
        self.check_choice(mv, dest, landing)?;
        Ok(Resolved {
            index,
            dest,
            landing,
        })
    }

    /// Plays a resolved move.
    #[inline]
    pub(super) fn play(&mut self, mv: &LotusMove, resolved: Resolved) {
        let Resolved {
            index,
            dest,
            landing,
        } = resolved;
        let owner = usize::from(mv.owner);
        let end = self.end();
        let from = self.pawn_slots[index].pos;
        if from > 0 && from <= end {
            self.squares[usize::from(from)].occupant = 0;
        }
        self.pawn_slots[index].pos = dest;
        if from == self.rearmost {
            self.rearmost = self.lowest_position();
        }
        if dest <= end {
            self.squares[usize::from(dest)].occupant = index as u8 + 1;
        }
        match (landing, mv.choice) {
            (Landing::Arrival(place), _) => {
                self.arrived += 1;
                if let Some(flower) = self
                    .arrival
                    .get_mut(usize::from(place) - 1)
                    .and_then(Option::take)
                {
                    self.hands[owner][flower.index()] += 1;
                }
                if place >= 4 {
                    self.finished = true;
                }
            }
            (Landing::Flower(flower), _) => {
                self.squares[usize::from(dest)].flower = None;
                self.hands[owner][flower.index()] += 1;
            }
            (
                Landing::Frog(true),
                Choice::Exchange {
                    give, with, take, ..
                },
            ) => {
                let with = usize::from(with);
                self.hands[owner][give.index()] -= 1;
                self.hands[owner][take.index()] += 1;
                self.hands[with][take.index()] -= 1;
                self.hands[with][give.index()] += 1;
            }
            (Landing::Stone(true), Choice::Stone(flower)) => {
                self.hands[owner][flower.index()] -= 1;
                self.lay_after(dest, flower);
            }
            _ => {}
        }
        self.moved[usize::from(self.step)] = index as u8;
        self.step += 1;
        if self.step == 3 {
            self.step = 0;
            self.turn += 1;
            self.mover = if usize::from(self.mover) + 1 == self.players.count() {
                0
            } else {
                self.mover + 1
            };
        }
    }
}

/// A rule a move breaks before its landing is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// Place 4 is taken.
    GameOver,
    /// The pawn already moved in this turn.
    SamePawnTwice,
    /// The third pawn move of a turn takes the mover's own pawn again.
    ThreeOwnPawns,
}

/// The error for a broken rule, out of the way of legal moves.
#[cold]
fn refusal(refusal: Refusal, game: &Lotus, mv: &LotusMove) -> LotusError {
    LotusError(match refusal {
        Refusal::GameOver => "the game is over: place 4 is taken".to_owned(),
        Refusal::SamePawnTwice => format!(
            "the same pawn twice: {}'s pawn on {} has already moved this turn",
            game.name(mv.owner),
            mv.from
        ),
        Refusal::ThreeOwnPawns => {
            "three own pawns: at least one of the three pawns must belong to another player"
                .to_owned()
        }
    })
}
