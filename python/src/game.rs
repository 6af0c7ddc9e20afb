//! `kifu.Game` and `kifu.Move`: a game of any of the four, played move by
//! move from a start, in python-chess's manner.

use crate::IllegalMove;
use kifu::game::{GameKind, MoveDetail, MoveError};
use kifu::play::{self, LineError, Played, StartError, StartOptions};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// A move, written the canonical way (`str(move)`), with its parts;
/// moves are equal when their texts are.
#[pyclass(module = "kifu", frozen, skip_from_py_object)]
#[derive(Debug, Clone)]
pub struct Move {
    detail: MoveDetail,
}

#[pymethods]
impl Move {
    /// The move in kifu's notation.
    #[getter]
    fn text(&self) -> &str {
        &self.detail.normalized
    }

    /// The move's parts (squares, pawn, capture, bird...), as `kifu json`
    /// gives them.
    #[getter]
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.detail.parts)
    }

    fn __str__(&self) -> &str {
        &self.detail.normalized
    }

    fn __repr__(&self) -> String {
        format!("Move({:?})", self.detail.normalized.as_str())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Move>() {
            Ok(other) => other.get().detail.normalized == self.detail.normalized,
            Err(_) => other
                .extract::<String>()
                .is_ok_and(|text| text == self.detail.normalized.as_str()),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.detail.normalized.as_str().hash(&mut hasher);
        hasher.finish()
    }
}

impl Move {
    fn of(detail: MoveDetail) -> Move {
        Move { detail }
    }

    /// The move's text.
    fn as_str(&self) -> &str {
        &self.detail.normalized
    }
}

/// A game: its start, the moves played, and the position they reach.
#[pyclass(module = "kifu")]
#[derive(Debug)]
pub struct Game {
    played: Played,
}

#[pymethods]
impl Game {
    /// A new game of `game` (`"mana"`, `"escampe"`, `"shogun"`, `"lotus"`)
    /// from its start: `setup=` or `position=` as the `Setup` and
    /// `Position` tags, the game's other start tags by name in lower case
    /// (`players=`, `flowers=`, `course=`, `rotation=`, `first=`,
    /// `discs=`), or `seed=N` for a start drawn as `kifu random` draws it.
    /// Without any, the start `kifu new` gives.
    #[new]
    #[pyo3(signature = (game, *, seed=None, **tags))]
    fn new(game: &str, seed: Option<u64>, tags: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        let kind = kind_of(game)?;
        let mut given = Vec::new();
        for (name, value) in tags.into_iter().flat_map(|dict| dict.iter()) {
            let name: String = name.extract()?;
            let value: String = value.str()?.extract()?;
            given.push((tag_name(kind, &name)?, value));
        }
        let options = StartOptions {
            seed,
            ..StartOptions::of_tags(given)
        };
        let started = play::start(kind, &options).map_err(|e| start_error(kind, &e))?;
        let played = Played::of_start(started).map_err(|e| start_error(kind, &e))?;
        Ok(Game { played })
    }

    /// The game's name (`"mana"`).
    #[getter]
    fn game(&self) -> &'static str {
        self.played.kind().name()
    }

    /// The tags a record of this game starts with (`Setup`, `Players`...).
    #[getter]
    fn start_tags(&self) -> Vec<(String, String)> {
        self.played.tags().to_vec()
    }

    /// Every player, in the order of the turns.
    #[getter]
    fn players(&self) -> Vec<String> {
        (self.played.position().players())
            .into_iter()
            .map(str::to_owned)
            .collect()
    }

    /// The player to move (`"White"`, `"red"`), or None once the game is over.
    #[getter]
    fn turn(&self) -> Option<String> {
        self.played.turn().map(str::to_owned)
    }

    /// The moves played from the start.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.played.moves().cloned().map(Move::of).collect()
    }

    /// The rule in force on the next move, in words (Mana's bird, a
    /// Lotus turn under way), if any.
    #[getter]
    fn constraint(&self) -> Option<String> {
        self.played.position().constraint()
    }

    /// Every legal move.
    fn legal_moves(&self) -> Vec<Move> {
        (self.played.position().legal_details().into_iter())
            .map(Move::of)
            .collect()
    }

    /// Plays `move` (a `Move` or its text); raises `IllegalMove`, the
    /// game unchanged, when the rules refuse it.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        let text = move_text(r#move)?;
        self.play(&text)
    }

    /// Lotus: plays a whole turn, its pawn moves in order; checked as
    /// `kifu match` checks an engine's turn, so that a turn cut short is
    /// refused. Other games: one move. The game is unchanged when refused.
    fn push_turn(&mut self, moves: Vec<String>) -> PyResult<Vec<Move>> {
        let played = self.played.play_turn(&moves).map_err(|reason| {
            let error = IllegalMove::new_err(format!("{}: {reason}", moves.join(" ")));
            Python::attach(|py| {
                let value = error.value(py);
                let _ = value.setattr("code", "move.turn");
                let _ = value.setattr("reason", reason.to_string());
                let _ = value.setattr("move", moves.join(" "));
            });
            error
        })?;
        Ok(played.into_iter().map(Move::of).collect())
    }

    /// Takes back the last move and gives it; IndexError at the start.
    fn pop(&mut self) -> PyResult<Move> {
        let mv = (self.played.pop())
            .ok_or_else(|| PyIndexError::new_err("pop from a game with no moves"))?;
        Ok(Move::of(mv))
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.played.position().is_over()
    }

    /// Whether the game is over, by python-chess's name.
    fn is_game_over(&self) -> bool {
        self.is_over()
    }

    /// The result as a `Result` tag says it: `"B+"` once won (Lotus: the
    /// scores), `"*"` while the game goes on; as python-chess's
    /// `result()`, in kifu's words.
    fn result(&self) -> String {
        (self.played.position().outcome())
            .map_or_else(|| "*".to_owned(), |o| o.tag_value.to_string())
    }

    /// The last move played, as python-chess's `peek()`; IndexError when
    /// none was.
    fn peek(&self) -> PyResult<Move> {
        match self.played.last() {
            Some(mv) => Ok(Move::of(mv.clone())),
            None => Err(PyIndexError::new_err("no move was played")),
        }
    }

    /// The outcome once the game is over, else None: `{"result", "winner",
    /// "reason", "scores"}` (`scores`, for Lotus, each player's score and
    /// place, as `kifu json` gives them).
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(outcome) = self.played.position().outcome() else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("result", outcome.tag_value.as_str())?;
        dict.set_item("winner", outcome.winner.as_deref())?;
        dict.set_item("reason", outcome.reason.as_ref())?;
        let scores = match &outcome.scores {
            Some(scores) => to_python(py, scores)?,
            None => py.None().into_bound(py),
        };
        dict.set_item("scores", scores)?;
        Ok(Some(dict.into_any()))
    }

    /// The scores so far, ranked, for a game that keeps them (Lotus).
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.played.position().scores() {
            Some(scores) => to_python(py, &scores),
            None => Ok(py.None().into_bound(py)),
        }
    }

    /// The position as a `Position` tag's value: with `kifu.Game(game,
    /// position=...)` it starts a game here.
    fn position(&self) -> String {
        self.played.position_tag()
    }

    /// The position as `kifu json --positions` describes it.
    fn position_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.played.position().position_json())
    }

    /// Counts the legal move sequences of `depth` plies from here.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let position = self.played.position().box_clone();
        py.detach(move || position.perft(depth))
    }

    /// A copy: the same start, moves and position.
    fn copy(&self) -> Game {
        Game {
            played: self.played.clone(),
        }
    }

    fn __copy__(&self) -> Game {
        self.copy()
    }

    /// The board as `kifu render --format svg` draws it, the last move
    /// marked; `flip` sees it from the other side.
    #[pyo3(signature = (flip=false))]
    fn svg(&self, flip: bool) -> String {
        self.played.svg(flip)
    }

    /// Jupyter shows a game as its board.
    fn _repr_svg_(&self) -> String {
        self.svg(false)
    }

    /// The game as a record: its start's tags, its moves, and the result
    /// once it is over.
    fn record(&self) -> String {
        self.played.record()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Game>().is_ok_and(|other| {
            let other = other.borrow();
            other.played.kind() == self.played.kind() && other.position() == self.position()
        })
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.played.kind().name().hash(&mut hasher);
        self.position().hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, position={:?})",
            self.played.kind().name(),
            self.position()
        )
    }
}

impl Game {
    /// The game a record starts with its `tags` (of `kind`), with the
    /// main line's `moves` played.
    pub(crate) fn of_record(
        kind: GameKind,
        tags: &[kifu::record::Tag],
        moves: &[String],
    ) -> PyResult<Game> {
        match Played::of_record(kind, tags, moves) {
            Ok(played) => Ok(Game { played }),
            Err(LineError::Move { text, error }) => Err(illegal(&text, &error)),
            Err(setup) => Err(PyValueError::new_err(setup.to_string())),
        }
    }

    /// Plays the move written `text`; on error nothing changes.
    fn play(&mut self, text: &str) -> PyResult<Move> {
        let detail = (self.played.play(text)).map_err(|e| illegal(text, &e))?;
        Ok(Move::of(detail.clone()))
    }

    /// The game played.
    pub(crate) fn played(&self) -> &Played {
        &self.played
    }
}

/// The `ValueError` of a start refused, in the words every front uses; a
/// start still to be placed names this package's keywords.
fn start_error(kind: GameKind, error: &StartError) -> PyErr {
    PyValueError::new_err(match error {
        StartError::Unplaced { .. } => {
            format!("{kind} has no default setup: give one with setup=, or draw one with seed=N")
        }
        _ => error.to_string(),
    })
}

/// The game named `name`.
pub(crate) fn kind_of(name: &str) -> PyResult<GameKind> {
    GameKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        PyValueError::new_err(format!(
            "no game {name:?}: the games are {}",
            names.join(", ")
        ))
    })
}

/// The tag a keyword names: `players` is `Players`.
fn tag_name(kind: GameKind, keyword: &str) -> PyResult<String> {
    let known: Vec<&str> = ["Setup", "Position"]
        .into_iter()
        .chain(kind.tags().iter().copied())
        .collect();
    known
        .iter()
        .find(|tag| tag.eq_ignore_ascii_case(keyword))
        .map(|tag| (*tag).to_owned())
        .ok_or_else(|| {
            let names: Vec<String> = known.iter().map(|t| t.to_lowercase()).collect();
            PyValueError::new_err(format!(
                "{kind} takes no {keyword}=: its start is given by {}",
                names.join(", ")
            ))
        })
}

/// The text of a move given as a `Move` or a string.
fn move_text(mv: &Bound<'_, PyAny>) -> PyResult<String> {
    match mv.cast::<Move>() {
        Ok(mv) => Ok(mv.get().as_str().to_owned()),
        Err(_) => mv.extract::<String>(),
    }
}

/// The `IllegalMove` of `text` refused for `error`.
fn illegal(text: &str, error: &MoveError) -> PyErr {
    let err = IllegalMove::new_err(format!("{text}: {} ({})", error.message, error.code));
    Python::attach(|py| {
        let value = err.value(py);
        let _ = value.setattr("code", error.code);
        let _ = value.setattr("reason", error.message.clone());
        let _ = value.setattr("move", text);
    });
    err
}

/// `value` as Python objects, as `json.loads` would make them of its JSON.
pub(crate) fn to_python<'py>(
    py: Python<'py>,
    value: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `json.loads(text)`.
pub(crate) fn json_to_python<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    static LOADS: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
    let loads = LOADS.get_or_try_init(py, || {
        py.import("json")
            .and_then(|json| json.getattr("loads"))
            .map(Bound::unbind)
    })?;
    loads.bind(py).call1((text,))
}
