//! A game ended off the board: a record whose `Termination` tag is other
//! than `normal`, as a match referee writes it after a loss on time, an
//! illegal move or a crash. Its moves are judged as always; the game must
//! not be over by the rules, its movetext ends with the declared winner's
//! token (as PGN writes `1-0` after a resignation), `*` or no token, and
//! its `Result` tag, when present, is `*` or declares the win of a side of
//! the game: the token's, when the movetext declares one.

use super::{Fault, Termination};
use crate::game::{Game, Outcome};
use crate::record::{Record, Tag};
use std::fmt::Write as _;

/// The record's `Termination` tag when it says the game ended off the
/// board: present, neither empty nor `normal`.
pub(super) fn tag(record: &Record) -> Option<&Tag> {
    record
        .find_tag("Termination")
        .filter(|tag| !tag.value.is_empty() && tag.value != "normal")
}

/// Adds to `message`, the fault of a result token other than the game's,
/// what the Termination tag's `reason` makes of it: a game `over` by the
/// rules did not end off the board; one that is not may declare the win
/// of a side of the game, or `*`.
pub(super) fn explain_token<G: Game>(message: &mut String, reason: &str, over: bool) {
    // Writing to a String cannot fail.
    let _ = if over {
        write!(
            message,
            "; it ended by the rules, not by {reason:?} as tag Termination says"
        )
    } else if G::WINS.is_empty() {
        write!(
            message,
            "; ended off the board ({reason:?}), the game declares no winner"
        )
    } else {
        write!(message, "; {}", choices::<G>(reason, false))
    };
}

/// Judges the end of a record that `tag` says ended off the board, in
/// `game`, with the outcome by the rules `outcome` and the movetext's
/// result `token`: the game must not be over, and its Result tag must be
/// `*` or a win of one of its sides, the token's when it is a win.
///
/// # Errors
/// `result.termination-after-end` at the Termination tag for a game over
/// by the rules; `result.no-such-winner` for a winner's token of no side
/// of the game, `result.tag-disagrees` for any other Result, or for one
/// other than the win the movetext declares.
pub(super) fn judge<G: Game>(
    record: &Record,
    tag: &Tag,
    game: &G,
    outcome: Option<&Outcome>,
    token: Option<&str>,
) -> Result<Termination, Fault> {
    let fault = |at: &Tag, code, message| Fault {
        location: record.locate(at.offset),
        context: None,
        code,
        message,
    };
    let reason = &tag.value;
    if let Some(o) = outcome {
        return Err(fault(
            tag,
            "result.termination-after-end",
            format!(
                "tag Termination: the game ended by the rules ({}, {}), not by {reason:?}",
                o.tag_value, o.reason
            ),
        ));
    }
    let written = G::WINS.iter().find(|win| Some(win.token) == token);
    if let (Some(win), Some(result)) = (written, record.find_tag("Result")) {
        if result.value != win.token {
            return Err(fault(
                result,
                "result.tag-disagrees",
                format!(
                    "tag Result: {:?} disagrees with the movetext, which declares {}",
                    result.value, win.token
                ),
            ));
        }
    }
    let declared = match record.find_tag("Result") {
        None => written.copied(),
        Some(result) if result.value == "*" => None,
        Some(result) => match G::WINS.iter().find(|win| win.token == result.value) {
            Some(win) => Some(*win),
            None => {
                let value = &result.value;
                let choices = choices::<G>(reason, Game::scores(game).is_some());
                return Err(if is_win_token(value) {
                    let kind = G::KIND;
                    fault(
                        result,
                        "result.no-such-winner",
                        format!("tag Result: {value:?} is the win of no side of {kind}: {choices}"),
                    )
                } else {
                    fault(
                        result,
                        "result.tag-disagrees",
                        format!(
                            "tag Result: {value:?} disagrees with the game, whose result is \"*\": {choices}"
                        ),
                    )
                });
            }
        },
    };
    Ok(Termination {
        reason: reason.clone(),
        declared,
    })
}

/// What the Result tag of a game ended off the board by `reason` may say,
/// in words; a `scored` game has no final scores then.
fn choices<G: Game>(reason: &str, scored: bool) -> String {
    let mut words = format!("ended off the board ({reason:?}), the game ");
    if scored {
        words.push_str("has no final scores and ");
    }
    let wins: Vec<String> = (G::WINS.iter())
        .map(|win| format!("{} ({})", win.token, win.winner))
        .collect();
    let _ = match wins.split_last() {
        None => write!(words, "declares no winner, so its Result is *"),
        Some((last, [])) => write!(words, "may declare {last}, or *"),
        Some((last, rest)) => write!(words, "may declare {} or {last}, or *", rest.join(", ")),
    };
    words
}

/// Whether `value` is written as a winner's token: a capital letter and `+`.
fn is_win_token(value: &str) -> bool {
    matches!(value.as_bytes(), [letter, b'+'] if letter.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{lotus::Lotus, mana::Mana, shogun::Shogun};

    #[test]
    fn the_choices_name_every_side() {
        assert_eq!(
            choices::<Mana>("time forfeit", false),
            "ended off the board (\"time forfeit\"), the game may declare B+ (Black) or W+ (White), or *"
        );
        assert_eq!(
            choices::<Shogun>("resign", false),
            "ended off the board (\"resign\"), the game may declare W+ (White) or R+ (Red), or *"
        );
        assert_eq!(
            choices::<Lotus>("engine crash", true),
            "ended off the board (\"engine crash\"), the game has no final scores and declares no winner, so its Result is *"
        );
    }

    #[test]
    fn winner_tokens_are_a_capital_and_a_plus() {
        assert!(is_win_token("R+") && is_win_token("B+"));
        assert!(!is_win_token("r+") && !is_win_token("1-0") && !is_win_token("BB+"));
    }
}
