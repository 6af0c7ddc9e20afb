//! The Lotus position and pawn moves as JSON.

use super::notation::{Choice, Flower, LotusMove};
use super::{Lotus, score};
use crate::game::MoveDetail;
use serde_json::{Value, json};

fn letter(l: u8) -> String {
    char::from(l).to_string()
}

fn flower(f: Flower) -> String {
    f.letter().to_string()
}

/// The position: pawns, flowers on the course and the arrival, bouquets and scores.
pub(super) fn position(game: &Lotus) -> Value {
    let end = game.end();
    let pawns: Vec<Value> = game
        .pawns()
        .iter()
        .map(|p| {
            let owner = letter(game.players.letter(p.owner));
            if p.pos > end {
                json!({"owner": owner, "square": null, "arrival": p.pos - end})
            } else {
                json!({"owner": owner, "square": p.pos, "arrival": null})
            }
        })
        .collect();
    let course_flowers: Vec<Value> = game
        .squares()
        .iter()
        .enumerate()
        .filter_map(|(square, s)| {
            s.flower
                .map(|f| json!({"square": square, "flower": flower(f)}))
        })
        .collect();
    let arrival: Vec<Value> = (0..4u16)
        .map(|i| {
            let pawn = game
                .pawns()
                .iter()
                .find(|p| p.pos == end + i + 1)
                .map(|p| letter(game.players.letter(p.owner)));
            json!({
                "place": i + 1,
                "flower": game.arrival[usize::from(i)].map(flower),
                "pawn": pawn,
            })
        })
        .collect();
    let players: Vec<Value> = game
        .players
        .names()
        .enumerate()
        .map(|(i, name)| {
            let hand = &game.hands[i];
            let flowers: serde_json::Map<String, Value> = Flower::ALL
                .iter()
                .map(|f| (flower(*f), json!(hand[f.index()])))
                .collect();
            json!({
                "name": name,
                "letter": letter(game.players.letter(i as u8)),
                "flowers": flowers,
                "score": score::score(hand),
            })
        })
        .collect();
    json!({
        "course": super::course::value(game.squares()),
        "pawns": pawns,
        "course_flowers": course_flowers,
        "arrival": arrival,
        "players": players,
        "turn": game.turn,
        "pawn_move": if game.finished { None } else { Some(game.step + 1) },
        "to_move": if game.finished { None } else { Some(game.name(game.mover())) },
    })
}

/// A pawn move's canonical text and parts; `to` is null and `arrival` the
/// place when the pawn enters the arrival.
pub(super) fn describe(game: &Lotus, mv: &LotusMove) -> MoveDetail {
    let dest = game.resolve(mv).ok();
    let end = game.end();
    let (to, arrival) = match dest {
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
        } => json!({"give": flower(give), "with": letter(with_letter), "take": flower(take)}),
        _ => Value::Null,
    };
    let stone = match mv.choice {
        Choice::Stone(f) => json!(flower(f)),
        _ => Value::Null,
    };
    MoveDetail {
        normalized: mv.to_string(),
        parts: json!({
            "player": letter(mv.letter),
            "from": mv.from,
            "to": to,
            "arrival": arrival,
            "exchange": exchange,
            "stone": stone,
        }),
    }
}
