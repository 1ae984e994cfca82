//! Squares, pieces, moves and the board (`Position`), in python-chess's shape where it fits.

use std::sync::{Mutex, MutexGuard};

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};

use xiangqi::board::{Color, Piece as RsPiece, Square};
use xiangqi::diagram::{Arrow, ArrowKind, Diagram};
use xiangqi::movegen::{GameStatus, Move as RsMove, Position as RsPosition, Undo};
use xiangqi::notation::{self, Mode, Notation};

use crate::{FenError, MoveError, Reduced, error};

pub(crate) fn mode(strict: bool) -> Mode {
    if strict { Mode::Strict } else { Mode::Tolerant }
}

pub(crate) fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// The ICCS name of a square (`e0`).
pub(crate) fn square_name(sq: Square) -> String {
    format!("{}{}", sq.file().char(), sq.rank().char())
}

/// A square as its index (0–89: `a0` = 0, `i0` = 8, `a1` = 9 … `i9` = 89) or its ICCS name.
#[derive(FromPyObject)]
pub(crate) enum SquareArg {
    Index(i64),
    Name(String),
}

impl SquareArg {
    fn square(&self) -> PyResult<Square> {
        match self {
            SquareArg::Index(i) => u8::try_from(*i)
                .ok()
                .and_then(Square::new)
                .ok_or_else(|| PyValueError::new_err(format!("square {i}: expected 0–89"))),
            SquareArg::Name(n) => Square::from_name(n)
                .ok_or_else(|| PyValueError::new_err(format!("square {n:?}: expected a0–i9"))),
        }
    }
}

/// The index (0–89) of a square named in ICCS (`e0` → 4); raises `ValueError`.
///
/// >>> from xiangqi_rules import parse_square, square_name
/// >>> parse_square("e0"), parse_square("a1"), square_name(89)
/// (4, 9, 'i9')
#[pyfunction]
fn parse_square(name: &str) -> PyResult<usize> {
    SquareArg::Name(name.to_string())
        .square()
        .map(|s| s.index())
}

/// The ICCS name of a square index (4 → `e0`); raises `ValueError` outside 0–89.
#[pyfunction(name = "square_name")]
fn py_square_name(square: i64) -> PyResult<String> {
    SquareArg::Index(square).square().map(square_name)
}

// ---------------------------------------------------------------------------------------------
// Piece

/// A piece: its colour and kind. `symbol()` is its FEN letter (upper case for Red).
///
/// >>> from xiangqi_rules import Position
/// >>> p = Position().piece_at("e0")
/// >>> p.color, p.kind, p.symbol(), p.chinese()
/// ('red', 'king', 'K', '帅')
#[pyclass(module = "xiangqi_rules", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Piece {
    p: RsPiece,
}

#[pymethods]
impl Piece {
    /// The piece of a FEN letter (`R`, `n`, …); raises `ValueError`.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Piece> {
        let mut chars = symbol.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => RsPiece::from_fen_char(c).map(|p| Piece { p }),
            _ => None,
        }
        .ok_or_else(|| PyValueError::new_err(format!("{symbol:?} is not a FEN piece letter")))
    }

    /// `"red"` or `"black"`.
    #[getter]
    fn color(&self) -> &'static str {
        color_name(self.p.color)
    }

    /// `"king"`, `"advisor"`, `"elephant"`, `"horse"`, `"rook"`, `"cannon"` or `"pawn"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.p.kind.name()
    }

    /// The FEN letter (upper case for Red).
    fn symbol(&self) -> String {
        self.p.fen_char().to_string()
    }

    /// The Chinese character (车, 將, …).
    fn chinese(&self) -> String {
        self.p.chinese().to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece('{}')", self.p.fen_char())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            py.get_type::<Piece>().getattr("from_symbol")?,
            (self.symbol(),),
        ))
    }
}

// ---------------------------------------------------------------------------------------------
// Move

/// A move: from one point to another (ICCS `h2e2`). Render it in a notation with the position
/// it is played from.
///
/// >>> from xiangqi_rules import Move, Position
/// >>> pos = Position()
/// >>> m = pos.parse_move("炮二平五")
/// >>> m.iccs(), m.wxf(pos), m.chinese(pos)
/// ('h2e2', 'C2.5', '炮二平五')
/// >>> m.from_square, m.to_square, m == Move("h2", "e2") == Move(25, 22)
/// (25, 22, True)
#[pyclass(module = "xiangqi_rules", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Move {
    pub(crate) mv: RsMove,
}

#[pymethods]
impl Move {
    /// The move between two squares (indices 0–89 or ICCS names); raises `ValueError`.
    #[new]
    fn new(from_square: SquareArg, to_square: SquareArg) -> PyResult<Move> {
        Ok(Move {
            mv: RsMove::new(from_square.square()?, to_square.square()?),
        })
    }

    /// A move from its ICCS text (`h2e2`); raises `MoveError` if it is not ICCS.
    #[staticmethod]
    fn from_iccs(text: &str) -> PyResult<Move> {
        RsMove::from_iccs(text)
            .map(|mv| Move { mv })
            .ok_or_else(|| {
                error::<MoveError>(format!("`{text}` is not an ICCS move"), None, None, None)
            })
    }

    /// The square it starts from (0–89).
    #[getter]
    #[allow(clippy::wrong_self_convention)] // python-chess's name, a getter on a Python object
    fn from_square(&self) -> usize {
        self.mv.from.index()
    }

    /// The square it lands on (0–89).
    #[getter]
    #[allow(clippy::wrong_self_convention)] // python-chess's name, a getter on a Python object
    fn to_square(&self) -> usize {
        self.mv.to.index()
    }

    /// The move in ICCS (`h2e2`).
    fn iccs(&self) -> String {
        self.mv.iccs()
    }

    /// The move in WXF (`C2.5`), as played from `pos`.
    fn wxf(&self, pos: &Position) -> String {
        notation::render(Notation::Wxf, &pos.lock().pos, self.mv)
    }

    /// The move in Chinese notation (`炮二平五`), as played from `pos`.
    fn chinese(&self, pos: &Position) -> String {
        notation::render(Notation::Chinese, &pos.lock().pos, self.mv)
    }

    fn __str__(&self) -> String {
        self.mv.iccs()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.mv.iccs())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, PyType>, (usize, usize)) {
        (
            py.get_type::<Move>(),
            (self.mv.from.index(), self.mv.to.index()),
        )
    }
}

/// A move as a `Move` or as text in ICCS, WXF or Chinese notation (detected as the CLI does).
#[derive(FromPyObject)]
pub(crate) enum MoveArg {
    Move(Move),
    Text(String),
}

impl MoveArg {
    /// The move this argument names in `pos` (not checked for legality when given as a `Move`).
    pub(crate) fn resolve(&self, pos: &RsPosition, strict: bool) -> PyResult<RsMove> {
        match self {
            MoveArg::Move(m) => Ok(m.mv),
            MoveArg::Text(t) => notation::parse_move(pos, t, mode(strict))
                .map_err(|e| error::<MoveError>(e, None, None, None)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Position

/// The state behind a `Position`'s lock: the position, the one it started from and the moves
/// pushed since (with what `pop` needs to take them back).
#[derive(Clone)]
pub(crate) struct Board {
    pub(crate) root: RsPosition,
    pub(crate) pos: RsPosition,
    pub(crate) stack: Vec<Undo>,
}

impl Board {
    pub(crate) fn new(pos: RsPosition) -> Board {
        Board {
            root: pos.clone(),
            pos,
            stack: Vec::new(),
        }
    }
}

/// The legal moves of a position: iterate it, `len()` it, test `move in`, or call it for a list
/// (`pos.legal_moves()`), as python-chess's `board.legal_moves`.
#[pyclass(module = "xiangqi_rules", frozen)]
struct LegalMoves {
    moves: Vec<Move>,
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.moves.iter().copied())?
            .try_iter()?
            .into_any())
    }

    fn __contains__(&self, mv: &Bound<'_, PyAny>) -> bool {
        mv.extract::<Move>()
            .is_ok_and(|m| self.moves.iter().any(|x| x.mv == m.mv))
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The number of legal moves.
    fn count(&self) -> usize {
        self.moves.len()
    }

    /// The moves as a list.
    fn __call__(&self) -> Vec<Move> {
        self.moves.clone()
    }

    fn __repr__(&self) -> String {
        let names: Vec<String> = self.moves.iter().map(|m| m.mv.iccs()).collect();
        format!("<LegalMoves ({})>", names.join(", "))
    }
}

/// An arrow for `Position.svg`: a `Move`, or `(from, to)` or `(from, to, kind)` with squares as
/// indices or names and kind `"chase"`, `"threat"` or `"note"`.
#[derive(FromPyObject)]
enum ArrowArg {
    Move(Move),
    Kind(SquareArg, SquareArg, String),
    Pair(SquareArg, SquareArg),
}

impl ArrowArg {
    fn arrow(&self) -> PyResult<Arrow> {
        let (from, to, kind) = match self {
            ArrowArg::Move(m) => (m.mv.from, m.mv.to, ArrowKind::Note),
            ArrowArg::Pair(a, b) => (a.square()?, b.square()?, ArrowKind::Note),
            ArrowArg::Kind(a, b, k) => {
                let kind = match k.as_str() {
                    "chase" => ArrowKind::Chase,
                    "threat" => ArrowKind::Threat,
                    "note" => ArrowKind::Note,
                    _ => {
                        return Err(PyValueError::new_err(format!(
                            "arrow kind {k:?}: expected \"chase\", \"threat\" or \"note\""
                        )));
                    }
                };
                (a.square()?, b.square()?, kind)
            }
        };
        Ok(Arrow { from, to, kind })
    }
}

/// A board: a legal position and the moves pushed onto it (`move_stack`), which `pop` takes
/// back. `Position()` is the standard start; `Position(fen)` a FEN's position. Equality and
/// hashing are by position (pieces and side to move; not the move stack or the move counters).
/// One `Position` may be used from several threads: each call holds its lock for its length.
///
/// >>> from xiangqi_rules import Position
/// >>> pos = Position()
/// >>> pos.turn, len(pos.legal_moves)
/// ('red', 44)
/// >>> pos.push("炮二平五"), pos.push("h9g7")
/// (Move('h2e2'), Move('h9g7'))
/// >>> pos.fen()
/// 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2'
/// >>> pos.move_stack, pos.pop(), len(pos.move_stack)
/// ([Move('h2e2'), Move('h9g7')], Move('h9g7'), 1)
/// >>> pos.piece_at("e2").chinese(), pos.is_legal("h7e7"), pos.gives_check("h7e7")
/// ('炮', True, False)
/// >>> pos == Position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")
/// True
#[pyclass(module = "xiangqi_rules", frozen)]
pub(crate) struct Position {
    inner: Mutex<Board>,
}

impl Position {
    pub(crate) fn from_rs(pos: RsPosition) -> Position {
        Position::from_board(Board::new(pos))
    }

    pub(crate) fn from_board(board: Board) -> Position {
        Position {
            inner: Mutex::new(board),
        }
    }

    /// The state, locked for the length of one call (see [`crate::lock`]).
    pub(crate) fn lock(&self) -> MutexGuard<'_, Board> {
        crate::lock(&self.inner)
    }

    fn fen_position(fen: &str) -> PyResult<RsPosition> {
        RsPosition::from_fen(fen)
            .map_err(|e| error::<FenError>(format!("FEN `{fen}`: {e}"), None, None, None))
    }
}

/// Plays `m` on the board if it is legal; `MoveError` naming it if not.
fn push_move(b: &mut Board, m: RsMove) -> PyResult<Move> {
    let undo = b
        .pos
        .play(m)
        .map_err(|e| error::<MoveError>(format!("{}: {e}", m.iccs()), None, None, None))?;
    b.stack.push(undo);
    Ok(Move { mv: m })
}

#[pymethods]
impl Position {
    /// The standard start, or the position of a FEN (raises `FenError` naming what is wrong).
    #[new]
    #[pyo3(signature = (fen = None))]
    fn new(fen: Option<&str>) -> PyResult<Position> {
        Ok(Position::from_rs(match fen {
            None => RsPosition::start(),
            Some(f) => Position::fen_position(f)?,
        }))
    }

    /// The position of a FEN; raises `FenError` naming what is wrong.
    #[staticmethod]
    fn from_fen(fen: &str) -> PyResult<Position> {
        Position::new(Some(fen))
    }

    /// The position of a FEN with `moves` (ICCS) pushed: how a `Position` is unpickled.
    #[staticmethod]
    pub(crate) fn _from_moves(fen: &str, moves: Vec<String>) -> PyResult<Position> {
        let mut b = Board::new(Position::fen_position(fen)?);
        for t in moves {
            let m = MoveArg::Text(t).resolve(&b.pos, true)?;
            push_move(&mut b, m)?;
        }
        Ok(Position::from_board(b))
    }

    /// The position as FEN.
    fn fen(&self) -> String {
        self.lock().pos.fen()
    }

    /// The side to move: `"red"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.lock().pos.turn())
    }

    /// Plies since the last capture (the FEN's halfmove clock).
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.lock().pos.halfmove_clock()
    }

    /// The FEN's move number.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.lock().pos.fullmove_number()
    }

    /// The legal moves (iterable, sized, `in`; call it for a list).
    #[getter]
    fn legal_moves(&self) -> LegalMoves {
        let moves = self
            .lock()
            .pos
            .legal_moves()
            .iter()
            .map(|&mv| Move { mv })
            .collect();
        LegalMoves { moves }
    }

    /// The moves pushed since the position was made, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.lock()
            .stack
            .iter()
            .map(|u| Move { mv: u.mv })
            .collect()
    }

    /// The position before every move of `move_stack`, with an empty stack.
    fn root(&self) -> Position {
        Position::from_rs(self.lock().root.clone())
    }

    /// The piece on a square (index 0–89 or ICCS name), or `None`.
    fn piece_at(&self, square: SquareArg) -> PyResult<Option<Piece>> {
        let sq = square.square()?;
        Ok(self.lock().pos.piece_at(sq).map(|p| Piece { p }))
    }

    /// The move a text names in this position (ICCS, WXF or Chinese, detected per token),
    /// without playing it; raises `MoveError`.
    #[pyo3(signature = (text, strict = false))]
    fn parse_move(&self, text: &str, strict: bool) -> PyResult<Move> {
        let b = self.lock();
        MoveArg::Text(text.to_string())
            .resolve(&b.pos, strict)
            .map(|mv| Move { mv })
    }

    /// Whether a move (a `Move`, or text in ICCS, WXF or Chinese) is legal here.
    fn is_legal(&self, mv: MoveArg) -> bool {
        let b = self.lock();
        mv.resolve(&b.pos, false).is_ok_and(|m| b.pos.is_legal(m))
    }

    /// Whether a legal move gives check; raises `MoveError` if it is not legal here.
    fn gives_check(&self, mv: MoveArg) -> PyResult<bool> {
        let b = self.lock();
        let m = mv.resolve(&b.pos, false)?;
        if !b.pos.is_legal(m) {
            return Err(error::<MoveError>(
                format!("{}: not a legal move in {}", m.iccs(), b.pos.fen()),
                None,
                None,
                None,
            ));
        }
        Ok(b.pos.gives_check(m))
    }

    /// Pushes a move (a `Move`, or text in ICCS, WXF or Chinese) onto the board and returns
    /// it; raises `MoveError` if it is not legal here (the position is then unchanged).
    #[pyo3(signature = (mv, strict = false))]
    fn push(&self, mv: MoveArg, strict: bool) -> PyResult<Move> {
        let mut b = self.lock();
        let m = mv.resolve(&b.pos, strict)?;
        push_move(&mut b, m)
    }

    /// The same as `push` (the name of earlier versions).
    #[pyo3(signature = (mv, strict = false))]
    fn play(&self, mv: MoveArg, strict: bool) -> PyResult<Move> {
        self.push(mv, strict)
    }

    /// Takes back the last move pushed and returns it; raises `IndexError` when none was.
    fn pop(&self) -> PyResult<Move> {
        let mut b = self.lock();
        let undo = b
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        b.pos.undo(undo);
        Ok(Move { mv: undo.mv })
    }

    /// The last move pushed; raises `IndexError` when none was.
    fn peek(&self) -> PyResult<Move> {
        self.lock()
            .stack
            .last()
            .map(|u| Move { mv: u.mv })
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.lock().pos.is_check()
    }

    /// Whether the side to move is checkmated (将死).
    fn is_checkmate(&self) -> bool {
        matches!(self.lock().pos.status(), GameStatus::Checkmate { .. })
    }

    /// Whether the side to move has no legal move and is not in check (困毙, a loss).
    fn is_stalemate(&self) -> bool {
        matches!(self.lock().pos.status(), GameStatus::Stalemate { .. })
    }

    /// Whether the side to move has no legal move (checkmate or stalemate). Repetition and the
    /// move limits are the arbiter's: see `judge`.
    fn is_game_over(&self) -> bool {
        !matches!(self.lock().pos.status(), GameStatus::Ongoing)
    }

    /// `None` while the side to move has a legal move, else `(winner, reason)`: the side that
    /// wins and `"checkmate"` (将死) or `"stalemate"` (困毙, a loss for the side without a move).
    fn outcome(&self) -> Option<(&'static str, &'static str)> {
        match self.lock().pos.status() {
            GameStatus::Ongoing => None,
            GameStatus::Checkmate { loser } => Some((color_name(!loser), "checkmate")),
            GameStatus::Stalemate { loser } => Some((color_name(!loser), "stalemate")),
        }
    }

    /// An SVG diagram of the position (the diagram crate's, as `xq show --svg` draws it):
    /// `orientation` is the side at the foot (`"red"`, the default, or `"black"`: the board
    /// turned round; python-chess's `True`/`False` mean red/black), `lastmove` marks a move's
    /// two points (default: the last move pushed, if any; `False` for none), `arrows` draws
    /// arrows (`Move`s, or `(from, to)` / `(from, to, kind)` tuples, kind `"chase"`,
    /// `"threat"` or `"note"`), `size` is one square's size in SVG units (default 50, 10–200),
    /// `fen` prints the FEN below the board.
    #[pyo3(signature = (orientation = None, lastmove = None, arrows = None, size = None, fen = true))]
    fn svg(
        &self,
        orientation: Option<&Bound<'_, PyAny>>,
        lastmove: Option<&Bound<'_, PyAny>>,
        arrows: Option<Vec<ArrowArg>>,
        size: Option<f64>,
        fen: bool,
    ) -> PyResult<String> {
        let foot = match orientation {
            None => Color::Red,
            Some(v) if v.is_instance_of::<pyo3::types::PyBool>() => {
                if v.extract::<bool>()? {
                    Color::Red
                } else {
                    Color::Black
                }
            }
            Some(v) => match v.extract::<String>()?.to_ascii_lowercase().as_str() {
                "red" | "r" | "w" | "white" => Color::Red,
                "black" | "b" => Color::Black,
                other => {
                    return Err(pyo3::exceptions::PyValueError::new_err(format!(
                        "orientation {other:?}: expected \"red\" or \"black\""
                    )));
                }
            },
        };
        let arrows = arrows
            .unwrap_or_default()
            .iter()
            .map(ArrowArg::arrow)
            .collect::<PyResult<Vec<Arrow>>>()?;
        let last = match lastmove {
            None => self.lock().stack.last().map(|u| u.mv),
            Some(v) if v.is_instance_of::<pyo3::types::PyBool>() => {
                if v.extract::<bool>()? {
                    self.lock().stack.last().map(|u| u.mv)
                } else {
                    None
                }
            }
            Some(v) => Some(match v.extract::<MoveArg>()? {
                MoveArg::Move(m) => m.mv,
                MoveArg::Text(t) => Move::from_iccs(&t)?.mv,
            }),
        };
        let b = self.lock();
        let mut d = Diagram::new(&b.pos)
            .arrows(arrows)
            .fen(fen)
            .orientation(foot);
        if let Some(m) = last {
            d = d.last_move(m);
        }
        if let Some(s) = size {
            d = d.cell(s);
        }
        Ok(d.svg())
    }

    /// A copy of the board (with its move stack unless `stack=False`).
    #[pyo3(signature = (stack = true))]
    fn copy(&self, stack: bool) -> Position {
        let b = self.lock();
        if stack {
            Position::from_board(b.clone())
        } else {
            Position::from_rs(b.pos.clone())
        }
    }

    fn __copy__(&self) -> Position {
        self.copy(true)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.copy(true)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = other.py();
        let Ok(other) = other.downcast::<Position>() else {
            return Ok(py.NotImplemented());
        };
        // One lock at a time: `a == a`, and `a == b` in one thread while `b == a` in another.
        let (board, turn) = {
            let b = self.lock();
            (b.pos.board().clone(), b.pos.turn())
        };
        let o = other.get().lock();
        let same = *o.pos.board() == board && o.pos.turn() == turn;
        Ok(same.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        self.lock().pos.hash()
    }

    /// The terminal board of `xq show` (without colours).
    fn __str__(&self) -> String {
        Diagram::new(&self.lock().pos).text(false)
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.lock().pos.fen())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (String, Vec<String>)> {
        let b = self.lock();
        let moves = b.stack.iter().map(|u| u.mv.iccs()).collect();
        Ok((
            py.get_type::<Position>().getattr("_from_moves")?,
            (b.root.fen(), moves),
        ))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Piece>()?;
    m.add_class::<Move>()?;
    m.add_class::<LegalMoves>()?;
    m.add_class::<Position>()?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(py_square_name, m)?)?;
    Ok(())
}
