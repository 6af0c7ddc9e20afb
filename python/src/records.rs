//! `kifu.read`, `kifu.validate` and the records they give: read from
//! plain or compressed files, or from any binary file object, one record
//! at a time (constant memory), judged and written as the command line
//! judges and writes them.

use crate::game::json_to_python;
use kifu::collection::format::{FMT_WIDTH, fmt_text};
use kifu::collection::input::{Input, decoded, open};
use kifu::model::{UnreadJson, VerdictJson, record_json, text_from_json};
use kifu::record::{RecordReader, SyntaxError, parse_record};
use kifu::referee::{Verdict, judge_record};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::io::{self, BufRead, Read};
use std::path::PathBuf;
use std::sync::Mutex;

/// A record as read: its text, or the syntax error that keeps it from
/// being read, with the file it came from.
#[pyclass(module = "kifu", frozen)]
#[derive(Debug)]
pub struct Record {
    /// The file's name, as `kifu json` writes it.
    file: String,
    /// The record, or why it cannot be read.
    read: Result<kifu::record::Record, SyntaxError>,
}

#[pymethods]
impl Record {
    /// A record from the text of one (the first line counted 1).
    #[new]
    #[pyo3(signature = (text, file="-"))]
    fn new(text: String, file: &str) -> Record {
        Record {
            file: file.to_owned(),
            read: parse_record(text, 1),
        }
    }

    /// The record a line of `kifu json` describes, as `kifu import` reads
    /// it; ValueError when it describes none.
    #[staticmethod]
    #[pyo3(signature = (json, file="-"))]
    fn from_json(json: &str, file: &str) -> PyResult<Record> {
        let text = text_from_json(json).map_err(PyValueError::new_err)?;
        Ok(Record::new(text, file))
    }

    /// The file it was read from (`-` for none).
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// The line it starts on, or that of its syntax error.
    #[getter]
    fn line(&self) -> usize {
        match &self.read {
            Ok(record) => record.first_line(),
            Err(error) => error.location.line,
        }
    }

    /// Its tags in the order written (none when it cannot be read).
    #[getter]
    fn tag_list(&self) -> Vec<(String, String)> {
        match &self.read {
            Ok(record) => (record.tags.iter())
                .map(|tag| (tag.name.to_string(), tag.value.to_string()))
                .collect(),
            Err(_) => Vec::new(),
        }
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

    /// Its game (its `Game` tag), if it names one.
    #[getter]
    fn game(&self) -> Option<&str> {
        self.read
            .as_ref()
            .ok()
            .and_then(|record| record.tag("Game"))
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
    fn mainline<'py>(&self, py: Python<'py>) -> PyResult<Vec<String>> {
        let json = self.json(py)?;
        let mut line = Vec::new();
        if let Ok(moves) = json.get_item("moves") {
            for node in moves.try_iter()? {
                let node = node?;
                let text = match node.get_item("normalized") {
                    Ok(text) => text,
                    Err(_) => node.get_item("text")?,
                };
                line.push(text.extract()?);
            }
        }
        Ok(line)
    }

    /// The record as `kifu json` writes it, on one line (`positions`:
    /// with the position after each move, as `--positions`).
    #[pyo3(signature = (positions=false))]
    fn to_json(&self, py: Python<'_>, positions: bool) -> PyResult<String> {
        py.detach(|| match &self.read {
            Ok(record) => record_json(&self.file, record, positions)
                .map(|(json, _)| json)
                .map_err(|e| PyValueError::new_err(e.to_string())),
            Err(error) => {
                let verdict = Verdict::of_syntax_error(error.clone());
                let fault = verdict
                    .fault
                    .as_ref()
                    .ok_or_else(|| PyValueError::new_err("a syntax error without a fault"))?;
                let unread = UnreadJson::new(&self.file, error.location.line, fault);
                serde_json::to_string(&unread).map_err(|e| PyValueError::new_err(e.to_string()))
            }
        })
    }

    /// The verdict as `kifu validate --format json` gives it: `{"file",
    /// "line", "valid", "game", "plies", ...}`, a fault with its `code`.
    fn validate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = py.detach(|| self.verdict_json())?;
        json_to_python(py, &json)
    }

    /// Whether the referee finds it valid.
    fn is_valid(&self, py: Python<'_>) -> bool {
        py.detach(|| match &self.read {
            Ok(record) => judge_record(record).is_ok_and(|verdict| verdict.is_valid()),
            Err(_) => false,
        })
    }

    /// The text `kifu fmt` writes for it: its canonical form when it is
    /// valid and holds no variations, else its text as written.
    #[pyo3(signature = (width=FMT_WIDTH))]
    fn format(&self, py: Python<'_>, width: usize) -> PyResult<String> {
        let width = width.max(20);
        py.detach(|| match &self.read {
            Ok(record) => {
                let valid = judge_record(record).is_ok_and(|verdict| verdict.is_valid());
                Ok(fmt_text(record, valid, width).0)
            }
            Err(error) => Err(PyValueError::new_err(format!(
                "{}:{error}: the record cannot be written back",
                self.file
            ))),
        })
    }

    /// Its text as read.
    fn text(&self) -> PyResult<String> {
        match &self.read {
            Ok(record) => Ok(record.text().to_owned()),
            Err(error) => Err(PyValueError::new_err(format!("{}:{error}", self.file))),
        }
    }

    fn __repr__(&self) -> String {
        let game = match &self.read {
            Ok(record) => record.tag("Game").unwrap_or("?").to_owned(),
            Err(_) => "unreadable".to_owned(),
        };
        format!("<Record {}:{} {game}>", self.file, self.line())
    }
}

impl Record {
    /// The verdict as `kifu validate --format json` writes it.
    fn verdict_json(&self) -> PyResult<String> {
        let (line, verdict) = match &self.read {
            Ok(record) => {
                let line = record.first_line();
                match judge_record(record) {
                    Ok(verdict) => (line, verdict),
                    Err(error) => (error.location.line, Verdict::of_syntax_error(error)),
                }
            }
            Err(error) => (error.location.line, Verdict::of_syntax_error(error.clone())),
        };
        serde_json::to_string(&VerdictJson::new(&self.file, line, &verdict))
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// A file's records, read one at a time.
type Records = RecordReader<Box<dyn BufRead + Send>>;

/// The records of a file, one at a time.
#[pyclass(module = "kifu")]
pub struct Reader {
    name: String,
    /// Boxed: the reader is aligned more strictly than Python's allocator
    /// aligns the objects it makes.
    records: Mutex<Option<Box<Records>>>,
}

impl std::fmt::Debug for Reader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reader").field("name", &self.name).finish()
    }
}

#[pymethods]
impl Reader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Record>> {
        let name = self.name.clone();
        py.detach(|| {
            let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
            let Some(reader) = records.as_mut() else {
                return Ok(None);
            };
            match reader.next() {
                None => {
                    *records = None;
                    Ok(None)
                }
                Some(Ok(read)) => Ok(Some(Record { file: name, read })),
                Some(Err(error)) => {
                    *records = None;
                    Err(PyOSError::new_err(format!("{name}: {error}")))
                }
            }
        })
    }
}

/// A Python binary file object, read through its `read` method.
struct PythonFile(Py<PyAny>);

impl Read for PythonFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let chunk = (self.0.bind(py).call_method1("read", (buf.len(),)))
                .map_err(|e| io::Error::other(e.to_string()))?;
            let bytes: Vec<u8> = match chunk.extract::<String>() {
                Ok(text) => text.into_bytes(),
                Err(_) => chunk
                    .extract()
                    .map_err(|e: PyErr| io::Error::other(e.to_string()))?,
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
        py.detach(|| decoded(name, file))
            .map_err(|e| PyOSError::new_err(e.to_string()))?
    } else {
        let path: PathBuf = source.extract()?;
        py.detach(|| open(&path))
            .map_err(|e| PyOSError::new_err(e.to_string()))?
    };
    Ok(Reader {
        name: input.name,
        records: Mutex::new(Some(Box::new(RecordReader::new(input.text)))),
    })
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
        let json = py.detach(|| record.verdict_json())?;
        verdicts.push(json_to_python(py, &json)?);
    }
    Ok(verdicts)
}
