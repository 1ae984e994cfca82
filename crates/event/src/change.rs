//! One recorded change of an event (`[[history]]`), as the file keeps it: the data, below the
//! document. How changes are made, recorded and undone is in `history`.

use serde::{Deserialize, Serialize};

/// One recorded change (`[[history]]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Change {
    /// The version this change made (the first change makes version 1).
    pub version: u64,
    /// Who made it: the CLI's `--by NAME` (default `$USER`), the desk's arbiter name.
    pub by: String,
    /// When, UTC (RFC 3339, seconds).
    pub at: String,
    /// What, in one line (`result round 1 board 3: 1-0 → 0-1`).
    pub what: String,
    /// For an undo: the version it undid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undoes: Option<u64>,
    /// Undone by the change of this version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undone_by: Option<u64>,
    /// The body line (1-based) where the changed lines start.
    pub line: u32,
    /// The body's lines there before the change.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub before: String,
    /// The body's lines there after the change.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub after: String,
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "version {} by {} at {}: {}",
            self.version, self.by, self.at, self.what
        )?;
        if let Some(v) = self.undone_by {
            write!(f, " (undone by version {v})")?;
        }
        Ok(())
    }
}
