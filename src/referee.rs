//! Judges a record: its tags, its numbering, every move and its result.

use crate::game::{
    AnyGame, COMMON_TAGS, GameKind, MoveDetail, Numbering, Outcome, Score, Tags, Turn,
};
use crate::record::{Dots, ItemKind, Location, MoveWord, Record};
use std::fmt;

/// The ply at which a record went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyContext {
    /// `move` or `turn`.
    pub label: &'static str,
    /// The move or turn number.
    pub number: u32,
    /// Who was to move.
    pub mover: String,
    /// The move as written, if the fault is in a move.
    pub text: Option<String>,
}

/// Why a record is invalid, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The place in the file.
    pub location: Location,
    /// The ply, when the fault is in the movetext.
    pub context: Option<PlyContext>,
    /// The reason in words.
    pub message: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.location.line, self.location.column)?;
        if let Some(c) = &self.context {
            write!(f, "{} {} ({})", c.label, c.number, c.mover)?;
            if let Some(text) = &c.text {
                write!(f, " {text}")?;
            }
            f.write_str(": ")?;
        }
        f.write_str(&self.message)
    }
}

/// What the referee found in one record.
#[derive(Debug, Clone)]
pub struct Verdict {
    /// The game, once the `Game` tag was read.
    pub kind: Option<GameKind>,
    /// Plies accepted.
    pub plies: usize,
    /// The number of the last turn begun (move pairs or lotus turns).
    pub turns: u32,
    /// The outcome if the game ended.
    pub outcome: Option<Outcome>,
    /// The scores where the record stops, for games that keep a score.
    pub scores: Option<Vec<Score>>,
    /// The first fault, if the record is invalid.
    pub fault: Option<Fault>,
}

impl Verdict {
    /// Whether the record is valid.
    pub fn is_valid(&self) -> bool {
        self.fault.is_none()
    }

    /// The result a valid record ends with: the outcome's tag value, or `*`.
    pub fn result(&self) -> &str {
        self.outcome.as_ref().map_or("*", |o| o.tag_value.as_str())
    }

    /// The verdict of a valid record in words: `mana, 57 plies, B+ (Daimyo captured)`.
    pub fn summary(&self) -> String {
        self.summary_display().to_string()
    }

    /// The summary, written where it goes without building a string first.
    pub fn summary_display(&self) -> impl fmt::Display + '_ {
        Summary(self)
    }
}

/// [`Verdict::summary`] as a [`fmt::Display`].
struct Summary<'a>(&'a Verdict);

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = self.0;
        f.write_str(verdict.kind.map_or("?", GameKind::name))?;
        let (n, one, many) = match verdict.kind {
            Some(GameKind::Lotus) => (verdict.turns as usize, "turn", "turns"),
            _ => (verdict.plies, "ply", "plies"),
        };
        match n {
            1 => write!(f, ", 1 {one}, ")?,
            _ => write!(f, ", {n} {many}, ")?,
        }
        match (&verdict.outcome, &verdict.scores) {
            (Some(o), _) => write!(f, "{} ({})", o.tag_value, o.reason),
            (None, Some(scores)) => {
                f.write_str("* (scores so far: ")?;
                for (i, s) in scores.iter().enumerate() {
                    let comma = if i == 0 { "" } else { ", " };
                    write!(f, "{comma}{} {}", s.player, s.score)?;
                }
                f.write_str(")")
            }
            (None, None) => f.write_str("*"),
        }
    }
}

/// One accepted ply, as the referee hands it to an observer.
#[derive(Debug)]
pub struct Ply<'a> {
    /// Its index from 0.
    pub index: usize,
    /// The move as written.
    pub word: MoveWord<'a>,
    /// Its canonical text and parts, when asked for.
    pub detail: Option<MoveDetail>,
    /// The position after it.
    pub game: &'a dyn AnyGame,
}

/// How far to go and what to tell the observer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Stop after this many plies, without judging the rest.
    pub stop_after: Option<usize>,
    /// Give each ply's [`MoveDetail`] to the observer.
    pub details: bool,
}

/// Judges a record and returns the verdict and the position reached.
pub fn judge(
    record: &Record,
    options: Options,
    mut observe: impl FnMut(Ply<'_>),
) -> (Verdict, Option<Box<dyn AnyGame>>) {
    let mut verdict = Verdict {
        kind: None,
        plies: 0,
        turns: 0,
        outcome: None,
        scores: None,
        fault: None,
    };
    let mut game = match start(record) {
        Ok(game) => game,
        Err(fault) => {
            verdict.fault = Some(fault);
            return (verdict, None);
        }
    };
    verdict.kind = Some(game.kind());
    let mut walk = Walk {
        record,
        numbered: false,
        last_offset: 0,
        open_turn: None,
        plies: 0,
        from_start: false,
    };
    let mut stopped = false;
    for item in &record.items {
        if options.stop_after.is_some_and(|n| verdict.plies >= n) {
            stopped = true;
            break;
        }
        let fault = match &item.kind {
            ItemKind::Number { value, dots } => {
                walk.number(game.as_ref(), *value, *dots, item.span.start)
            }
            ItemKind::Move { glyph } => {
                let word = MoveWord {
                    text: record.slice(&item.span),
                    glyph: glyph.as_ref().map(|g| record.slice(g)),
                    offset: item.span.start,
                };
                let detail = if options.details {
                    game.detail(word.text).ok()
                } else {
                    None
                };
                match walk.ply(game.as_mut(), word) {
                    Ok(()) => {
                        verdict.plies += 1;
                        observe(Ply {
                            index: verdict.plies - 1,
                            word,
                            detail,
                            game: game.as_ref(),
                        });
                        None
                    }
                    Err(fault) => Some(fault),
                }
            }
            ItemKind::Comment | ItemKind::Result => None,
        };
        if let Some(fault) = fault {
            verdict.turns = last_begun_turn(game.as_ref(), verdict.plies);
            verdict.scores = game.scores();
            verdict.fault = Some(fault);
            return (verdict, Some(game));
        }
    }
    verdict.turns = last_begun_turn(game.as_ref(), verdict.plies);
    verdict.outcome = game.outcome();
    verdict.scores = game.scores();
    stopped |= options.stop_after.is_some_and(|n| verdict.plies >= n);
    if !stopped {
        verdict.fault = walk.finish(game.as_ref(), verdict.outcome.as_ref()).err();
    }
    (verdict, Some(game))
}

/// The number of the last turn that has begun.
fn last_begun_turn(game: &dyn AnyGame, plies: usize) -> u32 {
    let turn = game.turn();
    match (plies, turn.opens) {
        (0, _) => 0,
        (_, true) => turn.number.saturating_sub(1),
        (_, false) => turn.number,
    }
}

/// Reads the `Game` tag, checks the tags and builds the start position.
fn start(record: &Record) -> Result<Box<dyn AnyGame>, Fault> {
    let record_start = Location {
        line: record.first_line(),
        column: 1,
    };
    let at_tag = |name: &str| {
        record
            .find_tag(name)
            .map_or(record_start, |t| record.locate(t.offset))
    };
    let fault = |location, message: String| Fault {
        location,
        context: None,
        message,
    };
    let Some(name) = record.tag("Game") else {
        return Err(fault(record_start, "the record has no Game tag".into()));
    };
    let Some(kind) = GameKind::from_name(name) else {
        let known: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
        return Err(fault(
            at_tag("Game"),
            format!("unknown game {name:?} (kifu knows {})", known.join(", ")),
        ));
    };
    for tag in &record.tags {
        let name = tag.name.as_str();
        let foreign = GameKind::ALL
            .iter()
            .any(|other| *other != kind && other.tags().contains(&name));
        if foreign && !kind.tags().contains(&name) && !COMMON_TAGS.contains(&name) {
            return Err(fault(
                record.locate(tag.offset),
                format!("tag {name} does not apply to {kind}"),
            ));
        }
        if name == "Date" && !is_date(&tag.value) {
            return Err(fault(
                record.locate(tag.offset),
                format!(
                    "tag Date: {:?} is not a date of the form YYYY.MM.DD (?? for unknown parts)",
                    tag.value
                ),
            ));
        }
    }
    kind.start(Tags::new(&record.tags))
        .map_err(|e| fault(at_tag(&e.tag), e.to_string()))
}

/// `YYYY.MM.DD`, any part of which may be question marks.
fn is_date(value: &str) -> bool {
    let parts: Vec<&str> = value.split('.').collect();
    let widths = [4, 2, 2];
    parts.len() == 3
        && parts.iter().zip(widths).all(|(part, width)| {
            part.len() == width
                && (part.bytes().all(|b| b == b'?') || part.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// The longest move text quoted in a message.
const QUOTED_MOVE_CHARS: usize = 40;

/// A move's text for a message, cut short when it is very long.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(QUOTED_MOVE_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The state of the walk through the movetext.
struct Walk<'a> {
    record: &'a Record,
    /// A number was written since the last ply.
    numbered: bool,
    /// Offset of the last item seen, for faults at the end.
    last_offset: usize,
    /// The lotus turn in progress.
    open_turn: Option<PlyContext>,
    /// Plies played.
    plies: usize,
    /// Move pairs are counted from the record's first ply.
    from_start: bool,
}

impl Walk<'_> {
    /// Where the next ply stands: the game's numbering, or pairs counted
    /// from the record's first ply when the record numbers it that way.
    fn turn<'g>(&self, game: &'g dyn AnyGame) -> Turn<'g> {
        let turn = game.turn();
        if self.from_start {
            let plies = u32::try_from(self.plies).unwrap_or(u32::MAX);
            Turn::of_pairs(plies, turn.mover)
        } else {
            turn
        }
    }

    fn context(&self, game: &dyn AnyGame, text: Option<&str>) -> PlyContext {
        let turn = self.turn(game);
        PlyContext {
            label: game.numbering().label(),
            number: turn.number,
            mover: turn.mover.to_owned(),
            text: text.map(shorten),
        }
    }

    fn fault(
        &self,
        offset: usize,
        context: Option<PlyContext>,
        message: impl Into<String>,
    ) -> Option<Fault> {
        Some(Fault {
            location: self.record.locate(offset),
            context,
            message: message.into(),
        })
    }

    /// The digits of a move number too large for 32 bits, as written
    /// (shortened when very long).
    fn digits_at(&self, offset: usize) -> String {
        let text = self.record.text().get(offset..).unwrap_or("");
        let end = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        shorten(text.get(..end).unwrap_or(""))
    }

    /// Checks a move number against the position.
    fn number(
        &mut self,
        game: &dyn AnyGame,
        value: Option<u32>,
        dots: Dots,
        offset: usize,
    ) -> Option<Fault> {
        self.last_offset = offset;
        if game.is_over() {
            return None;
        }
        // A record that starts with the second side to move may number its
        // first ply `1.` (pairs from the record's start) instead of `1...`.
        if self.plies == 0
            && game.numbering() == Numbering::Pairs
            && dots == Dots::One
            && value == Some(1)
            && !game.turn().opens
        {
            self.from_start = true;
        }
        let turn = self.turn(game);
        let numbering = game.numbering();
        if numbering == Numbering::Turns && !turn.opens {
            return self.fault(
                offset,
                Some(self.context(game, None)),
                "a turn is three pawn moves; this one has fewer",
            );
        }
        if value != Some(turn.number) {
            let written = value.map_or_else(|| self.digits_at(offset), |v| v.to_string());
            return self.fault(
                offset,
                Some(self.context(game, None)),
                format!(
                    "{} number {written} is out of sequence: expected {}",
                    numbering.label(),
                    turn.number
                ),
            );
        }
        match (numbering, dots, turn.opens) {
            (Numbering::Pairs, Dots::One, false) => {
                return self.fault(
                    offset,
                    Some(self.context(game, None)),
                    format!("the second move of a pair is numbered {}...", turn.number),
                );
            }
            (Numbering::Pairs, Dots::Three, true) => {
                return self.fault(
                    offset,
                    Some(self.context(game, None)),
                    format!("the first move of a pair is numbered {}.", turn.number),
                );
            }
            (Numbering::Turns, Dots::Three, _) => {
                return self.fault(
                    offset,
                    Some(self.context(game, None)),
                    format!("a turn is numbered {}.", turn.number),
                );
            }
            _ => {}
        }
        self.numbered = true;
        None
    }

    /// A fault of the move `word`, about to be played in `game`.
    fn move_fault(&self, game: &dyn AnyGame, word: MoveWord<'_>, message: String) -> Fault {
        Fault {
            location: self.record.locate(word.offset),
            context: Some(self.context(game, Some(word.text))),
            message,
        }
    }

    /// Plays one move.
    fn ply(&mut self, game: &mut dyn AnyGame, word: MoveWord<'_>) -> Result<(), Fault> {
        self.last_offset = word.offset;
        if game.is_over() {
            return Err(self.move_fault(game, word, "the game is already over".into()));
        }
        // Only turns (lotus) need the turn's state here: no call for pairs.
        let opening = (game.numbering() == Numbering::Turns)
            .then(|| self.turn(game))
            .filter(|turn| turn.opens);
        if let Some(turn) = opening {
            if !self.numbered {
                let number = turn.number;
                return Err(match self.open_turn.take() {
                    Some(context) => Fault {
                        location: self.record.locate(word.offset),
                        context: Some(PlyContext {
                            text: Some(shorten(word.text)),
                            ..context
                        }),
                        message: "a turn is three pawn moves; this is a fourth".into(),
                    },
                    None => self.move_fault(
                        game,
                        word,
                        format!("a turn must start with its number: {number}."),
                    ),
                });
            }
            // Reuse the last turn's context: no allocation per turn.
            match &mut self.open_turn {
                Some(open) => {
                    open.label = game.numbering().label();
                    open.number = turn.number;
                    open.mover.clear();
                    open.mover.push_str(turn.mover);
                }
                None => self.open_turn = Some(self.context(game, None)),
            }
        }
        if let Err(e) = game.play(word.text) {
            // A game's message may quote the whole text: quote it short.
            let short = shorten(word.text);
            let message = if short.len() < word.text.len() {
                e.0.replace(word.text, &short)
            } else {
                e.0
            };
            return Err(self.move_fault(game, word, message));
        }
        self.numbered = false;
        self.plies += 1;
        Ok(())
    }

    /// Checks the end of the movetext: a whole last turn and the result.
    fn finish(&self, game: &dyn AnyGame, outcome: Option<&Outcome>) -> Result<(), Fault> {
        let turn = self.turn(game);
        if outcome.is_none() && game.numbering() == Numbering::Turns && !turn.opens {
            let at = self
                .record
                .result_token()
                .map_or(self.last_offset, |(_, at)| at);
            if let Some(fault) = self.fault(
                at,
                Some(self.context(game, None)),
                "a turn is three pawn moves; this one has fewer",
            ) {
                return Err(fault);
            }
        }
        let expected_token = match outcome {
            Some(o) => o.token.as_deref(),
            None => Some("*"),
        };
        if let Some((token, at)) = self.record.result_token() {
            if expected_token != Some(token) {
                let message = match (outcome, expected_token) {
                    (Some(o), None) => {
                        format!("the game is over ({}): it takes no result token", o.reason)
                    }
                    (Some(o), Some(t)) => format!("the result is {t} ({}), not {token}", o.reason),
                    (None, _) => format!("the game is not over: the result is *, not {token}"),
                };
                return Err(Fault {
                    location: self.record.locate(at),
                    context: None,
                    message,
                });
            }
        }
        if let Some(tag) = self.record.find_tag("Result") {
            let expected = outcome.map_or("*", |o| o.tag_value.as_str());
            if tag.value != expected {
                return Err(Fault {
                    location: self.record.locate(tag.offset),
                    context: None,
                    message: format!(
                        "tag Result: {:?} disagrees with the game, whose result is {expected:?}",
                        tag.value
                    ),
                });
            }
        }
        Ok(())
    }
}
