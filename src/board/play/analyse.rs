//! Analysis of a game being played: the engine's score and best line for
//! the position shown (`POST /api/games/{id}/analyse`), and the score of
//! every position of the game for its graph (`POST
//! /api/games/{id}/graph`), each position asked of the game's engine
//! (`--engine`) as `kifu analyse` asks it, through the seat's
//! [`crate::kep::Answered`]: its score and its line.

use super::{MAX_MOVETIME, Play};
use crate::board::ApiError;
use crate::game::Numbering;
use crate::kep::{Decision, Score};
use crate::seat::{PATIENCE, Terms, TimeControl, load_margin};
use http::StatusCode;
use std::time::Duration;

/// The most time a graph's positions may take together, in ms: the
/// positions times the movetime (or [`MAX_MOVETIME`] a position searched
/// to a depth) and the margin, so that the answer comes well within the
/// request's time.
pub(crate) const GRAPH_TIME: u64 = 20_000;

/// Where the graph puts a score: a `cp` within ±`GRAPH_CAP`, a win or a
/// loss at the bound.
pub(crate) const GRAPH_CAP: i32 = 1000;

/// The engine's view of the position shown.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct AnalysisJson {
    /// The plies played before the position.
    ply: usize,
    /// Who moves in it.
    to_move: String,
    /// The engine's score from the view of the player to move, as KEP
    /// writes it (`cp 35`, `win 3`, `loss 2`); none when it gave none.
    score: Option<String>,
    /// The line it expects, its first move first.
    pv: Vec<String>,
    /// The moves it would play (lotus: its turn's pawn moves); none when
    /// it would resign.
    best: Option<Vec<String>>,
}

/// One position of the graph.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct PointJson {
    /// The plies played before it.
    ply: usize,
    /// The engine's score from the view of the player to move; none once
    /// the game is over or when it gave none.
    score: Option<String>,
    /// The score as one number from the view of the first player: its
    /// `cp` within ±[`GRAPH_CAP`], a win or a loss at the bound.
    value: Option<i32>,
}

/// The score of every position.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct GraphJson {
    /// The player whose view `value` takes.
    player: String,
    /// Each position, from the start to the position shown.
    points: Vec<PointJson>,
}

/// 422 for limits the server does not take.
fn limits_refused(message: String) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "serve.analyse", message)
}

/// The terms of a `movetime` or a `depth` (within [`MAX_MOVETIME`]); the
/// time each position may take, in ms.
pub(crate) fn terms_of(
    movetime: Option<u64>,
    depth: Option<u32>,
) -> Result<(Terms, u64), ApiError> {
    match (movetime, depth) {
        (Some(_), Some(_)) => Err(limits_refused(
            "give a movetime or a depth, not both".to_owned(),
        )),
        (_, Some(depth)) if (1..=64).contains(&depth) => {
            let terms = Terms {
                time: TimeControl::MoveTime(Duration::from_millis(MAX_MOVETIME)),
                depth: Some(depth),
                margin: PATIENCE,
            };
            Ok((terms, MAX_MOVETIME))
        }
        (_, Some(_)) => Err(limits_refused("depth is from 1 to 64".to_owned())),
        (movetime, None) => {
            let movetime = movetime.unwrap_or(1000);
            if !(1..=MAX_MOVETIME).contains(&movetime) {
                return Err(limits_refused(format!(
                    "movetime is from 1 to {MAX_MOVETIME} ms"
                )));
            }
            let terms = Terms::patient(Duration::from_millis(movetime));
            Ok((terms, movetime))
        }
    }
}

/// A score as one number within ±[`GRAPH_CAP`].
fn capped(score: Score) -> i32 {
    match score {
        Score::Cp(n) => n.clamp(-GRAPH_CAP, GRAPH_CAP),
        Score::Win(_) => GRAPH_CAP,
        Score::Loss(_) => -GRAPH_CAP,
    }
}

impl Play {
    /// The engine's score and line for the position shown, searched for
    /// `movetime` ms (1 s unless given) or to `depth`.
    ///
    /// # Errors
    /// 422 for limits out of range, 409 while the start is placed or
    /// once the game is over, 502 when the engine fails.
    pub(crate) fn analyse(
        &mut self,
        movetime: Option<u64>,
        depth: Option<u32>,
    ) -> Result<AnalysisJson, ApiError> {
        let (terms, _) = terms_of(movetime, depth)?;
        self.placed()?;
        if self.game.is_over() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                crate::game::GAME_OVER,
                "the game is over".to_owned(),
            ));
        }
        let answer = self.ask(self.moves.len(), terms)?;
        Ok(AnalysisJson {
            ply: self.moves.len(),
            to_move: self.game.turn().mover.to_owned(),
            score: answer.score.map(|score| score.to_string()),
            pv: answer.pv,
            best: match answer.decision {
                Decision::Move(moves) => Some(moves),
                Decision::Resign => None,
            },
        })
    }

    /// The score of every position of the game, from its start to the
    /// position shown, each searched as [`Play::analyse`] searches one.
    ///
    /// # Errors
    /// 422 for limits out of range, for positions that would take more
    /// than [`GRAPH_TIME`] together, or for a game played by turns
    /// (lotus, as `kifu analyse` refuses it); 409 while the start is
    /// placed; 502 when the engine fails.
    pub(crate) fn graph(
        &mut self,
        movetime: Option<u64>,
        depth: Option<u32>,
    ) -> Result<GraphJson, ApiError> {
        let (terms, each) = terms_of(movetime, depth)?;
        self.placed()?;
        if self.start.numbering() == Numbering::Turns {
            return Err(limits_refused(format!(
                "{} is not analysed yet: its engine chooses and scores whole turns, and the graph weighs one move at a time",
                self.kind.name()
            )));
        }
        let positions = self.moves.len() as u64 + 1;
        // The margin a move takes past its time on this machine counts
        // too (an engine may be later still, up to its patience).
        let margin = u64::try_from(load_margin().as_millis()).unwrap_or(u64::MAX);
        if positions.saturating_mul(each.saturating_add(margin)) > GRAPH_TIME {
            return Err(limits_refused(format!(
                "{positions} positions at {each} ms each take more than {} s: give a shorter movetime",
                GRAPH_TIME / 1000
            )));
        }
        let player = self.start.turn().mover.to_owned();
        let mut game = self.start.box_clone();
        let mut points = Vec::new();
        for ply in 0..=self.moves.len() {
            if ply > 0 {
                let played = self.moves[ply - 1].clone();
                game.play(&played).map_err(|e| {
                    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.code, e.message)
                })?;
            }
            if game.is_over() {
                points.push(PointJson {
                    ply,
                    score: None,
                    value: None,
                });
                continue;
            }
            let first = game.turn().mover == player;
            let answer = self.ask(ply, terms)?;
            let sign = if first { 1 } else { -1 };
            points.push(PointJson {
                ply,
                score: answer.score.map(|score| score.to_string()),
                value: answer.score.map(|score| sign * capped(score)),
            });
        }
        Ok(GraphJson { player, points })
    }
}
