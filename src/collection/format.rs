//! The canonical form of a valid record, as `kifu fmt` writes it: tags in
//! a fixed order, move numbers as the game numbers them, moves as the
//! referee writes them (`x` on captures, `+` on Shogun checks), glyphs and
//! comments kept, lines wrapped.

use crate::game::{COMMON_TAGS, GameKind, Tags, number_before};
use crate::model::WrittenMoves;
use crate::record::{Dots, ItemKind, MoveNumber, Record, WrittenMove, write_record_within};
use crate::referee::{Options, judge};

/// Whether the record holds variations.
pub fn has_variations(record: &Record) -> bool {
    (record.items.iter()).any(|item| item.kind() == ItemKind::Open)
}

/// The widest movetext line `kifu fmt` writes unless told otherwise.
pub const FMT_WIDTH: usize = 80;

/// The text `kifu fmt` writes for a record judged `valid`: its canonical
/// form, when it is valid and holds no variations (kept as written, for
/// now); else its text as written. Whether it is the canonical form.
pub fn fmt_text(record: &Record, valid: bool, width: usize) -> (String, bool) {
    match valid && !has_variations(record) {
        true => (format_record(record, width), true),
        false => (record.text().to_owned(), false),
    }
}

/// A move in canonical form: its number, its text with its glyph, its
/// numeric glyphs and the comments after it.
type Canonical = (Option<(u32, Dots)>, String, Vec<u8>, Vec<String>);

/// A valid record in canonical form, its lines at most `width` wide; as
/// [`write_record_within`] writes it, a record of tags alone (a finished
/// lotus game from its final position) ends with the empty line after its
/// tags, and any other with its last movetext line.
pub fn format_record(record: &Record, width: usize) -> String {
    let kind = record.tag("Game").and_then(GameKind::from_name);
    let start = kind.and_then(|k| k.start(Tags::new(&record.tags)).ok());
    let mut number = start.as_ref().map(|g| number_before(g.turn(), true));
    let mut written = WrittenMoves::new(record);
    let mut moves: Vec<Canonical> = Vec::new();
    let options = Options {
        stop_after: None,
        details: true,
    };
    let (_, end) = judge(record, options, |ply| {
        let Some(json) = written.next() else { return };
        let text = ply
            .detail
            .as_ref()
            .map_or(json.text, |d| d.normalized.as_str());
        let glyph = json.glyph.unwrap_or("");
        let comments = json.comments.iter().map(|c| (*c).to_owned()).collect();
        let nags = json.more.map_or_else(Vec::new, |more| more.nags);
        moves.push((number.flatten(), format!("{text}{glyph}"), nags, comments));
        number = Some(number_before(ply.game.turn(), false));
    });
    let result = match end.as_ref().and_then(|g| g.outcome()) {
        Some(outcome) => outcome.token,
        None => Some("*"),
    };
    let mut written: Vec<WrittenMove<'_>> = (moves.iter())
        .map(|(number, text, nags, comments)| WrittenMove {
            number: number.map(MoveNumber::from),
            text,
            nags,
            comments,
            ..WrittenMove::default()
        })
        .collect();
    let mut leading: Vec<String> = (WrittenMoves::leading_comments(record).into_iter())
        .map(str::to_owned)
        .collect();
    // Comments after the result stay there: the moves' (or, with no move,
    // the leading ones) end with them.
    let after: Vec<String> = (WrittenMoves::after_result(record).into_iter())
        .map(str::to_owned)
        .collect();
    let before_result = |comments: &[String]| comments.len().saturating_sub(after.len());
    match written.last_mut() {
        Some(last) => last.comments = &last.comments[..before_result(last.comments)],
        None => leading.truncate(before_result(&leading)),
    }
    let tags = tag_order(record, kind);
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
