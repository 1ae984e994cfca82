//! 违例: a violation not in the 犯规 list (1987 rules ch.3 §6), with its reason; the third loses.

use xiangqi_board::Color;

use super::book::{self, Lang, Word, why};
use super::kind::{Arg, Asked, Entry, Kind, Typed};
use super::token::{Token, quote};
use crate::error::GameError;
use crate::refusal::side_name;
use crate::ruling::Turn;

/// A violation.
pub static KIND: Kind = Kind {
    word: "violation",
    name: Word {
        zh: "违例",
        en: "Violation (违例)",
    },
    typed: Some(Typed {
        word: "violation",
        aliases: &[],
        about: "A 违例 outside the 犯规 list, with its reason",
        args: REASON_ARGS,
        read: |_, f| {
            Ok(Asked::Apply(Entry::Violation {
                side: f.side()?,
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

/// The arguments of an entry by a side with its reason.
pub(crate) const REASON_ARGS: &[Arg] = &[
    Arg::side("red or black"),
    Arg::text("reason", "REASON", "Why, in words", |f, v| f.reason = v),
];

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Violation {
        side: t.side(1)?,
        reason: t.text(2)?,
    })
}

/// `violation red "…"`.
pub(crate) fn token(side: Color, reason: &str) -> String {
    format!("violation {} {}", side.name(), quote(reason))
}

/// One 违例.
pub(crate) fn apply(t: &mut Turn<'_>, side: Color, reason: &str) -> Result<String, GameError> {
    t.st.violations[side] += 1;
    let m = format!("{}: 违例 ({reason})", side_name(side));
    Ok(t.third_violation(side, m))
}

/// `红方违例：REASON`.
pub(crate) fn said(side: Color, reason: &str) -> String {
    format!(
        "{}{}{}",
        book::side(side, Lang::Zh),
        KIND.name.zh,
        why(reason)
    )
}
