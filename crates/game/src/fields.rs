//! The fields of an entry as the arbiter types them ([`Fields`]) and the reading of each word —
//! a side, a clock reading, a claim, a decision — with one typed refusal ([`WordError`]) for
//! each word that does not read. Public as [`crate::words`].

use xiangqi_board::Color;

use crate::time::parse_clock;
use crate::verdicts::{ClaimKind, Decision};

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
    /// Not a declared result.
    #[error("declare {0}: expected red-wins, black-wins or draw (or nothing: the proposed result)")]
    Declare(String),
    /// Not a whole number.
    #[error("{field} {text:?}: not a whole number")]
    Number {
        /// The field (`foul kind`, `seconds`, `minutes`, `entry`).
        field: &'static str,
        /// As typed.
        text: String,
    },
    /// A clock correction without the time the clock should show.
    #[error("clock: expected H:MM:SS, the time the clock should show")]
    CorrectionClock,
    /// Not an entry word.
    #[error("no such entry: {0:?}")]
    Entry(String),
}

/// The fields of an entry as the arbiter typed them — `xq game`'s arguments, the console's form
/// fields — by name; an empty field is one not given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fields {
    /// `red`/`black` (`红`/`黑`, `r`/`b`).
    pub side: String,
    /// A move (any notation), or the sealed move as written.
    pub mv: String,
    /// A clock reading, H:MM:SS.
    pub clock: String,
    /// A claim's kind, or a 犯规's number 1–8.
    pub kind: String,
    /// A 犯规's note.
    pub note: String,
    /// Why (violation, penalty, correction, discipline, decision, flag override, undo), or the
    /// rule a declared result stands on.
    pub reason: String,
    /// A penalty's seconds.
    pub seconds: String,
    /// Minutes late.
    pub minutes: String,
    /// A decision's or a declaration's result.
    pub outcome: String,
    /// The entry an undo takes back (its number in the log; empty: the last in force).
    pub entry: String,
    /// Who (the arbiter's name) — told, declare, undo.
    pub by: String,
    /// When (RFC 3339) — told, declare, undo; [`now`] stamps it.
    pub at: String,
}

/// The current time as a log stamps an arbiter's answer (RFC 3339, UTC, whole seconds).
pub fn now() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
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

impl Fields {
    /// The side, read.
    pub(crate) fn side(&self) -> Result<Color, WordError> {
        side(self.side.trim())
    }

    /// The clock reading, if one was given.
    pub(crate) fn reading(&self) -> Result<Option<u32>, WordError> {
        match self.clock.trim() {
            "" => Ok(None),
            t => clock(t).map(Some),
        }
    }
}

/// A whole number typed in `field`.
pub(crate) fn number(field: &'static str, t: &str) -> Result<u32, WordError> {
    t.trim().parse().map_err(|_| WordError::Number {
        field,
        text: t.trim().to_string(),
    })
}
