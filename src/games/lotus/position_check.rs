//! The rules a `Position` value must keep once read: one pawn a square
//! (the start aside), the arrival taken in order, no more flowers than the
//! game has, no flower under a pawn, and the pawns moved in this turn
//! agreeing with the pawn move next. Each rule asks only the parts that
//! could be read.

use super::super::Lotus;
use super::super::notation::Flower;
use super::{Written, fault};
use crate::game::TagError;

/// How many flowers of each colour the game has, in the order of [`Flower::ALL`].
const IN_GAME: [u8; 5] = [5, 5, 5, 1, 1];

/// A pawn read: its position as the game keeps it, whether it moved in
/// this turn, its owner's seat.
type Pawn = (u16, bool, usize);

/// Adds to `reasons` every rule the position `written` breaks.
pub(super) fn rules(game: &Lotus, written: &Written, reasons: &mut Vec<TagError>) {
    let pawns: Vec<Pawn> = (written.pawns.iter().enumerate())
        .flat_map(|(seat, pawns)| {
            let pawns = pawns.iter().flatten();
            pawns.map(move |&(pos, moved)| (pos, moved, seat))
        })
        .collect();
    let every_pawn = written.pawns.iter().all(Option::is_some);
    let sound_places = shared_squares(game, &pawns, reasons);
    if let Some(arrival) = &written.arrival {
        if every_pawn && sound_places {
            taken_places(game, &pawns, arrival, reasons);
        }
        arrival_flowers(arrival, reasons);
    }
    flower_count(written, reasons);
    if let Some(course) = &written.course {
        for &(square, flower) in course {
            if let Some(&(_, _, seat)) = pawns.iter().find(|p| p.0 == square) {
                let message = format!(
                    "square {square} holds {}'s pawn and a flower ({}): a pawn takes the flower of the square it lands on",
                    game.players.name(seat as u8),
                    flower.letter()
                );
                reasons.push(fault("lotus.position-course-flower", message));
            }
        }
    }
    moved_pawns(game, written, &pawns, every_pawn, reasons);
}

/// Tells every square and arrival place that holds more than one pawn;
/// whether no arrival place does.
fn shared_squares(game: &Lotus, pawns: &[Pawn], reasons: &mut Vec<TagError>) -> bool {
    let end = game.end();
    let mut taken: Vec<(u16, usize)> = pawns
        .iter()
        .filter(|p| p.0 > 0)
        .map(|&(pos, _, seat)| (pos, seat))
        .collect();
    taken.sort_unstable();
    let mut sound_places = true;
    for shared in taken.chunk_by(|a, b| a.0 == b.0).filter(|s| s.len() > 1) {
        let owners: Vec<String> = shared
            .iter()
            .map(|&(_, seat)| format!("{}'s", game.players.name(seat as u8)))
            .collect();
        let (pos, n, owners) = (shared[0].0, shared.len(), owners.join(" and "));
        let message = if pos > end {
            sound_places = false;
            format!(
                "arrival place {} holds {n} pawns, {owners}: each place holds one",
                pos - end
            )
        } else {
            format!("square {pos} holds {n} pawns, {owners}: only the start holds more than one")
        };
        reasons.push(fault("lotus.position-shared-square", message));
    }
    sound_places
}

/// The arrival as written, `-WPB`.
fn arrival_text(arrival: &[Option<Flower>; 4]) -> String {
    arrival.iter().map(|f| f.map_or('-', Flower::letter)).collect()
}

/// Checks that the pawns in the arrival hold places 1, 2... in order, and
/// that the places they hold, and only those, are written taken.
fn taken_places(
    game: &Lotus,
    pawns: &[Pawn],
    arrival: &[Option<Flower>; 4],
    reasons: &mut Vec<TagError>,
) {
    let end = game.end();
    let mut places: Vec<u16> = pawns
        .iter()
        .filter(|p| p.0 > end)
        .map(|p| p.0 - end)
        .collect();
    places.sort_unstable();
    if places.iter().zip(1..).any(|(&place, expected)| place != expected) {
        let list: Vec<String> = places.iter().map(u16::to_string).collect();
        let message = format!(
            "the pawns in the arrival hold places {}: the places are taken in order, from place 1",
            list.join(", ")
        );
        reasons.push(fault("lotus.position-arrival", message));
        return;
    }
    let k = places.len();
    if arrival.iter().enumerate().any(|(i, f)| (i < k) != f.is_none()) {
        let taken = match k {
            0 => "no pawn is in the arrival, so every place still holds its flower".to_owned(),
            1 => "1 pawn is in the arrival, so place 1 is taken (-) and the others still hold their flowers".to_owned(),
            _ => format!(
                "{k} pawns are in the arrival, so places 1 to {k} are taken (-) and the others still hold their flowers"
            ),
        };
        let message = format!("{:?}: {taken}", arrival_text(arrival));
        reasons.push(fault("lotus.position-arrival", message));
    }
}

/// Checks the flowers still on the arrival places: the blue one on place
/// 4, and one each of pink, white and yellow at most on places 1 to 3.
fn arrival_flowers(arrival: &[Option<Flower>; 4], reasons: &mut Vec<TagError>) {
    let text = arrival_text(arrival);
    if arrival[3].is_some_and(|f| f != Flower::Blue) {
        let message = format!("{text:?}: place 4 holds the blue flower (B) until a pawn takes it");
        reasons.push(fault("lotus.position-arrival", message));
    }
    let first = &arrival[..3];
    let odd = first.iter().flatten().any(|f| f.index() >= 3);
    let twice = (first.iter().enumerate())
        .any(|(i, f)| f.is_some() && first[..i].contains(f));
    if odd || twice {
        let message = format!(
            "{text:?}: places 1 to 3 hold a pink, a white and a yellow flower (P, W, Y), one of each, until they are taken"
        );
        reasons.push(fault("lotus.position-arrival", message));
    }
}

/// Checks that no colour has more flowers, in the bouquets, on the course
/// and in the arrival, than the game has.
fn flower_count(written: &Written, reasons: &mut Vec<TagError>) {
    let mut counts = [0u32; 5];
    for hand in written.hands.iter().flatten() {
        for (count, &n) in counts.iter_mut().zip(hand) {
            *count += u32::from(n);
        }
    }
    let course = written.course.iter().flatten().map(|&(_, f)| f);
    for flower in course.chain(written.arrival.iter().flatten().flatten().copied()) {
        counts[flower.index()] += 1;
    }
    for flower in Flower::ALL {
        let (n, most) = (counts[flower.index()], IN_GAME[flower.index()]);
        if n > u32::from(most) {
            let message = format!(
                "{n} {} flowers in the bouquets, on the course and in the arrival: the game has {most}",
                flower.name()
            );
            reasons.push(fault("lotus.position-flower-count", message));
        }
    }
}

/// Checks the pawns marked `*`: none on the start, and as many as the
/// pawn moves of the turn already made.
fn moved_pawns(
    game: &Lotus,
    written: &Written,
    pawns: &[Pawn],
    every_pawn: bool,
    reasons: &mut Vec<TagError>,
) {
    for &(_, _, seat) in pawns.iter().filter(|p| p.1 && p.0 == 0) {
        let message = format!(
            "{}'s pawn on the start is marked *: a pawn that moved in this turn has left the start",
            game.players.name(seat as u8)
        );
        reasons.push(fault("lotus.position-moved", message));
    }
    let Some(pawn_move) = written.pawn_move.filter(|_| every_pawn) else {
        return;
    };
    let marked = pawns.iter().filter(|p| p.1).count();
    let made = usize::from(pawn_move - 1);
    if marked != made {
        let expected = match made {
            0 => "no pawn has moved in it (none is marked *)".to_owned(),
            1 => "1 pawn has moved in it (marked *)".to_owned(),
            _ => format!("{made} pawns have moved in it (marked *)"),
        };
        let message =
            format!("pawn move {pawn_move} of the turn is next, so {expected}, not {marked}");
        reasons.push(fault("lotus.position-moved", message));
    }
}
