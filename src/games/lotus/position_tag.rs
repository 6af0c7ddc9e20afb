//! The `Position` tag: any position of a game, written and read.
//! `r:14*,9,0:WY g:6,3,0:- o:A1,17*,12:WWK 2W,5P,10P -WPB o 7 3` is a word
//! per player in turn order (the initial, the pawns in the order they left
//! the start, `*` on each pawn moved in this turn, `A1` to `A4` for the
//! arrival places, then the bouquet or `-`), the flowers on the course by
//! square (or `-`), the four arrival places (`-` once taken), the player to
//! move, the turn number and which pawn move of it is next. kifu.5 and
//! `grammar/lotus.ebnf` describe it; the value read back from a position
//! written is that very position.
//!
//! Its words are read into their parts each on its own: a part that cannot
//! be read is told, and the others are still read. Then come the rules a
//! value must keep: one pawn a square (the start aside), the arrival taken
//! in order, no more flowers than the game has, no flower under a pawn,
//! and the pawns moved in this turn agreeing with the pawn move next. Each
//! rule asks only the parts that could be read.

use super::course::Square;
use super::flowers::{Flower, colours};
use super::{ALWAYS_BLOCKED, Lotus, slot};
use crate::game::{SetupError, TagError};

/// The code of every fault of a `Position` value.
pub(super) const POSITION_CODES: [&str; 13] = [
    "lotus.flowers-and-position",
    "lotus.position-words",
    "lotus.position-player",
    "lotus.position-pawn",
    "lotus.position-pawn-count",
    "lotus.position-hand",
    "lotus.position-course-flower",
    "lotus.position-arrival",
    "lotus.position-mover",
    "lotus.position-turn",
    "lotus.position-shared-square",
    "lotus.position-flower-count",
    "lotus.position-moved",
];

/// The highest turn number a `Position` states.
const MAX_TURN: u32 = 999_999;

/// The code of a record with both `Flowers` and `Position`.
pub(super) const FLOWERS_AND_POSITION: &str = POSITION_CODES[0];

/// A fault of the `Position` tag.
fn fault(code: &'static str, message: String) -> TagError {
    TagError::new("Position", code, message)
}

/// A `Position` value as written: each part that could be read, `None`
/// for a part at fault (its reason is told already).
#[derive(Debug, Default)]
struct Written {
    /// Each player's pawns in turn order: the position as the game keeps
    /// it (the arrival places past the course's end), and whether the
    /// pawn moved in this turn.
    pawns: Vec<Option<Vec<(u16, bool)>>>,
    /// Each player's bouquet, counted by colour in the order of [`Flower::ALL`].
    hands: Vec<Option<[u8; 5]>>,
    /// The flowers on the course, by square.
    course: Option<Vec<(u16, Flower)>>,
    /// The flower on each arrival place, `None` once it is taken.
    arrival: Option<[Option<Flower>; 4]>,
    /// The player to move.
    mover: Option<u8>,
    /// The turn number.
    turn: Option<u32>,
    /// The pawn move of the turn that comes next, 1 to 3.
    pawn_move: Option<u8>,
}

/// The position a `Position` value states, played on the course and by
/// the players of `game`, a start position.
///
/// # Errors
/// Every part that cannot be read, and every rule the position breaks.
pub(super) fn read(game: Lotus, value: &str) -> Result<Lotus, SetupError> {
    let mut reasons = Vec::new();
    let written = parts(&game, value, &mut reasons)?;
    rules(&game, &written, &mut reasons);
    match SetupError::of(reasons) {
        Some(error) => Err(error),
        None => Ok(build(game, &written)),
    }
}

/// Sets the position `written` states, which breaks no rule, on `game`.
fn build(mut game: Lotus, written: &Written) -> Lotus {
    let end = game.end;
    for square in game.squares_mut() {
        square.flower = None;
    }
    let (mut on_start, mut marked, mut index) = (0u16, 0u16, 0usize);
    for pawns in written.pawns.iter().flatten() {
        for &(pos, moved) in pawns {
            // The seats keep each player's pawns together, in turn order.
            game.pawn_slots[index].pos = pos;
            if pos == 0 {
                on_start |= 1 << index;
            } else if pos <= end {
                game.squares_mut()[usize::from(pos)].occupant = index as u8;
            }
            marked |= u16::from(moved) << index;
            index += 1;
        }
    }
    for &(square, flower) in written.course.iter().flatten() {
        game.squares_mut()[usize::from(square)].flower = Some(flower);
    }
    for (player, hand) in written.hands.iter().flatten().enumerate() {
        game.hands[player] = *hand;
        game.held[player] = colours(hand);
    }
    game.on_start = on_start;
    game.occupied = game.occupied_by_scan();
    game.arrival = written.arrival.unwrap_or_default();
    game.arrived = game.pawns().iter().filter(|p| p.pos > end).count() as u16;
    game.finished = game.arrived >= 4;
    game.turn = written.turn.unwrap_or(1);
    game.mover = written.mover.unwrap_or(0);
    game.step = written.pawn_move.unwrap_or(1) - 1;
    // As `end_pawn_move` leaves a turn: the pawns moved are blocked, or
    // kept apart once the mover owes another player's pawn or the game is over.
    let own = game.own[slot(game.mover)];
    (game.moved, game.blocked) = if game.finished {
        (marked, u16::MAX)
    } else if game.step == 2 && marked & !own == 0 {
        (marked, own | ALWAYS_BLOCKED)
    } else {
        (0, marked | ALWAYS_BLOCKED)
    };
    game
}

impl Lotus {
    /// Square 0 (start) to N, to change.
    fn squares_mut(&mut self) -> &mut [Square] {
        if self.short {
            &mut self.cells[..=usize::from(self.end)]
        } else {
            &mut self.long_squares
        }
    }
}

/// The `Position` value of a position: one string, written in one pass.
pub(super) fn value(game: &Lotus) -> String {
    let end = game.end();
    let moved = game.moved_pawns();
    let mut out = String::with_capacity(64 + 12 * game.players.count());
    let mut digits = itoa::Buffer::new();
    for (player, &letter) in game.players.letters().iter().enumerate() {
        out.push(char::from(letter));
        let mut separator = ':';
        for (index, pawn) in game.pawns().iter().enumerate() {
            if usize::from(pawn.owner) != player {
                continue;
            }
            out.push(separator);
            separator = ',';
            if pawn.pos > end {
                out.push('A');
                out.push_str(digits.format(pawn.pos - end));
            } else {
                out.push_str(digits.format(pawn.pos));
            }
            if moved >> index & 1 != 0 {
                out.push('*');
            }
        }
        out.push(':');
        let hand = &game.hands[player];
        if *hand == [0; 5] {
            out.push('-');
        }
        for flower in Flower::ALL {
            for _ in 0..hand[flower.index()] {
                out.push(flower.letter());
            }
        }
        out.push(' ');
    }
    let mut separator = "";
    for (square, at) in game.squares().iter().enumerate() {
        if let Some(flower) = at.flower {
            out.push_str(separator);
            separator = ",";
            out.push_str(digits.format(square));
            out.push(flower.letter());
        }
    }
    if separator.is_empty() {
        out.push('-');
    }
    out.push(' ');
    out.extend(game.arrival.iter().map(|f| f.map_or('-', Flower::letter)));
    out.push(' ');
    out.push(char::from(game.players.letter(game.mover)));
    out.push(' ');
    out.push_str(digits.format(game.turn));
    out.push(' ');
    out.push(char::from(b'1' + game.step));
    out
}

/// Reads every part of `value` for the players and course of `game`;
/// the reason of each part that cannot be read goes to `reasons`.
///
/// # Errors
/// A value without the right number of words: nothing else is read.
fn parts(
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

/// How many flowers of each colour the game has, in the order of [`Flower::ALL`].
const IN_GAME: [u8; 5] = [5, 5, 5, 1, 1];

/// A pawn read: its position as the game keeps it, whether it moved in
/// this turn, its owner's seat.
type Pawn = (u16, bool, usize);

/// Adds to `reasons` every rule the position `written` breaks.
fn rules(game: &Lotus, written: &Written, reasons: &mut Vec<TagError>) {
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

#[cfg(test)]
#[path = "position_tag_tests.rs"]
mod tests;
