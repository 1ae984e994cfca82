//! The `.perft` file format: `id <name>`, `fen <FEN>`, then `perft <depth> <nodes>` lines;
//! `#` starts a comment line.

use std::fmt;

/// One position of a perft file with its expected counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftCase {
    /// The case id.
    pub id: String,
    /// The FEN.
    pub fen: String,
    /// `(depth, nodes)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
}

/// A malformed perft file line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftFileError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for PerftFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PerftFileError {}

/// Parses a perft file.
pub fn parse(text: &str) -> Result<Vec<PerftCase>, PerftFileError> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let err = |message: String| PerftFileError {
            line: i + 1,
            message,
        };
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cases.push(PerftCase {
                id: rest.trim().to_owned(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "fen" => {
                let case = cases
                    .last_mut()
                    .ok_or_else(|| err("`fen` before any `id`".into()))?;
                case.fen = rest.trim().to_owned();
            }
            "perft" => {
                let case = cases
                    .last_mut()
                    .ok_or_else(|| err("`perft` before any `id`".into()))?;
                let mut parts = rest.split_whitespace();
                let depth = parts
                    .next()
                    .and_then(|d| d.parse().ok())
                    .ok_or_else(|| err(format!("bad depth in `{line}`")))?;
                let nodes = parts
                    .next()
                    .and_then(|d| d.parse().ok())
                    .ok_or_else(|| err(format!("bad node count in `{line}`")))?;
                case.counts.push((depth, nodes));
            }
            other => return Err(err(format!("unknown key `{other}`"))),
        }
    }
    Ok(cases)
}

/// The reference file shipped in `tests/data/perft/`.
pub fn reference_cases() -> Vec<PerftCase> {
    let path = crate::shared::repo_root().join("tests/data/perft/reference.perft");
    let text =
        std::fs::read_to_string(&path).expect("tests/data/perft/reference.perft is readable");
    parse(&text).expect("reference.perft parses")
}
