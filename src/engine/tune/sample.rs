//! The training data's format: one [`Sample`] a line of NDJSON, as
//! `docs/training.md` describes it, written by [`write_sample`] and read
//! back, every line checked, by [`read_samples`].

use super::{has_weights, no_weights};
use crate::game::{Game, GameKind};
use crate::play::start_of_tags;
use crate::random::Rng;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;
use std::io::{self, Write};

/// One training position: where a game stood, what the engine's search
/// made of it, and how the game ended.
///
/// ```json
/// {"game":"mana","tags":{"Position":"..."},"ply":14,"score":-38,"result":0.0}
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// The game, by its name (`mana`, `escampe`, `shogun`).
    #[serde(deserialize_with = "game_named")]
    pub game: GameKind,
    /// The tags that set the position up, as a record starting from it
    /// carries them ([`Game::setup_tags`]): `Position`, and for shogun
    /// `First`, `Rotation` and `Discs` where they differ from the default.
    pub tags: BTreeMap<String, String>,
    /// The plies played before it, from the game's start.
    pub ply: u32,
    /// The search's score of the position, in hundredths of a piece, from
    /// the view of the side to move; never a forced win or loss (the
    /// generator leaves those positions out).
    pub score: i32,
    /// How the game ended for the side to move: 1 a win, 0.5 a draw, 0 a
    /// loss; any chance from 0 to 1 is read (a soft label).
    pub result: f64,
}

/// Why a line is not a training position.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SampleFault {
    /// Not JSON, or not a sample's fields.
    #[error("not a training position: {0}")]
    Json(String),
    /// A result out of 0 to 1.
    #[error(
        "the result {0} is not from 0 to 1 (1 a win of the side to move, 0.5 a draw, 0 a loss)"
    )]
    Result(f64),
    /// A game with no weights (lotus).
    #[error("{}", no_weights(*.0))]
    NoWeights(GameKind),
    /// Tags that set up no position of the game.
    #[error("the tags set up no {game} position: {message}")]
    Position {
        /// The game.
        game: GameKind,
        /// Why, as the referee says it.
        message: String,
    },
}

/// A line of a file of samples that is not one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{line}: {fault}")]
pub struct ReadError {
    /// The line, counted from 1.
    pub line: usize,
    /// Why.
    pub fault: SampleFault,
}

impl Sample {
    /// The position the tags set up, as the game's own type.
    ///
    /// # Errors
    /// The tags set up no position of `G`, as a fresh game's start
    /// refuses them ([`start_of_tags`]).
    pub fn position<G: Game>(&self) -> Result<G, SampleFault> {
        let fault = |message: String| SampleFault::Position {
            game: G::KIND,
            message,
        };
        let tags = self.tags.iter().map(|(n, v)| (n.clone(), v.clone()));
        let start = start_of_tags(G::KIND, tags.collect()).and_then(|start| start.placed());
        let start = start.map_err(|e| fault(e.to_string()))?;
        let own = start.game.own::<G>().cloned();
        own.ok_or_else(|| fault(format!("not a position of {}", G::KIND)))
    }

    /// A random start of `G`, as `kifu new GAME --seed` draws one, read
    /// back from its tags as a fresh game starts.
    ///
    /// # Errors
    /// Tags that set up no game (never, for the games' own draws).
    pub fn random_start<G: Game>(rng: &mut Rng) -> Result<G, SampleFault> {
        let start = Sample {
            game: G::KIND,
            tags: G::random_tags(rng).into_iter().collect(),
            ply: 0,
            score: 0,
            result: 0.5,
        };
        start.position()
    }

    /// The sample of `position`, with its ply, score and result.
    pub fn of<G: Game>(position: &G, ply: u32, score: i32, result: f64) -> Self {
        Self {
            game: G::KIND,
            tags: position.setup_tags().into_iter().collect(),
            ply,
            score,
            result,
        }
    }
}

/// Writes `sample` as one line of NDJSON.
///
/// # Errors
/// Failures to write `out`.
pub fn write_sample(out: &mut dyn Write, sample: &Sample) -> io::Result<()> {
    serde_json::to_writer(&mut *out, sample).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// Every sample of `text`, NDJSON, each line checked: its fields, its
/// result, its game (one with weights) and its position. Blank lines are
/// skipped; fields besides a sample's are ignored.
///
/// # Errors
/// The first line that is not a sample, by its number and why.
pub fn read_samples(text: &str) -> Result<Vec<Sample>, ReadError> {
    let mut samples = Vec::new();
    for (at, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let read = read_line(line).map_err(|fault| ReadError {
            line: at + 1,
            fault,
        })?;
        samples.push(read);
    }
    Ok(samples)
}

/// The sample of one line.
fn read_line(line: &str) -> Result<Sample, SampleFault> {
    let sample: Sample =
        serde_json::from_str(line).map_err(|e| SampleFault::Json(e.to_string()))?;
    if !(0.0..=1.0).contains(&sample.result) {
        return Err(SampleFault::Result(sample.result));
    }
    if !has_weights(sample.game) {
        return Err(SampleFault::NoWeights(sample.game));
    }
    crate::engine::visit(sample.game, SetsUp(&sample))?;
    Ok(sample)
}

/// Whether a sample's tags set up a position of its game, as its type.
struct SetsUp<'a>(&'a Sample);

impl crate::engine::EvaluationVisitor for SetsUp<'_> {
    type Output = Result<(), SampleFault>;

    fn visit<G: crate::engine::Evaluation>(self) -> Self::Output {
        self.0.position::<G>().map(|_| ())
    }
}

/// A game by its name, as the `Game` tag and the command line name it.
fn game_named<'de, D: Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
    let name = String::deserialize(deserializer)?;
    GameKind::from_name(&name).ok_or_else(|| {
        let names: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
        serde::de::Error::custom(format!(
            "no game is named {name:?} (the games: {})",
            names.join(", ")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogun::Shogun;

    fn shogun_sample() -> Sample {
        let start = start_of_tags(
            GameKind::Shogun,
            Shogun::random_tags(&mut crate::random::Rng::new(3)),
        );
        let start = start
            .and_then(|s| s.placed())
            .unwrap_or_else(|e| panic!("{e}"));
        let shogun = start
            .game
            .own::<Shogun>()
            .cloned()
            .unwrap_or_else(|| panic!("shogun"));
        Sample::of(&shogun, 0, 25, 0.5)
    }

    #[test]
    fn a_sample_is_written_and_read_back_the_same() {
        let sample = shogun_sample();
        let mut text = Vec::new();
        write_sample(&mut text, &sample).unwrap_or_else(|e| panic!("{e}"));
        let text = String::from_utf8(text).unwrap_or_else(|e| panic!("{e}"));
        assert!(text.starts_with(r#"{"game":"shogun","tags":{"#), "{text}");
        assert!(
            text.ends_with(",\"ply\":0,\"score\":25,\"result\":0.5}\n"),
            "{text}"
        );
        assert_eq!(text.lines().count(), 1);
        let read = read_samples(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read, std::slice::from_ref(&sample));
        let position: Shogun = read[0].position().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Sample::of(&position, 0, 25, 0.5), sample);
    }

    #[test]
    fn a_bad_line_is_named_by_its_number_and_why() {
        let good = serde_json::to_string(&shogun_sample()).unwrap_or_else(|e| panic!("{e}"));
        let said = |bad: &str| {
            let text = format!("{good}\n\n{bad}\n{good}\n");
            read_samples(&text)
                .map(|s| s.len())
                .map_err(|e| e.to_string())
        };
        assert_eq!(said(&good), Ok(3));
        assert_eq!(
            said("{"),
            Err(
                "3: not a training position: EOF while parsing an object at line 1 column 1".into()
            )
        );
        assert_eq!(
            said(&good.replace("0.5", "2")),
            Err("3: the result 2 is not from 0 to 1 (1 a win of the side to move, 0.5 a draw, 0 a loss)".into())
        );
        let chess = said(&good.replace("\"shogun\"", "\"chess\""));
        assert!(chess.as_ref().is_err_and(|e| e.starts_with(
            "3: not a training position: no game is named \"chess\" (the games: mana, escampe, shogun, lotus)"
        )), "{chess:?}");
        assert_eq!(
            said(&good.replace("\"shogun\"", "\"lotus\"")),
            Err("3: lotus has no evaluation weights to tune: its engine plays races out (Monte Carlo) and weighs no position".into())
        );
        let nowhere =
            said(r#"{"game":"mana","tags":{"Position":"x"},"ply":0,"score":0,"result":1}"#);
        assert!(
            nowhere
                .as_ref()
                .is_err_and(|e| e.starts_with("3: the tags set up no mana position: ")),
            "{nowhere:?}"
        );
        let missing = said(r#"{"game":"mana","tags":{},"ply":0,"score":0}"#);
        assert_eq!(
            missing,
            Err("3: not a training position: missing field `result` at line 1 column 43".into())
        );
    }
}
