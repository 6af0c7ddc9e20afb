//! The setup stage: the tags read into a [`Setup`], which is then judged
//! and becomes the start position; and the `Position` tag, any position,
//! read and written.

use super::Shogun;
use super::board::{DEFAULT_DISCS, Discs, Kind, Side, square_name};
pub(super) use super::values::discs_value;
use super::values::{
    ROTATIONS, check_discs, home_rank, read_discs, read_first, read_ranks, read_rotation,
    rotation_error, setup_error,
};
use crate::game::{SetupError, TagError, Tags};

/// A Shogun start position as the tags state it, not yet judged: what
/// `Game::read_setup` reads, and `Game::from_setup` checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces: the home ranks (`Setup`) or any position (`Position`).
    pub placement: Placement,
    /// The side the `First` tag names, if it is there.
    pub first: Option<Side>,
    /// The board's turn in degrees (`Rotation`): 0, 90, 180 or 270.
    pub rotation: u16,
    /// The numbers each kind shows on magnet types A, B, C and D (`Discs`).
    pub discs: Discs,
}

/// Where the pieces of a [`Setup`] stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// The kinds on White's rank 1, then on Red's rank 8, from file a.
    Ranks([[Kind; 8]; 2]),
    /// Any position: what stands on each square, from a1, and who moves.
    Position {
        /// The piece on each square, by index `rank * 8 + file`.
        squares: [Option<(Side, Kind)>; 64],
        /// The side to move.
        to_move: Side,
    },
}

/// Reads the tags into a setup; a fault for every tag that cannot be read.
pub(super) fn read_setup(tags: Tags<'_>) -> Result<Setup, SetupError> {
    let mut reasons = Vec::new();
    let mut setup = Setup {
        placement: Placement::Ranks(DEFAULT_RANKS),
        first: None,
        rotation: 0,
        discs: DEFAULT_DISCS,
    };
    let mut keep = |fault| reasons.push(fault);
    if let Some(value) = tags.get("Rotation") {
        read_rotation(value).map_or_else(&mut keep, |r| setup.rotation = r);
    }
    if let Some(value) = tags.get("Discs") {
        read_discs(value).map_or_else(&mut keep, |d| setup.discs = d);
    }
    if let Some(value) = tags.get("First") {
        read_first(value).map_or_else(&mut keep, |f| setup.first = Some(f));
    }
    match (tags.get("Setup"), tags.get("Position")) {
        (Some(_), Some(_)) => keep(position_error(
            "shogun.setup-and-position",
            "a record has Setup or Position, never both".into(),
        )),
        (None, Some(value)) => {
            read_position(value).map_or_else(&mut keep, |p| setup.placement = p);
        }
        (Some(value), None) => match read_ranks(value) {
            Ok(ranks) => setup.placement = Placement::Ranks(ranks),
            Err(faults) => faults.into_iter().for_each(&mut keep),
        },
        (None, None) => {}
    }
    if reasons.is_empty() {
        return Ok(setup);
    }
    // Whatever else is wrong, the pieces read are judged too.
    reasons.extend(placement_faults(&setup.placement));
    SetupError::of(reasons).map_or(Ok(setup), Err)
}

/// What is wrong with where the pieces stand, whatever the other tags
/// say: each count of a kind that is wrong, for each side, and a home
/// rank's one Shogun off its square.
fn placement_faults(placement: &Placement) -> Vec<TagError> {
    let mut reasons = Vec::new();
    for side in [Side::White, Side::Red] {
        reasons.extend(count_faults(side, side_counts(placement, side)));
    }
    if let Placement::Ranks(ranks) = placement {
        for (side, rank) in [Side::White, Side::Red].into_iter().zip(ranks) {
            reasons.extend(shogun_off_its_square(side, rank));
        }
    }
    reasons
}

/// How many pieces of each kind `side` has in `placement`, and whether
/// they must be exactly the start's (a setup) or at most (a position).
fn side_counts(placement: &Placement, side: Side) -> ([u32; 4], bool) {
    match placement {
        Placement::Ranks(ranks) => (count(ranks[side.index()].iter()), true),
        Placement::Position { squares, .. } => {
            let owned = squares.iter().flatten().filter(|(owner, _)| *owner == side);
            (count(owned.map(|(_, kind)| kind)), false)
        }
    }
}

/// The home ranks of `values::DEFAULT_SETUP`, the setup of a record without
/// a `Setup` tag.
const DEFAULT_RANKS: [[Kind; 8]; 2] = {
    use Kind::{S, X, Y, Z};
    [[X, X, Y, Z, S, Z, Y, X], [X, Y, Z, S, Z, Y, X, X]]
};

/// Judges a setup: the position it states, or every reason it is not a
/// legal start (each one that does not follow from another).
pub(super) fn from_setup(setup: Setup) -> Result<Shogun, SetupError> {
    let Setup {
        placement,
        first,
        rotation,
        discs,
    } = setup;
    let mut reasons = Vec::new();
    if !ROTATIONS.contains(&rotation) {
        reasons.push(rotation_error(&rotation.to_string()));
    }
    reasons.extend(check_discs(&discs));
    // The attack test needs the numbers the pieces show, and a Shogun a side.
    let mut attack_test = reasons.is_empty();
    let to_move = match &placement {
        Placement::Ranks(_) => first.unwrap_or(Side::White),
        Placement::Position { to_move, .. } => *to_move,
    };
    let mut game = Shogun::empty(to_move, discs, rotation);
    reasons.extend(placement_faults(&placement));
    for side in [Side::White, Side::Red] {
        attack_test &= side_counts(&placement, side).0[Kind::S.index()] == 1;
    }
    match placement {
        Placement::Ranks(ranks) => {
            for (side, rank) in [Side::White, Side::Red].into_iter().zip(ranks) {
                for (file, kind) in rank.into_iter().enumerate() {
                    game.put(home_rank(side) * 8 + file, side, kind);
                }
            }
        }
        Placement::Position { squares, .. } => {
            for (square, piece) in squares.into_iter().enumerate() {
                if let Some((side, kind)) = piece {
                    game.put(square, side, kind);
                }
            }
            if attack_test {
                reasons.extend(waiting_side_attacked(&game));
            }
            match first {
                Some(side) if side != to_move => reasons.push(TagError::new(
                    "First",
                    "shogun.first-disagrees",
                    format!(
                        "{:?} disagrees with the Position tag, where {} is to move",
                        side.name().to_lowercase(),
                        to_move.name()
                    ),
                )),
                // Move numbers count the first side's move first: without
                // a First tag that is White, so Red to move opens with
                // `1...`.
                Some(_) => {}
                None => game.plies = u32::from(to_move == Side::Red),
            }
        }
    }
    if let Some(error) = SetupError::of(reasons) {
        return Err(error);
    }
    game.count_others();
    game.settle();
    Ok(game)
}

/// How many pieces of each kind there are among `kinds`.
fn count<'a>(kinds: impl Iterator<Item = &'a Kind>) -> [u32; 4] {
    let mut counts = [0; 4];
    for kind in kinds {
        counts[kind.index()] += 1;
    }
    counts
}

/// What is wrong with a side's pieces, counted by kind: exactly as many
/// of each kind as at the start (`exact`, for a setup), or at most as many
/// but one Shogun (a position). Each kind that is wrong.
fn count_faults(side: Side, (counts, exact): ([u32; 4], bool)) -> Vec<TagError> {
    let (tag, code) = if exact {
        ("Setup", "shogun.setup-count")
    } else {
        ("Position", "shogun.position-count")
    };
    Kind::ALL.into_iter().filter_map(|kind| {
        let (n, want) = (counts[kind.index()], kind.count());
        let exactly = kind == Kind::S || exact;
        let wrong = if exactly { n != want } else { n > want };
        wrong.then(|| {
            let bound = if exactly { "exactly" } else { "at most" };
            TagError::new(
                tag,
                code,
                format!(
                    "{} has {n} {}; a side has {bound} {want}",
                    side.name(),
                    plural(kind, n)
                ),
            )
        })
    })
    .collect()
}

fn plural(kind: Kind, n: u32) -> String {
    match (kind, n) {
        (Kind::S, 1) => "Shogun".to_owned(),
        (Kind::S, _) => "Shoguns".to_owned(),
        (k, 1) => k.noun().to_owned(),
        (k, _) => format!("{}s", k.noun()),
    }
}

/// Whether the one Shogun of a side's home rank stands off its square (e1
/// for White, d8 for Red).
fn shogun_off_its_square(side: Side, rank: &[Kind; 8]) -> Option<TagError> {
    let mut shoguns = rank.iter().enumerate().filter(|(_, k)| **k == Kind::S);
    let (file, _) = shoguns.next()?;
    let home = home_rank(side) * 8 + if side == Side::White { 4 } else { 3 };
    let square = home_rank(side) * 8 + file;
    (shoguns.next().is_none() && square != home).then(|| {
        setup_error(
            "shogun.setup-shogun-square",
            format!(
                "{}'s Shogun must stand on {}, not on {}",
                side.name(),
                square_name(home),
                square_name(square)
            ),
        )
    })
}

/// Whether the Shogun of the side not to move is attacked, which no move
/// could have left.
fn waiting_side_attacked(game: &Shogun) -> Option<TagError> {
    let waiting = game.to_move.other();
    let q = game.attacker_of(waiting)?;
    Some(position_error(
        "shogun.position-attacked",
        format!(
            "{}'s Shogun on {} is attacked by the piece on {}, but {} is to move",
            waiting.name(),
            square_name(usize::from(game.shogun[waiting.index()])),
            square_name(q),
            game.to_move.name()
        ),
    ))
}

/// The `Setup` value of a start position: each home rank full of its own
/// side's pieces, nothing elsewhere, and the ranks a legal setup.
fn setup_value(game: &Shogun) -> Option<String> {
    if game.plies != 0 {
        return None;
    }
    let rank = |side: Side| -> Option<[Kind; 8]> {
        let mut rank = [Kind::X; 8];
        for (file, kind) in rank.iter_mut().enumerate() {
            match game.piece_at(home_rank(side) * 8 + file) {
                Some((owner, k)) if owner == side => *kind = k,
                _ => return None,
            }
        }
        Some(rank)
    };
    let ranks = [rank(Side::White)?, rank(Side::Red)?];
    let middle_empty = (8..56).all(|square| game.piece_at(square).is_none());
    let legal = [Side::White, Side::Red].into_iter().all(|side| {
        let rank = &ranks[side.index()];
        count_faults(side, (count(rank.iter()), true)).is_empty()
            && shogun_off_its_square(side, rank).is_none()
    });
    let letters = |rank: &[Kind; 8]| rank.iter().map(|k| k.letter()).collect::<String>();
    (middle_empty && legal).then(|| format!("{}/{}", letters(&ranks[0]), letters(&ranks[1])))
}

/// The tags a fresh record of this position carries.
pub(super) fn tags_of(game: &Shogun) -> Vec<(String, String)> {
    let mut tags = vec![match setup_value(game) {
        Some(setup) => ("Setup".to_owned(), setup),
        None => ("Position".to_owned(), position_value(game)),
    }];
    // Red opening a move number is only expressed by First.
    if game.to_move == Side::Red && game.plies % 2 == 0 {
        tags.push(("First".to_owned(), "red".to_owned()));
    }
    if game.rotation != 0 {
        tags.push(("Rotation".to_owned(), game.rotation.to_string()));
    }
    if game.discs != DEFAULT_DISCS {
        tags.push(("Discs".to_owned(), discs_value(&game.discs)));
    }
    tags
}

/// A fault of the `Position` tag.
pub(super) fn position_error(code: &'static str, message: String) -> TagError {
    TagError::new("Position", code, message)
}

/// `"8/8/3s4/8/8/8/4S3/8 w"`: the board from rank 8 down, then `w` or `r`.
pub(super) fn read_position(value: &str) -> Result<Placement, TagError> {
    let fields: Vec<&str> = value.split_whitespace().collect();
    let [board, side] = fields[..] else {
        return Err(position_error(
            "shogun.position-form",
            format!("{value:?}: expected the board, then the side to move (w or r)"),
        ));
    };
    let to_move = match side {
        "w" => Side::White,
        "r" => Side::Red,
        _ => {
            return Err(position_error(
                "shogun.position-side",
                format!("{side:?}: the side to move is w or r"),
            ));
        }
    };
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(position_error(
            "shogun.position-ranks",
            format!(
                "{board:?}: the board has 8 ranks separated by '/', not {}",
                ranks.len()
            ),
        ));
    }
    let mut squares = [None; 64];
    for (row, (squares, text)) in squares.chunks_mut(8).rev().zip(&ranks).enumerate() {
        read_rank(7 - row, text, squares)?;
    }
    Ok(Placement::Position { squares, to_move })
}

/// Reads rank `rank` (from 0), written `text`, into its eight squares.
fn read_rank(
    rank: usize,
    text: &str,
    squares: &mut [Option<(Side, Kind)>],
) -> Result<(), TagError> {
    let wrong_width = |more: bool| {
        let holds = if more {
            "holds more than"
        } else {
            "does not hold"
        };
        position_error(
            "shogun.position-rank-width",
            format!("rank {} ({text:?}) {holds} 8 squares", rank + 1),
        )
    };
    let mut file = 0usize;
    for c in text.chars() {
        if let Some(n) = c.to_digit(10) {
            file += n as usize;
            if n == 0 || file > 8 {
                return Err(wrong_width(false));
            }
            continue;
        }
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Red
        };
        let kind = Kind::from_letter(c.to_ascii_uppercase())
            .filter(|_| c.is_ascii_alphabetic())
            .ok_or_else(|| {
                position_error(
                    "shogun.position-letter",
                    format!("{c:?} is not a Shogun piece (X, Y, Z, S, x, y, z, s) or a digit"),
                )
            })?;
        let square = squares.get_mut(file).ok_or_else(|| wrong_width(true))?;
        *square = Some((side, kind));
        file += 1;
    }
    if file != 8 {
        return Err(wrong_width(false));
    }
    Ok(())
}

/// The `Position` value of a position.
pub(super) fn position_value(game: &Shogun) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0u8;
        for file in 0..8 {
            match game.piece_at(rank * 8 + file) {
                Some((side, kind)) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let c = kind.letter();
                    out.push(if side == Side::Red {
                        c.to_ascii_lowercase()
                    } else {
                        c
                    });
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if game.to_move == Side::White {
        'w'
    } else {
        'r'
    };
    format!("{out} {side}")
}

#[cfg(test)]
#[path = "setup_tests.rs"]
mod tests;
