//! Landings: what a pawn's owner takes, exchanges or gives up, and the
//! bracket the record must write for it.

use super::course::Kind;
use super::movement::slot;
use super::notation::{Choice, Flower, LotusMove};
use super::{Lotus, LotusError, LotusIllegal, NO_PAWN, illegal};

/// What a landing asks of the pawn's owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Landing {
    /// The pawn takes this arrival place (1-4).
    Arrival(u16),
    /// The owner takes the flower lying there.
    Flower(Flower),
    /// A frog square; whether an exchange exists.
    Frog(bool),
    /// A stone square; whether the owner holds a flower.
    Stone(bool),
    /// Nothing happens.
    Nothing,
}

impl Lotus {
    /// Whether `owner` can exchange a flower with another player: give a
    /// colour they hold for another colour someone else holds.
    ///
    /// With the colours as bit sets, that fails only when either side holds
    /// nothing, or both hold the one same colour.
    pub(super) fn exchange_exists(&self, owner: u8) -> bool {
        let owner = slot(owner);
        let mine = self.held[owner];
        // The hands' colour sets side by side, one byte each, the owner's
        // cleared, then folded onto one byte.
        let mut theirs = u64::from_le_bytes(self.held) & !(0xff << (8 * owner));
        theirs |= theirs >> 32;
        theirs |= theirs >> 16;
        theirs |= theirs >> 8;
        let theirs = theirs as u8;
        debug_assert!(
            self.hands()
                .iter()
                .zip(&self.held)
                .all(|(hand, &set)| colours(hand) == set),
            "the colour sets follow the hands"
        );
        mine != 0 && theirs != 0 && !(mine == theirs && mine.is_power_of_two())
    }

    /// What landing on `dest` (a square or an arrival place) asks of `owner`.
    #[inline]
    pub(super) fn landing(&self, owner: u8, dest: u16) -> Landing {
        let end = self.end();
        if dest > end {
            return Landing::Arrival(dest - end);
        }
        let square = self.squares()[usize::from(dest)];
        if let Some(flower) = square.flower {
            return Landing::Flower(flower);
        }
        match square.kind {
            Kind::Frog => Landing::Frog(self.exchange_exists(owner)),
            Kind::Stone => Landing::Stone(self.held[slot(owner)] != 0),
            _ => Landing::Nothing,
        }
    }

    /// Checks the bracket against what the landing asks for.
    #[inline]
    pub(super) fn check_choice(
        &self,
        mv: &LotusMove,
        dest: u16,
        landing: Landing,
    ) -> Result<(), LotusError> {
        match (landing, mv.choice) {
            // The moves of a game that is played right.
            (_, Choice::None) if !matches!(landing, Landing::Frog(true) | Landing::Stone(true)) => {
                Ok(())
            }
            (Landing::Stone(true), Choice::Stone(f)) if self.holds(mv.owner, f) => Ok(()),
            (
                Landing::Frog(true),
                Choice::Exchange {
                    give, with, take, ..
                },
            ) if self.may_exchange(mv.owner, give, with, take) => Ok(()),
            _ => self.explain_choice(mv, dest, landing),
        }
    }

    /// Whether `owner` may give `give` to the owner of the frog, `with`,
    /// for its `take`: another player, another colour, both held.
    #[inline]
    pub(super) fn may_exchange(&self, owner: u8, give: Flower, with: u8, take: Flower) -> bool {
        with != owner && give != take && self.holds(owner, give) && self.holds(with, take)
    }

    /// Whether `player` holds a `flower` (no one else than a player does).
    #[inline]
    pub(super) fn holds(&self, player: u8, flower: Flower) -> bool {
        self.held
            .get(usize::from(player))
            .is_some_and(|&colours| colours & flower.bit() != 0)
    }

    /// An exchange `owner` can make, the first in the order of the players
    /// and colours: the flower given, the partner's initial, the flower
    /// taken.
    fn an_exchange(&self, owner: u8) -> Option<(Flower, u8, Flower)> {
        let letters = self.players.letters();
        letters.iter().find_map(|&with| {
            Flower::ALL.into_iter().find_map(|give| {
                (Flower::ALL.into_iter())
                    .find(|&take| self.may_exchange(owner, give, with, take))
                    .map(|take| (give, with, take))
            })
        })
    }

    /// Why the bracket does not fit the landing ([`Lotus::check_choice`]
    /// refused it, or no error is left to find).
    pub(super) fn explain_choice(
        &self,
        mv: &LotusMove,
        dest: u16,
        landing: Landing,
    ) -> Result<(), LotusError> {
        use LotusIllegal as I;
        let owner = || self.named(mv.owner);
        let me = slot(mv.owner);
        let letters = self.players.letters();
        let partner = letters[(me + 1) % letters.len()];
        // An exchange the owner can make (one exists on these paths).
        let example = || {
            self.an_exchange(mv.owner)
                .unwrap_or((Flower::White, partner, Flower::Yellow))
        };
        let square = dest;
        let bracket = !matches!(mv.choice, Choice::None);
        let reason = match (landing, mv.choice) {
            (Landing::Arrival(place), _) if bracket => I::BracketOnArrival { place },
            (Landing::Flower(flower), _) if bracket => I::BracketOnFlower {
                square,
                owner: owner(),
                flower,
            },
            (Landing::Nothing, _) if bracket => I::BracketOnBareSquare {
                square,
                kind: self.squares()[usize::from(dest)].kind,
            },
            (Landing::Frog(false), _) if bracket => I::BracketWithoutExchange {
                square,
                owner: owner(),
            },
            (Landing::Stone(false), _) if bracket => I::BracketWithoutFlower {
                square,
                owner: owner(),
            },
            (Landing::Frog(true), Choice::None) => I::ExchangeDue {
                square,
                owner: owner(),
                example: example(),
            },
            (Landing::Stone(true), Choice::None) => I::FlowerDue {
                square,
                owner: owner(),
                held: (Flower::ALL.into_iter())
                    .find(|&flower| self.holds(mv.owner, flower))
                    .unwrap_or(Flower::Pink),
            },
            (Landing::Frog(true), Choice::Stone(_)) => I::StoneOnFrog {
                square,
                example: example(),
            },
            (Landing::Stone(true), Choice::Exchange { .. }) => I::ExchangeOnStone { square },
            (Landing::Stone(true), Choice::Stone(flower)) => {
                if self.hands[me][flower.index()] > 0 {
                    return Ok(());
                }
                I::NoFlowerToGiveUp {
                    owner: owner(),
                    flower,
                }
            }
            (
                Landing::Frog(true),
                Choice::Exchange {
                    give, with, take, ..
                },
            ) => {
                if with == mv.owner {
                    I::ExchangeWithOneself { owner: owner() }
                } else if give == take {
                    I::SameColours
                } else if self.hands[me][give.index()] == 0 {
                    I::NoFlowerToGive {
                        owner: owner(),
                        flower: give,
                    }
                } else if self.hands[slot(with)][take.index()] == 0 {
                    I::PartnerLacks {
                        partner: self.named(with),
                        flower: take,
                    }
                } else {
                    return Ok(());
                }
            }
            (_, _) => return Ok(()),
        };
        illegal(reason)
    }

    /// Lays a flower given up on `stone`: first plain or lily square after it
    /// holding neither pawn nor flower, or out of the game.
    /// On a short course (`SHORT`) the squares are read in place.
    #[inline]
    pub(super) fn lay_after<const SHORT: bool>(&mut self, stone: u16, flower: Flower) {
        for at in stone + 1..=self.end() {
            let square = self.square_mut::<SHORT>(at);
            if square.kind.holds_flowers() && square.occupant == NO_PAWN && square.flower.is_none()
            {
                square.flower = Some(flower);
                return;
            }
        }
    }

    /// Every choice a landing allows (one `Choice::None` when none is due).
    pub(super) fn choices(&self, owner: u8, landing: Landing) -> Vec<Choice> {
        let hand = &self.hands[slot(owner)];
        match landing {
            Landing::Frog(true) => {
                let mut out = Vec::new();
                for give in Flower::ALL.into_iter().filter(|g| hand[g.index()] > 0) {
                    for (with, theirs) in self.hands().iter().enumerate() {
                        if with == usize::from(owner) {
                            continue;
                        }
                        for take in Flower::ALL {
                            if take != give && theirs[take.index()] > 0 {
                                out.push(Choice::Exchange {
                                    give,
                                    with: with as u8,
                                    with_letter: self.players.letter(with as u8),
                                    take,
                                });
                            }
                        }
                    }
                }
                out
            }
            Landing::Stone(true) => Flower::ALL
                .into_iter()
                .filter(|f| hand[f.index()] > 0)
                .map(Choice::Stone)
                .collect(),
            _ => vec![Choice::None],
        }
    }
}

/// The colours a hand holds, one bit per colour of [`Flower::ALL`]: what
/// `Lotus::held` keeps up to date.
fn colours(hand: &[u8; 5]) -> u8 {
    Flower::ALL
        .into_iter()
        .filter(|f| hand[f.index()] > 0)
        .fold(0, |set, f| set | f.bit())
}
