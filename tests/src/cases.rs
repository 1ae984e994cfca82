//! Repetition case files (`tests/data/adjudication/*.toml`): each case is a start position (FEN),
//! a cycle of ICCS moves ending at the ruling, expectations per ruleset, and for the Chinese
//! rule book's diagrams the per-ply labels the source asserts.

use std::collections::BTreeMap;

use serde::Deserialize;
use xiangqi::adjudication::GameRecord;
use xiangqi::board::Setup;
use xiangqi::movegen::{Move, Position};

/// A case file: its cases (other tables are the reader's own business).
#[derive(Deserialize)]
struct CaseFile {
    case: Vec<Case>,
}

/// One case.
#[derive(Deserialize)]
pub struct Case {
    /// Unique id.
    pub id: String,
    /// Where the case comes from.
    #[serde(default)]
    pub source: String,
    /// The start position.
    pub fen: String,
    /// ICCS moves from the start; the last completes the third occurrence of a position.
    pub moves: String,
    /// The diagram's title.
    #[serde(default)]
    pub title: Option<String>,
    /// Per-ply labels (将 杀 捉 兑 闲, `?` = not asserted), repeating with the cycle.
    #[serde(default)]
    pub labels: Option<String>,
    /// Where `labels` departs from the source file's labels to follow the book's own text, the
    /// source's label and the analysis (never a silent edit of the expectation).
    #[serde(default)]
    pub label_correction: Option<String>,
    /// Expected side labels under cn-1987 (`red`, `black`), in the rulebook's words.
    #[serde(default)]
    pub cn1987_red: Option<String>,
    /// See [`Case::cn1987_red`].
    #[serde(default)]
    pub cn1987_black: Option<String>,
    /// Expected verdict per ruleset id.
    #[serde(default)]
    pub expect: BTreeMap<String, String>,
    /// A recorded disagreement between this implementation and the book (reason in words).
    #[serde(default)]
    pub cn1987_divergence: Option<String>,
    /// Free text (the source's comment).
    #[serde(default)]
    pub note: Option<String>,
    /// The chased pieces of each ply (squares after the ply, comma-separated; `-` for none, `?` =
    /// not asserted), repeating with the cycle like `labels`.
    #[serde(default)]
    pub targets: Option<String>,
    /// The reading of `crates/rules-cn1987/READINGS.md` (`R01` …) the case was constructed for.
    #[serde(default)]
    pub reading: Option<String>,
}

/// The path of the case file `name` in `tests/data/adjudication/`.
pub fn path(name: &str) -> String {
    format!("{}/data/adjudication/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The cases of the case file `name` in `tests/data/adjudication/`.
pub fn load(name: &str) -> Vec<Case> {
    let path = path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    toml::from_str::<CaseFile>(&text)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .case
}

impl Case {
    /// The case's game from a legal position (every placement rule checked).
    pub fn record(&self) -> GameRecord {
        let pos = Position::from_fen(&self.fen).unwrap_or_else(|e| panic!("{}: {e}", self.id));
        self.record_from(pos)
    }

    /// The case's game from a composed diagram (a pawn where no game can put one is allowed;
    /// see `Position::from_setup_composed`).
    pub fn record_composed(&self) -> GameRecord {
        let setup = Setup::from_fen(&self.fen).unwrap_or_else(|e| panic!("{}: {e}", self.id));
        let pos =
            Position::from_setup_composed(setup).unwrap_or_else(|e| panic!("{}: {e}", self.id));
        self.record_from(pos)
    }

    fn record_from(&self, pos: Position) -> GameRecord {
        let moves: Vec<Move> = self
            .moves
            .split_whitespace()
            .map(|m| Move::from_iccs(m).unwrap_or_else(|| panic!("{}: bad move {m}", self.id)))
            .collect();
        GameRecord::new(pos, moves).unwrap_or_else(|e| panic!("{}: illegal: {e}", self.id))
    }
}
