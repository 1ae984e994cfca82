//! Notation and game files: `convert`, `Game` (read, edited, written back as PGN) and
//! `read_games` from a path, bytes, text or a binary file object.

use std::io::Read;
use std::sync::{Mutex, MutexGuard};

use pyo3::exceptions::{PyIndexError, PyStopIteration, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString};

use xiangqi::movegen::{Move as RsMove, Position as RsPosition};
use xiangqi::notation::{
    self, GameFileError as FileError, GameFormat, NotatedGame, Notation, Variation,
};

use crate::board::{Board, Move, MoveArg, Position, mode};
use crate::{FenError, GameFileError, MoveError, error};

pub(crate) fn file_error(e: &FileError) -> PyErr {
    error::<GameFileError>(e, Some(&e.source_name), e.game, e.ply)
}

fn notation_arg(name: &str) -> PyResult<Notation> {
    Notation::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "notation {name:?}: expected \"iccs\", \"wxf\" or \"chinese\""
        ))
    })
}

/// Rewrites text in another notation, as `xq convert --to` does: a bare move list becomes a
/// move list, a game file (PGN, DhtmlXQ, …) a PGN file.
///
/// >>> from xiangqi_rules import convert
/// >>> convert("h2e2 h9g7 h0g2", to="chinese")
/// '炮二平五 马８进７ 马二进三'
/// >>> convert("炮二平五 馬8進7", to="wxf")
/// 'C2.5 H8+7'
#[pyfunction]
#[pyo3(signature = (text, to = "iccs", strict = false))]
fn convert(text: &str, to: &str, strict: bool) -> PyResult<String> {
    let notation = notation_arg(to)?;
    let games = notation::read_games(text.as_bytes(), "<text>", mode(strict))
        .map_err(|e| file_error(&e))?;
    if games.is_empty() {
        return Err(error::<GameFileError>(
            "<text>: no game or move found",
            Some("<text>"),
            None,
            None,
        ));
    }
    let bare = games.len() == 1
        && games[0].format == GameFormat::Pgn
        && games[0].tags.is_empty()
        && games[0].result.is_none()
        && games[0].comments.is_empty()
        && games[0].variations.is_empty();
    if bare {
        let words: Vec<String> = games[0]
            .plies()
            .map(|(pos, m)| notation::render(notation, &pos, m))
            .collect();
        return Ok(words.join(" "));
    }
    Ok(notation::pgn::write_games(
        &games,
        notation::pgn::WriteOptions::new(notation),
    ))
}

fn format_name(f: GameFormat) -> &'static str {
    match f {
        GameFormat::Pgn => "pgn",
        GameFormat::Xqf => "xqf",
        GameFormat::DhtmlXq => "dhtmlxq",
        GameFormat::Cbf => "cbf",
        GameFormat::Cbr => "cbr",
        GameFormat::Cbl => "cbl",
    }
}

fn format_from_name(name: &str) -> PyResult<GameFormat> {
    Ok(match name {
        "pgn" => GameFormat::Pgn,
        "xqf" => GameFormat::Xqf,
        "dhtmlxq" => GameFormat::DhtmlXq,
        "cbf" => GameFormat::Cbf,
        "cbr" => GameFormat::Cbr,
        "cbl" => GameFormat::Cbl,
        _ => return Err(PyValueError::new_err(format!("game format {name:?}"))),
    })
}

/// A variation as plain data: `(ply, [ICCS moves], [nested variations])` (its pickled form).
type VariationState = (usize, Vec<String>, Vec<Py<PyAny>>);

fn variation_state(py: Python<'_>, v: &Variation) -> PyResult<VariationState> {
    let nested = v
        .variations
        .iter()
        .map(|n| {
            Ok(variation_state(py, n)?
                .into_pyobject(py)?
                .into_any()
                .unbind())
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok((v.ply, v.moves.iter().map(|m| m.iccs()).collect(), nested))
}

fn variation_from_state(v: &Bound<'_, PyAny>) -> PyResult<Variation> {
    let (ply, moves, nested): (usize, Vec<String>, Vec<Bound<'_, PyAny>>) = v.extract()?;
    Ok(Variation {
        ply,
        moves: moves
            .iter()
            .map(|t| {
                RsMove::from_iccs(t).ok_or_else(|| {
                    error::<MoveError>(format!("`{t}` is not an ICCS move"), None, None, None)
                })
            })
            .collect::<PyResult<_>>()?,
        variations: nested
            .iter()
            .map(variation_from_state)
            .collect::<PyResult<_>>()?,
    })
}

fn variations<'py>(py: Python<'py>, vs: &[Variation]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for v in vs {
        let d = PyDict::new(py);
        d.set_item("ply", v.ply)?;
        d.set_item(
            "moves",
            v.moves.iter().map(|m| m.iccs()).collect::<Vec<String>>(),
        )?;
        d.set_item("variations", variations(py, &v.variations)?)?;
        list.append(d)?;
    }
    Ok(list)
}

/// The state behind a `Game`'s lock.
pub(crate) struct GameState {
    pub(crate) game: NotatedGame,
    pub(crate) index: usize,
}

/// A game: tags, start position, main line, comments, variations and result, read from a file
/// or made with `Game()`, edited, and written back as PGN (`pgn()`, `save()`). The reader's
/// warnings say what it could not read and left out. Like `Position`, one `Game` may be used
/// from several threads.
///
/// >>> from xiangqi_rules import Game
/// >>> g = Game()
/// >>> g.set_tag("Event", "club"); g.push("炮二平五"); g.push("h9g7")
/// Move('h2e2')
/// Move('h9g7')
/// >>> g.add_variation(1, ["b9c7"]); g.result = "1-0"
/// >>> print(g.pgn(notation="iccs").strip())
/// [Event "club"]
/// [Result "1-0"]
/// [Format "ICCS"]
/// <BLANKLINE>
/// 1. h2e2 h9g7 (1. ... b9c7)
/// 1-0
#[pyclass(module = "xiangqi_rules", frozen)]
pub(crate) struct Game {
    inner: Mutex<GameState>,
}

impl Game {
    pub(crate) fn new_from(game: NotatedGame, index: usize) -> Game {
        Game {
            inner: Mutex::new(GameState { game, index }),
        }
    }

    /// The state, locked for the length of one call (see [`crate::lock`]).
    pub(crate) fn lock(&self) -> MutexGuard<'_, GameState> {
        crate::lock(&self.inner)
    }
}

/// The position after the first `n` moves of a line from `start`.
fn after(start: &RsPosition, moves: &[RsMove], n: usize) -> RsPosition {
    let mut pos = start.clone();
    for &m in &moves[..n] {
        pos.play_unchecked(m);
    }
    pos
}

#[pymethods]
impl Game {
    /// A game with no tags and no moves, from the standard start or a FEN (raises `FenError`).
    #[new]
    #[pyo3(signature = (fen = None))]
    fn new(fen: Option<&str>) -> PyResult<Game> {
        let start = match fen {
            None => RsPosition::start(),
            Some(f) => RsPosition::from_fen(f)
                .map_err(|e| error::<FenError>(format!("FEN `{f}`: {e}"), None, None, None))?,
        };
        Ok(Game::new_from(NotatedGame::new(start, GameFormat::Pgn), 1))
    }

    /// How a `Game` is unpickled: its parts as plain data (see `__reduce__`).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _from_state(
        index: usize,
        tags: Vec<(String, String)>,
        fen: &str,
        moves: Vec<String>,
        result: Option<String>,
        comments: Vec<(usize, String)>,
        variations: Vec<Bound<'_, PyAny>>,
        warnings: Vec<String>,
        format: &str,
    ) -> PyResult<Game> {
        let pos = Position::_from_moves(fen, moves)?;
        let b = pos.lock();
        let game = NotatedGame {
            tags,
            start: b.root.clone(),
            moves: b.stack.iter().map(|u| u.mv).collect(),
            result,
            comments,
            variations: variations
                .iter()
                .map(variation_from_state)
                .collect::<PyResult<_>>()?,
            dropped: warnings,
            format: format_from_name(format)?,
        };
        Ok(Game::new_from(game, index))
    }

    /// Its 1-based position in the file it was read from (1 for a game made here).
    #[getter]
    fn index(&self) -> usize {
        self.lock().index
    }

    /// The format it was read from: `pgn`, `xqf`, `dhtmlxq`, `cbf`, `cbr` or `cbl`.
    #[getter]
    fn format(&self) -> &'static str {
        format_name(self.lock().game.format)
    }

    /// The tags (PGN names; other formats are mapped to them), in file order: a copy — change
    /// them with `set_tag` and `remove_tag`.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.lock().game.tags {
            if !d.contains(k)? {
                d.set_item(k, v)?;
            }
        }
        Ok(d)
    }

    /// Sets a tag (replacing one of that name).
    fn set_tag(&self, name: &str, value: &str) {
        self.lock().game.set_tag(name, value);
    }

    /// Removes a tag; raises `KeyError` if the game has none of that name.
    fn remove_tag(&self, name: &str) -> PyResult<()> {
        let tags = &mut self.lock().game.tags;
        let before = tags.len();
        tags.retain(|(k, _)| k != name);
        if tags.len() == before {
            return Err(pyo3::exceptions::PyKeyError::new_err(name.to_string()));
        }
        Ok(())
    }

    /// The start position.
    #[getter]
    fn start(&self) -> Position {
        Position::from_rs(self.lock().game.start.clone())
    }

    /// The main line.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.lock()
            .game
            .moves
            .iter()
            .map(|&mv| Move { mv })
            .collect()
    }

    /// The result the file gives (`1-0`, `0-1`, `1/2-1/2`, `*`), if any; settable.
    #[getter]
    fn result(&self) -> Option<String> {
        self.lock().game.result.clone()
    }

    #[setter]
    fn set_result(&self, result: Option<String>) -> PyResult<()> {
        if let Some(r) = &result
            && !["1-0", "0-1", "1/2-1/2", "*"].contains(&r.as_str())
        {
            return Err(PyValueError::new_err(format!(
                "result {r:?}: expected \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\""
            )));
        }
        let mut g = self.lock();
        match &result {
            Some(r) => g.game.set_tag("Result", r.clone()),
            None => g.game.tags.retain(|(k, _)| k != "Result"),
        }
        g.game.result = result;
        Ok(())
    }

    /// The comments: `(plies played before it, text)`.
    #[getter]
    fn comments(&self) -> Vec<(usize, String)> {
        self.lock().game.comments.clone()
    }

    /// Adds a comment after `ply` plies of the main line (0: before the first move).
    fn add_comment(&self, ply: usize, text: &str) -> PyResult<()> {
        let mut g = self.lock();
        if ply > g.game.moves.len() {
            return Err(PyIndexError::new_err(format!(
                "ply {ply}: the game has {} plies",
                g.game.moves.len()
            )));
        }
        g.game.comments.push((ply, text.to_string()));
        g.game.comments.sort_by_key(|c| c.0);
        Ok(())
    }

    /// The variations: dicts `{"ply", "moves" (ICCS), "variations"}`, nested to any depth;
    /// `ply` is the index of the main-line move the variation replaces.
    #[getter]
    fn variations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        variations(py, &self.lock().game.variations)
    }

    /// Adds a variation replacing main-line move `ply` (0-based): its moves (`Move`s or text in
    /// any notation) are checked from the position before that move; raises `MoveError`.
    fn add_variation(&self, ply: usize, moves: Vec<MoveArg>) -> PyResult<()> {
        let mut g = self.lock();
        if ply >= g.game.moves.len() {
            return Err(PyIndexError::new_err(format!(
                "ply {ply}: the main line has {} moves",
                g.game.moves.len()
            )));
        }
        let mut pos = after(&g.game.start, &g.game.moves, ply);
        let mut line = Vec::with_capacity(moves.len());
        for (i, m) in moves.iter().enumerate() {
            let mv = m.resolve(&pos, false)?;
            pos.play(mv).map_err(|e| {
                error::<MoveError>(
                    format!("variation move {}: {}: {e}", i + 1, mv.iccs()),
                    None,
                    None,
                    Some(ply + i + 1),
                )
            })?;
            line.push(mv);
        }
        g.game.variations.push(Variation {
            ply,
            moves: line,
            variations: Vec::new(),
        });
        g.game.variations.sort_by_key(|v| v.ply);
        Ok(())
    }

    /// The reader's warnings: what it could not read and left out, one line each.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.lock().game.dropped.clone()
    }

    /// Appends a move (a `Move` or text in any notation) to the main line and returns it;
    /// raises `MoveError` if it is not legal after the last move.
    fn push(&self, mv: MoveArg) -> PyResult<Move> {
        let mut g = self.lock();
        let mut pos = g.game.end_position();
        let m = mv.resolve(&pos, false)?;
        pos.play(m)
            .map_err(|e| error::<MoveError>(format!("{}: {e}", m.iccs()), None, None, None))?;
        g.game.moves.push(m);
        Ok(Move { mv: m })
    }

    /// Removes the last move of the main line (with the comments after it and the variations
    /// replacing it) and returns it; raises `IndexError` when the main line is empty.
    fn pop(&self) -> PyResult<Move> {
        let mut g = self.lock();
        let m = g
            .game
            .moves
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty main line"))?;
        let n = g.game.moves.len();
        g.game.comments.retain(|c| c.0 <= n);
        g.game.variations.retain(|v| v.ply < n);
        Ok(Move { mv: m })
    }

    /// The position after `ply` plies of the main line (default: the end), with those plies
    /// on its move stack.
    #[pyo3(signature = (ply = None))]
    fn position(&self, ply: Option<usize>) -> PyResult<Position> {
        let g = self.lock();
        let n = ply.unwrap_or(g.game.moves.len());
        if n > g.game.moves.len() {
            return Err(PyValueError::new_err(format!(
                "ply {n}: the game has {} plies",
                g.game.moves.len()
            )));
        }
        let mut b = Board::new(g.game.start.clone());
        for &m in &g.game.moves[..n] {
            let undo = b.pos.play_unchecked(m);
            b.stack.push(undo);
        }
        Ok(Position::from_board(b))
    }

    /// The game as PGN text in a notation (`chinese`, `wxf` or `iccs`), as `xq convert` writes
    /// it: tags, comments, variations and result.
    #[pyo3(signature = (notation = "chinese"))]
    fn pgn(&self, notation: &str) -> PyResult<String> {
        let n = notation_arg(notation)?;
        Ok(notation::pgn::write_game(
            &self.lock().game,
            notation::pgn::WriteOptions::new(n),
        ))
    }

    /// Writes the game as a PGN file (UTF-8), replacing the file, or appending to it with
    /// `append=True`; raises `OSError`.
    #[pyo3(signature = (path, notation = "chinese", append = false))]
    fn save(&self, path: std::path::PathBuf, notation: &str, append: bool) -> PyResult<()> {
        use std::io::Write as _;
        let text = self.pgn(notation)?;
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .append(append)
            .truncate(!append)
            .open(&path)?;
        if append && f.metadata()?.len() > 0 {
            f.write_all(b"\n")?;
        }
        f.write_all(text.as_bytes())?;
        Ok(())
    }

    fn __len__(&self) -> usize {
        self.lock().game.moves.len()
    }

    fn __repr__(&self) -> String {
        let g = self.lock();
        format!(
            "<Game #{} {} plies {:?}>",
            g.index,
            g.game.moves.len(),
            g.game.tag("Event").unwrap_or("")
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let g = self.lock();
        let vars = g
            .game
            .variations
            .iter()
            .map(|v| {
                Ok(variation_state(py, v)?
                    .into_pyobject(py)?
                    .into_any()
                    .unbind())
            })
            .collect::<PyResult<Vec<Py<PyAny>>>>()?;
        let state = (
            g.index,
            g.game.tags.clone(),
            g.game.start.fen(),
            g.game.moves.iter().map(|m| m.iccs()).collect::<Vec<_>>(),
            g.game.result.clone(),
            g.game.comments.clone(),
            vars,
            g.game.dropped.clone(),
            format_name(g.game.format),
        );
        Ok((
            py.get_type::<Game>().getattr("_from_state")?,
            state.into_pyobject(py)?.into_any(),
        ))
    }
}

type GameItems = Box<dyn Iterator<Item = Result<(usize, NotatedGame), FileError>> + Send>;

/// The games of a file, read one at a time (PGN is read record by record; binary and whole-file
/// formats at once).
#[pyclass(module = "xiangqi_rules", frozen)]
struct GameReader {
    items: Mutex<GameItems>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Game> {
        let next = py.allow_threads(|| match self.items.lock() {
            Ok(mut items) => items.next(),
            Err(_) => None,
        });
        match next {
            None => Err(PyStopIteration::new_err(())),
            Some(Ok((index, game))) => Ok(Game::new_from(game, index)),
            Some(Err(e)) => Err(file_error(&e)),
        }
    }
}

/// A binary file object read through its `read(n)` method (the GIL is taken for each call, so
/// it may be read while other threads run).
struct PyFileReader {
    file: Py<PyAny>,
}

impl Read for PyFileReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        Python::with_gil(|py| {
            let chunk = self
                .file
                .call_method1(py, "read", (buf.len(),))
                .map_err(std::io::Error::other)?;
            let chunk = chunk.bind(py);
            let bytes: &[u8] = if let Ok(b) = chunk.downcast::<PyBytes>() {
                b.as_bytes()
            } else if chunk.is_none() {
                &[]
            } else {
                return Err(std::io::Error::other(
                    "the file object's read() returned text, not bytes: open it in binary mode (\"rb\")",
                ));
            };
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
            Ok(n)
        })
    }
}

/// Reads the games of a file: PGN in Chinese, WXF or ICCS notation, XQF, CBR/CBL, DhtmlXQ, in any
/// encoding (UTF-8, UTF-16, GB18030, Big5), streaming. The source is one of: a path (`str` or
/// `os.PathLike`), the file's `bytes`, a binary file object (anything with `read(n)` returning
/// bytes, such as `open(path, "rb")` or `io.BytesIO`), or — by keyword only — the text itself,
/// `read_games(text=…)`. A `str` given by position is always a path, never text. A game that
/// cannot be read raises `GameFileError` (with `file`, `game` and `ply`) when it is reached.
///
/// >>> from xiangqi_rules import read_games
/// >>> games = list(read_games(text='[Event "a"]\n1. 炮二平五 马８进７ 1-0\n'))
/// >>> games[0].tags["Event"], [m.iccs() for m in games[0].moves], games[0].result
/// ('a', ['h2e2', 'h9g7'], '1-0')
#[pyfunction]
#[pyo3(signature = (source = None, strict = false, *, text = None))]
fn read_games(
    py: Python<'_>,
    source: Option<&Bound<'_, PyAny>>,
    strict: bool,
    text: Option<&str>,
) -> PyResult<GameReader> {
    let mode = mode(strict);
    let (reader, name): (Box<dyn Read + Send>, String) = match (source, text) {
        (Some(_), Some(_)) => {
            return Err(PyTypeError::new_err(
                "read_games: give a source or text=, not both",
            ));
        }
        (None, None) => {
            return Err(PyTypeError::new_err(
                "read_games: give a path, bytes, a binary file object, or text=",
            ));
        }
        (None, Some(t)) => (
            Box::new(std::io::Cursor::new(t.as_bytes().to_vec())),
            "<text>".to_string(),
        ),
        (Some(s), None) => {
            if let Ok(b) = s.downcast::<PyBytes>() {
                (
                    Box::new(std::io::Cursor::new(b.as_bytes().to_vec())),
                    "<bytes>".to_string(),
                )
            } else if let Ok(b) = s.downcast::<PyByteArray>() {
                (
                    Box::new(std::io::Cursor::new(b.to_vec())),
                    "<bytes>".to_string(),
                )
            } else if s.hasattr("read")? && !s.is_instance_of::<PyString>() {
                let name = s
                    .getattr("name")
                    .ok()
                    .and_then(|n| n.extract::<String>().ok())
                    .unwrap_or_else(|| "<file>".to_string());
                (
                    Box::new(PyFileReader {
                        file: s.clone().unbind(),
                    }),
                    name,
                )
            } else {
                let p: std::path::PathBuf = s.extract().map_err(|_| {
                    PyTypeError::new_err(
                        "read_games: expected a path (str or os.PathLike), bytes, a binary file object, or text=",
                    )
                })?;
                let name = p.display().to_string();
                let f = std::fs::File::open(&p).map_err(|e| {
                    let hint = if name.contains('\n') || name.starts_with('[') {
                        " (a str by position is a path; pass PGN text as read_games(text=...))"
                    } else {
                        ""
                    };
                    error::<GameFileError>(format!("{name}: {e}{hint}"), Some(&name), None, None)
                })?;
                (Box::new(f), name)
            }
        }
    };
    let opened = py.allow_threads(|| notation::stream::open_database(reader));
    let db = opened
        .map_err(|e| error::<GameFileError>(format!("{name}: {e}"), Some(&name), None, None))?;
    let items: GameItems = match db {
        notation::stream::Database::Records(records) => {
            let name2 = name.clone();
            Box::new(records.map(move |r| match r {
                Ok(r) => r.read(&name2, mode).map(|g| (r.index, g)),
                Err(e) => Err(FileError {
                    source_name: name2.clone(),
                    game: None,
                    ply: None,
                    kind: notation::GameFileErrorKind::Corrupt(e.to_string()),
                }),
            }))
        }
        notation::stream::Database::Whole(bytes) => {
            let games = py
                .allow_threads(|| notation::read_games(&bytes, &name, mode))
                .map_err(|e| file_error(&e))?;
            Box::new(games.into_iter().enumerate().map(|(i, g)| Ok((i + 1, g))))
        }
    };
    Ok(GameReader {
        items: Mutex::new(items),
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<GameReader>()?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    Ok(())
}
