//! `kifu solve`: a forced win or loss for the side to move, proven by the
//! solver ([`crate::engine::solve`]), with its line.

use super::Status;
use super::show::with_position;
use super::validate::grouped;
use crate::engine::{Bounds, Proven, Solved, solve_game};
use crate::front::Ran;
use crate::front::args::{Format, SolveArgs};
use crate::game::AnyGame;
use serde::Serialize;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use web_time::Instant;

/// What `kifu solve --format json` prints.
#[derive(Debug, Serialize)]
struct Answer<'a> {
    /// The game's name.
    game: &'static str,
    /// The plies played before the position solved.
    ply: usize,
    /// The side to move.
    mover: &'a str,
    /// `win` or `loss` for the side to move, `unknown` when nothing is
    /// forced within `depth`, `over` when the game has ended.
    result: &'static str,
    /// The length of the forced result, in plies.
    plies: Option<u32>,
    /// The line that proves it.
    line: &'a [String],
    /// The deepest search done to its end.
    depth: u32,
    /// The positions searched.
    nodes: u64,
    /// The milliseconds it took.
    ms: u128,
}

/// Runs `kifu solve`.
///
/// # Errors
/// Failures to write `out`.
pub(crate) fn run(args: &SolveArgs, out: &mut dyn Write) -> Ran {
    let mut answered = Status::Ok;
    let status = with_position(&args.at, |game, _, ply, _| {
        let Some(text) = answer(game, ply, args) else {
            say!(
                "kifu: kifu solve proves two-player games, and this {} game has {} players",
                game.kind().name(),
                game.players().len()
            );
            answered = Status::Trouble;
            return Ok(());
        };
        out.write_all(text.as_bytes())
    })?;
    Ok(status.max(answered))
}

/// The answer for `game`, `ply` plies into its record, as `args.format`
/// asks; `None` for a game of more than two players.
fn answer(game: &dyn AnyGame, ply: usize, args: &SolveArgs) -> Option<String> {
    let over = game.outcome();
    let solved = match over {
        Some(_) if game.players().len() == 2 => Solved {
            proven: None,
            line: Vec::new(),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        },
        _ => {
            let bounds = Bounds {
                depth: args.depth,
                deadline: args
                    .time
                    .map(|seconds| Instant::now() + Duration::from_secs(seconds)),
            };
            solve_game(game, bounds, &AtomicBool::new(false), &mut |_| {})?
        }
    };
    let mover = game.turn().mover;
    Some(match args.format {
        Format::Json => {
            let answer = Answer {
                game: game.kind().name(),
                ply,
                mover,
                result: match (&over, solved.proven) {
                    (Some(_), _) => "over",
                    (None, Some(Proven::Win(_))) => "win",
                    (None, Some(Proven::Loss(_))) => "loss",
                    (None, None) => "unknown",
                },
                plies: solved.proven.map(|(Proven::Win(n) | Proven::Loss(n))| n),
                line: &solved.line,
                depth: solved.depth,
                nodes: solved.nodes,
                ms: solved.elapsed.as_millis(),
            };
            let mut text = serde_json::to_string(&answer).unwrap_or_default();
            text.push('\n');
            text
        }
        Format::Text => match over {
            Some(o) => format!("the game is over: {} ({})\n", o.tag_value, o.reason),
            None => text(mover, &solved, args.depth),
        },
    })
}

/// The answer in words: the result and its line, then how it was found.
fn text(mover: &str, solved: &Solved, asked: u32) -> String {
    let searched = format!(
        "{} positions in {:.2} s",
        grouped(solved.nodes),
        solved.elapsed.as_secs_f64()
    );
    let line = solved.line.join(" ");
    match solved.proven {
        Some(Proven::Win(plies)) => format!(
            "{mover} to move wins in {plies} {}, whatever the reply: {line}\n\
             (no win is shorter; {searched})\n",
            noun(plies)
        ),
        Some(Proven::Loss(plies)) => format!(
            "{mover} to move loses in {plies} {}, whatever it plays: {line}\n\
             (no defence lasts longer; {searched})\n",
            noun(plies)
        ),
        None if solved.depth < asked => format!(
            "nothing is forced within {} {}: the time ran out before {}\n({searched})\n",
            solved.depth,
            noun(solved.depth),
            solved.depth + 1
        ),
        None => format!(
            "nothing is forced within {asked} {}: neither side can force the end of the game\n({searched})\n",
            noun(asked)
        ),
    }
}

/// "ply" or "plies".
fn noun(n: u32) -> &'static str {
    if n == 1 { "ply" } else { "plies" }
}
