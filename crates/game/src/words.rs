//! The words an arbiter types for an entry — a side, a clock reading, a claim, a decision — read
//! once for every front end (`xq game`, the desk's console), with one message for each refusal.
//!
//! ```
//! use xiangqi_game::words::{self, WordError};
//! assert_eq!(words::side("红"), Ok(xiangqi_board::Color::Red));
//! assert_eq!(words::clock("1:29:10"), Ok(5350));
//! assert_eq!(
//!     words::side("white").unwrap_err().to_string(),
//!     "side white: expected red or black"
//! );
//! assert!(matches!(words::decision("won"), Err(WordError::Decision(_))));
//! ```

use xiangqi_board::Color;

use crate::log::{ClaimKind, Decision};
use crate::time::parse_clock;

/// A word that does not read, with what was expected (the message names the word as typed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordError {
    /// Not `red`/`r`/`红` or `black`/`b`/`黑`.
    #[error("side {0}: expected red or black")]
    Side(String),
    /// Not a clock reading.
    #[error("--clock {0}: expected H:MM:SS (or M:SS), the time left")]
    Clock(String),
    /// Not a claim's kind.
    #[error("claim {0}: expected repetition or natural-limit")]
    Claim(String),
    /// Not a decision's outcome.
    #[error("decide {0}: expected red-wins, black-wins, draw or none")]
    Decision(String),
}

/// A side: `red`, `r`, `红`, `black`, `b` or `黑`.
pub fn side(w: &str) -> Result<Color, WordError> {
    match w {
        "red" | "r" | "红" => Ok(Color::Red),
        "black" | "b" | "黑" => Ok(Color::Black),
        o => Err(WordError::Side(o.to_string())),
    }
}

/// The time left on a clock, `H:MM:SS` or `M:SS`, in seconds.
pub fn clock(text: &str) -> Result<u32, WordError> {
    parse_clock(text).ok_or_else(|| WordError::Clock(text.to_string()))
}

/// A claim's kind: `repetition` (不变作和) or `natural-limit` (自然限着).
pub fn claim(w: &str) -> Result<ClaimKind, WordError> {
    ClaimKind::from_word(w).ok_or_else(|| WordError::Claim(w.to_string()))
}

/// A decision's outcome: `red-wins`, `black-wins`, `draw` or `none`.
pub fn decision(w: &str) -> Result<Decision, WordError> {
    Decision::from_word(w).ok_or_else(|| WordError::Decision(w.to_string()))
}
