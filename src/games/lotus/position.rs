//! The Lotus position and pawn moves as JSON.

use super::flowers::Flower;
use super::notation::{Choice, LotusMove};
use super::{Lotus, score};
use crate::game::json::lotus::{
    ArrivalPlace, Bouquet, CourseFlower, Exchange, LotusParts, LotusPawn, LotusPlayer, LotusPosition,
};
use crate::game::{MoveDetail, MoveParts, Position};

/// The position: pawns, flowers on the course and the arrival, bouquets and scores.
pub(super) fn position(game: &Lotus) -> Position {
    let end = game.end();
    let letter = |player: u8| char::from(game.players.letter(player));
    let pawns = game
        .pawns()
        .iter()
        .map(|p| LotusPawn {
            owner: letter(p.owner),
            square: (p.pos <= end).then_some(p.pos),
            arrival: (p.pos > end).then(|| p.pos - end),
        })
        .collect();
    let course_flowers = game
        .squares()
        .iter()
        .enumerate()
        .filter_map(|(square, s)| {
            s.flower.map(|f| CourseFlower {
                square,
                flower: f.letter(),
            })
        })
        .collect();
    let arrival = (0..4u16)
        .map(|i| ArrivalPlace {
            place: i + 1,
            flower: game.arrival[usize::from(i)].map(Flower::letter),
            pawn: game
                .pawns()
                .iter()
                .find(|p| p.pos == end + i + 1)
                .map(|p| letter(p.owner)),
        })
        .collect();
    let players = game
        .players
        .names()
        .zip(&game.hands)
        .zip(0u8..)
        .map(|((name, hand), i)| LotusPlayer {
            name: name.into(),
            letter: letter(i),
            flowers: Bouquet {
                white: hand[Flower::White.index()],
                yellow: hand[Flower::Yellow.index()],
                pink: hand[Flower::Pink.index()],
                blue: hand[Flower::Blue.index()],
                black: hand[Flower::Black.index()],
            },
            score: score::score(hand),
        })
        .collect();
    Position::Lotus(LotusPosition {
        position: super::position_tag::value(game),
        course: super::course::value(game.squares()),
        pawns,
        course_flowers,
        arrival,
        players,
        turn: game.turn,
        pawn_move: (!game.finished).then_some(game.step + 1),
        to_move: (!game.finished).then(|| game.name(game.mover()).into()),
    })
}

/// A pawn move's canonical text and parts; `to` is left out and `arrival`
/// is the place when the pawn enters the arrival.
pub(super) fn describe(game: &Lotus, mv: &LotusMove) -> MoveDetail {
    let end = game.end();
    let (to, arrival) = match game.resolve(mv).ok() {
        Some(d) if d > end => (None, Some(d - end)),
        Some(d) => (Some(d), None),
        None => (None, None),
    };
    let exchange = match mv.choice {
        Choice::Exchange {
            give,
            with_letter,
            take,
            ..
        } => Some(Exchange {
            give: give.letter(),
            with: char::from(with_letter),
            take: take.letter(),
        }),
        _ => None,
    };
    let stone = match mv.choice {
        Choice::Stone(f) => Some(f.letter()),
        _ => None,
    };
    MoveDetail::new(
        mv,
        MoveParts::Lotus(LotusParts {
            player: char::from(mv.letter),
            from: mv.from,
            to,
            arrival,
            exchange,
            stone,
        }),
    )
}
