//! [`GameError`]: why a game log cannot be read or an entry is refused.

use crate::refusal::Refusal;

/// Why a game log cannot be read or an entry is refused. One line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The rules refuse the entry (the move is illegal, the offer is out of turn …); nothing
    /// was changed.
    #[error("{0}")]
    Refused(Refusal),
    /// The file is not a valid game log (where and what).
    #[error("{0}")]
    File(String),
    /// The ruleset or time control cannot be used.
    #[error("{0}")]
    Ruleset(String),
}
