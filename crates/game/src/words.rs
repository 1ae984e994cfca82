//! The words an arbiter types for an entry — a side, a clock reading, a claim, a decision — read
//! once for every front end (`xq game`, the desk's console), with one message for each refusal;
//! and [`entry`]: the entry word (`move`, `offer`, `told`, `declare`, `undo` …) and its typed
//! fields read into the log entry — the one table both front ends use.
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

use crate::log::{ClaimKind, Decision, Entry};
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

/// What an entry word asks for: an entry to apply, the seal (by the side to move, as `xq game
/// seal` takes it), or the resumption (续赛, which also plays a right sealed move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asked {
    /// Apply this entry.
    Apply(Entry),
    /// The side to move seals `text`.
    Seal {
        /// The move as written.
        text: String,
        /// The sealer's clock.
        clock: Option<u32>,
    },
    /// Open the envelope.
    Resume,
}

/// The current time as a log stamps an arbiter's answer (RFC 3339, UTC, whole seconds).
pub fn now() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

/// Reads an entry word and its fields into what it asks for: `move`, `offer`, `accept`,
/// `decline`, `resign`, `flag`, `correct`, `claim` (`claim-repetition`, `claim-natural-limit`
/// carry the kind), `foul`, `violation`, `penalty`, `late`, `discipline`, `decide`, `seal`,
/// `resume`, and the arbiter's answers to the rules' proposals: `told` (已告知变着), `declare`
/// (宣布结果) and `undo` (撤销).
///
/// ```
/// use xiangqi_game::words::{self, Asked, Fields};
/// use xiangqi_game::{Decision, Entry};
/// let f = Fields { outcome: "draw".into(), reason: "双方同意".into(), by: "李裁判".into(), ..Fields::default() };
/// assert!(matches!(
///     words::entry("declare", &f),
///     Ok(Asked::Apply(Entry::Declare { outcome: Decision::Draw, .. }))
/// ));
/// assert_eq!(words::entry("dance", &f).unwrap_err().to_string(), "no such entry: \"dance\"");
/// ```
pub fn entry(word: &str, f: &Fields) -> Result<Asked, WordError> {
    let side = || side(f.side.trim());
    let reading = |t: &str| -> Result<Option<u32>, WordError> {
        match t.trim() {
            "" => Ok(None),
            t => clock(t).map(Some),
        }
    };
    let number = |field: &'static str, t: &str| -> Result<u32, WordError> {
        t.trim().parse().map_err(|_| WordError::Number {
            field,
            text: t.trim().to_string(),
        })
    };
    let by = f.by.trim().to_string();
    let at = f.at.trim().to_string();
    let e = match word {
        "resume" => return Ok(Asked::Resume),
        "seal" => {
            return Ok(Asked::Seal {
                text: f.mv.clone(),
                clock: reading(&f.clock)?,
            });
        }
        "move" => Entry::Move {
            mv: f.mv.trim().to_string(),
            clock: reading(&f.clock)?,
        },
        "offer" => Entry::Offer { side: side()? },
        "accept" => Entry::Accept { side: side()? },
        "decline" => Entry::Decline { side: side()? },
        "resign" => Entry::Resign { side: side()? },
        "flag" => Entry::Flag {
            side: side()?,
            clock: reading(&f.clock)?,
            override_reason: f.reason.trim().to_string(),
        },
        "correct" => Entry::Correct {
            side: side()?,
            clock: reading(&f.clock)?.ok_or(WordError::CorrectionClock)?,
            reason: f.reason.clone(),
        },
        c @ ("claim" | "claim-repetition" | "claim-natural-limit") => Entry::Claim {
            side: side()?,
            kind: claim(c.strip_prefix("claim-").unwrap_or(f.kind.trim()))?,
            ruling: String::new(),
        },
        "foul" => Entry::Foul {
            side: side()?,
            kind: f.kind.trim().parse().map_err(|_| WordError::Number {
                field: "foul kind",
                text: f.kind.trim().to_string(),
            })?,
            note: f.note.clone(),
        },
        "violation" => Entry::Violation {
            side: side()?,
            reason: f.reason.clone(),
        },
        "penalty" => Entry::Penalty {
            side: side()?,
            seconds: number("seconds", &f.seconds)?,
            reason: f.reason.clone(),
        },
        "late" => Entry::Late {
            side: side()?,
            minutes: number("minutes", &f.minutes)?,
        },
        "discipline" => Entry::Disciplinary {
            side: side()?,
            reason: f.reason.clone(),
        },
        "decide" => Entry::Decision {
            outcome: decision(f.outcome.trim())?,
            reason: f.reason.clone(),
        },
        "told" => Entry::Told {
            side: side()?,
            by,
            at,
        },
        "declare" => Entry::Declare {
            outcome: match f.outcome.trim() {
                "" => Decision::None,
                o => Decision::from_word(o)
                    .filter(|d| *d != Decision::None)
                    .ok_or_else(|| WordError::Declare(o.to_string()))?,
            },
            rule: f.reason.trim().to_string(),
            by,
            at,
        },
        "undo" => Entry::Undo {
            entry: match f.entry.trim() {
                "" => 0,
                t => number("entry", t)? as usize,
            },
            reason: f.reason.trim().to_string(),
            by,
            at,
        },
        o => return Err(WordError::Entry(o.to_string())),
    };
    Ok(Asked::Apply(e))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn f(side: &str) -> Fields {
        Fields {
            side: side.into(),
            ..Fields::default()
        }
    }

    #[test]
    fn every_entry_word_reads() {
        assert_eq!(
            entry("offer", &f("红")),
            Ok(Asked::Apply(Entry::Offer { side: Color::Red }))
        );
        assert_eq!(
            entry("offer", &f("green")).unwrap_err().to_string(),
            "side green: expected red or black"
        );
        let m = Fields {
            mv: " 炮二平五 ".into(),
            clock: "1:29:50".into(),
            ..Fields::default()
        };
        assert_eq!(
            entry("move", &m),
            Ok(Asked::Apply(Entry::Move {
                mv: "炮二平五".into(),
                clock: Some(5390)
            }))
        );
        let bad = Fields {
            clock: "90".into(),
            ..m
        };
        assert_eq!(
            entry("move", &bad).unwrap_err().to_string(),
            "--clock 90: expected H:MM:SS (or M:SS), the time left"
        );
        assert_eq!(
            entry("correct", &f("red")).unwrap_err(),
            WordError::CorrectionClock
        );
        assert_eq!(
            entry("claim-natural-limit", &f("black")),
            Ok(Asked::Apply(Entry::Claim {
                side: Color::Black,
                kind: ClaimKind::NaturalLimit,
                ruling: String::new()
            }))
        );
        let mut c = f("black");
        c.kind = "perpetual".into();
        assert_eq!(
            entry("claim", &c).unwrap_err().to_string(),
            "claim perpetual: expected repetition or natural-limit"
        );
        let mut foul = f("red");
        foul.kind = "九".into();
        assert_eq!(
            entry("foul", &foul).unwrap_err().to_string(),
            "foul kind \"九\": not a whole number"
        );
        assert_eq!(entry("resume", &f("")), Ok(Asked::Resume));
        assert_eq!(
            entry("dance", &f("red")).unwrap_err().to_string(),
            "no such entry: \"dance\""
        );
    }

    #[test]
    fn the_arbiters_answers_read() {
        let mut t = f("red");
        t.by = " 李裁判 ".into();
        t.at = "2026-11-27T10:00:00Z".into();
        assert_eq!(
            entry("told", &t),
            Ok(Asked::Apply(Entry::Told {
                side: Color::Red,
                by: "李裁判".into(),
                at: "2026-11-27T10:00:00Z".into()
            }))
        );
        // no result named: the proposed one
        assert!(matches!(
            entry("declare", &f("")),
            Ok(Asked::Apply(Entry::Declare {
                outcome: Decision::None,
                ..
            }))
        ));
        let mut d = f("");
        d.outcome = "none".into();
        assert_eq!(
            entry("declare", &d).unwrap_err().to_string(),
            "declare none: expected red-wins, black-wins or draw (or nothing: the proposed result)"
        );
        let mut u = f("");
        u.reason = "录入错误".into();
        assert!(matches!(
            entry("undo", &u),
            Ok(Asked::Apply(Entry::Undo { entry: 0, .. }))
        ));
        u.entry = "x".into();
        assert_eq!(
            entry("undo", &u).unwrap_err().to_string(),
            "entry \"x\": not a whole number"
        );
        assert!(now().ends_with('Z') && now().len() == 20, "{}", now());
    }
}
