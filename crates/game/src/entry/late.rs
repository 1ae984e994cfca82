//! 迟到: a side arrived late — beyond the limit it loses (ch.1 §4 一(五)), else the time is
//! taken from its clock.

use xiangqi_board::Color;
use xiangqi_rules::Outcome;

use super::book::{self, Lang, Word};
use super::kind::{Arg, Asked, Entry, Kind, Typed, Value};
use super::token::Token;
use crate::error::GameError;
use crate::fields::number;
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, refused};

/// A late arrival.
pub static KIND: Kind = Kind {
    word: "late",
    name: Word {
        zh: "迟到",
        en: "Late arrival (迟到)",
    },
    typed: Some(Typed {
        word: "late",
        aliases: &[],
        about: "SIDE arrived MINUTES late (迟到): beyond the limit it loses, else the time is on its clock",
        args: &[
            Arg::side("red or black"),
            Arg {
                value: Value::Number,
                ..Arg::text("minutes", "MINUTES", "Minutes late", |f, v| f.minutes = v)
            },
        ],
        read: |_, f| {
            Ok(Asked::Apply(Entry::Late {
                side: f.side()?,
                minutes: number("minutes", &f.minutes)?,
            }))
        },
    }),
    since: 1,
    needs_board: false,
    plays: false,
    rewinds: false,
    parse,
};

/// 分钟 / minutes.
pub const MINUTES: Word = Word {
    zh: "分钟",
    en: "minutes",
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Late {
        side: t.side(1)?,
        minutes: t.num(2)?,
    })
}

/// `late black 10`.
pub(crate) fn token(side: Color, minutes: u32) -> String {
    format!("late {} {minutes}", side.name())
}

/// Only a side that has not moved is late.
pub(crate) fn apply(t: &mut Turn<'_>, side: Color, minutes: u32) -> Result<String, GameError> {
    if t.st.moves_made[side] > 0 {
        return Err(refused(Refusal::NotLate { side }));
    }
    let limit = t.tc.late_forfeit_minutes;
    if minutes > limit {
        Ok(t.propose(
            Outcome::Win(!side),
            "late",
            format!(
                "{} arrived {minutes} minutes late, beyond the {limit} minutes allowed: {} loses (ch.1 §4 一(五))",
                side_name(side),
                side_name(side)
            ),
        ))
    } else {
        let m = format!(
            "{} arrived {minutes} minutes late: the time is taken from its clock",
            side_name(side)
        );
        Ok(t.penalty(side, minutes * 60, m))
    }
}

/// `黑方迟到 10 分钟`.
pub(crate) fn said(side: Color, minutes: u32) -> String {
    format!(
        "{}{} {minutes} {}",
        book::side(side, Lang::Zh),
        KIND.name.zh,
        MINUTES.zh
    )
}
