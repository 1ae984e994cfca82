//! Reading inputs (files or `-` for stdin) and writing outputs atomically.

use std::io::Read;
use std::path::Path;

use crate::CliError;

#[allow(dead_code)] // used by the commands that read files
/// Reads a whole file, or standard input for `-`, as bytes.
pub fn read_input(path: &str) -> Result<Vec<u8>, CliError> {
    let mut buf = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| CliError::input(format!("standard input: {e}")))?;
    } else {
        buf = std::fs::read(path).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    }
    Ok(buf)
}

/// Game `n` (1-based) of a game file, or standard input for `-`, read in bounded memory: a PGN
/// database is scanned record by record and only game `n` is parsed (see
/// [`xiangqi::notation::stream::read_nth_game`]). A missing game names how many the file holds.
pub fn read_nth_game(
    path: &str,
    n: usize,
    mode: xiangqi::notation::Mode,
) -> Result<xiangqi::notation::Game, CliError> {
    use xiangqi::notation::stream::{NthGame, read_nth_game as nth};
    let found = if path == "-" {
        nth(std::io::stdin().lock(), path, n, mode)
    } else {
        let file = std::fs::File::open(path).map_err(|e| CliError::input(format!("{path}: {e}")))?;
        nth(file, path, n, mode)
    };
    match found.map_err(CliError::input)? {
        NthGame::Found(game) => Ok(*game),
        NthGame::Missing { count } => Err(CliError::input(format!(
            "{path}: no game {n} (the file holds {count})"
        ))),
    }
}

/// Writes `contents` to the output file `path` whole or not at all, through symbolic links,
/// keeping mode and owner; read-only files and non-regular files other than FIFOs and devices
/// are refused (exit 2) and left as they are (see [`xiangqi::event::file::write`]).
pub fn write_output(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    xiangqi::event::file::write(path, contents).map_err(CliError::input)
}

/// `print!` to standard output, returning [`CliError::ClosedOutput`] when the reader has gone.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*).map_err($crate::CliError::output)
    }};
}

/// `println!` to standard output, returning [`CliError::ClosedOutput`] when the reader has gone.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*).map_err($crate::CliError::output)
    }};
}

pub(crate) use {out, outln};
