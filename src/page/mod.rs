//! The page of `kifu html`: one self-contained HTML file that replays
//! records, with no network, its style, script and pictures inline.
//!
//! Every position's picture is drawn here, the same SVG that `kifu render
//! --format svg` writes, and travels in the page as data: the script only
//! shows them. Pictures of one game share most of their lines (squares,
//! coordinates, a piece on a square), so the page keeps every distinct
//! line once ([`Lines`]) and each picture as the lines that changed from
//! the one before. The page is written as the records are read
//! ([`PageWriter`]): each game in a JSON script element of its own, the
//! lines last, so memory does not grow with the records. Every text from a
//! record reaches the page as JSON inside a `<script
//! type="application/json">`, escaped so that no `<` can end it, and the
//! script puts it into the page as text, never as markup.

mod moves;

pub use moves::PageMove;

use crate::draw::{Ended, View, picture, svg};
use crate::game::{AnyGame, MoveParts, Tags};
use crate::model::WrittenMoves;
use crate::record::Record;
use crate::referee::{Options, Ply, Verdict, Visitor, game_of, judge_with};
use moves::Boards;
use serde::Serialize;
use std::collections::HashMap;
use std::io::{self, Write};

/// The page's frame: `{{TITLE}}`, `{{STYLE}}` and `{{SCRIPT}}` are
/// filled in, and the games and the lines go where `{{DATA}}` stands.
const TEMPLATE: &str = include_str!("page.html");
/// The style, put inline.
const STYLE: &str = include_str!("page.css");
/// The script, put inline.
const SCRIPT: &str = include_str!("page.js");

/// One record on the page.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PageGame {
    /// The file and line it comes from (`games.kifu:14`).
    pub source: String,
    /// The game's name, when the tags name one.
    pub game: Option<String>,
    /// Every tag, in the order written.
    pub tags: Vec<(String, String)>,
    /// The players, as the tags name them (`Ann - Bob`).
    pub players: String,
    /// The result: the verdict's for a valid record, else the result
    /// token written or the `Result` tag.
    pub result: String,
    /// What the referee says, as `kifu validate` says it.
    pub verdict: String,
    /// The fault of an invalid record.
    pub fault: Option<String>,
    /// The comments before the first move.
    pub comments: Vec<String>,
    /// The moves as written.
    pub moves: Vec<PageMove>,
    /// The picture of every position, the start, then after each ply
    /// played in the order written (a move, then its variations' plies):
    /// the numbers of its lines in [`Lines`] (in the page, each after the
    /// first as its change from the one before: [`serialize_boards`]).
    #[serde(serialize_with = "serialize_boards")]
    pub boards: Vec<Vec<u32>>,
}

/// Every distinct line of the pictures on a page, each kept once.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(transparent)]
pub struct Lines {
    lines: Vec<String>,
    #[serde(skip)]
    numbers: HashMap<String, u32>,
}

impl Lines {
    /// The numbers of the lines of `svg`, adding the new ones: the picture
    /// is the lines so numbered, each followed by a line feed.
    pub fn add(&mut self, svg: &str) -> Vec<u32> {
        svg.lines()
            .map(|line| {
                if let Some(&n) = self.numbers.get(line) {
                    return n;
                }
                let n = u32::try_from(self.lines.len()).unwrap_or(u32::MAX);
                self.lines.push(line.to_owned());
                self.numbers.insert(line.to_owned(), n);
                n
            })
            .collect()
    }

    /// The picture whose lines are `numbers`.
    pub fn picture(&self, numbers: &[u32]) -> String {
        let mut out = String::new();
        for &n in numbers {
            out.push_str(self.lines.get(n as usize).map_or("", String::as_str));
            out.push('\n');
        }
        out
    }
}

/// The tags that name the players, in the order they are shown when the
/// record's start is unknown.
const PLAYER_TAGS: [&str; 4] = ["White", "Black", "Red", "Players"];

/// The tags that name the players of a game from `start`, the player who
/// moves first first; then Lotus's `Players`.
fn player_tags(start: &dyn AnyGame) -> Vec<&str> {
    let players = start.players();
    let first = players
        .iter()
        .position(|p| *p == start.turn().mover)
        .unwrap_or(0);
    let (before, after) = players.split_at(first);
    after
        .iter()
        .chain(before)
        .copied()
        .chain(["Players"])
        .collect()
}

/// The result a page shows: that of the verdict, for a valid record
/// (the outcome's, or the one a game ended off the board declares);
/// otherwise the result token written, or the `Result` tag.
fn shown_result(record: &Record, verdict: &Verdict) -> String {
    if verdict.is_valid() {
        return verdict.result().to_owned();
    }
    let written = record.result_token().map(|(token, _)| token);
    written
        .or_else(|| record.tag("Result"))
        .unwrap_or("*")
        .to_owned()
}

impl PageGame {
    /// A record read from `file`, judged, with the picture of every
    /// position it reaches (up to its fault, if it has one).
    pub fn of_record(file: &str, record: &Record, lines: &mut Lines) -> Self {
        let tags: Vec<(String, String)> = record
            .tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect();
        let mut boards = Vec::new();
        let kind = game_of(record);
        let start = kind.and_then(|k| k.start(Tags::new(&record.tags)).ok());
        let shown = start.as_deref().map_or(PLAYER_TAGS.to_vec(), player_tags);
        let players: Vec<&str> = shown.iter().filter_map(|name| record.tag(name)).collect();
        if let Some(start) = &start {
            let drawn = svg::write(
                &picture(start.as_ref(), start.kind(), &View::default(), 0),
                None,
            );
            boards.push(lines.add(&drawn));
        }
        let options = Options {
            stop_after: None,
            details: true,
        };
        let moves: Vec<PageMove> = WrittenMoves::new(record)
            .map(|m| PageMove::written(&m))
            .collect();
        let mut drawn = Drawn {
            lines,
            boards,
            moves,
            placed: Boards::default(),
            last_main: None,
        };
        let (verdict, end) = judge_with(record, options, &mut drawn);
        drawn.tell_the_end(&verdict, end.as_deref());
        let Drawn { moves, boards, .. } = drawn;
        Self {
            source: format!("{file}:{}", record.first_line()),
            game: kind.map(|k| k.name().to_owned()),
            tags,
            players: players.join(" - "),
            result: shown_result(record, &verdict),
            verdict: verdict.summary(),
            fault: verdict.fault.as_ref().map(ToString::to_string),
            comments: WrittenMoves::leading_comments(record)
                .into_iter()
                .map(str::to_owned)
                .collect(),
            moves,
            boards,
        }
    }
}

/// The walk of a record drawn for the page: each ply's board drawn and
/// given to the move it stands for.
struct Drawn<'l> {
    lines: &'l mut Lines,
    /// Every board so far, as the numbers of its lines.
    boards: Vec<Vec<u32>>,
    /// The moves written, each given its board as the walk reaches it.
    moves: Vec<PageMove>,
    placed: Boards,
    /// The main line's last board so far, and the parts of the move
    /// that led to it.
    last_main: Option<(usize, MoveParts)>,
}

impl Drawn<'_> {
    /// Draws the main line's last board again, for a valid game that ended
    /// off the board, saying how as `kifu render` does, in place of who
    /// is to move; `end` is the position there.
    fn tell_the_end(&mut self, verdict: &Verdict, end: Option<&dyn AnyGame>) {
        let (Some(termination), Some(end), true) = (&verdict.termination, end, verdict.is_valid())
        else {
            return;
        };
        let (board, last) = match &self.last_main {
            Some((board, parts)) => (*board, Some(parts)),
            None => (0, None),
        };
        let view = View {
            last,
            ended: Some(Ended {
                winner: termination.declared.map(|win| win.winner),
                reason: &termination.reason,
            }),
            ..View::default()
        };
        let drawn = svg::write(&picture(end, end.kind(), &view, verdict.plies), None);
        if let Some(slot) = self.boards.get_mut(board) {
            *slot = self.lines.add(&drawn);
        }
    }
}

impl Visitor for Drawn<'_> {
    fn ply(&mut self, ply: Ply<'_>) {
        // As `kifu render --line` draws a position in a variation:
        // without its last move.
        let view = View {
            last: (ply.depth == 0)
                .then_some(ply.detail.as_ref())
                .flatten()
                .map(|d| &d.parts),
            ..View::default()
        };
        let drawn = svg::write(
            &picture(ply.game, ply.game.kind(), &view, ply.index + 1),
            None,
        );
        if ply.depth == 0 {
            let parts = ply.detail.as_ref().map(|d| d.parts.clone());
            self.last_main = parts.map(|parts| (self.boards.len(), parts));
        }
        self.placed.place(&mut self.moves, &ply, self.boards.len());
        self.boards.push(self.lines.add(&drawn));
    }

    fn begin_variation(&mut self) {
        self.placed.begin_variation();
    }

    fn end_variation(&mut self) {
        self.placed.end_variation();
    }
}

/// The page of `kifu html`, written as its records are read: the frame
/// up to the games (once the first game gives the title), each game as it
/// comes, in a JSON script element of its own, then the lines of the
/// pictures and the end of the frame. Memory holds one game and the
/// distinct lines of the pictures, whatever the number of records.
pub struct PageWriter<'w> {
    out: &'w mut dyn Write,
    /// The lines of the pictures so far.
    pub lines: Lines,
    /// The title given, or `None` for the first game's `Event`.
    title: Option<String>,
    /// The frame up to the games is written.
    started: bool,
}

impl std::fmt::Debug for PageWriter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageWriter")
            .field("started", &self.started)
            .finish_non_exhaustive()
    }
}

/// The title of a page whose first game is `first`: its `Event`.
fn title_of(first: Option<&PageGame>) -> String {
    (first.and_then(|g| g.tags.iter().find(|(name, _)| name == "Event")))
        .map_or_else(|| "kifu: games".to_owned(), |(_, value)| value.clone())
}

impl<'w> PageWriter<'w> {
    /// A page written to `out`, titled `title` (by default, the first
    /// game's `Event`).
    pub fn new(out: &'w mut dyn Write, title: Option<String>) -> Self {
        Self {
            out,
            lines: Lines::default(),
            title,
            started: false,
        }
    }

    /// Writes the frame up to the games, once.
    fn start(&mut self, first: Option<&PageGame>) -> io::Result<()> {
        if std::mem::replace(&mut self.started, true) {
            return Ok(());
        }
        let title = self.title.take().unwrap_or_else(|| title_of(first));
        let head = TEMPLATE.split("{{DATA}}").next().unwrap_or_default();
        self.out.write_all(fill(head, &title).as_bytes())
    }

    /// Writes one game.
    ///
    /// # Errors
    /// Failures to write.
    pub fn game(&mut self, game: &PageGame) -> io::Result<()> {
        self.start(Some(game))?;
        self.out
            .write_all(b"<script type=\"application/json\" class=\"kifu-game\">")?;
        self.out.write_all(script_json(game).as_bytes())?;
        self.out.write_all(b"</script>\n")
    }

    /// Writes the lines of the pictures and the end of the frame.
    ///
    /// # Errors
    /// Failures to write.
    pub fn finish(mut self) -> io::Result<()> {
        self.start(None)?;
        self.out
            .write_all(b"<script type=\"application/json\" id=\"kifu-lines\">")?;
        self.out.write_all(script_json(&self.lines).as_bytes())?;
        self.out.write_all(b"</script>")?;
        let tail = TEMPLATE.split("{{DATA}}").nth(1).unwrap_or_default();
        self.out.write_all(fill(tail, "").as_bytes())
    }
}

/// A part of the page's frame with its markers filled in: the style, the
/// script and `title`. One pass: a value is never searched for markers.
fn fill(part: &str, title: &str) -> String {
    let title = html_text(title);
    let mut out = String::with_capacity(part.len() + STYLE.len() + SCRIPT.len());
    let mut rest = part;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let Some(end) = after.find("}}") else {
            rest = &rest[at..];
            break;
        };
        match &after[..end] {
            "STYLE" => out.push_str(STYLE),
            "SCRIPT" => out.push_str(SCRIPT),
            "TITLE" => out.push_str(&title),
            other => {
                out.push_str("{{");
                out.push_str(other);
                out.push_str("}}");
            }
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

/// The boards of a game as the page carries them: the first whole (the
/// numbers of its lines), each next one, when it is shorter so, as its
/// edit from the board before: `-1`, then groups of three numbers and the
/// lines added, `copy skip add line...` (copy `copy` lines of the board
/// before, pass `skip` of them, add the `add` lines that follow); the lines
/// left of the board before are copied at the end. Positions one move
/// apart share most of their lines, so the page grows by a few numbers a
/// ply.
fn serialize_boards<S: serde::Serializer>(boards: &[Vec<u32>], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(boards.len()))?;
    let mut before: &[u32] = &[];
    for (i, board) in boards.iter().enumerate() {
        let edit = (i > 0).then(|| edit_of(before, board));
        match edit.filter(|edit| edit.len() < board.len()) {
            Some(edit) => seq.serialize_element(&edit)?,
            None => seq.serialize_element(board)?,
        }
        before = board;
    }
    seq.end()
}

/// The edit that turns the board `before` into `board`, as
/// [`serialize_boards`] writes it.
fn edit_of(before: &[u32], board: &[u32]) -> Vec<i64> {
    use similar::DiffOp;
    let mut edit = vec![-1];
    let mut copy = 0;
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, before, board) {
        let (skip, added) = match op {
            DiffOp::Equal { len, .. } => {
                copy += len;
                continue;
            }
            DiffOp::Delete { old_len, .. } => (old_len, &board[..0]),
            DiffOp::Insert {
                new_index, new_len, ..
            } => (0, &board[new_index..new_index + new_len]),
            DiffOp::Replace {
                old_len,
                new_index,
                new_len,
                ..
            } => (old_len, &board[new_index..new_index + new_len]),
        };
        edit.extend([copy as i64, skip as i64, added.len() as i64]);
        edit.extend(added.iter().map(|&n| i64::from(n)));
        copy = 0;
    }
    edit
}

/// Escapes text for HTML, as element text or a quoted attribute.
pub fn html_text(text: &str) -> String {
    svg::escape(text)
}

/// JSON that is safe inside a `<script>` element: no `<`, `>` or `&` (so
/// no `</script` and no `<!--`), nor the two line separators that old
/// scripts choke on. They only occur in strings, where `\u` escapes mean
/// the same.
pub fn script_json(value: &impl Serialize) -> String {
    // Serializing these types cannot fail: their maps have string keys.
    let text = serde_json::to_string(value).unwrap_or_default();
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_its_lines() {
        let mut lines = Lines::default();
        let one = lines.add("<svg>\n <a/>\n <a/>\n</svg>\n");
        let two = lines.add("<svg>\n <b/>\n</svg>\n");
        assert_eq!(
            (one.as_slice(), two.as_slice()),
            (&[0, 1, 1, 2][..], &[0, 3, 2][..])
        );
        assert_eq!(lines.picture(&two), "<svg>\n <b/>\n</svg>\n");
    }

    /// The board [`edit_of`] stands for, decoded as the page's script does.
    fn apply(before: &[u32], edit: &[i64]) -> Vec<u32> {
        let (mut next, mut at, mut i) = (Vec::new(), 0, 1);
        while i + 2 < edit.len() {
            let (copy, skip, add) = (edit[i] as usize, edit[i + 1] as usize, edit[i + 2] as usize);
            next.extend(&before[at..at + copy]);
            at += copy + skip;
            next.extend(edit[i + 3..i + 3 + add].iter().map(|&n| n as u32));
            i += 3 + add;
        }
        next.extend(&before[at..]);
        next
    }

    #[test]
    fn a_board_is_its_edit_from_the_one_before() {
        let cases: [(&[u32], &[u32]); 5] = [
            (&[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]),
            (&[1, 2, 3, 4, 5], &[1, 9, 3, 4, 5, 6]),
            (&[1, 2, 3, 4, 5], &[2, 3, 7, 8, 5]),
            (&[1, 2, 3], &[]),
            (&[], &[4, 5]),
        ];
        for (before, board) in cases {
            assert_eq!(
                apply(before, &edit_of(before, board)),
                board,
                "{before:?} to {board:?}"
            );
        }
        assert_eq!(
            edit_of(&[1, 2, 3, 4, 5], &[1, 9, 3, 4, 5]),
            [-1, 1, 1, 1, 9]
        );
    }

    #[test]
    fn json_in_a_script_cannot_close_it() {
        let value = std::collections::BTreeMap::from([("c", "</script><!-- & \u{2028}")]);
        let text = script_json(&value);
        assert_eq!(
            text,
            "{\"c\":\"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\"}"
        );
        let back: std::collections::BTreeMap<String, String> =
            serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(back.get("c").map(String::as_str), value.get("c").copied());
    }

    #[test]
    fn the_page_without_games_is_small_and_has_no_network() {
        let mut out = Vec::new();
        let written = PageWriter::new(&mut out, Some("a <b> \"c\"".to_owned())).finish();
        assert!(written.is_ok());
        let page = String::from_utf8_lossy(&out);
        assert!(page.len() < 100 * 1024, "{} bytes", page.len());
        assert!(page.contains("<title>a &lt;b&gt; &quot;c&quot;</title>"));
        for network in ["http://", "https://", "//cdn", "src=\"http"] {
            assert!(!page.contains(network), "{network}");
        }
    }
}
