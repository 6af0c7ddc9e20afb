//! Reads the words of a `Position` value into its parts, each on its own:
//! a part that cannot be read is told, and the others are still read.

use super::super::Lotus;
use super::super::notation::Flower;
use super::{MAX_TURN, Written, fault};
use crate::game::{SetupError, TagError};

/// Reads every part of `value` for the players and course of `game`;
/// the reason of each part that cannot be read goes to `reasons`.
///
/// # Errors
/// A value without the right number of words: nothing else is read.
pub(super) fn parts(
    game: &Lotus,
    value: &str,
    reasons: &mut Vec<TagError>,
) -> Result<Written, SetupError> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let players = game.players.count();
    let Some((groups, [course, arrival, mover, turn, pawn_move])) = split_last(&words) else {
        return Err(words_fault(value, players).into());
    };
    if groups.len() != players {
        return Err(words_fault(value, players).into());
    }
    let mut written = Written::default();
    for (player, word) in groups.iter().enumerate() {
        let (pawns, hand) = match player_word(game, player, word) {
            Ok((pawns, hand)) => (
                read_pawns(game, player, pawns).map_err(|e| reasons.push(e)).ok(),
                read_hand(game, player, hand).map_err(|e| reasons.push(e)).ok(),
            ),
            Err(reason) => {
                reasons.push(reason);
                (None, None)
            }
        };
        written.pawns.push(pawns);
        written.hands.push(hand);
    }
    written.course = read_course(game, course, reasons);
    written.arrival = read_arrival(arrival).map_err(|e| reasons.push(e)).ok();
    written.mover = game.players.seat(single_byte(mover)).map_or_else(
        || {
            let initials = game.players.letters().iter().map(|&l| char::from(l));
            let initials: Vec<String> = initials.map(String::from).collect();
            let message = format!(
                "{mover:?}: the player to move is one of {}, by initial",
                initials.join(", ")
            );
            reasons.push(fault("lotus.position-mover", message));
            None
        },
        Some,
    );
    written.turn = number(turn)
        .filter(|n| (1..=MAX_TURN).contains(n))
        .or_else(|| {
            let message = format!("{turn:?}: the turn number is a number from 1 to {MAX_TURN}");
            reasons.push(fault("lotus.position-turn", message));
            None
        });
    written.pawn_move = match pawn_move {
        "1" | "2" | "3" => Some(pawn_move.as_bytes()[0] - b'0'),
        _ => {
            let message = format!(
                "{pawn_move:?}: the pawn move next in the turn is 1, 2 or 3 (a turn is three pawn moves)"
            );
            reasons.push(fault("lotus.position-turn", message));
            None
        }
    };
    Ok(written)
}

/// The words before the last five, and the last five.
fn split_last<'a, 'w>(words: &'w [&'a str]) -> Option<(&'w [&'a str], [&'a str; 5])> {
    let (groups, last) = words.split_at_checked(words.len().checked_sub(5)?)?;
    Some((groups, last.try_into().ok()?))
}

/// Why `value` does not have a word per player and five more.
fn words_fault(value: &str, players: usize) -> TagError {
    let message = format!(
        "{value:?}: expected {} words: one per player (initial:pawns:flowers), then the flowers on the course, the arrival, the player to move, the turn number and its pawn move (1 to 3)",
        players + 5
    );
    fault("lotus.position-words", message)
}

/// The one byte of a word of one byte (0 for any other word).
fn single_byte(word: &str) -> u8 {
    match word.as_bytes() {
        [byte] => *byte,
        _ => 0,
    }
}

/// A number without sign or leading zeros, of at most seven digits.
fn number(text: &str) -> Option<u32> {
    let bytes = text.as_bytes();
    let well_formed = !bytes.is_empty()
        && bytes.len() <= 7
        && bytes.iter().all(u8::is_ascii_digit)
        && (bytes[0] != b'0' || bytes.len() == 1);
    well_formed.then(|| bytes.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

/// The pawns and the bouquet of the word of the player in `seat`:
/// `r:14*,9,0:WY`.
fn player_word<'a>(game: &Lotus, seat: usize, word: &'a str) -> Result<(&'a str, &'a str), TagError> {
    let letter = char::from(game.players.letter(seat as u8));
    let mut parts = word.split(':');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(initial), Some(pawns), Some(hand), None)
            if initial.len() == 1 && initial.starts_with(letter) =>
        {
            Ok((pawns, hand))
        }
        _ => {
            let name = game.players.name(seat as u8);
            let message = format!(
                "{word:?}: the players' words come in the order of Players, and word {} is {name}'s: {letter}:, the pawns, :, the flowers, like \"{letter}:0,0,0:-\"",
                seat + 1
            );
            Err(fault("lotus.position-player", message))
        }
    }
}

/// The pawns of the player in `seat`, as the game keeps their positions.
fn read_pawns(game: &Lotus, seat: usize, text: &str) -> Result<Vec<(u16, bool)>, TagError> {
    let end = game.end();
    let name = game.players.name(seat as u8);
    let expected = game.pawns().iter().filter(|p| usize::from(p.owner) == seat).count();
    let mut pawns = Vec::with_capacity(expected);
    for pawn in text.split(',') {
        let (at, moved) = match pawn.strip_suffix('*') {
            Some(at) => (at, true),
            None => (pawn, false),
        };
        let pos = match at.strip_prefix('A') {
            Some(place) => number(place)
                .filter(|p| (1..=4).contains(p))
                .map(|p| u32::from(end) + p),
            None => number(at).filter(|&square| square <= u32::from(end)),
        };
        let Some(pos) = pos.and_then(|p| u16::try_from(p).ok()) else {
            let message = format!(
                "{pawn:?}: {name}'s pawn stands on a square from 0 (the start) to {end}, or on an arrival place A1 to A4, with * when it moved in this turn"
            );
            return Err(fault("lotus.position-pawn", message));
        };
        pawns.push((pos, moved));
    }
    if pawns.len() != expected {
        let message = format!(
            "{text:?}: {name} has {expected} pawns, not {}, with {} players",
            pawns.len(),
            game.players.count()
        );
        return Err(fault("lotus.position-pawn-count", message));
    }
    Ok(pawns)
}

/// The bouquet of the player in `seat`: flower letters, or `-` for none.
fn read_hand(game: &Lotus, seat: usize, text: &str) -> Result<[u8; 5], TagError> {
    let mut hand = [0u8; 5];
    if text == "-" {
        return Ok(hand);
    }
    let mut read = !text.is_empty();
    for byte in text.bytes() {
        match Flower::from_letter(byte) {
            Some(flower) => hand[flower.index()] = hand[flower.index()].saturating_add(1),
            None => read = false,
        }
    }
    if !read {
        let name = game.players.name(seat as u8);
        let message = format!(
            "{text:?}: {name}'s flowers are letters W, Y, P, B and K, like WWK, or - for none"
        );
        return Err(fault("lotus.position-hand", message));
    }
    Ok(hand)
}

/// The flowers on the course, `2W,5P,10P` or `-`; the reason of each one
/// that cannot be read, or cannot lie there, goes to `reasons`.
fn read_course(game: &Lotus, text: &str, reasons: &mut Vec<TagError>) -> Option<Vec<(u16, Flower)>> {
    if text == "-" {
        return Some(Vec::new());
    }
    let end = game.end();
    let mut flowers: Vec<(u16, Flower)> = Vec::new();
    let mut sound = true;
    for item in text.split(',') {
        let mut fail = |message: String| {
            reasons.push(fault("lotus.position-course-flower", message));
            sound = false;
        };
        let read = match item.as_bytes() {
            [.., last] => Flower::from_letter(*last)
                .zip(item.get(..item.len() - 1).and_then(number)),
            [] => None,
        };
        let Some((flower, square)) = read else {
            fail(format!(
                "{item:?}: a flower on the course is its square and its letter (W, Y, P, B or K), like 13Y, or - for none"
            ));
            continue;
        };
        let Some(square) = u16::try_from(square).ok().filter(|s| (1..=end).contains(s)) else {
            fail(format!("{item:?}: the course has squares 1 to {end}"));
            continue;
        };
        let kind = game.squares()[usize::from(square)].kind;
        if !kind.holds_flowers() {
            fail(format!(
                "{item:?}: square {square} is a {} square, and flowers lie only on plain and lily squares",
                kind.name()
            ));
        } else if flowers.iter().any(|&(s, _)| s == square) {
            fail(format!("{item:?}: square {square} holds one flower at most"));
        } else {
            flowers.push((square, flower));
        }
    }
    sound.then_some(flowers)
}

/// The four arrival places: a flower letter, or `-` once taken.
fn read_arrival(text: &str) -> Result<[Option<Flower>; 4], TagError> {
    let mut places = [None; 4];
    let bytes = text.as_bytes();
    let read = bytes.len() == 4
        && places.iter_mut().zip(bytes).all(|(place, &b)| {
            *place = Flower::from_letter(b);
            b == b'-' || place.is_some()
        });
    if !read {
        let message = format!(
            "{text:?}: the arrival is its four places, each the flower lying there or - once taken, like -WPB"
        );
        return Err(fault("lotus.position-arrival", message));
    }
    Ok(places)
}
