//! A pawn move: which pawn, how far it goes, and what its landing does.

use super::*;

impl Lotus {
    /// Whether the next pawn move must take another player's pawn.
    pub(super) fn owes_other(&self) -> bool {
        let mover = self.mover();
        self.step == 2
            && self.moved[..2]
                .iter()
                .all(|&p| self.pawns[usize::from(p)].owner == mover)
    }

    /// The squares a pawn advances this pawn move, before the last-pawn bonus.
    pub(super) fn base_count(&self) -> u16 {
        u16::from(self.step) + 1
    }

    /// Whether no pawn stands behind this one (rules.md ruling).
    pub(super) fn is_last(&self, pawn: Pawn) -> bool {
        pawn.pos == 0 || !self.pawns.iter().any(|p| p.pos < pawn.pos)
    }

    /// Where a pawn stops after `count` free squares: a square or an arrival place.
    pub(super) fn destination(&self, pawn: Pawn, count: u16) -> u16 {
        let end = self.end();
        let mut left = count;
        let mut square = pawn.pos;
        while square < end {
            square += 1;
            if self.occupant[usize::from(square)] == 0 {
                left -= 1;
                if left == 0 {
                    return square;
                }
            }
        }
        end + self.arrived + 1
    }

    /// The pawn a move names.
    pub(super) fn find_pawn(&self, mv: &LotusMove) -> Result<usize, LotusError> {
        let owner = self.name(mv.owner);
        if mv.from > self.end() {
            return illegal(format!(
                "no such pawn: the course has squares 0 to {} (pawns in the arrival never move again)",
                self.end()
            ));
        }
        if mv.from == 0 {
            return match self
                .pawns
                .iter()
                .position(|p| p.owner == mv.owner && p.pos == 0)
            {
                Some(pawn) => Ok(pawn),
                None => illegal(format!(
                    "no such pawn: {owner} has no pawn on the start square"
                )),
            };
        }
        match self.occupant[usize::from(mv.from)] {
            0 => illegal(format!(
                "no such pawn: square {} is empty, {owner} has no pawn there",
                mv.from
            )),
            p => {
                let pawn = usize::from(p - 1);
                let holder = self.pawns[pawn].owner;
                if holder == mv.owner {
                    Ok(pawn)
                } else {
                    illegal(format!(
                        "no such pawn: the pawn on {} is {}'s, not {owner}'s",
                        mv.from,
                        self.name(holder)
                    ))
                }
            }
        }
    }

    /// Checks a move and returns the pawn, its destination and the landing.
    pub(super) fn resolve(&self, mv: &LotusMove) -> Result<(usize, u16, Landing), LotusError> {
        if self.finished {
            return illegal("the game is over: place 4 is taken");
        }
        let index = self.find_pawn(mv)?;
        let owner = self.name(mv.owner);
        if self.moved[..usize::from(self.step)].contains(&(index as u8)) {
            return illegal(format!(
                "the same pawn twice: {owner}'s pawn on {} has already moved this turn",
                mv.from
            ));
        }
        if mv.owner == self.mover() && self.owes_other() {
            return illegal(
                "three own pawns: at least one of the three pawns must belong to another player",
            );
        }
        let pawn = self.pawns[index];
        let bonus = if self.is_last(pawn) { 2 } else { 0 };
        let dest = self.destination(pawn, self.base_count() + bonus);
        let landing = self.landing(mv.owner, dest);
        self.check_choice(mv, dest, landing)?;
        Ok((index, dest, landing))
    }

    /// Plays a resolved move.
    pub(super) fn play(&mut self, mv: &LotusMove, index: usize, dest: u16, landing: Landing) {
        let owner = usize::from(mv.owner);
        let from = self.pawns[index].pos;
        if from > 0 && from <= self.end() {
            self.occupant[usize::from(from)] = 0;
        }
        self.pawns[index].pos = dest;
        if dest <= self.end() {
            self.occupant[usize::from(dest)] = index as u8 + 1;
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
                self.course_flowers[usize::from(dest)] = None;
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
        }
    }
}
