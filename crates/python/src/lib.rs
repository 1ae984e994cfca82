//! # `xiangqi_rules` for Python — the bindings (PyO3, stable ABI, built by maturin)
//!
//! A thin layer over the [`xiangqi`] facade: it parses Python arguments, calls the library and
//! turns its values into Python objects. It holds no rules logic: positions, notation, reading
//! game files, judging and batch judging are the library's, so `Judgement.to_json()` is the text
//! `xq judge --json` prints and `Judgement.to_json_line()` the line of `xq judge --batch --json`.
//!
//! The Python package (`python/xiangqi_rules`, distribution `xiangqi-rules`) re-exports this
//! module and carries the type stubs; the pytest suite (`tests/`) tests it through the built
//! wheel.
//!
//! Every class is safe to share between threads: the immutable ones are `frozen`, and the two
//! that change (`Position`, `Game`) keep their state behind a lock taken for the length of one
//! call (never across a call back into Python), so two threads using one object take turns.
//!
//! A WebAssembly crate for browser boards would be the same wrapper with `wasm-bindgen` in place
//! of PyO3: the facade's API takes plain data (FEN and move text, file bytes, ruleset ids or TOML
//! text) and gives back owned values and JSON, with no borrowed state kept across calls.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod board;
mod games;
mod judge;

create_exception!(
    xiangqi_rules,
    XqError,
    PyValueError,
    "Bad input to xiangqi_rules: the CLI's one-line message, with `file`, `game` and `ply` where known."
);
create_exception!(
    xiangqi_rules,
    FenError,
    XqError,
    "A FEN that is not a legal position."
);
create_exception!(
    xiangqi_rules,
    MoveError,
    XqError,
    "A move text that is not a move, or not legal in the position (ICCS, WXF or Chinese)."
);
create_exception!(
    xiangqi_rules,
    GameFileError,
    XqError,
    "A game file (or record) that cannot be read."
);
create_exception!(
    xiangqi_rules,
    RulesetError,
    XqError,
    "An unknown ruleset id, or a ruleset TOML file with a problem (file, line, column)."
);

/// What a `__reduce__` returns: the callable that rebuilds the object, and its arguments.
pub(crate) type Reduced<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

/// Builds an exception of type `E` with the message and the `message`, `file`, `game` and `ply`
/// attributes (kept in the instance's `__dict__`, so that the exception pickles with them).
pub(crate) fn error<E: pyo3::PyTypeInfo>(
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

/// A `RuntimeError` for what cannot happen with valid data (a JSON encoder failure).
pub(crate) fn internal(e: impl std::fmt::Display) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(e.to_string())
}

/// JSON text → Python objects (dicts, lists, strings, numbers), through the `json` module.
pub(crate) fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// Locks `m` for the length of one call, without ever blocking while holding the GIL: while
/// another thread holds the lock, this one waits with the GIL released. (A thread holding the
/// lock may need the GIL back — to build an exception, say, which may run the garbage collector
/// and so other threads' Python code — so a waiter holding the GIL could deadlock with it.) A
/// poisoned lock (a panic while it was held, which no code path here makes) still holds a
/// consistent state: every change under it is a single assignment, push or pop.
pub(crate) fn lock<T: Send>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    use std::sync::TryLockError;
    loop {
        match m.try_lock() {
            Ok(g) => return g,
            Err(TryLockError::Poisoned(e)) => return e.into_inner(),
            Err(TryLockError::WouldBlock) => Python::with_gil(|py| {
                py.allow_threads(|| drop(m.lock()));
            }),
        }
    }
}

/// The `xiangqi_rules._xq` extension module.
#[pymodule]
fn _xq(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("XqError", py.get_type::<XqError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("GameFileError", py.get_type::<GameFileError>())?;
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    board::register(m)?;
    games::register(m)?;
    judge::register(m)?;
    Ok(())
}
