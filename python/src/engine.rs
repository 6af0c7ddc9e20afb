//! `kifu.Engine`: an engine asked for moves and analyses, through the
//! seats `kifu match` asks: the built-in engine in-process, or any
//! program that speaks KEP.

use crate::EngineError;
use crate::game::Game;
use kifu::engine::{Bounds, Level, Proven, solve_game};
use kifu::kep::{Answered, Decision, EngineSpec};
use kifu::seat::{BUILT_IN, Clock, PATIENCE, Seat, Terms, TimeControl, launch, start};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The time a search to a depth alone may take before it is given up.
const DEPTH_ONLY: Duration = Duration::from_secs(600);

/// An engine: the built-in one (`kifu.Engine()`, the engine of `kifu
/// engine`, in-process) or a KEP program (`kifu.Engine("./my-engine
/// --fast")`, its command line split as a shell would, no shell run).
#[pyclass(module = "kifu")]
#[derive(Debug)]
pub struct Engine {
    name: String,
    seat: Mutex<Option<Box<dyn Seat>>>,
}

#[pymethods]
impl Engine {
    /// Starts the engine; `options` are set after the handshake
    /// (`setoption NAME VALUE`, KEP programs only); `level` (1 to 8) is
    /// the built-in engine's level (a program is told it as its `Level`
    /// option). Raises EngineError when it cannot start, ValueError for a
    /// level out of range.
    #[new]
    #[pyo3(signature = (command=None, options=None, level=None))]
    fn new(
        py: Python<'_>,
        command: Option<String>,
        options: Option<&Bound<'_, PyDict>>,
        level: Option<i64>,
    ) -> PyResult<Engine> {
        let level =
            match level {
                None => None,
                Some(n) => Some(u8::try_from(n).ok().and_then(Level::new).ok_or_else(|| {
                    PyValueError::new_err(format!("the level is 1 to 8, not {n}"))
                })?),
            };
        let mut set = Vec::new();
        for (name, value) in options.into_iter().flat_map(|dict| dict.iter()) {
            set.push((name.extract::<String>()?, value.str()?.extract::<String>()?));
        }
        let command = command.unwrap_or_else(|| BUILT_IN.to_owned());
        if command == BUILT_IN && !set.is_empty() {
            return Err(PyValueError::new_err(
                "the built-in engine takes no options",
            ));
        }
        let seat = py
            .detach(|| match command.as_str() {
                BUILT_IN => start(BUILT_IN, level),
                _ => {
                    let level = level.map(|level| ("Level".to_owned(), level.number().to_string()));
                    let spec = EngineSpec {
                        command: command.clone(),
                        options: set.into_iter().chain(level).collect(),
                        ..EngineSpec::default()
                    };
                    launch(&spec, "")
                }
            })
            .map_err(|e| EngineError::new_err(format!("{command}: {e}")))?;
        Ok(Engine {
            name: seat.name().to_owned(),
            seat: Mutex::new(Some(seat)),
        })
    }

    /// Its name (its `id name`).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The engine's move in `game` (Lotus: its whole turn), searched for
    /// `movetime` milliseconds or to `depth` plies, not played.
    #[pyo3(signature = (game, movetime=None, depth=None))]
    fn play(
        &self,
        py: Python<'_>,
        game: PyRef<'_, Game>,
        movetime: Option<u64>,
        depth: Option<u32>,
    ) -> PyResult<PlayResult> {
        let answered = self.ask(py, &game, movetime, depth)?;
        Ok(PlayResult::of(answered))
    }

    /// The engine's view of `game`'s position: `{"score", "pv", "best"}`,
    /// `score` as KEP writes it (`"cp 35"`, from the view of the player to
    /// move), `pv` the line it expects, `best` its move.
    #[pyo3(signature = (game, movetime=None, depth=None))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        game: PyRef<'_, Game>,
        movetime: Option<u64>,
        depth: Option<u32>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let played = PlayResult::of(self.ask(py, &game, movetime, depth)?);
        let dict = PyDict::new(py);
        dict.set_item("score", played.score)?;
        dict.set_item("pv", played.pv)?;
        dict.set_item("best", played.moves)?;
        Ok(dict)
    }

    /// Tells the engine to quit; it is asked nothing more.
    fn quit(&self) {
        let seat = self.seat.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(seat) = seat {
            seat.leave();
        }
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &self,
        _kind: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _traceback: Option<&Bound<'_, PyAny>>,
    ) -> bool {
        self.quit();
        false
    }

    fn __repr__(&self) -> String {
        format!("<Engine {:?}>", self.name)
    }
}

impl Engine {
    /// The engine's answer in `game`'s position.
    fn ask(
        &self,
        py: Python<'_>,
        game: &Game,
        movetime: Option<u64>,
        depth: Option<u32>,
    ) -> PyResult<Answered> {
        let played = game.played();
        if played.position().is_over() {
            return Err(PyValueError::new_err("the game is over"));
        }
        let time = match (movetime, depth) {
            (Some(ms), _) => Duration::from_millis(ms.max(1)),
            (None, Some(_)) => DEPTH_ONLY,
            (None, None) => Duration::from_millis(100),
        };
        let terms = Terms {
            time: TimeControl::MoveTime(time),
            depth,
            margin: PATIENCE,
        };
        let (kind, tags, moves) = (played.kind(), played.tags().to_vec(), played.move_texts());
        py.detach(|| {
            let mut seat = self.seat.lock().unwrap_or_else(|e| e.into_inner());
            let Some(running) = seat.as_mut() else {
                return Err(EngineError::new_err("the engine has quit"));
            };
            running.new_game(kind, &tags);
            let answered = running.ask(&moves, &Clock::new(terms));
            answered.map_err(|e| {
                *seat = None;
                EngineError::new_err(format!("{}: {e}", self.name))
            })
        })
    }
}

/// What an engine answered: its move (Lotus: its turn's moves), or a
/// resignation, with the score and line of its last `info`.
#[pyclass(module = "kifu", frozen, get_all, skip_from_py_object)]
#[derive(Debug, Clone)]
pub struct PlayResult {
    /// The moves of its answer, in kifu's notation (empty when it resigns).
    moves: Vec<String>,
    /// Whether it resigned.
    resigned: bool,
    /// Its last score, as KEP writes it (`"cp 35"`, `"win 3"`).
    score: Option<String>,
    /// The line it expected.
    pv: Vec<String>,
}

impl PlayResult {
    fn of(answered: Answered) -> PlayResult {
        let (moves, resigned) = match answered.decision {
            Decision::Move(moves) => (moves, false),
            Decision::Resign => (Vec::new(), true),
        };
        PlayResult {
            moves,
            resigned,
            score: answered.score.map(|score| score.to_string()),
            pv: answered.pv,
        }
    }
}

#[pymethods]
impl PlayResult {
    fn __repr__(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| format!("'{m}'")).collect();
        let score = self
            .score
            .as_ref()
            .map_or("None".to_owned(), |s| format!("'{s}'"));
        let resigned = if self.resigned { "True" } else { "False" };
        format!(
            "PlayResult(moves=[{}], resigned={resigned}, score={score})",
            moves.join(", ")
        )
    }
}

/// The built-in engine's move in `game`, searched in-process for
/// `movetime` milliseconds or to `depth` plies.
#[pyfunction]
#[pyo3(signature = (game, movetime=None, depth=None))]
pub fn search(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    movetime: Option<u64>,
    depth: Option<u32>,
) -> PyResult<PlayResult> {
    let engine = Engine::new(py, None, None, None)?;
    let played = engine.play(py, game, movetime, depth);
    engine.quit();
    played
}

/// What `kifu.solve` proved of a position, for its side to move.
#[pyclass(module = "kifu", frozen, get_all, skip_from_py_object)]
#[derive(Debug, Clone)]
pub struct Solution {
    /// `"win"` or `"loss"` for the side to move, or `None` when nothing
    /// is forced within `depth` plies.
    result: Option<&'static str>,
    /// The length of the forced result, in plies.
    plies: Option<u32>,
    /// The line that proves it: the winner's fastest moves against the
    /// loser's longest defence.
    line: Vec<String>,
    /// The deepest search done to its end: no forced result is shorter.
    depth: u32,
    /// The positions searched.
    nodes: u64,
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        let result = self.result.map_or("None".to_owned(), |r| format!("'{r}'"));
        let plies = self.plies.map_or("None".to_owned(), |n| n.to_string());
        format!(
            "Solution(result={result}, plies={plies}, line={:?}, depth={})",
            self.line, self.depth
        )
    }
}

/// A forced win or loss for the side to move of `game` within `depth`
/// plies, proven by the solver of `kifu solve` (every reply tried, no
/// evaluation); `time` seconds at most, when given.
#[pyfunction]
#[pyo3(signature = (game, depth=12, time=None))]
pub fn solve(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    depth: u32,
    time: Option<f64>,
) -> PyResult<Solution> {
    if !(1..=64).contains(&depth) {
        return Err(PyValueError::new_err(format!(
            "depth is 1 to 64 plies, not {depth}"
        )));
    }
    let deadline = match time {
        Some(seconds) if seconds.is_finite() && seconds > 0.0 => {
            Some(Instant::now() + Duration::from_secs_f64(seconds.min(1e9)))
        }
        Some(seconds) => {
            return Err(PyValueError::new_err(format!(
                "time is a number of seconds above 0, not {seconds}"
            )));
        }
        None => None,
    };
    let position = game.played().position().box_clone();
    let bounds = Bounds { depth, deadline };
    let solved = py.detach(move || {
        solve_game(
            position.as_ref(),
            bounds,
            &AtomicBool::new(false),
            &mut |_| {},
        )
    });
    let Some(solved) = solved else {
        return Err(PyValueError::new_err(format!(
            "solve proves two-player games, and this {} game has {} players",
            game.played().kind().name(),
            game.played().position().players().len()
        )));
    };
    Ok(Solution {
        result: solved.proven.map(|proven| match proven {
            Proven::Win(_) => "win",
            Proven::Loss(_) => "loss",
        }),
        plies: solved.proven.map(|(Proven::Win(n) | Proven::Loss(n))| n),
        line: solved.line,
        depth: solved.depth,
        nodes: solved.nodes,
    })
}
