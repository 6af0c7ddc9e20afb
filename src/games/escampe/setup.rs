//! Escampe's `Setup` and `Position` tags: read into an [`EscampeSetup`],
//! then checked into a position.

use super::Escampe;
use crate::game::{SetupError, TagError, Tags};
use crate::games::lines::{
    self, Army, Bits, Board, Codes, Position, Side, Start, bit, kind_name, parse_square,
    square_name,
};
use crate::game::square::square_error;

/// The codes Escampe gives the faults of the line-board kit.
pub(super) const LINE_CODES: Codes = Codes {
    game: "Escampe",
    not_a_square: "escampe.not-a-square",
    no_separator: "escampe.no-separator",
    trailing_text: "escampe.trailing-text",
    empty_square: "escampe.empty-square",
    opponents_piece: "escampe.opponents-piece",
    onto_own_piece: "escampe.onto-own-piece",
    too_far: "escampe.too-far",
    path_blocked: "escampe.path-blocked",
    false_capture: "escampe.false-capture",
    setup_and_position: "escampe.setup-and-position",
    position_words: "escampe.position-words",
    side_to_move: "escampe.side-to-move",
    board_ranks: "escampe.board-ranks",
    rank_width: "escampe.rank-width",
    not_a_piece: "escampe.not-a-piece",
    leader_count: "escampe.unicorn-count",
    follower_count: "escampe.paladin-count",
};

/// The codes of Escampe's own setup faults.
#[cfg(test)]
pub(super) const SETUP_CODES: [&str; 9] = [
    SETUP_MISSING,
    SETUP_GROUPS,
    GROUP_SIZE,
    SETUP_SQUARE,
    REPEATED_SQUARE,
    OFF_EDGE,
    MIXED_EDGES,
    SAME_EDGE,
    CONSTRAINT,
];

const SETUP_MISSING: &str = "escampe.setup-missing";
const SETUP_GROUPS: &str = "escampe.setup-groups";
const GROUP_SIZE: &str = "escampe.group-size";
const SETUP_SQUARE: &str = "escampe.setup-square";
const REPEATED_SQUARE: &str = "escampe.repeated-square";
const OFF_EDGE: &str = "escampe.off-edge";
const MIXED_EDGES: &str = "escampe.mixed-edges";
const SAME_EDGE: &str = "escampe.same-edge";
const CONSTRAINT: &str = "escampe.constraint";
/// The code of a constraint the side not to move could not have set.
pub(super) const IMPOSSIBLE_CONSTRAINT: &str = "escampe.impossible-constraint";

/// Escampe's pieces on a `Position` board: White in upper case.
pub(super) const ARMY: Army = Army {
    codes: &LINE_CODES,
    upper: Side::White,
    leader: ('U', "Unicorn"),
    follower: ('P', "Paladin"),
    sides: "w or b",
    words: "the board, the side to move (w or b) and the line constraint (1, 2, 3 or -)",
};

/// An example of a good `Setup` value, quoted in messages.
pub(super) const SETUP_EXAMPLE: &str = "b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1";

/// The squares of ranks 1 and 2.
pub(super) const LOW_EDGE: Bits = (1 << 12) - 1;
/// The squares of ranks 5 and 6.
pub(super) const HIGH_EDGE: Bits = LOW_EDGE << 24;

/// An Escampe start as the tags state it, not yet checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EscampeSetup {
    /// A `Setup` tag: each side's six squares, Unicorn first, White's
    /// then Black's; White to move.
    Groups([[u8; 6]; 2]),
    /// A `Position` tag: the board, the side to move, the line constraint.
    Position(Position<Option<u8>>),
}

/// Reads the start the tags state; one of `Setup` and `Position` is required.
///
/// # Errors
/// Every word of the tags that cannot be read.
pub(super) fn read(tags: Tags<'_>) -> Result<EscampeSetup, SetupError> {
    match lines::setup_or_position(tags, &LINE_CODES)? {
        Start::Position(value) => {
            lines::read_position(value, &ARMY, read_constraint).map(EscampeSetup::Position)
        }
        Start::Setup(Some(value)) => read_groups(value),
        Start::Setup(None) => {
            let message = format!(
                "missing: Escampe has no default setup; give each side's squares, like \"{SETUP_EXAMPLE}\", or a Position tag"
            );
            Err(TagError::new("Setup", SETUP_MISSING, message).into())
        }
    }
}

/// A fault of the `Setup` tag.
fn setup_fault(code: &'static str, message: String) -> TagError {
    TagError::new("Setup", code, message)
}

/// `"b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1"`: White's six squares, `/`,
/// Black's six, Unicorn first in each group.
fn read_groups(value: &str) -> Result<EscampeSetup, SetupError> {
    let mut groups = value.split('/');
    let (Some(white), Some(black), None) = (groups.next(), groups.next(), groups.next()) else {
        let message = format!(
            "{value:?}: expected White's six squares, '/', then Black's six, Unicorn first, like \"{SETUP_EXAMPLE}\""
        );
        return Err(setup_fault(SETUP_GROUPS, message).into());
    };
    match (
        read_group(Side::White, white),
        read_group(Side::Black, black),
    ) {
        (Ok(white), Ok(black)) => Ok(EscampeSetup::Groups([white, black])),
        (white, black) => Err(lines::failed([white.err(), black.err()], SETUP_GROUPS)),
    }
}

/// Reads one side's six squares, Unicorn first.
pub(super) fn read_group(side: Side, text: &str) -> Result<[u8; 6], TagError> {
    let Some(words) = lines::words::<6>(text) else {
        let message = format!(
            "{}'s group {:?} has {} squares; each side places six, Unicorn first",
            side.name(),
            text.trim(),
            text.split_whitespace().count()
        );
        return Err(setup_fault(GROUP_SIZE, message));
    };
    let mut squares = [0; 6];
    for (slot, word) in squares.iter_mut().zip(words) {
        let square =
            parse_square(word).ok_or_else(|| setup_fault(SETUP_SQUARE, square_error(word, 6)))?;
        *slot = square as u8;
    }
    Ok(squares)
}

/// The line constraint of a `Position` value: `1`, `2`, `3`, or `-`.
fn read_constraint(text: &str) -> Result<Option<u8>, TagError> {
    match text.as_bytes() {
        b"-" => Ok(None),
        &[digit @ b'1'..=b'3'] => Ok(Some(digit - b'0')),
        _ => {
            let message = format!("{text:?}: the line constraint is 1, 2, 3 or -");
            Err(lines::position_fault(CONSTRAINT, message))
        }
    }
}

/// The position of a setup, once it is found legal.
///
/// # Errors
/// Every reason the setup is not a legal start.
pub(super) fn check(setup: EscampeSetup) -> Result<Escampe, SetupError> {
    match setup {
        EscampeSetup::Groups(groups) => groups_start(&groups),
        EscampeSetup::Position(position) => position_start(&position),
    }
}

/// The start of two groups: no square twice in a group, each group on one
/// edge, the two on opposite edges.
fn groups_start(groups: &[[u8; 6]; 2]) -> Result<Escampe, SetupError> {
    let sides = [Side::White, Side::Black];
    let mut reasons = Vec::new();
    for (side, group) in sides.iter().zip(groups) {
        reasons.extend(repeats(*side, group));
    }
    let [white_edge, black_edge] = [0, 1].map(|i| edge(sides[i], &groups[i]));
    match (white_edge, black_edge) {
        (Ok(white), Ok(black)) if white == black => {
            let message = format!(
                "both groups stand on ranks {}: one group stands on ranks 1-2, the other on ranks 5-6",
                ranks(white)
            );
            reasons.push(setup_fault(SAME_EDGE, message));
        }
        (white, black) => reasons.extend([white.err(), black.err()].into_iter().flatten()),
    }
    lines::none_found(reasons)?;
    let mut escampe = Escampe::empty(Side::White);
    for (side, group) in sides.iter().zip(groups) {
        put_group(&mut escampe, *side, group);
    }
    Ok(escampe)
}

/// Puts a side's group on the board, its first square the Unicorn's.
pub(super) fn put_group(escampe: &mut Escampe, side: Side, group: &[u8; 6]) {
    for &square in group {
        escampe.men[side.index()] |= bit(usize::from(square));
    }
    escampe.unicorn |= bit(usize::from(group[0]));
}

/// The squares a side's group names twice, one fault each.
pub(super) fn repeats(side: Side, group: &[u8; 6]) -> Vec<TagError> {
    let mut seen: Bits = 0;
    let mut reasons = Vec::new();
    for &square in group {
        if seen & bit(usize::from(square)) != 0 {
            let message = format!(
                "{} appears twice in {}'s group",
                square_name(usize::from(square)),
                side.name()
            );
            reasons.push(setup_fault(REPEATED_SQUARE, message));
        }
        seen |= bit(usize::from(square));
    }
    reasons
}

/// White's group placed on `edge`, the edge Black's group holds, of
/// which White's edge is the other (`open`).
pub(super) fn edge_held(open: Bits, edge: Bits) -> TagError {
    let message = format!(
        "White places on ranks {}: Black holds ranks {}",
        ranks(open),
        ranks(edge)
    );
    setup_fault(SAME_EDGE, message)
}

/// The ranks of an edge, in words: `1-2` or `5-6`.
pub(super) fn ranks(edge: Bits) -> &'static str {
    if edge == LOW_EDGE { "1-2" } else { "5-6" }
}

/// The edge (ranks 1-2 or 5-6) that holds all of a group.
pub(super) fn edge(side: Side, group: &[u8; 6]) -> Result<Bits, TagError> {
    let name = |square: u8| square_name(usize::from(square));
    let mut found: Option<(Bits, u8)> = None;
    for &square in group {
        let here = if LOW_EDGE & bit(usize::from(square)) != 0 {
            LOW_EDGE
        } else if HIGH_EDGE & bit(usize::from(square)) != 0 {
            HIGH_EDGE
        } else {
            let message = format!(
                "{}'s {} is not on ranks 1-2 or 5-6: one group stands on ranks 1-2, the other on ranks 5-6",
                side.name(),
                name(square)
            );
            return Err(setup_fault(OFF_EDGE, message));
        };
        match found {
            None => found = Some((here, square)),
            Some((edge, first)) if edge != here => {
                let message = format!(
                    "{}'s group mixes the two edges ({} and {}): a group stands on ranks 1-2 or on ranks 5-6",
                    side.name(),
                    name(first),
                    name(square)
                );
                return Err(setup_fault(MIXED_EDGES, message));
            }
            Some(_) => {}
        }
    }
    Ok(found.map_or(0, |(edge, _)| edge))
}

/// The position a `Position` tag states: one Unicorn and at most five
/// Paladins a side, and a constraint the side not to move could have set.
fn position_start(position: &Position<Option<u8>>) -> Result<Escampe, SetupError> {
    let mut reasons = Vec::new();
    lines::check_board(&position.board, &ARMY, &mut reasons);
    let last = position.to_move.other();
    if let Some(n) = position.mark {
        if position.board.men[last.index()] & lines::squares_with_lines(n) == 0 {
            let message = format!(
                "the constraint {n} says {}'s last move ended on a {} square, and no {} piece stands on one",
                last.name(),
                kind_name(n),
                last.name()
            );
            reasons.push(lines::position_fault(IMPOSSIBLE_CONSTRAINT, message));
        }
    }
    lines::none_found(reasons)?;
    let mut escampe = Escampe::empty(position.to_move);
    (escampe.men, escampe.unicorn) = (position.board.men, position.board.leaders);
    escampe.constraint = position.mark;
    Ok(escampe)
}

/// The board of a position.
fn board(escampe: &Escampe) -> Board {
    Board {
        men: escampe.men,
        leaders: escampe.unicorn,
    }
}

/// The letter of the piece on `square`, if any.
pub(super) fn piece_letter(escampe: &Escampe, square: usize) -> Option<char> {
    ARMY.letter(&board(escampe), square)
}

/// The `Position` value of a position.
pub(super) fn position_value(escampe: &Escampe) -> String {
    let constraint = escampe
        .constraint
        .map_or_else(|| "-".to_owned(), |n| n.to_string());
    ARMY.position_value(&board(escampe), escampe.to_move, &constraint)
}
