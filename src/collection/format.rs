//! The canonical form of a valid record, as `kifu fmt` writes it: tags in
//! a fixed order, move numbers as the game numbers them, moves as the
//! referee writes them (`x` on captures, `+` on Shogun checks), glyphs and
//! comments kept, lines wrapped.

use crate::game::{COMMON_TAGS, GameKind, Tags};
use crate::model::{MoveNode, WrittenMoves};
use crate::play::{GameTree, Growth, NodeId};
use crate::record::{ItemKind, Record, write_record_within};
use crate::referee::Verdict;

/// Whether the record holds variations.
pub fn has_variations(record: &Record) -> bool {
    (record.items.iter()).any(|item| item.kind() == ItemKind::Open)
}

/// The widest movetext line `kifu fmt` writes unless told otherwise.
pub const FMT_WIDTH: usize = 80;

/// The text `kifu fmt` writes for a record with `verdict`: its canonical
/// form, when it is valid and holds no variations (kept as written, for
/// now); else its text as written. Whether it is the canonical form.
pub fn fmt_text(record: &Record, verdict: &Verdict, width: usize) -> (String, bool) {
    match verdict.is_valid() && !has_variations(record) {
        true => (format_record(record, verdict, width), true),
        false => (record.text().to_owned(), false),
    }
}

/// A valid record in canonical form, its lines at most `width` wide; as
/// [`write_record_within`] writes it, a record of tags alone (a finished
/// lotus game from its final position) ends with the empty line after its
/// tags, and any other with its last movetext line. Its moves are played
/// into a [`GameTree`] with their glyphs and comments, then written as
/// the referee writes them, and its movetext ends with the game's result
/// as `verdict` has it: a game ended off the board with the declared
/// winner's token.
pub fn format_record(record: &Record, verdict: &Verdict, width: usize) -> String {
    let kind = record.tag("Game").and_then(GameKind::from_name);
    let tags = tag_order(record, kind);
    let mut leading: Vec<String> = (WrittenMoves::leading_comments(record).into_iter())
        .map(str::to_owned)
        .collect();
    // Comments after the result stay there: the moves' (or, with no move,
    // the leading ones) end with them.
    let after: Vec<String> = (WrittenMoves::after_result(record).into_iter())
        .map(str::to_owned)
        .collect();
    let before_result = |comments: &[String]| comments.len().saturating_sub(after.len());
    let start = kind.and_then(|k| k.start(Tags::new(&record.tags)).ok());
    let Some(start) = start else {
        leading.truncate(before_result(&leading));
        return write_record_within(width, &tags, &leading, &[], (Some("*"), &after));
    };
    let mut tree = GameTree::new(start);
    let main: Vec<MoveNode<'_>> = WrittenMoves::new(record).collect();
    let growth = Growth {
        variations: false,
        annotations: true,
        flat: true,
    };
    tree.grow(NodeId::START, &main, growth);
    tree.canonical();
    let end = tree.line_end(NodeId::START);
    let result = match tree.position(end).outcome() {
        Some(outcome) => outcome.token,
        None => Some(verdict.result()),
    };
    let mut written = tree.written(end);
    match written.last_mut() {
        Some(last) => last.comments = &last.comments[..before_result(last.comments)],
        None => leading.truncate(before_result(&leading)),
    }
    write_record_within(width, &tags, &leading, &written, (result, &after))
}

/// The tags in canonical order: `Game` and the common tags, then the
/// game's own, then the rest as written.
fn tag_order(record: &Record, kind: Option<GameKind>) -> Vec<(String, String)> {
    let known: Vec<&str> = (COMMON_TAGS.iter().copied())
        .chain(kind.map_or(&[][..], GameKind::tags).iter().copied())
        .collect();
    let rank = |name: &str| known.iter().position(|k| *k == name).unwrap_or(known.len());
    let mut tags: Vec<(usize, usize, String, String)> = (record.tags.iter().enumerate())
        .map(|(i, t)| (rank(&t.name), i, t.name.to_string(), t.value.to_string()))
        .collect();
    tags.sort();
    tags.into_iter()
        .map(|(_, _, name, value)| (name, value))
        .collect()
}
