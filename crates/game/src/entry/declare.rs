//! 宣布结果: the arbiter declares the result — the proposed one, or any other with its rule. Only
//! a declared (or typed) result is the game's result and reaches the event.

use xiangqi_board::Color;
use xiangqi_rules::Outcome;

use super::book::{self, Lang, Word, by};
use super::kind::{Arg, Asked, Entry, Kind, Typed};
use super::token::{Token, quote};
use crate::error::GameError;
use crate::fields::{Fields, WordError};
use crate::refusal::Refusal;
use crate::ruling::{Turn, by_whom, refused};
use crate::verdicts::Decision;

/// A declared result.
pub static KIND: Kind = Kind {
    word: "declare",
    name: Word {
        zh: "宣布结果",
        en: "Declare the result",
    },
    typed: Some(Typed {
        word: "declare",
        aliases: &[],
        about: "The arbiter declares the result (宣布结果): the proposed one (no OUTCOME), or OUTCOME with its rule. Only a declared (or typed) result reaches the event",
        args: &[
            Arg {
                required: false,
                ..Arg::text(
                    "outcome",
                    "OUTCOME",
                    "red-wins, black-wins or draw; none given: the result the rules propose",
                    |f, v| f.outcome = v,
                )
            },
            Arg {
                long: Some("rule"),
                value_name: "TEXT",
                required: false,
                default: Some(""),
                ..Arg::text(
                    "rule",
                    "RULE",
                    "The rule the result stands on (needed unless it is the proposed result)",
                    |f, v| f.reason = v,
                )
            },
            Arg::BY,
        ],
        read,
    }),
    since: 3,
    needs_board: false,
    plays: false,
    rewinds: false,
    parse,
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Declare {
        outcome: t
            .get(1)
            .and_then(Decision::from_word)
            .ok_or("bad declared outcome")?,
        rule: t.text(2)?,
        by: t.text(3)?,
        at: t.text(4)?,
    })
}

/// No result named: the proposed one (`none` until applied).
fn read(_: &str, f: &Fields) -> Result<Asked, WordError> {
    Ok(Asked::Apply(Entry::Declare {
        outcome: match f.outcome.trim() {
            "" => Decision::None,
            o => Decision::from_word(o)
                .filter(|d| *d != Decision::None)
                .ok_or_else(|| WordError::Declare(o.to_string()))?,
        },
        rule: f.reason.trim().to_string(),
        by: f.by.trim().to_string(),
        at: f.at.trim().to_string(),
    }))
}

/// `declare draw "repetition" "NAME" "TIME"`.
pub(crate) fn token(outcome: Decision, rule: &str, by: &str, at: &str) -> String {
    format!(
        "declare {} {} {} {}",
        outcome.as_str(),
        quote(rule),
        quote(by),
        quote(at)
    )
}

/// The proposed result (its rule written into the entry), or another with the arbiter's rule.
pub(crate) fn apply(
    t: &mut Turn<'_>,
    outcome: &mut Decision,
    rule: &mut String,
    by: &str,
) -> Result<String, GameError> {
    if *outcome == Decision::None {
        // no result named: the proposed one, written into the log as declared
        *outcome =
            t.st.proposal
                .as_ref()
                .and_then(|p| p.ruling.decision())
                .ok_or_else(|| refused(Refusal::DeclareUnnamed))?;
    }
    let o = match outcome {
        Decision::RedWins => Outcome::Win(Color::Red),
        Decision::BlackWins => Outcome::Win(Color::Black),
        _ => Outcome::Draw,
    };
    let proposed =
        t.st.proposal
            .clone()
            .filter(|p| p.ruling.decision() == Some(*outcome));
    match proposed {
        Some(p) => {
            if rule.trim().is_empty() {
                *rule = p.rule.clone();
            }
            Ok(t.result(o, &p.rule, format!("{}; declared{}", p.detail, by_whom(by))))
        }
        None => {
            if rule.trim().is_empty() {
                return Err(refused(Refusal::DeclareNoRule { outcome: *outcome }));
            }
            Ok(t.result(
                o,
                "arbiter",
                format!("the arbiter declares {}{}: {rule}", o.as_str(), by_whom(by)),
            ))
        }
    }
}

/// `宣布结果：红胜（长捉）（裁判：NAME）`.
pub(crate) fn said(outcome: Decision, rule: &str, b: &str) -> String {
    format!(
        "{}：{}（{}）{}",
        KIND.name.zh,
        book::outcome(outcome.as_str(), Lang::Zh),
        book::rule(rule, Lang::Zh),
        by(b)
    )
}
