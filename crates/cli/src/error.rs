//! The one error type of the CLI and its exit codes.

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input or usage: exit code 2. The message names what and where.
    #[error("{0}")]
    Input(String),
    /// An internal error (I/O on output, a bug): exit code 1.
    #[error("internal error: {0}")]
    Internal(String),
    /// The command finished, but some records of its input were bad (a batch that judged every
    /// readable game and marked the others): exit code 3.
    #[error("{0}")]
    BadRecords(String),
    /// Standard output was closed by its reader (`xq … | head`): the command ends quietly with
    /// exit code 0, as `cat` does. Whatever the command saved before printing stays saved.
    #[error("standard output closed")]
    ClosedOutput,
}

impl CliError {
    /// Bad input, exit code 2.
    pub fn input(msg: impl std::fmt::Display) -> CliError {
        CliError::Input(msg.to_string())
    }

    /// Internal error, exit code 1.
    pub fn internal(msg: impl std::fmt::Display) -> CliError {
        CliError::Internal(msg.to_string())
    }

    /// An error writing standard output: [`CliError::ClosedOutput`] for a closed pipe, else
    /// internal.
    pub fn output(e: impl Into<std::io::Error>) -> CliError {
        let e: std::io::Error = e.into();
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::ClosedOutput
        } else {
            CliError::Internal(format!("standard output: {e}"))
        }
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Input(_) => 2,
            CliError::Internal(_) => 1,
            CliError::BadRecords(_) => 3,
            CliError::ClosedOutput => 0,
        }
    }
}

/// Longest run of non-blank characters shown whole in a message; a longer token (a 1 MB move
/// "list" without spaces) is cut to its start and end.
const MAX_TOKEN: usize = 60;

/// Longest message printed.
const MAX_MESSAGE: usize = 400;

/// Longest path-like token (one holding a `/`) shown whole: a file name in a deep folder is
/// not cut like a 1 MB move list.
const MAX_PATH_TOKEN: usize = 1_000;

/// A message as one line of at most [`MAX_MESSAGE`] characters: line breaks and tabs (with the
/// blanks around them) become one space, over-long tokens are shortened with `…`; runs of plain
/// spaces are kept (a folder name may hold two), and so is a path-like token of up to
/// [`MAX_PATH_TOKEN`] characters.
pub fn one_line(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message.trim();
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        let n = token.chars().count();
        let limit = if token.contains('/') {
            MAX_PATH_TOKEN
        } else {
            MAX_TOKEN
        };
        if n > limit {
            let head: String = token.chars().take(MAX_TOKEN / 2).collect();
            let tail: String = token.chars().skip(n - 10).collect();
            out.push_str(&format!("{head}…({n} characters)…{tail}"));
        } else {
            out.push_str(token);
        }
        let after = &rest[end..];
        let blanks = after.len() - after.trim_start().len();
        let gap = &after[..blanks];
        if !gap.is_empty() {
            if gap.chars().all(|c| c == ' ') {
                out.push_str(gap);
            } else {
                out.push(' ');
            }
        }
        rest = &after[blanks..];
    }
    if out.chars().count() > MAX_MESSAGE {
        out = out.chars().take(MAX_MESSAGE - 1).collect();
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_become_one_bounded_line() {
        let long = "x".repeat(1_000_000);
        let m = one_line(&format!("game 1, ply 3: bad token {long}\n  | caret\n"));
        assert!(!m.contains('\n'));
        assert!(m.chars().count() <= MAX_MESSAGE, "{}", m.len());
        assert!(m.starts_with("game 1, ply 3: bad token xxxx"), "{m}");
        assert!(m.contains("(1000000 characters)"), "{m}");
        assert_eq!(one_line("a\tb\r\nc"), "a b c");
        // a path in a deep folder, with two spaces in a name, is shown whole
        let path = format!("/srv/赛事  2026/{}/games.pgn", "子".repeat(80));
        assert_eq!(
            one_line(&format!("{path}: not found\n")),
            format!("{path}: not found")
        );
    }
}
