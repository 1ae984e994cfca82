//! Declared results (item 5 of issue 12): the result a game file records — its `Result` tag (or
//! result token) or a resignation in an xq game log — set beside the board ruling, and the
//! conflicts between them.

use serde::Serialize;
use xiangqi_board::Color;
use xiangqi_rules::{Outcome, Ruling};

/// The result a game file records.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Declared {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Where it comes from: `Result tag`, or `resignation in the log`.
    pub source: String,
}

impl Declared {
    /// The recorded outcome.
    pub fn outcome(&self) -> Outcome {
        match self.result.as_str() {
            "1-0" => Outcome::Win(Color::Red),
            "0-1" => Outcome::Win(Color::Black),
            _ => Outcome::Draw,
        }
    }
}

/// The result `game` records: a `[%xq resign SIDE]` of an xq game log first, else its `Result`
/// tag or result token (`*` and an absent result record nothing).
pub fn declared(game: &xiangqi_notation::NotatedGame) -> Option<Declared> {
    for (_, c) in &game.comments {
        for (side, result) in [("red", "0-1"), ("black", "1-0")] {
            if c.contains(&format!("[%xq resign {side}]")) {
                return Some(Declared {
                    result: result.into(),
                    source: "resignation in the log".into(),
                });
            }
        }
    }
    let result = normalise(game.tag("Result").or(game.result.as_deref())?)?;
    Some(Declared {
        result: result.into(),
        source: "Result tag".into(),
    })
}

/// A recorded result as `1-0`, `0-1` or `1/2-1/2` (`½-½`, `1/2`, `0.5-0.5` are draws); `*` and
/// anything else record nothing.
pub fn normalise(result: &str) -> Option<&'static str> {
    match result.trim() {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1/2" | "0.5-0.5" => Some("1/2-1/2"),
        _ => None,
    }
}

/// Whether a recorded result (`1-0`, `0-1`, `1/2-1/2`) conflicts with a ruling given by its
/// outcome word (`red-wins`, `black-wins`, `draw`, `ongoing`) and reason word — the test
/// [`conflict`] explains in words.
pub fn is_conflict(recorded: &str, outcome: &str, reason: &str) -> bool {
    match outcome {
        "red-wins" => recorded != "1-0",
        "black-wins" => recorded != "0-1",
        "draw" => recorded != "1/2-1/2",
        _ => recorded == "1/2-1/2" && reason.ends_with("-must-vary"),
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// The conflict between a recorded result and the board ruling, in words, if any: the board
/// decides a win (checkmate, stalemate, a side that did not vary) the record does not show; the
/// board rules a draw by repetition and the record shows a win; or the record shows a draw where
/// a side had to vary.
pub fn conflict(declared: &Declared, ruling: &Ruling) -> Option<String> {
    if !is_conflict(&declared.result, ruling.outcome.as_str(), &ruling.reason) {
        return None;
    }
    let rec = declared.outcome();
    match ruling.outcome {
        Outcome::Win(w) if rec != Outcome::Win(w) => Some(format!(
            "{}: the board rules {} wins ({}{}), the record says {}",
            ruling.ruleset,
            side_name(w),
            ruling.reason,
            ruling
                .decided_at_ply
                .map(|p| format!(" at ply {p}"))
                .unwrap_or_default(),
            declared.result
        )),
        Outcome::Draw if rec != Outcome::Draw => Some(format!(
            "{}: the board rules a draw ({}{}), the record says {}",
            ruling.ruleset,
            ruling.reason,
            ruling
                .decided_at_ply
                .map(|p| format!(" at ply {p}"))
                .unwrap_or_default(),
            declared.result
        )),
        Outcome::Ongoing if rec == Outcome::Draw => {
            let side = ruling.reason.strip_suffix("-must-vary")?;
            Some(format!(
                "{}: a recorded draw, but {side} had to vary ({})",
                ruling.ruleset,
                ruling.last_ruling().map_or(String::new(), |r| format!(
                    "Red {}, Black {}, plies {}–{}",
                    r.red, r.black, r.first_ply, r.last_ply
                ))
            ))
        }
        _ => None,
    }
}
