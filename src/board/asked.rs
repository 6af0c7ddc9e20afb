//! What the requests of the board's API ask and answer, read and
//! written as JSON alike by `kifu serve`'s routes and by [`super::Board`],
//! and the work of the routes that is more than a call of a game's
//! [`Play`] method: a start from its options or from a record, a board
//! looked back at, the levels.

use super::{ApiError, Play};
use crate::engine::Level;
use crate::game::GameKind;
use crate::play::{self, Start, StartError, StartOptions, tag_option};
use crate::tournament::MainLine;
use http::StatusCode;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::time::Duration;

/// The body of `POST /api/games`: the game by name (`mana`), and the
/// setup options of `kifu new`, each as its flag's value (`setup`,
/// `position`, `players`, `flowers`, `course`, `rotation`, `first`,
/// `discs`, `seed`), `tags` as `--tag` takes them (`NAME=VALUE`).
#[derive(Debug, Clone, Default)]
pub(crate) struct NewGame {
    /// The game, by name.
    pub(crate) game: String,
    /// The setup options, `tags` aside.
    pub(crate) options: StartOptions,
    /// `--tag NAME=VALUE`, each.
    pub(crate) tags: Vec<String>,
}

impl<'de> serde::Deserialize<'de> for NewGame {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let mut fields = serde_json::Map::deserialize(deserializer)?;
        let game = fields
            .remove("game")
            .ok_or_else(|| D::Error::missing_field("game"))?;
        let tags = fields.remove("tags").unwrap_or_default();
        Ok(NewGame {
            game: serde_json::from_value(game).map_err(D::Error::custom)?,
            tags: match tags {
                serde_json::Value::Null => Vec::new(),
                tags => serde_json::from_value(tags).map_err(D::Error::custom)?,
            },
            options: serde_json::from_value(fields.into()).map_err(D::Error::custom)?,
        })
    }
}

/// The schema of the body [`NewGame`] reads: `kifu new`'s options
/// ([`StartOptions`]), the game by name, and `tags` as `--tag` takes them.
impl schemars::JsonSchema for NewGame {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "NewGame".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut schema = StartOptions::json_schema(generator);
        let game = generator.subschema_for::<crate::game::GameKind>();
        let tags = generator.subschema_for::<Option<Vec<String>>>();
        if let Some(properties) = (schema.get_mut("properties")).and_then(|p| p.as_object_mut()) {
            properties.insert("game".into(), game.into());
            properties.insert("tags".into(), tags.into());
        }
        schema.insert("required".into(), serde_json::json!(["game"]));
        schema
    }
}

/// The body of `POST /api/games/record`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RecordBody {
    /// The record, as a file holds it (its first record is taken).
    pub(crate) text: String,
}

/// Why the game `POST /api/games` asks for cannot start.
#[derive(Debug, thiserror::Error)]
enum NewGameError {
    /// No game of that name.
    #[error("no game {0:?}: the games are {names}", names = game_names())]
    UnknownGame(String),
    /// The options start no game, in the words `kifu new` uses.
    #[error(transparent)]
    Start(#[from] StartError),
}

/// The names of the games, joined by `, `.
fn game_names() -> String {
    let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    names.join(", ")
}

/// The start `asked` for, as `kifu new` starts one from the same options,
/// or, when they leave the start to be placed (Escampe without a `Setup`),
/// the placement to make first.
///
/// # Errors
/// No such game, or the options at fault.
fn start_of(asked: &NewGame) -> Result<Start, NewGameError> {
    let kind = GameKind::from_name(&asked.game)
        .ok_or_else(|| NewGameError::UnknownGame(asked.game.clone()))?;
    let tags = (asked.tags.iter()).map(|tag| tag_option(tag));
    let options = StartOptions {
        tags: tags.collect::<Result<_, _>>().map_err(StartError::from)?,
        ..asked.options.clone()
    };
    Ok(play::start(kind, &options)?)
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveBody {
    #[serde(rename = "move")]
    pub(crate) text: String,
}

/// The body of `POST /api/games/{id}/engine`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct EngineBody {
    /// The engine's time for the move, in ms.
    #[serde(default = "default_movetime")]
    pub(crate) movetime: u64,
    /// The engine's level, 1 to 8 (default: full strength).
    #[serde(default)]
    #[schemars(range(min = 1, max = 8))]
    pub(crate) level: Option<u8>,
}

impl EngineBody {
    /// The level asked, if any.
    ///
    /// # Errors
    /// 422 (`serve.level`) for a level out of 1 to 8.
    pub(crate) fn level(&self) -> Result<Option<Level>, ApiError> {
        match self.level {
            None => Ok(None),
            Some(n) => Level::new(n).map(Some).ok_or_else(|| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "serve.level",
                    format!("the level is 1 to 8, not {n}"),
                )
            }),
        }
    }
}

/// The engine's time for a move unless the request says: 1 s, as `kifu
/// play --vs`.
fn default_movetime() -> u64 {
    1000
}

/// The engine's move for the side to move, shown, not played.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub(crate) struct HintJson {
    /// The moves it would play (lotus: its turn's pawn moves).
    pub(crate) moves: Vec<String>,
    /// Whether it would resign instead.
    pub(crate) resigned: bool,
}

/// The body of `POST /api/games/{id}/hint`: a hint is always the engine's
/// at full strength.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HintBody {
    /// The engine's time for the move, in ms.
    #[serde(default = "default_movetime")]
    pub(crate) movetime: u64,
}

/// The body of `POST /api/games/{id}/takeback`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TakeBackBody {
    /// How many moves stay (lotus: pawn moves).
    pub(crate) kept: usize,
}

/// The body of `POST /api/games/{id}/flip`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct FlipBody {
    /// Whether the board is seen from the other side.
    pub(crate) flip: bool,
}

/// The body of `POST /api/games/{id}/clock`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClockBody {
    /// Each player's time for the game, in ms (10 s to 3 h).
    pub(crate) base_ms: u64,
    /// The time added to a player's once it has moved, in ms (at most
    /// 60 s).
    pub(crate) increment_ms: u64,
}

/// A position of the game looked back at.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub(crate) struct BoardAtJson {
    /// The moves played before it.
    pub(crate) ply: usize,
    /// The board, as `kifu render --format svg` draws it.
    pub(crate) board: String,
}

/// A level of the engine, as the board offers it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub(crate) struct LevelJson {
    /// Its number, 1 to 8.
    pub(crate) level: u8,
    /// Its name ("Beginner" ... "Full strength").
    pub(crate) name: &'static str,
    /// Its Elo in each game (benches/levels.sh; level 1 at 1000), null
    /// where not measured yet.
    pub(crate) elo: std::collections::BTreeMap<&'static str, Option<i32>>,
}

/// The body of `POST /api/games/{id}/placement`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlaceBody {
    /// The mover's next square.
    pub(crate) square: String,
}

/// The body of `POST /api/games/{id}/analyse`, `/graph` and `/review`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalyseBody {
    /// The engine's time for each position, in ms.
    pub(crate) movetime: Option<u64>,
    /// Or the depth to search to (`analyse` and `review`).
    pub(crate) depth: Option<u32>,
}

/// A request's body read as `T`: 400 (`serve.body`) when it is not the
/// JSON expected (bad syntax, a missing or unknown field, a wrong type),
/// in serde_json's words, and for an array, where serde would read a
/// struct's fields in order (every body of the API is an object).
///
/// # Errors
/// The body is not a `T`.
pub(crate) fn read_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let refused = |words: &str| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "serve.body",
            format!("the body is not the JSON expected: {words}"),
        )
    };
    if body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        return Err(refused("an array, where an object is expected"));
    }
    serde_json::from_slice(body).map_err(|e| refused(&e.to_string()))
}

impl HintJson {
    /// The hint of the engine's `moves`, `None` when it would resign.
    pub(crate) fn of(moves: Option<Vec<String>>) -> Self {
        HintJson {
            resigned: moves.is_none(),
            moves: moves.unwrap_or_default(),
        }
    }
}

impl ClockBody {
    /// Each player's time.
    pub(crate) fn base(&self) -> Duration {
        Duration::from_millis(self.base_ms)
    }

    /// The time added once a player has moved.
    pub(crate) fn increment(&self) -> Duration {
        Duration::from_millis(self.increment_ms)
    }
}

/// The start of `POST /api/games/record`: the end of the main line of the
/// record given, its tags kept but its result (the game has its own), its
/// comments and variations left out; the moves to play from its start.
///
/// # Errors
/// 422 (`serve.record`) with the referee's words for a record it refuses.
pub(crate) fn start_of_record(text: String) -> Result<(Start, Vec<String>), ApiError> {
    let refused =
        |message: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "serve.record", message);
    let record = crate::record::parse_record(text, 1).map_err(|e| refused(format!("line {e}")))?;
    let line = MainLine::of(&record).map_err(|e| refused(format!("line {e}")))?;
    let tags = (record.tags.iter())
        .filter(|tag| !matches!(&*tag.name, "Result" | "Termination"))
        .map(|tag| (tag.name.to_string(), tag.value.to_string()))
        .collect();
    let started = Start {
        kind: line.start.kind(),
        tags,
        game: line.start,
        placing: None,
    };
    Ok((started, line.moves))
}

/// `GET /api/games/{id}/board/{ply}`: the board after the first `ply`
/// moves (as the path writes it).
///
/// # Errors
/// 422 (`serve.ply`) for a ply that is not a whole number or is past the
/// moves played.
pub(crate) fn board_at(play: &Play, ply: &str) -> Result<BoardAtJson, ApiError> {
    let ply = ply.parse::<usize>().map_err(|_| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "serve.ply",
            format!("the ply is a whole number, not {ply:?}"),
        )
    })?;
    let board = play.board_at(ply)?;
    Ok(BoardAtJson { ply, board })
}

/// `GET /api/levels`: the engine's levels, each with its Elo in each game.
pub(crate) fn levels() -> Vec<LevelJson> {
    Level::all()
        .map(|level| LevelJson {
            level: level.number(),
            name: level.name(),
            elo: (GameKind::ALL.iter())
                .map(|&kind| (kind.name(), level.elo(kind)))
                .collect(),
        })
        .collect()
}

/// The start of `POST /api/games`: an error of the options is 422
/// (`serve.setup`) in the words of `kifu new`.
///
/// # Errors
/// No such game, or the options at fault.
pub(crate) fn new_start(asked: &NewGame) -> Result<Start, ApiError> {
    start_of(asked).map_err(|refused| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "serve.setup",
            refused.to_string(),
        )
    })
}
