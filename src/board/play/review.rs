//! The review of a game being played (`POST /api/games/{id}/review`): a
//! [`Review`] of its record, as `kifu analyse` makes one, asked of the
//! game's engine at full strength. A long game is reviewed over several
//! requests: each searches for at most the game's slice of time (8 s
//! from `kifu serve`, [`REVIEW_SLICE`]) and answers how
//! far it got, the engine's views kept between them, so that the page
//! shows the progress and no request comes near the server's time bound.

use super::Play;
use super::analyse::terms_of;
use crate::board::ApiError;
use crate::draw::Drawing;
use crate::game::{AnyGame, Numbering};
use crate::games::lotus::Lotus;
use crate::kep::Decision;
use crate::review::{LOTUS_DEPTH, Review, ReviewError, View};
use crate::seat::TimeControl;
use http::StatusCode;
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;
use web_time::Instant;

/// The longest one request of a review searches for, from `kifu serve`.
#[cfg(feature = "server")]
pub(crate) const REVIEW_SLICE: Duration = Duration::from_secs(8);

/// The longest a review searches a position, in ms (a position searched
/// to a depth too): so that a request ends within its slice and one
/// search more.
pub(crate) const MAX_REVIEW_MOVETIME: u64 = 2000;

/// What a view is kept by: the plies before its position, the engine's
/// better move played there (the position after it searched), and the
/// moves the search chose among (lotus: the turn played, weighed).
type Key = (usize, Option<String>, Vec<String>);

/// The engine's views of the positions a game's reviews have searched,
/// under the limits they were searched at, along the moves `line`: each
/// by its [`Key`]. At most two a move played and one more: the views
/// of a line taken back and played otherwise are forgotten from where it
/// parts.
#[derive(Debug, Default)]
pub(crate) struct Views {
    limits: (Option<u64>, Option<u32>),
    line: Vec<String>,
    by_ply: HashMap<Key, View>,
}

impl Views {
    /// The views kept for a review along `line` under `limits`: those of
    /// the plies `line` shares with the line they were searched along.
    fn along(mut self, line: &[String], limits: (Option<u64>, Option<u32>)) -> Self {
        if self.limits != limits {
            self.by_ply.clear();
        }
        let shared = (self.line.iter().zip(line))
            .take_while(|(a, b)| a == b)
            .count();
        // A turn weighed is kept while the line still plays it.
        self.by_ply
            .retain(|(ply, _, only), _| *ply + only.len() <= shared);
        Self {
            limits,
            line: line.to_vec(),
            by_ply: self.by_ply,
        }
    }
}

/// A review, or how far it has got.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct ReviewJson {
    /// The searches made so far.
    searched: usize,
    /// The most searches the review may take (every position, and one
    /// better move a move played); fewer when the engine plays moves
    /// played.
    most: usize,
    /// The review, once every search is made; none until then: ask
    /// again to go on.
    review: Option<ReviewedJson>,
}

/// A game reviewed.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct ReviewedJson {
    /// The player who moves first.
    player: String,
    /// Whether a move judged is a whole turn of several plies (lotus),
    /// whose chances are each mover's own; otherwise each is a ply, and
    /// every chance is the first player's.
    turns: bool,
    /// The colour each player is drawn in, when the board draws players
    /// in colours of their own (lotus); empty otherwise.
    colours: BTreeMap<String, String>,
    /// The curve's k: a score `cp` is a chance
    /// 1 / (1 + exp(-k (cp - offset))).
    curve: f64,
    /// The curve's offset: the score of an even chance (0 but in lotus).
    offset: f64,
    /// Every position a move is played from, from the start, and the end
    /// (lotus: each player's).
    points: Vec<ChanceJson>,
    /// Every move, judged.
    moves: Vec<JudgedJson>,
    /// How each player played, the first mover first.
    sides: Vec<SideJson>,
    /// The record with the review written into it, as `kifu analyse`
    /// writes it: scores as comments, glyphs, better lines as variations.
    record: String,
}

/// One position's chance.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
struct ChanceJson {
    /// The plies played before it.
    ply: usize,
    /// Whose chance it is: the first player's, or in lotus the mover's
    /// (at the end, each player's).
    player: String,
    /// The engine's score, from the view of the player to move (KEP's
    /// words); none once the game is over.
    score: Option<String>,
    /// `player`'s chance of winning, from 0 to 100.
    chance: f64,
}

/// One move judged.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
struct JudgedJson {
    /// The plies played before it.
    ply: usize,
    /// The plies it is (lotus: the turn's; otherwise 1).
    plies: usize,
    /// Its number: the ply's from 1, or in lotus the turn's.
    number: usize,
    /// Its player.
    mover: String,
    /// The move (lotus: the turn's plies, a space between).
    played: String,
    /// The squares it left and reached, as the board names them; none
    /// for a move that leaves or reaches no square (a pass, a re-entry),
    /// or is a whole turn.
    squares: Option<[String; 2]>,
    /// The score after it, from its mover's view (KEP's words).
    after: Option<String>,
    /// The points of 100 of its mover's chance of winning it gave away.
    drop: f64,
    /// `inaccuracy`, `mistake` or `blunder`; none for a good move.
    class: Option<String>,
    /// Its glyph: `?!`, `?` or `??`.
    glyph: Option<String>,
    /// Its accuracy, from 0 to 100.
    accuracy: f64,
    /// The engine's better move, when it scores better than the move
    /// played (lotus: a turn, its plies a space between).
    best: Option<String>,
    /// The engine's line from that move, its move first (lotus: the
    /// turn's plies).
    line: Vec<String>,
    /// The squares each move of that line leaves and reaches, as the
    /// board names them, for arrows: the better move's and the answer's
    /// (lotus: each ply's of the better turn); a move that leaves or
    /// reaches no square (a pass, a re-entry) has none.
    arrows: Vec<[String; 2]>,
}

/// How one player played.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
struct SideJson {
    /// The player.
    player: String,
    /// Its moves.
    moves: usize,
    /// Its inaccuracies.
    inaccuracies: usize,
    /// Its mistakes.
    mistakes: usize,
    /// Its blunders.
    blunders: usize,
    /// Its accuracy, from 0 to 100 (none without moves).
    accuracy: Option<f64>,
}

/// Why a search of a review stopped.
#[derive(Debug, thiserror::Error)]
enum Asking {
    /// The request's time is up: the review goes on at the next.
    #[error("the slice is over")]
    Paused,
    /// The engine failed.
    #[error("{}", .0.message)]
    Failed(ApiError),
}

/// The most arrows a better line of a two-player game gets: its move and
/// the answer to it.
const ARROWS: usize = 2;

impl Play {
    /// The review of the game so far, each position searched for
    /// `movetime` ms (300 unless given) or to `depth` (within
    /// [`MAX_REVIEW_MOVETIME`]), going on from where the last request
    /// left it.
    ///
    /// # Errors
    /// 422 for limits out of range or a lotus game at a depth past 1 (as
    /// `kifu analyse` refuses it); 409 while the start is placed; 502
    /// when the engine fails.
    pub(crate) fn review(
        &mut self,
        movetime: Option<u64>,
        depth: Option<u32>,
    ) -> Result<ReviewJson, ApiError> {
        let movetime = movetime.or(Some(300)).filter(|_| depth.is_none());
        if movetime.is_some_and(|ms| ms > MAX_REVIEW_MOVETIME) {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "serve.analyse",
                format!("a review's movetime is from 1 to {MAX_REVIEW_MOVETIME} ms"),
            ));
        }
        let (mut terms, _) = terms_of(movetime, depth)?;
        if depth.is_some() {
            terms.time = TimeControl::MoveTime(Duration::from_millis(MAX_REVIEW_MOVETIME));
        }
        self.placed()?;
        if self.start.numbering() == Numbering::Turns && depth.is_some_and(|d| d > 1) {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "serve.analyse",
                format!("{LOTUS_DEPTH}: review by movetime"),
            ));
        }
        let internal = |message: String| {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "serve.review", message)
        };
        let text = self.record();
        let record = crate::record::parse_record(text, 1).map_err(|e| internal(e.to_string()))?;
        let mut views = std::mem::take(&mut self.views).along(&self.moves, (movetime, depth));
        let until = Instant::now() + self.slice;
        let (mut searched, mut most) = (0, 0);
        let reviewed = Review::of(&record, |question| {
            (searched, most) = (question.number, question.most);
            let key = (
                question.ply,
                question.better.map(str::to_owned),
                question.only.to_vec(),
            );
            if let Some(view) = views.by_ply.get(&key) {
                return Ok(view.clone());
            }
            if Instant::now() >= until {
                return Err(Asking::Paused);
            }
            let answer = (self.consult(question.tags, question.moves, question.only, terms, None))
                .map_err(Asking::Failed)?;
            let view = View {
                best: match answer.decision {
                    Decision::Move(words) => Some(words.join(" ")),
                    Decision::Resign => None,
                },
                score: answer.score,
                line: answer.pv,
            };
            views.by_ply.insert(key, view.clone());
            Ok(view)
        });
        self.views = views;
        match reviewed {
            Ok(review) => Ok(ReviewJson {
                searched: most,
                most,
                review: Some(reviewed_json(&review, &record)),
            }),
            Err(ReviewError::Engine {
                error: Asking::Paused,
                ..
            }) => Ok(ReviewJson {
                searched,
                most,
                review: None,
            }),
            Err(ReviewError::Engine {
                error: Asking::Failed(failed),
                ..
            }) => Err(failed),
            Err(other) => Err(internal(other.to_string())),
        }
    }
}

/// The JSON of `review`, made of `record`.
fn reviewed_json(review: &Review, record: &crate::record::Record) -> ReviewedJson {
    let first = (review.positions.first()).map_or_else(String::new, |p| p.turn().mover.to_owned());
    let turns = (review.positions.first()).is_some_and(|p| p.numbering() == Numbering::Turns);
    let moves = (review.moves.iter().enumerate())
        .map(|(at, judged)| {
            let class = judged.class();
            let better = judged.better.as_ref().filter(|_| judged.bettered());
            let line = better.map_or_else(Vec::new, |b| b.line.clone());
            let ply = review.plies[at];
            JudgedJson {
                ply,
                plies: review.plies[at + 1] - ply,
                number: at + 1,
                mover: judged.mover.clone(),
                played: judged.played.clone(),
                squares: (review.positions.get(at))
                    .and_then(|before| squares_of(before.as_ref(), &judged.played)),
                after: judged.after.map(|s| s.to_string()),
                drop: hundredths(100.0 * judged.drop),
                class: class.map(|c| c.name().to_owned()),
                glyph: class.map(|c| c.glyph().to_owned()),
                accuracy: hundredths(judged.accuracy()),
                best: better.map(|b| b.best.clone()),
                arrows: arrows(review, at, &line, if turns { line.len() } else { ARROWS }),
                line,
            }
        })
        .collect();
    let sides = (review.sides().into_iter())
        .map(|side| {
            let [inaccuracies, mistakes, blunders] = side.counts;
            SideJson {
                player: side.player,
                moves: side.moves,
                inaccuracies,
                mistakes,
                blunders,
                accuracy: side.accuracy.map(hundredths),
            }
        })
        .collect();
    ReviewedJson {
        points: points(review, &first, turns),
        player: first,
        turns,
        colours: match review
            .positions
            .first()
            .and_then(|start| start.own::<Lotus>())
        {
            Some(lotus) => (lotus.fills().into_iter())
                .map(|(player, fill)| (player.to_owned(), fill.to_owned()))
                .collect(),
            None => BTreeMap::new(),
        },
        curve: review.curve.k,
        offset: review.curve.offset,
        moves,
        sides,
        record: review.annotated(record),
    }
}

/// The chance of each position of `review`: the player `first`'s, or
/// with `turns` (lotus) the mover's, and at the end every player's.
fn points(review: &Review, first: &str, turns: bool) -> Vec<ChanceJson> {
    let mut points = Vec::new();
    for ((position, view), &ply) in (review.positions.iter().zip(&review.views)).zip(&review.plies)
    {
        let mover = position.turn().mover;
        let score = view.score.map(|s| s.to_string());
        let point = |player: &str, chance: f64| ChanceJson {
            ply,
            player: player.to_owned(),
            score: score.clone(),
            chance: hundredths(100.0 * chance),
        };
        match (position.outcome(), view.score) {
            (Some(_), _) if turns => {
                // A first place is a win, a first place shared by n a
                // share of one.
                let scores = position.scores().unwrap_or_default();
                let sharing = scores.iter().filter(|s| s.place == 1).count().max(1);
                for score in scores.iter() {
                    let won = if score.place == 1 { 1.0 } else { 0.0 };
                    points.push(point(&score.player, won / sharing as f64));
                }
            }
            (Some(outcome), _) => points.push(point(
                first,
                match outcome.winner {
                    Some(winner) if winner == first => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                },
            )),
            (None, Some(score)) if turns => points.push(point(mover, review.curve.chance(score))),
            (None, Some(score)) => {
                let chance = review.curve.chance(score);
                points.push(point(
                    first,
                    if mover == first { chance } else { 1.0 - chance },
                ));
            }
            (None, None) => points.push(point(if turns { mover } else { first }, 0.5)),
        }
    }
    points
}

/// The squares of the first `most` moves of `line`, played from the
/// position move `at` was played from, as far as they play.
fn arrows(review: &Review, at: usize, line: &[String], most: usize) -> Vec<[String; 2]> {
    let Some(before) = review.positions.get(at) else {
        return Vec::new();
    };
    let mut game = before.box_clone();
    let mut arrows = Vec::new();
    for text in line.iter().take(most) {
        arrows.extend(squares_of(game.as_ref(), text));
        if game.play(text).is_err() {
            break;
        }
    }
    arrows
}

/// The squares the move `text` leaves and reaches in `game`, if it is
/// legal there and both are squares.
fn squares_of(game: &dyn AnyGame, text: &str) -> Option<[String; 2]> {
    let detail = game.detail(text).ok()?;
    match game.move_squares(&detail.parts) {
        [Some(from), Some(to)] => Some([from, to]),
        _ => None,
    }
}

/// `x` rounded to hundredths.
fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
