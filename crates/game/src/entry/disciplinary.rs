//! 纪律处分: a side loses for a breach of discipline (ch.1 §4 一(十)).

use xiangqi_board::Color;
use xiangqi_rules::Outcome;

use super::book::{self, Lang, Word, why};
use super::kind::{Asked, Entry, Kind, Typed};
use super::token::{Token, quote};
use super::violation::REASON_ARGS;
use crate::error::GameError;
use crate::refusal::side_name;
use crate::ruling::Turn;

/// A disciplinary loss.
pub static KIND: Kind = Kind {
    word: "disciplinary",
    name: Word {
        zh: "纪律处分（判负）",
        en: "Disciplinary loss",
    },
    typed: Some(Typed {
        word: "discipline",
        aliases: &[],
        about: "SIDE loses for a breach of discipline (纪律处分)",
        args: REASON_ARGS,
        read: |_, f| {
            Ok(Asked::Apply(Entry::Disciplinary {
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

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Disciplinary {
        side: t.side(1)?,
        reason: t.text(2)?,
    })
}

/// `disciplinary red "…"`.
pub(crate) fn token(side: Color, reason: &str) -> String {
    format!("disciplinary {} {}", side.name(), quote(reason))
}

/// The opponent wins.
pub(crate) fn apply(t: &mut Turn<'_>, side: Color, reason: &str) -> Result<String, GameError> {
    Ok(t.result(
        Outcome::Win(!side),
        "disciplinary",
        format!(
            "{} loses for a breach of discipline (ch.1 §4 一(十)): {reason}",
            side_name(side)
        ),
    ))
}

/// `红方纪律处分（判负）：REASON`.
pub(crate) fn said(side: Color, reason: &str) -> String {
    format!(
        "{}{}{}",
        book::side(side, Lang::Zh),
        KIND.name.zh,
        why(reason)
    )
}
