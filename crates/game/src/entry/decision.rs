//! 裁判裁决: an arbiter's decision with its reason — a result, or none (the decision is recorded,
//! the game goes on).

use xiangqi_board::Color;
use xiangqi_rules::Outcome;

use super::book::{self, Lang, Word, why};
use super::kind::{Arg, Asked, Entry, Kind, Typed};
use super::token::{Token, quote};
use crate::error::GameError;
use crate::fields;
use crate::ruling::Turn;
use crate::verdicts::Decision;

/// An arbiter's decision.
pub static KIND: Kind = Kind {
    word: "decision",
    name: Word {
        zh: "裁判裁决",
        en: "Arbiter's decision",
    },
    typed: Some(Typed {
        word: "decide",
        aliases: &[],
        about: "An arbiter's decision: red-wins, black-wins, draw, or none (a ruling without a result)",
        args: &[
            Arg::text(
                "outcome",
                "OUTCOME",
                "red-wins, black-wins, draw or none",
                |f, v| f.outcome = v,
            ),
            Arg::text("reason", "REASON", "Why, in the arbiter's words", |f, v| {
                f.reason = v
            }),
        ],
        read: |_, f| {
            Ok(Asked::Apply(Entry::Decision {
                outcome: fields::decision(f.outcome.trim())?,
                reason: f.reason.clone(),
            }))
        },
    }),
    since: 1,
    needs_board: false,
    plays: false,
    rewinds: false,
    parse,
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Decision {
        outcome: t
            .get(1)
            .and_then(Decision::from_word)
            .ok_or("bad decision outcome")?,
        reason: t.text(2)?,
    })
}

/// `decision draw "…"`.
pub(crate) fn token(outcome: Decision, reason: &str) -> String {
    format!("decision {} {}", outcome.as_str(), quote(reason))
}

/// A result, or a ruling without one.
pub(crate) fn apply(
    t: &mut Turn<'_>,
    outcome: Decision,
    reason: &str,
) -> Result<String, GameError> {
    let o = match outcome {
        Decision::RedWins => Some(Outcome::Win(Color::Red)),
        Decision::BlackWins => Some(Outcome::Win(Color::Black)),
        Decision::Draw => Some(Outcome::Draw),
        Decision::None => None,
    };
    Ok(match o {
        Some(o) => t.result(
            o,
            "arbiter",
            format!("the arbiter decides {}: {reason}", o.as_str()),
        ),
        None => format!("the arbiter rules: {reason}"),
    })
}

/// `裁判裁决：和棋：REASON`.
pub(crate) fn said(outcome: Decision, reason: &str) -> String {
    format!(
        "{}：{}{}",
        KIND.name.zh,
        book::outcome(outcome.as_str(), Lang::Zh),
        why(reason)
    )
}
