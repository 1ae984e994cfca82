//! # `xq` for Python — the bindings (PyO3, stable ABI, built by maturin)
//!
//! A thin layer over the [`xiangqi`] facade: it parses Python arguments, calls the library and
//! turns its values into Python objects. It holds no rules logic: positions, notation, reading
//! game files, judging and batch judging are the library's, so `Judgement.to_json()` is the text
//! `xq judge --json` prints and `judge_batch` yields the lines of `xq judge --batch --json`.
//!
//! The Python package (`python/xq`) re-exports this module and carries the type stubs; the
//! pytest suite (`tests/`) tests it through the built wheel.
//!
//! A WebAssembly crate for browser boards would be the same wrapper with `wasm-bindgen` in place
//! of PyO3: the facade's API takes plain data (FEN and move text, file bytes, ruleset ids or TOML
//! text) and gives back owned values and JSON, with no borrowed state kept across calls.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use pyo3::create_exception;
use pyo3::exceptions::{PyStopIteration, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use xiangqi::adjudication::GameRecord;
use xiangqi::batch::{Batch, GameReport};
use xiangqi::board::{Color, Setup};
use xiangqi::diagram::Diagram;
use xiangqi::movegen::{GameStatus, Move as RsMove, Position as RsPosition};
use xiangqi::notation::{self, GameFileError as FileError, Mode, Notation};
use xiangqi::rules::{Arbiter, Ruleset as RsRuleset, Ruling as RsRuling};

create_exception!(
    _xq,
    XqError,
    PyValueError,
    "Bad input to xq: the CLI's one-line message, with `file`, `game` and `ply` where known."
);
create_exception!(
    _xq,
    FenError,
    XqError,
    "A FEN that is not a legal position."
);
create_exception!(
    _xq,
    MoveError,
    XqError,
    "A move text that is not a move, or not legal in the position (ICCS, WXF or Chinese)."
);
create_exception!(
    _xq,
    GameFileError,
    XqError,
    "A game file (or record) that cannot be read."
);
create_exception!(
    _xq,
    RulesetError,
    XqError,
    "An unknown ruleset id, or a ruleset TOML file with a problem (file, line, column)."
);

/// Builds an exception of type `E` with the message and the `message`, `file`, `game` and `ply`
/// attributes.
fn error<E: pyo3::PyTypeInfo>(
    message: impl std::fmt::Display,
    file: Option<&str>,
    game: Option<usize>,
    ply: Option<usize>,
) -> PyErr {
    let message = message.to_string();
    let err = PyErr::new::<E, _>(message.clone());
    Python::with_gil(|py| {
        let v = err.value(py);
        // Setting attributes on a fresh exception instance cannot fail.
        let _ = v.setattr("message", message);
        let _ = v.setattr("file", file);
        let _ = v.setattr("game", game);
        let _ = v.setattr("ply", ply);
    });
    err
}

fn file_error(e: &FileError) -> PyErr {
    error::<GameFileError>(e, Some(&e.source_name), e.game, e.ply)
}

fn mode(strict: bool) -> Mode {
    if strict { Mode::Strict } else { Mode::Tolerant }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// JSON text → Python objects (dicts, lists, strings, numbers), through the `json` module.
fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

fn serde_to_py<'py, T: serde::Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    json_to_py(py, &text)
}

// ---------------------------------------------------------------------------------------------
// Move and Position

/// A move: from one point to another (ICCS `h2e2`). Render it in a notation with the position
/// it is played from.
///
/// >>> from xq import Position
/// >>> pos = Position()
/// >>> m = pos.parse_move("炮二平五")
/// >>> m.iccs(), m.wxf(pos), m.chinese(pos)
/// ('h2e2', 'C2.5', '炮二平五')
#[pyclass(module = "xq", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Move {
    mv: RsMove,
}

#[pymethods]
impl Move {
    /// A move from its ICCS text (`h2e2`); raises `MoveError` if it is not ICCS.
    #[staticmethod]
    fn from_iccs(text: &str) -> PyResult<Move> {
        RsMove::from_iccs(text)
            .map(|mv| Move { mv })
            .ok_or_else(|| {
                error::<MoveError>(format!("`{text}` is not an ICCS move"), None, None, None)
            })
    }

    /// The move in ICCS (`h2e2`).
    fn iccs(&self) -> String {
        self.mv.iccs()
    }

    /// The move in WXF (`C2.5`), as played from `pos`.
    fn wxf(&self, pos: &Position) -> String {
        notation::render(Notation::Wxf, &pos.pos, self.mv)
    }

    /// The move in Chinese notation (`炮二平五`), as played from `pos`.
    fn chinese(&self, pos: &Position) -> String {
        notation::render(Notation::Chinese, &pos.pos, self.mv)
    }

    fn __str__(&self) -> String {
        self.mv.iccs()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.mv.iccs())
    }
}

/// A move as a `Move` or as text in ICCS, WXF or Chinese notation (detected as the CLI does).
#[derive(FromPyObject)]
enum MoveArg {
    Move(Move),
    Text(String),
}

/// A legal position: the board and the side to move. `Position()` is the standard start.
///
/// >>> from xq import Position
/// >>> pos = Position()
/// >>> pos.turn
/// 'red'
/// >>> len(pos.legal_moves())
/// 44
/// >>> pos.play("h2e2").iccs()
/// 'h2e2'
/// >>> pos.play("马8进7").iccs()
/// 'h9g7'
/// >>> pos.fen()
/// 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2'
#[pyclass(module = "xq")]
#[derive(Clone)]
struct Position {
    pos: RsPosition,
}

#[pymethods]
impl Position {
    #[new]
    fn new() -> Position {
        Position {
            pos: RsPosition::start(),
        }
    }

    /// The position of a FEN; raises `FenError` naming what is wrong.
    #[staticmethod]
    fn from_fen(fen: &str) -> PyResult<Position> {
        RsPosition::from_fen(fen)
            .map(|pos| Position { pos })
            .map_err(|e| error::<FenError>(format!("FEN `{fen}`: {e}"), None, None, None))
    }

    /// The position as FEN.
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The side to move: `"red"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.pos.turn())
    }

    /// Every legal move.
    fn legal_moves(&self) -> Vec<Move> {
        self.pos
            .legal_moves()
            .iter()
            .map(|&mv| Move { mv })
            .collect()
    }

    /// The move a text names in this position (ICCS, WXF or Chinese, detected per token),
    /// without playing it; raises `MoveError`.
    #[pyo3(signature = (text, strict = false))]
    fn parse_move(&self, text: &str, strict: bool) -> PyResult<Move> {
        notation::parse_move(&self.pos, text, mode(strict))
            .map(|mv| Move { mv })
            .map_err(|e| error::<MoveError>(e, None, None, None))
    }

    /// Plays a move (a `Move`, or text in ICCS, WXF or Chinese) and returns it; raises
    /// `MoveError` if it is not legal here (the position is then unchanged).
    #[pyo3(signature = (mv, strict = false))]
    fn play(&mut self, mv: MoveArg, strict: bool) -> PyResult<Move> {
        let m = match mv {
            MoveArg::Move(m) => m.mv,
            MoveArg::Text(t) => self.parse_move(&t, strict)?.mv,
        };
        self.pos
            .play(m)
            .map_err(|e| error::<MoveError>(format!("{}: {e}", m.iccs()), None, None, None))?;
        Ok(Move { mv: m })
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// `None` while the side to move has a legal move, else `(winner, reason)`: the side that
    /// wins and `"checkmate"` (将死) or `"stalemate"` (困毙, a loss for the side without a move).
    fn outcome(&self) -> Option<(&'static str, &'static str)> {
        match self.pos.status() {
            GameStatus::Ongoing => None,
            GameStatus::Checkmate { loser } => Some((color_name(!loser), "checkmate")),
            GameStatus::Stalemate { loser } => Some((color_name(!loser), "stalemate")),
        }
    }

    /// An SVG diagram of the position (the diagram crate's, as `xq show --svg` draws it).
    fn svg(&self) -> String {
        Diagram::new(&self.pos).svg()
    }

    /// A copy of the position.
    fn copy(&self) -> Position {
        self.clone()
    }

    fn __copy__(&self) -> Position {
        self.clone()
    }

    fn __eq__(&self, other: &Position) -> bool {
        self.pos.fen() == other.pos.fen()
    }

    fn __str__(&self) -> String {
        self.pos.fen()
    }

    /// The terminal board of `xq show` (without colours).
    fn __repr__(&self) -> String {
        Diagram::new(&self.pos).text(false)
    }
}

// ---------------------------------------------------------------------------------------------
// Notation and game files

/// Rewrites text in another notation, as `xq convert --to` does: a bare move list becomes a
/// move list, a game file (PGN, DhtmlXQ, …) a PGN file.
///
/// >>> from xq import convert
/// >>> convert("h2e2 h9g7 h0g2", to="chinese")
/// '炮二平五 马８进７ 马二进三'
/// >>> convert("炮二平五 馬8進7", to="wxf")
/// 'C2.5 H8+7'
#[pyfunction]
#[pyo3(signature = (text, to = "iccs", strict = false))]
fn convert(text: &str, to: &str, strict: bool) -> PyResult<String> {
    let notation = Notation::from_name(to).ok_or_else(|| {
        PyValueError::new_err(format!(
            "to={to:?}: expected \"iccs\", \"wxf\" or \"chinese\""
        ))
    })?;
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
        && games[0].format == notation::GameFormat::Pgn
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

/// A game read from a file: tags, start position, main line, variations, and the reader's
/// warnings (what it could not read and left out).
#[pyclass(module = "xq", frozen)]
struct Game {
    game: notation::NotatedGame,
    index: usize,
}

fn variations<'py>(py: Python<'py>, vs: &[notation::Variation]) -> PyResult<Bound<'py, PyList>> {
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

#[pymethods]
impl Game {
    /// Its 1-based position in the file.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// The tags (PGN names; other formats are mapped to them), in file order.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.game.tags {
            if !d.contains(k)? {
                d.set_item(k, v)?;
            }
        }
        Ok(d)
    }

    /// The start position.
    #[getter]
    fn start(&self) -> Position {
        Position {
            pos: self.game.start.clone(),
        }
    }

    /// The main line.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.game.moves.iter().map(|&mv| Move { mv }).collect()
    }

    /// The result the file gives (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    #[getter]
    fn result(&self) -> Option<String> {
        self.game.result.clone()
    }

    /// The comments: `(plies played before it, text)`.
    #[getter]
    fn comments(&self) -> Vec<(usize, String)> {
        self.game.comments.clone()
    }

    /// The variations: dicts `{"ply", "moves" (ICCS), "variations"}`, nested to any depth.
    #[getter]
    fn variations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        variations(py, &self.game.variations)
    }

    /// The reader's warnings: what it could not read and left out, one line each.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.game.dropped.clone()
    }

    /// The position after `ply` plies of the main line (default: the end).
    #[pyo3(signature = (ply = None))]
    fn position(&self, ply: Option<usize>) -> PyResult<Position> {
        let n = ply.unwrap_or(self.game.moves.len());
        if n > self.game.moves.len() {
            return Err(PyValueError::new_err(format!(
                "ply {n}: the game has {} plies",
                self.game.moves.len()
            )));
        }
        let mut pos = self.game.start.clone();
        for &m in &self.game.moves[..n] {
            pos.play_unchecked(m);
        }
        Ok(Position { pos })
    }

    fn __len__(&self) -> usize {
        self.game.moves.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game #{} {} plies {:?}>",
            self.index,
            self.game.moves.len(),
            self.game.tag("Event").unwrap_or("")
        )
    }
}

type GameItems = Box<dyn Iterator<Item = Result<(usize, notation::NotatedGame), FileError>> + Send>;

/// The games of a file, read one at a time (PGN is read record by record; binary and whole-file
/// formats at once).
#[pyclass(module = "xq")]
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
            Some(Ok((index, game))) => Ok(Game { game, index }),
            Some(Err(e)) => Err(file_error(&e)),
        }
    }
}

/// A path or the bytes of a game file.
#[derive(FromPyObject)]
enum Source {
    Bytes(Vec<u8>),
    Path(std::path::PathBuf),
}

/// Reads the games of a file (a path, or its bytes): PGN in Chinese, WXF or ICCS notation, XQF,
/// CBR/CBL, DhtmlXQ, in any encoding (UTF-8, UTF-16, GB18030, Big5), streaming. A game that
/// cannot be read raises `GameFileError` (with `file`, `game` and `ply`) when it is reached.
///
/// >>> from xq import read_games
/// >>> games = list(read_games(b'[Event "a"]\n1. h2e2 h9g7 1-0\n'))
/// >>> games[0].tags["Event"], [m.iccs() for m in games[0].moves], games[0].result
/// ('a', ['h2e2', 'h9g7'], '1-0')
#[pyfunction]
#[pyo3(signature = (source, strict = false))]
fn read_games(py: Python<'_>, source: &Bound<'_, PyAny>, strict: bool) -> PyResult<GameReader> {
    let source: Source = if source.is_instance_of::<PyBytes>() {
        Source::Bytes(source.extract()?)
    } else {
        source.extract().map_err(|_| {
            PyTypeError::new_err("read_games: expected a path (str or os.PathLike) or bytes")
        })?
    };
    let mode = mode(strict);
    let (reader, name): (Box<dyn std::io::Read + Send>, String) = match source {
        Source::Bytes(b) => (Box::new(std::io::Cursor::new(b)), "<bytes>".to_string()),
        Source::Path(p) => {
            let name = p.display().to_string();
            let f = std::fs::File::open(&p).map_err(|e| {
                error::<GameFileError>(format!("{name}: {e}"), Some(&name), None, None)
            })?;
            (Box::new(f), name)
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

// ---------------------------------------------------------------------------------------------
// Rulesets and judging

/// A ruleset: a built-in id (`cn-1987`, `axf`) or a TOML file, with the edition that reads it.
///
/// >>> from xq import Ruleset
/// >>> rs = Ruleset("axf")
/// >>> rs.id, rs.edition
/// ('axf', 'axf')
#[pyclass(module = "xq", frozen)]
struct Ruleset {
    ruleset: RsRuleset,
}

fn load_ruleset(name: &str) -> PyResult<RsRuleset> {
    RsRuleset::load(name).map_err(|e| error::<RulesetError>(e, Some(name), None, None))
}

#[pymethods]
impl Ruleset {
    /// Loads a built-in ruleset by id, or a ruleset TOML file by path; raises `RulesetError`.
    #[new]
    fn new(id_or_path: std::path::PathBuf) -> PyResult<Ruleset> {
        let name = id_or_path.to_string_lossy().into_owned();
        let ruleset = load_ruleset(&name)?;
        // A ruleset whose edition is not linked is refused here rather than at judging.
        Arbiter::new(ruleset.clone())
            .map_err(|e| error::<RulesetError>(e, Some(&name), None, None))?;
        Ok(Ruleset { ruleset })
    }

    /// The ruleset id.
    #[getter]
    fn id(&self) -> String {
        self.ruleset.id.clone()
    }

    /// The edition (the rule book) that reads it.
    #[getter]
    fn edition(&self) -> String {
        self.ruleset.edition.clone()
    }

    /// Its title.
    #[getter]
    fn title(&self) -> String {
        self.ruleset.title.clone()
    }

    /// Where its rules come from.
    #[getter]
    fn source(&self) -> String {
        self.ruleset.source.clone()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset('{}')", self.ruleset.id)
    }
}

/// The built-in rulesets: dicts `{"id", "edition", "title", "source", "edition_linked"}`, as
/// `xq rulesets list --json` lists them.
///
/// >>> from xq import rulesets
/// >>> [r["id"] for r in rulesets()][:2]
/// ['axf', 'cn-1987']
#[pyfunction]
fn rulesets(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let linked: Vec<&str> = xiangqi::rules::editions()
        .map_err(|e| error::<RulesetError>(e, None, None, None))?
        .iter()
        .map(|r| r.id)
        .collect();
    let list = PyList::empty(py);
    for id in RsRuleset::builtin_ids() {
        let r = load_ruleset(&id)?;
        let d = PyDict::new(py);
        d.set_item("id", &r.id)?;
        d.set_item("edition", &r.edition)?;
        d.set_item("title", &r.title)?;
        d.set_item("source", &r.source)?;
        d.set_item("edition_linked", linked.contains(&r.edition.as_str()))?;
        list.append(d)?;
    }
    Ok(list)
}

/// A ruleset argument: a `Ruleset`, or an id or a path.
#[derive(FromPyObject)]
enum RulesetArg {
    Ruleset(Py<Ruleset>),
    Name(std::path::PathBuf),
}

fn arbiters(rulesets: Option<Vec<RulesetArg>>) -> PyResult<Vec<Arbiter>> {
    let args = rulesets.unwrap_or_else(|| {
        ["cn-1987", "axf"]
            .iter()
            .map(|s| RulesetArg::Name(s.into()))
            .collect()
    });
    if args.is_empty() {
        return Err(error::<RulesetError>(
            "no ruleset to judge under (give rulesets)",
            None,
            None,
            None,
        ));
    }
    args.into_iter()
        .map(|a| {
            let (rs, name) = match a {
                RulesetArg::Ruleset(r) => {
                    let r = r.get().ruleset.clone();
                    let name = r.id.clone();
                    (r, name)
                }
                RulesetArg::Name(p) => {
                    let name = p.to_string_lossy().into_owned();
                    (load_ruleset(&name)?, name)
                }
            };
            Arbiter::new(rs).map_err(|e| error::<RulesetError>(e, Some(&name), None, None))
        })
        .collect()
}

/// One ruleset's ruling on a game: the outcome and why, the repetition rulings with each side's
/// label (长将, 长捉, 闲 …), every ply's class with its targets, the natural move limit.
#[pyclass(module = "xq", frozen)]
struct Ruling {
    ruling: RsRuling,
}

#[pymethods]
impl Ruling {
    /// The ruleset id.
    #[getter]
    fn ruleset(&self) -> String {
        self.ruling.ruleset.clone()
    }

    /// The edition id.
    #[getter]
    fn edition(&self) -> String {
        self.ruling.edition.clone()
    }

    /// `ongoing`, `red-wins`, `black-wins` or `draw`.
    #[getter]
    fn outcome(&self) -> &'static str {
        self.ruling.outcome.as_str()
    }

    /// The outcome in Chinese: 未结束, 红胜, 黑胜, 和棋.
    #[getter]
    fn outcome_zh(&self) -> String {
        xiangqi::rules::compare::outcome_words(self.ruling.outcome).zh
    }

    /// Why (`checkmate`, `stalemate`, `perpetual-check`, `perpetual-chase`, `repetition`, …).
    #[getter]
    fn reason(&self) -> String {
        self.ruling.reason.clone()
    }

    /// The ply at which the outcome was decided, or `None`.
    #[getter]
    fn decided_at_ply(&self) -> Option<usize> {
        self.ruling.decided_at_ply
    }

    /// The decisive (or last) repetition ruling: a dict `{"verdict", "red", "black",
    /// "first_ply", "last_ply", "reason", "explanation"}`, or `None`.
    #[getter]
    fn repetition<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serde_to_py(py, &self.ruling.repetition)
    }

    /// Every repetition ruling made, in order, up to the decision.
    #[getter]
    fn repetitions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serde_to_py(py, &self.ruling.repetitions)
    }

    /// Every ply: dicts `{"ply", "move", "side", "class", "label", "targets", …}`.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serde_to_py(py, &self.ruling.plies)
    }

    /// The natural move limit accounting, if the edition has one.
    #[getter]
    fn natural_limit<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serde_to_py(py, &self.ruling.natural_limit)
    }

    /// The reasoning, in plain sentences.
    #[getter]
    fn explanation(&self) -> Vec<String> {
        self.ruling.explanation.clone()
    }

    /// This ruling as JSON (an element of `rulings` in `xq judge --json`).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string_pretty(&self.ruling)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Ruling {}: {} ({})>",
            self.ruling.ruleset,
            self.ruling.outcome.as_str(),
            self.ruling.reason
        )
    }
}

/// The rulings of a game under several rulesets, in the order asked, with the editions'
/// readings where they differ (`comparison`). `to_json()` is the text `xq judge --json` prints.
#[pyclass(module = "xq", frozen)]
struct Judgement {
    rulings: Vec<Py<Ruling>>,
    json: String,
}

#[pymethods]
impl Judgement {
    /// The rulings, one per ruleset.
    #[getter]
    fn rulings(&self, py: Python<'_>) -> Vec<Py<Ruling>> {
        self.rulings.iter().map(|r| r.clone_ref(py)).collect()
    }

    /// The ruling of a ruleset, by position or by id.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<Ruling>> {
        if let Ok(i) = key.extract::<isize>() {
            let n = self.rulings.len() as isize;
            let j = if i < 0 { i + n } else { i };
            if (0..n).contains(&j) {
                return Ok(self.rulings[j as usize].clone_ref(py));
            }
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "ruling {i} of {n}"
            )));
        }
        let id: String = key.extract()?;
        self.rulings
            .iter()
            .find(|r| r.get().ruling.ruleset == id)
            .map(|r| r.clone_ref(py))
            .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(id))
    }

    fn __len__(&self) -> usize {
        self.rulings.len()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = PyList::new(py, self.rulings.iter().map(|r| r.clone_ref(py)))?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// Whether the rulesets' outcomes or repetition verdicts differ.
    #[getter]
    fn disagree(&self) -> bool {
        let key = |r: &Py<Ruling>| {
            let r = &r.get().ruling;
            (
                r.outcome.as_str(),
                r.repetition.as_ref().map(|x| x.verdict.as_str()),
            )
        };
        self.rulings.windows(2).any(|w| key(&w[0]) != key(&w[1]))
    }

    /// The whole document as Python objects (`rulings`, and `comparison`, `recorded`,
    /// `conflicts` when present).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.json)
    }

    /// The text `xq judge --json` prints for the same game and rulesets.
    fn to_json(&self) -> String {
        self.json.clone()
    }

    fn __repr__(&self) -> String {
        let parts: Vec<String> = self
            .rulings
            .iter()
            .map(|r| {
                let r = &r.get().ruling;
                format!("{}: {} ({})", r.ruleset, r.outcome.as_str(), r.reason)
            })
            .collect();
        format!("<Judgement {}>", parts.join("; "))
    }
}

/// What to judge: a `Game`, or moves (text or a list of moves/texts).
#[derive(FromPyObject)]
enum GameArg {
    Game(Py<Game>),
    Text(String),
    Moves(Vec<MoveArg>),
}

/// Judges a game under one or more rulesets (ids, TOML paths or `Ruleset`s; default
/// `["cn-1987", "axf"]`): a `Judgement` with a `Ruling` per ruleset.
///
/// >>> from xq import judge
/// >>> j = judge("h2e2 h9g7 h0g2", rulesets=["cn-1987", "axf"])
/// >>> [(r.ruleset, r.outcome) for r in j]
/// [('cn-1987', 'ongoing'), ('axf', 'ongoing')]
/// >>> j["axf"].plies[0]["move"]
/// 'h2e2'
#[pyfunction]
#[pyo3(signature = (game, rulesets = None, fen = None, strict = false))]
fn judge(
    py: Python<'_>,
    game: GameArg,
    rulesets: Option<Vec<RulesetArg>>,
    fen: Option<&str>,
    strict: bool,
) -> PyResult<Judgement> {
    let arbiters = arbiters(rulesets)?;
    let start = |fen: Option<&str>| -> PyResult<RsPosition> {
        match fen {
            None => Ok(RsPosition::start()),
            Some(f) => Setup::from_fen(f)
                .map_err(|e| e.to_string())
                .and_then(|s| RsPosition::from_setup_composed(s).map_err(|e| e.to_string()))
                .map_err(|e| error::<FenError>(format!("fen: {e}"), None, None, None)),
        }
    };
    let (start, moves, declared, source) = match game {
        GameArg::Game(g) => {
            if fen.is_some() {
                return Err(PyValueError::new_err(
                    "fen: a Game has its own start position",
                ));
            }
            let g = &g.get().game;
            let declared = xiangqi::game::declared::declared(g);
            (
                g.start.clone(),
                g.moves.clone(),
                declared,
                "game".to_string(),
            )
        }
        GameArg::Text(text) => {
            let start = start(fen)?;
            let moves = notation::parse_move_list(&start, &text, mode(strict))
                .map_err(|e| error::<MoveError>(format!("moves: {e}"), None, None, Some(e.ply)))?;
            (start, moves, None, "moves".to_string())
        }
        GameArg::Moves(list) => {
            let mut pos = start(fen)?;
            let s = pos.clone();
            let mut moves = Vec::with_capacity(list.len());
            for (i, m) in list.into_iter().enumerate() {
                let m = match m {
                    MoveArg::Move(m) => m.mv,
                    MoveArg::Text(t) => {
                        notation::parse_move(&pos, &t, mode(strict)).map_err(|e| {
                            error::<MoveError>(
                                format!("moves: ply {}: {e}", i + 1),
                                None,
                                None,
                                Some(i + 1),
                            )
                        })?
                    }
                };
                pos.play(m).map_err(|e| {
                    error::<MoveError>(
                        format!("moves: ply {}: {}: {e}", i + 1, m.iccs()),
                        None,
                        None,
                        Some(i + 1),
                    )
                })?;
                moves.push(m);
            }
            (s, moves, None, "moves".to_string())
        }
    };
    let (rulings, json) = py
        .allow_threads(|| {
            let record = GameRecord::new(start, moves).map_err(|e| format!("{source}: {e}"))?;
            let rulings = xiangqi::judgement::judge_all(&arbiters, &record);
            let json = xiangqi::judgement::judgement_json(&arbiters, &rulings, declared.as_ref())
                .map_err(|e| e.to_string())?;
            Ok::<_, String>((rulings, json))
        })
        .map_err(|e| error::<MoveError>(e, None, None, None))?;
    let rulings = rulings
        .into_iter()
        .map(|ruling| Py::new(py, Ruling { ruling }))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Judgement { rulings, json })
}

/// What a batch found about one game: `to_json()` is its line of `xq judge --batch --json`.
#[pyclass(module = "xq", name = "GameReport", frozen)]
struct GameReport_ {
    report: GameReport,
}

#[pymethods]
impl GameReport_ {
    /// The game's 1-based position in the file.
    #[getter]
    fn game(&self) -> usize {
        self.report.game
    }

    /// The game's id (`#index Red – Black Date`, or the `.tsv` id column).
    #[getter]
    fn id(&self) -> String {
        self.report.id.clone()
    }

    /// The game's tags.
    #[getter]
    fn tags(&self) -> BTreeMap<String, String> {
        self.report.tags.clone()
    }

    /// The recorded result, if any.
    #[getter]
    fn result(&self) -> Option<String> {
        self.report.result.clone()
    }

    /// The plies judged.
    #[getter]
    fn plies(&self) -> usize {
        self.report.plies
    }

    /// An illegal move (the record was judged up to it), or why the record could not be read.
    #[getter]
    fn error(&self) -> Option<String> {
        self.report.error.clone()
    }

    /// Whether the record could not be read at all (no rulings).
    #[getter]
    fn unreadable(&self) -> bool {
        self.report.unreadable
    }

    /// Whether the rulings' outcomes or repetition verdicts differ.
    #[getter]
    fn disagree(&self) -> bool {
        self.report.disagree
    }

    /// One brief ruling per ruleset: dicts `{"ruleset", "outcome", "reason", "decided_at_ply",
    /// "repetition", "repetitions", "natural_limit_claimable_from_ply"}`.
    #[getter]
    fn rulings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serde_to_py(py, &self.report.rulings)
    }

    /// The line `xq judge --batch --json` prints for this game (without the line break).
    fn to_json(&self) -> PyResult<String> {
        xiangqi::batch::report_json(&self.report)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        format!(
            "<GameReport {} plies={} disagree={}>",
            self.report.id, self.report.plies, self.report.disagree
        )
    }
}

/// The results of `judge_batch`, one per game in input order.
#[pyclass(module = "xq")]
struct BatchReader {
    batch: Mutex<Batch>,
}

#[pymethods]
impl BatchReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<GameReport_> {
        // The GIL is released while a chunk is read and judged on the worker threads.
        let next = py.allow_threads(|| match self.batch.lock() {
            Ok(mut batch) => batch.next(),
            Err(_) => None,
        });
        match next {
            None => Err(PyStopIteration::new_err(())),
            Some(Ok(j)) => Ok(GameReport_ { report: j.report }),
            Some(Err(e)) => Err(error::<GameFileError>(e, None, None, None)),
        }
    }
}

/// Judges every game of a database (PGN in any notation and encoding, XQF, CBL, DhtmlXQ, or a
/// `.tsv` with an `iccs_moves` column) under the rulesets, on `jobs` threads (0 = every core),
/// streaming one result per game in input order; the GIL is released while games are judged.
/// Each result's `to_json()` is the line `xq judge --batch --json` prints.
#[pyfunction]
#[pyo3(signature = (path, rulesets = None, jobs = 0, strict = false))]
fn judge_batch(
    py: Python<'_>,
    path: std::path::PathBuf,
    rulesets: Option<Vec<RulesetArg>>,
    jobs: usize,
    strict: bool,
) -> PyResult<BatchReader> {
    let arbiters: Arc<[Arbiter]> = arbiters(rulesets)?.into();
    let name = path.to_string_lossy().into_owned();
    let batch = py
        .allow_threads(|| Batch::open(&name, arbiters, mode(strict), jobs))
        .map_err(|e| error::<GameFileError>(e, Some(&name), None, None))?;
    Ok(BatchReader {
        batch: Mutex::new(batch),
    })
}

/// The `xq._xq` extension module.
#[pymodule]
fn _xq(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("XqError", py.get_type::<XqError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("GameFileError", py.get_type::<GameFileError>())?;
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    m.add_class::<Move>()?;
    m.add_class::<Position>()?;
    m.add_class::<Game>()?;
    m.add_class::<GameReader>()?;
    m.add_class::<Ruleset>()?;
    m.add_class::<Ruling>()?;
    m.add_class::<Judgement>()?;
    m.add_class::<GameReport_>()?;
    m.add_class::<BatchReader>()?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    m.add_function(wrap_pyfunction!(judge_batch, m)?)?;
    Ok(())
}
