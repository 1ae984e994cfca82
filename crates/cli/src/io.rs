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

/// A path as messages show it: lossy where it is not UTF-8, control characters (a line break
/// in a folder name) escaped, so that it stays whole and on one line.
pub fn shown_path(path: &Path) -> String {
    let mut out = String::new();
    for c in path.to_string_lossy().chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Game `n` (1-based) of a game file, or standard input for `-`, read in bounded memory: a PGN
/// database is scanned record by record and only game `n` is parsed (see
/// [`xiangqi::notation::stream::read_nth_game`]). A missing game names how many the file holds.
pub fn read_nth_game(
    path: &Path,
    n: usize,
    mode: xiangqi::notation::Mode,
) -> Result<xiangqi::notation::NotatedGame, CliError> {
    use xiangqi::notation::stream::{NthGame, read_nth_game as nth};
    let name = shown_path(path);
    let found = if path == Path::new("-") {
        nth(std::io::stdin().lock(), &name, n, mode)
    } else {
        let file =
            std::fs::File::open(path).map_err(|e| CliError::input(format!("{name}: {e}")))?;
        nth(file, &name, n, mode)
    };
    match found.map_err(CliError::input)? {
        NthGame::Found(game) => Ok(*game),
        NthGame::Missing { count } => Err(CliError::input(missing_game(&name, n, count))),
    }
}

/// The message for a game `n` that a file of `count` games does not hold: an empty input says
/// so (standard input closed before any text is the usual slip).
pub fn missing_game(name: &str, n: usize, count: usize) -> String {
    match (count, name) {
        (0, "-" | "<stdin>" | "standard input") => {
            format!("{name}: standard input is empty: no game to read")
        }
        (0, _) => format!("{name}: the file holds no game (it is empty or has no game text)"),
        _ => format!("{name}: no game {n} (the file holds {count})"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_shown_whole_on_one_line() {
        use std::os::unix::ffi::OsStrExt as _;
        let p = Path::new(std::ffi::OsStr::from_bytes(
            b"/tmp/two  spaces\nand \xff/x.pgn",
        ));
        assert_eq!(shown_path(p), "/tmp/two  spaces\\nand \u{fffd}/x.pgn");
    }
}
