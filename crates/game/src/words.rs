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

pub use crate::entry::{Asked, read as entry};
pub use crate::fields::{Fields, WordError, claim, clock, decision, now, side};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ClaimKind, Decision, Entry};
    use xiangqi_board::Color;

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
