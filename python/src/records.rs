//! `kifu.read`, `kifu.validate` and the records they give: read from
//! plain or compressed files, or from any binary file object, one record
//! at a time (constant memory), judged and written as the command line
//! judges and writes them.

use crate::game::{Game, json_to_python, to_python};
use kifu::collection::format::FMT_WIDTH;
use kifu::collection::input::{Compression, Input, OpenError, decoded, open};
use kifu::collection::judged::Judged;
use kifu::model::text_from_json;
use kifu::record::RecordReader;
use pyo3::exceptions::{PyIndexError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Mutex, TryLockError};

/// A record as read: its text, or the syntax error that keeps it from
/// being read, with the file it came from and the referee's verdict.
#[pyclass(module = "kifu", frozen)]
#[derive(Debug)]
pub struct Record {
    /// The file's name, as `kifu json` writes it.
    file: String,
    /// Boxed: a record is aligned more strictly than Python's allocator
    /// aligns the objects it makes.
    judged: Box<Judged>,
}

#[pymethods]
impl Record {
    /// A record from the text of one (the first line counted 1).
    #[new]
    #[pyo3(signature = (text, file="-"))]
    fn new(py: Python<'_>, text: String, file: &str) -> Record {
        let judged = py.detach(|| Box::new(Judged::of_text(text)));
        Record {
            file: file.to_owned(),
            judged,
        }
    }

    /// The record a line of `kifu json` describes, as `kifu import` reads
    /// it; ValueError when it describes none.
    #[staticmethod]
    #[pyo3(signature = (json, file="-"))]
    fn from_json(py: Python<'_>, json: &str, file: &str) -> PyResult<Record> {
        let text = text_from_json(json).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Record::new(py, text, file))
    }

    /// The file it was read from (`-` for none).
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// The line it starts on, or that of its syntax error.
    #[getter]
    fn line(&self) -> usize {
        self.judged.line()
    }

    /// Its tags in the order written (none when it cannot be read).
    #[getter]
    fn tag_list(&self) -> Vec<(String, String)> {
        self.judged.tags()
    }

    /// Its tags, by name, in the order written.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.tag_list() {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The record as `kifu json` describes it, as a dict: `tags`, `moves`
    /// (the tree: each move with its `number`, `text`, `normalized`,
    /// `parts`, `glyph`, `nags`, `comments` and `variations`, lists of
    /// moves), `comments` before the first move, `verdict`...
    fn json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = self.to_json(py, false)?;
        json_to_python(py, &text)
    }

    /// The moves of its main line, each as the referee writes it (up to a
    /// fault).
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        py.detach(|| self.judged.mainline())
            .map_err(PyValueError::new_err)
    }

    /// The game after `ply` moves of its main line (Lotus: pawn moves),
    /// by default where the main line ends (at a fault, for an invalid
    /// record), as a `kifu.Game` to go on with: python-chess's
    /// `game.board()`. IndexError for a ply beyond the main line.
    #[pyo3(signature = (ply=None))]
    fn game(&self, py: Python<'_>, ply: Option<usize>) -> PyResult<Game> {
        let moves = self.mainline(py)?;
        let ply = ply.unwrap_or(moves.len());
        if ply > moves.len() {
            return Err(PyIndexError::new_err(format!(
                "the main line has {} plies, not {ply}",
                moves.len()
            )));
        }
        let record = (self.judged.record().as_ref())
            .map_err(|e| PyValueError::new_err(format!("{}:{e}", self.file)))?;
        let kind = (self.judged.verdict().kind).ok_or_else(|| {
            PyValueError::new_err(format!("{}: the record names no game", self.file))
        })?;
        Game::of_record(kind, &record.tags, &moves[..ply])
    }

    /// The record as `kifu json` writes it, on one line (`positions`:
    /// with the position after each move, as `--positions`).
    #[pyo3(signature = (positions=false))]
    fn to_json(&self, py: Python<'_>, positions: bool) -> PyResult<String> {
        py.detach(|| self.judged.to_json(&self.file, positions))
            .map_err(PyValueError::new_err)
    }

    /// The verdict as `kifu validate --format json` gives it: `{"file",
    /// "line", "valid", "game", "plies", ...}`, a fault with its `code`.
    fn validate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.judged.verdict_json(&self.file))
    }

    /// Whether the referee finds it valid.
    fn is_valid(&self) -> bool {
        self.judged.verdict().is_valid()
    }

    /// The text `kifu fmt` writes for it: its canonical form when it is
    /// valid and holds no variations, else its text as written.
    #[pyo3(signature = (width=FMT_WIDTH))]
    fn format(&self, py: Python<'_>, width: usize) -> PyResult<String> {
        py.detach(|| self.judged.format(width)).map_err(|error| {
            PyValueError::new_err(format!(
                "{}:{error}: the record cannot be written back",
                self.file
            ))
        })
    }

    /// Its text as read.
    fn text(&self) -> PyResult<String> {
        match self.judged.text() {
            Ok(text) => Ok(text.to_owned()),
            Err(error) => Err(PyValueError::new_err(format!("{}:{error}", self.file))),
        }
    }

    fn __repr__(&self) -> String {
        let game = match self.judged.record() {
            Ok(record) => record.tag("Game").unwrap_or("?").to_owned(),
            Err(_) => "unreadable".to_owned(),
        };
        format!("<Record {}:{} {game}>", self.file, self.line())
    }
}

/// The records a batch holds: the reading thread hands them over a batch
/// at a time, so that the two threads seldom wait for each other.
const BATCH: usize = 64;

/// The batches read ahead of the one being taken.
const BATCHES_AHEAD: usize = 2;

/// Records read and judged, and, last, why the file cannot be read on.
type Batch = Vec<Result<Box<Judged>, io::Error>>;

/// The records of a file, one at a time: a thread reads and judges them,
/// a few batches ahead, while Python works on those before.
#[pyclass(module = "kifu")]
#[derive(Debug)]
pub struct Reader {
    name: String,
    state: Mutex<Taking>,
}

/// What the reader takes records from.
#[derive(Debug)]
struct Taking {
    /// The batch being taken, its records in reverse order.
    batch: Batch,
    /// The batches to come; none once the file has ended.
    batches: Option<Receiver<Batch>>,
}

impl Reader {
    /// Reads and judges the records of `input` on a thread of its own,
    /// which ends at the end of the file, at an error, or once the reader
    /// is dropped.
    fn start(input: Input) -> PyResult<Reader> {
        let (sender, receiver) = sync_channel::<Batch>(BATCHES_AHEAD);
        let name = input.name.clone();
        let mut records = RecordReader::new(input.text);
        std::thread::Builder::new()
            .name("kifu-read".to_owned())
            .spawn(move || {
                loop {
                    let mut batch = Batch::with_capacity(BATCH);
                    while batch.len() < BATCH {
                        match records.next_raw() {
                            Ok(Some(raw)) => batch.push(Ok(Box::new(Judged::of(raw)))),
                            Ok(None) => break,
                            Err(e) => {
                                batch.push(Err(e));
                                break;
                            }
                        }
                    }
                    let last = batch.len() < BATCH || batch.last().is_some_and(Result::is_err);
                    batch.reverse();
                    if batch.is_empty() || sender.send(batch).is_err() || last {
                        break;
                    }
                }
            })
            .map_err(|e| {
                PyOSError::new_err(format!("{name}: cannot start a thread to read: {e}"))
            })?;
        Ok(Reader {
            name: input.name,
            state: Mutex::new(Taking {
                batch: Batch::new(),
                batches: Some(receiver),
            }),
        })
    }
}

#[pymethods]
impl Reader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next record. The records ready are taken holding the
    /// interpreter; the wait for more, and for another thread taking
    /// records of the same reader, is done without it, so that threads
    /// sharing a reader each get the next record and never wait on each
    /// other in a circle (the reading thread needs the interpreter to read
    /// a Python file object).
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Record>> {
        let ready = match self.state.try_lock() {
            Ok(mut state) => state.batch.pop(),
            Err(TryLockError::Poisoned(state)) => state.into_inner().batch.pop(),
            Err(TryLockError::WouldBlock) => None,
        };
        let next = match ready {
            Some(next) => Some(next),
            None => py.detach(|| {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                state.next()
            }),
        };
        match next {
            None => Ok(None),
            Some(Ok(judged)) => Ok(Some(Record {
                file: self.name.clone(),
                judged,
            })),
            Some(Err(error)) => {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                state.batches = None;
                state.batch.clear();
                let message = format!("{}: {error}", self.name);
                Err(raised(error, message))
            }
        }
    }
}

impl Taking {
    /// The next record, waited for when none is ready; `None` once the
    /// file has ended.
    fn next(&mut self) -> Option<Result<Box<Judged>, io::Error>> {
        loop {
            if let Some(next) = self.batch.pop() {
                return Some(next);
            }
            match self.batches.as_ref()?.recv() {
                Ok(batch) => self.batch = batch,
                Err(_) => {
                    self.batches = None;
                    return None;
                }
            }
        }
    }
}

/// The exception of an I/O error: the very one a Python file object
/// raised (a `KeyboardInterrupt` stays one), else `OSError` of `message`.
fn raised(error: io::Error, message: String) -> PyErr {
    match error.into_inner().map(|inner| inner.downcast::<PyErr>()) {
        Some(Ok(raised)) => *raised,
        _ => PyOSError::new_err(message),
    }
}

/// The exception of a file that cannot be opened, as [`raised`].
fn open_failed(error: OpenError) -> PyErr {
    let message = error.to_string();
    match error {
        OpenError::Unreadable { error, .. } => raised(error, message),
        _ => PyOSError::new_err(message),
    }
}

/// A Python binary file object, read through its `read` method.
struct PythonFile(Py<PyAny>);

impl Read for PythonFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            // The exception itself is kept, to be raised again as it was.
            let chunk =
                (self.0.bind(py).call_method1("read", (buf.len(),))).map_err(io::Error::other)?;
            let bytes: Vec<u8> = match chunk.extract::<String>() {
                Ok(text) => text.into_bytes(),
                Err(_) => chunk.extract().map_err(|e: PyErr| io::Error::other(e))?,
            };
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
            Ok(n)
        })
    }
}

/// The records of `source`: a path (`str` or `os.PathLike`) to a plain or
/// compressed (gzip, bzip2, xz, zstd) file, or a file object; read one at
/// a time, in constant memory.
#[pyfunction]
pub fn read(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Reader> {
    let input: Input = if source.hasattr("read")? {
        let name = (source.getattr("name").ok())
            .and_then(|name| name.extract::<String>().ok())
            .unwrap_or_else(|| "-".to_owned());
        let file = PythonFile(source.clone().unbind());
        py.detach(|| decoded(name, file)).map_err(open_failed)?
    } else {
        let path: PathBuf = source.extract()?;
        py.detach(|| open(&path)).map_err(open_failed)?
    };
    Reader::start(input)
}

/// The compression format (`"gzip"`, `"zstd"`, `"bzip2"`, `"xz"`) whose
/// magic number `start` begins with, as kifu tells it, or `None`.
#[pyfunction]
pub fn compression_of(start: &[u8]) -> Option<&'static str> {
    Compression::of(start).map(Compression::name)
}

/// The verdicts of every record of `source` (as `read` takes it), as
/// `kifu validate --format json` gives them, one after another.
#[pyfunction]
pub fn validate_file<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let reader = read(py, source)?;
    let mut verdicts = Vec::new();
    while let Some(record) = reader.__next__(py)? {
        verdicts.push(record.validate(py)?);
    }
    Ok(verdicts)
}
