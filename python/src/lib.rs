//! `kifu._kifu`: the native part of the `kifu` Python package, built by
//! maturin from the kifu library itself, so that nothing is written
//! twice: the rules and the moves ([`game`]), the records and their
//! verdicts ([`records`]), and the engines ([`engine`]). The package's
//! Python part (`python/kifu/`) wraps a little of it and adds the
//! environments for learning agents.

mod engine;
mod game;
mod records;

use pyo3::prelude::*;

pyo3::create_exception!(
    _kifu,
    IllegalMove,
    pyo3::exceptions::PyValueError,
    "A move the rules refuse: `code` is its fault code, `reason` the referee's words, `move` the move."
);

pyo3::create_exception!(
    _kifu,
    EngineError,
    pyo3::exceptions::PyRuntimeError,
    "An engine that could not start, failed or answered no move."
);

/// The native module.
#[pymodule]
fn _kifu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    m.add("EngineError", m.py().get_type::<EngineError>())?;
    let games: Vec<&str> = (kifu::game::GameKind::ALL.iter())
        .map(|kind| kind.name())
        .collect();
    m.add("GAMES", games)?;
    // Mana's and Escampe's board: the lines of each square, rank 1 first,
    // from file a, for whoever encodes positions (kifu.envs).
    let lines: Vec<u32> = (0..kifu::games::lines::SQUARES)
        .map(|square| u32::from(kifu::games::lines::lines(square)))
        .collect();
    m.add("SQUARE_LINES", lines)?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Move>()?;
    m.add_class::<records::Record>()?;
    m.add_class::<records::Reader>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::PlayResult>()?;
    m.add_function(wrap_pyfunction!(records::read, m)?)?;
    m.add_function(wrap_pyfunction!(records::validate_file, m)?)?;
    m.add_function(wrap_pyfunction!(records::compression_of, m)?)?;
    m.add("MAGIC_BYTES", kifu::collection::compress::MAGIC_BYTES)?;
    m.add_function(wrap_pyfunction!(engine::search, m)?)?;
    m.add_function(wrap_pyfunction!(engine::solve, m)?)?;
    m.add_class::<engine::Solution>()?;
    Ok(())
}
